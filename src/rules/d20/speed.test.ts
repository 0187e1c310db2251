import { describe, expect, it } from "vitest";
import { d20Speed, ranThisRound } from "./speed.js";

describe("speed (SW-12)", () => {
  it("SW-12: Medium-size 10 / 8 / 6 m by armour; a double move 20 m, a run ×4 = 40 m", () => {
    expect(d20Speed({ size: "medium", armor: "none" })).toEqual({ move: 10, double: 20, run: 40 });
    expect(d20Speed({ size: "medium", armor: "light" }).move).toBe(10);
    expect(d20Speed({ size: "medium", armor: "medium" }).move).toBe(8);
    expect(d20Speed({ size: "medium", armor: "heavy" }).move).toBe(6);
  });
  it("SW-12: Small 6 / 4 / 2 m", () => {
    expect(
      ["none", "medium", "heavy"].map((a) => d20Speed({ size: "small", armor: a as "none" }).move),
    ).toEqual([6, 4, 2]);
  });
  it("SW-12 SW-10: a fatigued character cannot run", () => {
    expect(d20Speed({ size: "medium", armor: "none", fatigued: true })).toEqual({
      move: 10,
      double: 20,
      run: null,
    });
  });
  it("SW-12: other sizes need the sheet's base speed; a bad one is refused", () => {
    expect(() => d20Speed({ size: "large", armor: "none" })).toThrow(/no speed for size large/);
    expect(d20Speed({ size: "large", armor: "none", speedBase: 12 })).toEqual({
      move: 12,
      double: 24,
      run: 48,
    });
    expect(() => d20Speed({ size: "medium", armor: "none", speedBase: -2 })).toThrow(/metres/);
  });

  it("SW-12: more than a double move this round is a run: 21 m at speed 10 runs, 20 m does not, unknown speed never", () => {
    expect(ranThisRound(21, 10)).toBe(true);
    expect(ranThisRound(20, 10)).toBe(false);
    expect(ranThisRound(13, 6)).toBe(true);
    expect(ranThisRound(500, null)).toBe(false);
  });
});
