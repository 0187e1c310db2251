/**
 * Stars Without Number's attack section (issue 30): the d20 engine's (src/games/d20/workflows/attack.ts) with the
 * swn profile's own numbers — a grenade's tech level (SWN-15, SWN-16) is needed before it is thrown, and rides with
 * its burst to meet the cover's armour; a miss lands 1d3 hexes away through a hex side, and the save is SWN's
 * Evasion (SWN-16, grenade.ts over the d20 engine's d20-grenade.ts), so no d20 Reflex DC is asked of a grenade.
 */
import type { WeaponSystem } from "../../../data/item/facts.js";
import { RulesError } from "../../../rules/index.js";
import type { GameAttack } from "../../../workflows/attack/game-attack.js";
import {
  type BurstDc,
  d20Attack,
  d20GrenadeProblem,
  d20WeaponNumbersProblem,
  offHandsBy,
  squareThrowWith,
} from "../../d20/workflows/attack.js";

/**
 * SWN-15, SWN-16: a grenade's burst meets the cover's armour by its TL, which the sources do not give for it:
 * refused until entered, as a direct shot at hard cover is (the engine).
 */
function weaponProblem(name: string, s: WeaponSystem): RulesError | null {
  const numbers = d20WeaponNumbersProblem(name, s);
  // Issue 32: SWN prints a normal and a long range, not a d20 range increment; the profile plays the d20 increment
  // (ruling 1c: −2 per full increment), so the GM is asked for the increment they choose from their book's ranges.
  if (numbers?.key === "FT.D20UI.noRangeIncrement")
    return new RulesError("FT.SWN.noRange", `${name} has no range`, { weapon: name });
  if (numbers) return numbers;
  if (s.d20.grenade && s.d20.attack === "thrown" && s.swn.tl === null)
    return new RulesError("FT.SWN.noTl", `${name} has no tech level`, { weapon: name });
  // SWN-16: the burst's radius, not a d20 Reflex DC — the save is each creature's own Evasion save.
  return d20GrenadeProblem(name, s, ["burstRadius"]);
}

/**
 * SWN-16: the Reflex DC an SWN burst's card carries — none is read (the save is the creature's Evasion save), so the
 * weapon's own if entered (an item brought from a d20 world), else 0; the GM's check of the card asks the same.
 */
export const swnBurstDc: BurstDc = (dc) => dc ?? 0;

export const swnAttack: GameAttack = {
  ...d20Attack,
  // Issue 31 (ruling 1: vitality and wounds are the `sw` profile's): no SW-10 disabled strain after an attack — an
  // SWN actor's hidden d20 wounds never matter — and no SW-21 / SW-23 mark on the Combatant (SWN plays neither; its
  // charge is SWN-02's action), as `turnStart` and `tokenMoved` are null in the swn table.
  afterAttack: undefined,
  keeps: () => null,
  weaponProblem,
  offHands: offHandsBy(weaponProblem),
  squareThrow: squareThrowWith(
    (weapon) => ({ swn: weapon.d20?.swn }),
    async () => (await import("./grenade.js")).swnGrenadeCard,
    swnBurstDc,
  ),
};
