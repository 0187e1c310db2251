import { describe, expect, it } from "vitest";
import { bearing, inOverwatchArc, OVERWATCH_ARC } from "./overwatch.js";

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
});
