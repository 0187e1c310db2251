import { describe, expect, it } from "vitest";
import type { Point } from "../geometry/range.js";
import { burstDice, burstRounds, splitBurst, splitTotal, validateBurstTargets } from "./burst.js";
import {
  blastDamage,
  bounce,
  bounceDistance,
  dozeGrenadesNeeded,
  explosiveStun,
  explosiveZone,
  GRENADE_BLAST_RADIUS,
  resolveDoze,
} from "./grenades.js";

const AUTO = { rounds: 10, baseDice: 5, bonusNeedsMount: false };
const MG = { rounds: 20, baseDice: 10, bonusNeedsMount: true };

describe("SF-X-24 bursts", () => {
  it("SF-X-24 five pirates: 9d10 rolling 49 deals 9 each, 4 lost", () => {
    expect(burstDice(AUTO, 5)).toBe(9);
    expect(splitBurst([9, 9, 9, 9, 9, 1, 1, 1, 1], 5)).toEqual({ total: 49, each: 9, lost: 4, targets: 5 });
  });

  it("SF-X-24 one target takes all 5d10; two targets roll 6d10 and split, odd point lost", () => {
    expect(burstDice(AUTO, 1)).toBe(5);
    expect(splitBurst([10, 10, 10, 10, 10], 1)).toEqual({ total: 50, each: 50, lost: 0, targets: 1 });
    expect(burstDice(AUTO, 2)).toBe(6);
    expect(splitBurst([1, 2, 3, 4, 5, 6], 2)).toEqual({ total: 21, each: 10, lost: 1, targets: 2 });
  });

  it("SF-X-24 a burst of 3 that rolls less than 3 in total deals 0 each and loses it all", () => {
    // 7d10 always rolls at least 7, so use the split alone with the smallest dice.
    expect(splitBurst([1, 1], 3)).toEqual({ total: 2, each: 0, lost: 2, targets: 3 });
  });

  it("SF-X-24 machine gun: 10d10 + 1d10 per extra target, 20 rounds a burst", () => {
    expect(burstDice(MG, 1)).toBe(10);
    expect(burstDice(MG, 5)).toBe(14);
    expect(burstRounds(MG)).toBe(20);
    expect(burstRounds(AUTO)).toBe(10);
  });

  it("SF-X-24 at most five targets; no burst at nobody", () => {
    expect(() => validateBurstTargets(6)).toThrow(/1 to 5 targets, not 6/);
    expect(() => validateBurstTargets(0)).toThrow();
    expect(() => splitBurst([11], 1)).toThrow(/d10 cannot show 11/);
  });
});

const clear = () => null;

describe("Grenade bounces", () => {
  it("SF-B-17 Basic: Short 1, Medium 2, Long 3, Extreme 4 squares; SF-X-39 Expanded 5/10/15/20 m", () => {
    expect((["s", "m", "l", "e"] as const).map((b) => bounceDistance(b, "basic"))).toEqual([1, 2, 3, 4]);
    expect((["s", "m", "l", "e"] as const).map((b) => bounceDistance(b, "expanded"))).toEqual([
      5, 10, 15, 20,
    ]);
    expect(bounceDistance("pb", "expanded")).toBe(5);
  });

  it("SF-B-17 Eusyl's miss from long range: a 5 bounces 3 squares directly to the right", () => {
    // Thrown northwards (towards −y): "right" of the thrower is +x.
    const r = bounce({ x: 10, y: 20 }, { x: 10, y: 10 }, 5, 3, clear);
    expect(r.stopped).toBe(false);
    expect(r.landing.x).toBeCloseTo(13, 9);
    expect(r.landing.y).toBeCloseTo(10, 9);
  });

  it("SF-X-39 a bounce stops at the first wall in its way", () => {
    // A wall along x = 12 blocks the bounce to the right.
    const wall = (from: Point, to: Point): Point | null => {
      if ((from.x - 12) * (to.x - 12) > 0) return null;
      const t = (12 - from.x) / (to.x - from.x);
      return { x: 12, y: from.y + t * (to.y - from.y) };
    };
    const r = bounce({ x: 10, y: 20 }, { x: 10, y: 10 }, 5, 15, wall);
    expect(r.stopped).toBe(true);
    expect(r.landing.x).toBeCloseTo(11.99, 6);
    expect(r.distance).toBeCloseTo(1.99, 6);
  });

  it("SF-X-39 direction 9 comes back towards the thrower; bad dice or tables are refused", () => {
    const r = bounce({ x: 0, y: 0 }, { x: 10, y: 0 }, 9, 5, clear);
    expect(r.landing.x).toBeCloseTo(5, 9);
    expect(() => bounce({ x: 0, y: 0 }, { x: 10, y: 0 }, 11, 5, clear)).toThrow();
    expect(() => bounce({ x: 0, y: 0 }, { x: 10, y: 0 }, 1, 5, clear, [0, 1])).toThrow(/10 directions/);
  });
});

