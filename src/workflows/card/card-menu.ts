/**
 * Issue 33: what a choice of an attack card's context menu does (card-menu-hook.ts draws the menu). The tokens are
 * this user's selected (controlled) ones, or for "targeted" the user's targets; each must be one of the card's targets
 * (a token the card did not hit has no number on it, and is told so here). The rest go to the active GM as the card's
 * Apply does (`requestCardDamage`), with the GM's scale for ×½, ×2 and healing; the GM checks every request
 * (card-gm.ts: the author's or a GM's card; a player's token they own unless the world lets players apply to all;
 * ×½, ×2 and healing a GM's only).
 */
import { notify } from "../../helpers/report.js";
import { requestCardDamage } from "./card-actions.js";
import { cardOf } from "./card-targets.js";

/** A choice of the card's menu: Apply to the selected or the targeted tokens, or a GM's ruling on the selected. */
export type MenuChoice = "selected" | "targeted" | "half" | "double" | "heal";

/** A choice carried out (its errors are reported by the menu's callback, card-menu-hook.ts `guard`). */
export async function fromMenu(li: HTMLElement, choice: MenuChoice): Promise<void> {
  const message = game.messages?.get(li.dataset.messageId ?? "");
  const card = message ? cardOf(message) : null;
  if (!message || !card) return notify("warn", "FT.Card.gone", {});
  const tokens =
    choice === "targeted"
      ? [...(game.user?.targets ?? [])].map((t) => t.document)
      : (canvas?.tokens?.controlled ?? []).map((t) => t.document);
  const onCard = new Set(card.targets.map((t) => t.id));
  const ids: string[] = [];
  for (const doc of tokens) {
    if (onCard.has(doc.uuid)) ids.push(doc.uuid);
    else notify("warn", "FT.Card.notOnCard", { target: doc.name });
  }
  if (!ids.length) return;
  const scale = choice === "selected" || choice === "targeted" ? undefined : choice;
  await requestCardDamage(message, "apply", ids, scale);
}
