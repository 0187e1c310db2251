/**
 * The d20 engine's turn actions (issue 30; workflows/turn/game-turn.ts): run and disengage from the tracker (SW-24,
 * move.ts, loaded when first clicked). SWN plays on the same engine and takes them as they are.
 */
import type { GameTurnActions } from "../../../workflows/turn/game-turn.js";

export const d20TurnActions: GameTurnActions = {
  move: async (combatant, kind) => (await import("./move.js")).moveAction(combatant, kind),
};
