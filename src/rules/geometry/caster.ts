/**
 * Walls and ray casting. A {@link RayCaster} answers "which walls does this segment cross?"; in Foundry it is
 * `FoundryCaster` (src/canvas/foundry-caster.ts: `CONFIG.Canvas.polygonBackends.{sight,move}.testCollision` and the
 * scene's wall index, `segment-index.ts`), which `npm run bench` times; in the rules' tests it is the reference
 * {@link GridCaster}: plain segments with a uniform-grid prefilter, which no table runs.
 */
import type { CoverClass } from "../core/types.js";
import type { Point } from "./range.js";

export interface Wall {
  readonly id: string;
  readonly a: Point;
  readonly b: Point;
  /** What the wall gives a target behind it. */
  readonly cover: CoverClass;
  /** Whether the wall blocks sight (false for windows and open doors). */
  readonly blocksSight: boolean;
  /** Whether the wall blocks movement, and so thrown grenades and blasts. */
  readonly blocksMove: boolean;
  /**
   * A low wall (about 1 m, the wall configuration's Height; SW-30): cover a shooter can see and fire over, so it
   * never puts a target out of sight. Full height when absent.
   */
  readonly height?: "full" | "low";
  /** SWN-15: what a hard wall is made of (a key of the seed's materials table); none when absent. */
  readonly material?: string;
}

export interface Crossing {
  readonly wall: Wall;
  /** Distance along the ray, 0 at its start and 1 at its end. */
  readonly t: number;
  readonly point: Point;
}

export interface RayCaster {
  /** Walls strictly crossed between `from` and `to` (touching at the ray's end does not count), nearest first. */
  crossings(from: Point, to: Point): Crossing[];
  /**
   * Told before a group of rays from one point is cast (an eye's rays to a target's sample points: `castRays`), so
   * the caster may look its walls up once for the group (`fan.ts`). A hint: the answers are the same without it.
   */
  aim?(from: Point, to: readonly Point[]): void;
  /**
   * Whether the ray crosses a wall `hit` accepts: exactly `crossings(from, to).some((c) => hit(c.wall))`, which is
   * what {@link crossesWall} falls back on; a caster may tell it sooner (issue 34: a d20 eye against a total-cover
   * best only needs to know each ray meets a full hard wall).
   */
  crosses?(from: Point, to: Point, hit: (wall: Wall) => boolean): boolean;
}

/** {@link RayCaster.crosses}, or its definition when the caster has no quicker way. */
export function crossesWall(
  caster: RayCaster,
  from: Point,
  to: Point,
  hit: (wall: Wall) => boolean,
): boolean {
  if (caster.crosses) return caster.crosses(from, to, hit);
  for (const c of caster.crossings(from, to)) if (hit(c.wall)) return true;
  return false;
}

const EPS = 1e-9;

/**
 * Where segment p→q crosses wall a–b: `t` along p→q. A crossing at the very start or end of p→q (a token's sample
 * point lying on a wall) does not count; a wall that only touches the ray at a wall endpoint does.
 */
export function segmentCrossing(p: Point, q: Point, a: Point, b: Point): number | null {
  const rx = q.x - p.x;
  const ry = q.y - p.y;
  const sx = b.x - a.x;
  const sy = b.y - a.y;
  const denom = rx * sy - ry * sx;
  if (Math.abs(denom) < EPS) return null; // parallel or collinear: grazing, not crossing
  const qpx = a.x - p.x;
  const qpy = a.y - p.y;
  const t = (qpx * sy - qpy * sx) / denom;
  const u = (qpx * ry - qpy * rx) / denom;
  if (t <= 1e-7 || t >= 1 - 1e-7 || u < -EPS || u > 1 + EPS) return null;
  return t;
}

