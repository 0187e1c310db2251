/**
 * The d20 numbers a weapon's or a character's data is checked against, and the iterative attacks (SW-22), on their own:
 * the weapon specs, the d20 damage terms and the GM's card checks load with the system and read only these, so the
 * attack's and the fire modes' rules (attack.ts, full-attack.ts, which re-export them) load with the engines
 * (issue 33). Moved unchanged.
 */
import { RulesError } from "../core/types.js";

/** Throws unless the increment is a positive finite number of metres: a d20 ranged weapon needs one (issue 14). */
export function checkRangeIncrement(increment: number | null | undefined, weapon = ""): number {
  if (increment === null || increment === undefined || !Number.isFinite(increment) || increment <= 0)
    throw new RulesError(
      "FT.D20.noRangeIncrement",
      `The d20 ranged weapon${weapon ? ` ${weapon}` : ""} has no range increment`,
      { weapon },
    );
  return increment;
}

/** SW-15: a point-blank shot's +1 on the attack and on damage (attack.ts `isPointBlank`). */
export const POINT_BLANK_BONUS = 1;

/** SW-22: each further iterative attack is 5 lower. */
export const ITERATIVE_STEP = -5;

/** A base attack bonus is a whole number of at least 0. */
export function checkBab(bab: number): number {
  if (!Number.isInteger(bab) || bab < 0)
    throw new RulesError("FT.D20.badBab", `A base attack bonus is a whole number ≥ 0, not ${bab}`, { bab });
  return bab;
}

/**
 * SW-22 (seed: Vor'en Kurn, "a 6th-level soldier, makes two attacks per round, the first with a +6 bonus and the
 * second with a +1 bonus"): BAB, BAB − 5, … while at least +1; the first attack always.
 */
export function iterativeBonuses(bab: number): number[] {
  checkBab(bab);
  const out = [bab];
  for (let b = bab + ITERATIVE_STEP; b >= 1; b += ITERATIVE_STEP) out.push(b);
  return out;
}
