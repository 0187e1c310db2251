import { describe, expect, it } from "vitest";
import { bounce, dozeTurns, SECONDS_PER_TURN, STUN_TURNS, squareStep } from "./grenades.js";

describe("Doze and stun durations, Basic squares", () => {
  it("SF-B-18: a Basic doze lasts one hour, 600 turns of 6 s; Expanded: the d100 rolled (rules-tables §18)", () => {
    expect(dozeTurns("basic", null)).toBe(600);
    expect(600 * SECONDS_PER_TURN).toBe(3600);
    expect(dozeTurns("expanded", 37)).toBe(37);
    expect(dozeTurns("expanded", 0)).toBe(100);
    expect(() => dozeTurns("expanded", null)).toThrow(/d100/);
    expect(() => dozeTurns("expanded", 101)).toThrow();
  });

  it("SF-X-40: a stun lasts one turn", () => {
    expect(STUN_TURNS).toBe(1);
  });

  it("SF-B-17: a bounce direction snaps to the closest of the 8 grid directions; a diagonal step is one square each way", () => {
    const deg = (d: number) => (d * Math.PI) / 180;
    expect(squareStep(deg(0), 5)).toEqual({ x: 5, y: 0 });
    expect(squareStep(deg(20), 5)).toEqual({ x: 5, y: 0 });
    expect(squareStep(deg(25), 5)).toEqual({ x: 5, y: 5 });
    expect(squareStep(deg(135), 5)).toEqual({ x: -5, y: 5 });
    expect(squareStep(deg(-90), 5)).toEqual({ x: 0, y: -5 });
    // Straight down, d10 3 (+45°), 2 squares of 5: lands 2 squares down and 2 left (probe P9).
    const r = bounce({ x: 0, y: 0 }, { x: 0, y: 20 }, 3, 2, () => null, undefined, 5);
    expect(r).toMatchObject({ landing: { x: -10, y: 30 }, distance: 2, stopped: false });
  });
});
