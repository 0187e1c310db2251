/**
 * The chat's drawing, loaded on first need (issue 33: the main bundle). v13 client/documents/chat-message.mjs (search
 * id 18719148835) `renderHTML` is async and awaited by the chat log, notifications and popouts, and it calls the
 * `renderChatMessageHTML` hook synchronously after its template: the system's ChatMessage class
 * (documents/chat-message.ts) awaits `loadChatDrawing()` before core's `renderHTML`, so when the hook runs the drawing
 * code is here and draws synchronously, as before. A page also starts the load once it is ready, so a hook called
 * without `renderHTML` (another module drawing a message itself) finds it loaded too.
 *
 * When the code is not here at the hook (that load failed — the class then lets core draw the message anyway —, or
 * the hook was called outside `renderHTML`), the message is drawn late: once a load succeeds, by this message's own
 * attempt or the next message's (lazy review finding 1), and then decorated as the hooks after ours would have
 * (its rule IDs' references, applications/rule-refs.ts: finding 3).
 */
import { reportPartFailed } from "../../helpers/part-failed.js";

type Drawing = typeof import("./chat-draw.js");
type Importer = () => Promise<Drawing>;
/** What the late draw runs after drawing (the later `renderChatMessageHTML` hooks' work: rule references). */
type AfterDraw = (html: HTMLElement) => void;

const fromBuild: Importer = () => import("./chat-draw.js");
let importer: Importer = fromBuild;

/** What this page has: the code once loaded, the load under way, the messages drawn without it waiting for it. */
interface PageDrawing {
  drawing: Drawing | null;
  loading: Promise<Drawing> | null;
  waiting: (() => void)[];
}
/**
 * Per page, keyed by its `game` as helpers/page-state.ts keys (one browser tab: one page; the harness runs every
 * client on one copy of `src/`, and a late draw must run for the page that drew the message); renewed by
 * `chatDrawingFrom`.
 */
let pages = new WeakMap<object, PageDrawing>();
function page(): PageDrawing {
  const key: object = game;
  let state = pages.get(key);
  if (!state) {
    state = { drawing: null, loading: null, waiting: [] };
    pages.set(key, state);
  }
  return state;
}

/** Load the drawing code once (a failed fetch is forgotten: the next message tries again). */
export function loadChatDrawing(): Promise<Drawing> {
  const here = page();
  here.loading ??= importer().then(
    (m) => {
      here.drawing = m;
      const late = here.waiting;
      here.waiting = [];
      for (const draw of late) draw();
      return m;
    },
    (e: unknown) => {
      here.loading = null;
      throw e;
    },
  );
  return here.loading;
}

/** The drawing code if this page has loaded it (no message is drawn on a page without it), else null. */
export function loadedChatDrawing(): Drawing | null {
  return page().drawing;
}

/**
 * Tests only (tests/scenarios/chat-load-failed.test.ts): where the code comes from — a fetch that fails, then the
 * build's own again (no argument) — every page starting from nothing loaded, as a fresh page does.
 */
export function chatDrawingFrom(from: Importer = fromBuild): void {
  importer = from;
  pages = new WeakMap();
}

/**
 * The `renderChatMessageHTML` hook: draw the message with the loaded code (synchronously, as v13 calls it); without
 * the code, draw it once a load succeeds, then run `after` on it.
 */
export function drawLoadedChatMessage(
  message: ChatMessage.Implementation,
  html: HTMLElement,
  after: AfterDraw = () => undefined,
): void {
  const here = page();
  if (here.drawing) {
    here.drawing.drawChatMessage(message, html);
    return;
  }
  here.waiting.push(() => {
    here.drawing?.drawChatMessage(message, html);
    after(html);
  });
  void loadChatDrawing().catch(reportPartFailed);
}
