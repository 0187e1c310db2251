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
import {
  type Crossing,
  type Fan,
  fanOf,
  type IndexedSegment,
  inFan,
  mayCrossFan,
  nearestFirst,
  type Point,
  type RayCaster,
  segmentCrossing,
  type Wall,
} from "../rules/index.js";
import {
  coreMoveBackend,
  distanceToSegment,
  moveCannotList,
  type Restriction,
  ROUNDING_REACH,
  restricts,
  wallDocOf,
  withinReach,
} from "./edge-tests.js";
import { SENSE } from "./wall-cover.js";
import {
  type EdgeLike,
  type FiledWall,
  type WallDocLike,
  type WallIndex,
  type WallPlaceableLike,
  wallFromDocument,
  wallIndex,
} from "./wall-index.js";

/** `PolygonVertex` of a collision. */
interface VertexLike {
  readonly x: number;
  readonly y: number;
  readonly edges?: Set<EdgeLike>;
}
type Backend = {
  testCollision(a: Point, b: Point, o: { type: Restriction; mode: "all" }): readonly VertexLike[];
};

function walls(): readonly WallPlaceableLike[] {
  return canvas?.walls?.placeables ?? [];
}

/**
 * The caster's work, counted since the page loaded (machine-independent, read by `npm run bench` per pair): rays
 * asked of the caster, Foundry collision tests asked, edges read from Foundry's answers, walls the index handed out
 * (each query's candidates), exact geometry tests made on them (a segment crossing, a distance to the ray's start,
 * a wall against a fan's hull), and wall placeables read. A few additions per ray; nothing reads it at the table.
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

  /**
   * The rays about to be cast from `from` (`castRays`): the walls within reach of it and those that may cross one
   * of them are looked up now, once, and serve each of those rays while the scene's walls stand as they are.
   */
  aim(from: Point, to: readonly Point[]): void {
    const index = this.#indexed ? wallIndex() : null;
    if (!index || to.length < 2) {
      this.#aimed = null;
      return;
    }
    // The same eye at a box inside one already looked up (the lattice inside SF-X-22's samples, in a d20 world's
    // read): those walls serve.
    const fan = fanOf(from, to);
    const kept = this.#kept.find(
      (a) =>
        a.index === index &&
        a.version === index.version &&
        inFan(a.fan, from, { x: fan.minX, y: fan.minY }) &&
        inFan(a.fan, from, { x: fan.maxX, y: fan.maxY }),
    );
    this.#aimed = kept ?? aimAt(index, fan, this.#scratch);
    if (!kept) this.#kept = [this.#aimed, ...this.#kept.slice(0, 7)];
  }

  crossings(from: Point, to: Point): Crossing[] {
    casterWork.rays++;
    const index = this.#indexed ? wallIndex() : null;
    if (index) {
      const aimed = this.#aimed;
      if (aimed && aimed.index === index && aimed.version === index.version && inFan(aimed.fan, from, to))
        return indexedCrossings(index, from, to, aimed.near, aimed.candidates);
      const near = nearOf(index, from, this.#scratch);
      const along = index.all.alongSegment(from, to, this.#scratch.candidates);
      casterWork.examined += along.length;
      return indexedCrossings(index, from, to, near, along);
    }
    // No index asked for (the reference), or no canvas walls to index: every wall on the canvas is visited, and
    // Foundry is asked (its walls are all it can report).
    const byWall = new Map<string, Crossing>();
    // Where this ray crosses each wall is the same for both restriction types: worked out once per ray.
    const at: Exact = new Map();
    for (const type of ["sight", "move"] as const) {
      for (const c of this.#cast(type, from, to, at)) {
        const known = byWall.get(c.wall.id);
        if (!known || c.t < known.t) byWall.set(c.wall.id, c);
      }
    }
    return nearestFirst([...byWall.values()]);
  }

  /**
   * {@link RayCaster.crosses}: on an aimed fan, Foundry's sight answer is read only until a wall `hit` accepts that
   * `crossings` would keep — one Foundry reports, crossed where filed and exactly, out of reach of the start (only
   * walls within reach are ever taken out again, `considerSlot`; the rest of the passes only add). Else `crossings`.
   */
  crosses(from: Point, to: Point, hit: (wall: Wall) => boolean): boolean {
    const index = this.#indexed ? wallIndex() : null;
    const aimed = this.#aimed;
    if (
      index &&
      aimed &&
      aimed.index === index &&
      aimed.version === index.version &&
      inFan(aimed.fan, from, to)
    )
      if (sightHit(index, from, to, aimed.near, aimed.candidates, hit)) return ++casterWork.rays > 0;
    for (const c of this.crossings(from, to)) if (hit(c.wall)) return true;
    return false;
  }

  /** One restriction type's crossings, visiting every wall on the canvas (the caster before the index). */
  #cast(type: Restriction, from: Point, to: Point, at: Exact): Crossing[] {
    const backend: Backend | undefined = CONFIG.Canvas.polygonBackends[type];
    if (backend) casterWork.asked++;
    const hits = backend?.testCollision(from, to, { type, mode: "all" });
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len2 = dx * dx + dy * dy;

    const found = new Map<string, Crossing>();
    // No closure is made per ray: the build keeps function names (`keepNames`), which wraps every closure created.
    const ray: Ray = { at, from, to, store: null };
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
    const list = walls();
    casterWork.examined += list.length;
    for (const placeable of list) consider(placeable, type, first, found, ray);
    return [...found.values()];
  }

  /** The arrays the indexed path fills, reused ray after ray. */
  readonly #scratch: Scratch = { candidates: [] };
  /** The walls of the rays last aimed at. */
  #aimed: Aimed | null = null;
  /** The last few looked up (one per eye of a pair). */
  #kept: Aimed[] = [];
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

// -------------------------------------------------------------------------------------------------------------
// The indexed caster: the same decisions as `#cast` and `consider` above, in the same order, with the walls to
// visit taken from the scene's wall index and no Map, array or record made per ray beyond the answer itself
// (issue 34: a d20 target read casts ~105 rays of ~12 crossings each on a dense map; per-ray Maps were most of
// its cost, and garbage).
// -------------------------------------------------------------------------------------------------------------

/**
 * What one ray has decided of one wall, on a record per wall id that lives as long as its scene's index, valid for
 * the ray numbered `ray` only (a later ray starts it afresh on first touch): where the ray crosses the wall as filed
 * (`geo`), the exact crossing on Foundry's edge, and each restriction type's place in its found list (0: not found).
 */
interface Slot {
  ray: number;
  /** The wall as filed, when the ray crosses it there, and where (`geoT`). */
  geo: IndexedSegment<FiledWall> | null;
  geoT: number;
  exactKnown: boolean;
  exact: Crossing | null;
  sight: number;
  move: number;
  /** Already in the ray's answer. */
  out: boolean;
}

/** Rays numbered across every caster of the page (a slot belongs to one ray at a time). */
let rays = 0;
const slotsByIndex = new WeakMap<WallIndex, Map<string, Slot>>();
function slotsOf(index: WallIndex): Map<string, Slot> {
  const slots = slotsByIndex.get(index);
  if (slots) return slots;
  const made = new Map<string, Slot>();
  slotsByIndex.set(index, made);
  return made;
}
/** The array the index queries of one caster fill, reused query after query (it is copied before the next). */
export type Scratch = { readonly candidates: IndexedSegment<FiledWall>[] };

/**
 * The walls of the rays from one point: those within reach of it (`near`), and those that may cross a ray of the fan
 * (`candidates`: the index's walls in cells the fan's hull overlaps that no line separates from the hull, `fan.ts`).
 * Valid while the index stands as it was (`version`).
 */
interface Aimed {
  readonly fan: Fan;
  readonly index: WallIndex;
  readonly version: number;
  readonly near: readonly FiledWall[];
  readonly candidates: readonly IndexedSegment<FiledWall>[];
}

function bySeq(a: FiledWall, b: FiledWall): number {
  return a.seq - b.seq;
}

/** The walls within reach of `from`, in the layer's order (the order the caster before the index visited them). */
function nearOf(index: WallIndex, from: Point, scratch: Scratch): FiledWall[] {
  const out: FiledWall[] = [];
  const near = index.all.near(from, ROUNDING_REACH, scratch.candidates);
  casterWork.examined += near.length;
  for (const s of near) {
    casterWork.exact++;
    if (withinReach(from, s.a, s.b)) out.push(s.value);
  }
  return out.sort(bySeq);
}

/** The walls that may cross a ray of the fan, looked up once for all its rays. */
function aimAt(index: WallIndex, fan: Fan, scratch: Scratch): Aimed {
  const found = index.all.inPolygon(fan.hull, scratch.candidates);
  casterWork.examined += found.length;
  const candidates: IndexedSegment<FiledWall>[] = [];
  for (const s of found) {
    casterWork.exact++;
    if (mayCrossFan(fan, s.a, s.b)) candidates.push(s);
  }
  return { fan, index, version: index.version, near: nearOf(index, fan.from, scratch), candidates };
}

function slotOf(slots: Map<string, Slot>, id: string, ray: number): Slot {
  let slot = slots.get(id);
  if (!slot) {
    slot = { ray, geo: null, geoT: 0, exactKnown: false, exact: null, sight: 0, move: 0, out: false };
    slots.set(id, slot);
  } else if (slot.ray !== ray) {
    slot.ray = ray;
    slot.geo = null;
    slot.exactKnown = false;
    slot.exact = null;
    slot.sight = 0;
    slot.move = 0;
    slot.out = false;
  }
  return slot;
}

/** `slotOf` for an answer's wall the ray crosses where it is filed (most): found by placeable among a dozen. */
function crossedSlot(crossing: readonly Slot[], placeable: unknown): Slot | undefined {
  for (const slot of crossing) if (slot.geo?.value.placeable === placeable) return slot;
  return undefined;
}

/** The wall's place in the type's list of found walls (0: not found). */
function foundAt(slot: Slot, type: Restriction): number {
  return type === "sight" ? slot.sight : slot.move;
}

function placeAt(slot: Slot, type: Restriction, at: number): void {
  if (type === "sight") slot.sight = at;
  else slot.move = at;
}

/** `found.set`: a wall not yet found goes to the end of its type's list; one found keeps its place. */
function setFound(slot: Slot, type: Restriction, list: (Slot | null)[]): void {
  if (foundAt(slot, type)) return;
  list.push(slot);
  placeAt(slot, type, list.length);
}

/** `found.delete`. */
function deleteFound(slot: Slot, type: Restriction, list: (Slot | null)[]): void {
  const at = foundAt(slot, type);
  if (!at) return;
  list[at - 1] = null;
  placeAt(slot, type, 0);
}

/**
 * {@link exactOnce} on the wall's slot. On an edge with the very numbers the wall is filed with (v13 builds the
 * edge from the document's `c`, as the index files it), the crossing worked out from the index is the same
 * computation on the same numbers, and is taken as it is.
 */
function exactOn(
  slot: Slot,
  doc: WallDocLike,
  edge: EdgeLike,
  from: Point,
  to: Point,
  store: Map<string, Wall>,
): Crossing | null {
  if (slot.exactKnown) return slot.exact;
  const geo = slot.geo;
  let t: number | null;
  if (geo && geo.a.x === edge.a.x && geo.a.y === edge.a.y && geo.b.x === edge.b.x && geo.b.y === edge.b.y)
    t = slot.geoT;
  else {
    casterWork.exact++;
    t = segmentCrossing(from, to, edge.a, edge.b);
  }
  slot.exact =
    t === null
      ? null
      : {
          wall: rulesOf(doc, store),
          t,
          point: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t },
        };
  slot.exactKnown = true;
  return slot.exact;
}

