/**
 * The cover class a wall gives (SF-X-22): the system flag on the wall when set, otherwise a default by wall type —
 * blocks movement → hard; blocks sight only → soft; terrain (limited sight) → soft; an open door → none.
 * Pure: takes the wall's numbers, so it is tested without Foundry.
 */
import type { CoverClass } from "../rules/index.js";

/** Foundry's CONST.WALL_SENSE_TYPES / WALL_DOOR_TYPES / WALL_DOOR_STATES values this reads. */
export const SENSE = { NONE: 0, LIMITED: 10, NORMAL: 20 } as const;
export const DOOR_STATE_OPEN = 1;

export interface WallLike {
  readonly move: number;
  readonly sight: number;
  readonly door: number;
  readonly ds: number;
  readonly flag: string | undefined;
}

export function wallCover(w: WallLike): CoverClass {
  if (w.flag === "none" || w.flag === "soft" || w.flag === "hard") return w.flag;
  if (w.door > 0 && w.ds === DOOR_STATE_OPEN) return "none";
  if (w.move !== SENSE.NONE) return "hard";
  if (w.sight !== SENSE.NONE) return "soft";
  return "none";
}
