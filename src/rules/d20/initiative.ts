/**
 * Individual initiative for the d20 engine (SW-01, SW-02, SW-03, SW-34), pure: the dice come in as numbers and every
 * function returns new values, so the Combat class only stores what these return (design d20-swn.md §3).
 *
 * - **SW-03.** "An initiative check is a Dexterity check": d20 + Dex modifier (+ a miscellaneous bonus from the
 *   sheet). The count "remains the same for all rounds of the combat" — no re-roll at a new round. Ties: "the tied
 *   combatants act in order of Dexterity (higher Dexterity goes first). If there is still a tie, roll a die" — a
 *   stored tie-break d20, rolled only for those still tied; if the dice tie too, the id decides, so the order is
 *   always total. "The GM may make one initiative check for a group of opponents": the group rolls once with its
 *   best member's modifier (ruling 4e) and the total is mirrored onto every member. Late joiners "roll initiative at
 *   that time and act whenever their turn comes up in the existing order".
 * - **SW-02.** A surprise round happens only when some but not all are aware; only the aware roll and act in it, one
 *   attack or move action each; the unaware roll when it ends (seed step 3). The surprise round is round 1.
 * - **SW-01.** Flat-footed is derived, never stored per combatant: the combat has started and the combatant's first
 *   turn has not yet started (the combat keeps the list of those whose turn has started).
 * - **SW-34.** Delay and ready move a combatant's count for the rest of the combat: see {@link actAfter} and
 *   {@link triggerReady}.
 */
import { checkDie } from "../core/dice.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { abilityModifier } from "./defense.js";

/** One combatant's place in the initiative order. */
export interface InitiativeEntry {
  readonly id: string;
  /** The initiative count: the check's total, or the count a delay or a readied action moved it to (SW-34). */
  readonly count: number;
  /** The initiative bonus (Dex modifier + misc): it decides between delayers (SW-34). */
  readonly modifier: number;
  /** The Dexterity score: the first tie-break (SW-03). */
  readonly dexScore: number;
  /** The stored tie-break d20 (SW-03 "roll a die"); null until a tie needs it. */
  readonly tieBreak: number | null;
  /**
   * The place within one count after a delay or a readied action put this combatant before or after others on the
   * same count (higher first); 0 for a plain roll. It sorts before Dexterity, so "Deel and Sia-Lan act on count 7
   * (and before the Raiders)" holds whatever the Raiders' Dexterity.
   */
  readonly shift: number;
}

export interface Initiator {
  readonly id: string;
  readonly dexScore: number;
  /** A miscellaneous initiative bonus from the sheet (`initiativeMisc`), 0 by default. */
  readonly misc?: number;
}

/** SW-03: the terms of an initiative check — the Dex modifier and any misc bonus, each labelled. */
export function initiativeModifiers(who: Initiator): Modifier[] {
  const mods: Modifier[] = [
    { id: "dex", label: "FT.D20.Initiative.dex", value: abilityModifier(who.dexScore), ruleId: "SW-03" },
  ];
  if (who.misc) mods.push({ id: "misc", label: "FT.D20.Initiative.misc", value: who.misc, ruleId: "SW-03" });
  return mods;
}

export function initiativeBonus(who: Initiator): number {
  return initiativeModifiers(who).reduce((s, m) => s + m.value, 0);
}

/** SW-03: one combatant's check, d20 + bonus. */
export function rollInitiative(who: Initiator, d20: number): InitiativeEntry {
  checkDie(d20, 20);
  const modifier = initiativeBonus(who);
  return { id: who.id, count: d20 + modifier, modifier, dexScore: who.dexScore, tieBreak: null, shift: 0 };
}

/**
 * SW-03 "the GM makes a single initiative check for the opponents" (or per group): one d20 with the best member's
 * bonus (ruling 4e), the total mirrored onto every member; each keeps its own Dexterity for ties.
 */
export function rollGroupInitiative(members: readonly Initiator[], d20: number): InitiativeEntry[] {
  checkDie(d20, 20);
  if (members.length === 0) return [];
  const best = Math.max(...members.map(initiativeBonus));
  return members.map((m) => ({
    id: m.id,
    count: d20 + best,
    modifier: initiativeBonus(m),
    dexScore: m.dexScore,
    tieBreak: null,
    shift: 0,
  }));
}

