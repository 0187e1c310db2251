import { describe, expect, it } from "vitest";
import { checkCritMultiplier, d20Damage, strengthToDamage, unarmedDamage } from "./damage.js";

describe("Strength to damage (SW-07)", () => {
  it("SW-07: Str +3 adds +3 one-handed, +1 off hand (half, rounded down), +4 two-handed (1½, rounded down)", () => {
    expect(strengthToDamage(3, "primary")).toBe(3);
    expect(strengthToDamage(3, "offHand")).toBe(1);
    expect(strengthToDamage(3, "twoHanded")).toBe(4);
    expect(strengthToDamage(4, "twoHanded")).toBe(6);
  });
  it("SW-07: the fractions apply only to a bonus — a Str −2 penalty counts in full off hand and two-handed", () => {
    expect(strengthToDamage(-2, "offHand")).toBe(-2);
    expect(strengthToDamage(-2, "twoHanded")).toBe(-2);
    expect(strengthToDamage(0, "twoHanded")).toBe(0);
  });
  it("SW-07: no 1½ with a weapon smaller than the wielder; ranged weapons add no Strength", () => {
    expect(strengthToDamage(4, "twoHanded", true)).toBe(4);
    expect(strengthToDamage(4, "none")).toBe(0);
  });
});

describe("damage of a hit (SW-07, SW-15, SW-18, SW-20)", () => {
  it("SW-07: a vibroblade 2d6 rolled 3 + 4 with Str +2 two-handed deals 10", () => {
    const d = d20Damage({ formula: "2d6", dice: [3, 4], str: 2, grip: "twoHanded" });
    expect(d).toEqual({
      formula: "2d6",
      rolled: 7,
      terms: [{ id: "str", label: "FT.D20.Damage.str.twoHanded", value: 3, ruleId: "SW-07" }],
      amount: 10,
    });
  });
  it("SW-07: minimum 1 — a 1d3 punch rolling 1 with Str −3 still deals 1, with a labelled term", () => {
    const d = d20Damage({ formula: "1d3", dice: [1], str: -3, grip: "primary" });
    expect(d.amount).toBe(1);
    expect(d.terms.at(-1)).toEqual({
      id: "minimum",
      label: "FT.D20.Damage.minimum",
      value: 3,
      ruleId: "SW-07",
    });
  });
  it("SW-15: a point-blank shot deals +1 (blaster 3d6 rolled 2, 5, 6 → 14); Strength does not apply at range", () => {
    const d = d20Damage({ formula: "3d6", dice: [2, 5, 6], str: 3, grip: "none", pointBlank: true });
    expect(d.amount).toBe(14);
    expect(d.terms).toEqual([
      { id: "pointBlank", label: "FT.D20.Attack.pointBlank", value: 1, ruleId: "SW-15" },
    ]);
  });
  it("SW-18: RCR multiplies nothing; the optional ×2 doubles only a confirmed critical", () => {
    const base = { formula: "3d6", dice: [2, 5, 6], str: 0, grip: "none" as const };
    expect(d20Damage({ ...base, critical: "confirmed" }).amount).toBe(13);
    expect(d20Damage({ ...base, critical: "confirmed", critMultiplier: 2 }).amount).toBe(26);
    expect(d20Damage({ ...base, critical: "threat", critMultiplier: 2 }).amount).toBe(13);
    expect(() => checkCritMultiplier(0)).toThrow(/×1 to ×6/);
    expect(() => d20Damage({ ...base, critical: "confirmed", critMultiplier: 1.5 })).toThrow(/×1 to ×6/);
  });
  it("SW-07: the weapon's dice must match its formula", () => {
    expect(() => d20Damage({ formula: "3d6", dice: [2, 5], str: 0, grip: "none" })).toThrow(
      /Expected 3 dice/,
    );
    expect(() => d20Damage({ formula: "3d6", dice: [2, 5, 7], str: 0, grip: "none" })).toThrow(
      /d6 cannot show 7/,
    );
  });
  it("SW-20: unarmed strikes deal 1d2 (Small), 1d3 (Medium-size), 1d4 (Large); other sizes are not in the seed", () => {
    expect(unarmedDamage("small")).toBe("1d2");
    expect(unarmedDamage("medium")).toBe("1d3");
    expect(unarmedDamage("large")).toBe("1d4");
    expect(unarmedDamage("huge")).toBeNull();
  });
});
