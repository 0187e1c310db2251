/**
 * Scenario: the attack card's buttons, clicked on each user's own client, when the request to the GM fails. The
 * click listener is a DOM listener, so a rejection would only reach the console: each failure (the GM's client
 * does not answer, no GM is logged in) must become a notification, and the button must come back. Also: whose
 * buttons a card shows, the GM's "already applied" answer, and a card read on a scene other than the attack's (the
 * blast area and the distances keep the attack's scene).
 *
 * Issue "trust": a click is a request the asker writes on their own User (`flags.frontier-tactics.request`,
 * src/helpers/gm-request.ts), answered by the active GM on the same User; no `CONFIG.queries` handler is involved,
 * so the QUERY_USER permission no longer decides it. A player applies to tokens they do not own (the pirates) only
 * when the world setting `playersApplyToAll` is on; where Alice applies below, that world turns it on.
 */
import { describe, expect, it, vi } from "vitest";
import type { GrenadeCard } from "../../src/data/chat/attack-card.js";
import { QUERY_TIMEOUT } from "../../src/helpers/gm-query.js";
import { BURST_CARD } from "../fixtures/cards.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  BRUNO_ID,
  buttonsOf,
  cardFor,
  clickCard,
  closeTableAfterEach,
  deckThree,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  postCard,
  renderMessage,
  requestsSince,
  settingSource,
  targetBlock,
  text,
  tokenStamina,
  told,
} from "./kit.js";

const SCENE = id("sceneDeck3");
const BRIDGE = id("sceneBridge");
const EUSYL = id("eusyl");
const TOKENS: [string, string, string] = [id("tokPirate1"), id("tokPirate2"), id("tokPirate3")];
const CARD = cardFor(BURST_CARD, { scene: SCENE, tokens: TOKENS, actor: EUSYL });

const NOTE = {
  timeout:
    "warn: The GM did not answer in time. The GM's client may still have done it: check before trying again.",
  noGM: "warn: No GM is connected to carry this out. Try again once a GM has joined.",
  // card-actions.ts `request` reports every skipped target as a warning now, except damage held for a tie (info).
  alreadyApplied: "info: Damage from this card was already applied to Pirate 1.",
};

let table: Table;
closeTableAfterEach(() => table);

const DECK = deckThree({ scene: SCENE, tokens: TOKENS, actor: EUSYL });
/** Deck 3; `applyToAll`: the world lets players apply to tokens they do not own (issue "trust"). */
const world = (options: { applyToAll?: boolean } = {}) => ({
  settings: options.applyToAll ? [settingSource("settingApplyAll1", "playersApplyToAll", true)] : [],
  actors: DECK.actors,
  scenes: [
    DECK.scene,
    { _id: BRIDGE, name: "Bridge", active: false, grid: { size: 100, distance: 5, units: "ft" }, tokens: [] },
  ],
});

/** Pirate 1's Stamina on every client. */
const pirate1 = () => onEveryClient(table, () => tokenStamina(SCENE, TOKENS[0]));

/** Alice clicks Apply for Pirate 1 on her card: the button, disabled while the request runs, then settled. */
async function aliceApplies(
  msg: string,
): Promise<{ disabledWhileAsking: boolean; button: HTMLButtonElement }> {
  const alice = table.client(ALICE_ID);
  const card = clickCard(alice, msg, "apply", "Pirate 1");
  const button = targetBlock(card, "Pirate 1").querySelector<HTMLButtonElement>('[data-ft-action="apply"]')!;
  const disabledWhileAsking = button.disabled;
  await table.settle();
  return { disabledWhileAsking, button };
}

/** How many requests Alice has written (each a flag on her own User) since `from`, an index into the server log. */
const aliceRequests = (from: number) =>
  requestsSince(table, from).filter((r) => r === "update User by Alice").length;

/** The "GM applies" notes this user's card shows, as "target name". */
const gmAppliesNotes = (card: HTMLElement) =>
  [...card.querySelectorAll(".ft-gm-applies")].map((n) =>
    text(n.closest("li.ft-target")?.querySelector("strong")),
  );

