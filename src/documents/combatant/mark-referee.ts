/**
 * The marks a player sets on their own Combatant (T2-2B, T2-3E): dodging (SF-X-10), delay and ready (SW-34), running
 * (SW-24), overwatch (SWN-08), a mech's Protect (SWN-06). Since issue 29 they are the Combatant's `system` (data/combatant/marks.ts). The owner
 * may write a Combatant's `system` and flags (v13 common/documents/combatant.mjs `#canUpdate`), so the server lets any
 * value through; the menus and buttons check the rules only in the writer's browser. The active GM checks each
 * player's change of these marks as it lands (documents/combat.ts `#noteMarks`) and puts back the ones the rules do
 * not allow at that moment.
 *
 * The old flag keys (`flags.frontier-tactics.state` …, worlds saved before issue 29): a client migrates an update's
 * changes before it sends them (v13 client/data/client-backend.mjs `#preUpdateDocumentArray` → the document's
 * `migrateData`, documents/combatant.ts), so an honest write of an old key arrives as a write of the mark. Only a
 * client that goes around its own code sends the old key itself; nothing reads it any more, but a later load would
 * move it into `system` (a key `system` lacks), so the referee takes it out: a player's write of an old key of ANY
 * mark is put back by deleting it (`legacyFlagWrites`).
 */
import { SYSTEM_ID } from "../../constants.js";
import { COMBATANT_MARKS, type CombatantMark, type CombatantSystem } from "../../data/combatant/marks.js";
import { currentGame } from "../../helpers/game.js";
import { getSetting, SETTINGS } from "../../helpers/settings.js";
import { sideIdOf } from "../subtypes.js";

type CombatI = Combat.Implementation;
type CombatantI = Combatant.Implementation;

/** The Combatant marks (its `system` keys) the active GM referees. */
export const REFEREED_MARKS = [
  "dodging",
  "state",
  "running",
  "overwatch",
  "protecting",
  "defending",
] as const satisfies CombatantMark[];
export type RefereedMark = (typeof REFEREED_MARKS)[number];

