/**
 * Scenario (issue 33, lazy review finding 1): the chat's drawing code comes in a chunk of its own, and its fetch can
 * fail (a network blip; a page still running an older build's entry, whose hashed chunk names are gone). The
 * system's ChatMessage class is every message's class, and v13 client/applications/sidebar/tabs/chat.mjs (search id
 * 18313265066) leaves out of the log each message whose `renderMessage` rejects (`#doRenderBatch`), never appends a
 * new one (`#postOne`) and keeps the old element (`#rerenderMessage`) — so a rejected load must not reject
 * `renderHTML`. Here the fetch fails on every page: a plain message and a card are still drawn by core (the card as
 * its stored summary, the weapon's name), each page is told once to reload; when a later message's load succeeds,
 * the cards drawn without the code are drawn, and a rule card's rule ID becomes a reference (finding 3).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Client, createTable, type Table } from "../foundry/world.js";
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
  messageIds,
  renderMessage,
  text,
  told,
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
afterEach(() => vi.restoreAllMocks());

/** The "a part failed to load" notices this page was shown. */
const partNotices = (client: Client): string[] => told(client).filter((t) => t.includes("failed to load"));

describe("scenario: the chat's drawing code fails to load (issue 33)", () => {
  it("issue 33: a failed chat-draw load still draws every message on every page, tells each page once, and draws the cards when a load succeeds", async () => {
    table = await createTable({
      world: DECK_WORLD,
      online: "every",
    });
    // (After the table: the system's modules extend Foundry's classes, which the harness installs.)
    const { chatDrawingFrom } = await import("../../src/workflows/card/chat-drawing.js");
    const { postRuleCard } = await import("../../src/workflows/card/rule-card.js");
    const { keyed, line } = await import("../../src/data/chat/rule-card.js");
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    const pages = { gm, alice, bruno };

    const pistol = alice.run(() => G().game.actors.get(EUSYL).items.getName("Automatic Pistol").id as string);
    table.dice(5, 7);
    const card = (await attack(table, alice, EUSYL, pistol, [TOK.p1])) as string;
    expect(card).toBeTruthy();
    const plain = await gm.run(
      async () => (await G().ChatMessage.create({ content: "<p>Hello table</p>" })).id,
    );
    await alice.run(() =>
      postRuleCard({
        kind: "ft-spotting",
        ruleId: "SF-X-03",
        title: [],
        lines: [line(keyed("FT.Spotting.title"), "")],
      }),
    );
    await table.settle();
    const [rule] = messageIds(gm, "rule");
    expect(rule).toBeTruthy();

    // Every fetch of the chunk fails, on a page that has not loaded it (as a fresh page), until `fails` is cleared.
    let fails = true;
    chatDrawingFrom(() =>
      fails
        ? Promise.reject(
            new Error("Failed to fetch dynamically imported module: chunks/chat-draw-0a1b2c3d.mjs"),
          )
        : import("../../src/workflows/card/chat-draw.js"),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const before: Record<string, { plain: HTMLElement; card: HTMLElement; rule: HTMLElement }> = {};
      for (const [name, page] of Object.entries(pages)) {
        before[name] = {
          plain: await drawn(page, plain),
          card: await drawn(page, card),
          rule: await drawn(page, rule!),
        };
      }
      await table.settle();
      // Core drew every message: the plain one as written, the attack card as its stored summary (no controls).
      expect(
        Object.fromEntries(
          Object.entries(before).map(([n, b]) => [
            n,
            [text(b.plain), text(b.card), buttonsOf(b.card).length],
          ]),
        ),
      ).toEqual({
        gm: ["Hello table", "Automatic Pistol", 0],
        alice: ["Hello table", "Automatic Pistol", 0],
        bruno: ["Hello table", "Automatic Pistol", 0],
      });
      // One notice per page, however many messages failed; each failure is in the console.
      expect(Object.fromEntries(Object.entries(pages).map(([n, p]) => [n, partNotices(p)]))).toEqual({
        gm: [expect.stringMatching(/^error: A part of Frontier Tactics failed to load .*Reload the page/)],
        alice: [expect.stringMatching(/^error: A part of Frontier Tactics failed to load .*Reload the page/)],
        bruno: [expect.stringMatching(/^error: A part of Frontier Tactics failed to load .*Reload the page/)],
      });
      expect(logged).toHaveBeenCalled();

      // The fetch works again: the next message drawn loads the code, and the cards drawn without it are drawn.
      fails = false;
      for (const page of Object.values(pages)) await drawn(page, plain);
      await table.settle();
      expect({
        gm: buttonsOf(before.gm!.card),
        alice: buttonsOf(before.alice!.card),
        bruno: buttonsOf(before.bruno!.card),
      }).toEqual({ gm: ["apply:Pirate 1"], alice: ["apply:Pirate 1"], bruno: [] });
      expect(text(before.alice!.card)).toBe(text(renderMessage(alice, card)));
      // Drawn late, the rule card's rule ID is still a reference with its tooltip (lazy review finding 3).
      for (const b of Object.values(before)) {
        const ref = b.rule.querySelector<HTMLElement>(".ft-rule");
        expect([text(b.rule), ref?.dataset.ftRule, !!ref?.dataset.tooltipText]).toEqual([
          "Spotting distance SF-X-03",
          "SF-X-03",
          true,
        ]);
      }
      expect(Object.values(pages).map((p) => partNotices(p).length)).toEqual([1, 1, 1]);
    } finally {
      chatDrawingFrom();
    }
    expect(table.unhandled).toEqual([]);
  });
});
