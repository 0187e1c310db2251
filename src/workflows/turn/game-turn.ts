/**
 * # A game's turn actions (issue 30)
 *
 * The full-round movement actions a game's combatant takes from its tracker row, asked of the world's game instead of
 * imported from it: Star Wars d20's run and disengage (SW-24; SWN plays on the same engine). The Star Frontiers games
 * have none (a move there is the token's, SF-B-11, SF-X-17). Each game module fills it (`src/games/<game>/index.ts`).
 */
type CombatantI = Combatant.Implementation;

export interface GameTurnActions {
  /** SW-24: the acting combatant runs or disengages as its round's full-round action; null where the game has none. */
  readonly move: ((combatant: CombatantI, kind: "run" | "disengage") => Promise<void>) | null;
}

declare module "../../helpers/game.js" {
  interface GameTable {
    /** Its turn actions (workflows/turn/game-turn.ts). */
    readonly turnActions: GameTurnActions;
  }
}
