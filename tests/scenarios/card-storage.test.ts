/**
 * Scenario: a 3-target burst card stored through Foundry v13's storage, as a table runs it. Alice's client creates
 * the card with `ChatMessage.create`; the GM's ports (`foundryGMPorts`) apply and undo its damage, saving the card
 * with `message.update(…, {recursive: false})`. v13's client backend runs `expandObject` over both
 * (client/data/client-backend.mjs), which splits every dotted key into nested objects: a version 1 card, keyed by
 * token UUID, comes back as `{Scene: {…}}`. The pirates' tokens are unlinked, so their Stamina is the token's own.
 *
 * Issue "trust" (R1-5): a version 3 card keeps a public mark of each applied target; the numbers of the hit are
 * recorded on the target (its token's delta here, `flags.frontier-tactics.hits.<message>.<token>`), in the update
 * that changes its Stamina. Older cards' records are read as legacy marks: still applied, not undone automatically.
 */
import { describe, expect, it } from "vitest";
import { readCard } from "../../src/workflows/card/card-data.js";
import { BURST_CARD, BURST_CARD_V1 } from "../fixtures/cards.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  type CardIds,
  cardFor,
  closeTableAfterEach,
  deckThree,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  postCard,
  tokenStamina,
  tokenUuid,
} from "./kit.js";

const SCENE = id("sceneDeck3");
const EUSYL = id("eusyl");
const TOKENS: [string, string, string] = [id("tokPirate1"), id("tokPirate2"), id("tokPirate3")];
const IDS: CardIds = { scene: SCENE, tokens: TOKENS, actor: EUSYL };
const T = TOKENS.map((t) => tokenUuid(SCENE, t));
const [T1, T2, T3] = T as [string, string, string];

const V3 = cardFor(BURST_CARD, IDS);
const UNAPPLIED = { ...V3, applied: [] };
const V1 = cardFor(BURST_CARD_V1, IDS);

let table: Table;
closeTableAfterEach(() => table);

/** Eusyl (Alice's) and three pirates of Stamina 30 with unlinked tokens; `messages` stored in the world. */
function world(messages: Record<string, unknown>[] = []) {
  const { actors, scene } = deckThree(IDS);
  return { actors, scenes: [scene], messages };
}

/** Each pirate's Stamina, the same on every client. */
function stamina(): Record<string, number> {
  const seen = onEveryClient(table, () => TOKENS.map((t) => tokenStamina(SCENE, t)));
  const first = Object.values(seen)[0]!;
  expect(seen).toEqual(everyone(table, first));
  return { pirate1: first[0]!, pirate2: first[1]!, pirate3: first[2]! };
}

/** The card as the message holds it on a client, raw. */
const storedCard = (messageId: string, client = table.client(GM_ID)) =>
  client.run(() => G().game.messages.get(messageId).system.card);

/** The GM's apply and undo, through the real ports on the GM's client. */
function gm(messageId: string) {
  const run = (op: "gmApplyDamage" | "gmUndoDamage", ids: string[]) =>
    table.client(GM_ID).run(async () => {
      const flow = await import("../../src/workflows/card/card-apply-gm.js");
      const { foundryGMPorts } = await import("../../src/workflows/card/card-gm.js");
      const r = await flow[op](messageId, ids, foundryGMPorts());
      await table.settle();
      return r;
    });
  return {
    apply: (ids: string[]) => run("gmApplyDamage", ids),
    undo: (ids: string[]) => run("gmUndoDamage", ids),
  };
}

/** This card's record of a hit on a pirate's token, as `client` has the token's actor (null when there is none). */
const recordOn = (messageId: string, token: string, client = table.client(GM_ID)) =>
  client.run(
    () =>
      G().game.scenes.get(SCENE).tokens.get(token).actor.getFlag("frontier-tactics", "hits")?.[messageId]?.[
        token
      ] ?? null,
  );

/** Numbers of a hit, which a version 3 card never stores. */
const NUMBERS = /staminaBefore|staminaAfter|"taken"|"steps"|"drains"/;

const messageUpdates = (from: number) =>
  table.server.log.slice(from).filter((r) => r.action === "update" && r.type === "ChatMessage").length;

