/**
 * One hit on a target whose health is not Stamina (moved out of apply-damage.ts, whose `planApplication` picks the
 * plan by the target's model): vitality and wound points (SW-10, SW-11, SW-18), SWN hit points (ruling 1), and a
 * squad's one pool of hit points and its units (SWN-17).
 */
import {
  applyHitPointsHit,
  applySquadHit,
  applyVitalityWoundsHit,
  type Critical,
  type DamageKind,
  timesUnits,
  unitsLeft,
} from "../../rules/index.js";
import {
  type AppliedRecord,
  type AppliedStatus,
  d20Statuses,
  ledgerPath,
  poolPath,
  type Running,
  type SquadTarget,
  type TargetState,
  updateFor,
  type VitalityWoundsTarget,
  WOUND_STATES,
  type WriteBatch,
} from "./apply-records.js";

/**
 * One hit on a vitality/wound-point target (SW-10, SW-11, SW-18): vitality first (a heroic target's), then wound
 * points less the armour's DR; a confirmed critical to wounds (or an ordinary foe to −1). Dying or dead is
 * unconscious; the record keeps the Fortitude DC the hit calls for and whether it left the target fatigued.
 */
export function planVitalityWounds(
  messageId: string,
  batch: WriteBatch,
  t: TargetState,
  h: VitalityWoundsTarget,
  run: Running,
  hit: { amount: number; kind: DamageKind; critical: Critical; vitalityOnly?: boolean },
  stunned: boolean,
): AppliedRecord {
  const state = {
    model: "vitalityWounds" as const,
    heroic: h.heroic,
    vitality: run.vitality,
    wounds: run.wounds,
    dr: h.dr,
    lostThisRound: run.lost,
  };
  const { result, pools } = applyVitalityWoundsHit(state, hit);
  run.vitality = result.after.vitality;
  run.wounds = result.after.wounds;
  run.lost = result.lostThisRound;
  const down = result.state === "dying" || result.state === "dead";
  const active = new Set(t.statuses ?? []);
  const on: AppliedStatus[] = [];
  if (down && !active.has("unconscious")) on.push("unconscious");
  if (stunned && !active.has("stun")) on.push("stun");
  // SW-10: the wound state's status, and fatigue after wound damage, each turned on once.
  for (const s of d20Statuses(result.state, result.fatigued)) if (!active.has(s)) on.push(s);
  const record: AppliedRecord = {
    targetId: t.id,
    name: t.name,
    rolled: hit.amount,
    taken: result.vitalityLost + result.woundsLost,
    health: "vitalityWounds",
    pools,
    fortitudeDC: result.fortitudeDC,
    fatigued: result.fatigued,
    woundLog: h.round && result.woundsLost > 0 ? { ...h.round, lost: result.woundsLost } : null,
    unconscious: down,
    drains: {},
    wear: {},
    statuses: on,
    steps: result.drAbsorbed
      ? [
          {
            name: "DR",
            before: result.woundsLost + result.drAbsorbed,
            after: result.woundsLost,
            seu: 0,
            failed: null,
          },
        ]
      : [],
  };
  const { update, prefix } = updateFor(batch, t);
  for (const p of pools) update[`${prefix}${poolPath(p.pool)}`] = p.after;
  // SW-10: the round's wound points lost, for the next hit's Fortitude DC this round (issue 14, d20ui).
  if (h.round && result.woundsLost > 0)
    update[`${prefix}${poolPath("woundLog")}`] = {
      combatId: h.round.combatId,
      round: h.round.round,
      lost: run.lost,
    };
  update[`${prefix}${ledgerPath(messageId, t.tokenId)}`] = {
    ...JSON.parse(JSON.stringify(record)),
    undone: false,
  };
  // SW-10: one wound state at a time — a disabled target taken below 0 is dying, no longer disabled.
  const now = d20Statuses(result.state, false);
  const off = WOUND_STATES.filter((s) => active.has(s) && !now.includes(s));
  // SW-10: "A stable character stops losing wound points every round": a stable character who loses wound points
  // again, or who is no longer dying, is no longer stable (a dying one rolls its Fortitude save again each round).
  if (active.has("stable") && (result.woundsLost > 0 || result.state !== "dying")) off.push("stable");
  if (on.length || off.length) batch.statuses[t.id] = { on, off };
  return record;
}

