/**
 * The creature part of the actor sheet (issue 13): the size and movement-category choices the edit mode offers,
 * and, in play mode, why its Attack button is disabled — said on the sheet itself, not only in a tooltip.
 */
import { ANIMAL_SPEEDS, SIZES } from "../../data/actor/specs.js";
import { isValidDice } from "../../rules/index.js";

export interface CreatureContext {
  readonly sizeChoices: Record<string, string>;
  readonly speedChoices: Record<string, string>;
  /** Why the creature cannot attack (its damage is blank or not a formula), localised; "" when it can. */
  readonly problem: string;
}

/** `localize` is the client's i18n (a parameter, so the context can be built in a test without Foundry). */
export function creatureContext(
  system: { readonly damage: string },
  name: string,
  format: (key: string, data: Record<string, string>) => string,
): CreatureContext {
  return {
    sizeChoices: Object.fromEntries(SIZES.map((s) => [s, `FT.Size.${s}`])),
    speedChoices: Object.fromEntries(ANIMAL_SPEEDS.map((s) => [s, `FT.Creature.speedChoice.${s}`])),
    problem: creatureDamageProblem(system.damage)
      ? format(system.damage ? "FT.Creature.badDamage" : "FT.Creature.noDamage", {
          name,
          formula: system.damage,
        })
      : "",
  };
}

/** True when a creature's damage cannot be rolled: blank (not in the sources) or not a dice formula. */
export function creatureDamageProblem(damage: string): boolean {
  return !damage || !isValidDice(damage);
}