/** Brute force: every wall against every ray. For checking the grid caster. */
export class BruteCaster implements RayCaster {
  constructor(private readonly walls: readonly Wall[]) {}
  crossings(from: Point, to: Point): Crossing[] {
    const out: Crossing[] = [];
    for (const w of this.walls) {
      const t = segmentCrossing(from, to, w.a, w.b);
      if (t !== null)
        out.push({ wall: w, t, point: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t } });
    }
    return out.sort((x, y) => x.t - y.t);
  }
}

/**
 * Reference caster: walls bucketed in a uniform grid of `cell`-sized squares; a ray visits only the cells it
 * passes through (Amanatides–Woo traversal) and tests each wall there once.
 */
export class GridCaster implements RayCaster {
  private readonly cells = new Map<number, Wall[]>();
  private readonly stamp = new Map<Wall, number>();
  private query = 0;

  constructor(
    walls: readonly Wall[],
    private readonly cell = 10,
  ) {
    // A wall is filed in every cell its bounding box touches, padded so walls ending exactly on a cell line are
    // found from both sides (the crossing test tolerates touching a wall's endpoint).
    const pad = 1e-6;
    for (const w of walls) {
      const x0 = Math.floor((Math.min(w.a.x, w.b.x) - pad) / cell);
      const x1 = Math.floor((Math.max(w.a.x, w.b.x) + pad) / cell);
      const y0 = Math.floor((Math.min(w.a.y, w.b.y) - pad) / cell);
      const y1 = Math.floor((Math.max(w.a.y, w.b.y) + pad) / cell);
      for (let cx = x0; cx <= x1; cx++) {
        for (let cy = y0; cy <= y1; cy++) {
          const k = GridCaster.key(cx, cy);
          const list = this.cells.get(k);
          if (list) list.push(w);
          else this.cells.set(k, [w]);
        }
      }
    }
  }

  private static key(cx: number, cy: number): number {
    return (cx + 32768) * 65536 + (cy + 32768);
  }

  crossings(from: Point, to: Point): Crossing[] {
    const q = ++this.query;
    const out: Crossing[] = [];
    const c = this.cell;
    let cx = Math.floor(from.x / c);
    let cy = Math.floor(from.y / c);
    const ex = Math.floor(to.x / c);
    const ey = Math.floor(to.y / c);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const tDeltaX = stepX ? Math.abs(c / dx) : Number.POSITIVE_INFINITY;
    const tDeltaY = stepY ? Math.abs(c / dy) : Number.POSITIVE_INFINITY;
    let tMaxX = stepX ? ((stepX > 0 ? (cx + 1) * c : cx * c) - from.x) / dx : Number.POSITIVE_INFINITY;
    let tMaxY = stepY ? ((stepY > 0 ? (cy + 1) * c : cy * c) - from.y) / dy : Number.POSITIVE_INFINITY;
    for (let guard = 0; guard < 100_000; guard++) {
      const list = this.cells.get(GridCaster.key(cx, cy));
      if (list) {
        for (const w of list) {
          if (this.stamp.get(w) === q) continue;
          this.stamp.set(w, q);
          const t = segmentCrossing(from, to, w.a, w.b);
          if (t !== null) out.push({ wall: w, t, point: { x: from.x + dx * t, y: from.y + dy * t } });
        }
      }
      if (cx === ex && cy === ey) break;
      if (tMaxX < tMaxY) {
        if (tMaxX > 1) break;
        cx += stepX;
        tMaxX += tDeltaX;
      } else {
        if (tMaxY > 1) break;
        cy += stepY;
        tMaxY += tDeltaY;
      }
    }
    return out.sort((x, y) => x.t - y.t);
  }
}

/**
 * Crossings nearest first, as a stable sort gives them (walls crossed at one point keep the order they were found
 * in); an answer already in that order (Foundry reports its collisions in order along the ray: most) is kept as it
 * is, unsorted (issue 34).
 */
export function nearestFirst(out: Crossing[]): Crossing[] {
  for (let i = 1; i < out.length; i++) if (out[i]!.t < out[i - 1]!.t) return out.sort((a, b) => a.t - b.t);
  return out;
}
