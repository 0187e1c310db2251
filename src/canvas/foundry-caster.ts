/**
 * The Foundry ray caster: which walls a segment crosses, for cover (SF-X-22), bounces and blasts (SF-B-17,
 * SF-X-43). Foundry decides which walls block — `CONFIG.Canvas.polygonBackends.{sight,move}.testCollision` in
 * "all" mode, so door states, one-way walls and any module that changes wall collision are respected — and each
 * crossing is then placed on exact geometry. Points are in canvas pixels; only ratios and the order of crossings
 * are used.
 *
 * Three things v13's answer does not give as the rules need it, and how they are handled:
 * - Edges that are not walls (darkness sources, canvas bounds) come back in the same collisions; their objects are
 *   lights, tokens or nothing, so only edges of type "wall" are read.
 * - In "all" mode v13 drops the nearest collision when it is only limited (one terrain wall does not block
 *   sight). A sight-limited wall that does not block movement would then give no cover; such a wall nearer than
 *   v13's first collision is added back.
 * - v13 rounds the ray's ends to whole pixels. A ray starting a hair before a wall (a grenade stopped by it) would
 *   start on the wall and miss it; walls within a pixel of the start are decided on exact geometry.
 */
import { SYSTEM_ID } from "../constants.js";
import {
  COVER_MATERIALS,
  type Crossing,
  type IndexedSegment,
  type Point,
  type RayCaster,
  segmentCrossing,
  type Wall,
} from "../rules/index.js";
import { SENSE, wallCover } from "./wall-cover.js";
import { type EdgeLike, type WallDocLike, type WallPlaceableLike, wallIndex } from "./wall-index.js";

type Restriction = "sight" | "move";

/** `PolygonVertex` of a collision. */
interface VertexLike {
  readonly x: number;
  readonly y: number;
  readonly edges?: Set<EdgeLike>;
}
type Backend = {
  testCollision(a: Point, b: Point, o: { type: Restriction; mode: "all" }): readonly VertexLike[];
};

/** How far (px) v13's rounding can move the ray's start: walls this near it are decided on exact geometry. */
const ROUNDING_REACH = 1;
/** CONST.WALL_DIRECTIONS. */
const LEFT = 1;
const RIGHT = 2;

/** A stored material, when it is one of the seed's (an unknown key is no material, never an error mid-attack). */
function materialOf(flag: string | undefined): { material?: string } {
  return flag && Object.hasOwn(COVER_MATERIALS, flag) ? { material: flag } : {};
}

export function wallFromDocument(doc: WallDocLike): Wall {
  const [ax = 0, ay = 0, bx = 0, by = 0] = doc.c;
  return {
    id: doc.id ?? "",
    a: { x: ax, y: ay },
    b: { x: bx, y: by },
    cover: wallCover({
      move: doc.move,
      sight: doc.sight,
      door: doc.door,
      ds: doc.ds,
      flag: doc.getFlag(SYSTEM_ID, "cover"),
    }),
    blocksSight: doc.sight !== SENSE.NONE,
    blocksMove: doc.move !== SENSE.NONE,
    // SW-30: the d20 cover lattice reads a low wall apart (rules/d20/cover.ts `D20Wall`).
    ...(doc.getFlag(SYSTEM_ID, "height") === "low" ? { height: "low" as const } : {}),
    // SWN-15: the wall's material (the seed's table), read by the swn profile's cover armour.
    ...materialOf(doc.getFlag(SYSTEM_ID, "material")),
  };
}

