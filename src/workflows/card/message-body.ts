/**
 * Drawing a typed message's body on this page (issue 28): the attack, rule and side roll cards store data, not HTML,
 * and each page draws their body from it in the `renderChatMessageHTML` hook. v13 client/documents/chat-message.mjs
 * `renderHTML` enriches `this.content` into `.message-content` and then calls
 * `Hooks.callAll("renderChatMessageHTML", this, html, …)` synchronously: the body is replaced there. One mechanism
 * for every kind: a message this user may not read is left as core drew it, a card no view can draw shows a notice
 * (never the stored text), and a card whose template this page has not loaded yet is drawn again once it has.
 */
type Msg = ChatMessage.Implementation;

/**
 * Draw a message again in this page's chat log: v13 ChatLog#updateMessage, which core itself calls from
 * ChatMessage#_onUpdate (v13 client/documents/chat-message.mjs). fvtt-types types `ui.chat` as any chat log
 * (`AnyChatLog`) without it, so it is looked up as a function.
 */
export function redraw(m: Msg): Promise<unknown> | undefined {
  const log = ui.chat as unknown as { updateMessage?: (m: Msg) => Promise<unknown> } | undefined;
  return typeof log?.updateMessage === "function" ? log.updateMessage(m) : undefined;
}

/** A short notice paragraph, localized on this page. */
export function notice(key: string): HTMLElement {
  const p = document.createElement("p");
  p.className = "ft-card-refused";
  p.textContent = game.i18n?.localize(key) ?? key;
  return p;
}

/**
 * A template this page has loaded, called with `context` as v13's renderTemplate calls it — `getTemplate` keeps each
 * compiled template as a Handlebars partial under its path (v13 client/applications/handlebars.mjs) — or null when
 * it is not loaded yet.
 */
export function renderLoaded(path: string, context: object): string | null {
  const template: unknown = Handlebars.partials[path];
  if (typeof template !== "function") return null;
  // A compiled template delegate (checked to be a function above).
  return (template as HandlebarsTemplateDelegate)(context, {
    allowProtoMethodsByDefault: true,
    allowProtoPropertiesByDefault: true,
  });
}

/** How one kind of message draws its body. */
export interface BodyDrawer {
  /** The body's HTML, or null while its template is not loaded on this page. May throw on a card it cannot read. */
  readonly draw: () => string | null;
  /** Load what `draw` needs; the message is drawn again once it is. */
  readonly load: () => Promise<unknown>;
  /** The notice shown when `draw` throws. */
  readonly unreadable: string;
  /** What is drawn on top of the body, after it is drawn (the GM's refusal of an attack card). */
  readonly after?: (body: HTMLElement) => void;
}

/**
 * Replace the body of `m` in `html` with what `drawer` draws. Returns whether the body was drawn (false: left as
 * core drew it, a notice, or drawn again later). Nothing here throws into the chat log.
 */
export function drawMessageBody(m: Msg, html: HTMLElement, drawer: BodyDrawer): boolean {
  if (!m.isContentVisible) return false;
  const body = html.querySelector<HTMLElement>(".message-content");
  if (!body) return false;
  let drawn: string | null;
  try {
    drawn = drawer.draw();
  } catch (e) {
    console.warn(`Frontier Tactics | ${m.type} card ${m.id ?? "?"}:`, e);
    body.replaceChildren(notice(drawer.unreadable));
    return false;
  }
  if (drawn === null) {
    // The template is not loaded on this page yet: draw the card again once it is.
    body.replaceChildren(notice("FT.Card.drawing"));
    void drawer
      .load()
      .then(() => redraw(m))
      .catch((e: unknown) => console.error(e));
    return false;
  }
  body.innerHTML = drawn;
  drawer.after?.(body);
  return true;
}
