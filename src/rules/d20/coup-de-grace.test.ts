import { describe, expect, it } from "vitest";
import { coupDeGrace, coupDeGraceProblem, helplessForCoupDeGrace } from "./coup-de-grace.js";

describe("SW-33 coup de grace", () => {
  it("SW-33: helpless when bound, asleep, paralysed, dying or stable; a knocked-out (bare unconscious) defender is not", () => {
    for (const s of ["restrain", "sleep", "paralysis", "dying", "stable"])
      expect(helplessForCoupDeGrace(new Set([s, "unconscious"]))).toBe(true);
    expect(helplessForCoupDeGrace(new Set(["unconscious"]))).toBe(false);
    expect(helplessForCoupDeGrace(new Set(["dying", "dead"]))).toBe(false);
  });
  it("SW-33: refused when not helpless or not adjacent (2 m)", () => {
    expect(coupDeGraceProblem({ helpless: false, melee: true, distance: 1, reach: 2 })).toBe(
      "FT.D20.CoupDeGrace.notHelpless",
    );
    expect(coupDeGraceProblem({ helpless: true, melee: false, distance: 3, reach: 2 })).toBe(
      "FT.D20.CoupDeGrace.notAdjacent",
    );
    expect(coupDeGraceProblem({ helpless: true, melee: true, distance: 2, reach: 2 })).toBeNull();
  });
  it("SW-33: 7 damage to a dying ordinary foe at −1: WP −8, Fortitude DC 17 — 16 dies, 17 lives; 9 damage kills outright", () => {
    const foe = { heroic: false, vitality: 0, wounds: -1, dr: 0 };
    expect(coupDeGrace(foe, 7, null)).toEqual({ vitality: 0, wounds: -8, damage: 7, dc: 17, dead: false });
    expect(coupDeGrace(foe, 7, 16).dead).toBe(true);
    expect(coupDeGrace(foe, 7, 17).dead).toBe(false);
    expect(coupDeGrace(foe, 9, null)).toEqual({ vitality: 0, wounds: -10, damage: 9, dc: null, dead: true });
  });
  it("SW-33 SW-11: the DC is 10 + the damage inflicted — 7 rolled through armour DR 2 takes 5 wound points: DC 15", () => {
    expect(coupDeGrace({ heroic: false, vitality: 0, wounds: 12, dr: 2 }, 7, null)).toEqual({
      vitality: 0,
      wounds: 7,
      damage: 7,
      dc: 15,
      dead: false,
    });
  });
  it("SW-33: a heroic sleeper's vitality is skipped (a critical goes to wound points, SW-18)", () => {
    expect(coupDeGrace({ heroic: true, vitality: 10, wounds: 14, dr: 0 }, 6, 20)).toEqual({
      vitality: 10,
      wounds: 8,
      damage: 6,
      dc: 16,
      dead: false,
    });
  });
});
