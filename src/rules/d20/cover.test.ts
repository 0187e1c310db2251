import { describe, expect, it } from "vitest";
import { GridCaster } from "../geometry/caster.js";
import type { Footprint } from "../geometry/cover.js";
import {
  concealmentChance,
  countLattice,
  coverDefense,
  type D20Wall,
  d20Cover,
  degreeFromShare,
  highestMissChance,
  isLowWall,
  latticePoints,
  lowWallDegree,
  maxDegree,
  measureD20Cover,
  obscurementAlong,
  postureDegree,
} from "./cover.js";
import { COVER_TABLE } from "./tables.js";

const attacker: Footprint = { x: 0, y: 0, w: 2, h: 2 };
const target: Footprint = { x: 20, y: 0, w: 2, h: 2 };
const wall = (id: string, x: number, y0: number, y1: number, over: Partial<D20Wall> = {}): D20Wall => ({
  id,
  a: { x, y: y0 },
  b: { x, y: y1 },
  cover: "hard",
  blocksSight: true,
  blocksMove: true,
  ...over,
});
/**
 * A wall just in front of the target (x = 18.9) from far below up to `top` hides the lattice rows below it: the
 * rows sit at y −0.75, −0.25, 0.25, 0.75, so a top of −0.5 hides 4 rays, 0 hides 8, 0.5 hides 12.
 */
const front = (top: number, over: Partial<D20Wall> = {}) => wall("front", 18.9, -10, top, over);
const measure = (walls: D20Wall[], posture: "standing" | "kneeling" | "prone" = "standing") =>
  measureD20Cover(attacker, target, new GridCaster(walls, 4), posture);

describe("the 16-point lattice (ruling 3)", () => {
  it("ruling 3: 16 points, the centres of a 4 × 4 division of the footprint", () => {
    const pts = latticePoints(target);
    expect(pts).toHaveLength(16);
    expect(new Set(pts.map((p) => p.x))).toEqual(new Set([19.25, 19.75, 20.25, 20.75]));
    expect(new Set(pts.map((p) => p.y))).toEqual(new Set([-0.75, -0.25, 0.25, 0.75]));
  });

  it("SW-30 ruling 3: the thresholds on 16 rays — 0–1 none, 2–5 ¼, 6–9 ½, 10–13 ¾, 14–15 9/10, 16 total", () => {
    const got = Array.from({ length: 17 }, (_, k) => degreeFromShare(k, 16));
    expect(got).toEqual([
      "none",
      "none",
      ...Array(4).fill("quarter"),
      ...Array(4).fill("half"),
      ...Array(4).fill("threeQuarters"),
      "nineTenths",
      "nineTenths",
      "total",
    ]);
    expect(degreeFromShare(0, 0)).toBe("none");
  });

  it("SW-30: cover lattice thresholds from walls — 4/16 → +2, 8/16 → +4, 12/16 → +7", () => {
    const q = measure([front(-0.5)]);
    expect(q).toMatchObject({ hard: 4, degree: "quarter", visible: true });
    expect(coverDefense(q.degree)).toBe(2);
    expect(measure([front(0)])).toMatchObject({ hard: 8, degree: "half" });
    expect(coverDefense("half")).toBe(4);
    const tq = measure([front(0.5)]);
    expect(tq).toMatchObject({ hard: 12, degree: "threeQuarters", walls: ["front"] });
    expect(coverDefense(tq.degree)).toBe(7);
  });

  it("SW-30: 14/16 → 9/10, +10 (three rows behind a wall and two rays behind a post)", () => {
    const r = measure([front(0.5), wall("post", 20, 0.5, 1)]);
    expect(r).toMatchObject({ hard: 14, degree: "nineTenths" });
    expect(coverDefense(r.degree)).toBe(10);
    expect(COVER_TABLE.nineTenths).toEqual({ defense: 10, reflex: 4, evasion: true });
  });

  it("SW-30: 16/16 → total: no line of sight, cannot be targeted", () => {
    const r = measure([wall("solid", 18.9, -10, 10)]);
    expect(r).toMatchObject({ hard: 16, visible: false, degree: "total" });
    expect(coverDefense(r.degree)).toBeNull();
  });

  it("SW-30: one grazing ray gives no cover (a wall touching the token's edge)", () => {
    const r = measure([wall("graze", 20.5, 0.5, 1)]);
    expect(r).toMatchObject({ hard: 1, degree: "none" });
    expect(measure([])).toMatchObject({ hard: 0, low: 0, soft: 0, degree: "none", concealment: "none" });
  });

  it("ruling 3: the attacker leans round a corner — the eye that sees most counts", () => {
    const corner = wall("corner", 1, -10, 0);
    const fromCentre = countLattice({ x: 0, y: 0 }, latticePoints(target), new GridCaster([corner], 4));
    expect(fromCentre.hard).toBe(8);
    const best = measure([corner]);
    expect(best.hard).toBe(0);
    expect(best.eye.y).toBeGreaterThan(0);
  });
});

