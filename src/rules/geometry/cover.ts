/**
 * Line of sight and cover from sampled rays (SF-B-08, SF-B-12, SF-X-08, SF-X-22, SF-X-35).
 *
 * Rays go from the attacker's eye points (its centre and inset corners: leaning around a corner is the best of
 * them) to inset sample points on the target. A ray crossing a hard wall is blocked; one crossing only soft walls
 * is obscured. The attacker uses the eye that sees most. No unblocked ray: no line of sight. The target has cover
 * when more than half of it is hidden (seed 000: "more than half of his body"): hard cover when more than half the
 * rays are blocked by hard walls, otherwise soft cover when more than half are blocked or obscured.
 */
import type { CoverClass } from "../core/types.js";
import type { RayCaster } from "./caster.js";
import type { Point } from "./range.js";

export interface Footprint {
  /** Centre of the token. */
  readonly x: number;
  readonly y: number;
  /** Width and height in scene units (a 1×1 token on a 1 m grid is 1 × 1). */
  readonly w: number;
  readonly h: number;
}

/** Centre plus four corners pulled in by `inset` of the size (so rays never end exactly on a wall at the edge). */
export function samplePoints(f: Footprint, inset = 0.1): Point[] {
  const hx = f.w / 2 - f.w * inset;
  const hy = f.h / 2 - f.h * inset;
  return [
    { x: f.x, y: f.y },
    { x: f.x - hx, y: f.y - hy },
    { x: f.x + hx, y: f.y - hy },
    { x: f.x - hx, y: f.y + hy },
    { x: f.x + hx, y: f.y + hy },
  ];
}

export type RayResult = "clear" | "soft" | "hard";

export interface RayReport {
  readonly to: Point;
  readonly result: RayResult;
  /** A hard wall of full height crosses it (a hard ray past low walls only can still be seen and fired along). */
  readonly fullHard?: boolean;
  /** Wall ids crossed by this ray. */
  readonly walls: readonly string[];
}

export interface CoverReport {
  /** Line of sight: at least one ray from the best eye reaches the target without crossing a hard wall. */
  readonly visible: boolean;
  readonly cover: CoverClass;
  readonly eye: Point;
  readonly rays: readonly RayReport[];
  readonly hard: number;
  readonly soft: number;
  readonly total: number;
  /** i18n key and data for "2 of 5 rays blocked by a hard wall". */
  readonly reason: { key: string; data: Record<string, number> };
}

/**
 * Each target's ray from the eye, in order. `enough` (optional) is asked after each ray with the reports so far; when
 * it says so, the rest are not cast (a caller that can already tell its answer: d20/cover.ts `measureD20Cover`).
 */
export function castRays(
  eye: Point,
  targets: readonly Point[],
  caster: RayCaster,
  enough?: (sofar: readonly RayReport[]) => boolean,
): RayReport[] {
  caster.aim?.(eye, targets);
  const out: RayReport[] = [];
  for (const to of targets) {
    out.push(castRay(eye, to, caster));
    if (enough?.(out)) break;
  }
  return out;
}

function castRay(eye: Point, to: Point, caster: RayCaster): RayReport {
  {
    const crossings = caster.crossings(eye, to);
    let result: RayResult = "clear";
    let fullHard = false;
    for (const c of crossings) {
      if (c.wall.cover === "hard") {
        result = "hard";
        if (c.wall.height !== "low") {
          fullHard = true;
          break;
        }
      } else if (c.wall.cover === "soft" && result !== "hard") result = "soft";
    }
    return {
      to,
      result,
      fullHard,
      walls: crossings.filter((c) => c.wall.cover !== "none").map((c) => c.wall.id),
    };
  }
}

/** Cover class from ray counts (SF-X-22: more than half hidden). */
export function coverClass(hard: number, soft: number, total: number): CoverClass {
  if (total === 0) return "none";
  if (hard * 2 > total) return "hard";
  if ((hard + soft) * 2 > total) return "soft";
  return "none";
}

export function measureCover(
  attacker: Footprint,
  target: Footprint,
  caster: RayCaster,
  inset = 0.1,
): CoverReport {
  const eyes = samplePoints(attacker, inset);
  const samples = samplePoints(target, inset);
  let best: { eye: Point; rays: RayReport[]; hard: number; soft: number } | null = null;
  // A ray that only low walls block is still a line of sight (SW-30's low wall; SF cover stays hard).
  let seen = false;
  for (const eye of eyes) {
    const rays = castRays(eye, samples, caster);
    seen ||= rays.some((r) => !r.fullHard);
    const hard = rays.filter((r) => r.result === "hard").length;
    const soft = rays.filter((r) => r.result === "soft").length;
    if (!best || hard < best.hard || (hard === best.hard && soft < best.soft))
      best = { eye, rays, hard, soft };
    if (hard === 0 && soft === 0) break;
  }
  const b = best!;
  const total = samples.length;
  const visible = b.hard < total || seen;
  const cover = visible ? coverClass(b.hard, b.soft, total) : "hard";
  const reason =
    b.hard > 0
      ? { key: "FT.Cover.reasonHard", data: { blocked: b.hard, total } }
      : b.soft > 0
        ? { key: "FT.Cover.reasonSoft", data: { blocked: b.soft, total } }
        : { key: "FT.Cover.reasonClear", data: { blocked: 0, total } };
  return { visible, cover, eye: b.eye, rays: b.rays, hard: b.hard, soft: b.soft, total, reason };
}

export interface Bystander {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  /** Radius of the token's footprint in scene units. */
  readonly r: number;
  readonly prone: boolean;
  readonly dead: boolean;
}

/**
 * Living, standing tokens on the line of fire between attacker and target give the target soft cover as a crowd
 * (SF-X-35); dead or prone ones are ignored. Returns the ids in the way.
 */
export function tokensInTheWay(from: Point, to: Point, others: readonly Bystander[]): string[] {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return [];
  return others
    .filter((o) => !o.prone && !o.dead)
    .filter((o) => {
      const t = ((o.x - from.x) * dx + (o.y - from.y) * dy) / len2;
      if (t <= 0 || t >= 1) return false;
      const px = from.x + t * dx - o.x;
      const py = from.y + t * dy - o.y;
      return px * px + py * py < o.r * o.r;
    })
    .map((o) => o.id);
}
