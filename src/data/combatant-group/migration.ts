/**
 * Issue 29: a world saved by an earlier version kept which GM browser holds a side's Morale factors in the side's
 * flags (`flags.frontier-tactics.moraleFactors`); it is now the side's `system.moraleFactors` (side.ts). A
 * CombatantGroup has no document class of ours, so the Combat's `migrateData`, which sees its groups, moves it
 * (documents/combat.ts), by the rules of `flags-to-system.ts`.
 */
import { moveFlagsIntoSystem } from "../flags-to-system.js";
import { SIDE_SPEC } from "./side.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Move each side's flags of a Combat source (whole or an update's changes) into its `system`, in place. */
export function migrateSideFlags(combatSource: Obj): void {
  if (!Array.isArray(combatSource.groups)) return;
  for (const g of combatSource.groups)
    if (isObj(g) && (g.type === "side" || g.type === undefined))
      moveFlagsIntoSystem(g, SIDE_SPEC, ["moraleFactors"]);
}
