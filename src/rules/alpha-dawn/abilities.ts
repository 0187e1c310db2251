/**
 * Star Frontiers abilities and the values derived from them. Pure functions called by the actor data
 * models' `prepareDerivedData`.
 */
import { RulesError } from "../core/types.js";

export const ABILITY_KEYS = ["str", "sta", "dex", "rs", "int", "log", "per", "ldr"] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];
/** The four pairs, rolled together (rules-tables §13.1). */
export const ABILITY_PAIRS: readonly (readonly [AbilityKey, AbilityKey])[] = [
  ["str", "sta"],
  ["dex", "rs"],
  ["int", "log"],
  ["per", "ldr"],
];
export type Abilities = Readonly<Record<AbilityKey, number>>;

/** Largest score the system accepts; racial modifiers can lift a 70 roll past 100 only in odd cases. */
export const ABILITY_MAX = 100;

/** Throws a clear error for a negative, fractional or too-large score. */
export function validateAbility(key: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > ABILITY_MAX) {
    throw new RulesError(
      "FT.Error.abilityRange",
      `Ability ${key} must be a whole number from 0 to ${ABILITY_MAX}, not ${value}`,
      { ability: key, value, max: ABILITY_MAX },
    );
  }
}

/** Initiative modifier = Reaction Speed ÷ 10, rounded up (rules-tables §1; SF-B-04, SF-X-04). */
export function initiativeModifier(rs: number): number {
  validateAbility("rs", rs);
  return Math.ceil(rs / 10);
}

/** Expanded ranged base chance: ½ Dexterity rounded up (SF-X-11). */
export function rangedBase(dex: number): number {
  validateAbility("dex", dex);
  return Math.ceil(dex / 2);
}

/** Expanded melee base chance: the higher of ½ Strength or ½ Dexterity, rounded up (rules-tables §6). */
export function meleeBase(str: number, dex: number): number {
  validateAbility("str", str);
  validateAbility("dex", dex);
  return Math.ceil(Math.max(str, dex) / 2);
}

/** Wounded: current Stamina at half the uninjured score or less (SF-X-27). */
export function isWounded(current: number, max: number): boolean {
  if (max <= 0) return false;
  return current * 2 <= max;
}

/** Unconscious at 0 Stamina or less (SF-B-15). */
export function isUnconscious(current: number): boolean {
  return current <= 0;
}

/** Punching damage by Strength: 1–20 → 1, 21–40 → 2, … (rules-tables §6). */
export function punchDamage(str: number): number {
  validateAbility("str", str);
  return Math.max(1, Math.ceil(str / 20));
}

export type RaceKey = "human" | "dralasite" | "vrusk" | "yazirian" | "sathar";

/**
 * Movement per turn in metres (Expanded) and in 5 m squares (Basic): rules-tables §9, seed 001 (SF-B-06).
 * The Basic text came through only for Humans (2/6) and Vrusk (3/7), which are exactly the metres ÷ 5; the
 * Dralasite and Yazirian squares are derived the same way (our choice, documented in the rules journal).
 */
export const RACE_MOVEMENT: Readonly<
  Record<RaceKey, { walk: number; run: number; perHourKm: number; basicWalk: number; basicRun: number }>
> = {
  dralasite: { walk: 5, run: 20, perHourKm: 3, basicWalk: 1, basicRun: 4 },
  human: { walk: 10, run: 30, perHourKm: 5, basicWalk: 2, basicRun: 6 },
  vrusk: { walk: 15, run: 35, perHourKm: 6, basicWalk: 3, basicRun: 7 },
  yazirian: { walk: 10, run: 30, perHourKm: 4, basicWalk: 2, basicRun: 6 },
  sathar: { walk: 10, run: 20, perHourKm: 3, basicWalk: 2, basicRun: 4 },
};

/** Dodging moves at half running speed (SF-X-10). */
export function dodgeSpeed(run: number): number {
  return Math.floor(run / 2);
}
