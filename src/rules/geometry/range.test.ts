import { describe, expect, it } from "vitest";
import {
  basicSquareRange,
  distance,
  rangeBand,
  rangeWithElevation,
  scopedBand,
  validateRangeTable,
} from "./range.js";

describe("Range and elevation", () => {
  it("SF-X-15 the sniper at 20 m horizontal and 50 m up is 60 m away", () => {
    expect(rangeWithElevation(20, 50)).toBe(60);
    expect(rangeWithElevation(50, 20)).toBe(60);
    expect(rangeWithElevation(30, 0)).toBe(30);
    expect(rangeWithElevation(10, -10)).toBe(15);
    expect(() => rangeWithElevation(Number.NaN, 1)).toThrow();
  });

  it("SF-B-09 squares count the target's square, not the attacker's; diagonals allowed", () => {
    expect(basicSquareRange({ x: 0, y: 0 }, { x: 1, y: 0 })).toBe(1);
    expect(basicSquareRange({ x: 0, y: 0 }, { x: 1, y: 1 })).toBe(1);
    expect(basicSquareRange({ x: 2, y: 5 }, { x: 10, y: 1 })).toBe(8);
    expect(() => basicSquareRange({ x: 0.5, y: 0 }, { x: 1, y: 0 })).toThrow(/whole grid cells/);
  });

  it("SF-B-10 SF-X-14 bands by upper limits; beyond Extreme out of range; missing bands skipped", () => {
    const laserRifleBasic = { pb: 2, s: 8, m: 20, l: 40, e: 80 };
    expect([1, 2, 3, 8, 9, 20, 21, 40, 41, 80].map((d) => rangeBand(d, laserRifleBasic))).toEqual([
      "pb",
      "pb",
      "s",
      "s",
      "m",
      "m",
      "l",
      "l",
      "e",
      "e",
    ]);
    expect(rangeBand(81, laserRifleBasic)).toBeNull();
    const electrostunner = { pb: 5, s: 10, m: 15, l: null, e: null };
    expect(rangeBand(15, electrostunner)).toBe("m");
    expect(rangeBand(16, electrostunner)).toBeNull();
    const gyroBasic = { pb: null, s: 1, m: 10, l: 20, e: 30 };
    expect(rangeBand(0, gyroBasic)).toBe("s");
    expect(() => rangeBand(-1, gyroBasic)).toThrow();
  });

  it("SF-X-14 a range table must rise and have a band", () => {
    expect(() => validateRangeTable({ pb: 5, s: 20, m: 50, l: 100, e: 200 })).not.toThrow();
    expect(() => validateRangeTable({ pb: 5, s: 5, m: 50, l: 100, e: 200 })).toThrow(/band s/);
    expect(() => validateRangeTable({ pb: null, s: null, m: null, l: null, e: null })).toThrow(
      /at least one/,
    );
  });

  it("SF-X-16 the scope moves E→L→M→S and leaves PB and S alone", () => {
    expect(["pb", "s", "m", "l", "e"].map((b) => scopedBand(b as "pb"))).toEqual(["pb", "s", "s", "m", "l"]);
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
  });
});
