import { describe, expect, it } from "vitest";
import { squadHp, unitsLeft } from "../swn/squad.js";
import type { HealthState } from "./index.js";
import { applySquadHit, healSquad, type SquadHealth, squadHpForUnits } from "./squad.js";

const squad = (over: Partial<SquadHealth> = {}): SquadHealth => ({
  model: "squad",
  hp: 23,
  hd: 1,
  units: { value: 5, max: 5 },
  armor: 0,
  ...over,
});

describe("the squad health model (SWN-17)", () => {
  it("SWN-17: 5 units of HD1 hold 23 HP; 13 HP left is 3 units", () => {
    expect(squadHp(5, 1)).toBe(23);
    const hit = applySquadHit(squad(), { amount: 10, kind: "projectile", critical: "none" });
    expect(hit.hp).toEqual({ before: 23, after: 13, max: 23 });
    expect(hit.units).toEqual({ before: 5, after: 3, max: 5 });
    expect(hit.unitsLost).toBe(2);
    expect(hit.wiped).toBe(false);
    expect(hit.pools).toEqual([{ pool: "hp", before: 23, after: 13 }]);
  });

  it("SWN-17: damage past 0 stops at 0 HP and 0 units; a squad already at 0 records no change", () => {
    const hit = applySquadHit(squad({ hp: 13, units: { value: 3, max: 5 } }), {
      amount: 18,
      kind: "laser",
      critical: "none",
    });
    expect(hit.hp.after).toBe(0);
    expect(hit.units.after).toBe(0);
    expect(hit.unitsLost).toBe(3);
    expect(hit.wiped).toBe(true);
    expect(applySquadHit(squad({ hp: 0 }), { amount: 5, kind: "laser", critical: "none" }).pools).toEqual([]);
  });

  it("SWN-17: a hit that only wounds the hurt unit loses no unit (14 → 13 HP is still 3 units after 4)", () => {
    const hit = applySquadHit(squad({ hp: 14 }), { amount: 1, kind: "projectile", critical: "none" });
    expect(hit.units).toMatchObject({ before: 4, after: 3 });
    const graze = applySquadHit(squad({ hp: 13 }), { amount: 1, kind: "projectile", critical: "none" });
    expect(graze.units).toMatchObject({ before: 3, after: 3 });
    expect(graze.unitsLost).toBe(0);
  });

  it("SWN-17: healing restores one unit at a time — 13 HP (3 units) healed 10 is 18 HP, 4 units", () => {
    const heal = healSquad(squad({ hp: 13 }), 10);
    expect(heal.hp).toEqual({ before: 13, after: 18, max: 23 });
    expect(heal.units).toEqual({ before: 3, after: 4, max: 5 });
    expect(heal.pools).toEqual([{ pool: "hp", before: 13, after: 18 }]);
    // A small heal is all taken; from 0 a heal brings back one whole unit at most (⌊4.5⌋ = 4 HP).
    expect(healSquad(squad({ hp: 13 }), 2).hp.after).toBe(15);
    expect(healSquad(squad({ hp: 0 }), 10)).toMatchObject({ hp: { after: 4 }, units: { after: 1 } });
    // The last unit fills the squad to its full 23, never above.
    expect(healSquad(squad({ hp: 18 }), 50).hp.after).toBe(23);
    expect(healSquad(squad(), 5).pools).toEqual([]);
  });

  it("SWN-17: Tissue Integrity Field multiplies the healing by max units — 3 at 5 HP of 5 × HD1 is 15: 20 HP, 5 units", () => {
    const heal = healSquad(squad({ hp: 5 }), 3, { tif: true });
    expect(heal.hp).toEqual({ before: 5, after: 20, max: 23 });
    expect(heal.units).toEqual({ before: 2, after: 5, max: 5 });
    // Without TIF the same 3 is all taken (5 → 8, still within the next unit); with TIF never above the full 23.
    expect(healSquad(squad({ hp: 5 }), 3).hp.after).toBe(8);
    expect(healSquad(squad({ hp: 5 }), 10, { tif: true }).hp.after).toBe(23);
  });

  it("SWN-17: the HP of N whole units is the most at which N stand (3 × HD1 → 13), the whole squad its full pool", () => {
    expect(squadHpForUnits(3, 1, 5)).toBe(13);
    expect(unitsLeft(squadHpForUnits(3, 1, 5), 1, 5)).toBe(3);
    expect(squadHpForUnits(5, 1, 5)).toBe(23);
    expect(squadHpForUnits(0, 1, 5)).toBe(0);
    for (let hd = 1; hd <= 6; hd++)
      for (let n = 0; n <= 7; n++) expect(unitsLeft(squadHpForUnits(n, hd, 7), hd, 7)).toBe(n);
  });

  it("SWN-17: negative damage or healing is refused, never applied", () => {
    expect(() => applySquadHit(squad(), { amount: -3, kind: "laser", critical: "none" })).toThrow(/≥ 0/);
    expect(() => healSquad(squad(), -1)).toThrow(/≥ 0/);
  });

  it("a squad's state is one of the health states the apply workflow can branch on", () => {
    const state: HealthState = squad();
    expect(state.model).toBe("squad");
  });
});
