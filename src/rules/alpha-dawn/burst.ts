/**
 * Bursts (SF-X-24): one roll for up to five adjacent targets; 5d10 for one target, 5d10 + 1d10 per extra target
 * for several, split as evenly as possible, the remainder lost. Machine guns: 10d10 + 1d10 per extra target
 * (rules-tables §4).
 */

import { checkDie } from "../core/dice.js";
import type { BurstSpec } from "../core/facts.js";
import { RulesError } from "../core/types.js";

export const MAX_BURST_TARGETS = 5;

export function validateBurstTargets(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_BURST_TARGETS) {
    throw new RulesError(
      "FT.Error.burstTargets",
      `A burst is aimed at 1 to ${MAX_BURST_TARGETS} targets, not ${count}`,
      {
        count,
        max: MAX_BURST_TARGETS,
      },
    );
  }
}

/** Number of d10s a burst rolls at `targets` characters. */
export function burstDice(spec: BurstSpec, targets: number): number {
  validateBurstTargets(targets);
  return spec.baseDice + (targets - 1);
}

export interface BurstSplit {
  readonly total: number;
  readonly each: number;
  readonly lost: number;
  readonly targets: number;
}

/** Split rolled burst damage evenly among the targets hit; leftover points are lost. Five pirates, 49 → 9 each, 4 lost. */
export function splitBurst(dice: readonly number[], targets: number): BurstSplit {
  validateBurstTargets(targets);
  for (const d of dice) checkDie(d, 10);
  const total = dice.reduce((a, b) => a + b, 0);
  const each = Math.floor(total / targets);
  return { total, each, lost: total - each * targets, targets };
}

/** Split a damage total evenly among `targets`; the remainder is lost (SF-X-24). */
export function splitTotal(total: number, targets: number): BurstSplit {
  validateBurstTargets(targets);
  const each = Math.floor(Math.max(0, total) / targets);
  return { total, each, lost: total - each * targets, targets };
}

/** Rounds a burst spends (10, or 20 for a machine gun). */
export function burstRounds(spec: BurstSpec): number {
  return spec.rounds;
}