export interface RollAllInput {
  /** Combatants who roll alone. */
  readonly solo: readonly Initiator[];
  /** Groups the GM rolls once for (SW-03); each member gets the group's total. */
  readonly groups: readonly { readonly id: string; readonly members: readonly Initiator[] }[];
}

/**
 * SW-03: a whole roll-all from its dice — one d20 per solo combatant (by its id) and one per group (by the group's
 * id) — so the combat writes every entry in one batch; {@link needsTieBreak} on the result (with the entries already
 * in the combat) then names the few that need a tie-break die in the same batch.
 */
export function rollAll(input: RollAllInput, dice: Readonly<Record<string, number>>): InitiativeEntry[] {
  const die = (id: string) => {
    const d = dice[id];
    if (d === undefined)
      throw new RulesError("FT.D20.Initiative.dieMissing", `No initiative die for ${id}`, { id });
    return d;
  };
  return [
    ...input.solo.map((who) => rollInitiative(who, die(who.id))),
    ...input.groups.flatMap((g) => rollGroupInitiative(g.members, die(g.id))),
  ];
}

/**
 * SW-03: the order of two entries — count descending, then the delay/ready shift, then Dexterity score descending,
 * then the tie-break die descending (not yet rolled counts as lowest), then the id. Negative when `a` acts first.
 */
export function compareInitiative(a: InitiativeEntry, b: InitiativeEntry): number {
  return (
    b.count - a.count ||
    b.shift - a.shift ||
    b.dexScore - a.dexScore ||
    (b.tieBreak ?? 0) - (a.tieBreak ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function checkIds(entries: readonly InitiativeEntry[]): void {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.id))
      throw new RulesError("FT.D20.Initiative.duplicate", `${e.id} is in the initiative order twice`, {
        id: e.id,
      });
    seen.add(e.id);
  }
}

/** SW-03: the entries in the order they act, highest first. */
export function initiativeOrder(entries: readonly InitiativeEntry[]): InitiativeEntry[] {
  checkIds(entries);
  return [...entries].sort(compareInitiative);
}

/**
 * SW-03, T2-1D: what may be written for the entries in `secret` (a hidden NPC's, whose count, die and modifier no
 * player may learn), given the whole order (`initiativeOrder` of the real entries): for each, terms that sort it in
 * exactly its place among the others as stored — the other entries' real terms, the secret ones' ranks — with no
 * modifier and no tie-break die. A run of secret entries between two others gets values strictly between theirs on
 * the first term in which those two differ (a count of 11.5 between 14 and 9); before the first other, counts above
 * it; after the last, counts below; with no other entry, counts m … 1. The order itself is every client's to see
 * (v13 prepares every combat's turns on every client), so a rank says no more than the order does.
 */
export function rankSecretEntries(
  order: readonly InitiativeEntry[],
  secret: ReadonlySet<string>,
): Map<string, InitiativeEntry> {
  const out = new Map<string, InitiativeEntry>();
  const ranked = (id: string, count: number, shift = 0, dexScore = 0, tieBreak: number | null = null) =>
    out.set(id, { id, count, modifier: 0, dexScore, tieBreak, shift });
  let i = 0;
  while (i < order.length) {
    if (!secret.has(order[i]!.id)) {
      i++;
      continue;
    }
    let end = i;
    while (end < order.length && secret.has(order[end]!.id)) end++;
    const run = order.slice(i, end);
    const before = i > 0 ? order[i - 1] : undefined;
    const after = end < order.length ? order[end] : undefined;
    const m = run.length;
    run.forEach((e, j) => {
      const k = j + 1;
      if (!before && !after) ranked(e.id, m - j);
      else if (!before && after) ranked(e.id, after.count + (m - j));
      else if (before && !after) ranked(e.id, before.count - k);
      else if (before && after) {
        const terms = (x: InitiativeEntry) => [x.count, x.shift, x.dexScore, x.tieBreak ?? 0] as const;
        const [p, n] = [terms(before), terms(after)];
        const at = p.findIndex((v, t) => v !== n[t]);
        if (at < 0) {
          ranked(e.id, before.count, before.shift, before.dexScore, before.tieBreak);
          return;
        }
        const between = p[at]! - ((p[at]! - n[at]!) * k) / (m + 1);
        const v = [...p.slice(0, at), between, 0, 0, 0].slice(0, 4) as [number, number, number, number];
        ranked(e.id, v[0], v[1], v[2], at === 3 || v[3] !== 0 ? v[3] : null);
      }
    });
    i = end;
  }
  return out;
}

