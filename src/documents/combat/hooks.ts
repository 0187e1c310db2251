/**
 * The combat's hooks and GM handlers, registered in one place (issue 29), called from `init` in src/index.ts.
 */
import { SYSTEM_ID } from "../../constants.js";
import { QUERY } from "../../helpers/gm-query.js";
import { registerGMRequest } from "../../helpers/gm-request.js";
import { SETTINGS } from "../../helpers/settings.js";
import { FrontierCombat } from "../combat.js";
import { chunk } from "./chunk.js";
import { errorText, reportOnce } from "./common.js";
import { preloadGMAnswers } from "./preload.js";
import { handleRollSideQuery } from "./side-rolls.js";

/** The rounds' moves (rounds.ts), the same chunk FrontierCombat loads. */
const rounds = chunk("./rounds.js", () => import("./rounds.js"));

/**
 * Every combat's phase follows its turn (`FrontierCombat#reconcilePhase`): on the GM's page load and when the active
 * GM changes. A combat of another class (a module's that does not extend this system's) is left alone.
 */
export function registerCombatHooks(): void {
  const reconcileAll = () => {
    for (const combat of game.combats?.contents ?? [])
      if (combat instanceof FrontierCombat)
        void combat
          .reconcilePhase()
          .catch((e: unknown) => reportOnce(`${combat.id}:reconcile:${errorText(e)}`, errorText(e)));
  };
  Hooks.on("ready", reconcileAll);
  Hooks.on("userConnected", reconcileAll);
  // Issue 33: the active GM's answers load before a player's write needs them — at ready, and on the page that
  // becomes the active GM when another disconnects (v13 client/documents/collections/users.mjs
  // `#handleUserActivity` calls the `userConnected` hook on every page).
  Hooks.on("ready", preloadGMAnswers);
  Hooks.on("userConnected", preloadGMAnswers);

  // GM-side handlers of players' asks (architecture: GM authority): a side's roll through CONFIG.queries (S7), the
  // next round through the request channel on the asker's own User.
  Object.assign(CONFIG.queries, { [QUERY.rollSide]: handleRollSideQuery });
  // Issue 33: rounds.ts loads with the first request (the handler is async; helpers/gm-request.ts awaits it).
  registerGMRequest("nextRound", async (body, user) => (await rounds()).handleNextRoundRequest(body, user));

  // Switching the Alpha Dawn variant changes the turn order (ties, SF-B-05): every combat re-sorts.
  const onSetting = (setting: Setting.Implementation) => {
    if (setting.key !== `${SYSTEM_ID}.${SETTINGS.variant}`) return;
    for (const combat of game.combats ?? []) combat.resortKeepingTurn();
    void ui.combat?.render();
  };
  Hooks.on("createSetting", onSetting);
  Hooks.on("updateSetting", onSetting);
}
