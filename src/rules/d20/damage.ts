/**
 * Damage a d20 hit deals before the target's health model takes it (SW-07, SW-15, SW-18, SW-20).
 *
 * Weapon dice + Strength for melee (×1 in the primary hand, ×½ off hand, ×1½ two-handed — the fractions only of a
 * bonus, a penalty counts in full) + 1 at point blank (ranged), never below 1 (SW-07). RCR has no critical
 * multiplier (a confirmed critical is routed to wound points instead, SW-18, see `health.ts`); the optional
 * `critMultiplier` of the weapon data (design §4, SWSE's `criticalHitType` precedent) multiplies the whole damage
 * when a world turns it on, and is 1 otherwise. Dice come in as numbers.
 */
import { parseDice, sumDice } from "../core/dice.js";
import { total } from "../core/modifiers.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import type { Critical } from "./resolve.js";
import { type D20Size, UNARMED_DAMAGE } from "./tables.js";
import { POINT_BLANK_BONUS } from "./weapon-checks.js";

/** How a melee weapon is held (SW-07); `none` for ranged weapons, which add no Strength. */
export type Grip = "primary" | "offHand" | "twoHanded" | "none";

/** SW-07: the minimum damage of a hit. */
export const MINIMUM_DAMAGE = 1;

/**
 * SW-07: the Strength modifier a melee hit adds. Off hand: half of a bonus; two-handed: one and a half times a
 * bonus, but not with a weapon smaller than the wielder's size category ("does not apply to two-handed attacks
 * with weapons that are smaller than your size"); a penalty always counts in full. Halves round down (d20).
 */
export function strengthToDamage(str: number, grip: Grip, weaponSmallerThanWielder = false): number {
  if (grip === "none") return 0;
  if (str <= 0) return str;
  if (grip === "offHand") return Math.floor(str / 2);
  if (grip === "twoHanded" && !weaponSmallerThanWielder) return Math.floor((str * 3) / 2);
  return str;
}

export interface DamageInput {
  /** The weapon's damage formula (`3d6`, `2d8+1`). */
  readonly formula: string;
  /** The weapon's dice as rolled. */
  readonly dice: readonly number[];
  readonly str: number;
  readonly grip: Grip;
  readonly weaponSmallerThanWielder?: boolean;
  /** SW-15: the attack was a point-blank shot. */
  readonly pointBlank?: boolean;
  readonly critical?: Critical;
  /** Optional rule (not RCR): multiply the damage of a confirmed critical; 1 = off. */
  readonly critMultiplier?: number;
}

export interface D20Damage {
  readonly formula: string;
  /** The dice total with the formula's own bonus. */
  readonly rolled: number;
  readonly terms: Modifier[];
  /** After the terms, the minimum of 1 and any multiplier. */
  readonly amount: number;
}

/** Throws unless the multiplier is a whole number from 1 to 6 (the optional critical rule). */
export function checkCritMultiplier(m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > 6)
    throw new RulesError("FT.D20.badCritMultiplier", `A critical multiplier is ×1 to ×6, not ${m}`, {
      multiplier: m,
    });
  return m;
}

/**
 * SW-07, SW-15: the terms a hit adds to its dice — Strength by grip, +1 at point blank — known before the roll (the
 * engine keeps them on the check and the outcome, so the card shows them and the damage roll reads them).
 */
export function d20DamageTerms(
  input: Pick<DamageInput, "str" | "grip" | "weaponSmallerThanWielder" | "pointBlank">,
): Modifier[] {
  const terms: Modifier[] = [];
  const str = strengthToDamage(input.str, input.grip, input.weaponSmallerThanWielder ?? false);
  if (str !== 0)
    terms.push({ id: "str", label: `FT.D20.Damage.str.${input.grip}`, value: str, ruleId: "SW-07" });
  if (input.pointBlank)
    terms.push({
      id: "pointBlank",
      label: "FT.D20.Attack.pointBlank",
      value: POINT_BLANK_BONUS,
      ruleId: "SW-15",
    });
  return terms;
}

/** SW-07, SW-18: the damage of a hit from its dice and its terms; at least 1, times an optional multiplier. */
export function d20DamageFromTerms(
  formula: string,
  dice: readonly number[],
  given: readonly Modifier[],
  critical: Critical = "none",
  critMultiplier = 1,
): D20Damage {
  const rolled = sumDice(parseDice(formula), dice);
  const terms: Modifier[] = [...given];
  const base = rolled + total(terms);
  if (base < MINIMUM_DAMAGE)
    terms.push({
      id: "minimum",
      label: "FT.D20.Damage.minimum",
      value: MINIMUM_DAMAGE - base,
      ruleId: "SW-07",
    });
  const mult = critical === "confirmed" ? checkCritMultiplier(critMultiplier) : 1;
  return { formula, rolled, terms, amount: Math.max(MINIMUM_DAMAGE, base) * mult };
}

/** SW-07, SW-15, SW-18: the damage of a hit, every term labelled; at least 1. */
export function d20Damage(input: DamageInput): D20Damage {
  return d20DamageFromTerms(
    input.formula,
    input.dice,
    d20DamageTerms(input),
    input.critical ?? "none",
    input.critMultiplier ?? 1,
  );
}

/** SW-20: unarmed strike damage by size (Small 1d2, Medium-size 1d3, Large 1d4); null where the seed is silent. */
export function unarmedDamage(size: D20Size): string | null {
  return UNARMED_DAMAGE[size] ?? null;
}
