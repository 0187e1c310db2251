import { describe, expect, it } from "vitest";
import { THREE_SIDES } from "../../tests/fixtures/combat.js";
import type { CombatView } from "../documents/combat/side-initiative.js";
import { phasesOf, sideOrder } from "../documents/combat/side-initiative.js";
import { buildTracker, sideLetters } from "./tracker-context.js";

const turns = ["p1", "cap", "r1", "eusyl", "bok"].map((id) => ({ id, name: id, img: "", css: "" }));

describe("Tracker context", () => {
  const order = sideOrder(THREE_SIDES, "expanded");

  it("SF-X-01 letters: side A has initiative (highest total); B moves first", () => {
    expect(order.moveOrder).toEqual(["robots", "pirates", "pcs"]);
    expect(sideLetters(order.moveOrder, false)).toEqual({ pcs: "A", pirates: "B", robots: "C" });
    expect(sideLetters(order.moveOrder, true)).toEqual({ robots: "A", pirates: "B", pcs: "C" });
  });

  it("SF-X-01 SF-X-05 headers in move order with die, modifier, total; the current phase is marked", () => {
    const phases = phasesOf(THREE_SIDES, "expanded");
    const t = buildTracker(THREE_SIDES, turns, {
      isGM: true,
      hideNpcNumbers: true,
      ownedSides: new Set(),
      npcOnlySides: new Set(["pirates", "robots"]),
      moveOrder: order.moveOrder,
      initiativeSide: order.initiative,
      phases,
      phaseIndex: 2,
      activeCombatantId: "cap",
    });
    expect(t.sides.map((s) => [s.letter, s.name, s.d10, s.modifier, s.total])).toEqual([
      ["C", "Security robots", 2, 2, 4],
      ["B", "Pirates", 3, 4, 7],
      ["A", "Player characters", 8, 6, 14],
    ]);
    expect(t.sides[1]).toMatchObject({ holstered: true, initiative: false, active: true });
    expect(t.sides[2]).toMatchObject({ initiative: true, turns: [{ id: "eusyl" }, { id: "bok" }] });
    expect(t.currentPhase).toMatchObject({ kind: "move", sides: "B" });
    expect(t.phases.map((p) => `${p.kind}:${p.sides}`)).toEqual([
      "declare:CBA",
      "move:C",
      "move:B",
      "move:A",
      "resolve:A",
      "resolve:B",
      "resolve:C",
    ]);
  });

  it("SF-X-04 a player does not see an NPC side's numbers when the GM hides them; can roll an owned side", () => {
    const unrolled: CombatView = {
      ...THREE_SIDES,
      sides: THREE_SIDES.sides.map((s) =>
        s.id === "pcs" ? { ...s, system: { ...s.system, roll: null } } : s,
      ),
    };
    const o = sideOrder(unrolled, "expanded");
    const t = buildTracker(unrolled, turns, {
      isGM: false,
      hideNpcNumbers: true,
      ownedSides: new Set(["pcs"]),
      npcOnlySides: new Set(["pirates", "robots"]),
      moveOrder: o.moveOrder,
      initiativeSide: o.initiative,
      phases: [],
      phaseIndex: 0,
      activeCombatantId: null,
    });
    const pirates = t.sides.find((s) => s.id === "pirates")!;
    expect(pirates).toMatchObject({ hideNumbers: true, d10: null, total: null, modifierSource: "" });
    expect(t.sides.find((s) => s.id === "pcs")).toMatchObject({ rolled: false, canRoll: true });
  });

  const playerOpts = (view: CombatView) => {
    const o = sideOrder(view, "expanded");
    return {
      isGM: false,
      hideNpcNumbers: false,
      ownedSides: new Set(["pcs"]),
      npcOnlySides: new Set(["pirates", "robots"]),
      moveOrder: o.moveOrder,
      initiativeSide: o.initiative,
      phases: phasesOf(view, "expanded"),
      phaseIndex: 0,
      activeCombatantId: null,
    };
  };

  it("SF-B-04 a roll from last round is not this round's: the side shows a Roll button, not last round's total", () => {
    const round3: CombatView = { ...THREE_SIDES, round: 3 };
    const t = buildTracker(round3, turns, playerOpts(round3));
    expect(t.sides.map((s) => [s.id, s.rolled, s.total, s.canRoll])).toEqual([
      ["robots", false, null, false],
      ["pirates", false, null, false],
      ["pcs", false, null, true],
    ]);
  });

  it("SF-X-01 a side whose members are all hidden is not shown to players, and letters count the sides shown", () => {
    const visible = turns.filter((t) => t.id !== "r1"); // the robots' only member is hidden
    const t = buildTracker(THREE_SIDES, visible, playerOpts(THREE_SIDES));
    expect(t.sides.map((s) => [s.letter, s.id])).toEqual([
      ["B", "pirates"],
      ["A", "pcs"],
    ]);
    // No empty chip for the hidden robots' move and resolve: the number of chips would count them (review 13c L3).
    expect(t.phases.map((p) => `${p.kind}:${p.sides}`)).toEqual([
      "declare:BA",
      "move:B",
      "move:A",
      "resolve:A",
      "resolve:B",
    ]);
    // The chips keep their place in the round: the pirates' move is phase 2, and while the hidden side moves (phase
    // 1) no chip is current.
    const during = (phaseIndex: number) =>
      buildTracker(THREE_SIDES, visible, { ...playerOpts(THREE_SIDES), phaseIndex }).currentPhase;
    expect(during(2)).toMatchObject({ index: 2, kind: "move", sides: "B" });
    expect(during(1)).toBeNull();
    const gm = buildTracker(THREE_SIDES, turns, { ...playerOpts(THREE_SIDES), isGM: true });
    expect(gm.sides.map((s) => s.letter)).toEqual(["C", "B", "A"]);
    expect(gm.phases).toHaveLength(7);
  });
});

