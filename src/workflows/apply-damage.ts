/**
 * Applying an attack's damage, run by the active GM: through each target's screen and suit (draining SEU from
 * the pack that feeds the screen, wearing suits), off Stamina (unconscious at 0, SF-B-15), once per target,
 * with what is needed to undo it. Writes go out as one batch: linked actors in one `Actor.updateDocuments`,
 * unlinked tokens in one `updateEmbeddedDocuments("Token")` per scene. Ports stand in for Foundry in tests.
 */
import {
  applyDefenses,
  applyStamina,
  type DamageKind,
  type DefenseState,
  resolveDoze,
} from "../rules/index.js";

export interface TargetState {
  /** Stable id of the target on the card (the token's UUID). */
  readonly id: string;
  readonly name: string;
  readonly sceneId: string;
  readonly tokenId: string;
  readonly actorId: string;
  /** Linked actors are written as world actors; unlinked tokens through their token's delta. */
  readonly linked: boolean;
  readonly stamina: { readonly value: number; readonly max: number };
  readonly defenses: readonly DefenseState[];
}

export interface AppliedRecord {
  readonly targetId: string;
  readonly name: string;
  readonly rolled: number;
  readonly taken: number;
  readonly staminaBefore: number;
  readonly staminaAfter: number;
  readonly unconscious: boolean;
  /** SEU drained per power source item id, and suit wear per suit id: to undo. */
  readonly drains: Readonly<Record<string, number>>;
  readonly wear: Readonly<Record<string, number>>;
  /** A doze grenade's result (SF-B-18, SF-X-42): knocked out, or how many grenades it would take. */
  readonly doze?: { readonly knockedOut: boolean; readonly needed: number } | undefined;
  /** Steps for the card ("Albedo screen absorbed 11, 3 SEU"). */
  readonly steps: readonly {
    name: string;
    before: number;
    after: number;
    seu: number;
    failed: string | null;
  }[];
}

export interface WriteBatch {
  /** World actors: one call. */
  readonly actors: { _id: string; [path: string]: unknown }[];
  /** Unlinked tokens, per scene: one call per scene. */
  readonly tokens: Record<string, { _id: string; [path: string]: unknown }[]>;
  /** Item changes (SEU drained from packs, suits worn) per actor key (`actor:<id>` or `token:<scene>.<token>`). */
  readonly items: Record<string, { _id: string; [path: string]: unknown }[]>;
  /** Targets newly at 0 Stamina or less, to mark unconscious. */
  readonly unconscious: string[];
  /** Targets stunned for a turn (SF-X-40: failed the Reaction Speed check near thrown explosives). */
  readonly stunned: string[];
}

export interface ApplyOutcome {
  readonly applied: AppliedRecord[];
  readonly skipped: { id: string; reason: string }[];
  readonly batch: WriteBatch;
}

/** What the power sources and suits hold now, to compute the writes. */
export interface ItemLevels {
  readonly power: Readonly<Record<string, number>>;
  readonly capacity: Readonly<Record<string, number>>;
}

const actorKey = (t: TargetState) => (t.linked ? `actor:${t.actorId}` : `token:${t.sceneId}.${t.tokenId}`);

function staminaWrite(batch: WriteBatch, t: TargetState, value: number): void {
  if (t.linked) batch.actors.push({ _id: t.actorId, "system.stamina.value": value });
  else {
    const list = batch.tokens[t.sceneId] ?? [];
    list.push({ _id: t.tokenId, "delta.system.stamina.value": value });
    batch.tokens[t.sceneId] = list;
  }
}

/**
 * Plan the application of `damage` (per target id, before defenses) of kind `kind`. Targets already applied,
 * deleted since the roll, or without damage are skipped with a reason; nothing is written for them.
 */
