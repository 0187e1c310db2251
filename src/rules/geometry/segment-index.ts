/**
 * A spatial index of segments (walls) in a uniform grid of square cells, kept current one segment at a time:
 * `set` files a segment (or re-files it under the same id), `delete` takes it out. Queries visit each segment whose
 * cells they touch exactly once; the caller then decides on exact geometry, so the index only has to return a
 * superset of what can cross (every query is conservative: cells are padded by {@link PAD} on every side).
 *
 * Used by the Foundry ray caster (`src/canvas/foundry-caster.ts`, through `src/canvas/wall-index.ts`), built once
 * per scene and updated by the wall hooks, so a ray visits the walls near it instead of every wall on the canvas.
 * Pure: no Foundry, no clock, no randomness.
 */
import type { Point } from "./range.js";

/** Padding (in the points' units) that keeps a segment ending exactly on a cell line filed on both sides of it. */
const PAD = 1e-6;
/** A segment whose bounding box covers more cells than this is kept apart and visited by every query. */
const MAX_CELLS = 4096;
/** Cell coordinates fold into one number key; beyond ±2^20 cells keys may collide, which only adds candidates. */
const SPAN = 2 ** 21;

interface Entry<T> {
  readonly id: string;
  readonly a: Point;
  readonly b: Point;
  readonly value: T;
  readonly keys: readonly number[];
  /** The query that last visited this entry (dedupes a segment filed in several cells). */
  seen: number;
}

export interface IndexedSegment<T> {
  readonly id: string;
  /** The segment's ends as filed. */
  readonly a: Point;
  readonly b: Point;
  readonly value: T;
}

export class SegmentIndex<T> {
  readonly #cell: number;
  readonly #cells = new Map<number, Entry<T>[]>();
  readonly #byId = new Map<string, Entry<T>>();
  /** Segments too large to file by cell. */
  readonly #wide = new Set<Entry<T>>();
  #query = 0;
  /** How many segments the last query handed to its visitor (a machine-independent cost measure). */
  lastVisited = 0;

  /** `cell`: the side of a grid cell, in the points' units (positive). */
  constructor(cell: number) {
    if (!(cell > 0) || !Number.isFinite(cell))
      throw new Error(`SegmentIndex: cell size must be positive (${cell})`);
    this.#cell = cell;
  }

