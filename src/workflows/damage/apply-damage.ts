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
 */
import { SYSTEM_ID } from "../../constants.js";
import { type WoundState, woundState } from "../../rules/d20/health.js";
import {
  applyHitPointsHit,
  applySquadHit,
  applyStaminaHit,
  applyVitalityWoundsHit,
  type Critical,
  type DamageKind,
  type DefenseState,
  type PoolChange,
  type PoolKey,
  resolveDoze,
  squadHp,
  timesUnits,
  unitsLeft,
} from "../../rules/index.js";

/**
 * Status effects the apply may turn on, and undo turns off again: Star Frontiers' unconscious and stun; the d20 wound states (SW-10: fatigued
 * after wound damage, disabled at 0, dying below it, dead at −10; `helpers/d20-statuses.ts` and core's `dead`).
 */
export const APPLIED_STATUSES = ["unconscious", "stun", "fatigued", "disabled", "dying", "dead"] as const;
export type AppliedStatus = (typeof APPLIED_STATUSES)[number];

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
  /**
   * The target's health model when it is not Star Frontiers Stamina (issue 14): the apply takes the hit by the
   * TARGET's model, whichever engine rolled it. Absent: the `stamina` model (its screens, suits and Stamina above).
   */
  readonly health?: VitalityWoundsTarget | HitPointsTarget | SquadTarget;
  /**
   * The target's SWN hit points (ruling 1), kept apart from `health` so a d20 card of either profile finds the pools
   * it was rolled for (`planCard` puts these in `health` for an `swn` card).
   */
  readonly swnHp?: HitPointsTarget;
  /** This card's record on the target, when it was applied and not undone (read from the target's own data). */
  readonly recorded?: AppliedRecord | null;
  /** A GM undid this card's hit on the target: only a GM applies it again. */
  readonly undone?: boolean;
  /** Status effects active on the target now. */
  readonly statuses?: readonly string[];
  /**
   * SF-X-42: doze grenades count together only while their gas lasts (the turn they burst, SF-B-18). `turn` names
   * the turn now (the combat and its round, or the world time outside combat); `earlier` is how many other doze
   * cards were applied to this target in that turn (read from the records on the target, undone ones left out).
   */
  readonly doze?: { readonly turn: string; readonly earlier: number };
}

/** A d20 target's vitality and wound points (SW-10, SW-11, SW-18) as the apply reads them. */
export interface VitalityWoundsTarget {
  readonly model: "vitalityWounds";
  readonly vitality: { readonly value: number; readonly max: number };
  readonly wounds: { readonly value: number; readonly max: number };
  /** Heroic characters have vitality and take a confirmed critical as wound damage; ordinary ones drop to −1. */
  readonly heroic: boolean;
  /** Damage reduction of the armour worn (wound damage only, SW-11). */
  readonly dr: number;
  /** Wound points already lost this round (for the Fortitude DC, SW-10). */
  readonly lostThisRound: number;
  /** The combat and round now: the wound log is written in them (SW-10); absent or null outside combat. */
  readonly round?: { readonly combatId: string; readonly round: number } | null;
}

/**
 * A squad (SWN-17) as the apply reads it: its one pool of hit points, HD and units; `areaUnits`: how many of its
 * units the card's burst reaches as the GM measures it from the token's cells (an area attack's damage is
 * multiplied by them; absent: a single attack, × 1).
 */
export interface SquadTarget {
  readonly model: "squad";
  readonly hp: number;
  readonly hd: number;
  readonly units: { readonly value: number; readonly max: number };
  readonly areaUnits?: number;
}

/** An SWN target's hit points (ruling 1) as the apply reads them. */
export interface HitPointsTarget {
  readonly model: "hitPoints";
  readonly hp: { readonly value: number; readonly max: number };
}

