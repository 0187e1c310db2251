import { describe, expect, it } from "vitest";
import { aimStillHolds, aimTouchAttack, aimWeaponProblem } from "./aim.js";

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
