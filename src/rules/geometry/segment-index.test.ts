import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentCrossing } from "./caster.js";
import type { Point } from "./range.js";
import { SegmentIndex } from "./segment-index.js";

interface Seg {
  readonly id: string;
  readonly a: Point;
  readonly b: Point;
}

const visited = (found: readonly { readonly value: Seg }[]): string[] => found.map((s) => s.value.id).sort();
const distanceToSegment = (p: Point, a: Point, b: Point): number => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(a.x + u * dx - p.x, a.y + u * dy - p.y);
};

describe("Segment index (the wall index of the Foundry caster)", () => {
  const coord = fc.double({ min: -300, max: 300, noNaN: true });
  const pt = fc.record({ x: coord, y: coord });
  const seg = fc.record({ a: pt, b: pt });

  it("SF-X-08 a segment query visits every segment the segment crosses or touches, each once", () => {
    fc.assert(
      fc.property(
        fc.array(seg, { maxLength: 60 }),
        seg,
        fc.integer({ min: 1, max: 80 }),
        (walls, ray, cell) => {
          const index = new SegmentIndex<Seg>(cell);
          const segs = walls.map((w, i) => ({ id: `w${i}`, ...w }));
          for (const s of segs) index.set(s.id, s.a, s.b, s);
          const got = visited(index.alongSegment(ray.a, ray.b));
          expect(new Set(got).size).toBe(got.length);
          for (const s of segs) {
            // Crossed (as the caster decides it) or touching an end: the index must hand it over.
            const crossed = segmentCrossing(ray.a, ray.b, s.a, s.b) !== null;
            if (crossed) expect(got).toContain(s.id);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a near query visits every segment within reach of the point", () => {
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 60 }), pt, fc.integer({ min: 1, max: 80 }), (walls, p, cell) => {
        const index = new SegmentIndex<Seg>(cell);
        const segs = walls.map((w, i) => ({ id: `w${i}`, ...w }));
        for (const s of segs) index.set(s.id, s.a, s.b, s);
        const got = visited(index.near(p, 1));
        for (const s of segs) if (distanceToSegment(p, s.a, s.b) < 1) expect(got).toContain(s.id);
      }),
      { numRuns: 400 },
    );
  });

  it("set re-files a segment under its id and delete takes it out (the wall hooks)", () => {
    const index = new SegmentIndex<Seg>(10);
    const w = { id: "w", a: { x: 0, y: -5 }, b: { x: 0, y: 5 } };
    index.set("w", w.a, w.b, w);
    const along = (a: Point, b: Point) => visited(index.alongSegment(a, b));
    expect(along({ x: -3, y: 0 }, { x: 3, y: 0 })).toEqual(["w"]);
    const moved = { id: "w", a: { x: 100, y: -5 }, b: { x: 100, y: 5 } };
    index.set("w", moved.a, moved.b, moved);
    expect(index.size).toBe(1);
    expect(along({ x: -3, y: 0 }, { x: 3, y: 0 })).toEqual([]);
    expect(along({ x: 97, y: 0 }, { x: 103, y: 0 })).toEqual(["w"]);
    expect(index.delete("w")).toBe(true);
    expect(along({ x: 97, y: 0 }, { x: 103, y: 0 })).toEqual([]);
    expect(index.delete("w")).toBe(false);
  });

  it("a ray visits the walls near it, not every wall: a 200 × 200 field of 10,000 walls, a 30-unit ray", () => {
    const index = new SegmentIndex<Seg>(4);
    for (let i = 0; i < 100; i++)
      for (let j = 0; j < 100; j++) {
        const s = { id: `${i}.${j}`, a: { x: i * 2, y: j * 2 }, b: { x: i * 2 + 1, y: j * 2 + 1 } };
        index.set(s.id, s.a, s.b, s);
      }
    index.alongSegment({ x: 50.5, y: 100.25 }, { x: 80.5, y: 100.25 });
    // Eight columns of 4 × 4 cells, one row of them: 8 cells × 4 walls, give or take the edges' neighbours.
    expect(index.lastVisited).toBeGreaterThan(0);
    expect(index.lastVisited).toBeLessThanOrEqual(80);
    index.near({ x: 50.5, y: 100.25 }, 1);
    expect(index.lastVisited).toBeLessThanOrEqual(16);
  });

  it("a segment too large to file by cell is still found by every query", () => {
    const index = new SegmentIndex<Seg>(1);
    const huge = { id: "huge", a: { x: -1e6, y: -1e6 }, b: { x: 1e6, y: 1e6 } };
    index.set("huge", huge.a, huge.b, huge);
    expect(visited(index.alongSegment({ x: 0, y: 5 }, { x: 5, y: 0 }))).toEqual(["huge"]);
    expect(visited(index.near({ x: 3, y: 3 }, 1))).toEqual(["huge"]);
    expect(() => new SegmentIndex(0)).toThrow(/positive/);
  });
});
