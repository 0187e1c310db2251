/**
 * The canvas half of the Foundry v13 harness: what `canvas` and `CONFIG.Canvas.polygonBackends` do for the calls
 * our code makes, built from scene-like data and read live at every call (an opened door or a moved wall is seen
 * by the next ray). A wall's Edge, the canvas bounds and the `canvas.edges` map are kept between calls and made
 * again only when a field they are built from changes (core keeps them between changes too, `Wall#initializeEdge`);
 * the walls' edges are filed in a grid kept until a wall or scene is written ({@link noteCanvasWrite},
 * `FoundryCanvas#wallEdges`), so a ray costs the edges near it, as v13's quadtree makes it, not a pass over every
 * wall. Written from a reading of Foundry's v13 client and common source; none of it is copied.
 *
 * Followed (search ids of the stored v13 files, for `read_file id=…`):
 * - `client/canvas/layers/walls.mjs` (7966371163): `#getWallDataFromActiveTool` — the wall data each core wall
 *   tool creates → {@link wallData}.
 * - `common/documents/wall.mjs` (8572977888): the WallDocument schema and its defaults (schemaVersion 13.341).
 * - `client/canvas/placeables/wall.mjs` (18556833794): `Wall#edge`, `#createEdge` (an open door's edge keeps its
 *   place but restricts nothing; threshold in grid units × `distancePixels`; edge id `wall.<id>`), `isOpen`,
 *   `direction`.
 * - `client/canvas/geometry/edges/edge.mjs` (8421634775): {@link Edge} — `isLimited`, `clone`, `orientPoint`,
 *   `applyThreshold`, defaults (type "wall", senses NONE, direction BOTH, priority 0).
 * - `client/canvas/geometry/edges/vertex.mjs` (8580728308): {@link PolygonVertex} — rounded x/y, `key`,
 *   `edges`, `restriction`, `isLimited`, `attachEdge`, `_distance`.
 * - `client/canvas/geometry/edges/edges.mjs` (8561121760): `CanvasEdges` — walls, the inner/outer canvas bounds
 *   (types "innerBounds"/"outerBounds", no object), darkness-source edges; `getEdges` always adds the bounds.
 * - `client/canvas/sources/point-effect-source.mjs` (7985922745): `_createEdges` — darkness edges
 *   `{type: "darkness", id: "darkness.<sourceId>.<n>", object: <the light or token placeable>, direction: LEFT,
 *   light/sight NORMAL, priority}` along the source's polygon.
 * - `client/canvas/sources/point-darkness-source.mjs` (7989003618): radius = max(dim, bright), `requiresEdges`.
 * - `client/canvas/placeables/ambient-light.mjs` (16365024139): a light is a darkness source when
 *   `config.negative`; sourceId `AmbientLight.<id>`.
 * - `client/canvas/geometry/shapes/source-polygon.mjs` (7953388295): `PointSourcePolygon.testCollision` (type must
 *   be a wall restriction type; origin and destination rounded; ray bounds as boundary shape), `initialize`
 *   defaults (wallDirectionMode NORMAL, useThreshold false), `WALL_DIRECTION_MODES`.
 * - `client/canvas/geometry/clockwise-sweep.mjs` (8345139157): `_determineEdgeTypes` (walls mode 1 at priority
 *   -∞; sight adds darkness and uses the inner bounds when the origin is in the scene; light adds darkness),
 *   `_testEdgeInclusion`, `_testCollision` ("any" / "all" / "closest", and the "all"/"closest" drop of a first
 *   collision that is limited: `if ( collisions[0]?.isLimited ) collisions.shift()`).
 * - `common/utils/geometry.mjs` (8339553408): `orient2dFast`, `lineSegmentIntersection` (ε 1e-8, t clamped),
 *   `closestPointToSegment`; the circle approximation density (`approximateVertexDensity`, 14344636966).
 * - `common/grid/base.mjs` (8541107292) and `common/grid/square.mjs` (18467042402): `measurePath` result shape,
 *   square `_measurePath` for every diagonal rule, `getOffset` / `getCenterPoint` / `getTopLeftPoint`,
 *   `calculateDimensions`; the world setting `core.gridDiagonals` defaults to the system's `grid.diagonals`, else
 *   EQUIDISTANT (`client/config.mjs`, 18531475442) — our system.json sets none.
 * - `client/documents/scene.mjs` (16282197018): `Scene#getDimensions` (defaults width 4000, height 3000, padding
 *   0.25 when the scene data gives none).
 * - `client/canvas/placeables/token.mjs` (19005520373): `Token#w/h` (= `document.getSize()`), `center` (x/y only,
 *   no elevation), `getCenterPoint`, `isVisible` (hidden tokens for GM users only; token vision not modelled).
 *
 * Not modelled (and why it does not matter to our calls): polygon computation (`create`, the sweep itself —
 * we only call `testCollision`); the quadtree (a grid of cells gives the same edges, {@link EdgeGrid}); edge
 * intersections between walls (only the sweep uses them); darkness polygons clipped by walls (the harness uses the
 * unclipped circle) and darkness activation by the scene's darkness level (a hidden light makes no edges);
 * gridless grids (createCanvas refuses them); cost functions in `measurePath`.
 *
 * Differs from v13: a plain wall document (`wallDocument`) edited field by field without its `update` is seen after
 * the next wall or scene write, or a new canvas (core sees no change either without a document update). A hexagonal scene (types 2–5) gets a `canvas.grid` that reports what v13's `HexagonalGrid`
 * reports about its orientation — `type`, `isHexagonal`, `isSquare` false, `columns` (HEXODDQ/HEXEVENQ: "column-based
 * (flat-topped)") and `even` (HEXEVENR/HEXEVENQ), as `common/grid/hexagonal.mjs`'s constructor sets them
 * (umplacable/foundryVTT foundryvtt/common/grid/hexagonal.mjs) — but its cells, points and `measurePath` are still the
 * square lattice's: no hex lattice is modelled, so a scenario on a hex scene may read the orientation, not hex
 * distances.
 */

// -------------------------------------------------------------------------------------------------------------
// Constants (common/constants.mjs, v13)
// -------------------------------------------------------------------------------------------------------------

export const WALL_SENSE_TYPES = { NONE: 0, LIMITED: 10, NORMAL: 20, PROXIMITY: 30, DISTANCE: 40 } as const;
export const WALL_MOVEMENT_TYPES = { NONE: 0, NORMAL: 20 } as const;
export const WALL_DIRECTIONS = { BOTH: 0, LEFT: 1, RIGHT: 2 } as const;
export const WALL_DOOR_TYPES = { NONE: 0, DOOR: 1, SECRET: 2 } as const;
export const WALL_DOOR_STATES = { CLOSED: 0, OPEN: 1, LOCKED: 2 } as const;
export const WALL_RESTRICTION_TYPES = ["light", "sight", "sound", "move"] as const;
export const GRID_TYPES = {
  GRIDLESS: 0,
  SQUARE: 1,
  HEXODDR: 2,
  HEXEVENR: 3,
  HEXODDQ: 4,
  HEXEVENQ: 5,
} as const;
export const GRID_DIAGONALS = {
  EQUIDISTANT: 0,
  EXACT: 1,
  APPROXIMATE: 2,
  RECTILINEAR: 3,
  ALTERNATING_1: 4,
  ALTERNATING_2: 5,
  ILLEGAL: 6,
} as const;
/** `PointSourcePolygon.WALL_DIRECTION_MODES`. */
export const WALL_DIRECTION_MODES = { NORMAL: 0, REVERSED: 1, BOTH: 2 } as const;

export type RestrictionType = (typeof WALL_RESTRICTION_TYPES)[number];
export type EdgeType = "wall" | "darkness" | "light" | "innerBounds" | "outerBounds" | (string & {});

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

// -------------------------------------------------------------------------------------------------------------
// Wall data as the core tools create it
// -------------------------------------------------------------------------------------------------------------

export interface WallThreshold {
  light: number | null;
  sight: number | null;
  sound: number | null;
  attenuation: boolean;
}

/** A WallDocument's source (`toObject()`), with every schema default filled in. */
export interface WallSource {
  _id: string | null;
  c: [number, number, number, number];
  light: number;
  move: number;
  sight: number;
  sound: number;
  dir: number;
  door: number;
  ds: number;
  threshold: WallThreshold;
  animation: null | Record<string, unknown>;
  flags: Record<string, Record<string, unknown>>;
}

/** The wall tools of the Walls scene control ("normal" is the basic "walls" tool). */
export type WallKind =
  | "walls"
  | "normal"
  | "terrain"
  | "invisible"
  | "ethereal"
  | "doors"
  | "secret"
  | "window";

