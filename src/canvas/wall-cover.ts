/**
 * The cover class a wall gives (SF-X-22: soft cover only hides, hard cover stops fire; the referee decides
 * borderline materials): the system flag on the wall when the GM set one, otherwise a default from how the wall
 * restricts sight, then movement. The defaults follow what Foundry v13's wall tools draw
 * (`WallsLayer#getWallDataFromActiveTool`):
 * - basic wall, door closed or locked (sight and movement NORMAL) → hard: stone, metal, a shut door stop fire;
 * - terrain wall (sight LIMITED, movement NORMAL) → soft: hedges, foliage, low rubble hide a target but do not
 *   stop a shot; a passable sight-limited wall (movement NONE) likewise;
 * - window (sight PROXIMITY with a threshold) and any DISTANCE wall → soft: the target is seen through a frame or
 *   pane and partly hidden by it; whether Foundry's vision lets the attacker see through it from where he stands
 *   is a matter of the threshold, not of cover;
 * - ethereal wall (sight NORMAL, movement NONE) → soft: curtains, smoke screens, holograms hide completely but stop
 *   nothing, which is exactly SF-X-22's soft cover;
 * - invisible wall (sight NONE, movement NORMAL) → none: force fields, pit edges, map boundaries are drawn so
 *   tokens cannot walk through, but hide nothing;
 * - an open door, or a wall restricting neither sight nor movement → none.
 * Pure: takes the wall's numbers, so it is tested without Foundry.
 */
import type { CoverClass } from "../rules/index.js";

/** Foundry's CONST.WALL_SENSE_TYPES values (movement uses NONE and NORMAL of the same scale). */
export const SENSE = { NONE: 0, LIMITED: 10, NORMAL: 20, PROXIMITY: 30, DISTANCE: 40 } as const;
/** CONST.WALL_DOOR_STATES.OPEN. */
export const DOOR_STATE_OPEN = 1;

/** A wall's restriction numbers; v13's NumberFields allow null (no restriction set), which matches no type. */
export interface WallLike {
  readonly move: number | null;
  readonly sight: number | null;
  readonly door: number | null;
  readonly ds: number | null;
  readonly flag: string | undefined;
}

export function wallCover(w: WallLike): CoverClass {
  if (w.flag === "none" || w.flag === "soft" || w.flag === "hard") return w.flag;
  if ((w.door ?? 0) > 0 && w.ds === DOOR_STATE_OPEN) return "none";
  switch (w.sight) {
    case SENSE.NONE:
      return "none";
    case SENSE.LIMITED:
    case SENSE.PROXIMITY:
    case SENSE.DISTANCE:
      return "soft";
    default:
      return w.move === SENSE.NONE ? "soft" : "hard";
  }
}
