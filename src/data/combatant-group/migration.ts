/**
 * Issue 29: a world saved by an earlier version kept which GM browser holds a side's Morale factors in the side's
 * flags (`flags.frontier-tactics.moraleFactors`); it is now the side's `system.moraleFactors` (side.ts). Moved by the
 * group's document class's `migrateData` (documents/combatant-group.ts), by the rules of `flags-to-system.ts`.
 */
import { moveFlagsIntoSystem } from "../flags-to-system.js";
import { SIDE_SPEC } from "./side.js";

/** Move a side's (whole source or an update's changes) old flag keys into its `system`, in place. */
export function migrateSideFlags(source: Record<string, unknown>): void {
  if (source.type === "side" || source.type === undefined)
    moveFlagsIntoSystem(source, SIDE_SPEC, ["moraleFactors"]);
}