describe("Doze grenades, blasts and explosives", () => {
  it("SF-X-42 a creature of Stamina 120 needs two doze grenades; at 90 one", () => {
    expect(dozeGrenadesNeeded(120)).toBe(2);
    expect(dozeGrenadesNeeded(90)).toBe(1);
    expect(dozeGrenadesNeeded(30)).toBe(1);
    expect(dozeGrenadesNeeded(0)).toBe(1);
    expect(dozeGrenadesNeeded(150)).toBe(3);
  });

  it("SF-B-18 SF-X-42 one grenade sleeps a character; not a big creature; a gas mask protects", () => {
    expect(resolveDoze(45, 1, false)).toEqual({ needed: 1, knockedOut: true, reason: "asleep" });
    expect(resolveDoze(120, 1, false)).toEqual({ needed: 2, knockedOut: false, reason: "tooBig" });
    expect(resolveDoze(120, 2, false).knockedOut).toBe(true);
    expect(resolveDoze(45, 1, true)).toEqual({ needed: 1, knockedOut: false, reason: "gasMask" });
  });

  it("SF-X-43 a 6 m blast, damage rolled for each creature (8d10: 40, 63, 17)", () => {
    expect(GRENADE_BLAST_RADIUS * 2).toBe(6);
    const dmg = blastDamage({
      a: [5, 5, 5, 5, 5, 5, 5, 5],
      b: [10, 10, 10, 10, 10, 10, 2, 1],
      c: [1, 1, 1, 2, 2, 2, 4, 4],
    });
    expect(dmg).toEqual({ a: 40, b: 63, c: 17 });
  });

  it("SF-X-40 explosives: full damage inside the radius, RS check or stunned within twice it", () => {
    expect(explosiveZone(3, 3)).toBe("blast");
    expect(explosiveZone(6, 3)).toBe("stun");
    expect(explosiveZone(6.01, 3)).toBe("outside");
    expect(explosiveStun(5, 3, 50, 50)).toEqual({ zone: "stun", stunned: false });
    expect(explosiveStun(5, 3, 50, 51)).toEqual({ zone: "stun", stunned: true });
    expect(explosiveStun(2, 3, 50, 99)).toEqual({ zone: "blast", stunned: false });
    expect(explosiveStun(5, 3, 50, 0)).toEqual({ zone: "stun", stunned: true });
  });
});

describe("SF-X-24 splitting a total", () => {
  it("SF-X-24 a total is split evenly, the remainder lost; nothing negative", () => {
    expect(splitTotal(49, 5)).toEqual({ total: 49, each: 9, lost: 4, targets: 5 });
    expect(splitTotal(52, 3)).toEqual({ total: 52, each: 17, lost: 1, targets: 3 });
    expect(splitTotal(0, 2)).toEqual({ total: 0, each: 0, lost: 0, targets: 2 });
    expect(() => splitTotal(10, 6)).toThrow();
  });
});
