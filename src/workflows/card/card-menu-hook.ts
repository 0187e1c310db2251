/**
 * Issue 33: an attack card's context menu in the chat log — apply its damage to the selected or the targeted tokens,
 * ×½, ×2, or as healing (dnd5e's damage tray; pf2e's card menu). Foundry v13 client/applications/sidebar/tabs/
 * chat.mjs: `ChatLog#_onFirstRender` calls `_createContextMenu(this._getEntryContextOptions, ".message[data-message-id]",
 * {hookName: "getChatMessageContextOptions", parentClassHooks: false})`, so the hook gets (chatLog, entries) and each
 * entry's `condition(li)` / `callback(li)` the message's `li`. Only the entries stay here (the menu is built when the
 * log first renders); what a choice does is loaded when it is chosen (card-menu.ts).
 *
 * Who sees what: Apply to the selected / targeted tokens is the card's Apply (its author's or a GM's, checked by the
 * GM as the button is, card-gm.ts); ×½, ×2 and healing are a GM's only (card-scale.ts says why). An entry shows only
 * on an attack card with damage, and only while this user has tokens selected (or targeted) to take it.
 */
import { isAttackMessage } from "../../documents/subtypes.js";
import { guard } from "../../helpers/report.js";
import type { MenuChoice } from "./card-menu.js";
import { cardOf } from "./card-targets.js";

type Li = HTMLElement;

const ICONS: Record<MenuChoice, string> = {
  selected: "fa-user-check",
  targeted: "fa-bullseye",
  half: "fa-shield-halved",
  double: "fa-angles-up",
  heal: "fa-heart",
};

/** Is `choice` offered on this card to this user (author or GM; ×½ ×2 healing: GM) with tokens to take it? */
function offered(li: Li, choice: MenuChoice): boolean {
  const message: ChatMessage.Implementation | undefined = game.messages?.get(li.dataset.messageId ?? "");
  const user = game.user;
  if (!message || !user || !isAttackMessage(message)) return false;
  const damage: readonly { damage: number }[] = cardOf(message)?.result.damage ?? [];
  if (!damage.some((d) => d.damage > 0)) return false;
  const apply = choice === "selected" || choice === "targeted";
  if (!user.isGM && (!apply || message.author?.id !== user.id)) return false;
  return choice === "targeted" ? user.targets.size > 0 : (canvas?.tokens?.controlled.length ?? 0) > 0;
}

/** v13's hook arguments (fvtt-types 13.345 names no `getChatMessageContextOptions`; see turn-hooks.ts `moveToken`). */
type MenuHook = (log: unknown, entries: foundry.applications.ux.ContextMenu.Entry<HTMLElement>[]) => void;

export function registerCardMenu(): void {
  // Hooks.on takes any hook name at run time (client/helpers/hooks.mjs); only its typing lists fewer.
  (Hooks.on as (hook: string, fn: MenuHook) => number)("getChatMessageContextOptions", (_log, entries) => {
    for (const choice of Object.keys(ICONS) as MenuChoice[])
      entries.push({
        name: `FT.CardMenu.${choice}`,
        icon: `<i class="fa-solid ${ICONS[choice]}"></i>`,
        condition: (li) => offered(li, choice),
        callback: (li) => void guard(async () => (await import("./card-menu.js")).fromMenu(li, choice)),
      });
  });
}
