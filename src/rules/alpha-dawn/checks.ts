/**
 * Ability checks (SF-B-24), NPC reactions (SF-B-25) and surprise (SF-X-02).
 */
import { RulesError } from "../core/types.js";
import { validateAbility } from "./abilities.js";
import { normalizeD100 } from "./resolve.js";

export const CHECK_ADJUSTMENTS = [-15, -10, -5, 0, 5, 10, 15] as const;

export interface CheckResult {
  readonly target: number;
  readonly roll: number;
  readonly success: boolean;
}

/** d100 at or under the ability, ±5, 10 or 15 for easy or hard actions (SF-B-24). */
export function abilityCheck(score: number, d100: number, adjustment = 0): CheckResult {
  validateAbility("score", score);
  if (!(CHECK_ADJUSTMENTS as readonly number[]).includes(adjustment)) {
    throw new RulesError("FT.Error.checkAdjustment", `Adjustment must be ±5, 10 or 15, not ${adjustment}`, {
      value: adjustment,
    });
  }
  const roll = normalizeD100(d100);
  const target = score + adjustment;
  return { target, roll, success: roll <= target };
}

/** NPC reaction: d100 at or under Personality is friendly (SF-B-25). */
export function npcReaction(personality: number, d100: number): "friendly" | "unfriendly" {
  return abilityCheck(personality, d100).success ? "friendly" : "unfriendly";
}

/** Surprise: a character who fails an Intuition check is surprised (SF-X-02). */
export function surpriseCheck(intuition: number, d100: number): { surprised: boolean; roll: number } {
  const r = abilityCheck(intuition, d100);
  return { surprised: !r.success, roll: r.roll };
}
