/**
 * Issue 30: what each game registers at `init` besides its table (src/games/index.ts): its sheets and hooks. Called
 * once, from src/index.ts; the Star Frontiers and d20 games register nothing of their own here.
 */
import { initSwn } from "./swn/init.js";

export function initGames(): void {
  initSwn();
}