export interface AppliedRecord {
  readonly targetId: string;
  readonly name: string;
  readonly rolled: number;
  /** What the hit took from the target's pools, after its defenses (Stamina; or vitality plus wound points). */
  readonly taken: number;
  /** The `stamina` model's numbers (every record from before issue 14 has them). */
  readonly staminaBefore?: number;
  readonly staminaAfter?: number;
  /** The target's health model when it is not `stamina` (records without it are Stamina records). */
  readonly health?: "vitalityWounds" | "hitPoints" | "squad";
  /** Each pool the hit changed, before and after: what undo puts back. Stamina records from before have none. */
  readonly pools?: readonly PoolChange[];
  /** SW-10: the Fortitude save the hit calls for (5 + wound points lost this round), or absent. */
  readonly fortitudeDC?: number | null;
  /** SW-10: the Fortitude save this hit called for failed and knocked the target out (undo wakes it). */
  readonly knockedOut?: boolean;
  /** SW-10: wound damage leaves the target fatigued. */
  readonly fatigued?: boolean;
  /** SWN-17: a squad's hit — the units an area attack caught (the damage's multiplier), and the units standing. */
  readonly squad?: { readonly unitsHit: number; readonly unitsBefore: number; readonly unitsAfter: number };
  /** SW-10: the wound points this hit added to the round's wound log, and the round it counts in (for undo). */
  readonly woundLog?: { readonly combatId: string; readonly round: number; readonly lost: number } | null;
  readonly unconscious: boolean;
  /** SEU drained per power source item id, and suit wear per suit id: to undo. */
  readonly drains: Readonly<Record<string, number>>;
  readonly wear: Readonly<Record<string, number>>;
  /** The status effects this apply turned on (not those already on): undo turns exactly these off. */
  readonly statuses?: readonly AppliedStatus[];
  /**
   * A doze grenade's result (SF-B-18, SF-X-42): knocked out, or how many grenades it would take; how many had
   * caught it this turn counting this one, and the turn (so the next grenade this turn counts this one).
   */
  readonly doze?:
    | {
        readonly knockedOut: boolean;
        readonly needed: number;
        readonly grenades?: number;
        readonly turn?: string;
      }
    | undefined;
  /** Steps for the card ("Albedo screen absorbed 11, 3 SEU"). */
  readonly steps: readonly {
    name: string;
    before: number;
    after: number;
    seu: number;
    failed: string | null;
  }[];
}

type Update = { _id: string; [path: string]: unknown };

export interface WriteBatch {
  /** World actors: one call. */
  readonly actors: Update[];
  /** Unlinked tokens, per scene: one call per scene. */
  readonly tokens: Record<string, Update[]>;
  /** Item changes (SEU drained from packs, suits worn) per actor key (`actor:<id>` or `token:<scene>.<token>`). */
  readonly items: Record<string, Update[]>;
  /** Status effects to turn on (apply) or off (undo), per target id. */
  readonly statuses: Record<
    string,
    {
      readonly on: readonly AppliedStatus[];
      readonly off: readonly AppliedStatus[];
      /** How many turns each status turned on lasts (doze sleep, a stun), shown on its effect's duration. */
      readonly turns?: Partial<Record<AppliedStatus, number>>;
    }
  >;
  /** Which target ids each actor and token write carries (so a refused write names its targets). */
  readonly carries: Record<string, string[]>;
}

export interface ApplyOutcome {
  readonly applied: AppliedRecord[];
  readonly skipped: { id: string; reason: string }[];
  readonly batch: WriteBatch;
}

/** What the power sources and suits hold now, to compute the writes (capacity: to clamp an undo). */
export interface ItemLevels {
  readonly power: Readonly<Record<string, number>>;
  readonly capacity: Readonly<Record<string, number>>;
  readonly powerMax?: Readonly<Record<string, number>>;
  readonly capacityMax?: Readonly<Record<string, number>>;
}

export const actorKey = (t: Pick<TargetState, "linked" | "actorId" | "sceneId" | "tokenId">) =>
  t.linked ? `actor:${t.actorId}` : `token:${t.sceneId}.${t.tokenId}`;

/** Where a card's record sits in the target's data (message and token ids are 16 letters and digits). */
export const ledgerPath = (messageId: string, tokenId: string) =>
  `flags.${SYSTEM_ID}.hits.${messageId}.${tokenId}`;

const emptyBatch = (): WriteBatch => ({ actors: [], tokens: {}, items: {}, statuses: {}, carries: {} });

/** The update object for a target's actor (or token delta), created once per actor key and merged into. */
function updateFor(batch: WriteBatch, t: TargetState): { update: Update; prefix: string } {
  const key = actorKey(t);
  const id = t.linked ? t.actorId : t.tokenId;
  if (!t.linked && !batch.tokens[t.sceneId]) batch.tokens[t.sceneId] = [];
  const list = t.linked ? batch.actors : (batch.tokens[t.sceneId] ?? []);
  let update = list.find((u) => u._id === id);
  if (!update) {
    update = { _id: id };
    list.push(update);
  }
  batch.carries[key] = [...(batch.carries[key] ?? []), t.id];
  return { update, prefix: t.linked ? "" : "delta." };
}

/** The running state of each actor while a plan goes through its targets (two tokens of one linked actor). */
interface Running {
  stamina: number;
  vitality: number;
  wounds: number;
  swnHp: number;
  /** A squad's hit points (SWN-17). */
  hp: number;
  /** Wound points lost this round, this plan's hits included (SW-10). */
  lost: number;
  power: Record<string, number>;
  capacity: Record<string, number>;
}

function runningFor(
  running: Map<string, Running>,
  t: TargetState,
  levels: Readonly<Record<string, ItemLevels>>,
): Running {
  const key = actorKey(t);
  let r = running.get(key);
  if (!r) {
    const lv = levels[key] ?? { power: {}, capacity: {} };
    r = {
      stamina: t.stamina.value,
      vitality: t.health?.model === "vitalityWounds" ? t.health.vitality.value : 0,
      wounds: t.health?.model === "vitalityWounds" ? t.health.wounds.value : 0,
      swnHp: (t.health?.model === "hitPoints" ? t.health : t.swnHp)?.hp.value ?? 0,
      hp: t.health?.model === "squad" ? t.health.hp : 0,
      lost: t.health?.model === "vitalityWounds" ? t.health.lostThisRound : 0,
      power: { ...lv.power },
      capacity: { ...lv.capacity },
    };
    running.set(key, r);
  }
  return r;
}

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
      const hit = { amount: rolled, kind, critical: critical[id] ?? "none" };
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

