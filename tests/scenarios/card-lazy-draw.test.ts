/**
 * Scenario (issue 33, the main bundle): the chat's drawing code is not in the system's first load. v13
 * client/documents/chat-message.mjs (search id 18719148835) `renderHTML` is async — the chat log, notifications and
 * popouts await it — and calls the `renderChatMessageHTML` hook synchronously inside it; the system's ChatMessage
 * class (src/documents/chat-message.ts) awaits the drawing code's load before core's `renderHTML`, so the hook draws
 * synchronously with code that came in its own chunk. Here a card is drawn through `renderHTML` (the harness models
 * v13's, tests/foundry/client-documents.ts) on every page, with the load held back until a step of the test.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  BRUNO_ID,
  buttonsOf,
  closeTableAfterEach,
  deckThreeWorld,
  drawn,
  G,
  GM_ID,
  id,
  renderMessage,
  text,
} from "./kit.js";

const SCENE = id("sceneDeck3");
const EUSYL = id("eusyl");
const TOK = { p1: id("tokPirate1"), p2: id("tokPirate2"), p3: id("tokPirate3") };
const TOK_EUSYL = id("tokEusyl");
const DECK_WORLD = deckThreeWorld(
  { scene: SCENE, tokens: [TOK.p1, TOK.p2, TOK.p3], actor: EUSYL },
  TOK_EUSYL,
);

let table: Table;
closeTableAfterEach(() => table);

describe("scenario: a card is drawn through ChatMessage#renderHTML, its drawing code loaded first (issue 33)", () => {
  it("every page draws Alice's card through renderHTML as the chat log does; core's drawing waits for the code", async () => {
    table = await createTable({
      world: DECK_WORLD,
      online: "every",
    });
    // (After the table: the system's modules extend Foundry's classes, which the harness installs.)
    const { drawChatMessagesWith, FrontierChatMessage } = await import("../../src/documents/chat-message.js");
    const { loadChatDrawing } = await import("../../src/workflows/card/chat-drawing.js");
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    // The system's class is each page's ChatMessage class.
    expect(gm.run(() => G().CONFIG.ChatMessage.documentClass === FrontierChatMessage)).toBe(true);
    const pistol = alice.run(() => G().game.actors.get(EUSYL).items.getName("Automatic Pistol").id as string);
    table.dice(5, 7);
    const card = (await attack(table, alice, EUSYL, pistol, [TOK.p1])) as string;
    expect(card).toBeTruthy();

    // Each page's chat log draws the card from its data for its user: the same controls and words as the kit draws.
    const viaLog = {
      gm: await drawn(gm, card),
      alice: await drawn(alice, card),
      bruno: await drawn(bruno, card),
    };
    expect({
      gm: buttonsOf(viaLog.gm),
      alice: buttonsOf(viaLog.alice),
      bruno: buttonsOf(viaLog.bruno),
    }).toEqual({ gm: ["apply:Pirate 1"], alice: ["apply:Pirate 1"], bruno: [] });
    expect(text(viaLog.alice)).toBe(text(renderMessage(alice, card)));
    expect(text(viaLog.alice)).toContain("Automatic Pistol");

    // The load held back: core's renderHTML (and so the hook) has not run; once the code is here, the card is drawn.
    let release = (): void => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    drawChatMessagesWith(() => held.then(loadChatDrawing));
    try {
      const hooked: string[] = [];
      alice.run(() =>
        G().Hooks.on("renderChatMessageHTML", (m: { id: string }) => {
          hooked.push(m.id);
        }),
      );
      const pending = drawn(alice, card);
      await table.settle();
      expect(hooked).toEqual([]);
      release();
      const li = await pending;
      expect(hooked).toEqual([card]);
      expect(buttonsOf(li)).toEqual(["apply:Pirate 1"]);
    } finally {
      drawChatMessagesWith(loadChatDrawing);
    }
    expect(table.unhandled).toEqual([]);
  });
});