let wallCounter = 0;
/** A 16-character id, as Foundry's `randomID()` gives (deterministic here, so failures are reproducible). */
export function nextId(prefix = "w"): string {
  wallCounter += 1;
  return `${prefix}${String(wallCounter).padStart(15, "0")}`.slice(0, 16);
}

/**
 * The source a core wall tool creates for a wall from (c[0],c[1]) to (c[2],c[3]), as stored after creation:
 * the tool's restriction types over the schema defaults, then `extra` (e.g. `{ds: 1}` for an open door,
 * `{dir: WALL_DIRECTIONS.LEFT}` for a one-way wall, `{_id}`, `{flags}`). A window's threshold is twice the scene's
 * grid distance (`gridDistance`, 1 m on our default grid).
 */
export type WallExtra = Partial<Omit<WallSource, "threshold">> & { threshold?: Partial<WallThreshold> };

export function wallData(
  kind: WallKind,
  c: readonly [number, number, number, number],
  extra: WallExtra = {},
  gridDistance = 1,
): WallSource {
  const S = WALL_SENSE_TYPES;
  const src: WallSource = {
    _id: extra._id ?? nextId(),
    c: [c[0], c[1], c[2], c[3]],
    light: S.NORMAL,
    move: WALL_MOVEMENT_TYPES.NORMAL,
    sight: S.NORMAL,
    sound: S.NORMAL,
    dir: WALL_DIRECTIONS.BOTH,
    door: WALL_DOOR_TYPES.NONE,
    ds: WALL_DOOR_STATES.CLOSED,
    threshold: { light: null, sight: null, sound: null, attenuation: false },
    animation: null,
    flags: {},
  };
  switch (kind) {
    case "walls":
    case "normal":
      break;
    case "invisible":
      src.sight = src.light = src.sound = S.NONE;
      break;
    case "terrain":
      src.sight = src.light = src.sound = S.LIMITED;
      break;
    case "ethereal":
      src.move = src.sound = S.NONE;
      break;
    case "doors":
      src.door = WALL_DOOR_TYPES.DOOR;
      break;
    case "secret":
      src.door = WALL_DOOR_TYPES.SECRET;
      break;
    case "window":
      src.sight = src.light = S.PROXIMITY;
      src.threshold = { light: 2 * gridDistance, sight: 2 * gridDistance, sound: null, attenuation: true };
      break;
  }
  const { threshold, ...rest } = extra;
  Object.assign(src, rest);
  if (threshold) src.threshold = { ...src.threshold, ...threshold };
  if (extra.c) src.c = [extra.c[0], extra.c[1], extra.c[2], extra.c[3]];
  return src;
}

// -------------------------------------------------------------------------------------------------------------
// Document-like inputs
// -------------------------------------------------------------------------------------------------------------

interface HasId {
  readonly id?: string | null;
  readonly _id?: string | null;
}
/** What the harness reads from a wall document (a v13 WallDocument has all of it). */
export interface WallDocLike extends HasId {
  readonly c: readonly number[];
  readonly light: number;
  readonly move: number;
  readonly sight: number;
  readonly sound: number;
  readonly dir?: number;
  readonly door: number;
  readonly ds: number;
  readonly threshold?: Partial<WallThreshold> | null;
  readonly flags?: Record<string, unknown>;
}
export interface LightDataLike {
  readonly negative?: boolean;
  readonly dim?: number;
  readonly bright?: number;
  readonly priority?: number;
}
export interface TokenDocLike extends HasId {
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly elevation?: number;
  readonly uuid?: string;
  readonly name?: string | null;
  readonly actor?: unknown;
  readonly disposition?: number;
  readonly hidden?: boolean;
  readonly movementHistory?: readonly unknown[];
  /** A token's own light; `negative` makes it a darkness source. */
  readonly light?: LightDataLike | null;
}
export interface LightDocLike extends HasId {
  readonly x: number;
  readonly y: number;
  readonly hidden?: boolean;
  readonly config: LightDataLike;
}
export interface TemplateDocLike extends HasId {
  readonly x: number;
  readonly y: number;
}
export interface SceneGridLike {
  readonly size: number;
  readonly distance: number;
  readonly units: string;
  readonly type: number;
  /** The world's `core.gridDiagonals` setting; EQUIDISTANT when absent (our system.json sets no default). */
  readonly diagonals?: number;
}
/** A scene as the harness reads it; collections must iterate their documents (Foundry's Collection does). */
export interface SceneLike {
  readonly id: string;
  readonly grid: SceneGridLike;
  readonly width?: number;
  readonly height?: number;
  readonly padding?: number;
  readonly background?: { readonly offsetX?: number; readonly offsetY?: number };
  readonly walls: Iterable<WallDocLike>;
  readonly tokens: Iterable<TokenDocLike>;
  readonly lights?: Iterable<LightDocLike>;
  readonly templates?: Iterable<TemplateDocLike>;
}

const idOf = (d: HasId): string => d.id ?? d._id ?? "";

/**
 * Writes to walls and scenes since the process began: the harness's documents count each Wall or Scene create,
 * update and delete as it is applied on a client (tests/foundry/documents.ts), and a plain wall document counts its
 * `update`. Each canvas keeps its walls' edges and their spatial index until this moves (or the scene's wall list
 * changes length or ends, or its grid or size changes): v13 keeps `canvas.edges` between the same writes
 * (`Wall#_onCreate`/`_onUpdate`/`_onDelete` → `initializeEdge` → `canvas.edges.set`/`delete`; `CanvasEdges#initialize`
 * when the canvas is drawn).
 */
let canvasWrites = 0;
/** A wall or scene was written: every canvas's cached wall edges are looked at again on the next call. */
export function noteCanvasWrite(): void {
  canvasWrites += 1;
}

/**
 * A plain wall document over a source: the data fields, `id`, `documentName`, `getFlag` and an `update` that
 * changes the source in place (what a test needs to open a door). Real documents from a document layer work too.
 */
export function wallDocument(source: WallSource): PlainWallDocument {
  return new PlainWallDocument(source);
}
/**
 * A class, not an object literal with getters: V8 keeps a literal that spreads the source and adds accessors in
 * dictionary mode, which made every read of a wall's fields ~50× slower than a Foundry document's (issue 34's bench
 * reads them per ray).
 */
class PlainWallDocument {
  readonly documentName = "Wall" as const;
  _id: string | null;
  c: [number, number, number, number];
  light: number;
  move: number;
  sight: number;
  sound: number;
  dir: number;
  door: number;
  ds: number;
  threshold: WallThreshold;
  animation: WallSource["animation"];
  flags: WallSource["flags"];
  constructor(source: WallSource) {
    this._id = source._id;
    this.c = source.c;
    this.light = source.light;
    this.move = source.move;
    this.sight = source.sight;
    this.sound = source.sound;
    this.dir = source.dir;
    this.door = source.door;
    this.ds = source.ds;
    this.threshold = source.threshold;
    this.animation = source.animation;
    this.flags = source.flags;
  }
  get id(): string | null {
    return this._id;
  }
  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Record<string, unknown> | undefined)?.[key];
  }
  async update(changes: Partial<WallSource>) {
    Object.assign(this, changes);
    noteCanvasWrite();
    return this;
  }
}
export type WallDocument = ReturnType<typeof wallDocument>;

/** A plain token document: the fields our code reads, `id` and a scene-relative `uuid`. */
export function tokenDocument(
  data: Partial<Omit<TokenDocLike, "id" | "uuid">> & { x: number; y: number },
  sceneId = "scene000000000001",
) {
  const _id = data._id ?? nextId("t");
  return {
    width: 1,
    height: 1,
    elevation: 0,
    name: _id,
    actor: null as unknown,
    disposition: 0,
    hidden: false,
    movementHistory: [] as readonly unknown[],
    light: null as LightDataLike | null,
    ...data,
    _id,
    get id(): string {
      return this._id;
    },
    uuid: `Scene.${sceneId}.Token.${_id}`,
  };
}

/** A plain ambient light document; `config.negative` makes it a darkness source. */
export function lightDocument(data: Partial<Omit<LightDocLike, "id">> & { x: number; y: number }) {
  const _id = data._id ?? nextId("l");
  return {
    hidden: false,
    config: { negative: false, dim: 0, bright: 0, priority: 0 } as LightDataLike,
    ...data,
    _id,
    get id(): string {
      return this._id;
    },
  };
}

