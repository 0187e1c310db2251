/**
 * Where a thrown grenade goes off and whom it catches (SF-B-17, SF-B-18, SF-X-39, SF-X-42, SF-X-43): on a hit at
 * the target point, on a miss where the bounce ends (stopped by the first wall); everyone with a cell centre in
 * the blast and not walled off is caught, and damage is rolled for each separately.
 */
import {
  type AlphaDawnVariant,
  bounce,
  bounceDistance,
  firstObstacle,
  inBlast,
  type Occupant,
  type Point,
  type RangeBand,
  type RayCaster,
} from "../../rules/index.js";

export interface GrenadeInput {
  readonly hit: boolean;
  readonly from: Point;
  readonly target: Point;
  readonly band: RangeBand;
  readonly variant: AlphaDawnVariant;
  /** d10 for the bounce direction (needed only on a miss). */
  readonly d10: number | null;
  /** Blast radius in scene units (3 m for a 6 m diameter). */
  readonly radius: number;
  /** Metres per scene unit, to turn bounce distances into scene units (1 on a 1 m grid). */
  readonly unitsPerMetre: number;
  /** A grid square's side in scene units (Basic-game bounces count squares); 5 m when not given. */
  readonly squareSize?: number;
  /** Grenade rifle rounds do not bounce: they fly on to the first obstacle (rules-tables §11). */
  readonly noBounce: boolean;
  readonly occupants: readonly Occupant[];
  /** Thrown explosives (SF-X-40): also find who is within twice the radius, for the Reaction Speed check. */
  readonly explosive?: boolean;
}

export interface GrenadeOutcome {
  readonly landing: Point;
  readonly bounced: boolean;
  readonly stoppedByWall: boolean;
  readonly direction: number | null;
  readonly caught: string[];
  /** SF-X-40: within twice the radius but outside the blast; each makes an RS check or is stunned a turn. */
  readonly stunRing: string[];
}

export function grenadeOutcome(g: GrenadeInput, caster: RayCaster): GrenadeOutcome {
  let landing = g.target;
  let bounced = false;
  let stopped = false;
  let direction: number | null = null;
  if (!g.hit && !g.noBounce) {
    if (g.d10 === null) throw new Error("A missed grenade needs a d10 for its bounce");
    // Basic game (SF-B-17): squares counted on the grid, the direction snapped to the 8 grid directions; Expanded
    // (SF-X-39): metres along the exact direction.
    const basic = g.variant === "basic";
    const square = g.squareSize ?? 5 * g.unitsPerMetre;
    const r = basic
      ? bounce(
          g.from,
          g.target,
          g.d10,
          bounceDistance(g.band, "basic"),
          firstObstacle(caster),
          undefined,
          square,
        )
      : bounce(
          g.from,
          g.target,
          g.d10,
          bounceDistance(g.band, g.variant) * g.unitsPerMetre,
          firstObstacle(caster),
        );
    landing = r.landing;
    bounced = true;
    stopped = r.stopped;
    direction = r.direction;
  }
  const caught = inBlast(landing, g.radius, g.occupants, caster);
  const stunRing = g.explosive
    ? inBlast(landing, g.radius * 2, g.occupants, caster).filter((id) => !caught.includes(id))
    : [];
  return { landing, bounced, stoppedByWall: stopped, direction, caught, stunRing };
}
