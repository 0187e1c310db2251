import { describe, expect, it } from "vitest";
import { roundPhases } from "../../rules/index.js";
import {
  endsRoundAt,
  followPhase,
  lastPhaseOf,
  phaseOfTurn,
  remapPhaseTurn,
  roundTimeDelta,
  stepPhaseTurn,
  type TurnSlot,
} from "./phase-turns.js";

// Three sides: C moves first (lowest), then B, then A (side A has initiative).
const order = { moveOrder: ["c", "b", "a"], initiative: "a", simultaneousDamage: false, unresolvedTies: [] };
const turns: TurnSlot[] = [
  { id: "c1", sideId: "c", defeated: false },
  { id: "b1", sideId: "b", defeated: false },
  { id: "b2", sideId: "b", defeated: false },
  { id: "a1", sideId: "a", defeated: false },
];

function walk(phases: ReturnType<typeof roundPhases>, t: TurnSlot[], skipDefeated = false) {
  const input = { phases, turns: t, skipDefeated };
  const out: string[] = [];
  let at = { phase: 0, turn: 0 as number | null };
  for (let i = 0; i < 20; i++) {
    out.push(`${phases[at.phase]!.kind}:${t[at.turn!]!.id}`);
    const next = stepPhaseTurn(input, at, 1);
    if (next === "round") break;
    at = next;
  }
  return out;
}

describe("phase and turn together", () => {
  it("SF-X-01: Expanded walks declare (C first), each move phase, then each resolve phase (A first)", () => {
    expect(walk(roundPhases(order, "expanded"), turns)).toEqual([
      "declare:c1",
      "declare:b1",
      "declare:b2",
      "declare:a1",
      "move:c1",
      "move:b1",
      "move:b2",
      "move:a1",
      "resolve:a1",
      "resolve:b1",
      "resolve:b2",
      "resolve:c1",
    ]);
  });

  it("SF-B-03: Basic walks Foundry's turn order, one move-and-attack phase per side", () => {
    const basic = { ...order, moveOrder: ["a", "b", "c"] };
    const t = [turns[3]!, turns[1]!, turns[2]!, turns[0]!];
    expect(walk(roundPhases(basic, "basic"), t)).toEqual(["act:a1", "act:b1", "act:b2", "act:c1"]);
  });

  it("SF-X-01: skip defeated passes a defeated combatant, and a phase whose side is all defeated", () => {
    const t = turns.map((s) => (s.sideId === "b" ? { ...s, defeated: true } : s));
    expect(walk(roundPhases(order, "expanded"), t, true)).toEqual([
      "declare:c1",
      "declare:a1",
      "move:c1",
      "move:a1",
      "resolve:a1",
      "resolve:c1",
    ]);
  });

  it("SF-X-01: previous turn goes back into the phase before, at its last combatant; the round ends after the last resolve", () => {
    const input = { phases: roundPhases(order, "expanded"), turns, skipDefeated: false };
    // Phases: 0 declare, 1-3 move C, B, A, 4-6 resolve A, B, C.
    expect(stepPhaseTurn(input, { phase: 2, turn: 1 }, -1)).toEqual({ phase: 1, turn: 0 });
    expect(stepPhaseTurn(input, { phase: 5, turn: 1 }, -1)).toEqual({ phase: 4, turn: 3 });
    expect(stepPhaseTurn(input, { phase: 5, turn: 1 }, 1)).toEqual({ phase: 5, turn: 2 });
    expect(stepPhaseTurn(input, { phase: 0, turn: 0 }, -1)).toBe("round");
    expect(endsRoundAt(input, { phase: 6, turn: 0 })).toBe(true);
    expect(endsRoundAt(input, { phase: 6, turn: 3 })).toBe(false);
    // A player who ended b2's resolve turn moved to c1: that is the resolve phase of C.
    expect(phaseOfTurn(input, { phase: 5, turn: 2 }, 0)).toBe(6);
    // From the declare phase's last combatant, turn 0 is the first mover's move phase.
    expect(phaseOfTurn(input, { phase: 0, turn: 3 }, 0)).toBe(1);
    expect(lastPhaseOf(input, 3)).toBe(4);
  });
});

