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
 *   the start snapshot, and which GM user's browser holds the factors (`system.moraleFactors`: a user id and a random
 *   key, no factor);
 * - on the Combat: the round each actor last read Morale in (`flags.moraleReads`) and last tried to intimidate in
 *   (`flags.intimidations`).
 * The GM's factors — a base the GM entered, the leader and its kind, surprised, outgunned, home ground — are in no
 * document: they live in one GM browser (a client setting, `sideMorale`, as sealed sides do), and the number is worked
 * out there. So a player cannot read a side's number unless the GM entered none of those factors (then it is the
 * default base and the counted losses, both in documents), or by Read Morale.
 * Read Morale (SWN-10): the GM writes the reading on the reader's own User (`flags.moraleReading`), which only that
 * user and the GMs may write (v13 common/documents/user.mjs `#canUpdate`); the reader's browser keeps it only when
 * the write came from a GM (`receiveReading`). The User, like every document, reaches every client: another player
 * with a console can read what the reader was told.
 * One browser holds a side's factors (review §2-E): the group names it; another GM browser — another GM, or the same
 * GM on another machine — leaves the band alone, refuses Intimidate and Read Morale at that side, and says why once.
 * Entering the factors in that browser takes the side over.
 *
 * Loaded when first needed (index.ts wires its requests and hooks lazily; `canvas/morale-band.ts` reads the band).
 *
 * Writes. The active GM recomputes a side when something it counts changes; when the band changes it writes the
 * group once and posts one card (a Morale change = 1 group update + 1 card, `npm run bench`). An intimidation's group
 * write carries the new band with it, and its card says it.
 */

import { isSwn } from "../../canvas/morale-band.js";
import { SYSTEM_ID } from "../../constants.js";
import { combatState } from "../../documents/combat/gm-state.js";
import { actorSystem, isSide, isSquad, sideIdOf } from "../../documents/subtypes.js";
import { perPage } from "../../helpers/page-state.js";
import { notify } from "../../helpers/report.js";
import { KeyedQueue } from "../../helpers/serial.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";
import {
  checkIntimidateThisRound,
  checkReadThisRound,
  intimidate,
  type LeaderKind,
  MORALE_BANDS,
  type Modifier,
  type MoraleBand,
  moraleBand,
  moraleCheckBonus,
  RulesError,
  readMorale,
  sideMorale,
  unitsLeft,
} from "../../rules/index.js";
import { keyed, line, literal, postRuleCard, type RuleLine } from "../card/rule-card.js";

type CombatI = Combat.Implementation;
type GroupI = CombatantGroup.OfType<"side">;
type UserI = User.Implementation;

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
type Store = Record<string, Record<string, Partial<GmMoraleFactors> & { key?: string }>>;

