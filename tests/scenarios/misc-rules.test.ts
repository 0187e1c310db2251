/**
 * Scenarios for stray shots into a crowd (SF-X-35) and a burst's area (SF-X-24), played from Alice's sheet to what
 * every client sees.
 *
 * Numbers (rules-tables §2, §3, seed 000): Eusyl DEX 80 → ½ DEX 40; the laser pistol (PB ≤5, S ≤20) at a pirate
 * 10 m away is at Short range −10; the pirate has not moved, +10; a dock worker standing on the line of fire puts
 * the pirate in a crowd, soft cover −10 (SF-X-35): 30 %. The pistol at its lowest setting, 1 SEU, does 1d10.
 * Seed 000: "If the shot misses, there is a 25% chance it will hit someone else. The referee decides who the shot
 * hits." A burst (seed 000): "up to five adjacent characters in an area up to 10 meters wide".
 */
import { describe, expect, it, vi } from "vitest";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attackFromSheet,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  itemSystem,
  messageIds,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  tokenStamina,
  tokenUuid,
  told,
} from "./kit.js";

const SCENE = id("sceneDocks");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const WORKER = id("actWorker");
const PISTOL = id("itmPistol");
const RIFLE = id("itmRifle");
const TOK_EUSYL = id("tokEusyl");
const TOK_PIRATE = id("tokPirate");
const TOK_WORKER = id("tokWorker");
const TOK_BYSTANDER = id("tokBystander");

vi.setConfig({ testTimeout: 30_000 });

let table: Table;
closeTableAfterEach(() => table);

/** Eusyl at (1500, 1500); the pirate 10 m east; a dock worker halfway, on the line of fire (and one more, aside). */
const strayWorld = (strays = true) => ({
  settings: strays ? [] : [settingSource("settingStray0001", "strayShots", false)],
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 80 },
      stamina: 45,
      items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    actorSource({ _id: WORKER, name: "Dock worker", stamina: 30 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      tokens: [
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({ _id: TOK_PIRATE, name: "Pirate", actorId: PIRATE, actorLink: false, x: 2500, y: 1500 }),
        tokenSource({
          _id: TOK_WORKER,
          name: "Dock worker",
          actorId: WORKER,
          actorLink: false,
          x: 2000,
          y: 1500,
        }),
        // Off the line of fire: not in the crowd, so not someone the stray can hit.
        tokenSource({
          _id: TOK_BYSTANDER,
          name: "Crane hand",
          actorId: WORKER,
          actorLink: false,
          x: 2000,
          y: 2100,
        }),
      ],
    }),
  ],
});

const stamina = (tokenId: string) => onEveryClient(table, () => tokenStamina(SCENE, tokenId));
const strayBlock = (c: Client, msg: string) => renderMessage(c, msg).querySelector(".ft-stray");

