/**
 * The small chat card an action posts (a special attack, a run, an SWN action, a Morale change, overwatch, a squad's
 * healing, the d20 initiative rolls): a `rule` ChatMessage (issue 28) whose data is its kind, rule id, title and lines
 * as i18n keys and text (`data/chat/rule-card.ts`). Nothing drawn is stored (`content` is ""): every client draws the
 * card from its data, in its own language, in the `renderChatMessageHTML` hook. v13 client/documents/chat-message.mjs
 * `renderHTML` enriches `this.content` into `.message-content` and then calls
 * `Hooks.callAll("renderChatMessageHTML", this, html, messageData)` synchronously: the body is drawn there (as
 * `card-draw.ts` draws the attack card).
 */
import {
  isRuleCardKind,
  layoutOf,
  type RuleCard,
  type RuleCardData,
  type RuleCardPost,
  type RuleText,
  ruleCardMessage,
  ruleCardProblem,
} from "../../data/chat/rule-card.js";
import { guard, notify } from "../../helpers/report.js";
import { drawMessageBody } from "./message-body.js";

type Msg = ChatMessage.Implementation;

/** Post a rule card: `type: "rule"`, its data in `system`, and no stored HTML. */
export async function postRuleCard(card: RuleCard, post: RuleCardPost = {}): Promise<void> {
  const data = ruleCardMessage(card, post);
  if (post.rollMode) ChatMessage.applyRollMode(data, post.rollMode);
  await ChatMessage.create(data);
}

const esc = (s: string) => foundry.utils.escapeHTML(s);

/**
 * One piece of text on this page: a key formatted in this client's language with its data, or literal text,
 * escaped. Each literal value is escaped; a value that is a key is formatted here with the piece's literal values
 * (a Morale band's effects, "{value} to attack") — the language file is the system's own HTML.
 */
function textHtml(t: RuleText): string {
  if (t.key === "") return esc(t.text);
  const i18n = game.i18n;
  if (!i18n) return esc(t.key);
  if (!t.data.length) return i18n.localize(t.key);
  const literals: Record<string, string> = {};
  for (const d of t.data) if (!d.i18n) literals[d.name] = esc(d.value);
  const data: Record<string, string> = { ...literals };
  for (const d of t.data) if (d.i18n) data[d.name] = i18n.format(d.value, literals);
  return i18n.format(t.key, data);
}

/** A line's (or the title's) pieces, a space between each: Foundry trims every stored string (v13 `StringField`). */
const piecesHtml = (ts: readonly RuleText[]) => ts.map(textHtml).join(" ");

/** The card's HTML on this page, from its checked data. */
export function ruleCardHtml(card: RuleCardData): string {
  const kind = card.kind;
  if (!isRuleCardKind(kind)) throw new Error(`"${kind}" is not a kind of rule card`);
  const title = piecesHtml(card.title);
  const rule = `<span class="ft-rule">${esc(card.ruleId)}</span>`;
  if (layoutOf(kind) === "line") {
    const body = card.lines.map((l) => piecesHtml(l.parts)).join(" ");
    return `<p class="${kind}">${body}${card.ruleId ? ` ${rule}` : ""}</p>`;
  }
  if (layoutOf(kind) === "list") {
    const items = card.lines.map((l) => `<li>${piecesHtml(l.parts)}</li>`).join("");
    return `<div class="${kind}"><p>${title} ${rule}</p><ul>${items}</ul></div>`;
  }
  const body = card.lines.map((l) => `<p class="${esc(l.cls)}">${piecesHtml(l.parts)}</p>`).join("");
  return `<div class="ft-card ${kind}"><header class="ft-card-header"><h3>${title} ${rule}</h3></header>${body}</div>`;
}

function isRuleMessage(m: Msg): m is ChatMessage.OfType<"rule"> {
  return m.type === "rule";
}

/**
 * Draw a `rule` message's body in `html` from its data, in this page's language. A message whose content this user
 * may not see (a blind or whispered roll: core draws "rolled privately") is left as core drew it. A card whose data
 * is not one this system writes draws a notice, and nothing of its data; nothing here throws into the chat log.
 */
export function drawRuleCard(m: Msg, html: HTMLElement): void {
  if (!isRuleMessage(m)) return;
  drawMessageBody(m, html, {
    draw: () => {
      const problem = ruleCardProblem(m.system);
      if (problem) throw new Error(problem);
      return ruleCardHtml(m.system);
    },
    load: async () => undefined,
    unreadable: "FT.Card.ruleUnreadable",
    after: (body) => offerButton(m.system.offer, body, !!m.author?.isGM, m.id ?? ""),
  });
}

/**
 * SW-25 (issue 31): the offered attack of opportunity's button, drawn only for the threatening combatant's owners
 * while its combat is in the offer's round; the click makes it at the mover (workflows/attack/opportunity.ts, one a
 * round, checked there again).
 */
function offerButton(
  offer: RuleCardData["offer"],
  body: HTMLElement,
  byGM: boolean,
  messageId: string,
): void {
  // Only the active GM posts an offer (games/d20/workflows/provoke.ts): a card any other user wrote (v13
  // `ChatMessage#author`, set by the server to the creating user unless a GM names another) offers nothing (trust
  // review 2.2).
  if (!offer || !byGM) return;
  const combat = game.combats?.get(offer.combatId);
  const combatant = combat?.combatants.get(offer.combatantId);
  if (!combat?.started || combat.round !== offer.round || !combatant?.isOwner) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.ftAction = "attackOfOpportunity";
  button.textContent = game.i18n?.localize("FT.D20.AoO.take") ?? "";
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void guard(async () => {
      // A chat card is not drawn again when the round turns: the offer is for its round only (SW-25), checked here.
      if (!combat.started || combat.round !== offer.round) return notify("warn", "FT.D20.AoO.stale");
      // A TokenDocument's uuid names a TokenDocument (v13 `fromUuidSync`).
      const token = fromUuidSync(offer.tokenUuid) as TokenDocument.Implementation | null;
      const { attackOfOpportunity } = await import("../attack/opportunity.js");
      await attackOfOpportunity(combatant, token?.object ?? undefined, {
        strikeAt: true,
        offerId: messageId,
      });
    });
  });
  body.append(button);
}
