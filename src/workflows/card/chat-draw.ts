/**
 * Every kind of this system's chat message drawn in turn, on this page, for this user (issue 28): the code the
 * `renderChatMessageHTML` hook runs. Loaded lazily (issue 33: the main bundle) by chat-drawing.ts, before a message is
 * drawn (documents/chat-message.ts awaits it in `renderHTML`). Each drawer reads only its own kind of message.
 */
import { renderCheckVerdict } from "../optional/check-verdict.js";
import { bindAttackCard } from "./card-actions.js";
import { drawRuleCard } from "./rule-card.js";
import { drawSideRoll } from "./side-roll-card.js";

// What the watchers in card-hooks.ts redraw on cards this page shows (DOM-only: with no card drawn, nothing to do).
export { dropRolledFortitude, refreshPreviews } from "./card-previews.js";

export function drawChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  bindAttackCard(message, html); // the attack card, its controls and listeners
  drawRuleCard(message, html); // a rule card, in this page's language
  drawSideRoll(message, html); // a side's initiative roll (SF-X-04)
  renderCheckVerdict(message, html); // an ability check's verdict, for whoever may read the roll (trust review H7)
}
