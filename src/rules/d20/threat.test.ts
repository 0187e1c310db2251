import { describe, expect, it } from "vitest";
import { insideThreat, type MoveWaypoint, provokedAreas, reachArea, walkThrough } from "./threat.js";

/** A 1 m token's walk along a row of 1 m squares: each waypoint a column, metres as a 1 m grid counts them. */
const walk = (...cols: number[]): MoveWaypoint[] =>
  cols.map((x, i) => ({ x, y: 0, walked: true, metres: i === 0 ? 0 : Math.abs(x - cols[i - 1]!) }));
const ONE = { w: 1, h: 1 };
/** A 1 m foe at column 1 (its reach: columns −1 … 3 for a 1 m token). */
const foe = reachArea({ x: 1, y: 0, w: 1, h: 1 });

describe("SW-25 SW-24 SW-14: movement through a threatened area (seed 002)", () => {
  it("SW-25: from beside the foe a 2 m step out is free; 3 m out provokes; so does 3 m in two moves", () => {
    expect(walkThrough(walk(0, -2), ONE, foe, 1).provokes).toBe(false);
    expect(walkThrough(walk(0, -3), ONE, foe, 1)).toMatchObject({ provokes: true, at: { x: -1, y: 0 } });
    expect(walkThrough(walk(0, -2, -3), ONE, foe, 1).provokes).toBe(true);
    // Within the area, 2 m is free and more provokes.
    expect(walkThrough(walk(0, 0), ONE, foe, 1).provokes).toBe(false);
  });

  it("SW-25: entering the area and stopping is free; moving on inside provokes; passing far away never", () => {
    expect(walkThrough(walk(-5, -1), ONE, foe, 1).provokes).toBe(false);
    expect(walkThrough(walk(-5, -1, -1.5), ONE, foe, 1).provokes).toBe(true);
    expect(walkThrough(walk(-5, 3 + 4), ONE, foe, 1).provokes).toBe(true);
    const far: MoveWaypoint[] = [
      { x: -5, y: 5, walked: true, metres: 0 },
      { x: 7, y: 5, walked: true, metres: 12 },
    ];
    expect(walkThrough(far, ONE, foe, 1).provokes).toBe(false);
  });

  it("a GM's displace is no movement: displaced 6 m out of the area provokes nothing", () => {
    const displaced: MoveWaypoint[] = [
      { x: 0, y: 0, walked: true, metres: 0 },
      { x: -6, y: 0, walked: false, metres: 0 },
    ];
    expect(walkThrough(displaced, ONE, foe, 1)).toEqual({
      startsInside: true,
      provokes: false,
      metresToClear: Infinity,
      at: null,
    });
  });

  it("a walk after a displace out of the area starts outside it: walking 5 m elsewhere provokes nothing", () => {
    const path: MoveWaypoint[] = [
      { x: 0, y: 0, walked: true, metres: 0 },
      { x: 6, y: 0, walked: false, metres: 0 },
      { x: 6, y: 5, walked: true, metres: 5 },
    ];
    expect(walkThrough(path, ONE, reachArea({ x: -1, y: 0, w: 1, h: 1 }), 1).provokes).toBe(false);
  });

  it("SW-24: a disengage clearing the areas it started in within 2 m spares them, not an area it then walks through", () => {
    const other = reachArea({ x: -6, y: 0, w: 1, h: 1 });
    // Out of the first foe's area at 2 m, on 6 m more, through the second's area: only the second provokes.
    expect(provokedAreas(walk(0, -2, -8), ONE, [foe, other], true, 1)).toEqual([
      { index: 1, at: { x: -4, y: 0 } },
    ]);
    expect(provokedAreas(walk(0, -2, -8), ONE, [foe, other], false, 1).map((p) => p.index)).toEqual([0, 1]);
    // Starting 3 m deep in a big creature's 4 m reach it cannot clear it in 2 m: no disengage, it provokes.
    const big = reachArea({ x: 1, y: 0, w: 1, h: 1 }, 4);
    expect(provokedAreas(walk(0, -6), ONE, [big], true, 1).map((p) => p.index)).toEqual([0]);
  });

  it("SW-43: a suppressed 4 m square is threatened as a melee reach is: leaving it after 3 m provokes", () => {
    const square = { kind: "square", centre: { x: 0, y: 0 }, size: 4 } as const;
    expect(walkThrough(walk(0, 3), ONE, square, 1).provokes).toBe(true);
    expect(walkThrough(walk(0, 2), ONE, square, 1).provokes).toBe(false);
  });
});

describe("SW-14 SW-43: standing in a threatened area now (issue 31: a tracker AoO's basis)", () => {
  it("SW-14: a 1 m token threatened by the foe at column 1 at columns −1 … 3 (a gap under 2 m), not at 4; SW-43 the 4 m square edges included", () => {
    expect([-2, -1, 0, 2, 3, 4].map((x) => insideThreat(foe, { x, y: 0 }, ONE))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    const square = { kind: "square" as const, centre: { x: 0, y: 0 }, size: 4 };
    expect([0, 2, 2.1].map((x) => insideThreat(square, { x, y: 0 }, ONE))).toEqual([true, true, false]);
  });
});
