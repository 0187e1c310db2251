/**
 * The hooks and GM requests of side Morale (issue 16; SWN-09, SWN-10, SWN-12, SWN-13; moved out of src/index.ts, so
 * the concern registers from one place): small, loaded with the system; the workflow they call (side-morale-gm.ts)
 * is loaded when first needed.
 */
import { playsSideMorale } from "../../../canvas/morale-band.js";
import { SYSTEM_ID } from "../../../constants.js";
import { registerGMRequest } from "../../../helpers/gm-request.js";

/**
 * SWN-09, SWN-10, SWN-12 (issue 16): side Morale's GM requests, the reading a GM writes on the reader's User, and the hooks on which the active
 * GM recomputes a side — an actor's SWN block (its HP), a combatant defeated, added or removed, the combat started
 * or a new round. The workflow (side-morale-gm.ts) is loaded when first needed.
 */
export function registerSideMoraleHooks(): void {
  const morale = () => import("./side-morale-gm.js");
  // In a world with the SWN additions the workflow is fetched once the world is ready, so the first change it
  // answers does not wait for the download.
  Hooks.once("ready", () => {
    if (playsSideMorale()) void morale().catch(console.error);
  });
  registerGMRequest("intimidate", async (body, user) => (await morale()).handleIntimidate(body, user));
  registerGMRequest("readMorale", async (body, user) => (await morale()).handleReadMorale(body, user));
  // SWN-10: the reader's browser keeps a reading a GM wrote on its User (no query: its sender is unknown, T2-2D).
  Hooks.on("updateUser", (user, changed, _options, userId) => {
    if (user.isSelf && foundry.utils.hasProperty(changed, `flags.${SYSTEM_ID}.moraleReading`))
      void morale()
        .then((m) => m.receiveReading(user, userId))
        .catch(console.error);
  });
  const refresh = (combats: () => readonly Combat.Implementation[]) => {
    if (!game.user?.isActiveGM || !playsSideMorale()) return;
    void morale()
      .then(async (m) => {
        for (const c of combats()) await m.refreshMorale(c);
      })
      .catch(console.error);
  };
  Hooks.on("updateActor", (actor, changed) => {
    // An NPC's SWN block (its HP), or a squad's pool (SWN-17: squads count among their side's forces).
    const { hasProperty } = foundry.utils;
    if (hasProperty(changed, "system.swn") || hasProperty(changed, "system.hp"))
      refresh(() =>
        (game.combats?.contents ?? []).filter(
          (c) => c.started && c.combatants.some((m) => m.actor === actor),
        ),
      );
  });
  Hooks.on("updateCombatant", (c) => refresh(() => (c.parent ? [c.parent] : [])));
  Hooks.on("createCombatant", (c) => refresh(() => (c.parent ? [c.parent] : [])));
  Hooks.on("deleteCombatant", (c) => refresh(() => (c.parent ? [c.parent] : [])));
  Hooks.on("updateCombat", (combat, changed) => {
    if ("started" in changed || "round" in changed) refresh(() => [combat]);
  });
}
