import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bounce } from "../alpha-dawn/grenades.js";
import { burstStrip, firstObstacle, inBlast } from "./areas.js";
import { BruteCaster, GridCaster, segmentCrossing, type Wall } from "./caster.js";
import { coverClass, measureCover, samplePoints, tokensInTheWay } from "./cover.js";
import { rangeWithElevation } from "./range.js";

const wall = (
  id: string,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cover: "none" | "soft" | "hard" = "hard",
): Wall => ({
  id,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  cover,
  blocksSight: cover === "hard",
  blocksMove: cover === "hard",
});
// Attacker in cell (0,0), target in cell (10,0) of a 1 m grid: centres 10 m apart.
const attacker = { x: 0.5, y: 0.5, w: 1, h: 1 };
const target = { x: 10.5, y: 0.5, w: 1, h: 1 };
const cover = (walls: Wall[]) => measureCover(attacker, target, new GridCaster(walls, 4));

describe("Line of sight and cover from walls", () => {
  it("SF-X-08 samples: the centre and four corners inset by a tenth", () => {
    const expected = [
      [10.5, 0.5],
      [10.1, 0.1],
      [10.9, 0.1],
      [10.1, 0.9],
      [10.9, 0.9],
    ];
    samplePoints(target).forEach((p, i) => {
      expect(p.x).toBeCloseTo(expected[i]![0]!, 12);
      expect(p.y).toBeCloseTo(expected[i]![1]!, 12);
    });
  });

  it("SF-X-22 a low wall exactly between the tokens gives hard cover: 3 of 5 rays blocked from the best eye", () => {
    // Wall x = 5.5 for y 0–0.8. From the eye (0.1, 0.9), rays to the target's top corners cross at y = 0.9 (clear),
    // to the centre at y ≈ 0.69 and to the bottom corners at y ≈ 0.47 and 0.5 (blocked).
    const r = cover([wall("low", 5.5, 0, 5.5, 0.8)]);
    expect(r).toMatchObject({ visible: true, cover: "hard", hard: 3, soft: 0, total: 5 });
    expect(r.reason).toEqual({ key: "FT.Cover.reasonHard", data: { blocked: 3, total: 5 } });
    expect(r.eye.x).toBeCloseTo(0.1, 12);
    expect(r.eye.y).toBeCloseTo(0.9, 12);
  });

  it("SF-X-22 SW-30: a hard wall right across the line hides the target, unless the GM marked it low: then hard cover, still in sight", () => {
    expect(cover([wall("full", 5.5, -5, 5.5, 5)])).toMatchObject({ visible: false, cover: "hard", hard: 5 });
    const low = { ...wall("crates", 5.5, -5, 5.5, 5), height: "low" as const };
    expect(cover([low])).toMatchObject({ visible: true, cover: "hard", hard: 5 });
    // A full wall behind the low one still hides it.
    expect(cover([low, wall("full", 7, -5, 7, 5)])).toMatchObject({ visible: false, hard: 5 });
  });

  it("SF-X-22 a wall behind the target gives none", () => {
    expect(cover([wall("behind", 12, -5, 12, 5)])).toMatchObject({ visible: true, cover: "none", hard: 0 });
  });

  it("SF-X-22 a wall touching the target's edge or corner gives none", () => {
    expect(cover([wall("side", 10, 1, 11, 1)])).toMatchObject({ cover: "none", hard: 0 });
    expect(cover([wall("corner", 10, 1, 10, 3)])).toMatchObject({ cover: "none", hard: 0 });
  });

  it("SF-X-22 a window (a sight-only wall, soft by default) gives soft cover and keeps the target visible", () => {
    expect(cover([wall("window", 5.5, -5, 5.5, 5, "soft")])).toMatchObject({
      visible: true,
      cover: "soft",
      soft: 5,
      hard: 0,
    });
  });

  it("SF-B-08 a full wall between blocks the line of sight", () => {
    expect(cover([wall("full", 5.5, -5, 5.5, 5)])).toMatchObject({ visible: false, hard: 5 });
  });

  it("SF-B-08 SF-X-08 leaning around a corner: the best eye sees past it", () => {
    // A building corner at (5.5, 0.95) reaching down to y = 0.35 from above blocks the centre eye but not the low eyes.
    const r = cover([wall("bldg", 5.5, 0.35, 5.5, 20)]);
    expect(r.visible).toBe(true);
    expect(r.eye.y).toBeCloseTo(0.1, 9);
  });

  it("SF-X-22 a corner hiding the top of the target blocks 2 of 5 rays: less than half is not cover", () => {
    const r = cover([wall("corner", 9.8, 0.55, 9.8, 5)]);
    expect(r).toMatchObject({ visible: true, hard: 2, cover: "none" });
    expect(r.reason.data).toEqual({ blocked: 2, total: 5 });
  });

  it("SF-X-22 cover needs more than half hidden; hard needs more than half hard", () => {
    expect([
      coverClass(2, 0, 4),
      coverClass(3, 0, 4),
      coverClass(1, 2, 4),
      coverClass(0, 2, 4),
      coverClass(0, 0, 0),
    ]).toEqual(["none", "hard", "soft", "none", "none"]);
  });

  it("SF-X-35 living tokens in the line of fire make a crowd; prone and dead ones are ignored", () => {
    const others = [
      { id: "standing", x: 5, y: 0.55, r: 0.5, prone: false, dead: false },
      { id: "prone", x: 6, y: 0.5, r: 0.5, prone: true, dead: false },
      { id: "dead", x: 7, y: 0.5, r: 0.5, prone: false, dead: true },
      { id: "aside", x: 5, y: 3, r: 0.5, prone: false, dead: false },
      { id: "behind", x: 12, y: 0.5, r: 0.5, prone: false, dead: false },
    ];
    expect(tokensInTheWay({ x: 0.5, y: 0.5 }, { x: 10.5, y: 0.5 }, others)).toEqual(["standing"]);
    expect(tokensInTheWay({ x: 1, y: 1 }, { x: 1, y: 1 }, others)).toEqual([]);
  });

  it("SF-X-15 elevation raises the range: 10 m away and 8 m up is 14 m", () => {
    expect(rangeWithElevation(10, 8)).toBe(14);
  });
});

