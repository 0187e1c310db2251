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
import { currentGame } from "../../helpers/game.js";
import { pickedRollMode } from "../../helpers/roll-mode.js";
import { currentZebulonTable } from "../../helpers/settings.js";
import {
  CHECK_ADJUSTMENTS,
  clampColumn,
  columnLabel,
  meetsColour,
  type ResultColour,
  RulesError,
  readColumn,
  resultShift,
  validateColour,
  validateColumnShift,
  validateResultShift,
} from "../../rules/index.js";
import type { CheckFlag } from "./check-verdict.js";

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
 * An ability check (SF-B-24) with the easy (+) or hard (−) adjustment the players agreed on; the card's flavor names
 * the ability and the adjustment, the verdict is rendered from the Roll.
 */
export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment: number = 0,
  /** Issue 33: the roll mode the prompt picked; absent = the chat's (helpers/roll-mode.ts). */
  rollMode?: string,
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
    { rollMode: pickedRollMode(rollMode) },
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
  /** Issue 33: the roll mode the prompt picked; absent = the chat's. */
  readonly rollMode?: string;
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
  if (currentGame().skillCheck !== "zebulonColumns") {
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
    { rollMode: pickedRollMode(opts.rollMode) },
  );
}