/** {@link consider} on the wall's slot. */
function considerSlot(
  placeable: WallPlaceableLike,
  type: Restriction,
  first: number,
  list: (Slot | null)[],
  slots: Map<string, Slot>,
  ray: number,
  from: Point,
  to: Point,
  store: Map<string, Wall>,
): void {
  casterWork.placeables++;
  const edge = placeable.edge;
  const doc = placeable.document;
  if (!edge || !doc?.id) return;
  casterWork.exact++;
  const near = distanceToSegment(from, edge.a, edge.b) < ROUNDING_REACH;
  const limited = type === "sight" && edge.sight === SENSE.LIMITED;
  if (!near && !limited) return;
  const slot = slotOf(slots, doc.id, ray);
  const c = restricts(edge, type, from) ? exactOn(slot, doc, edge, from, to, store) : null;
  if (near) {
    if (c) setFound(slot, type, list);
    else deleteFound(slot, type, list);
  } else if (c && c.t < first) setFound(slot, type, list);
}

/**
 * One restriction type on the indexed path: `#cast`'s decisions, into that type's list of found walls. `decide`:
 * the walls `consider` would not pass over, in the layer's order — for sight those within reach of the start and
 * the limited walls the ray crosses, for move those within reach of the start. A wall filed where its edge lies
 * (its document's c, the numbers v13 builds the edge from) that is neither within reach of the start nor crossed
 * by the ray changes nothing in `consider`: it is passed over on the same tests, on the same numbers, before its
 * placeable is read; so is a limited wall out of reach of the start that Foundry's answer already gave (`consider`
 * could only add it again).
 */
