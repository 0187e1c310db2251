/**
 * Threatened areas and the movement that provokes from them (seed 002, "Attacks of Opportunity"): SW-14 the area a
 * melee weapon threatens ("the space within 2 meters of your position", or the reach of a bigger creature), SW-25
 * what moving through or out of it provokes, SW-24 what a disengage spares, SW-43 the suppressed area a suppressor
 * threatens "just as if he threatened that area with a melee weapon". Pure: positions in metres, the metres of each
 * step as the scene's grid measures them come in from the caller.
 */
import type { Footprint } from "../geometry/cover.js";
import type { Point } from "../geometry/range.js";
import { canDisengage, insideArea, movementProvokes } from "./actions.js";
import { footprintGap } from "./attack.js";
import { D20_REACH_M, FREE_STEP_M } from "./tables.js";

const EPS = 1e-6;
/** The steps a straight move is sampled at on a gridless scene (metres). */
const GRIDLESS_STEP_M = 0.1;

/** One waypoint of a token's movement this round: its centre in metres and how it got there. */
export interface MoveWaypoint {
  readonly x: number;
  readonly y: number;
  /** Walked (or run, flown …) from the previous waypoint; false for a teleport (a GM's displace): no movement. */
  readonly walked: boolean;
  /** The metres from the previous waypoint, as the scene's grid measures them (0 for the first). */
  readonly metres: number;
}

/**
 * An area a combatant threatens: SW-14, SW-25 the reach of its melee weapon around its body (a gap between the two
 * bodies of less than the reach: adjacent squares, diagonals included, on the 2 m grid); SW-43 the 4 m square it
 * suppresses (the mover's centre in it, edges included, as the −1 reads it).
 */
export type ThreatArea =
  | { readonly kind: "reach"; readonly body: Footprint; readonly reach: number }
  | { readonly kind: "square"; readonly centre: Point; readonly size: number };

/** SW-14: the area a combatant threatens with a melee weapon of ordinary reach (2 m). */
export const reachArea = (body: Footprint, reach: number = D20_REACH_M): ThreatArea => ({
  kind: "reach",
  body,
  reach,
});

/** SW-14, SW-43: does a body of `size` centred at `at` stand in the threatened area? */
export function insideThreat(
  area: ThreatArea,
  at: Point,
  size: { readonly w: number; readonly h: number },
): boolean {
  return inside(area, at, size);
}

function inside(area: ThreatArea, at: Point, size: { readonly w: number; readonly h: number }): boolean {
  if (area.kind === "square") return insideArea(at, { centre: area.centre, size: area.size, side: "" });
  return footprintGap({ x: at.x, y: at.y, w: size.w, h: size.h }, area.body) < area.reach - EPS;
}

/** How one movement went through one threatened area. */
export interface ThreatWalk {
  /** The movement started inside the area. */
  readonly startsInside: boolean;
  /** SW-25: it provokes (before any disengage is counted). */
  readonly provokes: boolean;
  /** SW-24: the metres walked before the mover was first outside the area (Infinity: never; 0: never inside). */
  readonly metresToClear: number;
  /**
   * Where the mover stood (its centre) when it provoked — inside the area, the attack of opportunity's moment: the
   * square it moved on from within the area, else the last one inside before it left; null when it did not provoke.
   */
  readonly at: Point | null;
}

/**
 * SW-25 along a path: "When you move out of a threatened area, you generally provoke … You don't provoke an attack of
 * opportunity if all you move is a 2-meter step"; "When you enter a threatened area, you must immediately stop or
 * else provoke"; "If you start your movement within a threatened area, you may move up to 2 meters without
 * provoking … (Moving farther than that provokes.)". Each straight walked leg is taken square by square (`square`:
 * the grid's square in metres; a token stands in squares, so entering is stepping into the first threatened square;
 * 10 cm steps on a gridless scene); a teleport
 * (a GM's displace) crosses nothing and is no movement. The walk finds the facts; {@link movementProvokes} judges
 * the movement as a whole (from a start inside, more than 2 m; entering and moving on), and the walk adds what it sees
 * beyond that: moving on more than 2 m within an area the token was put in, and leaving after more than a 2 m step.
 */
