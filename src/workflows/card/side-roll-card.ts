/**
 * A side's initiative card (SF-B-04, SF-X-04..06), a `sideRoll` ChatMessage (issue 28, `data/chat/side-roll.ts`):
 * posted by the combat with its data and no HTML, drawn by every client from that data in its own language in the
 * `renderChatMessageHTML` hook. v13 client/documents/chat-message.mjs `renderHTML` enriches `this.content` into
 * `.message-content` and then calls `Hooks.callAll("renderChatMessageHTML", this, html, messageData)` synchronously:
 * the body is drawn there, as the attack and rule cards are.
 */
import { templatePath } from "../../constants.js";
import type { SideRollData } from "../../data/chat/side-roll.js";
import { safeColour } from "../../documents/combat/side-initiative.js";
import { drawMessageBody, renderLoaded } from "./message-body.js";

type Msg = ChatMessage.Implementation;

const TEMPLATE = templatePath("chat/side-roll.hbs");

/** Load the card's template on this page (init, and before a first card is drawn). */
export const loadSideRollTemplate = (): Promise<unknown> =>
  foundry.applications.handlebars.getTemplate(TEMPLATE);

/**
 * The card's HTML on this page, from the template once this page has loaded it — `getTemplate` keeps each compiled
 * template as a Handlebars partial under its path (v13 client/applications/handlebars.mjs) — else null. Handlebars
 * escapes every value; the colour is checked again (the data is untrusted).
 */
export function sideRollHtml(card: SideRollData): string | null {
  return renderLoaded(TEMPLATE, {
    ...card,
    colour: safeColour(card.colour),
    sealed: card.sealed || card.total === undefined,
  });
}

const isSideRoll = (m: Msg): m is ChatMessage.OfType<"sideRoll"> => m.type === "sideRoll";

/**
 * Draw a side roll card's body from its data on this page. A message whose content this user may not see (a blind
 * roll) is left as core drew it; nothing here throws into the chat log.
 */
export function drawSideRoll(m: Msg, html: HTMLElement): void {
  if (!isSideRoll(m)) return;
  drawMessageBody(m, html, {
    draw: () => sideRollHtml(m.system),
    load: loadSideRollTemplate,
    unreadable: "FT.Card.ruleUnreadable",
  });
}
