/**
 * The phases and Foundry's turn order as phase-turns.ts reads them (SF-X-01, SF-B-03), for the current round or
 * another one. Split from phases.ts (issue 33) so that the lazy phase moves (phase-moves.ts) and phases.ts share it
 * without importing each other; phases.ts re-exports both functions.
 */
import { currentVariant } from "../../helpers/settings.js";
import { roundPhases } from "../../rules/index.js";
import { sideIdOf } from "../subtypes.js";
import type { Member } from "./common.js";
import type { PhaseTurnInput } from "./phase-turns.js";
import { type CombatView, sideOrder, turnOrder } from "./side-initiative.js";

type C = Combat.Implementation;

/** The phases and Foundry's turn order as phase-turns.ts reads them (the current ones by default). */
export function phaseInput(
  combat: C,
  phases = combat.ftPhases,
  turns: readonly (Member | undefined)[] = combat.turns,
): PhaseTurnInput {
  return {
    phases,
    turns: turns.map((c) => ({
      id: c?.id ?? "",
      sideId: c ? sideIdOf(c) : null,
      defeated: !!c?.isDefeated,
    })),
    skipDefeated: !!combat.settings.skipDefeated,
  };
}

/** The same for the order of another round (surprise counts in round 1 only) or after changes not yet written. */
export function phaseInputOf(combat: C, view: CombatView): PhaseTurnInput {
  const variant = currentVariant();
  const order = turnOrder(view, variant);
  return phaseInput(
    combat,
    roundPhases(sideOrder(view, variant), variant),
    order.map((id) => combat.combatants.get(id)),
  );
}
