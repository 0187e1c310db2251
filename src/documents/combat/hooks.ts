/**
 * The combat's hooks, registered in one place (issue 29), called from `init` in src/index.ts.
 */
import { errorText, reportOnce } from "./common.js";

/**
 * Every combat's phase follows its turn (`FrontierCombat#reconcilePhase`): on the GM's page load and when the active
 * GM changes. The configured Combat class is this system's (`CONFIG.Combat.documentClass`, set in `init`); a combat
 * of another class is left alone.
 */
export function registerCombatHooks(): void {
  const reconcileAll = () => {
    for (const combat of game.combats?.contents ?? [])
      if (combat instanceof CONFIG.Combat.documentClass)
        void combat
          .reconcilePhase()
          .catch((e: unknown) => reportOnce(`${combat.id}:reconcile:${errorText(e)}`, errorText(e)));
  };
  Hooks.on("ready", reconcileAll);
  Hooks.on("userConnected", reconcileAll);
}
