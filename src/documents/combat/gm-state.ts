/**
 * The Combat's GM state (issue 29): its `system`, on core's `base` type (data/combat/state.ts, the model
 * data/models.ts `CombatModel`). A player may write only a Combat's `round`, `turn` and `combatants` (v13
 * common/documents/combat.mjs `#canUpdate`), so this is the GM's.
 */
import { COMBAT_SPEC, type CombatSystem } from "../../data/combat/state.js";
import { initialData } from "../../data/spec.js";

/** The state of a combat that has none (not of our model: a module's own subtype). */
const NONE: CombatSystem = Object.freeze(initialData(COMBAT_SPEC.fields));

/**
 * Is this `system` our model's? fvtt-types cannot tell the `base` model from a module's own subtype's. Tested by its
 * fields, not `instanceof CombatModel`: the pure modules that read the state (d20-initiative.ts, their unit tests)
 * then load without Foundry's classes.
 */
function isCombatState(system: unknown): system is CombatSystem {
  if (typeof system !== "object" || system === null) return false;
  const s = system as Partial<Record<keyof CombatSystem, unknown>>; // its fields are tested below
  return Array.isArray(s.acted) && Array.isArray(s.heldDamage) && typeof s.phase === "number";
}

/** A combat's GM state, typed. */
export function combatState(combat: Combat.Implementation | null | undefined): CombatSystem {
  const system: unknown = combat?.system;
  return isCombatState(system) ? system : NONE;
}
