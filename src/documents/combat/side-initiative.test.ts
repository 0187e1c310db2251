import { describe, expect, it, vi } from "vitest";
import { sideView } from "../../../tests/fixtures/combat.js";
import type { SideSystem } from "../../data/combatant-group/side.js";
import { asGM, NoGMError, type UserPorts } from "../../helpers/gm-query.js";
import { assignSides } from "./side-assignment.js";
import {
  type CombatView,
  emptySides,
  endsRound,
  type InitiativePorts,
  type MemberView,
  phasesOf,
  rolledThisRound,
  type SideView,
  turnKeeping,
  turnOrder,
  withSideChanges,
} from "./side-initiative.js";
import { clearedRoll, firstTurn, rollSides } from "./side-initiative-rolls.js";

const side = (id: string, over: Partial<SideSystem> = {}): SideView => sideView(id, over);
const member = (id: string, sideId: string | null, over: Partial<MemberView> = {}): MemberView => ({
  id,
  name: id,
  sideId,
  isPlayerCharacter: false,
  sort: 0,
  rs: 40,
  initiativeModifier: 4,
  holstered: false,
  disposition: -1,
  ...over,
});

/** Fake of the Foundry side of rolling: scripted d10s, and a record of every document write. */
function fakePorts(d10s: number[]) {
  const writes = { groupUpdates: 0, chatBatches: 0, cards: 0 };
  const ports: InitiativePorts = {
    rollD10: vi.fn(async () => ({ total: d10s.shift() ?? 1, roll: { formula: "1d10" } })),
    updateSides: vi.fn(async () => {
      writes.groupUpdates++;
    }),
    postCards: vi.fn(async (cards) => {
      writes.chatBatches++;
      writes.cards += cards.length;
    }),
  };
  return { ports, writes };
}

describe("Rolling sides against the combat", () => {
  const big: CombatView = {
    round: 1,
    sides: [side("A"), side("B"), side("C")],
    members: Array.from({ length: 40 }, (_, i) =>
      member(`m${i}`, ["A", "B", "C"][i % 3]!, {
        rs: 30 + i,
        initiativeModifier: Math.ceil((30 + i) / 10),
        isPlayerCharacter: i % 3 === 0,
      }),
    ),
  };

  it("SF-X-04 SF-X-05 three sides and 40 combatants: one batched group update and one chat card per side", async () => {
    const { ports, writes } = fakePorts([7, 3, 9]);
    const cards = await rollSides(big, ports, { variant: "expanded", round: 1 });
    expect(writes).toEqual({ groupUpdates: 1, chatBatches: 1, cards: 3 });
    const updates = vi.mocked(ports.updateSides).mock.calls[0]![0];
    expect(updates).toHaveLength(3);
    // Side A has m39 (RS 69 → IM 7): 7 + 7 = 14.
    expect(updates[0]).toMatchObject({
      _id: "A",
      initiative: 14,
      system: { roll: 7, modifier: 7, modifierSource: "m39", rolledRound: 1 },
    });
    expect(cards.map((c) => c.total)).toEqual([14, 10, 16]);
    expect(cards[0]).toMatchObject({ ruleId: "SF-X-04", npcOnly: false });
  });

  it("SF-B-04 the Basic game takes the IM of the highest Reaction Speed", async () => {
    const view: CombatView = {
      round: 1,
      sides: [side("A")],
      members: [
        member("fast", "A", { rs: 61, initiativeModifier: 5 }),
        member("high-im", "A", { rs: 50, initiativeModifier: 8 }),
      ],
    };
    const { ports } = fakePorts([4]);
    const [card] = await rollSides(view, ports, { variant: "basic", round: 1 });
    expect(card).toMatchObject({ modifier: 5, modifierSource: "fast", total: 9, ruleId: "SF-B-04" });
  });

  it("SF-X-06 a holstered weapon costs the side −3", async () => {
    const view: CombatView = {
      round: 1,
      sides: [side("A")],
      members: [member("a", "A", { initiativeModifier: 5, holstered: true })],
    };
    const { ports } = fakePorts([5]);
    const [card] = await rollSides(view, ports, { variant: "expanded", round: 1 });
    expect(card).toMatchObject({ modifier: 2, holsteredPenalty: -3, total: 7 });
  });

  it("SF-X-05 sides that rolled this round are not re-rolled when combat starts or someone joins; nothing is written", async () => {
    const view: CombatView = {
      round: 2,
      sides: [side("A", { roll: 6, rolledRound: 2 }), side("B", { roll: 2, rolledRound: 2 })],
      members: [member("a", "A"), member("b", "B"), member("late", "B")],
    };
    const { ports, writes } = fakePorts([9]);
    expect(await rollSides(view, ports, { variant: "expanded", round: 2 })).toEqual([]);
    expect(writes).toEqual({ groupUpdates: 0, chatBatches: 0, cards: 0 });
    expect(ports.rollD10).not.toHaveBeenCalled();
  });

  it("SF-B-04 every round the GM's next round re-rolls every side (forced, for the new round)", async () => {
    const view: CombatView = {
      round: 2,
      sides: [side("A", { roll: 6, rolledRound: 2 }), side("B", { roll: 2, rolledRound: 2 })],
      members: [member("a", "A"), member("b", "B")],
    };
    const { ports, writes } = fakePorts([1, 10]);
    const cards = await rollSides(view, ports, { variant: "expanded", round: 3 });
    expect(cards.map((c) => c.d10)).toEqual([1, 10]);
    expect(writes.groupUpdates).toBe(1);
  });
});

