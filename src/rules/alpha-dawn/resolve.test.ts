import { describe, expect, it } from "vitest";
import { normalizeD100, type PercentileCheck, resolvePercentile } from "./resolve.js";

const check = (over: Partial<PercentileCheck> = {}): PercentileCheck => ({
  chance: 50,
  possible: true,
  cannotMiss: false,
  crowd: false,
  ...over,
});

describe("d100 resolution", () => {
  it("SF-B-13 a roll at or under the chance hits, one over misses", () => {
    expect(resolvePercentile(check(), 50, "expanded")).toMatchObject({ hit: true, auto: null });
    expect(resolvePercentile(check(), 51, "expanded")).toMatchObject({ hit: false, auto: null });
  });

  it("SF-B-14 SF-X-33 01–05 always hit a visible target in range; 06 does not", () => {
    for (const roll of [1, 2, 3, 4, 5]) {
      expect(resolvePercentile(check({ chance: -45 }), roll, "basic")).toMatchObject({
        hit: true,
        auto: "hit",
      });
    }
    expect(resolvePercentile(check({ chance: -45 }), 6, "basic").hit).toBe(false);
    expect(resolvePercentile(check({ chance: 3 }), 3, "basic")).toMatchObject({ hit: true, auto: null });
  });

  it("SF-X-34 96–00 always misses in the Expanded game, even at 120 %", () => {
    for (const roll of [96, 97, 98, 99, 100, 0]) {
      expect(resolvePercentile(check({ chance: 120 }), roll, "expanded")).toMatchObject({
        hit: false,
        auto: "miss",
      });
    }
    expect(resolvePercentile(check({ chance: 120 }), 95, "expanded").hit).toBe(true);
  });

  it("SF-B-13 the Basic game has no automatic miss: 98 hits a 99 % chance", () => {
    expect(resolvePercentile(check({ chance: 99 }), 98, "basic")).toMatchObject({ hit: true, auto: null });
  });

  it("SF-X-33 SF-X-34 a shot that cannot miss hits, but 96–00 is a malfunction", () => {
    expect(resolvePercentile(check({ chance: -20, cannotMiss: true }), 80, "expanded")).toMatchObject({
      hit: true,
      auto: "hit",
    });
    expect(resolvePercentile(check({ cannotMiss: true }), 97, "expanded")).toMatchObject({
      hit: false,
      auto: "malfunction",
    });
  });

  it("SF-B-14 a target out of range or out of sight is not hit on 01", () => {
    expect(resolvePercentile(check({ possible: false }), 1, "basic")).toMatchObject({
      hit: false,
      auto: null,
    });
  });

  it("SF-X-35 a miss into a crowd strikes someone else on a stray roll of 25 or less", () => {
    expect(resolvePercentile(check({ crowd: true }), 80, "expanded", 25).strayHit).toBe(true);
    expect(resolvePercentile(check({ crowd: true }), 80, "expanded", 26).strayHit).toBe(false);
    expect(resolvePercentile(check({ crowd: true }), 80, "expanded", null).strayHit).toBe(false);
    expect(resolvePercentile(check({ crowd: true }), 20, "expanded", 1).strayHit).toBe(false);
  });

  it("SF-B-13 reads 00 as 100 and rejects impossible dice", () => {
    expect(normalizeD100(0)).toBe(100);
    expect(() => normalizeD100(101)).toThrow(/d100 cannot show 101/);
    expect(() => normalizeD100(2.5)).toThrow();
  });
});
