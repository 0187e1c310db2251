/**
 * Ability checks from the sheet (SF-B-24): d100 at or under the score, posted with the user's roll mode.
 */
import { abilityCheck } from "../rules/index.js";

export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment = 0,
): Promise<void> {
  const system = actor.system as unknown as { abilities: Record<string, { value: number }> };
  const score = system.abilities[key]?.value;
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
