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
 * Issue 31 (trust review 1.2): an `isUndo` write that carries a position is no safer — v13 infers its waypoints as
 * method "undo", does not record it (`recorded = !options.isUndo && …`) and keeps the history its author sent. So a
 * player's `isUndo` write is trusted only when it is what v13's own undo writes (client/documents/token.mjs
 * `revertRecordedMovement`, search id 18257454974): `_movementHistory: history.slice(0, index)` — a shortened copy
 * (a strict prefix) of the history the token had — with the token put at `history[Math.max(index - 1, 0)]`, the last
 * waypoint kept (or the first one when all of it is undone). Any other `isUndo` write (a 1 px move carrying a longer
 * forged walk, a history alone) is put back: its history by the one kept, and, where it moved the token, the move
 * recorded as a walk from where the token stood (an owner may move the token there — a plain update is a movement
 * v13 records — but not erase or invent the walk; games/d20/workflows/provoke.ts `forgedUndo` writes the same walk
 * for the d20 offers). This runs for every game (SF-X-10's target movement reads the history too).
 *
 * Every client runs `updateToken` with the change and its author's id: v13 client/data/client-backend.mjs
 * `#handleUpdateDocuments` calls `doc._onUpdate(change, options, userId)` then `Hooks.callAll(\`update${type}\`, doc,
 * change, options, userId)` — no `noHook` gate there, so the GM's `clearMovementHistory({noHook: true})` is seen too
 * — after the change is in the token's source (`change` is what `updateSource` returned on that client). Each GM
 * page keeps the history of each token as the last trusted write left it (a GM's, a movement v13 recorded, an honest
 * undo); the active GM writes it back over any other player's `isUndo` write (an `isUndo` update, as provoke.ts
 * writes a walk back). The readers of the history — SW-21 the charge's distance, SW-12 a run, SW-25 the offers,
 * SF-X-10 a target's movement — read that record on the GM's page (`trustedHistory`) and the put-back history
 * elsewhere. Limit: a forged write made while no GM page is open stays until a GM's page sees the token move.
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
  for (const scene of game.scenes ?? []) for (const t of scene.tokens) keep(t);
}

/**
 * Two waypoints of one walk: every field equal (v13's undo writes `history.slice(0, index)`, the kept waypoints
 * untouched) — the action, the user, the cost and the rest too: a prefix whose positions and movement id matched but
 * whose GM `displace` read `walk` made a GM's nudge a player's walk (final review of issue 31, 1.2).
 * `foundry.utils.objectsEqual` (common/utils/helpers.mjs).
 */
const same = (a: Kept[number] | undefined, b: Kept[number] | undefined) =>
  !!a && !!b && foundry.utils.objectsEqual(a, b);

/**
 * Was this a player's `isUndo` write of the history that v13's own undo would not write (walk-guard header): its
 * history not a strict prefix of the one kept, or the token put anywhere but at the last waypoint kept.
 */
function forged(
  doc: TokenD,
  changed: Record<string, unknown>,
  options: { isUndo?: boolean },
  userId: string,
): boolean {
  if (!("_movementHistory" in changed)) return false;
  if (game.users?.get(userId)?.isGM) return false;
  // A movement v13 recorded itself (no `isUndo`: `#preUpdateMovement` wrote `changed._movementHistory`); the
  // `moveToken` readers referee those (provoke.ts `forgedUndo`).
  if (!options.isUndo) return false;
  if (!MOVEMENT_FIELDS.some((k) => k in changed)) return true;
  const before = kept.get(doc.uuid) ?? [];
  const now = historyOf(doc);
  if (now.length >= before.length || !now.every((w, i) => same(w, before[i]))) return true;
  // v13: `const {x, y, elevation, width, height, shape} = history[Math.max(index - 1, 0)]`.
  const back = before[Math.max(now.length - 1, 0)];
  return !back || doc._source.x !== back.x || doc._source.y !== back.y;
}

/** Token UUID → where it stood after the last trusted write (a forged undo's move starts there). */
const stood = new Map<string, { x: number; y: number }>();

/** Keep the token's history and position as this write left them. */
function keep(doc: TokenD): void {
  kept.set(doc.uuid, historyOf(doc));
  stood.set(doc.uuid, { x: doc._source.x, y: doc._source.y });
}

/**
 * The history written back over a forged undo: the kept one, and — when the write moved the token — that move as a
 * walk from where it stood (each waypoint as v13 records one, `TokenMeasuredMovementWaypoint`).
 */
function putBack(doc: TokenD, userId: string): Kept {
  const back = kept.get(doc.uuid) ?? [];
  const from = stood.get(doc.uuid) ?? back.at(-1);
  const to = { x: doc._source.x, y: doc._source.y };
  // v13 records a movement only while the token's combat is started (token.mjs `_shouldRecordMovementHistory`).
  const recording = !!doc.combatant?.combat?.started;
  if (!recording || !from || (from.x === to.x && from.y === to.y)) return back;
  const last = back.at(-1);
  const base = {
    elevation: doc._source.elevation ?? 0,
    width: doc._source.width,
    height: doc._source.height,
    shape: doc._source.shape,
    terrain: null,
    snapped: false,
    explicit: true,
    checkpoint: true,
    intermediate: false,
    userId,
    movementId: foundry.utils.randomID(),
    cost: 0,
  };
  // Cast: fvtt-types 13.345 types a waypoint's shape and terrain narrower than the token's source fields they are
  // copied from (v13 records them so, `#preUpdateMovement`).
  const at = (p: { x: number; y: number }) =>
    ({ ...base, ...p, action: "walk" }) as TokenDocument.MeasuredMovementWaypoint;
  const walk: TokenDocument.MeasuredMovementWaypoint[] = [];
  if (!last || last.x !== from.x || last.y !== from.y) walk.push(at(from));
  walk.push(at(to));
  return [...back, ...walk];
}

/** `init`: each GM page keeps the trusted histories; the active GM puts a player's history-only write back. */
export function registerWalkGuard(): void {
  Hooks.once("ready", () => {
    if (game.user?.isGM) keepAll();
  });
  Hooks.on("createToken", (doc: TokenD) => {
    if (game.user?.isGM) keep(doc);
  });
  Hooks.on("deleteToken", (doc: TokenD) => {
    kept.delete(doc.uuid);
    stood.delete(doc.uuid);
  });
  Hooks.on(
    "updateToken",
    (doc: TokenD, changed: Record<string, unknown>, options: unknown, userId: string) => {
      if (!game.user?.isGM) return;
      if (!("_movementHistory" in changed)) {
        // A move v13 did not record (outside a started combat) or any other write: where the token stands now.
        if (MOVEMENT_FIELDS.some((k) => k in changed))
          stood.set(doc.uuid, { x: doc._source.x, y: doc._source.y });
        return;
      }
      const isUndo =
        typeof options === "object" && options !== null && "isUndo" in options && !!options.isUndo;
      if (!forged(doc, changed, { isUndo }, userId)) {
        keep(doc);
        return;
      }
      if (!game.user.isActiveGM) return;
      const back = putBack(doc, userId);
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
