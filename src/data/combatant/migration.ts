/**
 * Issue 29: a world saved by an earlier version kept a Combatant's marks in its flags (`flags.frontier-tactics.state`,
 * `.dodging`, `.declared`, `.turn`, `.running`, `.overwatch`); they are now its `system` (marks.ts). Moved once per
 * load by the document class's `migrateData` (documents/combatant.ts), by the rules of `flags-to-system.ts`. On an
 * update's changes, a write of an old flag key (an old macro, a player's console) becomes a write of the mark, which
 * the GM's referee then judges (documents/combatant/mark-referee.ts).
 */
import { moveFlagsIntoSystem } from "../flags-to-system.js";
import { COMBATANT_MARKS, COMBATANT_SPEC, type CombatantMark } from "./marks.js";

/** Move a Combatant source's marks from its flags into its `system`, in place. Returns the keys moved. */
export const migrateCombatantMarks = (source: Record<string, unknown>): CombatantMark[] =>
  moveFlagsIntoSystem(source, COMBATANT_SPEC, COMBATANT_MARKS);