export function planApplication(
  damage: Readonly<Record<string, number>>,
  kind: DamageKind,
  targets: readonly (TargetState | null)[],
  ids: readonly string[],
  alreadyApplied: ReadonlySet<string>,
  levels: Readonly<Record<string, ItemLevels>>,
  effect: string | null = null,
  stunned: ReadonlySet<string> = new Set(),
): ApplyOutcome {
  const batch: WriteBatch = { actors: [], tokens: {}, items: {}, unconscious: [], stunned: [] };
  const applied: AppliedRecord[] = [];
  const skipped: ApplyOutcome["skipped"] = [];
  ids.forEach((id, i) => {
    const t = targets[i] ?? null;
    if (alreadyApplied.has(id)) {
      skipped.push({ id, reason: "FT.Card.alreadyApplied" });
      return;
    }
    if (!t) {
      skipped.push({ id, reason: "FT.Card.targetGone" });
      return;
    }
    const rolled = damage[id] ?? 0;
    const def = applyDefenses(rolled, kind, t.defenses);
    const st = applyStamina(t.stamina.value, def.taken);
    staminaWrite(batch, t, st.after);
    const key = actorKey(t);
    const lv = levels[key] ?? { power: {}, capacity: {} };
    const items = [
      ...Object.entries(def.drains).map(([pid, seu]) => ({
        _id: pid,
        "system.remaining": Math.max(0, (lv.power[pid] ?? 0) - seu),
      })),
      ...Object.entries(def.wear).map(([sid, w]) => ({
        _id: sid,
        "system.capacity.value": Math.max(0, (lv.capacity[sid] ?? 0) - w),
      })),
    ];
    if (items.length) batch.items[key] = [...(batch.items[key] ?? []), ...items];
    const doze = effect === "doze" ? resolveDoze(t.stamina.value, 1, false) : null;
    if ((st.unconscious && t.stamina.value > 0) || doze?.knockedOut) batch.unconscious.push(id);
    if (stunned.has(id)) batch.stunned.push(id);
    applied.push({
      targetId: id,
      name: t.name,
      rolled,
      taken: def.taken,
      staminaBefore: st.before,
      staminaAfter: st.after,
      unconscious: st.unconscious,
      drains: def.drains,
      wear: def.wear,
      doze: doze ? { knockedOut: doze.knockedOut, needed: doze.needed } : undefined,
      steps: def.steps.map((s) => ({
        name: s.name,
        before: s.before,
        after: s.after,
        seu: s.seu,
        failed: s.failed,
      })),
    });
  });
  return { applied, skipped, batch };
}

/** The writes that undo applied records: Stamina back, SEU and suit capacity restored. */
export function planUndo(
  records: readonly AppliedRecord[],
  targets: readonly (TargetState | null)[],
  levels: Readonly<Record<string, ItemLevels>>,
): WriteBatch {
  const batch: WriteBatch = { actors: [], tokens: {}, items: {}, unconscious: [], stunned: [] };
  records.forEach((r, i) => {
    const t = targets[i];
    if (!t) return;
    staminaWrite(batch, t, t.stamina.value + (r.staminaBefore - r.staminaAfter));
    const key = actorKey(t);
    const lv = levels[key] ?? { power: {}, capacity: {} };
    const items = [
      ...Object.entries(r.drains).map(([pid, seu]) => ({
        _id: pid,
        "system.remaining": (lv.power[pid] ?? 0) + seu,
      })),
      ...Object.entries(r.wear).map(([sid, w]) => ({
        _id: sid,
        "system.capacity.value": (lv.capacity[sid] ?? 0) + w,
      })),
    ];
    if (items.length) batch.items[key] = [...(batch.items[key] ?? []), ...items];
  });
  return batch;
}

/** How many document writes a batch makes: one for all actors, one per scene, one per actor with item changes. */
export function countWrites(batch: WriteBatch): number {
  return (batch.actors.length ? 1 : 0) + Object.keys(batch.tokens).length + Object.keys(batch.items).length;
}
