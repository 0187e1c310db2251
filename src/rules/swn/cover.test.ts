import { describe, expect, it } from "vitest";
import { concealmentTerm, coverArmour, grenadeCoverAc, grenadeMissMetres, materialArmour } from "./cover.js";

describe("SWN-14 SWN-15 SWN-16 cover and concealment (seed 003)", () => {
  it("SWN-14: partly +2, mostly +4, totally obscured +6 AC", () => {
    expect(
      (["none", "partly", "mostly", "totally"] as const).map((c) => concealmentTerm(c)?.value ?? 0),
    ).toEqual([0, 2, 4, 6]);
  });

  it("SWN-15: thin stone gives 6 against TL2, nothing against a TL4 laser; a heavy TL2 weapon counts TL3 — nothing from thin stone, 8 from thick stone; thin and thick stone together give 8, never 14", () => {
    expect(materialArmour("thinStone", { tl: 2 })).toBe(6);
    expect(materialArmour("thinStone", { tl: 4, energy: true, laser: true })).toBe(0);
    expect(materialArmour("thinStone", { tl: 2, heavy: true })).toBe(0);
    expect(materialArmour("thickStone", { tl: 2, heavy: true })).toBe(8);
    expect(coverArmour(["thinStone", "thickStone"], { tl: 2 })?.value).toBe(8);
  });

  it("SWN-15: significant liquid 6 vs TL3, 10 vs TL4 energy weapons; particulates 5 against lasers only; an unknown material is refused", () => {
    expect(materialArmour("liquid", { tl: 3 })).toBe(6);
    expect(materialArmour("liquid", { tl: 4, energy: true })).toBe(10);
    expect(materialArmour("particulates", { tl: 5, energy: true, laser: true })).toBe(5);
    expect(materialArmour("particulates", { tl: 1 })).toBe(0);
    expect(() => materialArmour("adamant", { tl: 1 })).toThrow();
  });

  it("SWN-11 SWN-08: an aimed shot or overwatch ignores the cover's armour (concealment still counts)", () => {
    expect(coverArmour(["thickStone"], { tl: 3 }, true)).toBeNull();
    expect(concealmentTerm("mostly")?.value).toBe(4);
  });

  it("SWN-16: a grenade at a target behind 'mostly obscured' cover is thrown at AC 14; a miss lands 3, 6 or 9 m away", () => {
    expect(grenadeCoverAc("mostly")).toBe(14);
    expect([1, 2, 3].map(grenadeMissMetres)).toEqual([3, 6, 9]);
    expect(() => grenadeMissMetres(4)).toThrow();
  });
});
