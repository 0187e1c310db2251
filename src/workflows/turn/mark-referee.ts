/**
 * The marks a player sets on their own Combatant (T2-2B, T2-3E): dodging (SF-X-10), delay and ready (SW-34), running
 * (SW-24), overwatch (SWN-08). The owner may write a Combatant's flags (v13 common/documents/combatant.mjs
 * `#canUpdate`), so the server lets any value through; the menus and buttons check the rules only in the writer's
 * browser. The active GM checks each player's change of these marks as it lands (documents/combat.ts
 * `#noteMarks`) and puts back the ones the rules do not allow at that moment.
 */
import { SYSTEM_ID } from "../../constants.js";
import type { RunningFlag } from "./d20-move.js";
import { dodgingRefusal } from "./phase-gate.js";

type CombatI = Combat.Implementation;
type CombatantI = Combatant.Implementation;

/** The Combatant flags (under the system's scope) the active GM referees. */
export const REFEREED_MARKS = ["dodging", "state", "running", "overwatch"] as const;
export type RefereedMark = (typeof REFEREED_MARKS)[number];

/** Is it this combatant's own turn in a started d20 combat (the moment SW-24, SW-34 and SWN-08 give)? */
const ownTurn = (combat: CombatI, c: CombatantI) =>
  combat.started && combat.byCount && combat.settled.combatantId === c.id;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object";

/**
 * May a player change mark `key` of combatant `c` from `before` to `after` now?
 * - dodging (SF-X-10): set to this round or cleared, in the declare phase or its side's move phase (phase-gate.ts).
 * - state (SW-34): "delaying" or "readied", on its own turn (the tracker's Delay and Ready); ending a held turn is
 *   the GM's ("Act now", "Trigger", the round's end).
 * - running (SW-24): the run of its own turn — active, this round, one more than a run the round before; ending it
 *   (its Dex back) is the GM's, at its next turn.
 * - overwatch (SWN-08): taken on its own turn (this round, unspent); spent (its one shot) at any time; nothing else.
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
      const prior = isObject(before) ? (before as Partial<RunningFlag>) : null;
      const count = prior && prior.round === round - 1 ? (prior.count ?? 0) + 1 : 1;
      return after.count === count;
    }
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
  }
}

/** The refereed marks a change (expanded or flattened, as v13 sends it) touches. */
export function touchedMarks(change: object): RefereedMark[] {
  const keys = Object.keys(foundry.utils.flattenObject(change) as Record<string, unknown>);
  const scope = `flags.${SYSTEM_ID}`;
  if (keys.some((k) => k === `flags.-=${SYSTEM_ID}`)) return [...REFEREED_MARKS];
  return REFEREED_MARKS.filter((m) =>
    keys.some(
      (k) => k === `${scope}.${m}` || k.startsWith(`${scope}.${m}.`) || k.startsWith(`${scope}.-=${m}`),
    ),
  );
}
