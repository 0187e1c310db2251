import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentCrossing } from "./caster.js";
import { fanOf, inFan, mayCrossFan } from "./fan.js";
import type { Point } from "./range.js";
import { SegmentIndex } from "./segment-index.js";

// Issue 34: a caster looks an eye's walls up once for all its rays to a target (the fan), then tests each ray on
// those. Neither the hull test nor the index's polygon query may drop a wall a ray of the fan crosses.
describe("A fan of rays (the walls of an eye's rays looked up once)", () => {
  const coord = fc.double({ min: -300, max: 300, noNaN: true });
  const pt = fc.record({ x: coord, y: coord });
  const seg = fc.record({ a: pt, b: pt });
  // A target's box (possibly a single point or a line) and points in it; integer walls often, so walls touch the
  // rays at their ends and run along them.
  const box = fc.record({
    x: coord,
    y: coord,
    w: fc.double({ min: 0, max: 80, noNaN: true }),
    h: fc.double({ min: 0, max: 80, noNaN: true }),
  });
  const unit = fc.double({ min: 0, max: 1, noNaN: true });
  const wallArb = fc.oneof(
    seg,
    fc.record({
      a: fc.record({ x: fc.integer({ min: -300, max: 300 }), y: fc.integer({ min: -300, max: 300 }) }),
      b: fc.record({ x: fc.integer({ min: -300, max: 300 }), y: fc.integer({ min: -300, max: 300 }) }),
    }),
  );

  it("SF-X-22 SW-30 no wall a ray of the fan crosses is left out, by the hull test or the index's polygon query", () => {
    fc.assert(
      fc.property(
        pt,
        box,
        fc.array(fc.tuple(unit, unit), { minLength: 1, maxLength: 16 }),
        fc.array(wallArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 120 }),
        (eye, b, at, walls, cell) => {
          const ends: Point[] = at.map(([u, v]) => ({ x: b.x + u * b.w, y: b.y + v * b.h }));
          const fan = fanOf(eye, ends);
          const index = new SegmentIndex<number>(cell);
          for (const [i, w] of walls.entries()) index.set(`w${i}`, w.a, w.b, i);
          const found = new Set(index.inPolygon(fan.hull).map((s) => s.value));
          for (const to of ends) {
            expect(inFan(fan, eye, to)).toBe(true);
            walls.forEach((w, i) => {
              if (segmentCrossing(eye, to, w.a, w.b) === null) return;
              expect(mayCrossFan(fan, w.a, w.b)).toBe(true);
              expect(found.has(i)).toBe(true);
            });
          }
        },
      ),
      { numRuns: 500, seed: 34 },
    );
  });

  it("SW-30 a wall beside the fan, or across the line beyond the target, is passed over", () => {
    const fan = fanOf({ x: 0, y: 0 }, [
      { x: 100, y: -5 },
      { x: 110, y: 5 },
    ]);
    expect(mayCrossFan(fan, { x: 50, y: 20 }, { x: 60, y: 40 })).toBe(false);
    expect(mayCrossFan(fan, { x: 130, y: -10 }, { x: 130, y: 10 })).toBe(false);
    expect(mayCrossFan(fan, { x: 50, y: -10 }, { x: 50, y: 10 })).toBe(true);
    expect(inFan(fan, { x: 0, y: 0 }, { x: 105, y: 0 })).toBe(true);
    expect(inFan(fan, { x: 0, y: 0 }, { x: 120, y: 0 })).toBe(false);
    expect(inFan(fan, { x: 0, y: 1 }, { x: 105, y: 0 })).toBe(false);
  });
});
