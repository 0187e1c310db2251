/**
 * The combat's hooks, registered in one place (issue 29), called from `init` in src/index.ts.
 */
import { FrontierCombat } from "../combat.js";
import { errorText, reportOnce } from "./common.js";

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
}
