/**
 * What the combat's modules share (issue 29: documents/combat.ts split by concern): the update options the combat
 * passes itself, the per-combat queue of the GM's rolls and round changes, and the report of a failure once.
 */
import { SYSTEM_ID } from "../../constants.js";
import { perPage } from "../../helpers/page-state.js";
import { KeyedQueue } from "../../helpers/serial.js";

export type Member = Combatant.Implementation;

export const SIDE = "side";
/** Update option of a phase step whose turn events the active GM fires itself ("turn", "round"; see `moveTo`). */
export const STEP_EVENTS = "ftStepEvents";
/** Option a client sets on a combatant delete whose turn it handed on (`handOnTurn`). */
export const HANDED_ON = "ftHandedOn";
/**
 * Update option of the active GM's write that puts back a player's change: the player who made it and the reason
 * (a localization key) their client shows them.
 */
export const PUT_BACK = "ftPutBack";
export type PutBack = { user: string; reason: string };
/**
 * Update option a GM's page sets on a combat write that names the turn (`FrontierCombat#_preUpdate`): that turn,
 * even when it equals the one the page had. v13 sends only what differs from the writer's page
 * (client/data/client-backend.mjs `#preUpdateDocumentArray`, the `diff` option), so such a write would carry no
 * `turn`; the options travel with the operation to every client.
 */
export const TURN_MEANT = "ftTurnMeant";

/**
 * Combat id → the GM's rolls and round changes, one at a time (S7): two players' roll requests arriving together
 * must not both see a side unrolled and roll it twice; each task reads the combat again when its turn comes.
 */
const ROLLS = perPage(() => new KeyedQueue());
/** Failures of the turn order already reported (one report per combat and message, not one per render). */
const REPORTED = perPage(() => new Set<string>());

export const localize = (key: string) => game.i18n?.localize(key) ?? key;

/** GM: run a roll or round change of this combat after the ones queued before it (S7). */
export function serial<T>(combat: Combat.Implementation, task: () => Promise<T>): Promise<T> {
  return ROLLS().run(combat.id ?? "", task);
}

/** SW-03: run the GM's d20 rolls of this combat one after another (their own key in the same queue). */
export function serialByCount<T>(combat: Combat.Implementation, task: () => Promise<T>): Promise<T> {
  return ROLLS().run(`${combat.id}:d20`, task);
}

/**
 * v13 calls the descendant-document callbacks for both embedded collections, `combatants` and `groups`;
 * fvtt-types 13.345 lists only `combatants` in their arguments, so the name is taken as a plain string.
 */
export function isGroups(collection: string): boolean {
  return collection === "groups";
}

/** The combat's phase state: the phase and the turn it was written with (see `reconcilePhase`). */
export function phaseFlags(phase: number, turn: number | null) {
  return { phase, phaseTurn: turn };
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The player whose change the active GM put back is told why (the GM's write names them and the reason). */
export function tellPutBack(putBack: PutBack | undefined): void {
  if (!putBack || putBack.user !== game.user?.id || game.user.isGM) return;
  ui.notifications?.warn(localize(putBack.reason));
}

/** Report a failure once per key: to the console on every client, and to a GM as a notification. */
export function reportOnce(key: string, message: string): void {
  if (REPORTED().has(key)) return;
  REPORTED().add(key);
  console.error(`${SYSTEM_ID} | ${message}`);
  if (game.user?.isGM) ui.notifications?.error(message);
}

/** Report a task's failure once per combat, concern and message (the `void task().catch(...)` of the GM's writes). */
export const reportFailure =
  (combat: Combat.Implementation, concern: string) =>
  (e: unknown): void =>
    reportOnce(`${combat.id}:${concern}:${errorText(e)}`, errorText(e));
