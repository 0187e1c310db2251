import { describe, expect, it } from "vitest";
import {
  averageDamage,
  recruitDifficulty,
  recruits,
  squadDamage,
  squadHexes,
  squadHit,
  squadHp,
  timesUnits,
  unitsLeft,
} from "./squad.js";

describe("SWN-17 SWN-18 squads and recruiting (seed 003)", () => {
  it("SWN-17: against AC 10 a total of 7 deals nothing, 8 and 12 half, 13 full, a natural 20 full (ruling 4a)", () => {
    expect([7, 8, 12, 13].map((t) => squadHit(t, 10))).toEqual(["none", "half", "half", "full"]);
    expect(squadHit(5, 15, true)).toBe("full");
    expect([12, 13, 17, 18].map((t) => squadHit(t, 15))).toEqual(["none", "half", "half", "full"]);
  });

  it("SWN-17: five HD 1 soldiers have 23 HP (22.5 rounded up); at 13 HP 3 units stand; 0 HP none", () => {
    expect(squadHp(5, 1)).toBe(23);
    expect([23, 13, 9, 4.5, 1, 0].map((hp) => unitsLeft(hp, 1, 5))).toEqual([5, 3, 2, 1, 1, 0]);
  });

  it("SWN-17: a 1d8 weapon (average 4.5) × 4 units is 18 damage, 9 at half, 0 on none; armour 2 × 4 = 8; AP 3 × 4 = 12", () => {
    expect(averageDamage("1d8")).toBe(4.5);
    expect((["full", "half", "none"] as const).map((h) => squadDamage("1d8", 4, h))).toEqual([18, 9, 0]);
    expect([timesUnits(2, 4), timesUnits(3, 4)]).toEqual([8, 12]);
  });

  it("SWN-17 ruling 4f: damage rounds up — 1d8 × 3 units is 13.5 → 14, half 6.75 → 7", () => {
    expect((["full", "half"] as const).map((h) => squadDamage("1d8", 3, h))).toEqual([14, 7]);
  });

  it("SWN-17: a footprint of 1 hex per 3 units — 1, 3, 4 and 7 units take 1, 1, 2 and 3 hexes", () => {
    expect([1, 3, 4, 7].map(squadHexes)).toEqual([1, 1, 2, 3]);
  });

  it("SWN-18: recruiting veteran fighters (HD 2, Morale 9) is difficulty 9; a failure brings 1, a success Tier + 1, by 2 or more Tier + 3", () => {
    expect(recruitDifficulty(2, 9)).toBe(9);
    expect([8, 9, 10, 11].map((t) => recruits(t, 9, 2))).toEqual([1, 3, 3, 5]);
  });
});