/** A scene over plain arrays (push onto them or edit them between calls: the canvas reads them live; a wall list
 * changed in its middle with no change of length or ends, or a wall edited without its `update`, is seen after the
 * next write, see {@link noteCanvasWrite}). */
export interface PlainScene extends SceneLike {
  grid: SceneGridLike;
  walls: WallDocLike[];
  tokens: TokenDocLike[];
  lights: LightDocLike[];
  templates: TemplateDocLike[];
}

/**
 * A scene with our system's grid (100 px squares of 1 m) unless told otherwise; size and padding default to the
 * v13 Scene schema's (4000 × 3000, padding 0.25).
 */
export function plainScene(
  data: Omit<Partial<PlainScene>, "grid"> & { grid?: Partial<SceneGridLike> } = {},
): PlainScene {
  return {
    ...data,
    id: data.id ?? "scene000000000001",
    grid: { size: 100, distance: 1, units: "m", type: GRID_TYPES.SQUARE, ...data.grid },
    walls: data.walls ?? [],
    tokens: data.tokens ?? [],
    lights: data.lights ?? [],
    templates: data.templates ?? [],
  };
}

// -------------------------------------------------------------------------------------------------------------
// Geometry helpers (own code, same conventions as common/utils/geometry.mjs)
// -------------------------------------------------------------------------------------------------------------

/** Twice the signed area of abc: > 0 when c is "left" of ab in Foundry's convention, < 0 "right", 0 collinear. */
export function orient2d(a: Point, b: Point, c: Point): number {
  return (a.y - c.y) * (b.x - c.x) - (a.x - c.x) * (b.y - c.y);
}

export interface SegmentHit extends Point {
  /** Fraction along the first segment, clamped to [0, 1]. */
  t0: number;
  /** Fraction along the second segment, clamped to [0, 1]. */
  t1: number;
}

/** Where segments ab and cd cross, with a tolerance of `eps` on both fractions; null when parallel or apart. */
export function segmentIntersection(a: Point, b: Point, c: Point, d: Point, eps = 1e-8): SegmentHit | null {
  if ((a.x === b.x && a.y === b.y) || (c.x === d.x && c.y === d.y)) return null;
  const ux = b.x - a.x;
  const uy = b.y - a.y;
  const vx = d.x - c.x;
  const vy = d.y - c.y;
  const den = vy * ux - vx * uy;
  if (den === 0) return null;
  const t0 = (vx * (a.y - c.y) - vy * (a.x - c.x)) / den;
  if (t0 < -eps || t0 > 1 + eps) return null;
  const t1 = (ux * (a.y - c.y) - uy * (a.x - c.x)) / den;
  if (t1 < -eps || t1 > 1 + eps) return null;
  return { x: a.x + t0 * ux, y: a.y + t0 * uy, t0: clamp(t0, 0, 1), t1: clamp(t1, 0, 1) };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function closestOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) throw new Error("Zero-length segment AB not supported");
  const u = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
  if (u < 0) return a;
  if (u > 1) return b;
  return { x: a.x + u * dx, y: a.y + u * dy };
}

function rectsOverlap(r: Rect, s: Rect): boolean {
  return r.x <= s.x + s.width && s.x <= r.x + r.width && r.y <= s.y + s.height && s.y <= r.y + r.height;
}

function rectContains(r: Rect, x: number, y: number): boolean {
  if (r.width <= 0 || r.height <= 0) return false;
  return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
}

/** Vertices in a circle approximation of this radius (`PIXI.Circle.approximateVertexDensity`, ε 1 px). */
export function circleDensity(radius: number): number {
  return Math.ceil(Math.PI / Math.sqrt(2 * (1 / radius)));
}

// -------------------------------------------------------------------------------------------------------------
// Edges and vertices
// -------------------------------------------------------------------------------------------------------------

export interface EdgeOptions {
  id?: string;
  object?: unknown;
  type?: EdgeType;
  direction?: number;
  light?: number;
  move?: number;
  sight?: number;
  sound?: number;
  threshold?: WallThreshold | null;
  priority?: number;
}

/** `foundry.canvas.geometry.edges.Edge` as the collision test uses it. */
export class Edge {
  a: Point;
  b: Point;
  id: string | undefined;
  object: unknown;
  type: EdgeType;
  direction: number;
  light: number;
  move: number;
  sight: number;
  sound: number;
  threshold: WallThreshold | null | undefined;
  priority: number;
  /** The endpoint towards the top-left, and the other one. */
  nw: Point;
  se: Point;
  bounds: Rect;
  intersections: { edge: Edge; intersection: SegmentHit }[] = [];

  constructor(a: Point, b: Point, o: EdgeOptions = {}) {
    this.a = { x: a.x, y: a.y };
    this.b = { x: b.x, y: b.y };
    this.id = o.id ?? (o.object as { id?: string } | undefined)?.id ?? undefined;
    this.object = o.object;
    this.type = o.type || "wall";
    this.direction = o.direction ?? WALL_DIRECTIONS.BOTH;
    this.light = o.light ?? WALL_SENSE_TYPES.NONE;
    this.move = o.move ?? WALL_SENSE_TYPES.NONE;
    this.sight = o.sight ?? WALL_SENSE_TYPES.NONE;
    this.sound = o.sound ?? WALL_SENSE_TYPES.NONE;
    this.threshold = o.threshold;
    this.priority = o.priority ?? 0;
    const bIsSE = b.x === a.x ? b.y > a.y : b.x > a.x;
    this.nw = bIsSE ? this.a : this.b;
    this.se = bIsSE ? this.b : this.a;
    this.bounds = {
      x: Math.min(a.x, b.x),
      y: Math.min(a.y, b.y),
      width: Math.abs(b.x - a.x),
      height: Math.abs(b.y - a.y),
    };
  }

  isLimited(type: RestrictionType): boolean {
    return this[type] === WALL_SENSE_TYPES.LIMITED;
  }

  clone(): Edge {
    const copy = new Edge(this.a, this.b, this);
    copy.intersections = [...this.intersections];
    return copy;
  }

  /** Which side of a→b the point lies on: WALL_DIRECTIONS.LEFT, RIGHT, or BOTH when collinear. */
  orientPoint(point: Point): number {
    const o = orient2d(this.a, this.b, point);
    if (o === 0) return WALL_DIRECTIONS.BOTH;
    return o < 0 ? WALL_DIRECTIONS.LEFT : WALL_DIRECTIONS.RIGHT;
  }

  /**
   * Whether a threshold lets a source of this type ignore the edge: PROXIMITY edges are ignored by sources nearer
   * than the threshold, DISTANCE edges by sources farther than it. Thresholds are in pixels.
   */
  applyThreshold(type: RestrictionType, origin: Point, externalRadius = 0): boolean {
    const d = type === "move" ? null : this.threshold?.[type];
    const t = this[type];
    if (!d || t < WALL_SENSE_TYPES.PROXIMITY) return false;
    const p = closestOnSegment(origin, this.a, this.b);
    const dist = Math.hypot(p.x - origin.x, p.y - origin.y);
    return t === WALL_SENSE_TYPES.PROXIMITY
      ? Math.max(dist - externalRadius, 0) < d
      : dist + externalRadius > d;
  }
}

/** `foundry.canvas.geometry.edges.PolygonVertex` as a collision point. */
export class PolygonVertex {
  static readonly #MAX_TEXTURE_SIZE = 2 ** 16;
  x: number;
  y: number;
  key: number;
  /** Fraction along the tested ray (collision tests set it). */
  _distance: number | undefined;
  edges = new Set<Edge>();
  cwEdges = new Set<Edge>();
  ccwEdges = new Set<Edge>();
  /** The strongest restriction of the attached edges for the polygon's type. */
  restriction = 0;
  isInternal = false;

  constructor(x: number, y: number, { distance, round = true }: { distance?: number; round?: boolean } = {}) {
    const rx = Math.round(x);
    const ry = Math.round(y);
    this.x = round ? rx : x;
    this.y = round ? ry : y;
    this.key = PolygonVertex.getKey(rx, ry);
    this._distance = distance;
  }

  static getKey(x: number, y: number): number {
    return PolygonVertex.#MAX_TEXTURE_SIZE * x + y;
  }

  static fromPoint(p: Point, options?: { distance?: number; round?: boolean }): PolygonVertex {
    return new PolygonVertex(p.x, p.y, options);
  }

  get isLimited(): boolean {
    return this.restriction === WALL_SENSE_TYPES.LIMITED;
  }

  attachEdge(edge: Edge, orientation: number, type: RestrictionType): void {
    this.edges.add(edge);
    this.restriction = Math.max(this.restriction, edge[type]);
    if (orientation <= 0) this.cwEdges.add(edge);
    if (orientation >= 0) this.ccwEdges.add(edge);
  }