describe("scenario: a miss into a crowd (SF-X-35)", () => {
  it("SF-X-35: a miss at a pirate behind a dock worker rolls the stray d100 (20 ≤ 25); the GM picks the worker, who takes the shot's 7", async () => {
    table = await createTable({ world: strayWorld(), online: "players" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    alice.target(TOK_PIRATE);
    // d100 70 misses 30 %; the pistol's 1d10 rolls 7; the stray d100 20 hits someone else.
    table.dice(70, 7, 20);
    await attackFromSheet(alice, EUSYL, PISTOL, { fast: true });
    await table.settle();
    expect(pendingDice()).toEqual([]);
    const [msg] = messageIds(gm);
    expect(msg).toBeDefined();
    const cardId = msg!;
    // Everyone reads the miss, the crowd and the stray; only the GM has the pick.
    const pirateRow = targetBlock(renderMessage(bruno, cardId), "Pirate");
    expect(text(pirateRow.querySelector(".ft-roll-line"))).toBe(
      "70 ≤ 30 Miss Stray shot may hit someone else (25%)",
    );
    for (const c of table.all)
      expect(text(strayBlock(c, cardId)?.querySelector("p"))).toBe(
        "Stray d100: 20 · The missed shot hits someone else: 7 damage. The referee picks who. SF-X-35",
      );
    const options = [...(strayBlock(gm, cardId)?.querySelectorAll("option") ?? [])].map((o) => text(o));
    expect(options).toEqual(["Dock worker"]);
    expect(strayBlock(alice, cardId)?.querySelector("select")).toBeNull();
    expect(strayBlock(bruno, cardId)?.querySelector("[data-ft-action]")).toBeNull();

    // The GM picks the worker and clicks: 30 − 7 = 23 on every client, through the card's apply path.
    const card = renderMessage(gm, cardId);
    const select = card.querySelector<HTMLSelectElement>(".ft-stray select")!;
    select.value = tokenUuid(SCENE, TOK_WORKER);
    gm.run(() => card.querySelector<HTMLButtonElement>('[data-ft-action="stray"]')!.click());
    await table.settle();
    expect(stamina(TOK_WORKER)).toEqual(everyone(table, 23));
    expect(stamina(TOK_PIRATE)).toEqual(everyone(table, 40));
    expect(stamina(TOK_BYSTANDER)).toEqual(everyone(table, 30));
    // The card names who was hit, shows the worker applied, and offers no second pick; the GM may undo it.
    for (const c of table.all) {
      const seen = renderMessage(c, cardId);
      expect(text(seen.querySelectorAll(".ft-stray p")[1])).toBe("The stray shot hit Dock worker.");
      expect(text(targetBlock(seen, "Dock worker").querySelector(".ft-applied-label"))).toBe("Applied");
      expect(seen.querySelector(".ft-stray select")).toBeNull();
    }
    expect(told(gm).filter((n) => !n.includes("world data"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 28 SF-X-35: the GM's stray pick writes the card's data only — the stored content stays the weapon's one-line summary on every client, and each page draws the pick for its own user", async () => {
    table = await createTable({ world: strayWorld(), online: "players" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    alice.target(TOK_PIRATE);
    table.dice(70, 7, 20);
    await attackFromSheet(alice, EUSYL, PISTOL, { fast: true });
    await table.settle();
    const [posted] = messageIds(gm);
    expect(posted).toBeDefined();
    const cardId = posted!;
    const stored = () => onEveryClient(table, () => G().game.messages.get(cardId).content as string);
    const summary = '<p class="ft-card-summary">Laser Pistol</p>';
    expect(stored()).toEqual(everyone(table, summary));
    const card = renderMessage(gm, cardId);
    card.querySelector<HTMLSelectElement>(".ft-stray select")!.value = tokenUuid(SCENE, TOK_WORKER);
    gm.run(() => card.querySelector<HTMLButtonElement>('[data-ft-action="stray"]')!.click());
    await table.settle();
    expect(stamina(TOK_WORKER)).toEqual(everyone(table, 23));
    // The pick and the hit it applied are in system.card; content is as Alice posted it.
    expect(stored()).toEqual(everyone(table, summary));
    for (const c of table.all)
      expect(text(renderMessage(c, cardId).querySelectorAll(".ft-stray p")[1])).toBe(
        "The stray shot hit Dock worker.",
      );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-35: a stray d100 of 26 hits no one else; a player's forged pick is refused and writes nothing", async () => {
    table = await createTable({ world: strayWorld() });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    alice.target(TOK_PIRATE);
    table.dice(70, 7, 26);
    await attackFromSheet(alice, EUSYL, PISTOL, { fast: true });
    await table.settle();
    const [cardId] = messageIds(gm);
    expect(text(strayBlock(gm, cardId!)?.querySelector("p"))).toBe(
      "Stray d100: 26 · The missed shot hits no one else. SF-X-35",
    );
    expect(strayBlock(gm, cardId!)?.querySelector("select")).toBeNull();

    // Alice writes a stray request on her own User as a script would: the GM answers that the referee picks.
    const mark = table.server.log.length;
    await alice.run(() =>
      G().game.user.setFlag("frontier-tactics", "request", {
        id: "forgedStray00001",
        kind: "stray",
        messageId: cardId,
        ids: [tokenUuid(SCENE, TOK_WORKER)],
      }),
    );
    await table.settle();
    const answer = alice.run(() => G().game.user.getFlag("frontier-tactics", "response"));
    expect(answer.skipped).toEqual([{ id: "", reason: "FT.Misc.strayGMOnly" }]);
    expect(requestsSince(table, mark)).toEqual(["update User by Alice", "update User by Gamemaster"]);
    expect(stamina(TOK_WORKER)).toEqual(everyone(table, 30));
  });

  it("SF-X-35: with the world's stray-shot rule off, a miss into the crowd rolls no stray die", async () => {
    table = await createTable({ world: strayWorld(false) });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    alice.target(TOK_PIRATE);
    table.dice(70, 7); // a third die would be unscripted and throw
    await attackFromSheet(alice, EUSYL, PISTOL, { fast: true });
    await table.settle();
    const [cardId] = messageIds(gm);
    expect(strayBlock(gm, cardId!)).toBeNull();
    expect(text(targetBlock(renderMessage(gm, cardId!), "Pirate").querySelector(".ft-roll-line"))).toBe(
      "70 ≤ 30 Miss",
    );
    expect(table.unhandled).toEqual([]);
  });
});

/** Eusyl at (1100, 1500) with an automatic rifle (a full 20-round clip); pirates placed by the test. */
const burstWorld = (pirates: { x: number; y: number }[]) => ({
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 50 },
      stamina: 45,
      items: [
        itemFromPack("weapons", "automatic-rifle", RIFLE, {
          ranges: { pb: 5, s: 40, m: 100, l: 150, e: 300 },
        }),
      ],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      // 5 m squares of 100 px (20 px a metre), so a pirate 140 m away is still on the scene.
      grid: { size: 100, distance: 5, units: "m" },
      tokens: [
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1100, y: 1500 }),
        ...pirates.map((p, i) =>
          tokenSource({
            _id: id(`tokPir${i}`),
            name: `Pirate ${i + 1}`,
            actorId: PIRATE,
            actorLink: false,
            ...p,
          }),
        ),
      ],
    }),
  ],
});

/** A pirate `m` metres east of Eusyl and `n` metres south of her line of fire (20 px a metre). */
const at = (m: number, n = 0) => ({ x: 1100 + m * 20, y: 1500 + n * 20 });
const pirateIds = (n: number) => Array.from({ length: n }, (_, i) => id(`tokPir${i}`));
const clip = () => onEveryClient(table, () => itemSystem(EUSYL, RIFLE).ammo.remaining);

describe("scenario: a burst's area (SF-X-24)", () => {
  it("SF-X-24: five pirates at 10, 30, 60, 100 and 140 m are not adjacent; the burst is refused with the rule ID, nothing spent", async () => {
    table = await createTable({ world: burstWorld([at(10), at(30), at(60), at(100), at(140)]) });
    const alice = table.client(ALICE_ID);
    const mark = table.server.log.length;
    alice.target(...pirateIds(5));
    await attackFromSheet(alice, EUSYL, RIFLE, { fast: true });
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: SF-X-24: a burst is aimed at adjacent characters; Pirate 1 is 20 m from the nearest other target (10 m at most).",
    ]);
    expect(requestsSince(table, mark)).toEqual([]);
    expect(clip()).toEqual(everyone(table, 20));
    expect(messageIds(table.client(GM_ID))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-24: two pirates 15 m apart across the line of fire are wider than 10 m; refused, nothing spent", async () => {
    table = await createTable({ world: burstWorld([at(30, -7.5), at(30, 7.5)]) });
    const alice = table.client(ALICE_ID);
    const mark = table.server.log.length;
    alice.target(...pirateIds(2));
    await attackFromSheet(alice, EUSYL, RIFLE, { fast: true });
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: SF-X-24: a burst's targets must stand in an area at most 10 m wide; these spread 15 m across the line of fire.",
    ]);
    expect(requestsSince(table, mark)).toEqual([]);
    expect(clip()).toEqual(everyone(table, 20));
  });

  it("SF-X-24: two pirates 5 m apart at 30 m are one burst: one roll, 6d10, ten rounds", async () => {
    table = await createTable({ world: burstWorld([at(30, -2.5), at(30, 2.5)]), online: "players" });
    const alice = table.client(ALICE_ID);
    alice.target(...pirateIds(2));
    table.dice(30, 7, 3, 9, 2, 8, 4);
    await attackFromSheet(alice, EUSYL, RIFLE, { fast: true });
    await table.settle();
    expect(pendingDice()).toEqual([]);
    expect(told(alice)).toEqual([]);
    expect(clip()).toEqual(everyone(table, 10));
    const [cardId] = messageIds(table.client(BRUNO_ID));
    expect(text(renderMessage(table.client(BRUNO_ID), cardId!).querySelector(".ft-split"))).toBe(
      "6d10 [7, 3, 9, 2, 8, 4] = 33 → 16 each, 1 lost SF-X-24",
    );
  });
});
