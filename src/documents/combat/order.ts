/**
 * The combat's turn order (SF-X-01, SF-X-05 by side; SW-03 by count): worked out while the combat is prepared and
 * kept per combat for core's `_sortCombatants`, and the side order of the round. Module functions, not private
 * methods: core prepares a Combat (and runs setupTurns) inside its constructor, before a subclass's private members
 * exist on the instance (issue 29: documents/combat.ts split by concern).
 */

import { currentVariant } from "../../helpers/settings.js";
import { initiativeOrder } from "../../rules/index.js";
import { storedEntriesOf, unrolledOf } from "./by-count.js";
import { errorText, localize, reportOnce } from "./common.js";
import { sideOrder, turnOrder } from "./side-initiative.js";

type C = Combat.Implementation;

/** Combat → combatant id → position in the turn order; written by setupTurns, read by _sortCombatants. */
const ORDER = new WeakMap<object, Map<string, number>>();

/**
 * The turn order's combatant ids, as the rules sort them now (setupTurns; may throw on data the rules refuse). A
 * module function, not a private method: core prepares a Combat (and runs setupTurns) inside its constructor, before
 * a subclass's private members exist on the instance.
 */
export function orderIdsOf(combat: C): string[] {
  // SW-03: by count, then Dexterity, then the tie-break die; those who have not rolled after, as core sorts them.
  return combat.byCount
    ? [
        // T2-1D (review of issue 27): every page sorts by the counts and ranks the documents hold, a GM's too —
        // a GM sorting by the real counts its browser keeps would split from the players' order whenever a count
        // it did not write lands (the active GM then re-ranks: `rerankAfter`, referee.ts).
        ...initiativeOrder(storedEntriesOf(combat)).map((e) => e.id),
        ...unrolledOf(combat).sort((a, b) =>
          (combat.combatants.get(a)?.name ?? "").localeCompare(combat.combatants.get(b)?.name ?? ""),
        ),
      ]
    : turnOrder(combat.view, currentVariant());
}

/**
 * Every client runs this while preparing the combat (`setupTurns`), so stored data the rules refuse (a side d10 of
 * 11) must not throw here (H2): the combat falls back to core's order, and the failure is reported once.
 */
export function prepareOrder(combat: C): void {
  try {
    const order = orderIdsOf(combat);
    ORDER.set(combat, new Map(order.map((id, i) => [id, i])));
  } catch (e) {
    ORDER.delete(combat);
    reportOnce(
      `${combat.id}:order:${errorText(e)}`,
      `${localize("FT.Combat.orderFailed")} (${errorText(e)})`,
    );
  }
}

/** The combat's order as `prepareOrder` left it (none when the rules refused its data). */
export const sortOrderOf = (combat: object): ReadonlyMap<string, number> | undefined => ORDER.get(combat);

/** Sort again, leaving core's `current` as it was (core then still records the previous state). */
export function resort(combat: C): void {
  const current = combat.current;
  combat.setupTurns();
  combat.current = current;
}

/** Who acts first this round (SF-X-01, SF-X-05); stored data the rules refuse gives no side order (H2). */
export function sideOrderOf(combat: C) {
  const view = combat.view;
  try {
    return sideOrder(view, currentVariant());
  } catch (e) {
    reportOnce(
      `${combat.id}:order:${errorText(e)}`,
      `${localize("FT.Combat.orderFailed")} (${errorText(e)})`,
    );
    return {
      moveOrder: view.sides.map((s) => s.id),
      initiative: null,
      simultaneousDamage: false,
      unresolvedTies: [],
    };
  }
}
