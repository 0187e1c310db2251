/**
 * Every hook and GM request of the attack card, registered from one place (`registerCardHooks`), but its drawing: the
 * one `renderChatMessageHTML` dispatcher in src/index.ts draws every kind of typed message in turn. Here: the GM's answers to card requests, loaded
 * when first needed (card-gm.ts and d20-card-requests.ts); the active GM's seals of cards posted, rewritten and
 * deleted; the Apply previews kept current (review 13c M2); and each card drawn again when a GM's seal or record of
 * it changes (T2-1E).
 */
import { SYSTEM_ID } from "../../constants.js";
import { isAttackMessage } from "../../documents/subtypes.js";
import { currentGame, type GameTable, gameOf } from "../../helpers/game.js";
import { type GMAnswer, registerGMRequest } from "../../helpers/gm-request.js";
import { perPage } from "../../helpers/page-state.js";
import { registerCardMenu } from "./card-menu-hook.js";
import { cardDigest } from "./card-seal.js";
import type { CardRequests } from "./card-seam.js";
import { cardOf, targetActor } from "./card-targets.js";
import { loadCardTemplate } from "./card-template.js";
import { loadedChatDrawing } from "./chat-drawing.js";
import { redraw } from "./message-body.js";

type Msg = ChatMessage.Implementation;
type ActorI = Actor.Implementation;

/** The seals of deleted cards this page's GM has yet to drop (C2 3.2: one User update for a cleared log). */
const droppedSeals = perPage(() => ({ ids: new Set<string>(), queued: false }));

/**
 * The attack card's hooks, registered once at init: the GM's side of card requests, then the watchers of cards (in
 * that order, as src/index.ts called them before they were gathered here).
 */
export function registerCardHooks(): void {
  registerCardRequests();
  watchCards();
  // Issue 33: the card's context menu (its choices load when chosen).
  registerCardMenu();
}

/** A game without requests of its own refuses them as it refuses a card that is gone. */
const refused = (): Promise<GMAnswer> =>
  Promise.resolve({ applied: [], skipped: [{ id: "", reason: "FT.Card.gone" }] });
const NO_REQUESTS: CardRequests = {
  handleFortitudeRequest: refused,
  handleReflexRequest: refused,
  handleSuppressRequest: refused,
};

/** Register the GM's side of card requests (init). */
function registerCardRequests(): void {
  registerGMRequest("apply", async (body, user) => (await gmSide()).handleCardRequest(body, user));
  registerGMRequest("undo", async (body, user) => (await gmSide()).handleCardRequest(body, user));
  registerGMRequest("stray", async (body, user) => (await gmSide()).handleStrayRequest(body, user));
  // d20 saves and suppression (SW-10, SW-38, SW-43) are loaded when first asked (d20-card-requests.ts): the
  // system's first load stays within its budget (architecture.md).
  // A GM's page starts loading them once it is ready, so the first request does not wait on the fetch.
  // Issue 30: the game the card was rolled under brings them (its card section's `requests`: an old d20 card keeps
  // its Fortitude save in a world that went back to Star Frontiers); a game without them refuses the kinds.
  const loading = new Map<string, Promise<CardRequests>>();
  const requestsOf = (table: GameTable): Promise<CardRequests> => {
    const load = table.card.requests;
    if (!load) return Promise.resolve(NO_REQUESTS);
    let loaded = loading.get(table.id);
    if (!loaded) {
      // A failed fetch is forgotten, so the next request tries again (not one failure for the whole session).
      loaded = load().catch((e: unknown) => {
        loading.delete(table.id);
        throw e;
      });
      loading.set(table.id, loaded);
    }
    return loaded;
  };
  const gameRequests = (body: { readonly messageId: string }): Promise<CardRequests> => {
    const message = game.messages?.get(body.messageId);
    const card = message ? cardOf(message) : null;
    return requestsOf(card ? gameOf(card) : currentGame());
  };
  Hooks.once("ready", () => {
    if (game.user?.isGM && currentGame().card.requests) void requestsOf(currentGame());
  });
  registerGMRequest("fortitude", async (body, user) =>
    (await gameRequests(body)).handleFortitudeRequest(body, user),
  );
  registerGMRequest("reflex", async (body, user) =>
    (await gameRequests(body)).handleReflexRequest(body, user),
  );
  registerGMRequest("suppress", async (body, user) =>
    (await gameRequests(body)).handleSuppressRequest(body, user),
  );
  registerGMRequest("coverHit", async (body, user) => {
    const handle = (await gameRequests(body)).handleCoverRequest;
    return handle ? handle(body, user) : refused();
  });
}

let gmLoading: Promise<typeof import("./card-gm-side.js")> | null = null;
/**
 * The GM's side of the card (card-gm.ts: checks, seals, the batched writes), loaded when first needed. A GM's page
 * fetches it once ready (`watchCards`), so a GM's first apply or seal does not wait on the fetch; a player's page
 * never loads it.
 */
