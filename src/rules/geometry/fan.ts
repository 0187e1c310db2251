/**
 * A fan of rays from one point to several (issue 34): an eye's rays to a target's sample points, which a caster is
 * told of before it casts them (`RayCaster.aim`). Every ray of the fan lies in the convex hull of its start and its
 * ends, so a wall that misses the hull crosses none of them: a caster can look its walls up once per fan and test
 * each against the hull once, instead of walking its index for every ray.
 *
 * {@link mayCrossFan} is conservative: it says no only when a line separates the wall from the hull by more than
 * {@link MARGIN}, far beyond the rounding of `segmentCrossing` (caster.ts), so a wall that crossing test would find
 * on a ray of the fan is never dropped. Pure: no Foundry, no clock, no randomness.
 */
import type { Point } from "./range.js";

/** How far (in the points' units) a line must clear the hull to separate a wall from it. */
const MARGIN = 1e-2;

export interface Fan {
  readonly from: Point;
  /** The box of the rays' ends: a ray to any point in it lies in the hull. */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** The convex hull of `from` and the box's corners, counter-clockwise (y down: clockwise on screen). */
  readonly hull: readonly Point[];
  /** Each side of the hull as a line, three numbers each: `nx * x + ny * y - c` is how far (x, y) lies outside. */
  readonly sides: readonly number[];
}

const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Andrew's monotone chain: the hull of the points, counter-clockwise, collinear and repeated points left out. */
function convexHull(points: Point[]): Point[] {
  const ps = points.sort((p, q) => p.x - q.x || p.y - q.y);
  const lower: Point[] = [];
  for (const p of ps) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    if (!lower.length || lower[lower.length - 1]!.x !== p.x || lower[lower.length - 1]!.y !== p.y)
      lower.push(p);
  }
  if (lower.length < 2) return lower;
  const upper: Point[] = [];
  for (let i = ps.length - 1; i >= 0; i--) {
    const p = ps[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    if (!upper.length || upper[upper.length - 1]!.x !== p.x || upper[upper.length - 1]!.y !== p.y)
      upper.push(p);
  }
  lower.pop();
  upper.pop();
  return [...lower, ...upper];
}

export function fanOf(from: Point, to: readonly Point[]): Fan {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of to) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const hull = to.length
    ? convexHull([
        from,
        { x: minX, y: minY },
        { x: maxX, y: minY },
        { x: maxX, y: maxY },
        { x: minX, y: maxY },
      ])
    : [from];
  const sides: number[] = [];
  if (hull.length >= 2)
    for (let i = 0; i < hull.length; i++) {
      const p = hull[i]!;
      const q = hull[(i + 1) % hull.length]!;
      const len = Math.sqrt((q.x - p.x) ** 2 + (q.y - p.y) ** 2);
      const nx = (q.y - p.y) / len;
      const ny = (p.x - q.x) / len;
      sides.push(nx, ny, nx * p.x + ny * p.y);
    }
  return { from, minX, minY, maxX, maxY, hull, sides };
}

/** Whether the ray from–to is one of the fan's: the same start, the end in the box of its ends. */
export function inFan(fan: Fan, from: Point, to: Point): boolean {
  return (
    from.x === fan.from.x &&
    from.y === fan.from.y &&
    to.x >= fan.minX &&
    to.x <= fan.maxX &&
    to.y >= fan.minY &&
    to.y <= fan.maxY
  );
}

/**
 * Whether wall a–b may cross a ray of the fan: false only when a separating line clears the hull by more than
 * {@link MARGIN} — the wall's own line with the whole hull on one side, or a side of the hull with both of the
 * wall's ends beyond it.
 */
export function mayCrossFan(fan: Fan, a: Point, b: Point): boolean {
  const sides = fan.sides;
  for (let i = 0; i < sides.length; i += 3) {
    const nx = sides[i]!;
    const ny = sides[i + 1]!;
    const c = sides[i + 2]!;
    if (nx * a.x + ny * a.y - c > MARGIN && nx * b.x + ny * b.y - c > MARGIN) return false;
  }
  const wx = b.x - a.x;
  const wy = b.y - a.y;
  const wlen = Math.sqrt(wx * wx + wy * wy);
  if (!(wlen > 0)) return true;
  let above = 0;
  let below = 0;
  for (const p of fan.hull) {
    const d = ((p.x - a.x) * wy - (p.y - a.y) * wx) / wlen;
    if (d > MARGIN) above++;
    else if (d < -MARGIN) below++;
    else return true; // the wall's line runs through the hull
  }
  return above > 0 && below > 0;
}