describe("scenario: the attack card in Foundry v13's storage", () => {
  it("v13 splits a version 1 card's token-UUID keys into nested objects (why version 1 cards broke): the attack model migrates the split card as it is created; a version 3 card is stored as sent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const v1 = await postCard(table, alice, V1);
    // Issue 28: the model's migrateData runs on the created data after v13's expandObject split its keys; what
    // every client (and the server) holds is a version 3 card, its damage per target put back together.
    for (const c of table.all) {
      expect(storedCard(v1, c).result.damageByTarget).toBeUndefined();
      expect(storedCard(v1, c)).toMatchObject({ version: 3, result: { damage: V3.result.damage } });
    }
    expect(table.server.world.messages.find((m) => m._id === v1)).toMatchObject({
      system: { card: { version: 3 } },
    });
    // Version 3 (as version 2) keys nothing by target id, so storing it changes nothing.
    const v2 = await postCard(table, alice, UNAPPLIED);
    for (const c of table.all) expect(storedCard(v2, c)).toEqual(UNAPPLIED);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-24 SF-B-15 apply on a stored 3-target burst: each Stamina drops 13, once; undo restores; apply again works", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const msg = await postCard(table, table.client(ALICE_ID), UNAPPLIED);
    const from = table.server.log.length;
    const { apply, undo } = gm(msg);

    expect(await apply([])).toEqual({ applied: T, skipped: [] });
    expect(stamina()).toEqual({ pirate1: 17, pirate2: 17, pirate3: 17 });
    // What the message now holds on every client, after v13 expanded the update: three marks, each with its target,
    // and no numbers.
    for (const c of table.all) {
      const stored = readCard(storedCard(msg, c))!;
      expect(stored.applied.map((r) => [r.targetId, r.tokenId, r.unconscious, r.stunned])).toEqual([
        [T1, TOKENS[0], false, false],
        [T2, TOKENS[1], false, false],
        [T3, TOKENS[2], false, false],
      ]);
      expect(storedCard(msg, c)).toMatchObject({ version: 3, applied: expect.any(Array) });
      expect(JSON.stringify(storedCard(msg, c))).not.toMatch(NUMBERS);
    }
    // The numbers are on each target, written with its Stamina (the stored token's delta holds both).
    for (const t of TOKENS) {
      expect(recordOn(msg, t)).toMatchObject({ rolled: 13, taken: 13, staminaBefore: 30, staminaAfter: 17 });
      const stored = table.server.world.scenes[0]!.tokens.find((x: { _id: string }) => x._id === t);
      expect(stored.delta.system.stamina.value).toBe(17);
      expect(stored.delta.flags["frontier-tactics"].hits[msg][t]).toMatchObject({ staminaAfter: 17 });
    }

    // A second click: once per target.
    expect(await apply([T2])).toEqual({
      applied: [],
      skipped: [{ id: T2, reason: "FT.Card.alreadyApplied" }],
    });
    expect(stamina().pirate2).toBe(17);

    // Undo one target: its Stamina comes back and its record (on the target) and mark (on the card) go; the
    // others stay applied.
    expect(await undo([T2])).toEqual({ applied: [T2], skipped: [] });
    expect(stamina()).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    expect(
      readCard(storedCard(msg))!
        .applied.filter((r) => !r.undone)
        .map((r) => r.targetId),
    ).toEqual([T1, T3]);
    // The record stays on the target, marked undone: only a GM applies this card to it again (issue "trust").
    expect(recordOn(msg, TOKENS[1])).toMatchObject({ undone: true });
    expect(recordOn(msg, TOKENS[0])).toMatchObject({ staminaAfter: 17 });

    // Applied again after the undo.
    expect((await apply([T2])).applied).toEqual([T2]);
    expect(stamina().pirate2).toBe(17);
    // The card was saved three times: apply, undo, apply (the refused second click saved nothing).
    expect(messageUpdates(from)).toBe(3);
    expect(table.unhandled).toEqual([]);
  });

  it("a version 1 card that v13 already expanded is read back whole: it applies 13, not 0, and keeps its target applied", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const msg = await postCard(table, table.client(ALICE_ID), V1);
    // Issue 28: migrated as it was created (after v13 split its keys): Pirate 2's full record is a legacy mark.
    expect(storedCard(msg)).toMatchObject({ version: 3, applied: [{ targetId: T2, legacy: true }] });
    const card = readCard(storedCard(msg))!;
    expect(card.result.damage).toEqual(V3.result.damage);
    expect(card.applied.map((r) => r.targetId)).toEqual([T2]);

    const r = await gm(msg).apply([]);
    expect(r).toEqual({ applied: [T1, T3], skipped: [{ id: T2, reason: "FT.Card.alreadyApplied" }] });
    expect(stamina()).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    // The save upgrades the card to version 3, on every client: Pirate 2 stays applied as a legacy mark, and the
    // numbers its old record carried are no longer on the card.
    for (const c of table.all) {
      expect(storedCard(msg, c)).toMatchObject({ version: 3 });
      const applied = readCard(storedCard(msg, c))!.applied;
      expect(applied.map((x) => [x.targetId, x.legacy ?? false])).toEqual([
        [T2, true],
        [T1, false],
        [T3, false],
      ]);
      expect(JSON.stringify(storedCard(msg, c))).not.toMatch(NUMBERS);
    }
    // An old card's hit has no record on its target: undo refuses it (by hand), and changes nothing.
    expect(await gm(msg).undo([T2])).toEqual({
      applied: [],
      skipped: [{ id: T2, reason: "FT.Card.legacyUndo" }],
    });
    expect(stamina()).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    expect(readCard(storedCard(msg))!.applied.map((x) => x.targetId)).toEqual([T2, T1, T3]);
    expect(table.unhandled).toEqual([]);
  });

  it("a version 1 card loaded from the world as stored (dotted keys) applies 13 to the two not yet applied", async () => {
    const MSG = id("msgOldCard");
    table = await createTable({
      world: world([
        { _id: MSG, type: "attack", author: ALICE_ID, content: "<div></div>", system: { card: V1 } },
      ]),
      online: [GM_ID, ALICE_ID],
    });
    const card = readCard(storedCard(MSG))!;
    expect(card.result.damage).toEqual(V3.result.damage);
    expect(card.applied.map((r) => r.targetId)).toEqual([T2]);
    const r = await gm(MSG).apply([]);
    expect(r).toEqual({ applied: [T1, T3], skipped: [{ id: T2, reason: "FT.Card.alreadyApplied" }] });
    expect(stamina()).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    expect(readCard(storedCard(MSG))!.applied.map((x) => x.targetId)).toEqual([T2, T1, T3]);
    expect(table.unhandled).toEqual([]);
  });
});
