/**
 * Applying an attack's damage, run by the active GM: through each target's screen and suit (draining SEU from
 * the pack that feeds the screen, wearing suits), off Stamina (unconscious at 0, SF-B-15), once per target, with
 * what is needed to undo it. Writes go out as one batch: linked actors in one `Actor.updateDocuments`, unlinked
 * tokens in one `updateEmbeddedDocuments("Token")` per scene. Ports stand in for Foundry in tests.
 *
 * The record of a hit (its numbers and what undo needs) is written on the TARGET, in the same update that
 * changes its Stamina (`flags.<system>.hits.<messageId>.<tokenId>`): the damage and its record land together or
 * not at all, a second apply finds the record, and the numbers stay in the target's own data (an NPC's Stamina is
 * already there) rather than on a chat card every player receives. Only the GM or the actor's owner writes it.
 *
 * Here: `planApplication`. What it reads and writes is in apply-records.ts, the hit on a target whose health is not
 * Stamina in apply-pools.ts, the undo in undo-damage.ts.
 */
import { applyStaminaHit, type Critical, type DamageKind, resolveDoze } from "../../rules/index.js";
import { planHitPoints, planSquad, planVitalityWounds } from "./apply-pools.js";
import {
  type AppliedRecord,
  type AppliedStatus,
  type ApplyOutcome,
  actorKey,
  emptyBatch,
  type ItemLevels,
  ledgerPath,
  mergeItems,
  type Running,
  runningFor,
  type TargetState,
  type Update,
  updateFor,
} from "./apply-records.js";

/**
 * Plan the application of `damage` (per target id, before defenses) of kind `kind` from card `messageId`.
 * Targets already applied (a record on the card or on the target), deleted since the roll, or with a bad number
 * are skipped with a reason; nothing is written for them. Several targets that are one actor (tokens of a linked
 * actor) are planned one after the other against the Stamina the previous hit left.
 */
