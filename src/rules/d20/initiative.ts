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
 * - **SW-34.** Delay and ready move a combatant's count for the rest of the combat: see `actAfter` and
 *   `triggerReady`.
 *
 * Issue 33: the checks, the tie-break dice, the ranks, the late joiner, the surprise round and delay/ready are in
 * initiative-rolls.ts (loaded with the combat's rolls); the order and flat-footed, read at every render, stay here.
 */
import { RulesError } from "../core/types.js";

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

// ---------------------------------------------------------------------------------------------------------------
// SW-02 surprise and SW-01 flat-footed

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
