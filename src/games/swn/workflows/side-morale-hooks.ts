/**
 * The hooks and GM requests of side Morale (issue 16; SWN-09, SWN-10, SWN-12, SWN-13; moved out of src/index.ts, so
 * the concern registers from one place): small, loaded with the system; the workflow they call (side-morale-gm.ts)
 * is loaded when first needed.
 */
import { playsSideMorale } from "../../../canvas/morale-band.js";
import { SYSTEM_ID } from "../../../constants.js";
import { registerGMRequest } from "../../../helpers/gm-request.js";
import { QUERY_CLAIM, QUERY_READING } from "./side-morale-queries.js";

/**
 * SWN-09, SWN-10, SWN-12 (issue 16): side Morale's GM requests, the queries that take a reading to its reader, and
 * the hooks on which the active GM recomputes a side — an actor's SWN block (its HP), a combatant defeated, added
 * or removed, the combat started or a new round. The workflow (side-morale-gm.ts) is loaded when first needed.
 */
export function registerSideMoraleHooks(): void {
  const morale = () => import("./side-morale-gm.js");
  registerGMRequest("intimidate", async (body, user) => (await morale()).handleIntimidate(body, user));
  registerGMRequest("readMorale", async (body, user) => (await morale()).handleReadMorale(body, user));
  // Issue 33 SWN-10: the reading reaches the reader alone, by v13's User#query (side-morale-gm.ts `deliverReading`):
  // the GM pushes a ticket, the reader claims the reading from that GM.
  Object.assign(CONFIG.queries, {
    [QUERY_READING]: async (data: unknown) => (await morale()).receiveReading(data),
    [QUERY_CLAIM]: async (data: unknown) => (await morale()).claimReading(data),
  });
  Hooks.once("ready", () => {
    // In a world with the SWN additions the workflow is fetched once the world is ready, so the first change it
    // answers does not wait for the download.
    if (playsSideMorale()) void morale().catch(console.error);
    // Before issue 33 the GM wrote the reading on the reader's User, where every client holds it: the active GM
    // drops what is left there (the reader's page kept it in its own client setting when it came).
    if (game.user?.isActiveGM)
      for (const u of game.users?.contents ?? [])
        if (u.getFlag(SYSTEM_ID, "moraleReading"))
          void u.unsetFlag(SYSTEM_ID, "moraleReading").catch(console.error);
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
