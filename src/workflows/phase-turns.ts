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
import type { Phase } from "../rules/index.js";

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
