/**
 * Issue 29: a world saved by an earlier version kept the Combat's GM state in its flags
 * (`flags.frontier-tactics.phase`, `.heldDamage`, `.acted` …); it is now its `system` (state.ts). Moved once per load
 * by the document class's `migrateData` (documents/combat.ts), by the rules of `flags-to-system.ts`: v13
 * `Document.migrateData` sees the whole source (common/abstract/document.mjs), its `DataModel.migrateData` then hands
 * `system` to the model (common/data/fields.mjs `TypeDataField#migrateSource`) and each combatant and group to its own
 * class (`EmbeddedCollectionField#migrateSource`: FrontierCombatant moves its marks, FrontierCombatantGroup a side's).
 */
import { moveFlagsIntoSystem } from "../flags-to-system.js";
import { COMBAT_KEYS, COMBAT_SPEC, type CombatKey } from "./state.js";

/** Move a Combat source's GM state from its flags into its `system`, in place. Returns the keys moved. */
export const migrateCombatState = (source: Record<string, unknown>): CombatKey[] =>
  moveFlagsIntoSystem(source, COMBAT_SPEC, COMBAT_KEYS);