/**
 * SW-03 "If there is still a tie, roll a die": the ids that need a tie-break d20 — every entry that shares its
 * count, shift and Dexterity with another and has no die yet. The combat rolls them in the same batch as the checks.
 */
export function needsTieBreak(entries: readonly InitiativeEntry[]): string[] {
  const key = (e: InitiativeEntry) => `${e.count}|${e.shift}|${e.dexScore}`;
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return initiativeOrder(entries)
    .filter((e) => e.tieBreak === null && (counts.get(key(e)) ?? 0) > 1)
    .map((e) => e.id);
}

/** Stores the tie-break dice (by id) on the entries. */
export function withTieBreaks(
  entries: readonly InitiativeEntry[],
  dice: Readonly<Record<string, number>>,
): InitiativeEntry[] {
  return entries.map((e) => {
    const d = dice[e.id];
    if (d === undefined) return e;
    checkDie(d, 20);
    return { ...e, tieBreak: d };
  });
}

/**
 * SW-03: who still has to roll — participants with no entry. At the start that is everyone (or, with a surprise
 * round, the aware only: {@link surpriseRound}); when the surprise round ends, the unaware (seed step 3); at any
 * later round nobody, since the count is kept for the whole combat; a late joiner rolls when it enters.
 */
export function needsInitiative(
  participants: readonly string[],
  entries: readonly InitiativeEntry[],
): string[] {
  const rolled = new Set(entries.map((e) => e.id));
  return participants.filter((id) => !rolled.has(id));
}

export interface LateJoin {
  readonly order: InitiativeEntry[];
  /** The newcomer's turn is still to come this round (it sorts after the current combatant). */
  readonly actsThisRound: boolean;
}

/**
 * SW-03: a character entering a battle after it has begun rolls then and "acts whenever their turn comes up in the
 * existing order": this round if its place is after the current combatant's, otherwise from the next round.
 */
export function joinLate(
  entries: readonly InitiativeEntry[],
  newcomer: InitiativeEntry,
  currentId: string | null,
): LateJoin {
  const order = initiativeOrder([...entries, newcomer]);
  const at = order.findIndex((e) => e.id === newcomer.id);
  const current = currentId === null ? -1 : order.findIndex((e) => e.id === currentId);
  return { order, actsThisRound: current >= 0 && at > current };
}

// ---------------------------------------------------------------------------------------------------------------
// SW-02 surprise and SW-01 flat-footed

export interface Participant {
  readonly id: string;
  /** Aware of its opponents when the battle starts (the GM decides, SW-02). */
  readonly aware: boolean;
}

export interface SurpriseStart {
  /** Some but not all are aware: round 1 is a surprise round. */
  readonly surprise: boolean;
  /** Who rolls initiative at the start: the aware in a surprise round, otherwise everyone. */
  readonly rollers: string[];
}

/**
 * SW-02: "If some but not all of the combatants are aware of their opponents, a surprise round happens … The
 * combatants who are aware … roll for initiative … If everyone starts the battle aware (or if no one does), there
 * is no surprise round."
 */
export function surpriseRound(participants: readonly Participant[]): SurpriseStart {
  const aware = participants.filter((p) => p.aware).map((p) => p.id);
  const surprise = aware.length > 0 && aware.length < participants.length;
  return { surprise, rollers: surprise ? aware : participants.map((p) => p.id) };
}

/** What a combatant may do on its turn: in the surprise round one attack or move action, no full-round action. */
export type TurnAllowance = "surprise" | "full";

export interface RoundTurn {
  readonly id: string;
  readonly allowance: TurnAllowance;
}

