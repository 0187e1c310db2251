/**
 * Rolling to hit on d100 (SF-B-13, SF-B-14, SF-X-33, SF-X-34, SF-X-35).
 */
import { checkDie } from "../core/dice.js";
import type { AlphaDawnVariant } from "../core/types.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";

export interface PercentileCheck {
  readonly chance: number;
  /** The target is visible and within the weapon's extreme range (SF-B-14: required for 01–05). */
  readonly possible: boolean;
  readonly cannotMiss: boolean;
  /** The target stood in a crowd (SF-X-35): a miss may hit someone else. */
  readonly crowd: boolean;
}

export type AutoResult = "hit" | "miss" | "malfunction" | null;

export interface PercentileOutcome {
  readonly roll: number;
  readonly chance: number;
  readonly hit: boolean;
  readonly auto: AutoResult;
  /** A miss into a crowd that strikes someone else (referee picks whom), when the stray die was rolled. */
  readonly strayHit: boolean;
}

/** Reads `00` as 100. */
export function normalizeD100(roll: number): number {
  const r = roll === 0 ? 100 : roll;
  checkDie(r, 100);
  return r;
}

/**
 * Resolve a d100 roll.
 * - A roll at or under the chance hits (SF-B-13).
 * - 01–05 always hits when the target is visible and in range (SF-B-14, SF-X-33).
 * - Expanded: 96–00 always misses; on a shot that cannot miss it is a malfunction (SF-X-34).
 * - A shot that cannot miss hits on anything else (SF-X-33).
 * - Expanded: a miss at a target in a crowd hits someone else on a stray d100 ≤ 25 (SF-X-35).
 */
export function resolvePercentile(
  check: PercentileCheck,
  d100: number,
  variant: AlphaDawnVariant,
  strayD100: number | null = null,
  table: AlphaDawnTable = ALPHA_DAWN_TABLE,
): PercentileOutcome {
  const roll = normalizeD100(d100);
  const base = { roll, chance: check.chance, strayHit: false };
  if (!check.possible) return { ...base, hit: false, auto: null };
  if (variant === "expanded" && roll >= table.autoMissMin) {
    return { ...base, hit: false, auto: check.cannotMiss ? "malfunction" : "miss" };
  }
  if (check.cannotMiss) return { ...base, hit: true, auto: "hit" };
  if (roll <= table.autoHitMax) return { ...base, hit: true, auto: roll <= check.chance ? null : "hit" };
  const hit = roll <= check.chance;
  if (hit || !check.crowd || variant === "basic" || strayD100 === null) return { ...base, hit, auto: null };
  return { ...base, hit: false, auto: null, strayHit: normalizeD100(strayD100) <= table.strayChance };
}