describe("Order and phases", () => {
  const view: CombatView = {
    round: 2,
    sides: [
      side("A", { roll: 9, modifier: 5 }),
      side("B", { roll: 2, modifier: 4 }),
      side("C", { roll: 6, modifier: 3 }),
      side("D"),
    ],
    members: [
      member("a-npc", "A", { sort: 1 }),
      member("a-pc", "A", { isPlayerCharacter: true, sort: 2 }),
      member("b1", "B"),
      member("c1", "C"),
      member("d1", "D"),
      member("loner", null),
    ],
  };

  it("SF-X-05 the lowest side moves first; PCs first within a side; unrolled sides and sideless combatants last", () => {
    expect(turnOrder(view, "expanded")).toEqual(["b1", "c1", "a-pc", "a-npc", "d1", "loner"]);
  });

  it("SF-X-01 phases: declarations (B first), moves lowest first, resolution side A first", () => {
    const phases = phasesOf(view, "expanded");
    expect(phases[0]).toEqual({ kind: "declare", sides: ["B", "C", "A", "D"] });
    expect(phases.filter((p) => p.kind === "resolve").map((p) => p.sides[0])).toEqual(["D", "A", "C", "B"]);
  });

  it("SF-X-02 a surprised side moves first in round 1 whatever it rolled", () => {
    const r1: CombatView = {
      ...view,
      round: 1,
      sides: [side("A", { roll: 10, modifier: 6, surprised: true }), side("B", { roll: 1, modifier: 1 })],
    };
    expect(turnOrder({ ...r1, members: [member("a", "A"), member("b", "B")] }, "expanded")).toEqual([
      "a",
      "b",
    ]);
  });
});

