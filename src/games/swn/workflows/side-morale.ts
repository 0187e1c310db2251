/**
 * Side Morale at the table (issue 16; seed 003: SWN-12, SWN-13, SWN-09, SWN-10), under the d20 engine's `swn` profile.
 *
 * Each side (a `side` CombatantGroup) of NPCs has a Morale number; a side with a player character has none, and so
 * has a side all of whose members are immune (robots). The number is made of factors (`rules/swn/morale.ts`):
 * - seen by the combat, costing no writes: the leader down (its combatant defeated or at 0 HP), each 20 % step of the
 *   side's forces or HP lost since the fight started (ruling 4e: the larger count), the intimidations;
 * - the GM's (edited from the tracker): the base (default: the highest member's `swn.morale`, ruling 4e), the leader
 *   and its kind (present at the start: +1 / +2), surprised, outgunned, home ground.
 *
 * Who knows what (review trust-and-faults-2 §3-B). Every client holds every document's data (v13), so what a document
 * carries a player can read from the console:
 * - each member's own Morale (`system.swn.morale`, the default base), HP, defeated mark and the GM's "unaware" mark,
 *   so the losses and that default base are open to a player who looks;
 * - on the group: the band (its terms are on every card), the rounds it was intimidated (each announced by a card),
 *   the start snapshot, and which GM user's browser holds the factors (`flags.moraleFactors`: a user id and a random
 *   key, no factor);
 * - on the Combat: the round each actor last read Morale in (`flags.moraleReads`) and last tried to intimidate in
 *   (`flags.intimidations`).
 * The GM's factors — a base the GM entered, the leader and its kind, surprised, outgunned, home ground — are in no
 * document: they live in one GM browser (a client setting, `sideMorale`, as sealed sides do), and the number is worked
 * out there. So a player cannot read a side's number unless the GM entered none of those factors (then it is the
 * default base and the counted losses, both in documents), or by Read Morale.
 * Read Morale (SWN-10): the reading is in no document. The GM hands it to the reader's browser alone with v13's
 * `User#query` (issue 33; side-morale-gm.ts `deliverReading`: a ticket pushed to the reader, claimed back from that
 * GM), and the reader's browser keeps it in a client setting (`keepRead`). No other client receives it.
 * One browser holds a side's factors (review §2-E): the group names it; another GM browser — another GM, or the same
 * GM on another machine — leaves the band alone, refuses Intimidate and Read Morale at that side, and says why once.
 * Entering the factors in that browser takes the side over.
 *
 * The active GM's recompute, cards and requests are in side-morale-gm.ts, loaded when first needed (side-morale-hooks.ts
 * wires its requests and hooks lazily; `canvas/morale-band.ts` reads the band).
 *
 * Writes. The active GM recomputes a side when something it counts changes; when the band changes it writes the
 * group once and posts one card (a Morale change = 1 group update + 1 card, `npm run bench`). An intimidation's group
 * write carries the new band with it, and a public band card says it (whatever the Intimidate's roll mode).
 */

import { SYSTEM_ID } from "../../../constants.js";
import { actorSystem, isSquad } from "../../../data/subtypes.js";
import { sideIdOf } from "../../../documents/subtypes.js";
import { perPage } from "../../../helpers/page-state.js";
import { notify } from "../../../helpers/report.js";
import { clientSettings, SETTINGS } from "../../../helpers/settings.js";
import {
  type LeaderKind,
  MORALE_BANDS,
  type Modifier,
  type MoraleBand,
  moraleBand,
  RulesError,
  sideMorale,
  unitsLeft,
} from "../../../rules/index.js";

type CombatI = Combat.Implementation;
type GroupI = CombatantGroup.OfType<"side">;

/** The GM's factors of one side (SWN-12). */
export interface GmMoraleFactors {
  /** null: the highest member's Morale (ruling 4e). */
  readonly base: number | null;
  /** The leader's combatant id ("" = none), present at the start of the fight. */
  readonly leaderId: string;
  readonly leaderKind: LeaderKind;
  readonly surprised: boolean;
  /** −1 per negative factor, +1 per positive. */
  readonly outgunned: number;
  readonly homeGround: boolean;
}

export const NO_FACTORS: GmMoraleFactors = {
  base: null,
  leaderId: "",
  leaderKind: "ordinary",
  surprised: false,
  outgunned: 0,
  homeGround: false,
};

/** A member of a side as Morale reads it. */
export interface MoraleMember {
  readonly id: string;
  readonly isPC: boolean;
  readonly morale: number;
  readonly immune: boolean;
  readonly hp: number;
  /** Defeated, or at 0 HP. */
  readonly down: boolean;
  /** SWN-17: the forces it counts for — a squad its units, anyone else 1 — and those still standing. */
  readonly forces?: number;
  readonly standing?: number;
  /** SW-02: unaware of its foes as the fight began (the GM's mark in the tracker). */
  readonly unaware?: boolean;
}