/**
 * SW-02: the turns of a round, in order. Round 1 of a combat with a surprise round has turns only for the aware
 * ("combatants who were unaware do not get to act in the surprise round"), each limited to a single action; every
 * other round gives every entry a full turn.
 */
export function roundTurns(
  entries: readonly InitiativeEntry[],
  round: number,
  surprise: boolean,
  aware: ReadonlySet<string>,
): RoundTurn[] {
  const order = initiativeOrder(entries);
  if (surprise && round === 1)
    return order.filter((e) => aware.has(e.id)).map((e) => ({ id: e.id, allowance: "surprise" }));
  return order.map((e) => ({ id: e.id, allowance: "full" }));
}

/**
 * SW-01: "Each combatant starts the battle flat-footed … Once a combatant acts, he or she is no longer flat-footed";
 * "before your first regular turn in the initiative order, you are flat-footed". Derived from the combat: started
 * and this combatant's first turn has not started yet (`started` lists those whose turn has begun).
 */
export function isFlatFooted(combatStarted: boolean, started: readonly string[], id: string): boolean {
  return combatStarted && !started.includes(id);
}

/** SW-01: the list of those whose turn has started, once `id`'s turn starts (unchanged if it is already there). */
export function startTurn(started: readonly string[], id: string): string[] {
  return started.includes(id) ? [...started] : [...started, id];
}

// ---------------------------------------------------------------------------------------------------------------
// SW-34 delay and ready

/** The tracker's mark for a combatant (SW-34). */
export type InitiativeState = "none" | "delaying" | "readied";

/**
 * Places `moving` (in the given order) right after `anchorIndex` in `order` (−1 = at the top) and gives every
 * entry on `count` a shift that keeps that order; entries on other counts are unchanged.
 */
function place(
  order: readonly InitiativeEntry[],
  moving: readonly InitiativeEntry[],
  afterIndex: number,
  count: number,
): InitiativeEntry[] {
  const movingIds = new Set(moving.map((e) => e.id));
  const anchor = afterIndex >= 0 ? order[afterIndex]! : null;
  const rest = order.filter((e) => !movingIds.has(e.id));
  const at = anchor === null ? 0 : rest.findIndex((e) => e.id === anchor.id) + 1;
  const next = [...rest.slice(0, at), ...moving.map((e) => ({ ...e, count })), ...rest.slice(at)];
  const onCount = next.filter((e) => e.count === count);
  const shifts = new Map(onCount.map((e, i) => [e.id, onCount.length - i]));
  return next.map((e) => (shifts.has(e.id) ? { ...e, shift: shifts.get(e.id)! } : e));
}

/** SW-34 "the one with the highest initiative bonus (or higher Dexterity, in the case of a tie) has the advantage". */
function byAdvantage(a: InitiativeEntry, b: InitiativeEntry): number {
  return b.modifier - a.modifier || b.dexScore - a.dexScore || compareInitiative(a, b);
}

/**
 * SW-34, delay: delayers act right after `afterId` has acted, taking its count for the rest of the combat ("you
 * voluntarily reduce your own initiative count"). Several delayers acting on the same count go in order of
 * initiative bonus, highest first (Dexterity on a tie); "if two or more delaying characters are trying to go after
 * everyone else has acted, the one with the highest initiative bonus gets to go last". A delayer can only move
 * down: the anchor must come after it in the order. Returns the new entries in order.
 */
export function actAfter(
  entries: readonly InitiativeEntry[],
  delayerIds: readonly string[],
  afterId: string,
): InitiativeEntry[] {
  const order = initiativeOrder(entries);
  const index = (id: string) => {
    const i = order.findIndex((e) => e.id === id);
    if (i < 0) throw new RulesError("FT.D20.Initiative.unknown", `${id} is not in the order`, { id });
    return i;
  };
  const anchor = index(afterId);
  if (delayerIds.includes(afterId))
    throw new RulesError("FT.D20.Initiative.delayAfterSelf", "A delayer cannot act after itself");
  const delayers = delayerIds.map((id) => {
    if (index(id) > anchor)
      throw new RulesError(
        "FT.D20.Initiative.delayUp",
        `${id} cannot delay to a place before its own (delaying only lowers the count)`,
        { id },
      );
    return order[index(id)]!;
  });
  const others = order.filter((e) => !delayerIds.includes(e.id));
  const last = others[others.length - 1]!;
  const atEnd = last.id === afterId;
  const sorted = [...delayers].sort(byAdvantage);
  if (atEnd) sorted.reverse();
  return place(order, sorted, anchor, order[anchor]!.count);
}

