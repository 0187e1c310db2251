/**
 * Ability checks from the sheet (SF-B-24): d100 at or under the score, posted with the user's roll mode.
 */
import { actorSystem, isItemType } from "../documents/subtypes.js";
import { currentZebulonTable, getSetting, SETTINGS } from "../helpers/settings.js";
import { abilityCheck, clampColumn, columnLabel, readColumn } from "../rules/index.js";

export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment = 0,
): Promise<void> {
  const system = actorSystem(actor);
  const score = system?.abilities[key as keyof typeof system.abilities]?.value;
  if (score === undefined) return;
  const roll = await new Roll("1d100").evaluate();
  const result = abilityCheck(score, roll.total ?? 0, adjustment);
  const label = game.i18n?.localize(`FT.Ability.${key}.label`) ?? key;
  const verdict = game.i18n?.localize(result.success ? "FT.Check.success" : "FT.Check.failure") ?? "";
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: `${label} ${result.target} (SF-B-24): <strong>${verdict}</strong>`,
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
      flavor: `${skill.name} · ${t("FT.Card.column")} ${columnLabel(column)} (SF-Z-04): <strong class="ft-colour ft-colour-${colour}">${t(`FT.Colour.${colour}`)}</strong>`,
    },
    { rollMode: game.settings?.get("core", "rollMode") },
  );
}