function readStore(key: "sideMorale" | "moraleRead"): Store {
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
  const h: unknown = isSide(group) ? group.system.moraleFactors : null;
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

function warnNotHeld(combat: CombatI, group: GroupI): void {
  const key = `${combat.id}.${group.id}.${holderOf(group)?.key}`;
  if (WARNED().has(key)) return;
  WARNED().add(key);
  const e = notHeld(group);
  notify("warn", e.key, e.data);
}

/**
 * Keep the GM's factors of a side (GM), dropping combats no longer in the world; the group then names this browser
 * as their holder (a new key when it did not hold them: entering them here takes the side over); then recompute.
 */
export async function setGmFactors(combat: CombatI, sideId: string, f: GmMoraleFactors): Promise<void> {
  const group = combat.groups.get(sideId);
  if (!group || !isSide(group)) return;
  const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
  const store = readStore("sideMorale");
  const held = holdsFactors(combat, group) ? holderOf(group) : null;
  const key = held?.key ?? foundry.utils.randomID();
  const next: Store = {};
  for (const [id, sides] of Object.entries(store)) if (live.has(id)) next[id] = sides;
  next[combat.id ?? ""] = { ...(next[combat.id ?? ""] ?? {}), [sideId]: { ...f, key } };
  await clientSettings().set(SYSTEM_ID, SETTINGS.sideMorale, next);
  if (held?.key !== key || held.user !== game.user?.id)
    await group.update({ system: { moraleFactors: { user: game.user?.id ?? "", key } } });
  await refreshMorale(combat);
}

/** A side's members as Morale reads them. */
export function membersOf(combat: CombatI, sideId: string): MoraleMember[] {
  return combat.combatants.contents
    .filter((c) => sideIdOf(c) === sideId)
    .map((c) => {
      // SW-02: the GM's mark, kept on the Combat (T2-1B).
      const unaware = combatState(combat).unaware.includes(c.id ?? "");
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

function publicOf(group: GroupI): PublicMorale {
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

const QUEUE = perPage(() => new KeyedQueue());

/**
 * The active GM: bring every side's public record in line with its Morale now — the band, and the start snapshot
 * once the combat has started — in one group update per side that changed, and one card per band change.
 */
export function refreshMorale(combat: CombatI): Promise<void> {
  if (!game.user?.isActiveGM || !isSwn() || !combat.id) return Promise.resolve();
  return QUEUE().run(combat.id, async () => {
    for (const group of combat.groups.contents) {
      if (!isSide(group)) continue;
      // §2-E: without the GM's factors this browser would work out another number, write a band and post a card.
      if (!holdsFactors(combat, group)) {
        warnNotHeld(combat, group);
        continue;
      }
      await settleSide(
        membersOf(combat, group.id ?? ""),
        gmFactors(combat.id ?? "", group.id ?? ""),
        publicOf(group),
        combat.started,
        sideWrites(group),
      );
    }
  });
}

/** What a Morale change writes: the side's public record (one group update), and one card. */
export interface MoraleWrites {
  updateSide(morale: {
    readonly band?: string;
    readonly intimidated?: readonly number[];
    readonly start?: { readonly members: number; readonly hp: number };
  }): Promise<void>;
  postBand(before: string, after: MoraleBand): Promise<void>;
}

/**
 * SWN-12, SWN-13: bring one side's public record in line with its Morale now — the band, and the start snapshot once
 * the fight has started — in one update, and one card when the band changed (the first band a side gets, as the
 * fight starts, is no change of heart: no card). Nothing is written when nothing changed.
 */
export async function settleSide(
  members: readonly MoraleMember[],
  gm: GmMoraleFactors,
  pub: PublicMorale,
  started: boolean,
  w: MoraleWrites,
): Promise<void> {
  const now = sideMoraleNow(members, gm, pub);
  const band = now?.band ?? "";
  const start = started && now && pub.start.members === 0 ? startOf(members) : null;
  if (band === pub.band && !start) return;
  await w.updateSide({ band, ...(start ? { start } : {}) });
  // Before the fight starts (the GM still gathering the sides) a band moves silently.
  if (started && pub.band && band) await w.postBand(pub.band, band);
}

/** An Intimidate's outcome: success, and the band it moved the side to (null when it stayed). */
export interface IntimidationResult {
  readonly success: boolean;
  readonly band: MoraleBand | null;
}

/**
 * SWN-09 after the roll: a success marks the round and, with the band it leaves, is one update of the side's record;
 * success or not, one card says it. Refused (a RulesError) when the side was intimidated this round already.
 */
export async function recordIntimidation(
  members: readonly MoraleMember[],
  gm: GmMoraleFactors,
  pub: PublicMorale,
  round: number,
  total: number,
  w: Pick<MoraleWrites, "updateSide"> & { postIntimidation(r: IntimidationResult): Promise<void> },
): Promise<IntimidationResult> {
  const now = sideMoraleNow(members, gm, pub);
  if (!now) throw new RulesError("FT.SWN.Morale.none", "That side has no Morale", { side: "" });
  const { success } = intimidate(total, now.value, pub.intimidated.includes(round));
  let result: IntimidationResult = { success, band: null };
  if (success) {
    const intimidated = [...pub.intimidated, round];
    const band = sideMoraleNow(members, gm, { ...pub, intimidated })?.band ?? null;
    await w.updateSide({ intimidated, ...(band && band !== pub.band ? { band } : {}) });
    result = { success, band: band && band !== pub.band ? band : null };
  }
  await w.postIntimidation(result);
  return result;
}

/** A side's writes in Foundry: its group, and a chat card. */
function sideWrites(group: GroupI): MoraleWrites {
  return {
    updateSide: async (morale) => {
      await group.update({ system: { morale } });
    },
    postBand: (before, after) => postBandCard(group, before, after),
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/**
 * The band's effects as the card writes them: "Tactical retreat: −2 to attack" (SWN-13). The effects are a key each
 * reader localizes, formatted with the line's own values (`attack`, `ac`, `value`).
 */
function bandLine(name: string, band: MoraleBand): RuleLine {
  const e = bandEffects(band);
  const effects =
    e.attack && e.ac
      ? "FT.SWN.Morale.attackAndAc"
      : e.attack
        ? "FT.SWN.Morale.attackTerm"
        : e.ac
          ? "FT.SWN.Morale.acTerm"
          : "FT.SWN.Morale.noEffect";
  return line(
    keyed("FT.SWN.Morale.bandLine", {
      side: name,
      band: { key: `FT.SWN.Morale.${band}` },
      effects: { key: effects },
      value: signed(e.attack || e.ac),
      attack: signed(e.attack),
      ac: signed(e.ac),
    }),
    "ft-result",
  );
}

async function postBandCard(group: GroupI, before: string, after: MoraleBand): Promise<void> {
  const fell =
    MORALE_BANDS.findIndex((b) => b.band === after) < MORALE_BANDS.findIndex((b) => b.band === before);
  await postRuleCard(
    {
      kind: "ft-morale-card",
      ruleId: "SWN-13",
      title: keyed(fell ? "FT.SWN.Morale.fell" : "FT.SWN.Morale.rose", { side: group.name ?? "" }),
      lines: [bandLine(group.name ?? "", after)],
    },
    { speaker: { alias: group.name ?? "" } },
  );
}

/* -------------------------------------------- */
/*  Intimidate and Read Morale                  */
/* -------------------------------------------- */

/**
 * The combatant of the actor the asker acts with (the sheet's), in `combat`, when the asker owns that actor (the
 * server vouched for the asker; the actor id is their word, checked here); null otherwise.
 */
function askersCombatant(
  combat: CombatI,
  requester: UserI,
  actorId: string,
): Combatant.Implementation | null {
  const c = combat.combatants.contents.find((m) => m.actor?.id === actorId || m.actorId === actorId);
  return c?.actor?.testUserPermission(requester, "OWNER") ? c : null;
}

function checkedCombat(combatId: string): CombatI {
  const combat = game.combats?.get(combatId);
  if (!combat?.started)
    throw new RulesError("FT.SWN.Morale.noFight", "Morale is read in a fight that has started");
  if (!isSwn()) throw new RulesError("FT.SWN.Morale.notSwn", "This world does not use the SWN additions");
  return combat;
}

/**
 * The bonus of the asker's Morale check, worked out here from the actor's sheet (review §2-C: never the asker's
 * word): SWN-09 Lead + Cha, SWN-10 Notice + the better of Wis and Cha (`moraleCheckBonus`). A squad has no skills or
 * attributes: 0. The owner can edit their own sheet (v13 common/documents/actor.mjs `#canUpdate`), within the
 * schema's bounds (skill −1..4), and the GM sees the sheet.
 */
function checkBonus(actor: Actor.Implementation | null, skill: "notice" | "lead"): number {
  const sys = actorSystem(actor);
  if (!sys) return 0;
  const a = sys.d20.abilities;
  return moraleCheckBonus(sys.swn[skill], skill === "notice" ? [a.wis ?? 10, a.cha ?? 10] : [a.cha ?? 10]);
}

async function roll2d6(): Promise<Roll> {
  return new Roll("2d6").evaluate();
}

const dice = (r: Roll) => r.dice.flatMap((d) => d.results.map((x) => x.result)).join(", ");

/**
 * SWN-09 (the active GM, for `requester`): an Intimidate at a side — 2d6 + the asker's bonus against the side's
 * Morale now; a success lowers it by 1 and marks the round (a second this round is refused before anything is rolled).
 * One group update (the round, and the band if it moved) and one card; a failure is the card alone.
 */
export async function handleIntimidate(
  body: {
    readonly combatId: string;
    readonly actorId: string;
    readonly sideId: string;
  },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const combat = checkedCombat(body.combatId);
  // One at a time with the side's recomputations (review of issue 16, M6): two Intimidates in one round cannot
  // both pass the round's check, and a recomputation never writes a band from before the intimidation.
  return QUEUE().run(combat.id ?? "", () => intimidateNow(combat, body, requester));
}

async function intimidateNow(
  combat: CombatI,
  body: {
    readonly combatId: string;
    readonly actorId: string;
    readonly sideId: string;
  },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const found = combat.groups.get(body.sideId);
  const group = found && isSide(found) ? found : null;
  const actor = askersCombatant(combat, requester, body.actorId);
  if (!group) throw new RulesError("FT.SWN.Morale.noSide", "No such side");
  if (!actor) throw new RulesError("FT.SWN.Morale.notInFight", "You have no combatant in this fight");
  if (sideIdOf(actor) === group.id) throw new RulesError("FT.SWN.Morale.ownSide", "That is your own side");
  // §2-E: the side's Morale is worked out where its factors are; elsewhere the check would be against another number.
  if (!holdsFactors(combat, group)) throw notHeld(group);
  const now = moraleOfSide(combat, group);
  if (!now) throw new RulesError("FT.SWN.Morale.none", "That side has no Morale", { side: group.name ?? "" });
  // The round the GM's writes left: a player's round write is not yet put back (`FrontierCombat#settled`).
  const round = combat.settled.round;
  const pub = publicOf(group);
  // SWN-09: refused before anything is rolled once the side was intimidated this round, or once this actor tried
  // this round (an action: a failure is no retry, review trust-and-faults-2 §2-C). The try is kept on the Combat,
  // which only a GM may write (v13 common/documents/combat.mjs `#canUpdate`).
  if (pub.intimidated.includes(round)) intimidate(0, now.value, true);
  const who = actor.actor?.id ?? body.actorId;
  checkIntimidateThisRound(roundsOf(combat, "intimidations")[who], round, actor.name ?? "");
  await combat.update({ system: { intimidations: { ...roundsOf(combat, "intimidations"), [who]: round } } });
  const bonus = checkBonus(actor.actor, "lead");
  const r = await roll2d6();
  const total = (r.total ?? 0) + bonus;
  const rolled = literal(
    `${actor.name ?? requester.name ?? ""}: 2d6 [${dice(r)}] ${bonus ? `${signed(bonus)} ` : ""}= ${total}`,
  );
  const side = group.name ?? "";
  const { success } = await recordIntimidation(
    membersOf(combat, group.id ?? ""),
    gmFactors(combat.id ?? "", group.id ?? ""),
    pub,
    round,
    total,
    {
      ...sideWrites(group),
      postIntimidation: async ({ success, band }) => {
        await postRuleCard(
          {
            kind: "ft-morale-card",
            ruleId: "SWN-09",
            title: keyed("FT.SWN.Intimidate.title", { side }),
            lines: [
              line(rolled),
              line(
                success ? keyed("FT.SWN.Intimidate.success", { side }) : keyed("FT.SWN.Intimidate.failure"),
                `ft-result ${success ? "hit" : "miss"}`,
              ),
              ...(band ? [bandLine(side, band)] : []),
            ],
          },
          { speaker: ChatMessage.getSpeaker({ actor: actor.actor ?? undefined }), rolls: [r] },
        );
      },
    },
  );
  return { applied: success ? [group.id ?? ""] : [], skipped: [] };
}

/** What a reader learns of one side (SWN-10). */
export interface ReadSide {
  readonly id: string;
  readonly name: string;
  readonly value: number;
  readonly band: MoraleBand;
}

/**
 * SWN-10 (the active GM, for `requester`): Read Morale — 2d6 + the bonus worked out from the reading actor's sheet
 * against 6, once per actor per round (a Move; the round is kept on the Combat, which only a GM may write: v13
 * common/documents/combat.mjs `#canUpdate`). A second read that round, or a side in sight whose factors this browser
 * does not hold, is refused before anything is rolled. On a success the GM writes the Morale of every side with a
 * member not hidden from players on the reader's own User (`flags.moraleReading`), for the reader's browser to keep.
 * The card, for all, says only the roll and whether it succeeded.
 */
export async function handleReadMorale(
  body: { readonly combatId: string; readonly actorId: string },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const combat = checkedCombat(body.combatId);
  // One at a time (as Intimidate): two reads of one actor in a round cannot both pass the round's check.
  return QUEUE().run(combat.id ?? "", () => readNow(combat, body, requester));
}

/** The round each actor last read Morale in, or tried to intimidate in (the combat's GM state, issue 29). */
function roundsOf(combat: CombatI, key: "moraleReads" | "intimidations"): Record<string, number> {
  return combatState(combat)[key];
}

async function readNow(
  combat: CombatI,
  body: { readonly combatId: string; readonly actorId: string },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const actor = askersCombatant(combat, requester, body.actorId);
  if (!actor) throw new RulesError("FT.SWN.Morale.notInFight", "You have no combatant in this fight");
  // The round the GM's writes left: a player's round write is not yet put back (`FrontierCombat#settled`).
  const round = combat.settled.round;
  const reader = actor.actor?.id ?? body.actorId;
  checkReadThisRound(roundsOf(combat, "moraleReads")[reader], round, actor.name ?? "");
  const seen = combat.groups.contents.filter(
    (g): g is GroupI =>
      isSide(g) && combat.combatants.contents.some((c) => sideIdOf(c) === g.id && !c.hidden),
  );
  for (const group of seen)
    if (moraleOfSide(combat, group) && !holdsFactors(combat, group)) throw notHeld(group);
  const bonus = checkBonus(actor.actor, "notice");
  // The Move is spent whether the check succeeds or not: the round is kept before the roll.
  await combat.update({ system: { moraleReads: { ...roundsOf(combat, "moraleReads"), [reader]: round } } });
  const r = await roll2d6();
  const total = (r.total ?? 0) + bonus;
  const { success } = readMorale(total);
  await postRuleCard(
    {
      kind: "ft-morale-card",
      ruleId: "SWN-10",
      title: keyed("FT.SWN.ReadMorale.title"),
      lines: [
        line([
          literal(
            `${actor.name ?? requester.name ?? ""}: 2d6 [${dice(r)}] ${bonus ? `${signed(bonus)} ` : ""}= ${total}`,
          ),
          keyed("FT.SWN.ReadMorale.vs"),
        ]),
        line(
          keyed(success ? "FT.SWN.ReadMorale.success" : "FT.SWN.ReadMorale.failure"),
          `ft-result ${success ? "hit" : "miss"}`,
        ),
      ],
    },
    { speaker: ChatMessage.getSpeaker({ actor: actor.actor ?? undefined }), rolls: [r] },
  );
  if (!success) return { applied: [], skipped: [] };
  const sides: ReadSide[] = [];
  for (const group of seen) {
    const now = moraleOfSide(combat, group);
    if (now) sides.push({ id: group.id ?? "", name: group.name ?? "", value: now.value, band: now.band });
  }
  const payload = { id: foundry.utils.randomID(), combatId: combat.id ?? "", round, sides };
  if (requester.id === game.user?.id) await keepRead(payload);
  else
    try {
      // §2-D: the reader's own User, which no other player may write; the reader trusts a GM's write only.
      await requester.setFlag(SYSTEM_ID, "moraleReading", payload);
    } catch (e) {
      // The card already says the reading succeeded; the GM is told it did not reach the reader.
      console.warn(`${SYSTEM_ID} | the Morale reading did not reach ${requester.name}:`, e);
      notify("warn", "FT.SWN.ReadMorale.notDelivered", { user: requester.name ?? "" });
    }
  return { applied: sides.map((s) => s.id), skipped: [] };
}

/**
 * The reader's browser (an `updateUser` of its own User that set `moraleReading`): keep the reading when a GM wrote
 * it (the server names the writer, `userId`). The user may write their own User too (v13 common/documents/user.mjs
 * `#canUpdate`): that is not the GM's answer, and is not kept. Other players cannot write it at all.
 */
export async function receiveReading(user: UserI, writerId: string): Promise<boolean> {
  if (user.id !== game.user?.id || !game.users?.get(writerId)?.isGM) return false;
  return keepRead(user.getFlag(SYSTEM_ID, "moraleReading"));
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