describe("Tracker context of a sealed side (R1-5d)", () => {
  const sealedView: CombatView = {
    ...THREE_SIDES,
    sides: THREE_SIDES.sides.map((s) =>
      s.id === "pirates"
        ? {
            ...s,
            system: {
              ...s.system,
              roll: null,
              modifier: 0,
              modifierSource: "",
              holsteredPenalty: 0,
              highestRs: 0,
              sealed: true,
              colour: "red;background:url(x)",
            },
          }
        : s,
    ),
  };
  const opts = (isGM: boolean) => ({
    isGM,
    hideNpcNumbers: true,
    ownedSides: new Set<string>(),
    npcOnlySides: new Set(["pirates", "robots"]),
    moveOrder: ["robots", "pirates", "pcs"],
    initiativeSide: "pcs",
    phases: [],
    phaseIndex: 0,
    activeCombatantId: null,
    secrets: isGM
      ? new Map([
          [
            "pirates",
            {
              roll: 3,
              modifier: 4,
              modifierSource: "Captain",
              holsteredPenalty: -3,
              highestRs: 60,
              rolledRound: 2,
            },
          ],
        ])
      : new Map(),
  });

  it("SF-X-04 a player's context carries no number of it; the GM's has the numbers of the GM's card", () => {
    const player = buildTracker(sealedView, turns, opts(false)).sides.find((s) => s.id === "pirates")!;
    expect(player).toMatchObject({
      d10: null,
      modifier: null,
      modifierSource: "",
      total: null,
      holstered: false,
      hideNumbers: true,
      colour: "",
    });
    const gm = buildTracker(sealedView, turns, opts(true)).sides.find((s) => s.id === "pirates")!;
    expect(gm).toMatchObject({ d10: 3, modifier: 4, modifierSource: "Captain", total: 7, holstered: true });
  });
});
