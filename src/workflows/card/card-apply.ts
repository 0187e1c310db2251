import { healthModelOf } from "../../rules/index.js";
import { planApplication } from "../damage/apply-damage.js";
import type { ItemLevels, TargetState } from "../damage/apply-records.js";
import { statusTurns } from "../damage/grenade-effects.js";
import { criticalOf, damageOf, vitalityOnlyOf } from "./card-data.js";

// The GM's one queue (gm-queue.ts: its own small file, so the main module's users of it do not bring the plans).
export { onGMQueue } from "./gm-queue.js";

/**
 * What applying `card` to `wanted` (loaded as `targets`, their items at `levels`) does: the plan the GM's apply
 * writes, and the one each Apply button's preview shows (`card-previews.ts`), so the two cannot disagree.
 */
export function planCard(
  messageId: string,
  card: Parameters<typeof statusTurns>[0],
  wanted: readonly string[],
  targets: readonly (TargetState | null)[],
  levels: Readonly<Record<string, ItemLevels>>,
): ReturnType<typeof planApplication> {
  // The card's engine decides which health model its hits go to (issue 14): a d20 card's to vitality and wounds
  // (to hit points under the swn profile), a Star Frontiers card's to screens, suits and Stamina, whatever engine
  // the world is on now.
  const model = healthModelOf(card.engine, card.profile);
  const byModel = targets.map((t) => {
    if (!t) return t;
    // SWN-17: a squad takes every hit in its own pool, whatever the card.
    if (t.health?.model === "squad") return t;
    // Ruling 1: an swn card's hits go to the target's SWN hit points.
    if (model === "hitPoints") return t.swnHp ? { ...t, health: t.swnHp } : t;
    // SW-11 (issue 32): a weapon that ignores DR (a lightsaber) meets no damage reduction.
    if (t.health?.model === "vitalityWounds" && model === "vitalityWounds" && card.ignoresDR)
      return { ...t, health: { ...t.health, dr: 0 } };
    if (!t.health || model === "vitalityWounds") return t;
    const { health: _vitality, ...stamina } = t;
    return stamina;
  });
  return planApplication(
    messageId,
    Object.fromEntries(wanted.map((id) => [id, damageOf(card, id)])),
    card.kind,
    byModel,
    wanted,
    new Set(card.applied.filter((r) => !r.undone).map((r) => r.targetId)),
    levels,
    card.effect,
    new Set(card.stunned ?? []),
    statusTurns(card, wanted),
    Object.fromEntries(wanted.map((id) => [id, criticalOf(card, id)])),
    // SW-44: the attacker's pulled blow, vitality damage only.
    new Set(wanted.filter((id) => vitalityOnlyOf(card, id))),
  );
}