/** What every client knows of a side's Morale (the group's `system.morale`). */
export interface PublicMorale {
  readonly band: string;
  readonly intimidated: readonly number[];
  readonly start: { readonly members: number; readonly hp: number };
  /** The side's own surprise (SF-X-02's flag on the group). */
  readonly surprised?: boolean;
}

export interface SideMoraleNow {
  readonly value: number;
  readonly band: MoraleBand;
  readonly factors: readonly Modifier[];
}

/**
 * SWN-12 for one side (pure): its Morale now from its members, the GM's factors and the public record; null for a
 * side with a player character, an empty side, or a side all of whose members are immune.
 */
export function sideMoraleNow(
  all: readonly MoraleMember[],
  gm: GmMoraleFactors,
  pub: PublicMorale,
): SideMoraleNow | null {
  if (!all.length || all.some((m) => m.isPC) || all.every((m) => m.immune)) return null;
  // Immune members (robots) neither set the base nor count among the losses.
  const members = all.filter((m) => !m.immune);
  const base = gm.base ?? Math.max(...members.map((m) => m.morale));
  const leader = members.find((m) => m.id === gm.leaderId);
  const start = pub.start.members > 0 ? pub.start : startOf(members);
  // SWN-12: surprised or ill-prepared — the GM's word, the side's surprise, or every member unaware (SW-02).
  const surprised = gm.surprised || !!pub.surprised || members.every((m) => m.unaware);
  const out = sideMorale({
    base,
    leader: leader ? { kind: gm.leaderKind, presentAtStart: true, down: leader.down } : null,
    surprised,
    members: { start: start.members, now: Math.min(start.members, standingOf(members)) },
    hp: {
      start: start.hp,
      now: Math.min(
        start.hp,
        members.reduce((s, m) => s + Math.max(0, m.hp), 0),
      ),
    },
    outgunned: gm.outgunned,
    homeGround: gm.homeGround,
    intimidated: pub.intimidated.length,
  });
  return out ? { value: out.value, band: moraleBand(out.value).band, factors: out.factors } : null;
}

/** SWN-17: the forces still standing — a squad's living units, anyone else 1 unless down. */
const standingOf = (members: readonly MoraleMember[]) =>
  members.reduce((s, m) => s + (m.standing ?? (m.down ? 0 : 1)), 0);

/** The side as it stands, for the start snapshot: its forces (a squad counts its units) and their HP. */
export function startOf(members: readonly MoraleMember[]): { members: number; hp: number } {
  const counted = members.filter((m) => !m.immune);
  return {
    members: counted.reduce((s, m) => s + (m.forces ?? 1), 0),
    hp: counted.reduce((s, m) => s + Math.max(0, m.hp), 0),
  };
}

/** SWN-13: a band's terms as the card says them ("−2 to attack", "+1 AC"). */
export function bandEffects(band: MoraleBand): { attack: number; ac: number } {
  const b = MORALE_BANDS.find((x) => x.band === band);
  return { attack: b?.attack ?? 0, ac: b?.ac ?? 0 };
}

/* -------------------------------------------- */
/*  Foundry                                     */
/* -------------------------------------------- */

/** combat id → side id → the GM's factors, and the key the group names when this browser holds them (§2-E). */
export type Store = Record<string, Record<string, Partial<GmMoraleFactors> & { key?: string }>>;

export function readStore(key: "sideMorale" | "moraleRead"): Store {
  const raw: unknown = clientSettings().get(SYSTEM_ID, SETTINGS[key]);
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Store) : {};
}

/** The GM's factors of a side, as this browser keeps them (defaults when none). */
export function gmFactors(combatId: string, sideId: string): GmMoraleFactors {
  const f = readStore("sideMorale")[combatId]?.[sideId] ?? {};
  const int = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) ? v : d);
  return {
    base: f.base === null || f.base === undefined ? null : int(f.base, 8),
    leaderId: typeof f.leaderId === "string" ? f.leaderId : "",
    leaderKind: f.leaderKind === "great" ? "great" : "ordinary",
    surprised: f.surprised === true,
    outgunned: int(f.outgunned, 0),
    homeGround: f.homeGround === true,
  };
}

/** Which GM browser holds a side's factors (§2-E): the GM user and a random key kept with them there. */
export interface FactorHolder {
  readonly user: string;
  readonly key: string;
}

/** The holder the group names (a GM wrote it: players cannot write a CombatantGroup), or null when none entered any. */
export function holderOf(group: GroupI): FactorHolder | null {
  const h: unknown = group.side?.moraleFactors;
  return isRecord(h) && typeof h.user === "string" && typeof h.key === "string"
    ? { user: h.user, key: h.key }
    : null;
}

/**
 * Does this browser hold the side's factors? Yes when no GM entered any (the defaults are every browser's), or when
 * it keeps the key the group names. A GM's user id alone cannot tell: the same GM on another machine has the id but
 * not the factors.
 */
