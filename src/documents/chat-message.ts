/**
 * The system's ChatMessage class (issue 33: the main bundle), registered as `CONFIG.ChatMessage.documentClass` in
 * `init`. It owns no state: it only makes sure the code that draws this system's messages has loaded before a message
 * is drawn.
 *
 * v13 client/documents/chat-message.mjs (search id 18719148835) `renderHTML` is async and awaited by whoever draws a
 * message (the chat log, its notifications, a popout); inside it, after the template, it calls
 * `Hooks.callAll("renderChatMessageHTML", this, html, messageData)` synchronously, and the system's cards are drawn
 * there (src/index.ts). So the drawing code may load lazily: this class awaits the loader set by `init`
 * (`drawChatMessagesWith`) before core's `renderHTML`, and the hook's drawing stays synchronous. The documents layer
 * does not import the workflows that draw: the loader is handed in from above.
 */
import { keepClassName } from "../helpers/class-name.js";
import { reportPartFailed } from "../helpers/part-failed.js";

type Loader = () => Promise<unknown>;

/** What `renderHTML` awaits first (set in `init`; nothing until then). */
let beforeDrawing: Loader = () => Promise.resolve();

/** `init`: the loader of the code the `renderChatMessageHTML` hook draws with. */
export function drawChatMessagesWith(load: Loader): void {
  beforeDrawing = load;
}

export class FrontierChatMessage<
  out SubType extends ChatMessage.SubType = ChatMessage.SubType,
> extends ChatMessage<SubType> {
  /**
   * The drawing code first (cached after the first message), then core's `renderHTML` and its hook. This is every
   * message's class, so a failed load must not fail the message (lazy review finding 1): v13
   * client/applications/sidebar/tabs/chat.mjs (search id 18313265066) `#doRenderBatch` leaves out each message whose
   * `renderMessage` rejects (`Hooks.onError(..., {log: "error"})`, no notice), `#postOne` rejects before appending a
   * new one and `#rerenderMessage` before replacing one — a blank or frozen log, other users' plain text included.
   * So the failure is told once (helpers/part-failed.ts) and core draws the message anyway: a plain message as
   * always, a card as its stored summary (the weapon's name) until the hook's late draw
   * (workflows/card/chat-drawing.ts) has the code.
   */
  override async renderHTML(options?: Parameters<ChatMessage["renderHTML"]>[0]): Promise<HTMLElement> {
    try {
      await beforeDrawing();
    } catch (e) {
      reportPartFailed(e);
    }
    return super.renderHTML(options);
  }
}
keepClassName(FrontierChatMessage, "FrontierChatMessage");
