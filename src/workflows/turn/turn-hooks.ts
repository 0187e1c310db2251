/**
 * The turn's hooks, registered from one place (`registerTurnHooks`, called by src/index.ts at init): "Dodging this
 * round" in the combat tracker's combatant menu (SF-X-10; moved out of dodging.ts, which keeps the mark itself, so
 * dodging.ts and phase-gate.ts no longer import each other) and the hold of a character in melee (SF-X-09,
 * phase-gate.ts `onPreUpdateToken`).
 */

import { isDodging } from "../../documents/combatant/dodging.js";
import { isAttackMessage } from "../../documents/subtypes.js";
import { currentGame, type TokenMovement } from "../../helpers/game.js";
import { guard, report } from "../../helpers/report.js";
import { setDodging } from "./dodging.js";
import { mayMarkDodging, onPreUpdateToken } from "./phase-gate.js";
import { registerWalkGuard } from "./walk-guard.js";

type CombatantI = Combatant.Implementation;

/** Every hook of the turn: the dodging menu, then the melee hold (their hook names are theirs alone). */
export function registerTurnHooks(): void {
  registerDodging();
  registerPhaseHooks();
  // Issue 31: a player's movement history written with no movement is put back by the active GM.
  registerWalkGuard();
}

type MenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

declare module "../../helpers/game.js" {
  interface GameTable {
    /**
     * SF-X-10: the game has Star Frontiers' "Dodging this round", offered in the combatant menu (review-ux 2.3: not
     * in d20 or SWN, whose own defensive action is in the row's actions).
     */
    readonly dodging: boolean;
  }
}

/** Add "Dodging this round" / "Not dodging" to the tracker's combatant menu, for the combatant's owners. */
function registerDodging(): void {
  Hooks.on("getCombatTrackerContextOptions", (app, entries) => {
    const combatantOf = (li: HTMLElement): CombatantI | undefined => {
      const viewed = (app as { viewed?: Combat.Implementation | null }).viewed;
      return viewed?.combatants.get(li.dataset.combatantId ?? "");
    };
    if (!currentGame().dodging) return;
    const mayMark = (c: CombatantI | undefined): c is CombatantI => !!c?.isOwner && !!c.parent?.started;
    (entries as MenuEntry[]).push(
      {
        name: "FT.Dodge.mark",
        icon: '<i class="fa-solid fa-person-running"></i>',
        condition: (li) => {
          const c = combatantOf(li);
          return mayMark(c) && !isDodging(c);
        },
        callback: (li) => {
          const c = combatantOf(li);
          return c?.parent && mayMarkDodging(c.parent, c) ? guard(() => setDodging(c, true)) : undefined;
        },
      },
      {
        name: "FT.Dodge.clear",
        icon: '<i class="fa-solid fa-person"></i>',
        condition: (li) => {
          const c = combatantOf(li);
          return mayMark(c) && isDodging(c);
        },
        callback: (li) => {
          const c = combatantOf(li);
          return c?.parent && mayMarkDodging(c.parent, c) ? guard(() => setDodging(c, false)) : undefined;
        },
      },
    );
  });
}

/**
 * `Hooks.on("moveToken", fn)`: fvtt-types 13.345 lists no `moveToken` among its hook names (its `HookConfig` is not
 * reachable for augmentation), so the call is typed here with v13's arguments.
 */
type MoveTokenFn = (
  document: TokenDocument.Implementation,
  movement: TokenMovement,
  operation: unknown,
  user: User.Implementation | null,
) => void;
function onMoveToken(fn: MoveTokenFn): void {
  // Hooks.on takes any hook name at run time (client/helpers/hooks.mjs); only its typing lists fewer.
  (Hooks.on as (hook: string, fn: MoveTokenFn) => number)("moveToken", fn);
}

/** `init`: the hook that keeps a character held in melee in place, and the one that reads what a movement provokes. */
function registerPhaseHooks(): void {
  Hooks.on("preUpdateToken", (doc, changes) => onPreUpdateToken(doc, changes as Record<string, unknown>));
  // SW-25 (issue 31): v13 calls `moveToken` on every client once a token moved (client/documents/token.mjs
  // `#onUpdateOperationMovement`: `Hooks.callAll("moveToken", document, movement, operation, user)`); the active GM
  // asks the world's game what the movement provokes, once.
  // The 4th argument is the User who requested the update (token.mjs: "@param {User} user  The User requesting the
  // update operation"): a game tells a GM's displace from a player's (issue 31 trust review 1.1).
  onMoveToken((doc, movement, _operation, user) => {
    if (!game.user?.isActiveGM) return;
    const moved = currentGame().tokenMoved;
    if (moved) void moved(doc, movement, user ?? null).catch(report);
  });
  // SW-43 (issue 31): an attack made inside an area a foe suppresses provokes it; the active GM asks the game, once
  // (v13 calls `createChatMessage` on every client, client/documents/abstract/client-document.mjs `_onCreate`).
  Hooks.on("createChatMessage", (message) => {
    if (!game.user?.isActiveGM || !isAttackMessage(message)) return;
    const made = currentGame().attackMade;
    if (made) void made(message).catch(report);
  });
}