describe("low walls, posture and creatures (SW-30, ruling 4b)", () => {
  const low = (top: number) => front(top, { id: "low", height: "low" });
  it("SW-30: a low wall gives a standing target ¼ (+2) and a kneeling one ¾ (+7), not stacking with kneeling", () => {
    expect(isLowWall(low(10))).toBe(true);
    expect(isLowWall(front(10))).toBe(false);
    const standing = measure([low(10)]);
    expect(standing).toMatchObject({ hard: 0, low: 16, degree: "quarter", visible: true });
    const kneeling = measure([low(10)], "kneeling");
    expect(kneeling.degree).toBe("threeQuarters");
    const cover = d20Cover({ count: kneeling, posture: "kneeling", ranged: true });
    expect(cover).toMatchObject({ degree: "threeQuarters", source: "lowWall", defense: 7 });
    expect(measure([low(10)], "prone").degree).toBe("threeQuarters");
  });

  it("SW-30: a low wall counts once it lies across half the lattice (6 of 16); a corner of it does not", () => {
    expect(lowWallDegree({ low: 6, total: 16 }, "kneeling")).toBe("threeQuarters");
    expect(lowWallDegree({ low: 5, total: 16 }, "kneeling")).toBe("none");
    expect(lowWallDegree({ low: 0, total: 0 }, "standing")).toBe("none");
    expect(measure([low(-0.5)], "kneeling")).toMatchObject({ low: 4, degree: "none" });
  });

  it("SW-30: a full wall in front of a low one still counts as hard", () => {
    const r = measure([low(10), front(0)]);
    expect(r).toMatchObject({ hard: 8, low: 8, degree: "half" });
    expect(measure([low(10), front(0)], "kneeling").degree).toBe("threeQuarters");
  });

  it("SW-30 ruling 4b: against ranged attacks kneeling is ¼ (+2) and prone ½ (+4); in melee neither is cover", () => {
    expect(postureDegree("kneeling", true)).toBe("quarter");
    expect(postureDegree("prone", true)).toBe("half");
    expect(postureDegree("standing", true)).toBe("none");
    expect(postureDegree("prone", false)).toBe("none");
    expect(d20Cover({ count: { hard: 0, low: 0, total: 16 }, posture: "prone", ranged: true })).toEqual({
      degree: "half",
      source: "posture",
      defense: 4,
      reflex: 2,
      creatureId: null,
    });
  });

  it("SW-30 ruling 4b: prone (+4) does not stack with ¼ cover from a wall — the larger applies", () => {
    const r = d20Cover({ count: { hard: 4, low: 0, total: 16 }, posture: "prone", ranged: true });
    expect(r).toMatchObject({ degree: "half", defense: 4, source: "posture" });
    const wallWins = d20Cover({ count: { hard: 12, low: 0, total: 16 }, posture: "prone", ranged: true });
    expect(wallWins).toMatchObject({ degree: "threeQuarters", defense: 7, source: "wall" });
  });

  it("SW-30: a creature in the line of fire gives ½; on a tie the wall is named (it is what a miss strikes)", () => {
    const c = d20Cover({
      count: { hard: 0, low: 0, total: 16 },
      posture: "standing",
      ranged: true,
      inTheWay: ["b1"],
    });
    expect(c).toEqual({ degree: "half", source: "creature", defense: 4, reflex: 2, creatureId: "b1" });
    const tie = d20Cover({
      count: { hard: 8, low: 0, total: 16 },
      posture: "standing",
      ranged: true,
      inTheWay: ["b1"],
    });
    expect(tie).toMatchObject({ degree: "half", source: "wall", creatureId: null });
    expect(maxDegree("quarter", "half")).toBe("half");
    expect(maxDegree("total", "half")).toBe("total");
  });

  it("SW-30: total cover from walls beats everything else", () => {
    expect(
      d20Cover({ count: { hard: 16, low: 0, total: 16 }, posture: "prone", ranged: true }),
    ).toMatchObject({
      degree: "total",
      defense: null,
      reflex: null,
    });
  });
});