export function gmSide(): Promise<typeof import("./card-gm-side.js")> {
  // A failed fetch (a blip, a system updated under an open page) is forgotten: the next request tries again.
  gmLoading ??= import("./card-gm-side.js").catch((e: unknown) => {
    gmLoading = null;
    throw e;
  });
  return gmLoading;
}

/**
 * The active GM seals each attack card when it is created (its data as its author rolled it), seals it again when a
 * GM rewrites the card's data (a GM vouches for what it then says; the GM's own apply keeps the same digest and
 * writes nothing), and drops the seal of a deleted card. A reveal, a pin or any write that leaves the card's data
 * alone changes nothing, whoever makes it.
 */
function watchCards(): void {
  const isActiveGM = () => game.user?.id === game.users?.activeGM?.id;
  const seal = (m: Msg, vouch: boolean) => {
    const card = cardOf(m);
    if (!card || !m.id) return;
    // The digest is taken now, from this event's state, before any later write lands; the card with it.
    const digest = cardDigest(m, card);
    const kept = foundry.utils.deepClone(card);
    void gmSide()
      .then((gm) => gm.sealCard(m, kept, digest, vouch))
      .catch((e: unknown) => console.error(e));
  };
  Hooks.on("createChatMessage", (m: Msg) => {
    if (isAttackMessage(m) && isActiveGM()) seal(m, false);
  });
  Hooks.on("updateChatMessage", (m: Msg, changed, _options, userId) => {
    if (isAttackMessage(m) && isActiveGM() && "system" in changed && game.users?.get(userId)?.isGM)
      seal(m, true);
  });
  Hooks.on("ready", () => {
    if (!game.user?.isGM) return;
    void gmSide()
      .then((gm) => gm.sealOnReady())
      .catch((e: unknown) => console.error(e));
  });
  watchPreviews();
  // T2-1E: each page draws cards from their data: the template is loaded now, and a card is drawn again when the
  // GM's seal or record of it changes.
  void loadCardTemplate().catch((e: unknown) => console.error(e));
  redrawOnSeals();
  // C2 3.2: clearing the log deletes every card in one operation, and v13 calls `deleteChatMessage` for each of them
  // in one synchronous pass (client/data/client-backend.mjs, the delete callbacks): the seals they drop are
  // collected and removed in one User update, once the pass is over (a microtask later).
  Hooks.on("deleteChatMessage", (m: Msg) => {
    const id = m.id ?? "";
    const me = game.user;
    if (!isActiveGM() || !me?.getFlag(SYSTEM_ID, "seals")?.[id]) return;
    const drop = droppedSeals();
    drop.ids.add(id);
    if (drop.queued) return;
    drop.queued = true;
    queueMicrotask(() => {
      const update = Object.fromEntries([...drop.ids].map((i) => [`flags.${SYSTEM_ID}.seals.-=${i}`, null]));
      drop.ids.clear();
      drop.queued = false;
      void me.update(update).catch((e: unknown) => console.error(e));
    });
  });
}

/** The Foundry events that change what an Apply would do, and the targets each one touches. */
function watchPreviews(): void {
  // Issue 33: the previews are redrawn by the chat's drawing code (card-previews.ts, in its lazy chunk). A page that
  // has not loaded it has drawn no card, so it has no Apply or Fortitude button to redraw.
  const refreshPreviews = (touches: (targetId: string) => boolean) =>
    loadedChatDrawing()?.refreshPreviews(touches);
  const dropRolledFortitude = () => loadedChatDrawing()?.dropRolledFortitude();
  const byActor = (actor: ActorI | null | undefined) => (id: string) =>
    !!actor && targetActor(id, null) === actor;
  Hooks.on("updateActor", (actor: ActorI) => {
    refreshPreviews(byActor(actor));
    dropRolledFortitude();
  });
  for (const hook of ["createItem", "updateItem", "deleteItem"] as const)
    Hooks.on(hook, (item: Item.Implementation) =>
      refreshPreviews(byActor(item.parent instanceof Actor ? item.parent : null)),
    );
  Hooks.on("updateToken", (token: TokenDocument.Implementation) => {
    refreshPreviews((id) => id === token.uuid || (!!token.actor && targetActor(id, null) === token.actor));
    dropRolledFortitude();
  });
}

/**
 * When a GM's seals, record of attacks or unlanded writes change (a card sealed, sealed again after a GM's edit,
 * refused, a write to finish), the cards they name are drawn again on this page: the card follows the GM's word.
 */
function redrawOnSeals(): void {
  Hooks.on("updateUser", (user: User.Implementation, changed: object) => {
    if (!user.isGM) return;
    const flags = (
      changed as { flags?: Record<string, { seals?: object; attacks?: object; unlanded?: object }> }
    ).flags;
    const mine = flags?.[SYSTEM_ID];
    if (!mine) return;
    const ids = new Set(
      [mine.seals, mine.attacks, mine.unlanded]
        .flatMap((o) => Object.keys(o ?? {}))
        .map((k) => k.replace(/^-=/, "")),
    );
    for (const id of ids) {
      const m = game.messages?.get(id);
      if (m) void redraw(m);
    }
  });
}
