/**
 * Doors broken by structural damage (SF-X-41) stay open: the wall hooks, kept apart from the shooting itself
 * (structure.ts, loaded when a shot at a wall is made) so the system's first load carries only what every page needs.
 */
import { SYSTEM_ID } from "../../constants.js";
import { notify } from "../../helpers/report.js";
import { onGMQueue } from "../card/gm-queue.js";

type WallDoc = WallDocument.Implementation;

/** Whether a door was broken open by structural damage (it stays open). */
export function isBroken(wall: WallDoc): boolean {
  return wall.getFlag(SYSTEM_ID, "broken") === true;
}

/**
 * A broken door stays open: a player's closing or locking it is refused on the client that tries (v13
 * `preUpdateWall`, whose `false` stops the update before it is sent). The GM may close it: that repairs the door
 * (the `broken` flag is cleared and its points are rolled again when next hit), with a notice.
 */
export function keepBrokenDoorsOpen(
  wall: WallDoc,
  changes: { ds?: number; flags?: Record<string, unknown> },
): boolean | undefined {
  if (!isBroken(wall) || changes.ds === undefined || changes.ds === CONST.WALL_DOOR_STATES.OPEN)
    return undefined;
  if (game.user?.isGM) {
    const ours = (changes.flags?.[SYSTEM_ID] ?? {}) as Record<string, unknown>;
    changes.flags = { ...changes.flags, [SYSTEM_ID]: { ...ours, broken: false, structuralPoints: null } };
    notify("info", "FT.Structure.repaired");
    return undefined;
  }
  notify("warn", "FT.Structure.brokenDoor");
  return false;
}

/**
 * The active GM opens again a broken door that a non-GM closed anyway (a client without our hook, or a console:
 * v13 `BaseWall#canUpdate` lets a player set `ds` on an unlocked door). `userId` is the one the server vouched for.
 */
export function reopenBrokenDoor(wall: WallDoc, changes: { ds?: number }, userId: string): void {
  if (!game.user?.isActiveGM || !isBroken(wall) || changes.ds === undefined) return;
  if (changes.ds === CONST.WALL_DOOR_STATES.OPEN || game.users?.get(userId)?.isGM) return;
  void onGMQueue(() => wall.update({ ds: CONST.WALL_DOOR_STATES.OPEN }));
}

/** SF-X-41: the wall hooks that keep a broken door open (moved out of src/index.ts, which calls this once). */
export function registerStructureDoorHooks(): void {
  Hooks.on("preUpdateWall", (wall, changes) => keepBrokenDoorsOpen(wall, changes as { ds?: number }));
  Hooks.on("updateWall", (wall, changes, _options, userId) =>
    reopenBrokenDoor(wall, changes as { ds?: number }, userId),
  );
}