export function holdsFactors(combat: CombatI, group: GroupI): boolean {
  const h = holderOf(group);
  return !h || readStore("sideMorale")[combat.id ?? ""]?.[group.id ?? ""]?.key === h.key;
}

/** Why this browser leaves a side alone: the factors are in another GM browser (an error to show). */
export function notHeld(group: GroupI): RulesError {
  const side = group.name ?? "";
  const user = game.users?.get(holderOf(group)?.user ?? "")?.name ?? "?";
  return new RulesError(
    "FT.SWN.Morale.notHeld",
    `${side}: its Morale factors are kept in another browser (${user}'s); this browser leaves its band as it is. Enter the factors here to take the side over (SWN-12).`,
    { side, user },
  );
}

/** The sides this page has already said it leaves alone (once each, not at every HP change). */
const WARNED = perPage(() => new Set<string>());

export function warnNotHeld(combat: CombatI, group: GroupI): void {
  const key = `${combat.id}.${group.id}.${holderOf(group)?.key}`;
  if (WARNED().has(key)) return;
  WARNED().add(key);
  const e = notHeld(group);
  notify("warn", e.key, e.data);
}

/** A side's members as Morale reads them. */
export function membersOf(combat: CombatI, sideId: string): MoraleMember[] {
  return combat.combatants.contents
    .filter((c) => sideIdOf(c) === sideId)
    .map((c) => {
      // SW-02: the GM's mark, kept on the Combat (T2-1B).
      const unaware = combat.isUnaware(c.id ?? "");
      const actor = c.actor;
      // SWN-17: a squad counts its units among the forces, and its one pool among the HP.
      if (actor && isSquad(actor)) {
        const q = actor.system;
        const standing = unitsLeft(q.hp.value, q.swn.hd, q.units.max);
        return {
          id: c.id ?? "",
          isPC: c.hasPlayerOwner,
          morale: q.swn.morale,
          immune: false,
          hp: q.hp.value,
          down: c.isDefeated || standing === 0,
          // The forces it brings to the fight are the units standing when it is counted (a squad already down to
          // 3 of 5 has not lost 40 % of the side's forces in this fight).
          forces: standing,
          standing: c.isDefeated ? 0 : standing,
          unaware,
        };
      }
      const sys = actorSystem(actor);
      const hp = sys?.swn.hp.value ?? 0;
      return {
        id: c.id ?? "",
        isPC: c.hasPlayerOwner,
        morale: sys?.swn.morale ?? 8,
        immune: sys?.swn.moraleImmune ?? false,
        hp,
        down: c.isDefeated || (!!sys && hp <= 0),
        unaware,
      };
    });
}

export function publicOf(group: GroupI): PublicMorale {
  const m = group.system.morale;
  return {
    band: m.band,
    intimidated: [...m.intimidated],
    start: { ...m.start },
    surprised: group.system.surprised,
  };
}

/** The side's Morale now (GM: the factors are this browser's), or null. */
export function moraleOfSide(combat: CombatI, group: GroupI): SideMoraleNow | null {
  return sideMoraleNow(
    membersOf(combat, group.id ?? ""),
    gmFactors(combat.id ?? "", group.id ?? ""),
    publicOf(group),
  );
}

/** A reader's record of the Morale they read: combat id → side id → { value, band, round }. */
export type ReadRecord = Readonly<
  Record<string, Readonly<Record<string, { value: number; band: string; round: number }>>>
>;

/** A plain object (stored JSON, a flag). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** This browser's record of what its user read (SWN-10). */
export function moraleRead(): ReadRecord {
  const raw: unknown = clientSettings().get(SYSTEM_ID, SETTINGS.moraleRead);
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as ReadRecord) : {};
}

/** Keep what the GM told this user (the reader's browser), and redraw the tracker. */
export async function keepRead(raw: unknown): Promise<boolean> {
  if (!isRecord(raw) || typeof raw.combatId !== "string" || !Array.isArray(raw.sides)) return false;
  const combatId = raw.combatId;
  const round = typeof raw.round === "number" && Number.isInteger(raw.round) ? raw.round : 0;
  const sides: Record<string, { value: number; band: string; round: number }> = {};
  for (const x of raw.sides)
    if (isRecord(x) && typeof x.id === "string" && typeof x.value === "number" && typeof x.band === "string")
      sides[x.id] = { value: x.value, band: x.band, round };
  const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
  const next: Record<string, unknown> = {};
  for (const [id, v] of Object.entries(moraleRead())) if (live.has(id)) next[id] = v;
  next[combatId] = { ...(moraleRead()[combatId] ?? {}), ...sides };
  await clientSettings().set(SYSTEM_ID, SETTINGS.moraleRead, next);
  ui.combat?.render();
  return true;
}

/* -------------------------------------------- */
/*  Wiring                                      */
/* -------------------------------------------- */

export type { MoraleBand };
