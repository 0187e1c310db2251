import { describe, expect, it } from "vitest";
import type { ObstacleTest } from "../alpha-dawn/grenades.js";
import { evasionAgainstBurst, grenadeHexSides, swnGrenadeLanding } from "./grenade.js";

const open: ObstacleTest = () => null;
const target = { x: 10, y: 10 };
const round2 = (p: { x: number; y: number }) => ({
  x: Math.round(p.x * 100) / 100,
  y: Math.round(p.y * 100) / 100,
});

describe("SWN-16 grenades on the hex map (seed 003)", () => {
  it("SWN-16: a missed grenade lands 1d3 hexes (3 m each) away through one of the six hex sides (1d6) — d3 2, d6 2 on hex columns: 6 m at 60°", () => {
    const miss = swnGrenadeLanding(
      { target, hit: false, d3: 2, d6: 2, unitsPerMetre: 1, grid: "hexColumns" },
      open,
    );
    expect(miss).toMatchObject({ deviated: true, metres: 6, direction: 60, stoppedByWall: false });
    expect(round2(miss.landing)).toEqual(
      round2({ x: 10 + 6 * Math.sin(Math.PI / 3), y: 10 - 6 * Math.cos(Math.PI / 3) }),
    );
    // d6 4 on columns is due south; on rows d6 1 is 30°.
    const south = swnGrenadeLanding(
      { target, hit: false, d3: 1, d6: 4, unitsPerMetre: 1, grid: "hexColumns" },
      open,
    );
    expect(round2(south.landing)).toEqual({ x: 10, y: 13 });
    expect(grenadeHexSides("hexRows")).toEqual([30, 90, 150, 210, 270, 330]);
    expect(grenadeHexSides("square")).toEqual([0, 60, 120, 180, 240, 300]);
    // A hit goes off at the target; a miss without its dice is refused; a d8's 7 is no d6.
    expect(
      swnGrenadeLanding({ target, hit: true, d3: null, d6: null, unitsPerMetre: 1, grid: "square" }, open),
    ).toMatchObject({
      landing: target,
      deviated: false,
    });
    expect(() =>
      swnGrenadeLanding({ target, hit: false, d3: 2, d6: null, unitsPerMetre: 1, grid: "square" }, open),
    ).toThrow();
    expect(() =>
      swnGrenadeLanding({ target, hit: false, d3: 2, d6: 7, unitsPerMetre: 1, grid: "square" }, open),
    ).toThrow();
  });

  it("SWN-16: the Evasion save — d20 meeting the save target halves the damage (rounded down)", () => {
    expect(evasionAgainstBurst(15, 15, 9)).toEqual({ passed: true, damage: 4 });
    expect(evasionAgainstBurst(14, 15, 9)).toEqual({ passed: false, damage: 9 });
    expect(() => evasionAgainstBurst(14, 1, 9)).toThrow();
  });
});