function castIndexed(
  type: Restriction,
  index: WallIndex,
  slots: Map<string, Slot>,
  ray: number,
  from: Point,
  to: Point,
  decide: readonly FiledWall[],
  near: readonly FiledWall[],
  crossing: readonly Slot[],
): (Slot | null)[] {
  const store = index.rules;
  const backend: Backend | undefined = CONFIG.Canvas.polygonBackends[type];
  if (backend) casterWork.asked++;
  const hits = backend?.testCollision(from, to, { type, mode: "all" });
  const list: (Slot | null)[] = [];
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len2 = dx * dx + dy * dy;
  let first = Number.POSITIVE_INFINITY;
  if (hits) {
    for (const v of hits) {
      if (len2 > 0) first = Math.min(first, ((v.x - from.x) * dx + (v.y - from.y) * dy) / len2);
      if (!v.edges) continue;
      for (const edge of v.edges) {
        casterWork.answered++;
        const doc = wallDocOf(edge);
        if (!doc) continue;
        const slot = crossedSlot(crossing, edge.object) ?? slotOf(slots, doc.id!, ray);
        if (foundAt(slot, type)) continue;
        // Foundry says this wall blocks; a wall it only meets because of rounding is not crossed.
        if (exactOn(slot, doc, edge, from, to, store)) setFound(slot, type, list);
      }
    }
  }
  for (const w of decide) {
    if (near.length && near.includes(w)) {
      considerSlot(w.placeable, type, first, list, slots, ray, from, to, store);
      continue;
    }
    const id = w.placeable.document?.id;
    if (id && foundAt(slotOf(slots, id, ray), type)) continue;
    considerSlot(w.placeable, type, first, list, slots, ray, from, to, store);
  }
  return list;
}

