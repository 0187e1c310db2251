/**
 * Issue 31 (last session's closing note: "a player can write a walked history with an `isUndo` update and no
 * position (no `moveToken` hook fires), which the charge distance reads"): the active GM puts back a player's write of
 * a token's movement history that no movement made.
 *
 * What v13 lets a player write: the owner of a token's actor may update the token, every field of it
 * (common/documents/token.mjs `#canUpdate`: "You can update Tokens for Actors you control"), the internal
 * `_movementHistory` included — its schema field (an `@internal` `ArrayField` of waypoints) carries no permission of
 * its own. The only guard is on the writer's own page: client/documents/token.mjs
 * `#preUpdateMovement` (from `_preUpdate`, search id 18257454974) — "Prevent movement history from being changed
 * directly except for explicit reset": `if ( !options.isUndo ) delete changed._movementHistory`. So an update with
 * `{isUndo: true}` keeps whatever history it carries, and when it carries no x, y, elevation, width, height or shape
 * no waypoints are inferred (`if ( !waypoints ) { for ( const k of TokenDocument.MOVEMENT_FIELDS ) delete
 * changed[k]; return; }`): no movement operation, no `moveToken` hook, only the written history. v13's own writes of
 * a history are a movement (`#preUpdateMovement` records it with the position), an undo (`revertRecordedMovement`:
 * `update({x, y, elevation, width, height, shape, _movementHistory: history.slice(0, index)}, {isUndo: true, diff:
 * false})`, the position always with it) and a reset (`clearMovementHistory`, the combat's at a turn start, by the
 * GM). A player's history write with none of the movement fields is none of these.
 *
 * Every client runs `updateToken` with the change and its author's id (client/documents/abstract/client-document.mjs
 * `_onUpdate` → `Hooks.callAll`), after the change is in the token's source. Each GM page keeps the history of each
 * token as the last trusted write left it (a GM's, or a movement's, which the `moveToken` readers referee:
 * games/d20/workflows/provoke.ts `forgedUndo`); the active GM writes it back over a player's history-only write (an
 * `isUndo` update of `_movementHistory` alone, as provoke.ts writes a walk back). The readers of the history — SW-21
 * the charge's distance, SW-12 a run, SW-25 the offers, SF-X-10 a target's movement — then read the walk the token
 * made. Limit: a forged write made while no GM page is open stays until a GM's page sees the token move.
 */
import { guard } from "../../helpers/report.js";

/** v13 `BaseToken.MOVEMENT_FIELDS` (common/documents/token.mjs). */
const MOVEMENT_FIELDS = ["x", "y", "elevation", "width", "height", "shape"] as const;

type TokenD = TokenDocument.Implementation;
/** Recorded waypoints as v13 stores them (`TokenMeasuredMovementWaypoint`); kept whole, written back whole. */
type Kept = readonly TokenDocument.MeasuredMovementWaypoint[];

/** Token UUID → its movement history as the last trusted write left it (this GM page's own record). */
const kept = new Map<string, Kept>();

/**
 * The stored history (`_source._movementHistory`, v13 token.mjs `revertRecordedMovement` reads it so). fvtt-types
 * 13.345 types the field as waypoints; copied so a later change of the source leaves the record as it was.
 */
function historyOf(doc: TokenD): Kept {
  const source: { _movementHistory?: Kept } = doc._source;
  return foundry.utils.deepClone([...(source._movementHistory ?? [])]);
}

/**
 * The token's movement history as the last trusted write left it, on a GM's page (a player's history-only write not
 * yet put back is not in it); the stored one elsewhere. SW-21: the GM reads a charge's walk here.
 */
export function trustedHistory(doc: TokenD): Kept {
  return (game.user?.isGM ? kept.get(doc.uuid) : undefined) ?? historyOf(doc);
}

/** Every token of every scene as it stands now (a GM's page when it is ready). */
function keepAll(): void {
  for (const scene of game.scenes ?? []) for (const t of scene.tokens) kept.set(t.uuid, historyOf(t));
}

/** Was this update a player's history write that no movement made? */
function forged(changed: Record<string, unknown>, userId: string): boolean {
  if (!("_movementHistory" in changed)) return false;
  if (game.users?.get(userId)?.isGM) return false;
  return !MOVEMENT_FIELDS.some((k) => k in changed);
}

/** `init`: each GM page keeps the trusted histories; the active GM puts a player's history-only write back. */
export function registerWalkGuard(): void {
  Hooks.once("ready", () => {
    if (game.user?.isGM) keepAll();
  });
  Hooks.on("createToken", (doc: TokenD) => {
    if (game.user?.isGM) kept.set(doc.uuid, historyOf(doc));
  });
  Hooks.on("deleteToken", (doc: TokenD) => {
    kept.delete(doc.uuid);
  });
  Hooks.on(
    "updateToken",
    (doc: TokenD, changed: Record<string, unknown>, _options: unknown, userId: string) => {
      if (!game.user?.isGM || !("_movementHistory" in changed)) return;
      if (!forged(changed, userId)) {
        kept.set(doc.uuid, historyOf(doc));
        return;
      }
      if (!game.user.isActiveGM) return;
      const back = kept.get(doc.uuid) ?? [];
      // The history put back, as v13's undo writes one (an `isUndo` update; no position, so no movement). Cast:
      // fvtt-types 13.345 types neither the private `_movementHistory` in update data nor `isUndo` in the operation.
      void guard(() =>
        doc.update(
          { _movementHistory: back } as TokenDocument.UpdateData,
          { isUndo: true, diff: false } as TokenDocument.Database.UpdateOperation,
        ),
      );
    },
  );
}
