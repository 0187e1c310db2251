/**
 * The round's phase and Foundry's current turn, kept in agreement (SF-X-01 Expanded, SF-B-03 Basic): whoever has
 * Foundry's turn belongs to a side acting in the current phase.
 *
 * - A phase's turns are its sides' combatants, side by side in the order the phase lists the sides, each side's
 *   members in Foundry's turn order. Expanded: the declare phase walks every combatant (side B first), each move
 *   phase its side's, then each resolve phase its side's again (A first), so one Expanded round passes every
 *   combatant three times. Basic: one move-and-attack phase per side, which is exactly Foundry's turn order.
 * - Next turn walks the current phase's turns; past its last one it starts the next phase (at its first turn);
 *   past the last phase the round ends. Previous turn mirrors it (into the previous phase at its LAST turn).
 * - Stepping the phase puts the turn on the new phase's first combatant.
 * - "Skip defeated" (core's setting) leaves defeated combatants out, as v13's `Combat#nextTurn` does; a phase
 *   whose combatants are all skipped is passed over.
 *
 * Pure: turn indices and side ids in, turn indices out.
 */
import type { Phase } from "../../rules/index.js";

/** One entry of Foundry's turn order (`Combat#turns`), as the phases see it. */
export interface TurnSlot {
  readonly id: string;
  readonly sideId: string | null;
  readonly defeated: boolean;
}

export interface PhaseTurn {
  readonly phase: number;
  readonly turn: number | null;
}

export interface PhaseTurnInput {
  readonly phases: readonly Phase[];
  readonly turns: readonly TurnSlot[];
  readonly skipDefeated: boolean;
}

/** Every turn index of a phase, in the order its combatants act (defeated ones included). */
export function phaseTurns(input: PhaseTurnInput, phase: number): number[] {
  const p = input.phases[phase];
  if (!p) return [];
  const out: number[] = [];
  for (const sideId of p.sides)
    input.turns.forEach((t, i) => {
      if (t.sideId === sideId) out.push(i);
    });
  return out;
}

/** The turn indices of a phase that take a turn ("skip defeated" leaves the defeated out). */
function eligible(input: PhaseTurnInput, phase: number): number[] {
  return phaseTurns(input, phase).filter((i) => !(input.skipDefeated && input.turns[i]?.defeated));
}

/** The first turn of a phase, or null when nobody in it takes a turn. */
export function phaseStart(input: PhaseTurnInput, phase: number): number | null {
  return eligible(input, phase)[0] ?? null;
}

/**
 * The phase and turn after (`dir` 1) or before (`dir` −1) `at`; "round" when the round ends there (next round, or
 * the previous one). A turn that is not in the current phase (set by hand, or by an older version) goes to the
 * phase's first turn, whichever the direction: that is where the phase begins.
 */
export function stepPhaseTurn(input: PhaseTurnInput, at: PhaseTurn, dir: 1 | -1): PhaseTurn | "round" {
  const all = phaseTurns(input, at.phase);
  const pos = at.turn === null ? -1 : all.indexOf(at.turn);
  const takes = (i: number) => !(input.skipDefeated && input.turns[i]?.defeated);
  if (pos < 0) {
    const start = phaseStart(input, at.phase);
    if (start !== null) return { phase: at.phase, turn: start };
  } else {
    const rest = dir === 1 ? all.slice(pos + 1) : all.slice(0, pos).reverse();
    const next = rest.find(takes);
    if (next !== undefined) return { phase: at.phase, turn: next };
  }
  for (let p = at.phase + dir; p >= 0 && p < input.phases.length; p += dir) {
    const turns = eligible(input, p);
    if (turns.length) return { phase: p, turn: (dir === 1 ? turns[0] : turns.at(-1)) ?? null };
  }
  return "round";
}

/** Does ending turn `at` end the round (no phase after it has a turn to take)? */
export function endsRoundAt(input: PhaseTurnInput, at: PhaseTurn): boolean {
  return stepPhaseTurn(input, at, 1) === "round";
}

/**
 * The phase a turn set from outside belongs to (a player's end of turn, which may not write the phase): the step
 * from `from` in either direction that lands on `turn`, else the current phase if the turn's side acts in it,
 * else the first phase from the current one on in which it acts, else the last one before. Null if none does.
 */
export function phaseOfTurn(input: PhaseTurnInput, from: PhaseTurn, turn: number): number | null {
  for (const dir of [1, -1] as const) {
    const step = stepPhaseTurn(input, from, dir);
    if (step !== "round" && step.turn === turn) return step.phase;
  }
  const has = (p: number) => phaseTurns(input, p).includes(turn);
  if (has(from.phase)) return from.phase;
  for (let p = from.phase + 1; p < input.phases.length; p++) if (has(p)) return p;
  for (let p = from.phase - 1; p >= 0; p--) if (has(p)) return p;
  return null;
}

