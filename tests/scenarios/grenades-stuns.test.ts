/**
 * Scenario: grenades, stuns and the drugs that end them, played from the users' clicks on their own clients.
 *
 * - A doze grenade Alice throws from her sheet puts two pirates to sleep; the card offers Apply at 0 damage and an
 *   Apply to all; the GM applies it and every client sees both asleep, each for the d100 turns rolled with the throw
 *   (Expanded game, rules-tables §18). Alice then uses a Stimdose from her sheet on one of them: the GM's client
 *   writes it (the pirate is not hers), and everyone sees it wake (SF-B-18, SF-B-22).
 * - SF-X-42: a creature of Stamina 120 needs two doze grenades (120 ÷ 50 = 2); two thrown in the same turn count
 *   together.
 * - SF-B-17/SF-B-18 (review probe P9): a Basic-game grenade thrown straight down that misses and bounces at 45° over
 *   two squares lands in a square, and the gas puts whoever is in that square to sleep for one hour (600 turns).
 * - SF-X-40: a failed Reaction Speed check in an explosive's ring is a stun of one turn when applied.
 * - SF-Z-06: in a Zebulon world a fragmentation grenade's blast is the colour's share of its maximum (8d10: 80).
 * - Bad input: no Stimdose left; a Stimdose on a character below 0 — refused with the rule ID, nothing spent.
 *
 * Eusyl (Alice's): DEX 60, Thrown Weapons 1: ½ DEX + 10 = 40, + range (PB 0, S −10) + 10 for a stationary target
 * (SF-X-38, SF-X-14, SF-X-17). Grenade bands 5/10/15/25/50 m. Positions are grid cells from the scene's corner.
 */
import { describe, expect, it, vi } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cardButtons,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  openEncounter,
  requestsSince,
  rowText,
  sceneSource,
  settingSource,
  shown,
  staminaOf,
  statusesOf,
  tokenSource,
  told,
} from "./kit.js";
import {
  cardOn,
  clickCardWide,
  clickSheetItem,
  lastCard,
  quantityOf,
  statusDuration,
} from "./kit-grenades.js";

let table: Table;
vi.setConfig({ testTimeout: 60_000 });

/** The text of the drug lines in `client`'s chat (whispered to the GMs and the giver). */
const chatLines = (client: ReturnType<Table["client"]>): string[] =>
  client.run(() =>
    G()
      .game.messages.contents.filter((m: any) => shown(m).includes("ft-drug"))
      .map((m: any) => shown(m).replace(/<[^>]+>/g, "")),
  );
closeTableAfterEach(() => table, resetAppRecords);

const SCENE = id("sceneDoze");
const EUSYL = id("eusylDoze");
const KAAL = id("kaalBruno");
const PIRATE = id("pirateCrew");
const DOZE = id("itemDoze");
const DOZE2 = id("itemDozeKaal");
const FRAG = id("itemFrag");
const CHARGE = id("itemCharge");
const STIM = id("itemStimdose");
const STAY = id("itemStaydose");
const TOK_EUSYL = id("tokEusyl");
const TOK_KAAL = id("tokKaal");
const TOK_P1 = id("tokPirate1");
const TOK_P2 = id("tokPirate2");

const eusyl = (stimdoses: number, doze: Record<string, unknown> = {}) =>
  actorSource({
    _id: EUSYL,
    name: "Eusyl",
    owner: ALICE_ID,
    abilities: { dex: 60, rs: 50, sta: 50 },
    items: [
      itemFromPack("grenades", "doze-grenade", DOZE, doze),
      itemFromPack("grenades", "fragmentation-grenade", FRAG),
      itemFromPack("grenades", "explosive-charge-500-g", CHARGE),
      itemFromPack("skills", "thrown-weapons"),
      itemFromPack("gear", "stimdose", STIM, { quantity: stimdoses }),
      itemFromPack("gear", "staydose", STAY, { quantity: 1 }),
    ],
  });

