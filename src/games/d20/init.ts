/**
 * What Star Wars d20 registers at `init` (src/games/init.ts), in every world: the active GM's side of a coup de grace
 * (SW-33, issue 31; gm-request.ts), loaded when first asked; the notice of a disabled attacker's strain (SW-10). Kept apart from the table (index.ts), as SWN's is.
 */
import { currentGame } from "../../helpers/game.js";
import { registerGMRequest } from "../../helpers/gm-request.js";
import { report } from "../../helpers/report.js";

/** The active GM of a world on the d20 engine (review 3, rank 3: the d20 hooks load nothing in other worlds). */
const d20ActiveGM = () => game.user?.id === game.users?.activeGM?.id && currentGame().engine === "d20";

export function initD20(): void {
  // SW-10 (trust review 2.7): the attacker's page is told of the strain the active GM wrote.
  Hooks.on("updateActor", (actor: Actor.Implementation, _changed: object, options: object) => {
    void import("./workflows/dying.js").then((m) => m.tellStrain(actor, options));
  });
  registerGMRequest("coupDeGrace", async (body, user) =>
    (await import("./workflows/coup-de-grace.js")).handleCoupDeGrace(body, user),
  );
  // SW-41 (issue 31): a grapple's or a disarm's attempt offers its target an attack of opportunity.
  registerGMRequest("provoke", async (body, user) =>
    (await import("./workflows/provoke-action.js")).handleProvoke(body, user),
  );
  // SW-25 (issue 31): loading a weapon provokes (the Actions in Combat table); the active GM offers the threatening
  // foes their attack of opportunity when the reloader's round ledger says it reloaded (workflows/turn/turn-ledger.ts).
  // v13 calls `updateCombatant` on every client with the changed data (client/data/client-backend.mjs
  // `#handleUpdateDocuments`: `doc._onUpdate(change, options, userId)`, then `Hooks.callAll(\`update${type}\`, doc,
  // change, options, userId)` — ClientDocument `_onUpdate` calls no hook); only the active GM acts on it.
  Hooks.on("updateCombatant", (c: Combatant.Implementation, changed: object) => {
    if (game.user?.id !== game.users?.activeGM?.id || currentGame().id !== "d20") return;
    if (!reloadedIn(changed)) return;
    void import("./workflows/provoke-action.js").then((m) => m.offerForReload(c)).catch(report);
  });
  // SW-39 (issue 31): the GM rolls an aid another and keeps its success.
  registerGMRequest("aid", async (body, user) => (await import("./workflows/aid.js")).handleAid(body, user));
  // SW-42 (issue 31): the GM rolls an aim's ranged touch attack and keeps its success.
  registerGMRequest("aim", async (body, user) => (await import("./workflows/aim.js")).handleAim(body, user));
  // SW-39, SW-42: the active GM marks a kept aid (or aim) used by the attack card that took it.
  Hooks.on("createChatMessage", (m: ChatMessage.Implementation) => {
    if (!d20ActiveGM() || !m.system || !("card" in m.system)) return;
    void import("./workflows/aid.js")
      .then(async (a) => {
        await a.useAidOn(m);
        await a.useDefenseAidOn(m);
      })
      .catch((e: unknown) => console.error(e));
    void import("./workflows/aim.js").then((a) => a.useAimOn(m)).catch((e: unknown) => console.error(e));
  });
  // SW-42 (review 3, 2.4): the aimer's next turn ended, or its combat did: the active GM drops the kept aim. v13 calls
  // `combatTurnChange` on every client (client/documents/combat.mjs `_manageTurnEvents`, search id 18344563855) and
  // `deleteCombat` when a combat ends (`Combat#endCombat` deletes it).
  Hooks.on("combatTurnChange", (combat: Combat.Implementation) => {
    if (!d20ActiveGM()) return;
    void import("./workflows/aim.js")
      .then((a) => a.dropAimsAtTurnEnd(combat))
      .catch((e: unknown) => console.error(e));
  });
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    if (!d20ActiveGM()) return;
    void import("./workflows/aim.js")
      .then((a) => a.dropAimsOfCombat(combat))
      .catch((e: unknown) => console.error(e));
  });
}

/** Does a combatant's update write `system.turn.reloaded: true` (the round ledger's reload)? */
function reloadedIn(changed: object): boolean {
  const system: unknown = "system" in changed ? changed.system : null;
  const turn: unknown = system && typeof system === "object" && "turn" in system ? system.turn : null;
  return !!turn && typeof turn === "object" && "reloaded" in turn && turn.reloaded === true;
}