export function walkThrough(
  path: readonly MoveWaypoint[],
  size: { readonly w: number; readonly h: number },
  area: ThreatArea,
  square = GRIDLESS_STEP_M,
): ThreatWalk {
  const first = path[0];
  if (!first || path.length < 2) return { startsInside: false, provokes: false, metresToClear: 0, at: null };
  const startsInside = inside(area, first, size);
  const total = path.reduce((sum, w, i) => sum + (i > 0 && w.walked ? w.metres : 0), 0);
  let metres = 0;
  let was = startsInside;
  let entered = false;
  let left = false;
  let prevAt: Point = first;
  let withinAt: Point | null = null;
  let leftFrom: Point | null = null;
  let entersAndContinues = false;
  let movesOnWithin = false;
  let metresToClear = startsInside ? Number.POSITIVE_INFINITY : 0;
  // The walk since the last teleport (a displaced token starts a walk where it is put).
  let runStartsInside = startsInside;
  let runMetres = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    if (!b.walked) {
      // Not movement: the token is put there (entering so is not "entering" the area).
      was = inside(area, b, size);
      entered = false;
      prevAt = b;
      runStartsInside = was;
      runMetres = 0;
      continue;
    }
    const n = Math.max(
      1,
      Math.ceil(
        Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) / (square > 0 ? square : GRIDLESS_STEP_M) - EPS,
      ),
    );
    for (let k = 1; k <= n; k++) {
      const at = { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n };
      const m = metres + (b.metres * k) / n;
      const now = inside(area, at, size);
      // Moving on within the area after walking into it, or more than the free 2 m within it.
      if (was && entered) entersAndContinues = true;
      if (was && m > FREE_STEP_M + EPS) movesOnWithin = true;
      if (was && (entered || m > FREE_STEP_M + EPS)) withinAt ??= prevAt;
      if (was && !now) {
        left = true;
        leftFrom ??= prevAt;
        if (metresToClear === Number.POSITIVE_INFINITY) metresToClear = m;
      }
      if (!was && now) entered = true;
      was = now;
      prevAt = at;
    }
    metres += b.metres;
    runMetres += b.metres;
  }
  const provokes =
    movementProvokes({ startsInside: runStartsInside, metres: runMetres, entersAndContinues }) ||
    movesOnWithin ||
    // Out of the area, unless all it moved is a 2 m step.
    (left && total > FREE_STEP_M + EPS);
  return { startsInside, provokes, metresToClear, at: provokes ? (withinAt ?? leftFrom ?? first) : null };
}

/**
 * SW-25, SW-24: which of the areas (by index) a movement provokes. A disengage ("the first 2 meters of your movement
 * must take you out of your opponent's threatened area"; "only if you can clear all threatened areas in your first
 * 2 meters") spares the areas the mover started in, never the others ("your movement may provoke attacks of
 * opportunity from other opponents if … you move within or through their threatened areas"); one that cannot clear
 * them in 2 m is no disengage ("you can't disengage … you provoke"). Each provoked area with where the mover stood.
 */
export function provokedAreas(
  path: readonly MoveWaypoint[],
  size: { readonly w: number; readonly h: number },
  areas: readonly ThreatArea[],
  disengaging: boolean,
  square?: number,
): { readonly index: number; readonly at: Point }[] {
  const walks = areas.map((a) => walkThrough(path, size, a, square));
  const started = walks.filter((w) => w.startsInside);
  const spared =
    disengaging && started.length > 0 && canDisengage(Math.max(...started.map((w) => w.metresToClear)));
  return walks.flatMap((w, index) =>
    w.provokes && w.at && !(spared && w.startsInside) ? [{ index, at: w.at }] : [],
  );
}