export function planApplication(
  messageId: string,
  damage: Readonly<Record<string, number>>,
  kind: DamageKind,
  targets: readonly (TargetState | null)[],
  ids: readonly string[],
  alreadyApplied: ReadonlySet<string>,
  levels: Readonly<Record<string, ItemLevels>>,
  effect: string | null = null,
  stunned: ReadonlySet<string> = new Set(),
  turns: Readonly<Record<string, Partial<Record<AppliedStatus, number>>>> = {},
  critical: Readonly<Record<string, Critical>> = {},
  /** SW-44: targets whose hits were blows pulled to vitality damage only. */
  vitalityOnly: ReadonlySet<string> = new Set(),
): ApplyOutcome {
  const batch = emptyBatch();
  const applied: AppliedRecord[] = [];
  const skipped: ApplyOutcome["skipped"] = [];
  const running = new Map<string, Running>();
  ids.forEach((id, i) => {
    const t = targets[i] ?? null;
    if (alreadyApplied.has(id) || t?.recorded) {
      skipped.push({ id, reason: "FT.Card.alreadyApplied" });
      return;
    }
    if (!t) {
      skipped.push({ id, reason: "FT.Card.targetGone" });
      return;
    }
    // R2-4: a formula such as 1d10-5 can roll below 0; that target takes 0, the others are not affected.
    const rolled = Math.max(0, Math.trunc(damage[id] ?? 0));
    const run = runningFor(running, t, levels);
    // The target's health model takes the hit (issue 14), never the engine's.
    if (t.health?.model === "vitalityWounds") {
      const hit = {
        amount: rolled,
        kind,
        critical: critical[id] ?? "none",
        ...(vitalityOnly.has(id) ? { vitalityOnly: true } : {}),
      };
      applied.push(planVitalityWounds(messageId, batch, t, t.health, run, hit, stunned.has(id)));
      return;
    }
    if (t.health?.model === "hitPoints") {
      applied.push(planHitPoints(messageId, batch, t, run, rolled, kind, stunned.has(id)));
      return;
    }
    if (t.health?.model === "squad") {
      applied.push(planSquad(messageId, batch, t, t.health, run, rolled, kind, t.health.areaUnits ?? 1));
      return;
    }
    // A second hit on the same actor meets the screens and suits as the first left them.
    const defenses = t.defenses.map((d) => ({
      ...d,
      power:
        d.powerSourceId && d.powerSourceId in run.power ? (run.power[d.powerSourceId] ?? d.power) : d.power,
      capacity: d.capacity !== null && d.id in run.capacity ? (run.capacity[d.id] ?? d.capacity) : d.capacity,
    }));
    const hit = applyStaminaHit(
      { model: "stamina", stamina: run.stamina, defenses },
      { amount: rolled, kind, critical: critical[id] ?? "none" },
    );
    const def = hit.defenses;
    const st = hit.stamina;
    run.stamina = st.after;
    for (const [pid, seu] of Object.entries(def.drains))
      run.power[pid] = Math.max(0, (run.power[pid] ?? 0) - seu);
    for (const [sid, w] of Object.entries(def.wear))
      run.capacity[sid] = Math.max(0, (run.capacity[sid] ?? 0) - w);
    // SF-X-42: this grenade and the others that caught the target this turn (their records on the target) count
    // together, so a second grenade puts a 120-Stamina creature to sleep.
    const grenades = 1 + (t.doze?.earlier ?? 0);
    const doze = effect === "doze" ? resolveDoze(st.before, grenades, false) : null;
    const active = new Set(t.statuses ?? []);
    const on: AppliedStatus[] = [];
    if (((st.unconscious && st.before > 0) || doze?.knockedOut) && !active.has("unconscious"))
      on.push("unconscious");
    if (stunned.has(id) && !active.has("stun")) on.push("stun");
    const record: AppliedRecord = {
      targetId: id,
      name: t.name,
      rolled,
      taken: def.taken,
      staminaBefore: st.before,
      staminaAfter: st.after,
      unconscious: st.unconscious,
      drains: def.drains,
      wear: def.wear,
      statuses: on,
      doze: doze
        ? {
            knockedOut: doze.knockedOut,
            needed: doze.needed,
            grenades,
            ...(t.doze ? { turn: t.doze.turn } : {}),
          }
        : undefined,
      steps: def.steps.map((s) => ({
        name: s.name,
        before: s.before,
        after: s.after,
        seu: s.seu,
        failed: s.failed,
      })),
    };
    const { update, prefix } = updateFor(batch, t);
    update[`${prefix}system.stamina.value`] = st.after;
    // The record travels in the same write as the Stamina it explains (stored JSON: `doze` undefined is dropped);
    // `undone: false` replaces the mark of an earlier undo, which an update would otherwise merge and keep.
    update[`${prefix}${ledgerPath(messageId, t.tokenId)}`] = {
      ...JSON.parse(JSON.stringify(record)),
      undone: false,
    };
    const key = actorKey(t);
    const items: Update[] = [
      ...Object.keys(def.drains).map((pid) => ({ _id: pid, "system.remaining": run.power[pid] ?? 0 })),
      ...Object.keys(def.wear).map((sid) => ({ _id: sid, "system.capacity.value": run.capacity[sid] ?? 0 })),
    ];
    if (items.length) batch.items[key] = mergeItems(batch.items[key] ?? [], items);
    if (on.length) {
      // A doze's sleep and a stun last the turns the card gives (an unconscious from wounds lasts: no duration).
      const last = turns[id] ?? {};
      const timed = Object.fromEntries(
        on
          .filter((s) => (s === "unconscious" ? !!doze?.knockedOut && !st.unconscious : true))
          .filter((s) => last[s])
          .map((s) => [s, last[s]]),
      ) as Partial<Record<AppliedStatus, number>>;
      batch.statuses[id] = Object.keys(timed).length ? { on, off: [], turns: timed } : { on, off: [] };
    }
    applied.push(record);
  });
  return { applied, skipped, batch };
}
