/**
 * The `hitPoints` health model (Stars Without Number, ruling 1: the d20 engine's `swn` profile): a hit takes its
 * damage off the target's hit points, never below 0; at 0 the target is down (SWN's "mortally wounded or dead" is the
 * GM's call, so the model only says it is down). The cover's armour (SWN-15) is the attack's, taken off before the
 * hit reaches the model (`rules/d20/engine.ts`).
 */
import type { HealthHit, PoolChange } from "./model.js";

/** The state of a `hitPoints` target a hit meets. */
export interface HitPointsHealth {
  readonly model: "hitPoints";
  readonly hp: { readonly value: number; readonly max: number };
}

export interface HitPointsHitResult {
  readonly before: number;
  readonly after: number;
  /** What the hit took (it stops at 0). */
  readonly taken: number;
  /** At 0 HP. */
  readonly down: boolean;
  readonly pools: readonly PoolChange[];
}

/** One hit on a `hitPoints` target. The damage kind does not matter (no screens). */
export function applyHitPointsHit(state: HitPointsHealth, hit: HealthHit): HitPointsHitResult {
  const amount = Math.max(0, Math.trunc(hit.amount));
  const before = state.hp.value;
  const after = Math.max(0, before - amount);
  return {
    before,
    after,
    taken: before - after,
    down: after <= 0,
    pools: after !== before ? [{ pool: "swnHp", before, after }] : [],
  };
}