  equals(other: PolygonVertex): boolean {
    return this.key === other.key;
  }
}

// -------------------------------------------------------------------------------------------------------------
// Grid
// -------------------------------------------------------------------------------------------------------------

export interface GridOffset {
  i: number;
  j: number;
  k?: number;
}
export interface GridCoords {
  x?: number;
  y?: number;
  elevation?: number;
  i?: number;
  j?: number;
  k?: number;
}
export interface MeasurePathWaypoint extends GridCoords {
  measure?: boolean;
  teleport?: boolean;
  cost?: number;
}
export interface MeasureTotals {
  distance: number;
  cost: number;
  spaces: number;
  diagonals: number;
  euclidean: number;
}
export interface MeasuredWaypoint extends MeasureTotals {
  backward: MeasuredSegment | null;
  forward: MeasuredSegment | null;
}
export interface MeasuredSegment extends MeasureTotals {
  from: MeasuredWaypoint;
  to: MeasuredWaypoint;
}
export interface MeasurePathResult extends MeasureTotals {
  waypoints: MeasuredWaypoint[];
  segments: MeasuredSegment[];
}

const zeros = (): MeasureTotals => ({ distance: 0, cost: 0, spaces: 0, diagonals: 0, euclidean: 0 });

/** `foundry.grid.SquareGrid`: offsets, points and path measurement as a square grid computes them. */
export class SquareGrid {
  readonly type: number = GRID_TYPES.SQUARE;
  readonly size: number;
  readonly sizeX: number;
  readonly sizeY: number;
  readonly distance: number;
  readonly units: string;
  readonly diagonals: number;

  constructor(config: { size: number; distance: number; units?: string; diagonals?: number }) {
    this.size = this.sizeX = this.sizeY = config.size;
    this.distance = config.distance;
    this.units = config.units ?? "";
    this.diagonals = config.diagonals ?? GRID_DIAGONALS.EQUIDISTANT;
  }

  get isSquare(): boolean {
    return true;
  }
  get isGridless(): boolean {
    return false;
  }
  get isHexagonal(): boolean {
    return false;
  }

  #cell(c: GridCoords): GridOffset {
    if (c.i !== undefined)
      return c.k !== undefined ? { i: c.i, j: c.j ?? 0, k: c.k } : { i: c.i, j: c.j ?? 0 };
    const j = Math.floor((c.x ?? 0) / this.size);
    const i = Math.floor((c.y ?? 0) / this.size);
    if (c.elevation === undefined) return { i, j };
    return { i, j, k: Math.floor(c.elevation / this.distance + 1e-8) };
  }

  getOffset(coords: GridCoords): GridOffset {
    return this.#cell(coords);
  }

  getTopLeftPoint(coords: GridCoords): Point & { elevation?: number } {
    const { i, j, k } = this.#cell(coords);
    const p = { x: j * this.size, y: i * this.size };
    return k === undefined ? p : { ...p, elevation: k * this.distance };
  }

  getCenterPoint(coords: GridCoords): Point & { elevation?: number } {
    const { i, j, k } = this.#cell(coords);
    const p = { x: (j + 0.5) * this.size, y: (i + 0.5) * this.size };
    return k === undefined ? p : { ...p, elevation: (k + 0.5) * this.distance };
  }

  calculateDimensions(sceneWidth: number, sceneHeight: number, padding: number) {
    const x = Math.ceil(padding * sceneWidth * (1 / this.size)) * this.size;
    const y = Math.ceil(padding * sceneHeight * (1 / this.size)) * this.size;
    const width = sceneWidth + 2 * x;
    const height = sceneHeight + 2 * y;
    return {
      width,
      height,
      x,
      y,
      rows: Math.ceil(height / this.size - 1e-6),
      columns: Math.ceil(width / this.size - 1e-6),
    };
  }

  /**
   * A shortest direct path through the waypoints, measured in grid units. Waypoints given as points are measured
   * between those points (not between cell centres); moves are counted between their cells. With elevations on
   * the waypoints the path is measured in 3D.
   */
  measurePath(
    waypoints: readonly MeasurePathWaypoint[],
    options: { cost?: unknown } = {},
  ): MeasurePathResult {
    if (typeof options.cost === "function")
      throw new Error("Harness: measurePath cost functions are not modelled");
    const result: MeasurePathResult = { waypoints: [], segments: [], ...zeros() };
    if (waypoints.length === 0) return result;
    let from: MeasuredWaypoint = { backward: null, forward: null, ...zeros() };
    result.waypoints.push(from);
    for (let n = 1; n < waypoints.length; n++) {
      const to: MeasuredWaypoint = { backward: null, forward: null, ...zeros() };
      const segment: MeasuredSegment = { from, to, ...zeros() };
      from.forward = segment;
      to.backward = segment;
      result.waypoints.push(to);
      result.segments.push(segment);
      from = to;
    }
    this.#measureSegments(waypoints, options.cost as number | undefined, result);
    for (let n = 1; n < waypoints.length; n++) {
      const w = result.waypoints[n]!;
      const s = w.backward!;
      for (const k of ["distance", "cost", "spaces", "diagonals", "euclidean"] as const) {
        result[k] += s[k];
        w[k] = result[k];
      }
    }
    return result;
  }

  #measureSegments(
    waypoints: readonly MeasurePathWaypoint[],
    cost: number | undefined,
    result: MeasurePathResult,
  ) {
    const D = GRID_DIAGONALS;
    const point = (w: MeasurePathWaypoint): Point & { elevation?: number } =>
      w.x !== undefined ? { x: w.x, y: w.y ?? 0, elevation: w.elevation } : this.getCenterPoint(w);
    let o0 = this.#cell(waypoints[0]!);
    let p0 = point(waypoints[0]!);
    const is3D = o0.k !== undefined;
    const rule = this.diagonals;
    // Running state of the alternating rules (5/10/5 and 10/5/10): diagonal moves so far, and the fractional
    // sorted deltas so far.
    const start = rule === D.ALTERNATING_2 ? 1 : 0;
    let movesDiag = start * 1.5;
    let accX = start;
    let accY = start;
    let accZ = start;
    let lengthSoFar = start;
    for (let n = 1; n < waypoints.length; n++) {
      const w1 = waypoints[n]!;
      const o1 = this.#cell(w1);
      const p1 = point(w1);
      if (w1.measure !== false) {
        // Cells moved, largest first: n moves of which d diagonal; c = cost of the moves in grid spaces.
        const [di, dj, dk] = sortDesc(
          Math.abs(o0.i - o1.i),
          Math.abs(o0.j - o1.j),
          is3D ? Math.abs((o0.k ?? 0) - (o1.k ?? 0)) : 0,
        );
        let moves = di;
        let diag = dj;
        let c: number;
        const before = movesDiag;
        switch (rule) {
          case D.EXACT:
            c = di + (Math.SQRT2 - 1) * (dj - dk) + (Math.sqrt(3) - 1) * dk;
            break;
          case D.APPROXIMATE:
            c = di + 0.5 * (dj - dk) + 0.75 * dk;
            break;
          case D.RECTILINEAR:
            c = di + dj + dk;
            break;
          case D.ALTERNATING_1:
          case D.ALTERNATING_2:
            movesDiag += dj + 0.5 * dk;
            c = di + (Math.floor(movesDiag / 2) - Math.floor(before / 2));
            break;
          case D.ILLEGAL:
            moves = di + dj + dk;
            diag = 0;
            c = moves;
            break;
          default:
            c = di;
        }
        // The segment's length in grid spaces, from its points, largest delta first.
        const [dx, dy, dz] = sortDesc(
          Math.abs(p0.x - p1.x) / this.size,
          Math.abs(p0.y - p1.y) / this.size,
          is3D ? Math.abs((p0.elevation ?? 0) - (p1.elevation ?? 0)) / this.distance : 0,
        );
        let l: number;
        switch (rule) {
          case D.EXACT:
            l = dx + (Math.SQRT2 - 1) * (dy - dz) + (Math.sqrt(3) - 1) * dz;
            break;
          case D.APPROXIMATE:
            l = dx + 0.5 * (dy - dz) + 0.75 * dz;
            break;
          case D.RECTILINEAR:
          case D.ILLEGAL:
            l = dx + dy + dz;
            break;
          case D.ALTERNATING_1:
          case D.ALTERNATING_2: {
            accX += dx;
            accY += dy;
            accZ += dz;
            const total = alternatingLength(accX, accY, accZ);
            l = total - lengthSoFar;
            lengthSoFar = total;
            break;
          }
          default:
            l = dx;
        }
        if (Math.abs(l - c) < 1e-8) l = c;
        const seg = result.waypoints[n]!.backward!;
        seg.distance = l * this.distance;
        const explicit = w1.cost ?? cost;
        seg.cost =
          explicit === undefined || c === 0 ? (w1.teleport ? 0 : c * this.distance) : Number(explicit);
        seg.spaces = moves;
        seg.diagonals = diag;
        const ez = is3D ? (((p0.elevation ?? 0) - (p1.elevation ?? 0)) / this.distance) * this.size : 0;
        seg.euclidean = (Math.hypot(p0.x - p1.x, p0.y - p1.y, ez) / this.size) * this.distance;
      }
      o0 = o1;
      p0 = p1;
    }
  }
}

