/**
 * Melee (Alpha Dawn Expanded), from rules-tables §6. The seeds give no melee procedure (only the 2 m melee
 * distance, SF-X-09); §6 restates the procedure from two sources (CE-M, YU-21), and the rules catalog has no ID
 * for it, so its modifiers carry `RT-6` (rules-tables §6) and each one's source label.
 *
 * What §6 gives, and nothing more:
 * - within 2 m only (CE-M, 1-SRC);
 * - base: the higher of ½ STR or ½ DEX, rounded up (VERIFIED-2) — {@link meleeBase};
 * - +10 per skill level: Martial Arts for bare hands, Melee Weapons for a weapon (VERIFIED-2);
 * - the weapon's modifier from the melee weapons table, which is NOT FOUND: a GM-entered number, and a weapon
 *   without it (or without damage) is refused until the GM enters it (never guessed, never zero);
 * - situation modifiers: attack from behind or a stunned target +20, Yazirian battle rage +20, target encumbered
 *   +10, attacker encumbered −10, attacker wounded −10, target defending −15;
 * - bare-hand attacks per turn, one per arm–leg pair; punching damage by Strength; Martial Arts +1 damage per level
 *   and +1 % knockout chance per level (nerve combat, against the four core races).
 * Wrestling has no numbers in any source: it stays the referee's call.
 */
import type { Modifier, RuleId } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { meleeBase, punchDamage, type RaceKey } from "./abilities.js";

/** The rule reference of the melee procedure (rules-tables §6; no catalog ID). */
export const MELEE_RULE: RuleId = "RT-6";

/** Melee reaches opponents within 2 m (rules-tables §6, CE-M; the seed's melee distance, SF-X-09). */
export const MELEE_REACH_M = 2;

export const MELEE_SITUATIONS = [
  "behindOrStunned",
  "battleRage",
  "targetEncumbered",
  "attackerEncumbered",
  "wounded",
  "targetDefending",
] as const;
export type MeleeSituation = (typeof MELEE_SITUATIONS)[number];

/** Each situation modifier of §6 with its value and its source label as §6 gives them. */
export const MELEE_SITUATION_TABLE: Readonly<Record<MeleeSituation, { value: number; source: string }>> = {
  behindOrStunned: { value: 20, source: "CE-M, YU-21 — VERIFIED-2" },
  battleRage: { value: 20, source: "CE-M, YU-21, YU-45 — VERIFIED-2" },
  targetEncumbered: { value: 10, source: "CE-M, YU-21 — VERIFIED-2" },
  attackerEncumbered: { value: -10, source: "CE-M, YU-21 — VERIFIED-2" },
  wounded: { value: -10, source: "CE-M — 1-SRC" },
  targetDefending: { value: -15, source: "CE-M — 1-SRC" },
};

export interface MeleeInput {
  readonly str: number;
  readonly dex: number;
  /** Bare hands (Martial Arts skill) or a melee weapon (Melee Weapons skill). */
  readonly bareHands: boolean;
  /** Level in the skill that applies: Martial Arts for bare hands, Melee Weapons for a weapon. */
  readonly skillLevel: number;
  /** A weapon's GM-entered to-hit modifier (null for bare hands). */
  readonly weaponModifier: number | null;
  readonly situations: readonly MeleeSituation[];
}

/** Every term of the melee chance, each labelled and carrying `RT-6`. */
export function meleeModifiers(input: MeleeInput): Modifier[] {
  const mods: Modifier[] = [
    { id: "meleeBase", label: "FT.Melee.base", value: meleeBase(input.str, input.dex), ruleId: MELEE_RULE },
  ];
  if (input.skillLevel > 0)
    mods.push({
      id: "skill",
      label: input.bareHands ? "FT.Melee.martialArts" : "FT.Melee.weaponSkill",
      value: 10 * input.skillLevel,
      ruleId: MELEE_RULE,
    });
  if (!input.bareHands && input.weaponModifier !== null && input.weaponModifier !== 0)
    mods.push({
      id: "weapon",
      label: "FT.Melee.weaponModifier",
      value: input.weaponModifier,
      ruleId: MELEE_RULE,
    });
  for (const s of MELEE_SITUATIONS)
    if (input.situations.includes(s))
      mods.push({
        id: s,
        label: `FT.Melee.situation.${s}`,
        value: MELEE_SITUATION_TABLE[s].value,
        ruleId: MELEE_RULE,
      });
  return mods;
}

/** The melee chance: the sum of its terms (0 at worst). */
export function meleeChance(mods: readonly Modifier[]): number {
  return Math.max(
    0,
    mods.reduce((a, m) => a + m.value, 0),
  );
}

/** A melee swing hits when the d100 is at or under the chance (§6 names no automatic hit or miss). */
export function meleeHits(d100: number, chance: number): boolean {
  if (!Number.isInteger(d100) || d100 < 1 || d100 > 100)
    throw new RulesError("FT.Error.dieOutOfRange", `A d100 cannot show ${d100}`, { faces: 100, value: d100 });
  return d100 <= chance;
}

/** Refuses a target beyond melee reach (rules-tables §6, SF-X-09): nothing is rolled or spent. */
export function checkMeleeReach(distanceMetres: number, target: string): void {
  if (distanceMetres > MELEE_REACH_M)
    throw new RulesError("FT.Melee.tooFar", `${target} is ${distanceMetres} m away; melee reaches 2 m`, {
      target,
      distance: Math.round(distanceMetres * 10) / 10,
      reach: MELEE_REACH_M,
    });
}

/**
 * Punching damage: by Strength (1–20: 1, 21–40: 2, 41–60: 3, 61–80: 4, 81–110: 5; CE-M, VERIFIED-2), +1 per
 * Martial Arts level (CE-MA, 1-SRC).
 */
export function bareHandDamage(str: number, martialArts: number): number {
  return punchDamage(str) + Math.max(0, martialArts);
}

/**
 * Bare-hand attacks per turn: one per arm–leg pair (CE-M, 1-SRC). Humans, Vrusk, Yazirians and Sathar have 2; a
 * Dralasite has 2 with 4–5 limbs, 3 with 6–7 and so on (one per pair of its current limbs). An attack with any
 * weapon is 1.
 */
export function bareHandAttacks(race: RaceKey | "other", dralasiteLimbs = 4): number {
  if (race !== "dralasite") return 2;
  return Math.max(2, Math.floor(dralasiteLimbs / 2));
}

/**
 * Martial Arts nerve combat: a bare-hand to-hit roll of 01–02 knocks the target out (§2, CE-M: "as in ranged
 * combat"), +1 per Martial Arts level, against the four core races only (CE-MA). The highest roll that knocks out.
 */
export function knockoutThreshold(martialArts: number, coreRaceTarget: boolean): number {
  return 2 + (coreRaceTarget ? Math.max(0, martialArts) : 0);
}

/** What a melee weapon lacks to be used: its damage and its to-hit modifier, both GM-entered (§6, §18). */
export function meleeWeaponMissing(w: { formula: string; modifier: number | null }): string[] {
  const missing: string[] = [];
  if (!w.formula) missing.push("damage");
  if (w.modifier === null) missing.push("meleeModifier");
  return missing;
}

/** Refuses a melee weapon whose damage or modifier is not in the sources and not yet entered by the GM. */
export function checkMeleeWeapon(name: string, w: { formula: string; modifier: number | null }): void {
  const missing = meleeWeaponMissing(w);
  if (missing.length)
    throw new RulesError("FT.Melee.missingNumbers", `${name}: ${missing.join(", ")} not in the sources`, {
      weapon: name,
      numbers: missing.join(", "),
    });
}
