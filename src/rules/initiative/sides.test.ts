import { describe, expect, it } from "vitest";
import {
  memberOrder,
  orderSides,
  roundPhases,
  type SideMember,
  type SideRoll,
  sideModifier,
  sideTotal,
  surpriseActive,
} from "./sides.js";

const member = (over: Partial<SideMember>): SideMember => ({
  id: "m",
  name: "M",
  rs: 40,
  initiativeModifier: 4,
  holstered: false,
  isPlayerCharacter: true,
  sort: 0,
  ...over,
});
const roll = (id: string, d10: number, modifier: number, over: Partial<SideRoll> = {}): SideRoll => ({
  id,
  d10,
  modifier,
  highestRs: modifier * 10,
  surprised: false,
  ...over,
});

describe("Side modifiers", () => {
  const members = [
    member({ id: "a", name: "Ann", rs: 55, initiativeModifier: 5 }),
    member({ id: "b", name: "Bok", rs: 52, initiativeModifier: 7 }),
  ];

  it("SF-B-04 Basic: the Initiative modifier of the member with the highest Reaction Speed", () => {
    expect(sideModifier(members, "basic")).toMatchObject({ value: 5, memberId: "a", ruleId: "SF-B-04" });
  });

  it("SF-X-04 Expanded: the highest Initiative modifier on the side", () => {
    expect(sideModifier(members, "expanded")).toMatchObject({ value: 7, memberId: "b", ruleId: "SF-X-04" });
  });

  it("SF-X-06 a holstered weapon lowers its holder's own modifier: a holstered IM 3 guard leaves the side at +7 (probe P4)", () => {
    const m = [...members, member({ id: "c", initiativeModifier: 3, holstered: true })];
    expect(sideModifier(m, "expanded")).toMatchObject({
      value: 7,
      memberId: "b",
      base: 7,
      holsteredPenalty: 0,
    });
  });

  it("SF-X-06 the leader's holstered weapon costs the side −3 unless another member's own modifier is higher", () => {
    const leader = member({ id: "b", name: "Bok", rs: 52, initiativeModifier: 7, holstered: true });
    expect(sideModifier([leader, members[0]!], "expanded")).toMatchObject({
      value: 5,
      memberId: "a",
      holsteredPenalty: 0,
    });
    const alone = [leader, member({ id: "c", initiativeModifier: 3 })];
    expect(sideModifier(alone, "expanded")).toMatchObject({
      value: 4,
      memberId: "b",
      base: 7,
      holsteredPenalty: -3,
    });
  });

  it("SF-X-04 an empty side adds nothing", () => {
    expect(sideModifier([], "expanded")).toMatchObject({ value: 0, memberId: null });
  });

  it("SF-B-04 totals are 1d10 plus the modifier; a d10 of 11 is refused", () => {
    expect(sideTotal(7, 5)).toBe(12);
    expect(() => sideTotal(11, 5)).toThrow();
  });
});

describe("Ordering sides", () => {
  it("SF-X-01 SF-X-04 the higher total is side A; side B moves first", () => {
    const o = orderSides([roll("A", 8, 5), roll("B", 3, 6)], "expanded", 2);
    expect(o).toMatchObject({ moveOrder: ["B", "A"], initiative: "A", simultaneousDamage: false });
  });

  it("SF-X-04 a tie goes to the higher modifier", () => {
    const o = orderSides([roll("x", 8, 4), roll("y", 6, 6)], "expanded", 2);
    expect(o).toMatchObject({ moveOrder: ["x", "y"], initiative: "y" });
  });

  it("SF-X-04 a tie of total and modifier is left to the GM", () => {
    const o = orderSides([roll("x", 6, 5), roll("y", 6, 5)], "expanded", 2);
    expect(o.initiative).toBeNull();
    expect(o.unresolvedTies).toEqual([["x", "y"]]);
  });

  it("SF-X-05 three sides: lowest moves first, the others follow in order", () => {
    const o = orderSides([roll("A", 9, 6), roll("C", 2, 3), roll("B", 7, 3)], "expanded", 2);
    expect(o.moveOrder).toEqual(["C", "B", "A"]);
    expect(o.initiative).toBe("A");
    expect(roundPhases(o, "expanded")).toEqual([
      { kind: "declare", sides: ["C", "B", "A"] },
      { kind: "move", sides: ["C"] },
      { kind: "move", sides: ["B"] },
      { kind: "move", sides: ["A"] },
      { kind: "resolve", sides: ["A"] },
      { kind: "resolve", sides: ["B"] },
      { kind: "resolve", sides: ["C"] },
    ]);
  });

  it("SF-X-05 every character its own side orders like sides of one", () => {
    const o = orderSides(
      [roll("pc1", 5, 5), roll("pc2", 1, 4), roll("npc", 10, 2), roll("pc3", 4, 6)],
      "expanded",
      3,
    );
    expect(o.moveOrder).toEqual(["pc2", "pc1", "pc3", "npc"]);
  });

  it("SF-B-03 Basic: the side with initiative moves and attacks first", () => {
    const o = orderSides([roll("A", 2, 5), roll("B", 9, 4)], "basic", 1);
    expect(o).toMatchObject({ moveOrder: ["B", "A"], initiative: "B", simultaneousDamage: false });
    expect(roundPhases(o, "basic")).toEqual([
      { kind: "act", sides: ["B"] },
      { kind: "act", sides: ["A"] },
    ]);
  });

  it("SF-B-05 Basic tie: neither has initiative, highest single RS acts first, damage waits for both", () => {
    const o = orderSides(
      [roll("A", 5, 5, { highestRs: 48 }), roll("B", 6, 4, { highestRs: 61 })],
      "basic",
      2,
    );
    expect(o).toMatchObject({ moveOrder: ["B", "A"], initiative: null, simultaneousDamage: true });
  });

  it("SF-X-02 a surprised side automatically loses initiative in round 1, not in round 2", () => {
    const rolls = [roll("ambushed", 10, 6, { surprised: true }), roll("rebels", 1, 2)];
    expect(orderSides(rolls, "expanded", 1)).toMatchObject({
      moveOrder: ["ambushed", "rebels"],
      initiative: "rebels",
    });
    expect(orderSides(rolls, "expanded", 2)).toMatchObject({
      moveOrder: ["rebels", "ambushed"],
      initiative: "ambushed",
    });
    expect(orderSides(rolls, "basic", 1)).toMatchObject({
      moveOrder: ["rebels", "ambushed"],
      initiative: "rebels",
    });
    expect(surpriseActive(true, 1)).toBe(true);
    expect(surpriseActive(true, 2)).toBe(false);
  });

  it("SF-X-05 no sides, no order; a side listed twice is an error", () => {
    expect(orderSides([], "expanded", 1)).toMatchObject({ moveOrder: [], initiative: null });
    expect(() => orderSides([roll("A", 1, 1), roll("A", 2, 2)], "expanded", 1)).toThrow(/twice/);
  });

  it("SF-X-01 within a side: player characters first, then a stable order", () => {
    const m = memberOrder([
      member({ id: "n2", isPlayerCharacter: false, sort: 1 }),
      member({ id: "p2", sort: 5 }),
      member({ id: "n1", isPlayerCharacter: false, sort: 0 }),
      member({ id: "p1", sort: 2 }),
    ]);
    expect(m.map((x) => x.id)).toEqual(["p1", "p2", "n1", "n2"]);
  });
});
