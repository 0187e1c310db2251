/**
 * Individual initiative for the d20 engine, its rolls and moves (SW-03, SW-02, SW-34), pure: the checks and a group's
 * one roll, the tie-break dice, a hidden NPC's rank (T2-1D), a late joiner, the surprise round, delay and ready.
 * Split from initiative.ts (issue 33: the first load): only the combat's rolls and holds use these
 * (documents/combat/by-count-rolls.ts, d20-initiative-roll.ts), which load on first use; the order the tracker and
 * the turns read every render (`initiativeOrder`, `compareInitiative`) and flat-footed (SW-01) stay in initiative.ts.
 */
import { checkDie } from "../core/dice.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { abilityModifier } from "./defense.js";
import { compareInitiative, type InitiativeEntry, type Initiator, initiativeOrder } from "./initiative.js";

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
