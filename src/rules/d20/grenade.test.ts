import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bounce, DEFAULT_BOUNCE_DIRECTIONS, deviate } from "../alpha-dawn/grenades.js";
import { firstObstacle, inBlast } from "../geometry/areas.js";
import { GridCaster, type Wall } from "../geometry/caster.js";
import {
  burstCaught,
  checkGrenadeField,
  D8_DEVIATION_DIRECTIONS,
  deviationMetres,
  GRENADE_SQUARE_DEFENSE,
  grenadeAttack,
  grenadeLanding,
  reflexAgainstBurst,
} from "./grenade.js";

const wall = (id: string, ax: number, ay: number, bx: number, by: number): Wall => ({
  id,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  cover: "hard",
  blocksSight: true,
  blocksMove: true,
});
const open = firstObstacle(new GridCaster([], 4));
const round2 = (p: { x: number; y: number }) => ({
  x: Math.round(p.x * 100) / 100,
  y: Math.round(p.y * 100) / 100,
});
// Thrown east from (0, 0) at a square centred on (10, 0), in metres (y grows "down" the map, as on a canvas).
const from = { x: 0, y: 0 };
const target = { x: 10, y: 0 };

describe("SW-38 grenadelike weapons", () => {
  it("SW-38: a 2 m square at Defense 5; at 10 m with a 4 m increment the throw takes −4 (ruling 4c: ⌊10 ÷ 4⌋ = 2)", () => {
    const g = grenadeAttack({ bab: 3, str: 0, dex: 2, size: "medium", distance: 10 });
    expect(g.targetValue).toBe(GRENADE_SQUARE_DEFENSE);
    expect(g.target.map((m) => [m.id, m.value, m.ruleId])).toEqual([["square", 5, "SW-38"]]);
    expect(g.attack.modifiers.map((m) => [m.id, m.value])).toEqual([
      ["bab", 3],
      ["dex", 2],
      ["range", -4],
    ]);
    expect(g.attack.range?.increments).toBe(2);
    // Thrown: at most 5 increments, inclusive — 20 m is −10 and allowed, 21 m is out of range.
    expect(grenadeAttack({ bab: 0, str: 0, dex: 0, size: "medium", distance: 20 }).attack).toMatchObject({
      inRange: true,
      range: { penalty: -10 },
    });
    expect(grenadeAttack({ bab: 0, str: 0, dex: 0, size: "medium", distance: 21 }).attack.inRange).toBe(
      false,
    );
  });

  it("SW-38: a miss deviates 1d3 m + 1 m per two increments — at 10 m (2 increments) a d3 of 2 lands 3 m away", () => {
    expect(deviationMetres(2, 2)).toBe(3);
    expect(deviationMetres(1, 0)).toBe(1);
    expect(deviationMetres(3, 1)).toBe(3);
    expect(deviationMetres(3, 5)).toBe(5);
    expect(() => deviationMetres(4, 0)).toThrow();
    const miss = grenadeLanding(
      { from, target, hit: false, increments: 2, d3: 2, d8: 3, unitsPerMetre: 1 },
      open,
    );
    // d8 = 3: right of the throw, 90° clockwise.
    expect(miss).toMatchObject({ deviated: true, metres: 3, direction: 90, stoppedByWall: false });
    expect(round2(miss.landing)).toEqual({ x: 10, y: 3 });
    const hit = grenadeLanding(
      { from, target, hit: true, increments: 2, d3: null, d8: null, unitsPerMetre: 1 },
      open,
    );
    expect(hit).toEqual({
      landing: target,
      deviated: false,
      metres: 0,
      direction: null,
      stoppedByWall: false,
    });
    expect(() =>
      grenadeLanding({ from, target, hit: false, increments: 2, d3: 2, d8: null, unitsPerMetre: 1 }, open),
    ).toThrow();
  });

  it("SW-38: the eight d8 directions — 1 long, 2 long-right, 3 right, 4 short-right, 5 short, 6 short-left, 7 left, 8 long-left", () => {
    expect(D8_DEVIATION_DIRECTIONS).toEqual([0, 45, 90, 135, 180, -135, -90, -45]);
    const d = 3 * Math.SQRT1_2;
    const expected = [
      { x: 13, y: 0 },
      { x: 10 + d, y: d },
      { x: 10, y: 3 },
      { x: 10 - d, y: d },
      { x: 7, y: 0 },
      { x: 10 - d, y: -d },
      { x: 10, y: -3 },
      { x: 10 + d, y: -d },
    ].map(round2);
    const landings = [1, 2, 3, 4, 5, 6, 7, 8].map((d8) =>
      round2(
        grenadeLanding({ from, target, hit: false, increments: 2, d3: 2, d8, unitsPerMetre: 1 }, open)
          .landing,
      ),
    );
    expect(landings).toEqual(expected);
    // On a map of 50 units per metre the same throw lands 150 units to the right.
    const scaled = grenadeLanding(
      {
        from: { x: 0, y: 0 },
        target: { x: 500, y: 0 },
        hit: false,
        increments: 2,
        d3: 2,
        d8: 3,
        unitsPerMetre: 50,
      },
      open,
    );
    expect(round2(scaled.landing)).toEqual({ x: 500, y: 150 });
  });

  it("SW-38: a wall stops the deviating grenade on the thrower's side, and the blast does not pass it", () => {
    const caster = new GridCaster([wall("w", 12, -5, 12, 5)], 4);
    const r = grenadeLanding(
      { from, target, hit: false, increments: 2, d3: 2, d8: 1, unitsPerMetre: 1 },
      firstObstacle(caster),
    );
    expect(r.stoppedByWall).toBe(true);
    expect(r.landing.x).toBeCloseTo(11.99, 5);
    expect(r.landing.y).toBeCloseTo(0, 9);
    // A burst of radius 3 m from there catches the one on this side (11, 1), not the one behind the wall (13, 0).
    const caught = inBlast(
      r.landing,
      3,
      [
        { id: "near", cells: [{ x: 11, y: 1 }] },
        { id: "behind", cells: [{ x: 13, y: 0 }] },
      ],
      caster,
    );
    expect(caught).toEqual(["near"]);
  });

  it("SW-38: a Reflex save for half (rounded down), the cover's Reflex bonus added, nine-tenths cover halving a failure and voiding a success", () => {
    expect(reflexAgainstBurst(12, 3, 15, 11)).toEqual({ total: 15, passed: true, damage: 5 });
    expect(reflexAgainstBurst(11, 3, 15, 11)).toEqual({ total: 14, passed: false, damage: 11 });
    expect(reflexAgainstBurst(10, 3, 15, 11, "half")).toEqual({ total: 15, passed: true, damage: 5 }); // +2
    expect(reflexAgainstBurst(8, 3, 15, 11, "nineTenths")).toEqual({ total: 15, passed: true, damage: 0 }); // +4
    expect(reflexAgainstBurst(2, 3, 15, 11, "nineTenths")).toEqual({ total: 9, passed: false, damage: 5 });
    expect(reflexAgainstBurst(2, 3, 15, 11, "total").damage).toBe(0);
    expect(() => reflexAgainstBurst(0, 3, 15, 11)).toThrow();
    // The burst radius and save DC are not in the seed: a grenade without them is refused, never guessed.
    expect(() => checkGrenadeField(null, "burstRadius")).toThrow(/burstRadius/);
    expect(checkGrenadeField(4, "saveDC")).toBe(4);
  });

  it("SW-38 SW-30: those in the burst and their Reflex cover from the blast point — open ground +0, kneeling behind a low wall ¾ (+3), a full wall keeps the blast out", () => {
    const lowWall = {
      id: "low",
      a: { x: 12, y: 2 },
      b: { x: 12, y: -2 },
      cover: "hard" as const,
      blocksSight: false,
      blocksMove: false,
      height: "low" as const,
    };
    const caster = new GridCaster([lowWall, wall("full", 8, -5, 8, 5)], 4);
    const body = (id: string, x: number, y: number, posture?: "kneeling") => ({
      id,
      cells: [{ x, y }],
      footprint: { x, y, w: 1, h: 1 },
      ...(posture ? { posture } : {}),
    });
    const caught = burstCaught(
      { x: 10, y: 0 },
      3,
      [
        body("open", 10, 2),
        body("crouched", 12.6, 0, "kneeling"),
        body("behindWall", 7.5, 0),
        body("far", 14, 0),
      ],
      caster,
    );
    expect(caught).toEqual([
      { id: "open", cover: "none", reflexBonus: 0, materials: [] },
      { id: "crouched", cover: "threeQuarters", reflexBonus: 3, materials: [] },
    ]);
    expect(reflexAgainstBurst(10, 2, 15, 12, caught[1]!.cover)).toEqual({
      total: 15,
      passed: true,
      damage: 6,
    });
  });

  it("SF-X-39 unchanged: bounce() still takes a d10 over exactly 10 directions, and deviate() is the same walk", () => {
    const caster = new GridCaster([wall("w1", 13, -10, 13, 10)], 5);
    const obstacle = firstObstacle(caster);
    expect(() => bounce(from, target, 3, 5, obstacle, D8_DEVIATION_DIRECTIONS)).toThrow(/10 directions/);
    expect(() => bounce(from, target, 11, 5, obstacle)).toThrow();
    expect(() => deviate(from, target, 9, 5, obstacle, D8_DEVIATION_DIRECTIONS)).toThrow();
    expect(() => deviate(from, target, 1, 5, obstacle, [])).toThrow();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 20 }), (d10, distance) => {
        expect(bounce(from, target, d10, distance, obstacle)).toEqual(
          deviate(from, target, d10, distance, obstacle, DEFAULT_BOUNCE_DIRECTIONS),
        );
      }),
    );
    // A hex d6 works the same way.
    const hex = deviate(from, target, 4, 3, open, [0, 60, 120, 180, -120, -60]);
    expect(round2(hex.landing)).toEqual({ x: 7, y: 0 });
  });
});
