/**
 * Scenario (issue 31): attacks of opportunity a movement provokes (SW-14, SW-24, SW-25). Kara (Alice's, a lightsaber)
 * stands between the Thug and the Raider (NPCs, each a vibroblade), all adjacent on a 1 m grid; Bruno watches. When a
 * token walks out of a foe's threatened area (within 2 m of it, SW-14) farther than a 2 m step, the active GM offers
 * that foe's owners its attack of opportunity — a card whispered to them with a button only they get; its click is the
 * attack of opportunity the tracker makes, at the mover where it provoked. One a round (SW-25); a GM's displace
 * provokes nothing, nor does a disengage (SW-24) from the areas it started in.
 *
 *   row 5:  Raider (4)  Kara (5)  Thug (6)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";
import {
  dragThrough,
  gmNextTurn,
  offerOn,
  offersSeen as offersSeenBy,
  startEncounter,
  takeOffer,
} from "./kit-provoke.js";

const SCENE = id("sceneD20Provoke");
const KARA = id("actKaraProvoke");
const THUG = id("actThugProvoke");
const RAIDER = id("actRaiderProvoke");
const SABER = id("itmSaberProvoke");
const BLADE = { thug: id("itmBladeThugProv"), raider: id("itmBladeRaidProv") };
const CMB = { kara: id("cmbKaraProvoke"), thug: id("cmbThugProvoke"), raider: id("cmbRaiderProvoke") };
const TOK = { kara: id("tokKaraProvoke"), thug: id("tokThugProvoke"), raider: id("tokRaiderProvoke") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const blade = (itemId: string) =>
  itemFromPack("d20", "lightsaber", itemId, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade");

/** `raider`: the Raider's cell (beside Kara, west, unless a test puts him elsewhere). */
const world = (raider: [number, number] = [4, 5]) => ({
  settings: [settingSource(id("setEngineProvoke"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    { ...d20Foe(THUG, "Thug", HEROIC_POOLS), items: [blade(BLADE.thug)] },
    { ...d20Foe(RAIDER, "Raider", HEROIC_POOLS), items: [blade(BLADE.raider)] },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(6, 5)),
        foeToken(TOK.raider, "Raider", RAIDER, cell(...raider)),
      ],
    }),
  ],
});

/** The GM's encounter: initiative d20s 18, 10, 5 → Kara 20, Thug 12, Raider 7 (Dex +2 each); Kara's turn. */
async function encounter(): Promise<void> {
  await startEncounter(table, SCENE, {
    cmb: CMB,
    tok: TOK,
    act: { kara: KARA, thug: THUG, raider: RAIDER },
  });
}

/** The GM ends the current turn. */
const nextTurn = () => gmNextTurn(table);

/**
 * `who` moves the token to column `col` of row 5 as a drag does (v13 `TokenDocument#move` with the "dragging" method,
 * client/documents/token.mjs), each waypoint walked unless `action` says otherwise (a GM's "displace").
 */
const drag = (who: Client, tokenId: string, cols: number[], action = "walk") =>
  dragThrough(
    table,
    who,
    SCENE,
    tokenId,
    cols.map((c) => cell(c, 5)),
    action,
  );

/** The offers (attack of opportunity cards) each client's chat log shows: their titles. */
const offersSeen = () => offersSeenBy(table);

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** `c` clicks the offer's button; the attack dialog opens on that page. */
const take = (c: Client, messageId: string) => takeOffer(table, c, messageId);