  get size(): number {
    return this.#byId.size;
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** The segment filed under `id`. */
  get(id: string): IndexedSegment<T> | undefined {
    return this.#byId.get(id);
  }

  /** Files the segment a–b under `id`, replacing whatever was filed under it. */
  set(id: string, a: Point, b: Point, value: T): void {
    this.delete(id);
    const c = this.#cell;
    const x0 = Math.floor((Math.min(a.x, b.x) - PAD) / c);
    const x1 = Math.floor((Math.max(a.x, b.x) + PAD) / c);
    const y0 = Math.floor((Math.min(a.y, b.y) - PAD) / c);
    const y1 = Math.floor((Math.max(a.y, b.y) + PAD) / c);
    const finite = [x0, x1, y0, y1].every(Number.isFinite);
    if (!finite || (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) {
      const entry: Entry<T> = { id, a: { x: a.x, y: a.y }, b: { x: b.x, y: b.y }, value, keys: [], seen: 0 };
      this.#byId.set(id, entry);
      this.#wide.add(entry);
      return;
    }
    const keys: number[] = [];
    for (let cx = x0; cx <= x1; cx++) for (let cy = y0; cy <= y1; cy++) keys.push(key(cx, cy));
    const entry: Entry<T> = { id, a: { x: a.x, y: a.y }, b: { x: b.x, y: b.y }, value, keys, seen: 0 };
    this.#byId.set(id, entry);
    for (const k of keys) {
      const list = this.#cells.get(k);
      if (list) list.push(entry);
      else this.#cells.set(k, [entry]);
    }
  }

  delete(id: string): boolean {
    const entry = this.#byId.get(id);
    if (!entry) return false;
    this.#byId.delete(id);
    this.#wide.delete(entry);
    for (const k of entry.keys) {
      const list = this.#cells.get(k);
      if (!list) continue;
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
      if (!list.length) this.#cells.delete(k);
    }
    return true;
  }

  clear(): void {
    this.#byId.clear();
    this.#cells.clear();
    this.#wide.clear();
  }

  /**
   * Every segment filed in a cell the segment from–to passes through (padded), each once, into `out` (emptied
   * first; pass the same array again to spare an allocation per query).
   */
  alongSegment(from: Point, to: Point, out: IndexedSegment<T>[] = []): IndexedSegment<T>[] {
    out.length = 0;
    const q = this.#begin();
    const c = this.#cell;
    const xmin = Math.min(from.x, to.x);
    const xmax = Math.max(from.x, to.x);
    const cx0 = Math.floor((xmin - PAD) / c);
    const cx1 = Math.floor((xmax + PAD) / c);
    if (!Number.isFinite(cx0) || !Number.isFinite(cx1)) return this.#all(q, out);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    // Column by column: the segment's y extent inside the column (padded), then the cells of that extent.
    for (let cx = cx0; cx <= cx1; cx++) {
      let ya: number;
      let yb: number;
      if (dx === 0) {
        ya = from.y;
        yb = to.y;
      } else {
        const xa = Math.max(xmin, cx * c);
        const xb = Math.min(xmax, (cx + 1) * c);
        ya = from.y + ((xa - from.x) / dx) * dy;
        yb = from.y + ((xb - from.x) / dx) * dy;
      }
      const cy0 = Math.floor((Math.min(ya, yb) - PAD) / c);
      const cy1 = Math.floor((Math.max(ya, yb) + PAD) / c);
      for (let cy = cy0; cy <= cy1; cy++) this.#visitCell(key(cx, cy), q, out);
    }
    return this.#visitWide(q, out);
  }

  /**
   * Every segment filed in a cell the convex polygon (its corners in order, either way round; one or two points
   * make a point or a segment) overlaps (padded), each once, into `out`. Column by column: the polygon's y extent
   * inside a column is reached on its sides (a corner inside the column ends two sides), so the sides' extents
   * there, merged, give the cells to visit.
   */
  inPolygon(points: readonly Point[], out: IndexedSegment<T>[] = []): IndexedSegment<T>[] {
    out.length = 0;
    const q = this.#begin();
    const c = this.#cell;
    let xmin = Number.POSITIVE_INFINITY;
    let xmax = Number.NEGATIVE_INFINITY;
    for (const p of points) {
      xmin = Math.min(xmin, p.x);
      xmax = Math.max(xmax, p.x);
    }
    const cx0 = Math.floor((xmin - PAD) / c);
    const cx1 = Math.floor((xmax + PAD) / c);
    if (!Number.isFinite(cx0) || !Number.isFinite(cx1)) return this.#all(q, out);
    const n = points.length;
    for (let cx = cx0; cx <= cx1; cx++) {
      let ylo = Number.POSITIVE_INFINITY;
      let yhi = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const a = points[i]!;
        const b = points[(i + 1) % n]!;
        const xa = Math.max(Math.min(a.x, b.x), cx * c);
        const xb = Math.min(Math.max(a.x, b.x), (cx + 1) * c);
        if (xa > xb + PAD) continue; // this side lies in other columns
        const dx = b.x - a.x;
        let ya: number;
        let yb: number;
        if (dx === 0) {
          ya = a.y;
          yb = b.y;
        } else {
          ya = a.y + ((xa - a.x) / dx) * (b.y - a.y);
          yb = a.y + ((xb - a.x) / dx) * (b.y - a.y);
        }
        ylo = Math.min(ylo, ya, yb);
        yhi = Math.max(yhi, ya, yb);
      }
      if (!(ylo <= yhi)) continue;
      const cy0 = Math.floor((ylo - PAD) / c);
      const cy1 = Math.floor((yhi + PAD) / c);
      if (!Number.isFinite(cy0) || !Number.isFinite(cy1)) return this.#all(q, out);
      for (let cy = cy0; cy <= cy1; cy++) this.#visitCell(key(cx, cy), q, out);
    }
    return this.#visitWide(q, out);
  }

  /** Every segment filed in a cell within `reach` of `p` (the square around it, padded), each once, into `out`. */
  near(p: Point, reach: number, out: IndexedSegment<T>[] = []): IndexedSegment<T>[] {
    out.length = 0;
    const q = this.#begin();
    const c = this.#cell;
    const cx0 = Math.floor((p.x - reach - PAD) / c);
    const cx1 = Math.floor((p.x + reach + PAD) / c);
    const cy0 = Math.floor((p.y - reach - PAD) / c);
    const cy1 = Math.floor((p.y + reach + PAD) / c);
    if (!(Number.isFinite(cx0) && Number.isFinite(cx1) && Number.isFinite(cy0) && Number.isFinite(cy1)))
      return this.#all(q, out);
    for (let cx = cx0; cx <= cx1; cx++)
      for (let cy = cy0; cy <= cy1; cy++) this.#visitCell(key(cx, cy), q, out);
    return this.#visitWide(q, out);
  }

  #begin(): number {
    this.lastVisited = 0;
    return ++this.#query;
  }

  #visitCell(k: number, q: number, out: IndexedSegment<T>[]): void {
    const list = this.#cells.get(k);
    if (!list) return;
    for (const e of list) {
      if (e.seen === q) continue;
      e.seen = q;
      out.push(e);
    }
    this.lastVisited = out.length;
  }

  #visitWide(q: number, out: IndexedSegment<T>[]): IndexedSegment<T>[] {
    for (const e of this.#wide) {
      if (e.seen === q) continue;
      e.seen = q;
      out.push(e);
    }
    this.lastVisited = out.length;
    return out;
  }

  /** A query with no finite cell range (a point at infinity) visits everything. */
  #all(q: number, out: IndexedSegment<T>[]): IndexedSegment<T>[] {
    for (const e of this.#byId.values()) {
      if (e.seen === q) continue;
      e.seen = q;
      out.push(e);
    }
    this.lastVisited = out.length;
    return out;
  }
}

function key(cx: number, cy: number): number {
  return (((cx % SPAN) + SPAN) % SPAN) * SPAN + (((cy % SPAN) + SPAN) % SPAN);
}
