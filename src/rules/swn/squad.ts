/**
 * Stars Without Number squads (seed 003, SWN-17) and recruiting (SWN-18): hit points at 4.5 per HD summed and rounded
 * up; one attack roll whose margin against AC gives none, half or full damage (ruling 4a: 3 or more below AC none,
 * within 2 either side half, 3 or more above or a natural 20 full); damage the weapon's average × units, armour and AP
 * multiplied likewise; units left as hit points fall; a footprint of 1 hex per 3 units. Pure.
 */
import { parseDice } from "../core/dice.js";
import { RulesError } from "../core/types.js";

/** SWN-17: hit points per HD of a squad member. */
export const SQUAD_HP_PER_HD = 4.5;

const whole = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RulesError("FT.SWN.badCount", `${what} is a whole number ≥ 0`);
  return n;
};

/** SWN-17: a squad's hit points — 4.5 per HD for every unit, summed, rounded up. */
export function squadHp(units: number, hd: number): number {
  return Math.ceil(SQUAD_HP_PER_HD * whole(hd, "HD") * whole(units, "Units"));
}

/** SWN-17: the units left standing at `hp` (each unit holds 4.5 × HD; a part-filled unit still stands). */
export function unitsLeft(hp: number, hd: number, maxUnits: number): number {
  if (hp <= 0) return 0;
  return Math.min(whole(maxUnits, "Units"), Math.ceil(hp / (SQUAD_HP_PER_HD * Math.max(1, whole(hd, "HD")))));
}

export type SquadHit = "none" | "half" | "full";

/** SWN-17, ruling 4a: the squad's one attack — 3+ below AC none, within 2 half, 3+ above (or a natural 20) full. */
export function squadHit(total: number, ac: number, natural20 = false): SquadHit {
  if (natural20 || total >= ac + 3) return "full";
  if (total <= ac - 3) return "none";
  return "half";
}

/** The average of a damage formula (1d8 → 4.5; 2d6+1 → 8). */
export function averageDamage(formula: string): number {
  const d = parseDice(formula);
  return (d.count * (d.faces + 1)) / 2 + d.bonus;
}

/**
 * SWN-17: flat damage — the weapon's average × units, halved on a half hit, none on none. Ruling 4f: damage rounds
 * up (the seed is silent; its hit points round up), so 1d8 × 3 units is 13.5 → 14, and 7 at half.
 */
export function squadDamage(formula: string, units: number, hit: SquadHit): number {
  if (hit === "none") return 0;
  const full = averageDamage(formula) * whole(units, "Units");
  return Math.ceil(hit === "half" ? full / 2 : full);
}

/** SWN-17: a squad's armour and its weapon's AP, multiplied by units like its damage. */
export function timesUnits(value: number, units: number): number {
  return value * whole(units, "Units");
}

/**
 * SWN-17 "When using Tissue Integrity Field, you can multiply the healing by max units": the healing a TIF gives a
 * squad — the amount rolled × the squad's size (its maximum units, not the units standing).
 */
export function tifHealing(amount: number, maxUnits: number): number {
  return whole(amount, "Healing") * whole(maxUnits, "Units");
}

/** SWN-17: a squad takes 1 hex per 3 units. */
export const UNITS_PER_HEX = 3;

/** SWN-17: the footprint on a hex map — 1 hex per 3 units (at least 1). */
export function squadHexes(units: number): number {
  return Math.max(1, Math.ceil(whole(units, "Units") / UNITS_PER_HEX));
}

/** SWN-18: the Recruit difficulty — HD + Morale − 2 (a veteran fighter: 2 + 9 − 2 = 9). */
export function recruitDifficulty(hd: number, morale: number): number {
  return hd + morale - 2;
}

/** SWN-18: recruits — 1 on a failure, Tier + 1 on a success, Tier + 3 on a success by 2 or more. */
export function recruits(total: number, difficulty: number, tier: number): number {
  if (total < difficulty) return 1;
  return total - difficulty >= 2 ? tier + 3 : tier + 1;
}