/**
 * The indexed caster's answer for one ray, given the walls within reach of its start (`near`, in the layer's order)
 * and walls that include every one it may cross (`candidates`), each tested once where it is filed. When none is
 * crossed and none is within reach of the start, the answer is empty whatever Foundry would say: neither collision
 * test is asked (most of a lattice's rays in the open; Foundry's non-wall edges are never read). The move pass only
 * adds a wall the ray crosses: when the sight pass found every one v13's move test might list, it is not asked. The
 * answer: the sight walls in the order found, then the move walls not among them, nearest first (as `crossings` gave).
 */
export function indexedCrossings(
  index: WallIndex,
  from: Point,
  to: Point,
  near: readonly FiledWall[],
  candidates: readonly IndexedSegment<FiledWall>[],
): Crossing[] {
  const slots = slotsOf(index);
  const ray = ++rays;
  const crossing: Slot[] = [];
  const decide: FiledWall[] = [];
  for (const s of candidates) {
    casterWork.exact++;
    const t = segmentCrossing(from, to, s.a, s.b);
    if (t === null) continue;
    const slot = slotOf(slots, s.id, ray);
    slot.geo = s;
    slot.geoT = t;
    crossing.push(slot);
    if (s.value.limited) decide.push(s.value);
  }
  if (!near.length && !crossing.length) return [];
  if (near.length) {
    for (const w of near) if (!decide.includes(w)) decide.push(w);
    decide.sort(bySeq);
  } else if (decide.length > 1) decide.sort(bySeq);
  const sight = castIndexed("sight", index, slots, ray, from, to, decide, near, crossing);
  // Move is asked when a crossed wall the sight test left out might restrict it, or the backend is not core's.
  const all =
    coreMoveBackend() &&
    crossing.every((slot) => slot.sight || moveCannotList(slot.geo?.value.placeable.edge, from));
  const move = all ? [] : castIndexed("move", index, slots, ray, from, to, near, near, crossing);
  const out: Crossing[] = [];
  for (const slot of sight) {
    if (!slot?.exact) continue;
    slot.out = true;
    out.push(slot.exact);
  }
  for (const slot of move) if (slot?.exact && !slot.out) out.push(slot.exact);
  return nearestFirst(out);
}

/** {@link FoundryCaster.crosses}'s quick answer: true when sure, false when `crossings` must tell. */
function sightHit(
  index: WallIndex,
  from: Point,
  to: Point,
  near: readonly FiledWall[],
  candidates: readonly IndexedSegment<FiledWall>[],
  hit: (wall: Wall) => boolean,
): boolean {
  const slots = slotsOf(index);
  const ray = ++rays;
  const crossing: Slot[] = [];
  for (const s of candidates) {
    casterWork.exact++;
    const t = segmentCrossing(from, to, s.a, s.b);
    if (t === null) continue;
    const slot = slotOf(slots, s.id, ray);
    slot.geo = s;
    slot.geoT = t;
    crossing.push(slot);
  }
  const backend: Backend | undefined = CONFIG.Canvas.polygonBackends.sight;
  if (!crossing.length || !backend) return false;
  casterWork.asked++;
  for (const v of backend.testCollision(from, to, { type: "sight", mode: "all" })) {
    if (!v.edges) continue;
    for (const edge of v.edges) {
      casterWork.answered++;
      const doc = wallDocOf(edge);
      const slot = doc ? crossedSlot(crossing, edge.object) : undefined;
      if (!doc || !slot?.geo || near.includes(slot.geo.value)) continue;
      const c = exactOn(slot, doc, edge, from, to, index.rules);
      if (c && hit(c.wall)) return true;
    }
  }
  return false;
}