function sortDesc(a: number, b: number, c: number): [number, number, number] {
  const s = [a, b, c].sort((u, v) => v - u);
  return [s[0]!, s[1]!, s[2]!];
}

/**
 * Length of a path with these accumulated sorted deltas under the alternating diagonal rule: every second
 * diagonal costs double; between whole spaces the length is interpolated.
 */
function alternatingLength(x: number, y: number, z: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const fz = Math.floor(z);
  const a = fx + 0.5 * fy + 0.25 * fz;
  const mx = x - fx;
  const my = y - fy;
  const mz = z - fz;
  return (
    Math.floor(a) * (1 - mx) +
    Math.floor(a + 1) * (mx - my) +
    Math.floor(a + 1.5) * (my - mz) +
    Math.floor(a + 1.75) * mz
  );
}

// -------------------------------------------------------------------------------------------------------------
// Placeables
// -------------------------------------------------------------------------------------------------------------

/** `foundry.canvas.placeables.Wall`: the document and the edge core builds from it. */
export class Wall {
  constructor(
    readonly document: WallDocLike,
    private readonly canvas: FoundryCanvas,
  ) {}
  get id(): string {
    return idOf(this.document);
  }
  get coords(): readonly number[] {
    return this.document.c;
  }
  get isDoor(): boolean {
    return this.document.door > WALL_DOOR_TYPES.NONE;
  }
  get isOpen(): boolean {
    return this.isDoor && this.document.ds === WALL_DOOR_STATES.OPEN;
  }
  /** Angle of a one-way wall's direction of effect, or null. */
  get direction(): number | null {
    const d = this.document.dir;
    if (!d) return null;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = this.document.c;
    const angle = Math.atan2(y1 - y0, x1 - x0);
    return d === WALL_DIRECTIONS.LEFT ? angle + Math.PI / 2 : angle - Math.PI / 2;
  }
  get center(): Point {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = this.document.c;
    return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  }
  /**
   * The wall's edge as of now: core re-creates it on every change of the wall (`initializeEdge`); the harness
   * re-creates it when any field it is built from differs from the last build (the document is read live, so a
   * door opened or a wall moved by hand is seen by the next ray), and hands back the same Edge otherwise, as core's
   * `Wall#edge` does between changes. An open door's edge restricts nothing.
   */
  get edge(): Edge {
    const d = this.document;
    const t = d.threshold;
    const g = this.canvas.scene.grid;
    const k = this.#key;
    const c = d.c;
    if (
      k &&
      k.c0 === c[0] &&
      k.c1 === c[1] &&
      k.c2 === c[2] &&
      k.c3 === c[3] &&
      k.light === d.light &&
      k.sight === d.sight &&
      k.sound === d.sound &&
      k.move === d.move &&
      k.dir === d.dir &&
      k.door === d.door &&
      k.ds === d.ds &&
      k.tl === t?.light &&
      k.ts === t?.sight &&
      k.tn === t?.sound &&
      k.ta === t?.attenuation &&
      k.size === g.size &&
      k.distance === g.distance &&
      k.id === d.id
    )
      return k.edge;
    const edge = this.#createEdge();
    this.#key = {
      c0: c[0],
      c1: c[1],
      c2: c[2],
      c3: c[3],
      light: d.light,
      sight: d.sight,
      sound: d.sound,
      move: d.move,
      dir: d.dir,
      door: d.door,
      ds: d.ds,
      tl: t?.light,
      ts: t?.sight,
      tn: t?.sound,
      ta: t?.attenuation,
      size: g.size,
      distance: g.distance,
      id: d.id,
      edge,
    };
    return edge;
  }
  /** The fields the last edge was built from, and that edge. */
  #key: (Record<string, unknown> & { edge: Edge }) | null = null;

  #createEdge(): Edge {
    const d = this.document;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = d.c;
    const open = this.isOpen;
    const none = WALL_SENSE_TYPES.NONE;
    const dpx = this.canvas.dimensions.distancePixels;
    const t = d.threshold ?? {};
    return new Edge(
      { x: x0, y: y0 },
      { x: x1, y: y1 },
      {
        id: `wall.${this.id}`,
        object: this,
        type: "wall",
        direction: d.dir ?? WALL_DIRECTIONS.BOTH,
        light: open ? none : d.light,
        sight: open ? none : d.sight,
        sound: open ? none : d.sound,
        move: open ? none : d.move,
        threshold: {
          light: (t.light ?? 0) * dpx,
          sight: (t.sight ?? 0) * dpx,
          sound: (t.sound ?? 0) * dpx,
          attenuation: !!t.attenuation,
        },
      },
    );
  }
}

/** `foundry.canvas.placeables.Token` as our code reads it. */
export class Token {
  constructor(
    readonly document: TokenDocLike,
    private readonly canvas: FoundryCanvas,
  ) {}
  get id(): string {
    return idOf(this.document);
  }
  get name(): string | null {
    return this.document.name ?? null;
  }
  get actor(): unknown {
    return this.document.actor ?? null;
  }
  get x(): number {
    return this.document.x;
  }
  get y(): number {
    return this.document.y;
  }
  /** Width and height in pixels (`document.getSize()` on a square grid). */
  get w(): number {
    return (this.document.width ?? 1) * this.canvas.grid.sizeX;
  }
  get h(): number {
    return (this.document.height ?? 1) * this.canvas.grid.sizeY;
  }
  get bounds(): Rect {
    return { x: this.x, y: this.y, width: this.w, height: this.h };
  }
  /** The centre, without elevation (core returns a PIXI.Point). */
  get center(): Point {
    return this.getCenterPoint();
  }
  getCenterPoint(position?: Point): Point {
    const p = position ?? this.document;
    return { x: p.x + this.w / 2, y: p.y + this.h / 2 };
  }
  get sourceId(): string {
    return `Token.${this.id}`;
  }
  /**
   * `Token#isVisible` (client/canvas/placeables/token.mjs): a hidden token is seen by GM users only; then core asks
   * token vision (`canvas.visibility.tokenVision`, controlled tokens, `testVisibility` against the sight polygons),
   * which the harness does not model: every token that is not hidden is visible, as on a scene without token vision.
   */
  get isVisible(): boolean {
    const doc = this.document as TokenDocLike & { hidden?: boolean };
    return !doc.hidden || !!(globalThis as { game?: { user?: { isGM?: boolean } } }).game?.user?.isGM;
  }
  /** `Token#visible`: the display object's flag, which `_refreshVisibility` keeps at `isVisible`. */
  get visible(): boolean {
    return this.isVisible;
  }
  /** Is this token controlled by the current user? */
  get controlled(): boolean {
    return this.canvas.tokens.controlled.includes(this);
  }
  /**
   * `PlaceableObject#control` (client/canvas/placeables/placeable.mjs): a user controls what they may control —
   * a GM anything, a player the tokens they own; `releaseOthers` first releases every other controlled token.
   */
  control({ releaseOthers = true }: { releaseOthers?: boolean } = {}): boolean {
    const user = (globalThis as { game?: { user?: { isGM?: boolean } } }).game?.user;
    const owner = !!(this.document as { isOwner?: boolean }).isOwner;
    if (!user?.isGM && !owner) return false;
    const list = this.canvas.tokens.controlled;
    if (releaseOthers) list.length = 0;
    if (!list.includes(this)) list.push(this);
    return true;
  }
  release(): boolean {
    const list = this.canvas.tokens.controlled;
    const i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
    return true;
  }
}

/** `foundry.canvas.placeables.AmbientLight`: a darkness source when `config.negative`. */
export class AmbientLight {
  constructor(readonly document: LightDocLike) {}
  get id(): string {
    return idOf(this.document);
  }
  get center(): Point {
    return { x: this.document.x, y: this.document.y };
  }
  get sourceId(): string {
    return `AmbientLight.${this.id}`;
  }
}