/**
 * One hit on an SWN target's hit points (ruling 1): the damage (the cover's armour already taken off, SWN-15) comes
 * off its HP, never below 0; at 0 it is down (unconscious).
 */
export function planHitPoints(
  messageId: string,
  batch: WriteBatch,
  t: TargetState,
  run: Running,
  rolled: number,
  kind: DamageKind,
  stunned: boolean,
): AppliedRecord {
  const max = (t.health?.model === "hitPoints" ? t.health : t.swnHp)?.hp.max ?? run.swnHp;
  const hit = applyHitPointsHit(
    { model: "hitPoints", hp: { value: run.swnHp, max } },
    { amount: rolled, kind, critical: "none" },
  );
  run.swnHp = hit.after;
  const active = new Set(t.statuses ?? []);
  const on: AppliedStatus[] = [];
  if (hit.down && hit.before > 0 && !active.has("unconscious")) on.push("unconscious");
  if (stunned && !active.has("stun")) on.push("stun");
  const record: AppliedRecord = {
    targetId: t.id,
    name: t.name,
    rolled,
    taken: hit.taken,
    health: "hitPoints",
    pools: hit.pools,
    unconscious: hit.down,
    drains: {},
    wear: {},
    statuses: on,
    steps: [],
  };
  const { update, prefix } = updateFor(batch, t);
  for (const p of hit.pools) update[`${prefix}${poolPath(p.pool)}`] = p.after;
  update[`${prefix}${ledgerPath(messageId, t.tokenId)}`] = {
    ...JSON.parse(JSON.stringify(record)),
    undone: false,
  };
  if (on.length) batch.statuses[t.id] = { on, off: [] };
  return record;
}

/**
 * One hit on a squad (SWN-17): a single attack deals its damage once; an area attack deals it × the units it caught
 * (`unitsHit`, at most those standing). The pool falls, never below 0, and the units standing follow from it (ruling
 * 4f, kept in step by the squad document) — one write to the squad. Every unit down is unconscious.
 */
export function planSquad(
  messageId: string,
  batch: WriteBatch,
  t: TargetState,
  h: SquadTarget,
  run: Running,
  rolled: number,
  kind: DamageKind,
  unitsHit: number,
): AppliedRecord {
  const standing = unitsLeft(run.hp, h.hd, h.units.max);
  const times = Math.max(1, Math.min(unitsHit, standing));
  const amount = timesUnits(rolled, times);
  const hit = applySquadHit(
    { model: "squad", hp: run.hp, hd: h.hd, units: { value: standing, max: h.units.max }, armor: 0 },
    { amount, kind, critical: "none" },
  );
  run.hp = hit.hp.after;
  const active = new Set(t.statuses ?? []);
  const on: AppliedStatus[] =
    hit.wiped && hit.hp.before > 0 && !active.has("unconscious") ? ["unconscious"] : [];
  const record: AppliedRecord = {
    targetId: t.id,
    name: t.name,
    rolled: amount,
    taken: hit.hp.before - hit.hp.after,
    health: "squad",
    pools: hit.pools,
    unconscious: hit.wiped,
    drains: {},
    wear: {},
    statuses: on,
    steps: [],
    squad: { unitsHit: times, unitsBefore: hit.units.before, unitsAfter: hit.units.after },
  };
  const { update, prefix } = updateFor(batch, t);
  for (const p of hit.pools) update[`${prefix}${poolPath(p.pool)}`] = p.after;
  // The units standing go with the pool in the same write: an unlinked squad's delta is not kept in step by the
  // squad document's own update hook (review of issue 16, M5).
  if (hit.pools.length) update[`${prefix}system.units.value`] = hit.units.after;
  update[`${prefix}${ledgerPath(messageId, t.tokenId)}`] = {
    ...JSON.parse(JSON.stringify(record)),
    undone: false,
  };
  if (on.length) batch.statuses[t.id] = { on, off: [] };
  return record;
}
