import { describe, expect, it } from "vitest";
import {
  aimMovedAway,
  aimStillHolds,
  aimTouchAttack,
  aimWeaponProblem,
  dexDeniedTerms,
  pathMetres,
} from "./aim.js";

describe("SW-42 aiming: the ranged touch attack", () => {
  it("SW-42 SW-09: d20 13 + BAB 3 + Dex 2 − range 6 = 12 hits touch Defense 12; d20 5 → 4 misses", () => {
    const base = { bab: 3, dex: 2, size: "medium", range: -6, touchDefense: 12 } as const;
    expect(aimTouchAttack({ ...base, d20: 13 })).toEqual({ bonus: -1, total: 12, hit: true });
    expect(aimTouchAttack({ ...base, d20: 5 })).toEqual({ bonus: -1, total: 4, hit: false });
  });
  it("SW-18: a natural 20 hits, a natural 1 misses; SW-05: a Small aimer adds +1", () => {
    expect(
      aimTouchAttack({ d20: 20, bab: 0, dex: 0, size: "medium", range: -20, touchDefense: 30 }).hit,
    ).toBe(true);
    expect(aimTouchAttack({ d20: 1, bab: 30, dex: 0, size: "medium", range: 0, touchDefense: 10 }).hit).toBe(
      false,
    );
    expect(aimTouchAttack({ d20: 10, bab: 0, dex: 0, size: "small", range: 0, touchDefense: 10 }).bonus).toBe(
      1,
    );
  });
  it("SW-42: a ranged weapon aims, a thrown or melee one does not", () => {
    expect(aimWeaponProblem("ranged")).toBeNull();
    expect(aimWeaponProblem("thrown")).toBe("FT.D20.Aim.thrown");
    expect(aimWeaponProblem("melee")).toBe("FT.D20.Aim.ranged");
  });
  it("SW-42: the aim holds while the target moved 2 m or less since, not 2.5 m", () => {
    expect(aimStillHolds(0, 0, 2, 0)).toBe(true);
    expect(aimStillHolds(0, 0, 0, 2.5)).toBe(false);
  });
});

describe("SW-42 aiming: the target's moves and why its Dex is gone (review 3)", () => {
  it("SW-42 (2.3): 2 m away and 2 m back is 4 m of movement — more than 2 m, the aim is lost; 2 m is not", () => {
    const there = pathMetres([
      { x: 0, y: 0 },
      { x: 0, y: 2 },
      { x: 0, y: 0 },
    ]);
    expect(there).toBe(4);
    expect(aimMovedAway(there)).toBe(true);
    expect(aimMovedAway(2)).toBe(false);
  });
  it("SW-42 SW-01 SW-29 (1.4): a term of 0 per condition that denies the Dex, the aim's SW-42; helpless has its own", () => {
    expect(
      dexDeniedTerms(new Set(["defenderAimedAt", "defenderFlatFooted", "defenderHelpless", "flanking"])),
    ).toEqual([
      { id: "noDex.defenderFlatFooted", label: "FT.D20.NoDex.defenderFlatFooted", value: 0, ruleId: "SW-01" },
      { id: "noDex.defenderAimedAt", label: "FT.D20.NoDex.defenderAimedAt", value: 0, ruleId: "SW-42" },
    ]);
    expect(dexDeniedTerms(new Set())).toEqual([]);
  });
});
