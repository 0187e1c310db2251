import { describe, expect, it } from "vitest";
import { swnAcTerms } from "./profile.js";
import { protectsAgainst } from "./protect.js";

describe("SWN-06 Protect (mech) (seed 003)", () => {
  const ally = { x: 0, y: 0 };
  it("SWN-06: an adjacent ally behind the mech from the attacker is covered; one beside or in front is not, nor one two cells away", () => {
    const mech = { x: -100, y: 0 };
    expect(protectsAgainst(ally, mech, { x: -500, y: 0 }, 100)).toBe(true);
    expect(protectsAgainst(ally, mech, { x: -300, y: 250 }, 100)).toBe(true);
    expect(protectsAgainst(ally, mech, { x: 0, y: 400 }, 100)).toBe(false);
    expect(protectsAgainst(ally, mech, { x: 500, y: 0 }, 100)).toBe(false);
    expect(protectsAgainst(ally, { x: -200, y: 0 }, { x: -500, y: 0 }, 100)).toBe(false);
    // Diagonal neighbours on a square grid are adjacent (√2 cells).
    expect(protectsAgainst(ally, { x: -100, y: -100 }, { x: -500, y: -400 }, 100)).toBe(true);
  });

  it("SWN-06: the +2 AC is minor concealment — it does not add to concealment the target already has", () => {
    const base = { d20Terms: [], ac: 13, concealment: "none" as const };
    expect(swnAcTerms({ ...base, protectedBy: true }).reduce((a, m) => a + m.value, 0)).toBe(15);
    expect(swnAcTerms({ ...base, protectedBy: true }).map((m) => m.ruleId)).toContain("SWN-06");
    expect(
      swnAcTerms({ ...base, concealment: "partly", protectedBy: true }).reduce((a, m) => a + m.value, 0),
    ).toBe(15);
    expect(swnAcTerms(base).reduce((a, m) => a + m.value, 0)).toBe(13);
  });

  it('SWN-06 "and your Armor rating": a +0 line tells the GM to apply the mech\'s armour, with or without the +2', () => {
    const base = { d20Terms: [], ac: 13, concealment: "none" as const };
    const ids = (c: "none" | "partly") =>
      swnAcTerms({ ...base, concealment: c, protectedBy: true }).map((m) => m.id);
    expect(ids("none")).toEqual(["ac", "protect", "protectArmour"]);
    expect(ids("partly")).toEqual(["ac", "concealment", "protectArmour"]);
    expect(swnAcTerms(base).map((m) => m.id)).toEqual(["ac"]);
  });
});
