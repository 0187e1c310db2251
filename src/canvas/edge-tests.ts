/**
 * The tests the Foundry caster (foundry-caster.ts) makes on one wall edge itself, on v13's own terms: which wall an
 * edge is, which side of it a point lies on, whether it restricts a ray from a point, and how near the ray's start it
 * lies (v13 rounds a ray's ends to whole pixels). Split from foundry-caster.ts for its length (issue 34).
 */
import type { Point } from "../rules/index.js";
import { SENSE } from "./wall-cover.js";
import type { EdgeLike, WallDocLike, WallPlaceableLike } from "./wall-index.js";

export type Restriction = "sight" | "move";

/** How far (px) v13's rounding can move the ray's start: walls this near it are decided on exact geometry. */
export const ROUNDING_REACH = 1;
/** CONST.WALL_DIRECTIONS. */
const LEFT = 1;
const RIGHT = 2;

/** The wall document behind an edge, or null for darkness, light and boundary edges. */
export function wallDocOf(edge: EdgeLike): WallDocLike | null {
  if (edge.type !== "wall") return null;
  const doc = (edge.object as WallPlaceableLike | null | undefined)?.document;
  return doc?.id && Array.isArray(doc.c) ? doc : null;
}

/** Which side of its edge a point is on, as `Edge#orientPoint` tells it: LEFT, RIGHT, or 0 on the line. */
function sideOf(edge: EdgeLike, p: Point): number {
  const o = (edge.a.y - p.y) * (edge.b.x - p.x) - (edge.a.x - p.x) * (edge.b.y - p.y);
  return o === 0 ? 0 : o < 0 ? LEFT : RIGHT;
}

/** Whether an edge restricts this type for a ray from `from` (v13's inclusion test without thresholds). */
export function restricts(edge: EdgeLike, type: Restriction, from: Point): boolean {
  if (edge[type] === SENSE.NONE) return false;
  const side = sideOf(edge, from);
  return side !== 0 && !(edge.direction && side === edge.direction);
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(a.x + u * dx - p.x, a.y + u * dy - p.y);
}

/** Whether `p` lies within {@link ROUNDING_REACH} of segment a–b (a bounding-box test first: most walls are far). */
export function withinReach(p: Point, a: Point, b: Point): boolean {
  const r = ROUNDING_REACH;
  if (p.x < Math.min(a.x, b.x) - r || p.x > Math.max(a.x, b.x) + r) return false;
  if (p.y < Math.min(a.y, b.y) - r || p.y > Math.max(a.y, b.y) + r) return false;
  return distanceToSegment(p, a, b) < r;
}

/**
 * Whether v13's move test cannot list this wall for a ray from `from`, so that a crossed wall the sight test left out
 * gives no reason to ask it (issue 34: a built map's open doors and one-way walls). Read from the wall's live edge, as
 * v13's inclusion test reads it (client/canvas/geometry/clockwise-sweep.mjs `_testEdgeInclusion`: `edge.move`,
 * `edge.orientPoint(origin)`, `edge.direction`) through {@link restricts}, the test the caster's own passes use; the
 * edge is what `Wall#initializeEdge` built (client/canvas/placeables/wall.mjs `#createEdge`: an open door restricts
 * nothing), so a door opened in the same batch is read as Foundry reads it (perf review 3.2). A wall without an edge
 * is asked about.
 *
 * The 1 px guard (perf review 3.1): v13 rounds the ray's start (`PointSourcePolygon#initialize`, client/canvas/
 * geometry/shapes/source-polygon.mjs: `Math.round(origin.x/y)`, ≤ 0.71 px) and `testCollision` rounds both ends. A
 * one-way wall is skipped only when the exact ray crosses it from its open side. If rounding moved the start to the
 * closed side while the end stayed, the rounded ray would start and end on the same side and cross nothing, so the
 * skip would still be right; it can only be wrong when both ends lie within 0.71 px of the wall's line (a ray running
 * almost along the wall and crossing it). A start more than {@link ROUNDING_REACH} from the line rules that out, at
 * the cost of asking Foundry for those few rays; a start on the line (side 0) is never skipped either.
 */
export function moveCannotList(edge: EdgeLike | null | undefined, from: Point): boolean {
  if (!edge) return false;
  if (edge.move === SENSE.NONE) return true;
  if (restricts(edge, "move", from)) return false;
  const { a, b } = edge;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const o = (a.y - from.y) * (b.x - from.x) - (a.x - from.x) * (b.y - from.y);
  return len > 0 && Math.abs(o) / len > ROUNDING_REACH;
}

/**
 * Whether `CONFIG.Canvas.polygonBackends.move` is still core's `ClockwiseSweepPolygon` (v13 client/config.mjs sets
 * every polygon backend to it; `foundry.canvas.geometry.ClockwiseSweepPolygon`), whose inclusion test the move skip
 * models.
 */
export function coreMoveBackend(): boolean {
  // Compared as values: the types name the backend a constructor, core's class a class.
  const move: unknown = CONFIG.Canvas.polygonBackends.move;
  return typeof foundry !== "undefined" && move === foundry.canvas?.geometry?.ClockwiseSweepPolygon;
}