describe("the phase after sides or combatants change mid-round (review 13c H1)", () => {
  const stood = (phase: number, turn: number) => ({
    input: { phases: roundPhases(order, "expanded"), turns, skipDefeated: false },
    at: { phase, turn },
    actingId: turns[turn]!.id,
  });
  const without = (sideOrIds: string[]) => {
    const t = turns.filter((s) => !sideOrIds.includes(s.id) && !sideOrIds.includes(s.sideId ?? ""));
    const sides = order.moveOrder.filter((s) => t.some((x) => x.sideId === s));
    return { phases: roundPhases({ ...order, moveOrder: sides }, "expanded"), turns: t, skipDefeated: false };
  };

  it("SF-X-01: side C removed while B moves: still B's move with the same combatant (not the index's new phase)", () => {
    // "Moves B" is phase 2 of 7 with C; phase 1 of 5 without it (index 2 would be "Moves A").
    const after = without(["c"]);
    expect(remapPhaseTurn(stood(2, 2), after)).toEqual({ phase: 1, turn: 1 });
  });

  it("SF-X-01: the acting combatant removed: the next of its phase, else the first of the next phase that has one", () => {
    // b1 leaves in the middle of B's move: b2 moves next.
    expect(remapPhaseTurn(stood(2, 1), without(["b1"]))).toEqual({ phase: 2, turn: 1 });
    // a1 (side A's only member) leaves while A resolves: B resolves, from b1.
    const after = without(["a1"]);
    expect(after.phases.map((p) => p.kind + p.sides.join(""))).toEqual([
      "declarecb",
      "movec",
      "moveb",
      "resolveb",
      "resolvec",
    ]);
    expect(remapPhaseTurn(stood(4, 3), after)).toEqual({ phase: 3, turn: 1 });
    // c1 leaves on the round's last turn: the turn goes back to the last one before it (b2, resolving).
    expect(remapPhaseTurn(stood(6, 0), without(["c1"]))).toEqual({ phase: 4, turn: 1 });
  });

  it("SF-X-05: the acting combatant moved to another side mid-move acts in its new side's move", () => {
    const moved = turns.map((t) => (t.id === "c1" ? { ...t, sideId: "b" } : t));
    const after = {
      phases: roundPhases({ ...order, moveOrder: ["b", "a"] }, "expanded"),
      turns: moved,
      skipDefeated: false,
    };
    expect(remapPhaseTurn(stood(1, 0), after)).toEqual({ phase: 1, turn: 0 });
  });
});

describe("the phase after players moved the turn with no GM connected (review 13c L4)", () => {
  const input = { phases: roundPhases(order, "expanded"), turns, skipDefeated: false };

  it("SF-X-01: from the last declaration, an End turn to c1 is C's move (c1 also declares, but that was before)", () => {
    expect(followPhase(input, { phase: 0, turn: 3 }, 0)).toBe(1);
    // Two End turns (b1's, then b2's) from B's move: A's move.
    expect(followPhase(input, { phase: 2, turn: 1 }, 3)).toBe(3);
    // Nothing moved: the phase stays.
    expect(followPhase(input, { phase: 0, turn: 0 }, 0)).toBe(0);
    // Not known where the phase was written (an older world): the current phase's first turn on.
    expect(followPhase(input, { phase: 4, turn: null }, 1)).toBe(5);
  });
});

describe("world time of a round walked by phase (review 13c L5)", () => {
  it("SF-B-04: a round passes its time and one turn's time per combatant, whichever turn ended it; the start passes none", () => {
    const time = { roundTime: 6, turnTime: 2 };
    expect(roundTimeDelta(1, 3, time)).toBe(12);
    expect(roundTimeDelta(0, 3, time)).toBe(0);
    expect(roundTimeDelta(4, 5, { roundTime: 6, turnTime: 0 })).toBe(6);
  });
});