/** A refusal: an i18n key whose text names the rule, and what it names. */
export interface Refusal {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/**
 * SF-X-10: why the rules do not let the combatant's dodging mark be set or cleared now — outside the declare phase
 * and its own side's move phase, when phases are enforced — or null. Says nothing: the tracker's menu
 * (workflows/turn/phase-gate.ts `mayMarkDodging`) and the active GM's check of a player's write both read it.
 */
export function dodgingRefusal(combat: CombatI, combatant: CombatantI): Refusal | null {
  if (!getSetting(SETTINGS.enforcePhases)) return null;
  const phase = combat.ftPhases[combat.phaseIndex] ?? null;
  if (!phase) return null;
  const sideId = sideIdOf(combatant);
  if (phase.kind === "declare" || (phase.kind === "move" && !!sideId && phase.sides.includes(sideId)))
    return null;
  return { key: "FT.Dodge.notNow", data: { name: combatant.name ?? "", phase: `FT.Phase.${phase.kind}` } };
}

/** Is it this combatant's own turn in a started d20 combat (the moment SW-24, SW-34 and SWN-08 give)? */
const ownTurn = (combat: CombatI, c: CombatantI) =>
  combat.started && combat.byCount && combat.settled.combatantId === c.id;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object";

/**
 * May a player change mark `key` of combatant `c` from `before` to `after` now?
 * - dodging (SF-X-10): set to this round or cleared, in the declare phase or its side's move phase (`dodgingRefusal`).
 * - state (SW-34): "delaying" or "readied", on its own turn (the tracker's Delay and Ready); ending a held turn is
 *   the GM's ("Act now", "Trigger", the round's end).
 * - running (SW-24): the run of its own turn — active, this round, one more than a run the round before; ending it
 *   (its Dex back) is the GM's, at its next turn.
 * - overwatch (SWN-08): taken on its own turn (this round, unspent); spent (its one shot) at any time; nothing else.
 * - protecting (SWN-06, a mech's Protect): taken on its own turn, this round; ending it is the GM's. That the actor
 *   is a mech and Protect is its round's action is the game's check (`GameTable.markBacked`).
 * - defending (SW-17, SW-21, SW-23): declared on its own turn, for this round (a charge or fighting defensively,
 *   off its turn too where the game backs it by its card, SW-34); ending it is the GM's, at its next turn. What backs
 *   it — the round's total-defense action, the admitted card that charged or fought defensively — is the game's
 *   check (`GameTable.markBacked`, trust review 1.3), run after this one by the referee (documents/combat/referee.ts).
 */
export function markAllowed(
  combat: CombatI,
  c: CombatantI,
  key: RefereedMark,
  before: unknown,
  after: unknown,
): boolean {
  if (!combat.started) return false;
  // The round the GM's writes left, not a round a player wrote just before (`FrontierCombat#settled`).
  const round = combat.settled.round;
  switch (key) {
    case "dodging":
      return (after === null || after === undefined || after === round) && !dodgingRefusal(combat, c);
    case "state":
      return (after === "delaying" || after === "readied") && ownTurn(combat, c);
    case "running": {
      if (!isObject(after) || after.active !== true || after.round !== round || !ownTurn(combat, c))
        return false;
      const prior = isObject(before) ? (before as Partial<NonNullable<CombatantSystem["running"]>>) : null;
      const count = prior && prior.round === round - 1 ? (prior.count ?? 0) + 1 : 1;
      return after.count === count;
    }
    case "defending":
      if (!isObject(after) || after.round !== round) return false;
      // Trust review 3.3: a charge or a defensive full attack made as a readied action (SW-34) lands off the
      // combatant's own turn; where the game backs the mark by the admitted card (`GameTable.markBacked`), the card
      // is its evidence and the moment is its own. Total defense is taken on its own turn only.
      return ownTurn(combat, c) || (after.totalDefense !== true && !!currentGame().markBacked);
    case "overwatch": {
      if (!isObject(after)) return false;
      const taken =
        ownTurn(combat, c) &&
        after.round === round &&
        after.used === false &&
        typeof after.facing === "number";
      const spent =
        isObject(before) &&
        before.used === false &&
        after.used === true &&
        after.round === before.round &&
        after.facing === before.facing &&
        after.weaponId === before.weaponId;
      return taken || spent;
    }
    case "protecting":
      return isObject(after) && after.round === round && ownTurn(combat, c);
  }
}

/**
 * The refereed marks a change (expanded or flattened, as v13 sends it) touches: keys of `system`. A change that
 * `replaced` (an update with `recursive: false`: v13 `DataModel#updateSource` then replaces each object it names)
 * and names `system` touches every mark, whichever keys it holds.
 */
export function touchedMarks(change: object, replaced = false): RefereedMark[] {
  if (replaced && "system" in change) return [...REFEREED_MARKS];
  const keys = Object.keys(foundry.utils.flattenObject(change) as Record<string, unknown>);
  // Writing `system` whole (an empty object, a deletion `-=system` or a forced replacement `==system`, v13
  // common/utils/helpers.mjs deletion and replacement keys) touches every mark.
  if (keys.some((k) => k === "system" || k === "-=system" || k === "==system")) return [...REFEREED_MARKS];
  return REFEREED_MARKS.filter((m) =>
    keys.some(
      (k) =>
        k === `system.${m}` ||
        k.startsWith(`system.${m}.`) ||
        k === `system.-=${m}` ||
        k === `system.==${m}` ||
        k.startsWith(`system.==${m}.`),
    ),
  );
}

/**
 * The update that takes out a player's write of the marks' OLD flag keys (see the file header): each key deleted.
 * Empty when the change wrote none.
 */
export function legacyFlagWrites(change: object): Record<string, null> {
  const keys = Object.keys(foundry.utils.flattenObject(change) as Record<string, unknown>);
  const scope = `flags.${SYSTEM_ID}`;
  const out: Record<string, null> = {};
  for (const m of COMBATANT_MARKS)
    if (keys.some((k) => k === `${scope}.${m}` || k.startsWith(`${scope}.${m}.`)))
      out[`${scope}.-=${m}`] = null;
  return out;
}

/** The value a put-back writes for a mark that was `before`: a mark that was absent is written null (cleared). */
export function putBackValue(before: unknown): unknown {
  return before === undefined ? null : before;
}