describe("concealment (SW-32)", () => {
  const soft = (top: number) => front(top, { id: "smoke", cover: "soft" });
  it("SW-32: soft walls grade concealment with the same cuts — 8/16 → ½, 20 %; all 16 → total, 50 % and guess", () => {
    const half = measure([soft(0)]);
    expect(half).toMatchObject({ hard: 0, soft: 8, degree: "none", concealment: "half", visible: true });
    expect(concealmentChance(half.concealment)).toBe(20);
    const all = measure([soft(10)]);
    expect(all.concealment).toBe("total");
    expect(highestMissChance([concealmentChance(all.concealment)])).toEqual({ chance: 50, guess: true });
  });

  it("SW-32: the table — ¼ 10 %, ½ 20 %, ¾ 30 %, 9/10 40 %, total 50 %", () => {
    expect(
      (["none", "quarter", "half", "threeQuarters", "nineTenths", "total"] as const).map(concealmentChance),
    ).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it("SW-32: the highest miss chance applies, never the sum (fog 20 % and foliage 10 % → 20 %)", () => {
    expect(highestMissChance([20, 10])).toEqual({ chance: 20, guess: false });
    expect(highestMissChance([10, 30, 20])).toEqual({ chance: 30, guess: false });
    expect(highestMissChance([])).toEqual({ chance: 0, guess: false });
    expect(() => highestMissChance([20, 120])).toThrow(/0–100/);
  });

  it("SW-32: a ray through a soft wall and a full wall is cover, not concealment", () => {
    const r = measure([soft(10), front(0)]);
    expect(r).toMatchObject({ hard: 8, soft: 8, degree: "half", concealment: "half" });
  });
});

describe("concealment from a region behaviour (SW-32)", () => {
  /** A square area 300–500 × 0–1000, from the floor up to 3 (a fog bank), and its chance. */
  const bank = (chance: number, top = 3) => ({
    chance,
    contains: (p: { x: number; y: number; elevation: number }) =>
      p.x >= 300 && p.x <= 500 && p.y >= 0 && p.y <= 1000 && p.elevation <= top,
  });
  const at = (x: number, elevation = 0) => ({ x, y: 500, elevation });

  it("SW-32: a shot that crosses dense fog at 2 m (one-half) has 20 %; one that stops short of it has none", () => {
    expect(obscurementAlong([bank(20)], at(0), at(1000), 25)).toBe(20);
    expect(obscurementAlong([bank(20)], at(0), at(250), 25)).toBe(0);
  });

  it("SW-32: fog around the shooter or around the target conceals too (both ends are sampled)", () => {
    expect(obscurementAlong([bank(20)], at(400), at(1000), 25)).toBe(20);
    expect(obscurementAlong([bank(20)], at(0), at(400), 25)).toBe(20);
    // Shooter and target in the same bank, 0 apart.
    expect(obscurementAlong([bank(40)], at(400), at(400), 25)).toBe(40);
  });

  it("SW-32: the highest miss chance applies; chances never add (light fog 10 % and total darkness 50 % → 50 %)", () => {
    const dark = { chance: 50, contains: (p: { x: number }) => p.x >= 800 && p.x <= 900 };
    expect(obscurementAlong([bank(10), dark], at(0), at(1000), 25)).toBe(50);
    expect(obscurementAlong([dark, bank(10)], at(0), at(1000), 25)).toBe(50);
  });

  it("SW-32: the elevation is interpolated: both ends at 5 pass over a bank 3 high; from 5 down to 0 the line enters it", () => {
    expect(obscurementAlong([bank(20)], at(0, 5), at(1000, 5), 25)).toBe(0);
    // From elevation 5 at x 0 to 0 at x 1000: at x 500 the line is at 2.5, inside the bank.
    expect(obscurementAlong([bank(20)], at(0, 5), at(1000, 0), 25)).toBe(20);
  });

  it("SW-32: an area narrower than the step can be stepped over — the caller's step (a quarter square) is the resolution", () => {
    const sliver = { chance: 30, contains: (p: { x: number }) => p.x >= 510 && p.x <= 515 };
    expect(obscurementAlong([sliver], at(0), at(1000), 25)).toBe(0);
    expect(obscurementAlong([sliver], at(0), at(1000), 5)).toBe(30);
  });

  it("SW-32: a region's chance outside 0–100 is a clear error, not a silent number", () => {
    expect(() => obscurementAlong([bank(120)], at(0), at(1000), 25)).toThrow(/0–100/);
  });
});
