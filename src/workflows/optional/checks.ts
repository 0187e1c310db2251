/**
 * Checks from the sheet, posted with the user's roll mode:
 * - ability checks (SF-B-24): d100 at or under the score, ±5, 10 or 15 for an easy or hard action;
 * - the NPC reaction roll (SF-B-25): d100 at or under the character's Personality, the NPC is friendly;
 * - Zebulon skill checks (SF-Z-01, SF-Z-02, SF-Z-04, SF-Z-05, SF-Z-07): the skill level's column, shifted, read
 *   into a colour, moved by a result shift, against a colour the task may need.
 * Every input is checked before the dice are rolled; a bad one is refused with the rule in the message.
 */
import { SYSTEM_ID } from "../../constants.js";
import { actorSystem, isItemType } from "../../data/subtypes.js";
import { currentZebulonTable, getSetting, SETTINGS } from "../../helpers/settings.js";
import {
  abilityCheck,
  CHECK_ADJUSTMENTS,
  clampColumn,
  columnLabel,
  meetsColour,
  npcReaction,
  type ResultColour,
  RulesError,
  readColumn,
  resultShift,
  validateColour,
  validateColumnShift,
  validateResultShift,
} from "../../rules/index.js";

/**
 * What a check message carries (flag `frontier-tactics.check`): which ability, the adjustment and whether it is an NPC
 * reaction roll, never the result.
 */
interface CheckFlag {
  readonly key: string;
  readonly adjustment: number;
  readonly reaction?: boolean;
}

/** The easy/hard adjustment of an ability check, checked before anything is rolled (SF-B-24). */
export function validateAdjustment(adjustment: unknown): number {
  const n = typeof adjustment === "number" ? adjustment : Number.NaN;
  if (!(CHECK_ADJUSTMENTS as readonly number[]).includes(n)) {
    throw new RulesError("FT.Error.checkAdjustment", `Adjustment must be ±5, 10 or 15, not ${adjustment}`, {
      value: String(adjustment).slice(0, 20),
    });
  }
  return n;
}

/** "easy +10" / "hard −5" / "" for a check's adjustment (SF-B-24). */
function adjustmentText(adjustment: number): string {
  if (!adjustment) return "";
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const signed = adjustment > 0 ? `+${adjustment}` : `−${-adjustment}`;
  return ` · ${t(adjustment > 0 ? "FT.Check.easy" : "FT.Check.hard")} ${signed}`;
}

const esc = (s: string): string => foundry.utils.escapeHTML(s);

/**
 * The verdict of an ability check, worked out from the message's own Roll on the client that renders it (H7):
 * the message data holds the d100 and which ability, never "Success" or the score, so a blind roll's verdict
 * reaches only those core lets read the roll (`isContentVisible`: the GM for a blind roll).
 */
export function checkVerdictHTML(message: ChatMessage.Implementation): string | null {
  const flag = message.flags[SYSTEM_ID]?.check as CheckFlag | undefined;
  if (!flag || typeof flag.key !== "string" || !message.isContentVisible) return null;
  // The speaking actor: a token's own (synthetic) actor when the check was rolled from a token, else the world actor.
  const { scene, token, actor: actorId } = message.speaker ?? {};
  const fromToken = scene && token ? game.scenes?.get(scene)?.tokens.get(token)?.actor : undefined;
  const actor = fromToken ?? (actorId ? game.actors?.get(actorId) : undefined);
  const score = actor ? actorSystem(actor)?.abilities[flag.key]?.value : undefined;
  const d100 = message.rolls[0]?.total;
  if (score === undefined || typeof d100 !== "number") return null;
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  if (flag.reaction) {
    // SF-B-25: the player rolls the character's Personality or less, the NPC is friendly and cooperative.
    const friendly = npcReaction(score, d100) === "friendly";
    const verdict = t(friendly ? "FT.Check.friendly" : "FT.Check.unfriendly");
    return `<div class="ft-check-verdict">${score} (SF-B-25): <strong>${esc(verdict)}</strong></div>`;
  }
  const result = abilityCheck(score, d100, Number(flag.adjustment) || 0);
  const verdict = t(result.success ? "FT.Check.success" : "FT.Check.failure");
  return `<div class="ft-check-verdict">${result.target} (SF-B-24): <strong>${esc(verdict)}</strong></div>`;
}