export class MeasuredTemplate {
  constructor(readonly document: TemplateDocLike) {}
  get id(): string {
    return idOf(this.document);
  }
}

// -------------------------------------------------------------------------------------------------------------
// Collision backend
// -------------------------------------------------------------------------------------------------------------

export interface EdgeTypeConfig {
  mode: 0 | 1 | 2;
  priority: number;
}
export interface CollisionConfig {
  type: RestrictionType;
  mode?: "any" | "all" | "closest";
  source?: { elevation?: number } | null;
  priority?: number;
  useThreshold?: boolean;
  wallDirectionMode?: number;
  externalRadius?: number;
  edgeOptions?: Partial<Record<EdgeType, boolean>>;
  edgeTypes?: Partial<Record<EdgeType, EdgeTypeConfig>>;
  debug?: boolean;
}
export type CollisionResult = boolean | PolygonVertex | PolygonVertex[] | null;

export interface SweepPolygonClass {
  testCollision(origin: Point, destination: Point, config: CollisionConfig): CollisionResult;
  readonly WALL_DIRECTION_MODES: typeof WALL_DIRECTION_MODES;
  new (): SweepPolygon;
}
export interface SweepPolygon {
  origin: Point & { elevation: number };
  config: Required<Pick<CollisionConfig, "type" | "priority" | "useThreshold" | "wallDirectionMode">> &
    CollisionConfig & { edgeTypes: Partial<Record<EdgeType, EdgeTypeConfig>>; boundingBox: Rect };
  edges: Set<Edge>;
  initialize(origin: Point, config: CollisionConfig): void;
  _determineEdgeTypes(
    type: string,
    priority: number,
    config?: CollisionConfig,
  ): Record<string, EdgeTypeConfig>;
  _testEdgeInclusion(edge: Edge, edgeTypes: Partial<Record<EdgeType, EdgeTypeConfig>>): boolean;
  _testCollision(ray: { A: Point; B: Point }, mode: "any" | "all" | "closest"): CollisionResult;
}

