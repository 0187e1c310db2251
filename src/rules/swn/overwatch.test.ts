import { describe, expect, it } from "vitest";
import { bearing, inOverwatchArc, OVERWATCH_ARC, overwatchFacings, overwatchGridOf } from "./overwatch.js";

describe("SWN-08 overwatch (seed 003)", () => {
  const at = { x: 0, y: 0 };
  it("SWN-08: facing north-east (45°), the arc is 60° wide — 15° to 75° in, 80° and 10° out; its edges count", () => {
    expect(OVERWATCH_ARC).toBe(60);
    const toward = (deg: number) => ({
      x: Math.sin((deg * Math.PI) / 180) * 10,
      y: -Math.cos((deg * Math.PI) / 180) * 10,
    });
    expect([15, 45, 75].map((d) => inOverwatchArc(at, 45, toward(d)))).toEqual([true, true, true]);
    expect([10, 80, 225].map((d) => inOverwatchArc(at, 45, toward(d)))).toEqual([false, false, false]);
  });

  it("SWN-08: facing north (0°) the arc wraps round — 350° is in; the canvas's y grows downwards", () => {
    expect(bearing(at, { x: 0, y: -5 })).toBe(0);
    expect(bearing(at, { x: 5, y: 0 })).toBe(90);
    expect(bearing(at, { x: 0, y: 5 })).toBe(180);
    expect(inOverwatchArc(at, 0, { x: -1, y: -10 })).toBe(true);
    expect(inOverwatchArc(at, 0, { x: 0, y: 10 })).toBe(false);
    expect(inOverwatchArc(at, 0, at)).toBe(false);
  });

  it("SWN-08: on a hex map the six facings are the hex sides — the bearings to the six neighbours' centres", () => {
    const r3 = Math.sqrt(3);
    // Flat-topped (column) hexes of radius 1: neighbours at (0, ∓√3), (±1.5, ∓√3/2).
    const flat = [
      { x: 0, y: -r3 },
      { x: 1.5, y: -r3 / 2 },
      { x: 1.5, y: r3 / 2 },
      { x: 0, y: r3 },
      { x: -1.5, y: r3 / 2 },
      { x: -1.5, y: -r3 / 2 },
    ];
    expect(flat.map((p) => Math.round(bearing(at, p)))).toEqual([...overwatchFacings(overwatchGridOf(4))]);
    expect(overwatchFacings(overwatchGridOf(5))).toEqual([0, 60, 120, 180, 240, 300]);
    // Pointy-topped (row) hexes: neighbours at (±√3, 0), (±√3/2, ±1.5).
    const pointy = [
      { x: r3 / 2, y: -1.5 },
      { x: r3, y: 0 },
      { x: r3 / 2, y: 1.5 },
      { x: -r3 / 2, y: 1.5 },
      { x: -r3, y: 0 },
      { x: -r3 / 2, y: -1.5 },
    ];
    expect(pointy.map((p) => Math.round(bearing(at, p)))).toEqual([...overwatchFacings(overwatchGridOf(2))]);
    expect(overwatchFacings(overwatchGridOf(3))).toEqual([30, 90, 150, 210, 270, 330]);
    // A square (or gridless) scene keeps the eight compass points.
    expect(overwatchFacings(overwatchGridOf(1))).toHaveLength(8);
    expect(overwatchFacings(overwatchGridOf(0))).toHaveLength(8);
  });
});
