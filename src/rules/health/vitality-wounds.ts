/**
 * The `vitalityWounds` health model (Star Wars d20, SW-10, SW-11, SW-18) as a health model: a thin wrapper of
 * `rules/d20/health.ts`, which holds the rules. A confirmed critical goes to wound points on a heroic target and
 * drops an ordinary one to −1 (`criticalEffect`); armour's damage reduction stops wound damage only.
 */
import { applyVitalityWounds, type VitalityWoundsResult, type VitalityWoundsState } from "../d20/health.js";
import { type CriticalEffect, criticalEffect } from "../d20/resolve.js";
import type { HealthHit, PoolChange } from "./model.js";

/** The state of a `vitalityWounds` target a hit meets. */
export interface VitalityWoundsHealth extends VitalityWoundsState {
  readonly model: "vitalityWounds";
}

export interface VitalityWoundsHitResult {
  readonly result: VitalityWoundsResult;
  readonly effect: CriticalEffect;
  readonly pools: readonly PoolChange[];
}

/** One hit on a `vitalityWounds` target. The damage kind does not matter to it (d20 has no screens). */
export function applyVitalityWoundsHit(state: VitalityWoundsHealth, hit: HealthHit): VitalityWoundsHitResult {
  const effect = criticalEffect(hit.critical, state.heroic);
  const result = applyVitalityWounds(state, {
    amount: hit.amount,
    effect,
    ...(hit.vitalityOnly ? { vitalityOnly: true } : {}),
  });
  const pools: PoolChange[] = [];
  if (result.after.vitality !== result.before.vitality)
    pools.push({ pool: "vitality", before: result.before.vitality, after: result.after.vitality });
  if (result.after.wounds !== result.before.wounds)
    pools.push({ pool: "wounds", before: result.before.wounds, after: result.after.wounds });
  return { result, effect, pools };
}