/** The wall document behind an edge, or null for darkness, light and boundary edges. */
function wallDocOf(edge: EdgeLike): WallDocLike | null {
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
function restricts(edge: EdgeLike, type: Restriction, from: Point): boolean {
  if (edge[type] === SENSE.NONE) return false;
  const side = sideOf(edge, from);
  return side !== 0 && !(edge.direction && side === edge.direction);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(a.x + u * dx - p.x, a.y + u * dy - p.y);
}

/** Whether `p` lies within {@link ROUNDING_REACH} of segment a–b (a bounding-box test first: most walls are far). */
function withinReach(p: Point, a: Point, b: Point): boolean {
  const r = ROUNDING_REACH;
  if (p.x < Math.min(a.x, b.x) - r || p.x > Math.max(a.x, b.x) + r) return false;
  if (p.y < Math.min(a.y, b.y) - r || p.y > Math.max(a.y, b.y) + r) return false;
  return distanceToSegment(p, a, b) < r;
}

function walls(): readonly WallPlaceableLike[] {
  return canvas?.walls?.placeables ?? [];
}

/**
 * The caster's work, counted since the page loaded (machine-independent, read by `npm run bench` per pair): rays
 * asked of the caster, Foundry collision tests asked, edges read from Foundry's answers, walls the index handed out (each query's candidates), exact
 * geometry tests made on them (a segment crossing or a distance to the ray's start), and wall placeables read.
 * Counting is a few additions per ray; nothing reads it at the table.
 */
export const casterWork = { rays: 0, asked: 0, answered: 0, examined: 0, exact: 0, placeables: 0 };

export interface FoundryCasterOptions {
  /**
   * false: visit every wall on the canvas for the near-start and limited passes (the caster before the wall index;
   * kept as the reference the property test holds the indexed caster to). Default: the scene's wall index.
   */
  readonly index?: boolean;
}

export class FoundryCaster implements RayCaster {
  readonly #indexed: boolean;

  constructor(options: FoundryCasterOptions = {}) {
    this.#indexed = options.index !== false;
  }

  crossings(from: Point, to: Point): Crossing[] {
    casterWork.rays++;
    if (this.#indexed && !this.#mayCross(from, to)) return [];
    const byWall = new Map<string, Crossing>();
    // Where this ray crosses each wall is the same for both restriction types: worked out once per ray.
    const at: Exact = new Map();
    for (const type of ["sight", "move"] as const) {
      for (const c of this.#cast(type, from, to, at)) {
        const known = byWall.get(c.wall.id);
        if (!known || c.t < known.t) byWall.set(c.wall.id, c);
      }
    }
    return [...byWall.values()].sort((a, b) => a.t - b.t);
  }

  #cast(type: Restriction, from: Point, to: Point, at: Exact): Crossing[] {
    const backend: Backend | undefined = CONFIG.Canvas.polygonBackends[type];
    if (backend) casterWork.asked++;
    const hits = backend?.testCollision(from, to, { type, mode: "all" });
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len2 = dx * dx + dy * dy;

    const found = new Map<string, Crossing>();
    const index = this.#indexed ? wallIndex() : null;
    // No closure is made per ray: the build keeps function names (`keepNames`), which wraps every closure created.
    const ray: Ray = { at, from, to, store: index ? index.rules : null };
    let first = Number.POSITIVE_INFINITY;
    for (const v of hits ?? []) {
      if (len2 > 0) first = Math.min(first, ((v.x - from.x) * dx + (v.y - from.y) * dy) / len2);
      for (const edge of v.edges ?? []) {
        casterWork.answered++;
        const doc = wallDocOf(edge);
        if (!doc || found.has(doc.id!)) continue;
        // Foundry says this wall blocks; a wall it only meets because of rounding is not crossed.
        const c = exactOnce(ray, doc, edge);
        if (c) found.set(doc.id!, c);
      }
    }

    // Walls near the start (rounding) and sight-limited walls nearer than v13's first collision. Each wall's
    // outcome depends on that wall alone, so visiting a wall twice, or walls in any order, gives the same result.
    if (!index) {
      const list = walls();
      casterWork.examined += list.length;
      for (const placeable of list) consider(placeable, type, first, found, ray);
      return [...found.values()];
    }
    // A wall filed where its edge lies (its document's c, the numbers v13 builds the edge from) that is neither
    // within reach of the start nor crossed by the ray changes nothing in `consider`: it is passed over on the same
    // tests, on the same numbers, before its placeable is read.
    const near = index.all.near(from, ROUNDING_REACH, this.#candidates);
    casterWork.examined += near.length;
    for (const s of near) {
      casterWork.exact++;
      if (withinReach(from, s.a, s.b)) consider(s.value, type, first, found, ray);
    }
    // A limited wall within reach of the start was just considered, with the same outcome it would have here.
    if (type === "sight") {
      const along = index.limited.alongSegment(from, to, this.#candidates);
      casterWork.examined += along.length;
      for (const s of along) {
        casterWork.exact++;
        if (segmentCrossing(from, to, s.a, s.b) !== null) consider(s.value, type, first, found, ray);
      }
    }
    return [...found.values()];
  }

  /**
   * Whether any wall can be in this ray's answer: a crossing is only ever placed on a wall the exact segment crosses
   * (`exactOnce`, for Foundry's collisions and the limited pass) or on one within reach of the start (the near-start
   * pass). When the index holds neither, the answer is empty whatever Foundry would say, so neither of its collision
   * tests is asked (most of a lattice's rays in the open: issue 34). Foundry's edges that are not walls (darkness,
   * bounds) are never read, so they need no asking either.
   */
  #mayCross(from: Point, to: Point): boolean {
    const index = wallIndex();
    // No canvas walls to index: Foundry is asked, as before the index (its walls are all it can report).
    if (!index) return true;
    const near = index.all.near(from, ROUNDING_REACH, this.#candidates);
    casterWork.examined += near.length;
    for (const s of near) {
      casterWork.exact++;
      if (withinReach(from, s.a, s.b)) return true;
    }
    const along = index.all.alongSegment(from, to, this.#candidates);
    casterWork.examined += along.length;
    for (const s of along) {
      casterWork.exact++;
      if (segmentCrossing(from, to, s.a, s.b) !== null) return true;
    }
    return false;
  }

  /** One array the index queries fill, reused ray after ray. */
  readonly #candidates: IndexedSegment<WallPlaceableLike>[] = [];
}

/** One ray's crossings by wall id, null where the ray does not cross the wall. */
type Exact = Map<string, Crossing | null>;

/** One ray: its ends, what it crosses so far, and the wall index's store of what each wall is (or none). */
interface Ray {
  readonly at: Exact;
  readonly from: Point;
  readonly to: Point;
  readonly store: Map<string, Wall> | null;
}

/** {@link wallFromDocument} through the wall index's store (one `Wall` per wall until it changes). */
function rulesOf(doc: WallDocLike, store: Map<string, Wall> | null): Wall {
  if (!store) return wallFromDocument(doc);
  const id = doc.id ?? "";
  let wall = store.get(id);
  if (!wall) {
    wall = wallFromDocument(doc);
    store.set(id, wall);
  }
  return wall;
}

/**
 * Where the segment crosses a wall exactly, or null (touching at either end is not crossing). A wall's sight and
 * move edges are one edge (v13 `Wall#initializeEdge` builds one `Edge` with both restrictions), so the answer is
 * kept for the ray's other restriction type.
 */
function exactOnce(ray: Ray, doc: WallDocLike, edge: EdgeLike): Crossing | null {
  const id = doc.id ?? "";
  const known = ray.at.get(id);
  if (known !== undefined) return known;
  const { from, to } = ray;
  casterWork.exact++;
  const t = segmentCrossing(from, to, edge.a, edge.b);
  const c =
    t === null
      ? null
      : {
          wall: rulesOf(doc, ray.store),
          t,
          point: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t },
        };
  ray.at.set(id, c);
  return c;
}

/** The near-start fix-up and the limited-wall pass for one wall (see the file's header). */
function consider(
  placeable: WallPlaceableLike,
  type: Restriction,
  first: number,
  found: Map<string, Crossing>,
  ray: Ray,
): void {
  casterWork.placeables++;
  const edge = placeable.edge;
  const doc = placeable.document;
  if (!edge || !doc?.id) return;
  const from = ray.from;
  casterWork.exact++;
  const nearStart = distanceToSegment(from, edge.a, edge.b) < ROUNDING_REACH;
  const limited = type === "sight" && edge.sight === SENSE.LIMITED;
  if (!nearStart && !limited) return;
  const c = restricts(edge, type, from) ? exactOnce(ray, doc, edge) : null;
  if (nearStart) {
    if (c) found.set(doc.id, c);
    else found.delete(doc.id);
  } else if (c && c.t < first) found.set(doc.id, c);
}
