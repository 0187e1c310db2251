/**
 * Issue 29: a world saved by an earlier version kept the Combat's GM state in its flags
 * (`flags.frontier-tactics.phase`, `.heldDamage`, `.acted` …); it is now its `system` (state.ts). Moved once per load
 * by the document class's `migrateData` (documents/combat.ts), by the rules of `flags-to-system.ts`.
 */
import { moveFlagsIntoSystem } from "../flags-to-system.js";
import { COMBAT_KEYS, COMBAT_SPEC, type CombatKey } from "./state.js";

/** Move a Combat source's GM state from its flags into its `system`, in place. Returns the keys moved. */
export const migrateCombatState = (source: Record<string, unknown>): CombatKey[] =>
  moveFlagsIntoSystem(source, COMBAT_SPEC, COMBAT_KEYS);