/**
 * SW-34, ready: a readied action taken in response to the current combatant's intent happens before it; "the count
 * on which you took your readied action becomes your new initiative result". The readied combatant moves to the
 * current combatant's count, right before it — after anyone already moved there before it, so Deel (triggered
 * first) stays before Sia-Lan and both before the Raiders. Returns the new entries in order.
 */
export function triggerReady(
  entries: readonly InitiativeEntry[],
  readiedId: string,
  currentId: string,
): InitiativeEntry[] {
  if (readiedId === currentId)
    throw new RulesError("FT.D20.Initiative.readySelf", "A readied action is taken on another's turn");
  const order = initiativeOrder(entries);
  const readied = order.find((e) => e.id === readiedId);
  const current = order.findIndex((e) => e.id === currentId);
  if (!readied || current < 0)
    throw new RulesError("FT.D20.Initiative.unknown", "Not in the order", { id: readiedId });
  const rest = order.filter((e) => e.id !== readiedId);
  const before = rest.findIndex((e) => e.id === currentId) - 1;
  return place(rest.concat(readied), [readied], before, order[current]!.count);
}

/**
 * SW-34: "If you come to your next action and have not yet performed your readied action, you don't get to take the
 * readied action": the mark a combatant keeps when its own turn starts.
 */
export function stateAtOwnTurn(state: InitiativeState): InitiativeState {
  return state === "readied" ? "none" : state;
}

/**
 * SW-34 "Delaying Limits": "The longest a character can delay … is until everyone else has acted in the round. At
 * that point, the delaying character must act" ({@link actAfter} the last) "or else forfeit any action in that
 * round". The ids still delaying when the round ends: they lose the round's action and their mark (our reading: the
 * count stays where it was, since they never fixed a new one).
 */
export function forfeitAtRoundEnd(states: Readonly<Record<string, InitiativeState>>): {
  readonly forfeited: string[];
  readonly states: Record<string, InitiativeState>;
} {
  const forfeited = Object.keys(states).filter((id) => states[id] === "delaying");
  const next: Record<string, InitiativeState> = { ...states };
  for (const id of forfeited) next[id] = "none";
  return { forfeited, states: next };
}

export interface TurnPointer {
  readonly round: number;
  /** Index into {@link roundTurns} of that round. */
  readonly turn: number;
}

export interface NextTurn extends TurnPointer {
  readonly newRound: boolean;
  /** SW-02 step 3: the surprise round just ended — those who have not rolled roll before the first regular round. */
  readonly surpriseEnded: boolean;
}

/**
 * SW-02, SW-03: the pointer after a turn ends. Within a round, the next turn; after the last, round + 1 from the top
 * ("the combatant with the highest initiative acts again") with the same counts. `turns` is the number of turns in
 * the current round ({@link roundTurns}: the aware only in the surprise round).
 */
export function nextTurn(pointer: TurnPointer, turns: number, surprise: boolean): NextTurn {
  if (pointer.turn + 1 < turns)
    return { round: pointer.round, turn: pointer.turn + 1, newRound: false, surpriseEnded: false };
  return {
    round: pointer.round + 1,
    turn: 0,
    newRound: true,
    surpriseEnded: surprise && pointer.round === 1,
  };
}

/**
 * SW-34 (design §3 pitfalls, foundryvtt #12747 / #12990): after a delay or a readied action reorders the round, the
 * turn index that keeps `currentId` current, written in the same update as the counts. −1 if it has no turn.
 */
export function turnIndexOf(
  entries: readonly InitiativeEntry[],
  currentId: string,
  round: number,
  surprise: boolean,
  aware: ReadonlySet<string>,
): number {
  return roundTurns(entries, round, surprise, aware).findIndex((t) => t.id === currentId);
}
