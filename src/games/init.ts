/**
 * Issue 30: what each game registers at `init` besides its table (src/games/index.ts): its sheets and hooks. Called
 * once, from src/index.ts; the Star Frontiers games register nothing of their own here.
 */
import { initD20 } from "./d20/init.js";
import { initSwn } from "./swn/init.js";

export function initGames(): void {
  initSwn();
  // SW-33 (issue 31): the GM's side of a coup de grace.
  initD20();
}