/** Where each pool lives in the target's data (the actor's, or its token's delta). */
const POOL_PATH: Readonly<Record<PoolKey, string>> = {
  stamina: "system.stamina.value",
  vitality: "system.d20.vitality.value",
  wounds: "system.d20.wounds.value",
  swnHp: "system.swn.hp.value",
  hp: "system.hp.value",
};

/** A pool's maximum on the target now (undo never restores above it). */
function poolMax(t: TargetState, pool: PoolKey): number {
  if (pool === "stamina") return t.stamina.max;
  if (pool === "hp")
    return t.health?.model === "squad" ? squadHp(t.health.units.max, t.health.hd) : Number.POSITIVE_INFINITY;
  if (pool === "swnHp")
    return (t.health?.model === "hitPoints" ? t.health : t.swnHp)?.hp.max ?? Number.POSITIVE_INFINITY;
  return t.health?.model === "vitalityWounds" ? t.health[pool].max : Number.POSITIVE_INFINITY;
}

/**
 * One hit on a vitality/wound-point target (SW-10, SW-11, SW-18): vitality first (a heroic target's), then wound
 * points less the armour's DR; a confirmed critical to wounds (or an ordinary foe to −1). Dying or dead is
 * unconscious; the record keeps the Fortitude DC the hit calls for and whether it left the target fatigued.
 */
function planVitalityWounds(
  messageId: string,
  batch: WriteBatch,
  t: TargetState,
  h: VitalityWoundsTarget,
  run: Running,
  hit: { amount: number; kind: DamageKind; critical: Critical },
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
  for (const p of pools) update[`${prefix}${POOL_PATH[p.pool]}`] = p.after;
  // SW-10: the round's wound points lost, for the next hit's Fortitude DC this round (issue 14, d20ui).
  if (h.round && result.woundsLost > 0)
    update[`${prefix}system.d20.woundLog`] = {
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
  if (on.length || off.length) batch.statuses[t.id] = { on, off };
  return record;
}

/**
 * One hit on an SWN target's hit points (ruling 1): the damage (the cover's armour already taken off, SWN-15) comes
 * off its HP, never below 0; at 0 it is down (unconscious).
 */
function planHitPoints(
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
  for (const p of hit.pools) update[`${prefix}${POOL_PATH[p.pool]}`] = p.after;
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
function planSquad(
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
  for (const p of hit.pools) update[`${prefix}${POOL_PATH[p.pool]}`] = p.after;
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

/** SW-10: the wound states' statuses, of which a target has one at a time. */
const WOUND_STATES: readonly AppliedStatus[] = ["disabled", "dying", "dead"];

/** SW-10: the statuses a wound state calls for (fatigued after any wound damage). */
function d20Statuses(state: WoundState, fatigued: boolean): AppliedStatus[] {
  const out: AppliedStatus[] = [];
  if (fatigued) out.push("fatigued");
  if (state !== "ok") out.push(state);
  return out;
}

/** The pools a record changed: its own list, or a Stamina record's two numbers (every record from before). */
export function poolsOf(r: AppliedRecord): readonly PoolChange[] {
  if (r.pools) return r.pools;
  return [{ pool: "stamina", before: r.staminaBefore ?? 0, after: r.staminaAfter ?? 0 }];
}

/** Item updates merged by id: the last value for an item wins (it already accounts for the earlier ones). */
function mergeItems(current: readonly Update[], more: readonly Update[]): Update[] {
  const out = current.map((u) => ({ ...u }));
  for (const u of more) {
    const same = out.find((o) => o._id === u._id);
    if (same) Object.assign(same, u);
    else out.push({ ...u });
  }
  return out;
}

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
      update[`${prefix}${POOL_PATH[p.pool]}`] = run[p.pool];
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
      update[`${prefix}system.d20.woundLog`] = { ...log, lost: run.lost };
    }
    // The wound state the undo leaves the target in, if the apply had turned it off (dying back to disabled).
    const back = d20
      ? [...still].filter((s) => WOUND_STATES.includes(s) && !(t.statuses ?? []).includes(s))
      : [];
    if (off.length || back.length) batch.statuses[r.targetId] = { on: back, off };
  });
  return batch;
}

/** How many document writes a batch makes: one for all actors, one per scene, one per actor with item changes. */
export function countWrites(batch: WriteBatch): number {
  return (batch.actors.length ? 1 : 0) + Object.keys(batch.tokens).length + Object.keys(batch.items).length;
}
