/**
 * Ability checks from the sheet (SF-B-24): d100 at or under the score, posted with the user's roll mode.
 */
import { SYSTEM_ID } from "../constants.js";
import { actorSystem, isItemType } from "../documents/subtypes.js";
import { currentZebulonTable, getSetting, SETTINGS } from "../helpers/settings.js";
import { abilityCheck, clampColumn, columnLabel, readColumn } from "../rules/index.js";

/** What a check message carries (flag `frontier-tactics.check`): which ability and the adjustment, never the result. */
interface CheckFlag {
  readonly key: string;
  readonly adjustment: number;
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
  const result = abilityCheck(score, d100, Number(flag.adjustment) || 0);
  const verdict = game.i18n?.localize(result.success ? "FT.Check.success" : "FT.Check.failure") ?? "";
  return `<div class="ft-check-verdict">${result.target} (SF-B-24): <strong>${esc(verdict)}</strong></div>`;
}

/** `renderChatMessageHTML`: add the verdict of an ability check for whoever may read it. */
export function renderCheckVerdict(message: ChatMessage.Implementation, html: HTMLElement): void {
  const verdict = checkVerdictHTML(message);
  if (!verdict) return;
  const at = html.querySelector(".message-content") ?? html;
  at.insertAdjacentHTML("beforeend", verdict);
}

export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment = 0,
): Promise<void> {
  const score = actorSystem(actor)?.abilities[key]?.value;
  if (score === undefined) return;
  const roll = await new Roll("1d100").evaluate();
  const label = game.i18n?.localize(`FT.Ability.${key}.label`) ?? key;
  const check: CheckFlag = { key, adjustment };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      // Only the ability's name: the score and the verdict are rendered from the Roll (see checkVerdictHTML).
      flavor: `${esc(label)} (SF-B-24)`,
      flags: { [SYSTEM_ID]: { check } },
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}

/**
 * Skill check on the Zebulon's Guide table (SF-Z-01, SF-Z-04, SF-Z-05): d100 read on the column of the skill's
 * level, shifted by the GM's column shifts. Under Alpha Dawn, skill success rates are per skill and not in our
 * sources: the sheet offers ability checks instead.
 */
export async function rollSkillCheck(
  actor: Actor.Implementation,
  skill: Item.Implementation,
  shifts = 0,
): Promise<void> {
  if (getSetting(SETTINGS.engine) !== "zebulon") {
    ui.notifications?.info(game.i18n?.localize("FT.Check.skillNeedsZebulon") ?? "");
    return;
  }
  const table = currentZebulonTable();
  const level = isItemType(skill, "skill") ? skill.system.level : 0;
  const column = clampColumn(level + shifts);
  const roll = await new Roll("1d100").evaluate();
  const colour = readColumn(table, column, roll.total ?? 100);
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: `${esc(skill.name)} · ${esc(t("FT.Card.column"))} ${columnLabel(column)} (SF-Z-04): <strong class="ft-colour ft-colour-${colour}">${esc(t(`FT.Colour.${colour}`))}</strong>`,
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}