/** The last phase a turn's side acts in (where a round entered at that turn stands, e.g. going back a round). */
export function lastPhaseOf(input: PhaseTurnInput, turn: number | null): number {
  if (turn === null) return 0;
  for (let p = input.phases.length - 1; p >= 0; p--) if (phaseTurns(input, p).includes(turn)) return p;
  return 0;
}

/**
 * The same phase in another list of phases (after sides were added, removed or re-ranked mid-round): the one of
 * the same kind for the same sides; the declare phase (one per round, its sides all of them) by its kind. −1 when
 * it is gone (its side was removed).
 */
export function matchPhase(phases: readonly Phase[], phase: Phase | undefined): number {
  if (!phase) return -1;
  return phases.findIndex(
    (p) =>
      p.kind === phase.kind &&
      (p.kind === "declare" ||
        (p.sides.length === phase.sides.length && p.sides.every((s, i) => s === phase.sides[i]))),
  );
}

/** Where the round stood before a change of sides or combatants: the phase, the turn and who was acting. */
export interface PhaseSnapshot {
  readonly input: PhaseTurnInput;
  readonly at: PhaseTurn;
  readonly actingId: string | null;
}

/**
 * The phase and turn after sides or combatants changed mid-round, so that they agree again (the stored phase is an
 * index into the round's phases, and those change with the sides):
 * - whoever was acting and is still here keeps acting, in the same phase if their side still acts in it, else in
 *   the phase of the same kind their side acts in now (moved to another side), else the phase their turn belongs
 *   to;
 * - if they left, the turn goes to the next combatant still here who takes a turn, walking the round as it was
 *   (the rest of the phase, then the phases after it); past the round's end, the last one before instead.
 * Null when there is no turn to give (no one left who takes one).
 */
export function remapPhaseTurn(before: PhaseSnapshot, after: PhaseTurnInput): PhaseTurn | null {
  const indexOf = (id: string | null) => (id === null ? -1 : after.turns.findIndex((t) => t.id === id));
  const oldPhase = before.input.phases[before.at.phase];
  const same = matchPhase(after.phases, oldPhase);
  const acting = indexOf(before.actingId);
  if (acting >= 0) {
    if (same >= 0 && phaseTurns(after, same).includes(acting)) return { phase: same, turn: acting };
    const sameKind = after.phases.findIndex(
      (p, i) => p.kind === oldPhase?.kind && phaseTurns(after, i).includes(acting),
    );
    if (sameKind >= 0) return { phase: sameKind, turn: acting };
    const from = same >= 0 ? same : Math.min(before.at.phase, Math.max(0, after.phases.length - 1));
    const phase = phaseOfTurn(after, { phase: from, turn: null }, acting);
    return phase === null ? null : { phase, turn: acting };
  }
  const takes = (i: number) => i >= 0 && !(after.skipDefeated && after.turns[i]?.defeated);
  for (const dir of [1, -1] as const) {
    let at: PhaseTurn = before.at;
    for (let guard = 0; guard < 1000; guard++) {
      const step = stepPhaseTurn(before.input, at, dir);
      if (step === "round") break;
      at = step;
      const id = step.turn === null ? null : (before.input.turns[step.turn]?.id ?? null);
      const turn = indexOf(id);
      const phase = matchPhase(after.phases, before.input.phases[step.phase]);
      if (takes(turn) && phase >= 0 && phaseTurns(after, phase).includes(turn)) return { phase, turn };
    }
  }
  return null;
}

/**
 * The phase a turn moved to while no GM was there to move the phase (players wrote only the turn, each End turn a
 * step forward): walking forward from where the phase was last written (`from`, its phase and turn), the first
 * step that lands on `turn`; else as `phaseOfTurn`. Null if no phase has that turn.
 */
export function followPhase(input: PhaseTurnInput, from: PhaseTurn, turn: number): number | null {
  if (from.turn === turn && phaseTurns(input, from.phase).includes(turn)) return from.phase;
  let at: PhaseTurn = from;
  for (let guard = 0; guard < 1000; guard++) {
    const step = stepPhaseTurn(input, at, 1);
    if (step === "round") break;
    if (step.turn === turn) return step.phase;
    at = step;
  }
  return phaseOfTurn(input, from, turn);
}

/**
 * World time passed by a whole round when the phase walk moves the turn (`CONFIG.time`): the round's time plus one
 * turn's time for each of its `turns`, which is what core's turn-by-turn walk adds over a round (v13
 * `Combat#getTimeDelta`). The walk's own steps within a round add nothing, so a round's total does not depend on
 * which turn index ended it. Starting the first round adds nothing either.
 */
export function roundTimeDelta(
  fromRound: number,
  turns: number,
  time: { roundTime: number; turnTime: number },
): number {
  return fromRound >= 1 ? time.roundTime + turns * time.turnTime : 0;
}
