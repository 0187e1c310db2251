/**
 * "Dodging this round" (SF-X-10), as a Combatant holds it: its owner's mark (set from the combat tracker's menu,
 * workflows/turn/dodging.ts) is the round it dodges in, so it lapses by itself when the round changes. A reading of
 * the document's own state, so it sits with the documents: the scene's reader (`canvas/scene-facts.ts`) asks it, and
 * may import nothing above the canvas (issue 29).
 */
import { SYSTEM_ID } from "../../constants.js";

/** Does this combatant dodge in its combat's current round? */
export function isDodging(c: Combatant.Implementation | null | undefined): boolean {
  const combat = c?.parent;
  return !!c && !!combat?.started && c.getFlag(SYSTEM_ID, "dodging") === combat.round;
}