describe("Areas", () => {
  const at = (y: number) => ({ x: 30, y });

  it("SF-X-24 the burst strip accepts five targets spread 9 m across the line of fire", () => {
    expect(burstStrip({ x: 0, y: 4.5 }, [at(0), at(2.25), at(4.5), at(6.75), at(9)])).toEqual({
      ok: true,
      width: 9,
      reason: null,
    });
  });

  it("SF-X-24 the strip rejects a sixth target and targets 11 m apart", () => {
    expect(burstStrip({ x: 0, y: 0 }, [at(0), at(1), at(2), at(3), at(4), at(5)])).toMatchObject({
      ok: false,
      reason: "FT.Error.burstTooMany",
    });
    const wide = burstStrip({ x: 0, y: 5.5 }, [at(0), at(11)]);
    expect(wide.ok).toBe(false);
    expect(wide.width).toBeCloseTo(11, 9);
    expect(wide.reason).toBe("FT.Error.burstTooWide");
    expect(burstStrip({ x: 0, y: 0 }, []).ok).toBe(false);
  });

  it("SF-X-39 a bounce stops at the first wall in its way", () => {
    const caster = new GridCaster([wall("w1", 13, -10, 13, 10), wall("w2", 16, -10, 16, 10)], 5);
    // Thrown east from (0,0) at (10,0); d10 = 1 bounces straight on, 10 m: it stops at the first wall, x = 13.
    const r = bounce({ x: 0, y: 0 }, { x: 10, y: 0 }, 1, 10, firstObstacle(caster));
    expect(r.stopped).toBe(true);
    expect(r.landing.x).toBeCloseTo(12.99, 6);
  });

  it("SF-X-43 the blast catches tokens with a cell centre within 3 m, and skips one behind a wall", () => {
    const caster = new GridCaster([wall("w", -1, -5, -1, 5)], 2);
    const occupants = [
      { id: "near", cells: [{ x: 1.5, y: 0.5 }] },
      { id: "walled", cells: [{ x: -2, y: 0.5 }] },
      { id: "far", cells: [{ x: 3.5, y: 0.5 }] },
      {
        id: "big",
        cells: [
          { x: 2.5, y: 0.5 },
          { x: 3.5, y: 0.5 },
        ],
      },
    ];
    expect(inBlast({ x: 0, y: 0 }, 3, occupants, caster)).toEqual(["near", "big"]);
  });
});

describe("Reference ray caster", () => {
  it("SF-X-08 a touch at the very end of a ray is not a crossing; a real crossing is", () => {
    expect(segmentCrossing({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: -1 }, { x: 10, y: 1 })).toBeNull();
    expect(segmentCrossing({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: -1 }, { x: 5, y: 1 })).toBeCloseTo(
      0.5,
      12,
    );
    expect(segmentCrossing({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBeNull();
  });

  it("SF-X-08 the grid caster finds exactly the walls brute force finds", () => {
    const coord = fc.double({ min: -60, max: 60, noNaN: true });
    const seg = fc.record({ ax: coord, ay: coord, bx: coord, by: coord });
    fc.assert(
      fc.property(
        fc.array(seg, { maxLength: 40 }),
        seg,
        fc.integer({ min: 1, max: 20 }),
        (walls, ray, cell) => {
          const ws = walls.map((w, i) => wall(`w${i}`, w.ax, w.ay, w.bx, w.by));
          const grid = new GridCaster(ws, cell).crossings({ x: ray.ax, y: ray.ay }, { x: ray.bx, y: ray.by });
          const brute = new BruteCaster(ws).crossings({ x: ray.ax, y: ray.ay }, { x: ray.bx, y: ray.by });
          expect(grid.map((c) => c.wall.id).sort()).toEqual(brute.map((c) => c.wall.id).sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});
