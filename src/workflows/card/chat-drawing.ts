/**
 * The chat's drawing, loaded on first need (issue 33: the main bundle). v13 client/documents/chat-message.mjs (search
 * id 18719148835) `renderHTML` is async and awaited by the chat log, notifications and popouts, and it calls the
 * `renderChatMessageHTML` hook synchronously after its template: the system's ChatMessage class
 * (documents/chat-message.ts) awaits `loadChatDrawing()` before core's `renderHTML`, so when the hook runs the drawing
 * code is here and draws synchronously, as before. A page also starts the load once it is ready, so a hook called
 * without `renderHTML` (another module drawing a message itself) finds it loaded too.
 */
type Drawing = typeof import("./chat-draw.js");

let drawing: Drawing | null = null;
let loading: Promise<Drawing> | null = null;

/** Load the drawing code once (a failed fetch is forgotten: the next message tries again). */
export function loadChatDrawing(): Promise<Drawing> {
  loading ??= import("./chat-draw.js").then(
    (m) => {
      drawing = m;
      return m;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The drawing code if this page has loaded it (no message is drawn on a page without it), else null. */
export function loadedChatDrawing(): Drawing | null {
  return drawing;
}

/** The `renderChatMessageHTML` hook: draw the message with the loaded code (synchronously, as v13 calls it). */
export function drawLoadedChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (drawing) drawing.drawChatMessage(message, html);
  // Not loaded: only a hook called outside `renderHTML` before the page was ready; it is drawn once the code is here.
  else
    void loadChatDrawing()
      .then((d) => d.drawChatMessage(message, html))
      .catch((e: unknown) => console.error(e));
}
