import { describe, expect, it } from "vitest";
import { roundPhases } from "../rules/index.js";
import { endsRoundAt, lastPhaseOf, phaseOfTurn, stepPhaseTurn, type TurnSlot } from "./phase-turns.js";

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
