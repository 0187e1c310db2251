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
  /** The rays' ends, as given. */
  readonly to: readonly Point[];
  /** The convex hull of `from` and `to`, counter-clockwise (y down: clockwise on screen), no repeated point. */
  readonly hull: readonly Point[];
}

const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Andrew's monotone chain: the hull of the points, counter-clockwise, collinear points left out. */
function convexHull(points: readonly Point[]): Point[] {
  const ps = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  if (ps.length < 3) return ps.filter((p, i) => i === 0 || p.x !== ps[i - 1]!.x || p.y !== ps[i - 1]!.y);
  const lower: Point[] = [];
  for (const p of ps) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = ps.length - 1; i >= 0; i--) {
    const p = ps[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  const hull = [...lower, ...upper];
  // All points equal: one point.
  return hull.length ? hull : [ps[0]!];
}

export function fanOf(from: Point, to: readonly Point[]): Fan {
  return { from, to, hull: convexHull([from, ...to]) };
}

/** Whether `to` is one of the fan's ends (the same numbers: a ray the fan was made for). */
export function inFan(fan: Fan, from: Point, to: Point): boolean {
  if (from.x !== fan.from.x || from.y !== fan.from.y) return false;
  for (const p of fan.to) if (p.x === to.x && p.y === to.y) return true;
  return false;
}

/**
 * Whether wall a–b may cross a ray of the fan: false only when a separating line clears the hull by more than
 * {@link MARGIN} — the wall's own line with the whole hull on one side, or a side of the hull with both of the
 * wall's ends beyond it.
 */
export function mayCrossFan(fan: Fan, a: Point, b: Point): boolean {
  const hull = fan.hull;
  const wx = b.x - a.x;
  const wy = b.y - a.y;
  const wlen = Math.hypot(wx, wy);
  if (wlen > 0) {
    let above = 0;
    let below = 0;
    for (const p of hull) {
      const d = ((p.x - a.x) * wy - (p.y - a.y) * wx) / wlen;
      if (d > MARGIN) above++;
      else if (d < -MARGIN) below++;
    }
    if (above === hull.length || below === hull.length) return false;
  }
  const n = hull.length;
  if (n < 2) return true;
  for (let i = 0; i < n; i++) {
    const p = hull[i]!;
    const q = hull[(i + 1) % n]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    // Inside is to the left of p→q: a negative distance is outside.
    if (cross(p, q, a) / len < -MARGIN && cross(p, q, b) / len < -MARGIN) return false;
  }
  return true;
}