describe("scenario: moving out of a threatened area provokes (issue 31, SW-25)", () => {
  it("SW-25 SW-14: the Thug walks 3 m away from Kara on his turn — Alice is offered Kara's attack of opportunity (Bruno sees no card, no button), takes it: d20 15 + 8 = 23 vs Defense 15 on every client; when the Raider walks away in the same round nothing is offered (one a round)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    await nextTurn();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    expect(currentTurn(gm)).toBe("Thug");
    await drag(gm, TOK.thug, [9]);
    const seen = offersSeen();
    const offer = seen.Alice?.[0];
    expect(offer).toBeDefined();
    expect(seen).toEqual({ Gamemaster: [offer], Alice: [offer], Bruno: [] });
    expect(offerOn(alice, offer!)).toEqual({
      text: "Attack of opportunity for Kara SW-25 Thug moved out of or through the area Kara threatens: Kara may make an attack of opportunity at Thug.",
      button: true,
    });
    expect(bruno.run(() => G().game.messages.get(offer!)?.visible ?? false)).toBe(false);
    await take(alice, offer!);
    const msg = await dialogKit.aliceRolls(alice, 15, 3, 4);
    const lines = onEveryClient(table, () => "");
    for (const c of table.all)
      lines[c.user.name as string] = text(
        targetBlock(renderMessage(c, msg), "Thug").querySelector(".ft-roll-line"),
      );
    expect(lines).toEqual(everyone(table, "d20 15 + 8 = 23 vs Defense 15 → Hit 2d8 [3, 4] + 2 = 9 dmg"));
    expect(told(alice)).toEqual([]);
    // The Raider's turn, the same round: he walks 3 m away from Kara, who has made her attack of opportunity.
    await nextTurn();
    expect(currentTurn(gm)).toBe("Raider");
    await drag(gm, TOK.raider, [1]);
    expect(offersSeen()).toEqual(seen);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice drags Kara 2 m away from the Thug — a 2 m step, nothing offered; 1 m farther (3 m this round) provokes: the GM, the Thug's owner, is offered it, Alice and Bruno see nothing; from the button the GM makes it", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Away from the Thug, up the column (the Raider's area too: the step leaves both).
    await alice.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move([{ ...cell(5, 3), action: "walk" }], { method: "dragging" }),
    );
    await table.settle();
    expect(offersSeen()).toEqual(everyone(table, []));
    await alice.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move([{ ...cell(5, 2), action: "walk" }], { method: "dragging" }),
    );
    await table.settle();
    const seen = offersSeen();
    expect(seen.Alice).toEqual([]);
    expect(seen.Bruno).toEqual([]);
    expect(seen.Gamemaster).toHaveLength(2);
    const texts = seen.Gamemaster!.map((m: string) => offerOn(gm, m).text);
    expect(texts).toEqual([
      "Attack of opportunity for Thug SW-25 Kara moved out of or through the area Thug threatens: Thug may make an attack of opportunity at Kara.",
      "Attack of opportunity for Raider SW-25 Kara moved out of or through the area Raider threatens: Raider may make an attack of opportunity at Kara.",
    ]);
    await take(gm, seen.Gamemaster![0]!);
    const msg = await dialogKit.aliceRolls(gm, 15, 3, 4);
    expect(text(targetBlock(renderMessage(alice, msg), "Kara").querySelector(".ft-roll-line"))).toBe(
      "d20 15 + 0 = 15 vs Defense 12 → Hit 2d6 [3, 4] = 7 dmg",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: the GM displaces Kara 6 m away (the displace movement action): nothing is offered; walking back into the Thug's area and on without stopping is offered to the GM", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    await drag(gm, TOK.kara, [11], "displace");
    expect(gm.run(() => G().canvas.tokens.get(TOK.kara).document.x)).toBe(cell(11, 5).x);
    expect(offersSeen()).toEqual(everyone(table, []));
    // Alice walks her back to 8 (inside the Thug's area) and on to row 7, still inside: she did not stop.
    await table.client(ALICE_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move(
          [
            { ...cell(8, 5), action: "walk" },
            { ...cell(8, 7), action: "walk" },
          ],
          { method: "dragging" },
        ),
    );
    await table.settle();
    const seen = offersSeen();
    expect(seen.Alice).toEqual([]);
    expect(seen.Gamemaster!.map((m: string) => offerOn(gm, m).text)).toEqual([
      "Attack of opportunity for Thug SW-25 Kara moved out of or through the area Thug threatens: Thug may make an attack of opportunity at Kara.",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-24 SW-25: Kara disengages from the tracker, then Alice drags her 2 m west and 4 m on: her first 2 m clear the Thug's area, so he is offered nothing; her path on through the Raider's area (he stands at 1,7) is offered to him", async () => {
    table = await createTable({ world: world([1, 7]), online: [GM_ID, ALICE_ID] });
    await encounter();
    const alice = table.client(ALICE_ID);
    const button = (await tracker(alice)).querySelector('[data-action="disengage"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(row(await tracker(alice), "Kara")).toBeDefined();
    await alice.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move(
          [
            { ...cell(3, 5), action: "walk" },
            { ...cell(-1, 5), action: "walk" },
          ],
          { method: "dragging" },
        ),
    );
    await table.settle();
    const seen = offersSeen();
    expect(seen.Alice).toEqual([]);
    expect(seen.Gamemaster!.map((m: string) => offerOn(table.client(GM_ID), m).text)).toEqual([
      "Attack of opportunity for Raider SW-25 Kara moved out of or through the area Raider threatens: Raider may make an attack of opportunity at Kara.",
    ]);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