describe("scenario: card buttons report what went wrong", () => {
  it("the GM sees Apply and Undo; Alice, the attack's author, only Apply where she may; Bruno nothing", async () => {
    table = await createTable({ world: world(), online: "players" });
    const msg = await postCard(table, table.client(ALICE_ID), CARD);
    expect(buttonsOf(renderMessage(table.client(GM_ID), msg))).toEqual([
      "apply:Pirate 1",
      "undo:Pirate 2",
      "apply:Pirate 3",
      // Two targets left to apply: one button applies the card to both (issue 13, review table-ux #13).
      "applyAll",
    ]);
    // Issue "trust": by default only the GM applies to tokens Alice does not own; her rows say so instead.
    const alicesCard = renderMessage(table.client(ALICE_ID), msg);
    expect(buttonsOf(alicesCard)).toEqual([]);
    expect(gmAppliesNotes(alicesCard)).toEqual(["Pirate 1", "Pirate 3"]);
    expect(buttonsOf(renderMessage(table.client(BRUNO_ID), msg))).toEqual([]);
    expect(gmAppliesNotes(renderMessage(table.client(BRUNO_ID), msg))).toEqual([]);
  });

  it("with playersApplyToAll on, Alice, the attack's author, has Apply for the pirates; Bruno still nothing", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "players" });
    const msg = await postCard(table, table.client(ALICE_ID), CARD);
    expect(buttonsOf(renderMessage(table.client(ALICE_ID), msg))).toEqual([
      "apply:Pirate 1",
      "apply:Pirate 3",
      "applyAll",
    ]);
    expect(buttonsOf(renderMessage(table.client(BRUNO_ID), msg))).toEqual([]);
  });

  it("the GM's answer did not come in time: a warning, and the button is usable again", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: [GM_ID, ALICE_ID] });
    const msg = await postCard(table, table.client(ALICE_ID), CARD);
    const from = table.server.log.length;
    // The GM's client never answers: it is gone before Alice's request reaches it (the harness's `unresponsive`
    // only stops query answers, and a request is a document update every connected client receives).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const alice = table.client(ALICE_ID);
      const card = clickCard(alice, msg, "apply", "Pirate 1");
      table.disconnect(GM_ID);
      const button = targetBlock(card, "Pirate 1").querySelector<HTMLButtonElement>(
        '[data-ft-action="apply"]',
      )!;
      await table.settle();
      expect(button.disabled).toBe(true); // still waiting for the answer
      await vi.advanceTimersByTimeAsync(QUERY_TIMEOUT);
      await table.settle();
      expect(told(alice)).toEqual([NOTE.timeout]);
      expect(button.disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    // Alice's request was written; nothing else.
    expect(requestsSince(table, from)).toEqual(["update User by Alice"]);
    expect(pirate1()).toEqual(everyone(table, 30));
    expect(table.server.world.scenes[0]!.tokens[0]!.delta?.system?.stamina?.value).toBeUndefined();
    expect(table.unhandled).toEqual([]);
  });

  it("no GM connected: its own warning, and the button comes back; the query permission does not decide a request", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const msg = await postCard(table, alice, CARD);

    table.disconnect(GM_ID);
    let from = table.server.log.length;
    const noGM = await aliceApplies(msg);
    expect(noGM.disabledWhileAsking).toBe(true);
    expect(told(alice)).toEqual([NOTE.noGM]);
    expect(noGM.button.disabled).toBe(false);
    expect(table.server.log.slice(from)).toEqual([]);

    // The GM logs in again and revokes Alice's permission to query users (Configure Permissions, per user).
    await table.connect(GM_ID);
    await table.client(GM_ID).run(() =>
      G()
        .game.users.get(ALICE_ID)
        .update({ permissions: { QUERY_USER: false } }),
    );
    await table.settle();
    expect(alice.run(() => G().game.user.hasPermission("QUERY_USER"))).toBe(false);
    // A request is a flag on her own User, not a query: the GM carries it out (13 off Pirate 1's 30).
    from = table.server.log.length;
    const asked = await aliceApplies(msg);
    expect(aliceRequests(from)).toBe(1);
    expect(told(alice)).toEqual([NOTE.noGM]);
    expect(asked.button.disabled).toBe(false);
    expect(pirate1()).toEqual(everyone(table, 17));
    expect(table.unhandled).toEqual([]);
  });

  it("the GM's answer names the target already applied", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const msg = await postCard(table, alice, CARD);
    const stale = renderMessage(alice, msg); // Alice's card, drawn before the GM applies
    clickCard(table.client(GM_ID), msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirate1()).toEqual(everyone(table, 17));
    const from = table.server.log.length;
    clickCard(alice, msg, "apply", "Pirate 1", stale);
    await table.settle();
    expect(aliceRequests(from)).toBe(1);
    expect(told(alice)).toEqual([NOTE.alreadyApplied]);
    expect(pirate1()).toEqual(everyone(table, 17));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: the attack's scene, not the one being viewed", () => {
  const grenade: GrenadeCard = {
    landing: { x: 300, y: 400 },
    bounced: false,
    stoppedByWall: false,
    direction: null,
    d10: null,
    caught: [],
    ring: [],
    radius: 3,
  };

  /** The GM looks at another scene (Scene#view: the viewed scene and its canvas change). */
  function gmViews(sceneId: string): void {
    const gm = table.client(GM_ID);
    gm.run(() => {
      G().game.scenes.viewed = G().game.scenes.get(sceneId);
    });
    gm.refreshCanvas();
    expect(gm.run(() => G().canvas.scene.id)).toBe(sceneId);
  }

  const templates = () =>
    onEveryClient(table, () =>
      Object.fromEntries(
        G().game.scenes.contents.map(
          (s: {
            name: string;
            templates: { contents: { t: string; x: number; y: number; distance: number }[] };
          }) => [
            s.name,
            s.templates.contents.map((t: { t: string; x: number; y: number; distance: number }) => [
              t.t,
              t.x,
              t.y,
              t.distance,
            ]),
          ],
        ),
      ),
    );

  it("SF-X-43 the blast area is placed only on the grenade's scene; a GM looking elsewhere is told which", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const msg = await postCard(table, table.client(ALICE_ID), { ...CARD, grenade });
    gmViews(BRIDGE);
    const before = told(gm).length; // (the GM's ready told of the world's migration)
    clickCard(gm, msg, "place", null);
    await table.settle();
    expect(told(gm).slice(before)).toEqual([
      "warn: This blast went off on the scene Deck 3: view that scene to place its area.",
    ]);
    expect(templates()).toEqual(everyone(table, { "Deck 3": [], Bridge: [] }));

    gmViews(SCENE);
    clickCard(gm, msg, "place", null);
    await table.settle();
    expect(templates()).toEqual(everyone(table, { "Deck 3": [["circle", 300, 400, 3]], Bridge: [] }));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-15 the card's distances carry the attack scene's units, whatever the renderer views", async () => {
    table = await createTable({ world: world(), online: [GM_ID] });
    gmViews(BRIDGE); // in feet
    const heads = (card: unknown) =>
      table.client(GM_ID).run(async () => {
        const { renderCard } = await import("../../src/workflows/card/card-render.js");
        const el = G().document.createElement("div") as HTMLElement;
        el.innerHTML = await renderCard(card as never);
        return [...el.querySelectorAll(".ft-target-head")].map((h) => text(h));
      });
    expect(await heads(CARD)).toEqual([
      "Pirate 1 12 m · Short",
      "Pirate 2 14 m · Short Soft cover",
      "Pirate 3 13 m · Short",
    ]);
    expect((await heads({ ...CARD, rangeUnit: "squares" }))[0]).toBe("Pirate 1 12 □ · Short");
  });
});
