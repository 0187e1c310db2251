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
/** CONST.WALL_DOOR_STATES.OPEN. */
const DOOR_OPEN = 1;

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
 * gives no reason to ask it (issue 34: a built map's open doors and one-way walls). Read from the wall's document, the
 * fields v13 builds its edge from (client/canvas/placeables/wall.mjs `#createEdge`: an open door restricts nothing;
 * `direction` is `dir`; the ends are `c`): it restricts no movement (an open door, an ethereal wall), or it is one-way
 * and `from` lies on its open side more than {@link ROUNDING_REACH} from its line, so the rounded start v13 tests lies
 * on that side too (client/canvas/geometry/clockwise-sweep.mjs `_testEdgeInclusion`: a NONE sense, or a one-way edge
 * facing away from the origin, is not included).
 */
export function moveCannotList(doc: WallDocLike | null | undefined, from: Point): boolean {
  if (!doc) return false;
  if (doc.move === SENSE.NONE || (doc.door !== null && doc.door > 0 && doc.ds === DOOR_OPEN)) return true;
  const dir = doc.dir;
  if (dir !== LEFT && dir !== RIGHT) return false;
  const [ax = 0, ay = 0, bx = 0, by = 0] = doc.c;
  const len = Math.hypot(bx - ax, by - ay);
  const o = (ay - from.y) * (bx - from.x) - (ax - from.x) * (by - from.y);
  const side = o === 0 ? 0 : o < 0 ? LEFT : RIGHT;
  return len > 0 && Math.abs(o) / len > ROUNDING_REACH && side === dir;
}