describe("Rounds and turns", () => {
  it("SF-B-04 a side has rolled only when its roll is for this round (last round's roll asks for a new one)", () => {
    expect(rolledThisRound(side("A", { roll: 6, rolledRound: 2 }), 2)).toBe(true);
    expect(rolledThisRound(side("A", { roll: 6, rolledRound: 1 }), 2)).toBe(false);
    expect(rolledThisRound(side("A", { roll: null, rolledRound: 2 }), 2)).toBe(false);
    // Before the start (round 0) a roll for round 1 counts (SF-X-04: rolled before the fight).
    expect(rolledThisRound(side("A", { roll: 3, rolledRound: 1 }), 0)).toBe(true);
  });

  it("SF-X-04 SWN-12 resetting initiative clears the roll fields and keeps surprise, colour, key and Morale", () => {
    expect(clearedRoll()).toEqual({
      roll: null,
      modifier: 0,
      modifierSource: "",
      holsteredPenalty: 0,
      highestRs: 0,
      rolledRound: 0,
      sealed: false,
      sealId: "",
      rank: 0,
      rankTie: 0,
    });
  });

  const mid: CombatView = {
    round: 2,
    sides: [
      side("A", { roll: 2, modifier: 3, rolledRound: 2 }),
      side("B", { roll: 8, modifier: 3, rolledRound: 2 }),
    ],
    members: [member("a1", "A"), member("a2", "A", { sort: 1 }), member("b1", "B")],
  };

  it("SF-X-04 a side edited mid-round re-sorts the order; the turn index follows whoever is acting", () => {
    expect(turnOrder(mid, "expanded")).toEqual(["a1", "a2", "b1"]);
    // b1 is acting (turn 2); the GM raises side A's d10 from 2 to 9: A now moves last.
    const edited = withSideChanges(mid, [{ _id: "A", initiative: 12, system: { roll: 9 } }]);
    expect(edited.sides[0]!.system).toMatchObject({ roll: 9, modifier: 3, rolledRound: 2 });
    expect(turnOrder(edited, "expanded")).toEqual(["b1", "a1", "a2"]);
    expect(turnKeeping(edited, "expanded", "b1")).toBe(0);
    expect(turnKeeping(edited, "expanded", null)).toBeNull();
    expect(turnKeeping(edited, "expanded", "gone")).toBeNull();
  });

  it("SF-X-02 the order of the next round is read in that round: surprise no longer counts in round 2", () => {
    const r1: CombatView = {
      round: 1,
      sides: [side("A", { roll: 10, modifier: 6, surprised: true }), side("B", { roll: 1, modifier: 1 })],
      members: [member("a", "A"), member("b", "B")],
    };
    expect(turnOrder(r1, "expanded")).toEqual(["a", "b"]);
    expect(turnOrder(withSideChanges(r1, [], 2), "expanded")).toEqual(["b", "a"]);
  });

  it("SF-B-04 ending the last turn ends the round; with skip-defeated, so does ending the last one standing", () => {
    expect(endsRound(2, [false, false, false], false)).toBe(true);
    expect(endsRound(1, [false, false, false], false)).toBe(false);
    expect(endsRound(1, [false, false, true], true)).toBe(true);
    expect(endsRound(1, [false, false, true], false)).toBe(false);
    expect(endsRound(null, [], false)).toBe(true);
  });

  it("SF-B-04 a new round starts with the first in the new order, or the first not defeated", () => {
    const defeated = (id: string) => id === "x";
    expect(firstTurn(["x", "y"], defeated, false)).toEqual({ turn: 0, noneLeft: false });
    expect(firstTurn(["x", "y"], defeated, true)).toEqual({ turn: 1, noneLeft: false });
    expect(firstTurn(["x"], defeated, true)).toEqual({ turn: 0, noneLeft: true });
    expect(firstTurn([], defeated, true)).toEqual({ turn: null, noneLeft: false });
  });
});

describe("Sides by disposition", () => {
  it("SF-X-05 combatants without a side join one by token disposition; existing sides are reused", () => {
    const view: CombatView = {
      round: 0,
      sides: [side("s1", { key: "friendly" })],
      members: [
        member("pc", null, { disposition: 1 }),
        member("orc", null, { disposition: -1 }),
        member("orc2", null, { disposition: -1 }),
        member("kept", "s1"),
      ],
    };
    const a = assignSides(view);
    expect(a.create.map((c) => c.key)).toEqual(["hostile"]);
    expect(a.assign).toEqual({ pc: "s1", orc: "hostile", orc2: "hostile" });
  });

  it("SF-X-05 every character its own side", () => {
    const view: CombatView = { round: 0, sides: [], members: [member("x", null), member("y", null)] };
    expect(assignSides(view, true).create.map((c) => c.key)).toEqual(["individual:x", "individual:y"]);
  });

  it("SF-X-05 deleting a side's last member leaves that side empty, to be removed", () => {
    const view: CombatView = { round: 1, sides: [side("A"), side("B")], members: [member("a", "A")] };
    expect(emptySides(view)).toEqual(["B"]);
  });
});

describe("GM authority", () => {
  it("SF-X-04 a player's side roll goes through the active GM's query; the GM runs it locally", async () => {
    const query = vi.fn(async () => "rolled by GM");
    const local = vi.fn(async () => "rolled here");
    const player: UserPorts = { isGM: false, activeGM: { query } };
    expect(await asGM(player, "frontier-tactics.rollSide", { combatId: "c", sideId: "A" }, local)).toBe(
      "rolled by GM",
    );
    expect(query).toHaveBeenCalledWith(
      "frontier-tactics.rollSide",
      { combatId: "c", sideId: "A" },
      { timeout: 10000 },
    );
    expect(local).not.toHaveBeenCalled();
    const gm: UserPorts = { isGM: true, activeGM: null };
    expect(await asGM(gm, "x", {}, local)).toBe("rolled here");
  });

  it("SF-X-04 with no GM connected the player gets a clear error", async () => {
    await expect(asGM({ isGM: false, activeGM: null }, "x", {}, async () => 1)).rejects.toBeInstanceOf(
      NoGMError,
    );
  });
});
