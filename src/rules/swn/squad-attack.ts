/**
 * A squad's one attack (seed 003 "Squads", SWN-17): d20 + the squad's attack bonus and its terms (range, its side's
 * Morale band …) against the target's AC and its terms (its band, concealment); the margin gives none, half or full
 * (ruling 4a: at AC 10 a 12 is half, a 13 full; a natural 20 is full); the damage is the weapon's average × the units
 * standing, rounded up, halved on a half hit (ruling 4f). "A target's armor, and a weapon's AP, are also multiplied
 * this way as well": a target's armour × units, less AP × units, comes off; hard cover's armour (SWN-15) comes off
 * less AP × units. Pure: no Foundry, no randomness.
 */
import { checkDie } from "../core/dice.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { armourAfterAp } from "./profile.js";
import { averageDamage, type SquadHit, squadDamage, squadHit, timesUnits } from "./squad.js";

export interface SquadAttackInput {
  /** The d20 as it fell (1–20). */
  readonly natural: number;
  /** The squad's attack bonus (`system.swn.ab`). */
  readonly ab: number;
  /** Other attack terms: its side's Morale band (SWN-13), range … */
  readonly terms?: readonly Modifier[];
  /** The target's AC (`system.swn.ac`). */
  readonly targetAc: number;
  /** Terms added to the AC: its side's band (SWN-13), concealment (SWN-14). */
  readonly acTerms?: readonly Modifier[];
  /** The target's own armour (its soak, where it has one; 0 when none). */
  readonly targetArmor?: number;
  /** The squad weapon's damage formula (1d8, 2d6+1). */
  readonly formula: string;
  /** The squad's units standing. */
  readonly units: number;
  /** The weapon's AP per unit. */
  readonly ap?: number;
  /** SWN-15: the armour of the target's hard cover against this weapon (0 when none). */
  readonly coverArmour?: number;
}

export interface SquadAttackResult {
  /** d20 + AB + terms. */
  readonly total: number;
  /** AC + its terms. */
  readonly ac: number;
  /** total − AC. */
  readonly margin: number;
  readonly hit: SquadHit;
  /** The weapon's average (1d8 → 4.5). */
  readonly average: number;
  /** Average × units, rounded up: what a full hit deals before armour. */
  readonly full: number;
  /** squadDamage: full, half (rounded up) or 0, before armour. */
  readonly flat: number;
  /** The target's armour × units less AP × units (never below 0). */
  readonly armour: number;
  /** The cover's armour less AP × units (never below 0). */
  readonly cover: number;
  /** What the target takes: flat − armour − cover, never below 0. */
  readonly damage: number;
  /** The attack terms, labelled: the AB first. */
  readonly terms: readonly Modifier[];
  /** The AC terms, labelled: the AC first. */
  readonly acTerms: readonly Modifier[];
}

const whole = (n: number, what: string): number => {
  if (!Number.isInteger(n)) throw new RulesError("FT.SWN.badCount", `${what} is a whole number`);
  return n;
};

const sum = (terms: readonly Modifier[]) => terms.reduce((a, m) => a + m.value, 0);

/** SWN-17: a squad's one attack roll and its flat damage against one target. */
export function squadAttack(input: SquadAttackInput): SquadAttackResult {
  checkDie(input.natural, 20);
  const units = input.units;
  if (!Number.isInteger(units) || units < 0)
    throw new RulesError("FT.SWN.badCount", "Units is a whole number ≥ 0");
  const terms: Modifier[] = [
    { id: "ab", label: "FT.SWN.ab", value: whole(input.ab, "AB"), ruleId: "SWN-17" },
    ...(input.terms ?? []),
  ];
  const acTerms: Modifier[] = [
    { id: "ac", label: "FT.SWN.ac", value: whole(input.targetAc, "AC"), ruleId: "SWN-17" },
    ...(input.acTerms ?? []),
  ];
  const total = input.natural + sum(terms);
  const ac = sum(acTerms);
  const hit = squadHit(total, ac, input.natural === 20);
  const ap = timesUnits(Math.max(0, whole(input.ap ?? 0, "AP")), units);
  const flat = squadDamage(input.formula, units, hit);
  const armour =
    hit === "none"
      ? 0
      : armourAfterAp(timesUnits(Math.max(0, whole(input.targetArmor ?? 0, "Armor")), units), ap);
  const cover =
    hit === "none" ? 0 : armourAfterAp(Math.max(0, whole(input.coverArmour ?? 0, "Cover armour")), ap);
  return {
    total,
    ac,
    margin: total - ac,
    hit,
    average: averageDamage(input.formula),
    full: squadDamage(input.formula, units, "full"),
    flat,
    armour,
    cover,
    damage: Math.max(0, flat - armour - cover),
    terms,
    acTerms,
  };
}
