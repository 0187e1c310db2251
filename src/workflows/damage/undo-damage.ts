/**
 * Undoing an applied attack (moved out of apply-damage.ts): the writes that put back what each record on a target
 * says a hit took — Stamina, SW-10's vitality and wound points, SWN hit points, a squad's pool (SWN-17), SEU and suit
 * capacity, the statuses the hit turned on — and remove the record in the same write, never healing more than the
 * card could have taken.
 */
import { unitsLeft, woundState } from "../../rules/index.js";
import {
  type AppliedRecord,
  type AppliedStatus,
  actorKey,
  d20Statuses,
  emptyBatch,
  type ItemLevels,
  ledgerPath,
  mergeItems,
  poolMax,
  poolPath,
  poolsOf,
  type Running,
  runningFor,
  type TargetState,
  type Update,
  updateFor,
  WOUND_STATES,
  type WriteBatch,
} from "./apply-records.js";

/**
 * The writes that undo applied records: Stamina back by what was taken (never above the maximum), SEU and suit
 * capacity restored up to the item's capacity, the statuses this apply turned on turned off, and the record
 * removed in the same write. `bound` caps what a record may restore (the damage the card rolled for it): a record
 * on a player's own actor is theirs to write, so undo never heals more than the card could have taken.
 */
export function planUndo(
  messageId: string,
  records: readonly AppliedRecord[],
  targets: readonly (TargetState | null)[],
  levels: Readonly<Record<string, ItemLevels>>,
  bound: Readonly<Record<string, number>> = {},
): WriteBatch {
  const batch = emptyBatch();
  const running = new Map<string, Running>();
  records.forEach((r, i) => {
    const t = targets[i];
    if (!t) return;
    const run = runningFor(running, t, levels);
    // Whatever the target's model, undo puts back each pool what the hit took from it, within what was taken in
    // all and what the card rolled (a record on a player's own actor is theirs to write), up to the maximum.
    let budget = Math.max(0, Math.min(r.taken, bound[r.targetId] ?? Number.POSITIVE_INFINITY));
    const { update, prefix } = updateFor(batch, t);
    for (const p of poolsOf(r)) {
      const back = Math.max(0, Math.min(p.before - p.after, budget));
      budget -= back;
      run[p.pool] = Math.min(poolMax(t, p.pool), run[p.pool] + back);
      update[`${prefix}${poolPath(p.pool)}`] = run[p.pool];
    }
    // SWN-17: a squad's units standing go back with its pool, in the same write (as the apply wrote them).
    if (r.health === "squad" && t.health?.model === "squad")
      update[`${prefix}system.units.value`] = unitsLeft(run.hp, t.health.hd, t.health.units.max);
    // The record stays, marked undone, in the same write: only a GM applies this card to this target again (the
    // card's own mark says so too, but the card is its author's to write).
    update[`${prefix}${ledgerPath(messageId, t.tokenId)}.undone`] = true;
    const key = actorKey(t);
    const lv = levels[key] ?? { power: {}, capacity: {} };
    const items: Update[] = [];
    for (const [pid, seu] of Object.entries(r.drains)) {
      if (!(pid in lv.power)) continue;
      run.power[pid] = Math.min(
        lv.powerMax?.[pid] ?? Number.POSITIVE_INFINITY,
        (run.power[pid] ?? 0) + Math.max(0, seu),
      );
      items.push({ _id: pid, "system.remaining": run.power[pid] });
    }
    for (const [sid, w] of Object.entries(r.wear)) {
      if (!(sid in lv.capacity)) continue;
      run.capacity[sid] = Math.min(
        lv.capacityMax?.[sid] ?? Number.POSITIVE_INFINITY,
        (run.capacity[sid] ?? 0) + Math.max(0, w),
      );
      items.push({ _id: sid, "system.capacity.value": run.capacity[sid] });
    }
    if (items.length) batch.items[key] = mergeItems(batch.items[key] ?? [], items);
    // Undo turns off what this apply turned on — but not what the target's state still calls for: unconscious
    // while Stamina is 0 or less (SF-B-15) or wound points below 0 (SW-10), a wound state it is still in, fatigue
    // while it still has wound damage (SW-10: "until his wounds are healed").
    const d20 = r.health === "vitalityWounds";
    const wounds = t.health?.model === "vitalityWounds" ? t.health : null;
    const down = d20
      ? run.wounds < 0
      : r.health === "hitPoints"
        ? run.swnHp <= 0
        : r.health === "squad"
          ? run.hp <= 0
          : run.stamina <= 0;
    const still = new Set<AppliedStatus>(
      d20 ? d20Statuses(woundState(run.wounds), run.wounds < (wounds?.wounds.max ?? run.wounds)) : [],
    );
    const turnedOn: readonly AppliedStatus[] = r.knockedOut
      ? [...new Set<AppliedStatus>([...(r.statuses ?? []), "unconscious"])]
      : (r.statuses ?? []);
    const off = turnedOn.filter(
      (s) => (t.statuses ?? []).includes(s) && (s !== "unconscious" || !down) && !still.has(s),
    );
    // SW-10: the round's wound log loses what this hit added, when it still counts that round.
    const log = r.woundLog;
    const now = wounds?.round;
    if (log && now && now.combatId === log.combatId && now.round === log.round) {
      run.lost = Math.max(0, run.lost - log.lost);
      update[`${prefix}${poolPath("woundLog")}`] = { ...log, lost: run.lost };
    }
    // The wound state the undo leaves the target in, if the apply had turned it off (dying back to disabled).
    const back = d20
      ? [...still].filter((s) => WOUND_STATES.includes(s) && !(t.statuses ?? []).includes(s))
      : [];
    if (off.length || back.length) batch.statuses[r.targetId] = { on: back, off };
  });
  return batch;
}
