/**
 * What the GM's apply of an attack's damage reads and writes (moved out of apply-damage.ts, which plans a hit;
 * undo-damage.ts undoes it): a target as it stands (Stamina, screens and suits, SW-10's vitality and wound points,
 * SWN hit points, a squad's pool, SWN-17), the record of a hit kept on the target, the batch of writes, and the steps
 * every plan shares — the update for a target's actor, each actor's running pools, where each pool lives, the d20
 * wound states' statuses (SW-10).
 */

import { SYSTEM_ID } from "../../constants.js";
import { gameTables } from "../../helpers/game.js";
import {
  type DefenseState,
  type PoolChange,
  type PoolKey,
  squadHp,
  type WoundState,
} from "../../rules/index.js";

/**
 * Status effects the apply may turn on, and undo turns off again: Star Frontiers' unconscious and stun; the d20 wound states (SW-10: fatigued
 * after wound damage, disabled at 0, dying below it, dead at −10; `games/d20/helpers/statuses.ts` and core's `dead`;
 * `stable`, which the dying save turns on and a new wound takes off).
 */
export const APPLIED_STATUSES = [
  "unconscious",
  "stun",
  "fatigued",
  "disabled",
  "dying",
  "dead",
  "stable",
] as const;
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

export type Update = { _id: string; [path: string]: unknown };

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

export const emptyBatch = (): WriteBatch => ({
  actors: [],
  tokens: {},
  items: {},
  statuses: {},
  carries: {},
});

/** The update object for a target's actor (or token delta), created once per actor key and merged into. */
export function updateFor(batch: WriteBatch, t: TargetState): { update: Update; prefix: string } {
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
export interface Running {
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

export function runningFor(
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
 * Where a pool lives in the target's data (the actor's, or its token's delta): Stamina and a squad's hit points are
 * every game's; the others are the game's that names them, in its card section (issue 30: SW-10's vitality, wound
 * points and the round's wound log, ruling 1's SWN hit points). A record keeps its pools by key, so an undo finds
 * them whatever the world plays now.
 */
export function poolPath(pool: PoolKey | "woundLog"): string {
  if (pool === "stamina") return "system.stamina.value";
  if (pool === "hp") return "system.hp.value";
  for (const g of gameTables()) {
    const path = g.card.pools.paths[pool];
    if (path) return path;
  }
  throw new Error(`frontier-tactics | no game keeps the pool "${pool}"`);
}

/** A pool's maximum on the target now (undo never restores above it). */
export function poolMax(t: TargetState, pool: PoolKey): number {
  if (pool === "stamina") return t.stamina.max;
  if (pool === "hp")
    return t.health?.model === "squad" ? squadHp(t.health.units.max, t.health.hd) : Number.POSITIVE_INFINITY;
  if (pool === "swnHp")
    return (t.health?.model === "hitPoints" ? t.health : t.swnHp)?.hp.max ?? Number.POSITIVE_INFINITY;
  return t.health?.model === "vitalityWounds" ? t.health[pool].max : Number.POSITIVE_INFINITY;
}

/** SW-10: the wound states' statuses, of which a target has one at a time. */
export const WOUND_STATES: readonly AppliedStatus[] = ["disabled", "dying", "dead"];

/** SW-10: the statuses a wound state calls for (fatigued after any wound damage). */
export function d20Statuses(state: WoundState, fatigued: boolean): AppliedStatus[] {
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
export function mergeItems(current: readonly Update[], more: readonly Update[]): Update[] {
  const out = current.map((u) => ({ ...u }));
  for (const u of more) {
    const same = out.find((o) => o._id === u._id);
    if (same) Object.assign(same, u);
    else out.push({ ...u });
  }
  return out;
}

/** How many document writes a batch makes: one for all actors, one per scene, one per actor with item changes. */
export function countWrites(batch: WriteBatch): number {
  return (batch.actors.length ? 1 : 0) + Object.keys(batch.tokens).length + Object.keys(batch.items).length;
}