/** A `ClockwiseSweepPolygon` class bound to one canvas (each client's canvas gets its own). */
function sweepPolygonClass(canvas: FoundryCanvas): SweepPolygonClass {
  class ClockwiseSweepPolygon implements SweepPolygon {
    static readonly WALL_DIRECTION_MODES = WALL_DIRECTION_MODES;
    origin = { x: 0, y: 0, elevation: 0 };
    config = {} as SweepPolygon["config"];
    edges = new Set<Edge>();
    #useInnerBounds = false;

    static create(): never {
      throw new Error("Harness: ClockwiseSweepPolygon.create (polygon computation) is not modelled");
    }

    static testCollision(origin: Point, destination: Point, config: CollisionConfig): CollisionResult {
      const { mode = "all", ...rest } = config;
      if (!(WALL_RESTRICTION_TYPES as readonly string[]).includes(rest.type)) {
        throw new Error("A valid wall restriction type is required for testCollision.");
      }
      const A = { x: Math.round(origin.x), y: Math.round(origin.y) };
      const B = { x: Math.round(destination.x), y: Math.round(destination.y) };
      const poly = new ClockwiseSweepPolygon();
      poly.initialize(origin, { ...rest });
      // The ray's bounds are a boundary shape: only edges near the ray are candidates.
      const rayBounds = {
        x: Math.min(A.x, B.x),
        y: Math.min(A.y, B.y),
        width: Math.abs(B.x - A.x),
        height: Math.abs(B.y - A.y),
      };
      poly.config.boundingBox = boundingBox(poly.#sceneBounds(), rayBounds);
      return poly._testCollision({ A, B }, mode);
    }

    #sceneBounds(): Rect {
      const d = canvas.dimensions;
      return this.#useInnerBounds ? d.sceneRect : d.rect;
    }

    initialize(origin: Point, config: CollisionConfig): void {
      this.origin = {
        x: Math.round(origin.x),
        y: Math.round(origin.y),
        elevation: (origin as { elevation?: number }).elevation ?? config.source?.elevation ?? 0,
      };
      const priority = config.priority ?? 0;
      if (typeof priority !== "number" || Number.isNaN(priority))
        throw new Error("config.priority must be a number.");
      const edgeTypes = config.edgeTypes ?? this._determineEdgeTypes(config.type, priority, config);
      this.config = {
        ...config,
        priority,
        edgeTypes,
        wallDirectionMode: config.wallDirectionMode ?? WALL_DIRECTION_MODES.NORMAL,
        useThreshold: config.useThreshold ?? false,
        boundingBox: canvas.dimensions.rect,
      };
      this.#useInnerBounds = edgeTypes.innerBounds?.mode === 2;
    }

    _determineEdgeTypes(type: string, priority: number, config: CollisionConfig = { type: "sight" }) {
      const options = config.edgeOptions ?? {};
      const types: Record<string, EdgeTypeConfig> = {};
      const add = (name: EdgeType, mode: 0 | 1 | 2, p = priority) => {
        if (options[name] === false) return;
        types[name] = { mode, priority: p };
      };
      add("wall", 1, Number.NEGATIVE_INFINITY);
      let bounds: EdgeType | null = options.outerBounds === false ? null : "outerBounds";
      if (type === "sight") {
        const inScene = rectContains(canvas.dimensions.sceneRect, this.origin.x, this.origin.y);
        if (inScene && options.innerBounds !== false) bounds = "innerBounds";
        add("darkness", 1);
      } else if (type === "light") add("darkness", 1);
      else if (type === "darkness") add("light", 1, priority + 1);
      if (bounds) types[bounds] = { mode: 2, priority: Number.NEGATIVE_INFINITY };
      return types;
    }

    _testEdgeInclusion(edge: Edge, edgeTypes: Partial<Record<EdgeType, EdgeTypeConfig>>): boolean {
      const { type, useThreshold, wallDirectionMode, externalRadius } = this.config;
      const et = edgeTypes[edge.type];
      if (!et?.mode) return false;
      if (et.mode === 2) return true;
      if (edge.priority < et.priority) return false;
      if (edge[type] === WALL_SENSE_TYPES.NONE) return false;
      const side = edge.orientPoint(this.origin);
      if (!side) return false;
      if (edge.direction && wallDirectionMode !== WALL_DIRECTION_MODES.BOTH) {
        const facingAway = side === edge.direction;
        if ((wallDirectionMode === WALL_DIRECTION_MODES.NORMAL) === facingAway) return false;
      }
      if (useThreshold) return !edge.applyThreshold(type, this.origin, externalRadius);
      return true;
    }

    /**
     * `_identifyEdges`: `canvas.edges.getEdges(boundingBox, {collisionTest: _testEdgeInclusion})`. Core asks its
     * quadtree for the edges whose bounds meet the box; the harness asks the canvas's cached grid of wall edges
     * (the same edges, in `canvas.edges` order), then the darkness edges, then adds one set of bounds.
     */
    #identifyEdges(): void {
      const box = this.config.boundingBox;
      const found: Edge[] = [];
      for (const edge of canvas.wallEdges().within(box)) {
        if (this._testEdgeInclusion(edge, this.config.edgeTypes)) found.push(edge);
      }
      for (const edge of canvas.darknessEdges()) {
        if (!rectsOverlap(edge.bounds, box)) continue;
        if (this._testEdgeInclusion(edge, this.config.edgeTypes)) found.push(edge);
      }
      // `CanvasEdges#getEdges` adds one set of canvas bounds without testing them.
      found.push(...canvas.boundsEdges(this.#useInnerBounds ? "inner" : "outer"));
      this.edges = new Set(found.map((e) => e.clone()));
    }

    _testCollision(ray: { A: Point; B: Point }, mode: "any" | "all" | "closest"): CollisionResult {
      const type = this.config.type;
      this.#identifyEdges();
      const byKey = new Map<number, PolygonVertex>();
      for (const edge of this.edges) {
        const x = segmentIntersection(this.origin, ray.B, edge.a, edge.b);
        if (!x || x.t0 <= 0) continue;
        if (mode === "any" && (!edge.isLimited(type) || byKey.size)) return true;
        let v = PolygonVertex.fromPoint(x, { distance: x.t0 });
        const known = byKey.get(v.key);
        if (known) v = known;
        else byKey.set(v.key, v);
        v.attachEdge(edge, 0, type);
      }
      if (mode === "any") return false;
      const hits = [...byKey.values()].sort((p, q) => (p._distance ?? 0) - (q._distance ?? 0));
      // Core: a first collision that is only limited does not block, so it is dropped from the result.
      if (hits[0]?.isLimited) hits.shift();
      return mode === "all" ? hits : (hits[0] ?? null);
    }
  }
  return ClockwiseSweepPolygon;
}

/** The ray bounds ∩ the scene bounds, normalised, rounded outwards and padded by a pixel. */
function boundingBox(scene: Rect, ray: Rect): Rect {
  const x0 = Math.max(scene.x, ray.x);
  const y0 = Math.max(scene.y, ray.y);
  const x1 = Math.max(x0, Math.min(scene.x + scene.width, ray.x + ray.width));
  const y1 = Math.max(y0, Math.min(scene.y + scene.height, ray.y + ray.height));
  const x = Math.floor(x0);
  const y = Math.floor(y0);
  return { x: x - 1, y: y - 1, width: Math.ceil(x1) - x + 2, height: Math.ceil(y1) - y + 2 };
}

/**
 * The walls' edges of one canvas filed in a uniform grid of square cells over the canvas rectangle (an edge in every
 * cell its bounds meet; edges past the rectangle in the border cells), standing for core's `CanvasQuadtree` in
 * `CanvasEdges` (client/canvas/geometry/edges/edges.mjs: `set` inserts each edge by its bounds, `getEdges(rect)`
 * returns those whose bounds meet the rect). `within` gives what the old filter over every edge gave: the edges
 * whose bounds meet the box, in their order in `canvas.edges`.
 */
export class EdgeGrid {
  readonly #cell: number;
  readonly #cols: number;
  readonly #rows: number;
  readonly #x0: number;
  readonly #y0: number;
  readonly #cells: number[][];
  readonly #stamp: Uint32Array;
  #tick = 0;

  constructor(
    readonly edges: readonly Edge[],
    rect: Rect,
  ) {
    const area = Math.max(1, rect.width * rect.height);
    // About four edges a cell, cells of 256 to 4,096 px.
    this.#cell = Math.min(4096, Math.max(256, 2 * Math.sqrt(area / Math.max(1, edges.length))));
    this.#x0 = rect.x;
    this.#y0 = rect.y;
    this.#cols = Math.max(1, Math.ceil(rect.width / this.#cell));
    this.#rows = Math.max(1, Math.ceil(rect.height / this.#cell));
    this.#cells = Array.from({ length: this.#cols * this.#rows }, () => []);
    this.#stamp = new Uint32Array(edges.length);
    edges.forEach((e, i) => {
      const b = e.bounds;
      this.#visit(b, (cell) => cell.push(i));
    });
  }

  #visit(b: Rect, f: (cell: number[]) => void): void {
    const c0 = this.#col(b.x);
    const c1 = this.#col(b.x + b.width);
    const r0 = this.#row(b.y);
    const r1 = this.#row(b.y + b.height);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) f(this.#cells[r * this.#cols + c]!);
  }
  #col(x: number): number {
    return clamp(Math.floor((x - this.#x0) / this.#cell), 0, this.#cols - 1);
  }
  #row(y: number): number {
    return clamp(Math.floor((y - this.#y0) / this.#cell), 0, this.#rows - 1);
  }

  /** The edges whose bounds meet the box, in their order in the list. */
  within(box: Rect): Edge[] {
    if (this.#tick === 0xffffffff) {
      this.#stamp.fill(0);
      this.#tick = 0;
    }
    const tick = ++this.#tick;
    const stamp = this.#stamp;
    const edges = this.edges;
    const hit: number[] = [];
    this.#visit(box, (cell) => {
      for (const i of cell) {
        if (stamp[i] === tick) continue;
        stamp[i] = tick;
        if (rectsOverlap(edges[i]!.bounds, box)) hit.push(i);
      }
    });
    hit.sort((a, b) => a - b);
    return hit.map((i) => edges[i]!);
  }
}

// -------------------------------------------------------------------------------------------------------------
// The canvas
// -------------------------------------------------------------------------------------------------------------

export interface SceneDimensions {
  width: number;
  height: number;
  size: number;
  rect: Rect;
  sceneX: number;
  sceneY: number;
  sceneWidth: number;
  sceneHeight: number;
  sceneRect: Rect;
  distance: number;
  distancePixels: number;
  ratio: number;
  maxR: number;
  rows: number;
  columns: number;
}

interface Layer<T> {
  readonly placeables: T[];
  get(id: string): T | undefined;
}

/** Scene defaults of the v13 Scene schema, used when the scene data gives none. */
const SCENE_DEFAULTS = { width: 4000, height: 3000, padding: 0.25 } as const;

/**
 * The `canvas` global for one client viewing one scene. Every getter reads the scene's documents as they are now.
 */
export class FoundryCanvas {
  readonly ready = true;
  /** Every `animatePan` call (client/canvas/board.mjs `Canvas#animatePan`), for scenarios to read. */
  readonly pans: { x: number; y: number; scale?: number }[] = [];
  readonly polygonBackends: Record<"sight" | "light" | "sound" | "move" | "darkness", SweepPolygonClass>;
  readonly walls: Layer<Wall> & { readonly doors: Wall[] };
  readonly tokens: Layer<Token> & { readonly controlled: Token[] };
  readonly lighting: Layer<AmbientLight>;
  readonly templates: Layer<MeasuredTemplate>;
  #walls = new WeakMap<object, Wall>();
  #tokens = new WeakMap<object, Token>();
  #lights = new WeakMap<object, AmbientLight>();
  #templates = new WeakMap<object, MeasuredTemplate>();
  #grid: { key: string; grid: SquareGrid } | null = null;

  constructor(readonly scene: SceneLike) {
    if (scene.grid.type === GRID_TYPES.GRIDLESS) {
      throw new Error(
        `Harness: only square grids are modelled, and hexagonal ones by orientation (scene ${scene.id} has grid type ${scene.grid.type})`,
      );
    }
    const Sweep = sweepPolygonClass(this);
    this.polygonBackends = { sight: Sweep, light: Sweep, sound: Sweep, move: Sweep, darkness: Sweep };
    const layer = <D extends object, P extends { id: string }>(
      docs: () => Iterable<D> | undefined,
      cache: WeakMap<object, P>,
      make: (d: D) => P,
    ): Layer<P> => ({
      get placeables() {
        const out: P[] = [];
        for (const d of docs() ?? []) {
          const p = cache.get(d) ?? make(d);
          cache.set(d, p);
          out.push(p);
        }
        return out;
      },
      get(id: string) {
        return this.placeables.find((p) => p.id === id);
      },
    });
    const walls = layer(
      () => this.scene.walls,
      this.#walls,
      (d) => new Wall(d, this),
    );
    this.walls = Object.defineProperty(walls, "doors", {
      get: () => walls.placeables.filter((w) => w.isDoor),
    }) as Layer<Wall> & { doors: Wall[] };
    this.tokens = Object.assign(
      layer(
        () => this.scene.tokens,
        this.#tokens,
        (d) => new Token(d, this),
      ),
      { controlled: [] as Token[] },
    );
    this.lighting = layer(
      () => this.scene.lights,
      this.#lights,
      (d) => new AmbientLight(d),
    );
    this.templates = layer(
      () => this.scene.templates,
      this.#templates,
      (d) => new MeasuredTemplate(d),
    );
  }

  /** `canvas.grid`: the scene's square grid, or a hex scene's orientation over it (re-made when its data changes). */
  get grid(): SquareGrid {
    const g = this.scene.grid;
    const key = `${g.type}/${g.size}/${g.distance}/${g.units}/${g.diagonals ?? ""}`;
    if (this.#grid?.key !== key) {
      const config = { size: g.size, distance: g.distance, units: g.units, diagonals: g.diagonals };
      this.#grid = {
        key,
        grid:
          g.type === GRID_TYPES.SQUARE ? new SquareGrid(config) : new HexOrientedSquareGrid(g.type, config),
      };
    }
    return this.#grid.grid;
  }

  /** `canvas.dimensions` (`Scene#getDimensions`). */
  get dimensions(): SceneDimensions {
    const s = this.scene;
    const grid = this.grid;
    const sceneWidth = s.width ?? SCENE_DEFAULTS.width;
    const sceneHeight = s.height ?? SCENE_DEFAULTS.height;
    const d = grid.calculateDimensions(sceneWidth, sceneHeight, s.padding ?? SCENE_DEFAULTS.padding);
    const sceneX = d.x - (s.background?.offsetX ?? 0);
    const sceneY = d.y - (s.background?.offsetY ?? 0);
    return {
      width: d.width,
      height: d.height,
      size: grid.size,
      rect: { x: 0, y: 0, width: d.width, height: d.height },
      sceneX,
      sceneY,
      sceneWidth,
      sceneHeight,
      sceneRect: { x: sceneX, y: sceneY, width: sceneWidth, height: sceneHeight },
      distance: grid.distance,
      distancePixels: grid.size / grid.distance,
      ratio: sceneWidth / sceneHeight,
      maxR: Math.hypot(d.width, d.height),
      rows: d.rows,
      columns: d.columns,
    };
  }

  /**
   * `canvas.edges` as of now: one edge per wall (`wall.<id>`), the darkness sources' edges, and the canvas bounds
   * (`outerBounds.top` …, and `innerBounds.*` when the scene has padding).
   */
  get edges(): Map<string, Edge> {
    const list: Edge[] = [...this.wallEdges().edges];
    for (const e of this.darknessEdges()) list.push(e);
    for (const e of this.boundsEdges("outer")) list.push(e);
    for (const e of this.boundsEdges("inner")) list.push(e);
    // The same edges as the last call (every wall unchanged, no darkness moved): the same map, as core keeps one.
    const last = this.#edgeList;
    if (this.#edgeMap && last.length === list.length && list.every((e, i) => last[i] === e))
      return this.#edgeMap;
    const map = new Map<string, Edge>();
    for (const e of list) map.set(e.id!, e);
    this.#edgeList = list;
    this.#edgeMap = map;
    return map;
  }
  #edgeList: Edge[] = [];
  #edgeMap: Map<string, Edge> | null = null;

  /** The four edges of the canvas rectangle, or of the scene rectangle (the same edges when there is no padding). */
  boundsEdges(which: "inner" | "outer"): Edge[] {
    const d = this.dimensions;
    const noPadding = d.rect.x === d.sceneRect.x && d.rect.y === d.sceneRect.y;
    const type = which === "inner" && !noPadding ? "innerBounds" : "outerBounds";
    const r = type === "innerBounds" ? d.sceneRect : d.rect;
    const key = `${type}/${r.x}/${r.y}/${r.width}/${r.height}`;
    const known = this.#bounds.get(key);
    if (known) return known;
    const right = r.x + r.width;
    const bottom = r.y + r.height;
    const edge = (side: string, a: Point, b: Point) => new Edge(a, b, { id: `${type}.${side}`, type });
    const edges = [
      edge("top", { x: r.x, y: r.y }, { x: right, y: r.y }),
      edge("right", { x: right, y: r.y }, { x: right, y: bottom }),
      edge("bottom", { x: right, y: bottom }, { x: r.x, y: bottom }),
      edge("left", { x: r.x, y: bottom }, { x: r.x, y: r.y }),
    ];
    this.#bounds.set(key, edges);
    return edges;
  }
  #bounds = new Map<string, Edge[]>();

  /**
   * The walls' edges (`Wall#edge`, in `canvas.walls` order) and their grid, kept until a wall or scene is written
   * ({@link noteCanvasWrite}), the scene's wall list changes its length or its ends, or the grid or the scene's size
   * changes — as v13 keeps `canvas.edges` between wall writes (`Wall#initializeEdge` from `_onCreate`, `_onUpdate`
   * on a change of `c`, a restriction type, `dir`, `threshold`, `door` or `ds`, and `_onDelete`; `CanvasEdges#
   * initialize` when the canvas is drawn: client/canvas/placeables/wall.mjs, client/canvas/geometry/edges/edges.mjs).
   * A plain wall document edited field by field, without its `update`, is seen after the next write or redraw.
   */
  wallEdges(): EdgeGrid {
    const s = this.scene;
    const docs = s.walls as Iterable<WallDocLike> & { length?: number; size?: number };
    const list = Array.isArray(docs) ? (docs as WallDocLike[]) : null;
    const count = list ? list.length : (docs.size ?? -1);
    const key = [
      canvasWrites,
      docs,
      count,
      list?.[0],
      list?.[count - 1],
      s.grid.size,
      s.grid.distance,
      s.width,
      s.height,
      s.padding,
    ];
    const known = this.#wallGrid;
    if (count >= 0 && known && known.key.every((k, i) => k === key[i])) return known.grid;
    const grid = new EdgeGrid(
      this.walls.placeables.map((w) => w.edge),
      this.dimensions.rect,
    );
    this.#wallGrid = { key, grid };
    return grid;
  }
  #wallGrid: { key: unknown[]; grid: EdgeGrid } | null = null;

  /** Darkness sources: lights with `config.negative` and tokens whose light is negative, not hidden, radius > 0. */
  darknessEdges(): Edge[] {
    const out: Edge[] = [];
    const dpx = this.dimensions.distancePixels;
    const emit = (object: AmbientLight | Token, centre: Point, light: LightDataLike, sourceId: string) => {
      const radius = Math.max(light.dim ?? 0, light.bright ?? 0) * dpx;
      if (!light.negative || !(radius > 0)) return;
      const n = circleDensity(radius);
      // Clockwise on screen from due west, as the sweep orders its points: the inside is on each edge's LEFT.
      const pts: Point[] = [];
      for (let k = 0; k < n; k++) {
        const angle = Math.PI + (2 * Math.PI * k) / n;
        pts.push({ x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) });
      }
      for (let k = 0; k < n; k++) {
        out.push(
          new Edge(pts[k]!, pts[(k + 1) % n]!, {
            type: "darkness",
            id: `darkness.${sourceId}.${k + 1}`,
            object,
            direction: WALL_DIRECTIONS.LEFT,
            light: WALL_SENSE_TYPES.NORMAL,
            sight: WALL_SENSE_TYPES.NORMAL,
            priority: light.priority ?? 0,
          }),
        );
      }
    };
    for (const l of this.lighting.placeables) {
      if (l.document.hidden) continue;
      emit(l, l.center, l.document.config, l.sourceId);
    }
    for (const t of this.tokens.placeables) {
      if (t.document.hidden || !t.document.light) continue;
      emit(t, t.center, t.document.light, t.sourceId);
    }
    return out;
  }

  /** `Canvas#animatePan`: recorded; the view is not modelled. */
  async animatePan(view: { x: number; y: number; scale?: number }): Promise<boolean> {
    this.pans.push({ ...view });
    return true;
  }
}

/** A canvas for a scene. The scene's collections are read live at every call. */
export function createCanvas(scene: SceneLike): FoundryCanvas {
  return new FoundryCanvas(scene);
}

/**
 * Makes `canvas` the client's canvas on a globals object: sets `target.canvas`, and
 * `target.CONFIG.Canvas.polygonBackends` (keeping whatever else CONFIG holds). When `target.foundry` exists, also
 * `foundry.canvas.geometry.edges.{Edge, PolygonVertex}` and `foundry.canvas.geometry.ClockwiseSweepPolygon`.
 */
export function installCanvas(target: Record<string, unknown>, canvas: FoundryCanvas): void {
  const child = (parent: Record<string, unknown>, key: string): Record<string, unknown> => {
    const value = parent[key];
    if (value && typeof value === "object") return value as Record<string, unknown>;
    const made: Record<string, unknown> = {};
    parent[key] = made;
    return made;
  };
  target.canvas = canvas;
  child(child(target, "CONFIG"), "Canvas").polygonBackends = { ...canvas.polygonBackends };
  if (target.foundry && typeof target.foundry === "object") {
    const geometry = child(child(child(target, "foundry"), "canvas"), "geometry");
    geometry.ClockwiseSweepPolygon = canvas.polygonBackends.sight;
    Object.assign(child(geometry, "edges"), { Edge, PolygonVertex });
  }
}

/**
 * A hexagonal scene's `canvas.grid` in the harness (see the header): v13 `HexagonalGrid`'s orientation fields over
 * the square lattice's cells and measurement.
 */
export class HexOrientedSquareGrid extends SquareGrid {
  override readonly type: number;
  /** v13 `HexagonalGrid#columns`: column-based (flat-topped), HEXODDQ or HEXEVENQ. */
  readonly columns: boolean;
  /** v13 `HexagonalGrid#even`: HEXEVENR or HEXEVENQ. */
  readonly even: boolean;

  constructor(type: number, config: ConstructorParameters<typeof SquareGrid>[0]) {
    super(config);
    this.type = type;
    this.columns = type === GRID_TYPES.HEXODDQ || type === GRID_TYPES.HEXEVENQ;
    this.even = type === GRID_TYPES.HEXEVENR || type === GRID_TYPES.HEXEVENQ;
  }

  override get isSquare(): boolean {
    return false;
  }
  override get isHexagonal(): boolean {
    return true;
  }
}
