/**
 * Issue 27, review T2-1E and UI 3.4: an attack card's stored HTML (`content`) is its author's — a ChatMessage's
 * author may update it (v13 common/data/fields.mjs `DocumentAuthorField`, and the author's update permission) — and
 * the GM applies its data. So every client, the GM's included, draws the card's body from its checked data
 * (`system.card`, read by `readCard` and checked by `cardProblem`) in the `renderChatMessageHTML` hook, with this
 * page's language, and never shows the stored HTML. v13 client/documents/chat-message.mjs `renderHTML` enriches
 * `this.content` into `.message-content` and then calls `Hooks.callAll("renderChatMessageHTML", this, html, …)`
 * synchronously: the body is replaced there, before the card's controls are bound.
 *
 * A card the GM will not apply says so on every page: one changed since the GM sealed it, or one the GM's record of
 * attacks refused (attack-record.ts, T2-1C). A card whose data is not one this system reads draws no numbers at all.
 */
import { attackEntry } from "../attack/attack-record.js";
import { cardProblem } from "./card-data.js";
import { renderCardNow, viewerOf } from "./card-render.js";
import { cardDigest, cardOfMessage, sealOf } from "./card-seal.js";
import { loadCardTemplate } from "./card-template.js";
import { drawMessageBody, notice } from "./message-body.js";

type Msg = ChatMessage.Implementation;

/** Why the GM will not apply this card, as every client can tell from the GM's seal and record; null otherwise. */
export function refusalOf(m: Msg): string | null {
  const card = cardOfMessage(m);
  if (!card) return "FT.Card.unreadable";
  const seal = sealOf(m.id ?? "");
  if (seal ? seal !== cardDigest(m, card) : m._stats.modifiedTime !== m._stats.createdTime)
    return "FT.Card.tampered";
  return attackEntry(m.id ?? "")?.no ?? null;
}

/**
 * Replace the card's body in `html` with the card drawn from its data on this page. A message whose content this
 * user may not see (a blind or whispered roll: core draws "rolled privately") is left as core drew it.
 */
export function drawCard(m: Msg, html: HTMLElement): void {
  const card = cardOfMessage(m);
  drawMessageBody(m, html, {
    draw: () => {
      // A card whose data this system does not write, or whose blocks no reader can walk, draws no numbers at all.
      const problem = card ? cardProblem(card) : "not a card";
      if (!card || problem) throw new Error(problem ?? "");
      // Issue 28: drawn for this page's user, with only the controls this user may use.
      return renderCardNow(card, viewerOf(m));
    },
    load: loadCardTemplate,
    unreadable: "FT.Card.unreadable",
    after: (body) => {
      const refused = refusalOf(m);
      if (refused) body.prepend(notice(refused));
    },
  });
}
