/**
 * Health models: what a hit does to its TARGET (issue 14). The engine rolls a hit and its damage; the target's own
 * model takes it — Star Frontiers screens, suits and Stamina (`stamina`), or Star Wars vitality and wound points
 * (`vitalityWounds`). The apply workflow picks the model from the target, never from the engine, so a world that
 * changes engine keeps applying hits to each creature the way its sheet keeps them.
 */
import type { Critical, EngineId } from "../core/engine.js";
import type { DamageKind } from "../core/types.js";

export type HealthModelId = "stamina" | "vitalityWounds" | "hitPoints" | "squad";

/**
 * The health model an engine's damage is dealt to: a d20 card's hits go to vitality and wound points (SW-10), the
 * percentile engines' to screens, suits and Stamina. A card keeps its engine, so a world that switched engines
 * applies an old card's hits the way they were rolled (an unknown or missing engine is Star Frontiers').
 */
export function healthModelOf(
  engine: EngineId | string | null | undefined,
  /** The d20 card's profile (ruling 1): under `swn` its hits go to hit points. */
  profile?: string | null,
): HealthModelId {
  if (engine !== "d20") return "stamina";
  return profile === "swn" ? "hitPoints" : "vitalityWounds";
}

/** A number a hit lowers and an undo raises (a squad's hit points are `hp`, SWN-17). */
export type PoolKey = "stamina" | "vitality" | "wounds" | "swnHp" | "hp";

/** SWN-17: the squad's one pool, its hit points (`system.hp.value` on a `squad` actor). */
export type SquadPoolKey = "hp";

/** One pool's change from one hit: what undo puts back (up to what was lost and to the pool's maximum). */
export interface PoolChange {
  readonly pool: PoolKey;
  readonly before: number;
  readonly after: number;
}

/** A hit as the target's model takes it: the damage before the target's defenses, its kind, its critical. */
export interface HealthHit {
  readonly amount: number;
  readonly kind: DamageKind;
  /** d20: a confirmed critical goes to wound points (SW-18); "none" for the percentile engines. */
  readonly critical: Critical;
  /** d20, SW-44: a pulled blow dealing only vitality damage (the vitality/wound model reads it). */
  readonly vitalityOnly?: boolean;
}
