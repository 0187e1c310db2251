/**
 * Areas: the burst strip (SF-X-24) and the grenade blast (SF-X-43).
 */
import { MAX_BURST_TARGETS } from "../alpha-dawn/burst.js";
import { RulesError } from "../core/types.js";
import type { RayCaster } from "./caster.js";
import type { Point } from "./range.js";

export const BURST_STRIP_WIDTH = 10;

export interface StripResult {
  readonly ok: boolean;
  /** Spread of the targets across the line of fire, in metres. */
  readonly width: number;
  readonly reason: string | null;
}

/**
 * A burst is aimed at up to five adjacent characters in an area up to 10 m wide (SF-X-24): the targets' spread
 * measured across the line of fire (from the attacker to the group's centre) may not exceed 10 m.
 */
export function burstStrip(
  attacker: Point,
  targets: readonly Point[],
  width = BURST_STRIP_WIDTH,
): StripResult {
  if (targets.length === 0) return { ok: false, width: 0, reason: "FT.Error.noTarget" };
  if (targets.length > MAX_BURST_TARGETS) return { ok: false, width: 0, reason: "FT.Error.burstTooMany" };
  const cx = targets.reduce((s, t) => s + t.x, 0) / targets.length;
  const cy = targets.reduce((s, t) => s + t.y, 0) / targets.length;
  const len = Math.hypot(cx - attacker.x, cy - attacker.y);
  if (len === 0) throw new RulesError("FT.Error.badDistance", "The burst's targets surround the attacker");
  const nx = -(cy - attacker.y) / len;
  const ny = (cx - attacker.x) / len;
  const across = targets.map((t) => (t.x - attacker.x) * nx + (t.y - attacker.y) * ny);
  const spread = Math.max(...across) - Math.min(...across);
  const ok = spread <= width + 1e-9;
  return { ok, width: spread, reason: ok ? null : "FT.Error.burstTooWide" };
}

export interface Occupant {
  readonly id: string;
  /** Centres of the grid cells the token occupies. */
  readonly cells: readonly Point[];
}

/**
 * Who a blast catches (SF-X-43): tokens with an occupied cell centre within the radius (3 m for a 6 m diameter)
 * whose centre is not walled off from the blast centre (a wall that blocks movement stops the blast).
 */
export function inBlast(
  centre: Point,
  radius: number,
  occupants: readonly Occupant[],
  caster: RayCaster,
): string[] {
  return occupants
    .filter((o) =>
      o.cells.some(
        (c) =>
          Math.hypot(c.x - centre.x, c.y - centre.y) <= radius + 1e-9 &&
          !caster.crossings(centre, c).some((x) => x.wall.blocksMove),
      ),
    )
    .map((o) => o.id);
}

/** The first wall that blocks movement between two points, for bounces (SF-B-17, SF-X-39). */
export function firstObstacle(caster: RayCaster) {
  return (from: Point, to: Point): Point | null =>
    caster.crossings(from, to).find((c) => c.wall.blocksMove)?.point ?? null;
}

/**
 * A burst's targets as the rules allow them (SF-X-24: "up to five adjacent characters in an area up to 10 meters
 * wide"), in metres: the spread across the line of fire at most `width` ({@link burstStrip}), and the targets
 * adjacent — each within `width` of another of them, so no target stands apart from the group (our reading: the
 * seed gives no distance for "adjacent"; the area's width is the largest gap one group can have). The first problem
 * found, or null. `metresPerUnit` converts the points' units (canvas pixels) to metres.
 */
export function burstAreaProblem(
  attacker: Point,
  targets: readonly (Point & { readonly name: string })[],
  metresPerUnit: number,
  width = BURST_STRIP_WIDTH,
): { key: string; data: Record<string, string | number> } | null {
  if (targets.length < 2) return null;
  const strip = burstStrip(attacker, targets, width / metresPerUnit);
  if (!strip.ok && strip.reason === "FT.Error.burstTooWide")
    return { key: "FT.Misc.burstWide", data: { width: Math.round(strip.width * metresPerUnit * 10) / 10 } };
  if (!strip.ok) return { key: strip.reason ?? "FT.Error.burstTooMany", data: {} };
  for (const t of targets) {
    const gap = Math.min(
      ...targets.filter((o) => o !== t).map((o) => Math.hypot(o.x - t.x, o.y - t.y) * metresPerUnit),
    );
    if (gap > width + 1e-9)
      return { key: "FT.Misc.burstApart", data: { target: t.name, gap: Math.round(gap) } };
  }
  return null;
}
