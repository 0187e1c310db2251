/**
 * Issue 30: every game module's table, registered at `init` (helpers/game.ts). A world plays one of them
 * (`currentGame()`); a stored card is drawn by the one it was rolled under (`gameOf(card)`).
 */
import { registerGame } from "../helpers/game.js";
import { alphaDawnGame } from "./alpha-dawn/index.js";
import { d20Game } from "./d20/index.js";
import { swnGame } from "./swn/index.js";
import { zebulonGame } from "./zebulon/index.js";

/** Every game's table (a test without `init` registers them with `registerGame`). */
export const GAMES = [alphaDawnGame, zebulonGame, d20Game, swnGame] as const;

export function registerGames(): void {
  for (const table of GAMES) registerGame(table);
}