/** `renderChatMessageHTML`: add the verdict of an ability check for whoever may read it. */
export function renderCheckVerdict(message: ChatMessage.Implementation, html: HTMLElement): void {
  const verdict = checkVerdictHTML(message);
  if (!verdict) return;
  const at = html.querySelector(".message-content") ?? html;
  at.insertAdjacentHTML("beforeend", verdict);
}

/**
 * An ability check (SF-B-24) with the easy (+) or hard (−) adjustment the players agreed on; the card's flavor names
 * the ability and the adjustment, the verdict is rendered from the Roll.
 */
export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment: number = 0,
): Promise<void> {
  const adj = validateAdjustment(adjustment);
  const score = actorSystem(actor)?.abilities[key]?.value;
  if (score === undefined) return;
  const roll = await new Roll("1d100").evaluate();
  const label = game.i18n?.localize(`FT.Ability.${key}.label`) ?? key;
  const check: CheckFlag = { key, adjustment: adj };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      // The ability's name and the adjustment: the score and the verdict are rendered from the Roll (checkVerdictHTML).
      flavor: `${esc(label)}${esc(adjustmentText(adj))} (SF-B-24)`,
      flags: { [SYSTEM_ID]: { check } },
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}

/** The NPC reaction roll (SF-B-25): the character's Personality, no adjustment; the card says friendly or not. */
export async function rollNpcReaction(actor: Actor.Implementation): Promise<void> {
  const score = actorSystem(actor)?.abilities.per?.value;
  if (score === undefined) return;
  const roll = await new Roll("1d100").evaluate();
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const check: CheckFlag = { key: "per", adjustment: 0, reaction: true };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: `${esc(t("FT.Check.reaction"))} (SF-B-25)`,
      flags: { [SYSTEM_ID]: { check } },
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}

/** What a Zebulon skill check may be given (SF-Z-02, SF-Z-05, SF-Z-07). */
export interface SkillCheckOptions {
  /** Column shifts the referee gives the task: + easier, − harder (SF-Z-02). */
  readonly shifts?: number;
  /** A result shift (SF-Z-07). */
  readonly resultShift?: number;
  /** The colour the task needs, that colour or better succeeds (SF-Z-05); none: any colour succeeds. */
  readonly required?: string | null;
}

/**
 * Skill check on the Zebulon's Guide table (SF-Z-01, SF-Z-04, SF-Z-05): d100 read on the column of the skill's
 * level, shifted by the GM's column shifts. Under Alpha Dawn, skill success rates are per skill and not in our
 * sources: the sheet offers ability checks instead.
 */
export async function rollSkillCheck(
  actor: Actor.Implementation,
  skill: Item.Implementation,
  options: SkillCheckOptions | number = {},
): Promise<void> {
  const opts = typeof options === "number" ? { shifts: options } : options;
  if (getSetting(SETTINGS.engine) !== "zebulon") {
    ui.notifications?.info(game.i18n?.localize("FT.Check.skillNeedsZebulon") ?? "");
    return;
  }
  // Every input is checked before the roll (a refused check rolls nothing).
  const shifts = validateColumnShift(opts.shifts ?? 0);
  const rs = validateResultShift(opts.resultShift ?? 0);
  const required = opts.required ? validateColour(opts.required) : null;
  const table = currentZebulonTable();
  const level = isItemType(skill, "skill") ? skill.system.level : 0;
  const column = clampColumn(level + shifts);
  const roll = await new Roll("1d100").evaluate();
  const read = readColumn(table, column, roll.total ?? 100);
  const colour = resultShift(read, rs);
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const chip = (c: ResultColour) =>
    `<strong class="ft-colour ft-colour-${c}">${esc(t(`FT.Colour.${c}`))}</strong>`;
  const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);
  const shiftText = shifts ? ` (${signed(shifts)} CS, SF-Z-02)` : "";
  const rsText = colour !== read ? ` → ${signed(rs)} RS (SF-Z-07): ${chip(colour)}` : "";
  const needText = required
    ? ` · ${esc(t("FT.Check.needs"))} ${esc(t(`FT.Colour.${required}`))} (SF-Z-05): <strong>${esc(
        t(meetsColour(colour, required) ? "FT.Check.success" : "FT.Check.failure"),
      )}</strong>`
    : "";
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: `${esc(skill.name)} · ${esc(t("FT.Card.column"))} ${columnLabel(column)}${shiftText} (SF-Z-04): ${chip(read)}${rsText}${needText}`,
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}