/** Pirates: one NPC actor (Stamina 30, RS 40) behind unlinked tokens, as a GM drops a crew on the map. */
const pirate = actorSource({ _id: PIRATE, name: "Pirate", stamina: 30, abilities: { rs: 40 } });

const pirateToken = (_id: string, name: string, col: number, row: number) =>
  tokenSource({ _id, name, actorId: PIRATE, actorLink: false, disposition: -1, ...cell(col, row) });

function world(opts: {
  settings?: Record<string, unknown>[];
  actors?: Record<string, unknown>[];
  tokens: Record<string, unknown>[];
  grid?: Record<string, unknown>;
  stimdoses?: number;
}) {
  return {
    settings: opts.settings ?? [],
    actors: [eusyl(opts.stimdoses ?? 2), pirate, ...(opts.actors ?? [])],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Pirate deck",
        ...(opts.grid ? { grid: opts.grid } : {}),
        tokens: opts.tokens,
      }),
    ],
  };
}

const eusylToken = (col: number, row: number) =>
  tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, ...cell(col, row) });

describe("scenario: grenades, stuns and the drugs that end them (issue 12)", () => {
  /*
   *   Eusyl (2,4) ── 4 m, Point Blank ──▶ Pirate 1 (6,4) ✷  Pirate 2 (7,4)
   */
  it("SF-B-18 SF-X-43 SF-B-22: a doze grenade thrown from Alice's sheet knocks out two pirates for their d100 turns; the GM applies it to all; Alice's Stimdose wakes one, and every client sees it", async () => {
    table = await createTable({
      world: world({
        tokens: [
          eusylToken(2, 4),
          pirateToken(TOK_P1, "Pirate 1", 6, 4),
          pirateToken(TOK_P2, "Pirate 2", 7, 4),
        ],
      }),
      online: "players",
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);

    // 40 + 0 (Point Blank) + 10 = 50 %: d100 20 hits. The gas catches both (1 m apart); each sleeps d100 turns
    // (rules-tables §18): Pirate 1 37, Pirate 2 82. Eusyl, 4 m away, is outside the 3 m blast.
    table.dice(20, 37, 82);
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, DOZE, "attack", true);
    expect(told(alice)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    const card = lastCard(alice);
    expect(card).not.toBeNull();
    for (const c of table.all) {
      const text = cardOn(c, card!);
      expect(text).toContain("Eusyl · Doze Grenade");
      expect(text).toContain("Went off on target · Caught in the blast: Pirate 1, Pirate 2");
      expect(text).toContain("Asleep (d100 turns): Pirate 1 37, Pirate 2 82");
    }
    // The gas does no damage, yet each pirate has Apply, and one button applies to both: the GM's. Alice threw it
    // but the pirates are not hers (this world does not let players apply to all): the GM applies.
    expect(cardButtons(gm, card!)).toEqual(["apply:Pirate 1", "apply:Pirate 2", "applyAll", "place"]);
    // What each Apply will do, on the GM's page (review 13c L2): Stamina 30 ≤ 50, one grenade puts each to sleep.
    for (const name of ["Pirate 1", "Pirate 2"]) expect(rowText(gm, card!, name)).toContain("Apply → asleep");
    expect(cardButtons(alice, card!)).toEqual(["place"]);
    expect(rowText(alice, card!, "Pirate 1")).toContain("GM applies");
    expect(cardButtons(bruno, card!)).toEqual(["place"]);

    clickCardWide(gm, card!, "applyAll");
    await table.settle();
    expect(onEveryClient(table, () => null)).toEqual(everyone(table, null));
    for (const c of table.all) {
      expect(statusesOf(c, TOK_P1)).toEqual(["unconscious"]);
      expect(statusesOf(c, TOK_P2)).toEqual(["unconscious"]);
      expect(staminaOf(c, TOK_P1)).toBe(30);
      expect(staminaOf(c, TOK_P2)).toBe(30);
      // The sleep's length is on the status, in combat rounds (6-second turns) and world seconds.
      expect(statusDuration(c, TOK_P1, "unconscious")).toEqual({ rounds: 37, seconds: 222 });
      expect(statusDuration(c, TOK_P2, "unconscious")).toEqual({ rounds: 82, seconds: 492 });
      expect(statusesOf(c, TOK_EUSYL)).toEqual([]);
    }
    expect(cardButtons(gm, card!)).toEqual(["undo:Pirate 1", "undo:Pirate 2", "place"]);

    // Alice targets Pirate 1 and clicks Use on her Stimdose: a dozed character wakes and gains no Stamina (SF-B-18).
    // A drug is given by hand: from 4 m away it is refused, nothing spent. Eusyl steps next to the pirate.
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    expect(told(alice)).toEqual([
      "warn: SF-B-22: Eusyl must stand next to Pirate 1 (within 2 m) to give the Stimdose: a drug is given by hand.",
    ]);
    alice.notifications.log.length = 0;
    await alice.run(() => G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL).update(cell(5, 4)));
    await table.settle();
    // The pirate is not hers, so her client asks the GM, whose client writes the pirate and spends her dose.
    const from = table.server.log.length;
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    expect(told(alice)).toEqual(["info: Stimdose used on Pirate 1."]);
    for (const c of table.all) {
      expect(statusesOf(c, TOK_P1)).toEqual([]);
      expect(staminaOf(c, TOK_P1)).toBe(30);
      expect(statusesOf(c, TOK_P2)).toEqual(["unconscious"]);
      expect(quantityOf(c, EUSYL, STIM)).toBe(1);
    }
    const writes = requestsSince(table, from).filter((r) => !r.startsWith("update User"));
    expect(writes.every((r) => r.endsWith("by Gamemaster"))).toBe(true);
    expect(chatLines(gm)).toEqual(["Alice (Eusyl) gave Pirate 1 a Stimdose."]);
    expect(table.unhandled).toEqual([]);
  });

  /*
   *   Eusyl (2,6) ── 4 m ──▶ Grazer (6,6) ◀── 4 m ── Kaal (10,6)
   */
  it("SF-X-42: a creature of Stamina 120 needs two doze grenades (120 ÷ 50 = 2); Alice's and Bruno's, thrown in the same turn, count together", async () => {
    const GRAZER = id("grazerBig");
    const TOK_GRAZER = id("tokGrazer");
    table = await createTable({
      world: world({
        actors: [
          actorSource({
            _id: GRAZER,
            name: "Grazer",
            type: "creature",
            stamina: 120,
            system: { size: "large", speed: "medium" },
          }),
          actorSource({
            _id: KAAL,
            name: "Kaal",
            owner: BRUNO_ID,
            abilities: { dex: 60, rs: 50, sta: 50 },
            items: [
              itemFromPack("grenades", "doze-grenade", DOZE2),
              itemFromPack("skills", "thrown-weapons"),
            ],
          }),
        ],
        tokens: [
          eusylToken(2, 6),
          tokenSource({ _id: TOK_KAAL, name: "Kaal", actorId: KAAL, actorLink: true, ...cell(10, 6) }),
          tokenSource({
            _id: TOK_GRAZER,
            name: "Grazer",
            actorId: GRAZER,
            actorLink: true,
            disposition: -1,
            ...cell(6, 6),
          }),
        ],
      }),
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);

    // Alice's grenade: d100 20 hits (50 %), the Grazer would sleep 40 turns.
    table.dice(20, 40);
    alice.target(TOK_GRAZER);
    await clickSheetItem(table, alice, EUSYL, DOZE, "attack", true);
    const first = lastCard(alice);
    // The GM applies it: one grenade, two needed — the Grazer stays awake.
    clickCard(gm, first!, "apply", "Grazer");
    await table.settle();
    for (const c of table.all) expect(statusesOf(c, TOK_GRAZER)).toEqual([]);

    // Bruno's grenade in the same turn: d100 30 hits, 55 turns of sleep.
    table.dice(30, 55);
    bruno.target(TOK_GRAZER);
    await clickSheetItem(table, bruno, KAAL, DOZE2, "attack", true);
    const second = lastCard(bruno);
    expect(second).not.toBe(first);
    expect(pendingDice()).toEqual([]);
    clickCard(gm, second!, "apply", "Grazer");
    await table.settle();
    for (const c of table.all) {
      expect(statusesOf(c, TOK_GRAZER)).toEqual(["unconscious"]);
      expect(staminaOf(c, TOK_GRAZER)).toBe(120);
      expect(statusDuration(c, TOK_GRAZER, "unconscious")).toEqual({ rounds: 55, seconds: 330 });
    }
    expect(table.unhandled).toEqual([]);
  });

  /*
   * Basic game, 5 m squares.     Eusyl (5,1)
   *                                  │ thrown straight down, 3 squares: Medium
   *                              Pirate 1 (5,4)   misses; d10 3: 45° from the throw → down and to the left
   *                     ✷ Lookout (3,6)  Pirate 2 (4,6)   2 squares (Medium) diagonally: the Lookout's square
   */
  it("SF-B-17 SF-B-18: a Basic-game doze grenade thrown straight down misses, bounces two squares at 45° (probe P9) and puts the one in that square to sleep for an hour (600 turns); the next square is spared", async () => {
    const LOOKOUT = id("tokLookout");
    table = await createTable({
      world: {
        ...world({
          settings: [settingSource("settingVariant01", "variant", "basic")],
          grid: { size: 100, distance: 5, units: "m" },
          tokens: [
            eusylToken(5, 1),
            pirateToken(TOK_P1, "Pirate 1", 5, 4),
            pirateToken(LOOKOUT, "Lookout", 3, 6),
            pirateToken(TOK_P2, "Pirate 2", 4, 6),
          ],
        }),
        actors: [
          actorSource({
            _id: EUSYL,
            name: "Eusyl",
            owner: ALICE_ID,
            abilities: { dex: 60, rs: 50, sta: 50 },
            items: [itemFromPack("weapons", "doze-grenade-basic-game", DOZE)],
          }),
          pirate,
        ],
      },
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // d100 99 misses; the d10 is 3: 45° clockwise from the throw.
    table.dice(99, 3);
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, DOZE, "attack", true);
    expect(pendingDice()).toEqual([]);
    const card = lastCard(alice);
    for (const c of table.all) {
      const text = cardOn(c, card!);
      expect(text).toMatch(/Missed and bounced \(d10 3\) · Caught in the blast: Lookout(?![,\w])/);
      expect(text).toContain("Asleep for one hour (600 turns)");
    }
    expect(cardButtons(gm, card!)).toEqual(["apply:Lookout", "place"]);
    clickCard(gm, card!, "apply", "Lookout");
    await table.settle();
    for (const c of table.all) {
      expect(statusesOf(c, LOOKOUT)).toEqual(["unconscious"]);
      expect(statusDuration(c, LOOKOUT, "unconscious")).toEqual({ rounds: 600, seconds: 3600 });
      expect(statusesOf(c, TOK_P2)).toEqual([]);
      expect(statusesOf(c, TOK_P1)).toEqual([]);
    }
    expect(table.unhandled).toEqual([]);
  });

  /*
   *   Eusyl (2,4) ── 8 m, Short ──▶ Pirate 1 (10,4) ✷ ········ Pirate 2 (14,4): 4 m, in the ring (3–6 m)
   */
  it("SF-X-40: Pirate 2, 4 m from Alice's explosive charge, fails his Reaction Speed check (77 > 40) and is stunned for one turn when the GM applies it", async () => {
    table = await createTable({
      world: world({
        tokens: [
          eusylToken(2, 4),
          pirateToken(TOK_P1, "Pirate 1", 10, 4),
          pirateToken(TOK_P2, "Pirate 2", 14, 4),
        ],
      }),
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // 40 − 10 (Short) + 10 = 40 %: d100 20 hits. The charge's damage is not in our sources (no dice); an RS d100
    // for Pirate 2 in the ring: 77.
    table.dice(20, 77);
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, CHARGE, "attack", true);
    expect(pendingDice()).toEqual([]);
    const card = lastCard(alice);
    for (const c of table.all) expect(cardOn(c, card!)).toMatch(/Pirate 2 77 stunned/);
    expect(cardButtons(gm, card!)).toEqual(["apply:Pirate 2", "place"]);
    // The GM's Apply says what it does (review 13c L2).
    expect(rowText(gm, card!, "Pirate 2")).toContain("Apply → stunned");
    clickCard(gm, card!, "apply", "Pirate 2");
    await table.settle();
    for (const c of table.all) {
      expect(statusesOf(c, TOK_P2)).toEqual(["stun"]);
      expect(statusDuration(c, TOK_P2, "stun")).toEqual({ rounds: 1, seconds: 6 });
      expect(staminaOf(c, TOK_P2)).toBe(30);
      expect(statusesOf(c, TOK_P1)).toEqual([]);
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-40: a stun lasts one turn: Pirate 2, stunned in round 1 of a fight, is no longer stunned when the GM starts round 2, on every client", async () => {
    const tokens = [
      eusylToken(2, 4),
      pirateToken(TOK_P1, "Pirate 1", 10, 4),
      pirateToken(TOK_P2, "Pirate 2", 14, 4),
    ];
    table = await createTable({
      world: world({
        // The phase of the round is played in phases.test.ts; this fight does not enforce it (a world setting).
        settings: [settingSource("settingPhases001", "enforcePhases", false)],
        tokens,
      }),
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openEncounter(table, gm, SCENE, tokens);
    // Each side's d10 (SF-B-04): Eusyl's side 5, the pirates 3.
    table.dice(5, 3);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    // As above: d100 20 hits; Pirate 2, in the ring, rolls 77 against RS 40 and is stunned.
    table.dice(20, 77);
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, CHARGE, "attack", true);
    const card = lastCard(alice);
    clickCard(gm, card!, "apply", "Pirate 2");
    await table.settle();
    for (const c of table.all) expect(statusesOf(c, TOK_P2)).toEqual(["stun"]);
    // The GM ends the round: the sides roll again (4, 2) and round 2 begins; the stun, one turn long, is over.
    table.dice(4, 2);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 2));
    for (const c of table.all) expect(statusesOf(c, TOK_P2)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-06: in a Zebulon world Alice's fragmentation grenade (8d10, maximum 80) reads green on the table: each pirate caught takes ½ of 80 = 40, not dice", async () => {
    table = await createTable({
      world: world({
        settings: [settingSource("settingEngine001", "engine", "zebulon")],
        tokens: [
          eusylToken(2, 4),
          pirateToken(TOK_P1, "Pirate 1", 6, 4),
          pirateToken(TOK_P2, "Pirate 2", 7, 4),
        ],
      }),
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Thrown Weapons 1 → column +1; Point Blank 0 and stationary +10 → +1 CS: column +2, success ≤ 45, green ≤ 32.
    // d100 25 is green. The throw's own 8d10 for its aimed target are rolled with it (the engine reads none).
    table.dice(25, 1, 1, 1, 1, 1, 1, 1, 1);
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, FRAG, "attack", true);
    expect(pendingDice()).toEqual([]);
    const card = lastCard(alice);
    for (const c of table.all) {
      expect(cardOn(c, card!)).toContain("Caught in the blast: Pirate 1, Pirate 2");
      // The throw reads green (its header); each row the green share of the maximum, not dice (issue 13).
      expect(cardOn(c, card!)).toMatch(/Throw .* 25 ≤ \d+ Hit Green/);
      expect(rowText(c, card!, "Pirate 1")).toContain("8d10 (max 80) × ½ = 40 dmg");
    }
    expect(rowText(gm, card!, "Pirate 1")).toContain("Apply 40");
    expect(rowText(gm, card!, "Pirate 2")).toContain("Apply 40");
    clickCardWide(gm, card!, "applyAll");
    await table.settle();
    for (const c of table.all) {
      expect(staminaOf(c, TOK_P1)).toBe(30 - 40);
      expect(staminaOf(c, TOK_P2)).toBe(30 - 40);
    }
    expect(table.unhandled).toEqual([]);
  });

  /*
   *   Eusyl (2,4) ── 4 m ──▶ Pirate 1 (6,4)   Pirate 2 (7,4), hidden by the GM for the forged request
   */
  it('SF-B-22: Alice renames her Staydose "Stimdose" with 99 doses: the GM gives one dose to the pirate next to Eusyl and refuses a second while it works, far targets, hidden ones and world actors, each in one neutral sentence', async () => {
    table = await createTable({
      world: world({
        tokens: [
          eusylToken(2, 4),
          pirateToken(TOK_P1, "Pirate 1", 6, 4),
          { ...pirateToken(TOK_P2, "Pirate 2", 7, 4), hidden: true },
        ],
      }),
      online: "every",
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK_P1)
        .actor.update({ system: { stamina: { value: 12 } } }),
    );
    // Her own gear, her own writes: the name and the quantity are her word.
    await alice.run(() =>
      G()
        .game.actors.get(EUSYL)
        .items.get(STAY)
        .update({ name: "Stimdose", system: { quantity: 99 } }),
    );
    await table.settle();
    const ask = (target: string) =>
      alice.run(async () => {
        const { requestGM } = await import("../../src/helpers/gm-request.js");
        return requestGM({ kind: "drug", actorId: EUSYL, itemId: STAY, target });
      });
    const reasons = async (target: string) => {
      const answer = await ask(target);
      await table.settle();
      return answer.skipped.map((s: { reason: string }) => s.reason);
    };
    const p1 = `Scene.${SCENE}.Token.${TOK_P1}`;
    // Forged requests the sheet would not send: 4 m away (given by hand), a hidden token, a bare world actor.
    expect(await reasons(p1)).toEqual(["FT.Drug.noEffect"]);
    expect(await reasons(`Scene.${SCENE}.Token.${TOK_P2}`)).toEqual(["FT.Drug.noTarget"]);
    expect(await reasons(`Actor.${PIRATE}`)).toEqual(["FT.Drug.noTarget"]);
    for (const c of table.all) {
      expect(staminaOf(c, TOK_P1)).toBe(12);
      expect(quantityOf(c, EUSYL, STAY)).toBe(99);
    }

    // Next to the pirate, one dose: +10 Stamina (12 → 22), one of the 99 spent, and the GMs read who gave it.
    await alice.run(() => G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL).update(cell(5, 4)));
    await table.settle();
    alice.target(TOK_P1);
    await clickSheetItem(table, alice, EUSYL, STAY, "useGear");
    expect(told(alice)).toEqual(["info: Stimdose used on Pirate 1."]);
    expect(chatLines(gm)).toEqual(["Alice (Eusyl) gave Pirate 1 a Stimdose."]);

    // A second dose while the first works (SF-B-22: afterwards 24 hours' rest): refused, in the neutral sentence
    // (Alice may not read the pirate's sheet), nothing written or spent.
    alice.notifications.log.length = 0;
    await clickSheetItem(table, alice, EUSYL, STAY, "useGear");
    expect(told(alice)).toEqual(["warn: SF-B-22: the Stimdose could not be given; nothing was spent."]);
    for (const c of table.all) {
      expect(staminaOf(c, TOK_P1)).toBe(22);
      expect(quantityOf(c, EUSYL, STAY)).toBe(98);
    }
    expect(chatLines(gm)).toHaveLength(1);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-22: on her own character Alice hears the real reason: a second Stimdose while the first still works is refused, nothing spent", async () => {
    table = await createTable({ world: world({ tokens: [eusylToken(2, 4)] }) });
    const alice = table.client(ALICE_ID);
    await alice.run(() =>
      G()
        .game.actors.get(EUSYL)
        .update({ system: { stamina: { value: 20 } } }),
    );
    await table.settle();
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    expect(told(alice)).toEqual(["info: Stimdose used on Eusyl."]);
    alice.notifications.log.length = 0;
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    expect(told(alice)).toEqual([
      "warn: SF-B-22: a Stimdose still works in Eusyl; another one needs 24 hours' rest first.",
    ]);
    for (const c of table.all) {
      expect(staminaOf(c, TOK_EUSYL)).toBe(30);
      expect(quantityOf(c, EUSYL, STIM)).toBe(1);
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-22 SF-B-15: no Stimdose left, or a Stimdose on a character below 0, is refused with the rule ID and nothing is spent; a Staydose keeps that dying character alive through the GM", async () => {
    table = await createTable({
      world: world({
        stimdoses: 0,
        actors: [
          actorSource({
            _id: KAAL,
            name: "Kaal",
            owner: BRUNO_ID,
            stamina: 45,
            system: { stamina: { value: -4, max: 45 } },
          }),
        ],
        tokens: [
          eusylToken(2, 4),
          tokenSource({ _id: TOK_KAAL, name: "Kaal", actorId: KAAL, actorLink: true, ...cell(3, 4) }),
        ],
      }),
    });
    const alice = table.client(ALICE_ID);
    const from = table.server.log.length;

    // Eusyl's first-aid pak has no Stimdose left.
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    expect(told(alice)).toEqual(["warn: SF-B-22: no Stimdose left."]);
    alice.notifications.log.length = 0;

    // One more in the pak (Alice's own write), then on Kaal, whose Stamina is −4: useless below 0.
    await alice.run(() =>
      G()
        .game.actors.get(EUSYL)
        .items.get(STIM)
        .update({ system: { quantity: 1 } }),
    );
    await table.settle();
    const afterRefill = table.server.log.length;
    expect(afterRefill).toBe(from + 1);
    alice.target(TOK_KAAL);
    await clickSheetItem(table, alice, EUSYL, STIM, "useGear");
    // Kaal is Bruno's and Alice may not read his sheet: her client cannot tell, the GM refuses in one neutral
    // sentence that says nothing of his Stamina. Nothing spent; nothing written but Alice's request.
    expect(told(alice)).toEqual(["warn: SF-B-22: the Stimdose could not be given; nothing was spent."]);
    expect(requestsSince(table, afterRefill).filter((r) => !r.startsWith("update User"))).toEqual([]);
    for (const c of table.all) {
      expect(quantityOf(c, EUSYL, STIM)).toBe(1);
      expect(staminaOf(c, TOK_KAAL)).toBe(-4);
    }
    alice.notifications.log.length = 0;

    // The Staydose is for him (SF-B-15): Kaal is Bruno's, so the GM writes it and spends Alice's dose.
    await clickSheetItem(table, alice, EUSYL, STAY, "useGear");
    expect(told(alice)).toEqual(["info: Staydose used on Kaal."]);
    for (const c of table.all) {
      expect(quantityOf(c, EUSYL, STAY)).toBe(0);
      expect(
        c.run(() =>
          G()
            .game.actors.get(KAAL)
            .effects.contents.map((e: any) => e.name),
        ),
      ).toEqual(["Kept alive (Staydose)"]);
    }
    // A second Staydose has none left.
    alice.notifications.log.length = 0;
    await clickSheetItem(table, alice, EUSYL, STAY, "useGear");
    expect(told(alice)).toEqual(["warn: SF-B-15: no Staydose left."]);
    expect(table.unhandled).toEqual([]);
  });
});
