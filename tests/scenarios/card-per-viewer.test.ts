/**
 * Scenario (issue 28, "rendered per viewer"): an attack card stores no rendered card. Alice's attack posts a card
 * whose `content` is a one-line summary (card-render.ts `cardSummary`: the weapon's name, no number); the GM applies
 * and undoes, and each time writes `system.card` only — the stored `content` never changes — while every page draws
 * the card from its data for its own user (v13 client/documents/chat-message.mjs `_onUpdate` → client/applications/
 * sidebar/tabs/chat.mjs `ChatLog#updateMessage` → `ChatMessage#renderHTML` → the `renderChatMessageHTML` hook, which
 * `renderMessage` calls as the chat log does): the GM sees Undo on what landed, Alice (the author) sees Apply on what
 * has not, Bruno (a bystander) sees no control; and a page whose language names "applied" differently shows its
 * own word on the same stored card.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  BRUNO_ID,
  buttonsOf,
  clickCard,
  closeTableAfterEach,
  deckThreeWorld,
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

describe("scenario: the attack card is drawn per viewer from its data (issue 28)", () => {
  it("Alice's attack stores no rendered card; the GM's apply and undo leave content alone while each page draws its own controls and its own language", async () => {
    table = await createTable({
      world: DECK_WORLD,
      online: "every",
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    // Bruno's page reads another language: its "applied" is "Angewandt".
    bruno.run(() => {
      const i18n = G().game.i18n;
      const base = i18n.localize;
      i18n.localize = (k: string) => (k === "FT.Card.applied" ? "Angewandt" : base(k));
    });
    const pistol = alice.run(() => G().game.actors.get(EUSYL).items.getName("Automatic Pistol").id as string);
    table.dice(5, 7);
    const card = (await attack(table, alice, EUSYL, pistol, [TOK.p1])) as string;
    expect(card).toBeTruthy();
    const stored = () => gm.run(() => G().game.messages.get(card).content as string);
    const content = stored();
    // No rendered card in what is stored: only the weapon's name, in a summary line.
    expect(content).toBe('<p class="ft-card-summary">Automatic Pistol</p>');
    expect(content).not.toContain('ft-card"');
    expect(content).not.toContain("data-ft-action");
    const controls = () => ({
      gm: buttonsOf(renderMessage(gm, card)),
      alice: buttonsOf(renderMessage(alice, card)),
      bruno: buttonsOf(renderMessage(bruno, card)),
    });
    expect(controls()).toEqual({ gm: ["apply:Pirate 1"], alice: ["apply:Pirate 1"], bruno: [] });

    clickCard(gm, card, "apply", "Pirate 1");
    await table.settle();
    expect(stored()).toBe(content);
    expect(controls()).toEqual({ gm: ["undo:Pirate 1"], alice: [], bruno: [] });
    // The same stored card in two languages: each page draws its own word.
    expect(text(renderMessage(alice, card))).toContain("Applied");
    expect(text(renderMessage(alice, card))).not.toContain("Angewandt");
    expect(text(renderMessage(bruno, card))).toContain("Angewandt");
    expect(text(renderMessage(bruno, card))).not.toContain("Applied");

    clickCard(gm, card, "undo", "Pirate 1");
    await table.settle();
    expect(stored()).toBe(content);
    // A hit the GM took back: only the GM applies it again (R1-1).
    expect(controls()).toEqual({ gm: ["apply:Pirate 1"], alice: [], bruno: [] });
    expect(table.unhandled).toEqual([]);
  });
});
