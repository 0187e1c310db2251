/**
 * Overwatch (seed 003, SWN-08): an action that faces a 60° arc; until the start of the overwatcher's next turn it may
 * make one attack at −2, as an instant action, at a target within that arc — an attack that ignores the cover's
 * armour, not its concealment (profile.ts, cover.ts). Pure: points in any one unit, angles in degrees clockwise from
 * north (the canvas's y grows downwards).
 */
import type { Point } from "../geometry/range.js";

/** SWN-08: the arc's width. */
export const OVERWATCH_ARC = 60;

/** The eight facings the GM or player picks from (north, north-east …), degrees clockwise from north. */
export const OVERWATCH_FACINGS = [0, 45, 90, 135, 180, 225, 270, 315] as const;

/** The bearing of `to` from `from`, degrees clockwise from north (canvas y downwards), 0 ≤ b < 360. */
export function bearing(from: Point, to: Point): number {
  const deg = (Math.atan2(to.x - from.x, -(to.y - from.y)) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** SWN-08: is `to` within the 60° arc faced from `from` (its edges included)? A target on the overwatcher is not. */
export function inOverwatchArc(from: Point, facing: number, to: Point): boolean {
  if (from.x === to.x && from.y === to.y) return false;
  const diff = Math.abs(((bearing(from, to) - facing + 540) % 360) - 180);
  return diff <= OVERWATCH_ARC / 2 + 1e-9;
}
