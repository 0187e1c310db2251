/**
 * Scenario (issue 31, review d20rules #4 and #5): attacks of opportunity an action provokes are offered, not only
 * warned. Seed 002: SW-20 "Making an unarmed attack provokes an attack of opportunity from your opponent, provided that
 * your opponent is armed. The attack of opportunity occurs before your attack." — "An unarmed attack against one
 * opponent doesn't provoke an attack of opportunity from other opponents or from an unarmed foe."; SW-25 "using a
 * ranged weapon that requires two hands to operate can provoke an attack of opportunity if all other criteria are
 * met" (Attack (Ranged): "No" in the Actions in Combat table); SW-41 grapple "You can make a melee touch attack to grab
 * the target, which provokes an attack of opportunity", disarm "You provoke an attack of opportunity from the target
 * you are trying to disarm. If the defender's attack of opportunity deals any damage, your disarm attempt fails."
 *
 * Kara (Alice's: BAB +6, Str 14, Dex 14, a two-handed blaster rifle and a one-handed blaster pistol) stands between
 * the Raider (unarmed) and the Thug (a vibroblade), all adjacent on a 1 m grid; the foes are the GM's. Bruno watches.
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
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  messageIds,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { blasterRifle, d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { openSheet } from "./kit-grenades.js";
import { answerPrompt } from "./kit-zebulon.js";

const SCENE = id("sceneD20ProvAct");
const KARA = id("actKaraProvAct");
const THUG = id("actThugProvAct");
const RAIDER = id("actRaidProvAct");
const RIFLE = id("itmRifleProvAct");
const PISTOL = id("itmPistProvAct");
const BLADE = id("itmBladeProvAct");
const CLIP = id("itmClipProvAct");
const CMB = { kara: id("cmbKaraProvAct"), thug: id("cmbThugProvAct"), raider: id("cmbRaidProvAct") };
const TOK = { kara: id("tokKaraProvAct"), thug: id("tokThugProvAct"), raider: id("tokRaidProvAct") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource(id("setEngineProvAct"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        blasterRifle(RIFLE),
        itemFromPack("d20", "blaster-pistol", PISTOL, {
          d20: { damage: "3d6" },
          // A 20-shot power clip weapon, half spent: the sheet's Reload takes the clip below (SW-25 "Load a Weapon").
          ammo: { unit: "seu", perShot: 1, capacity: 20, remaining: 10 },
        }),
        itemFromPack("power", "powerclip", CLIP),
      ],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    {
      ...d20Foe(THUG, "Thug", HEROIC_POOLS),
      items: [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade")],
    },
    d20Foe(RAIDER, "Raider", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Cantina",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(6, 5)),
        foeToken(TOK.raider, "Raider", RAIDER, cell(4, 5)),
      ],
    }),
  ],
});

/** The GM's encounter: initiative d20s 18, 10, 5 → Kara 20, Thug 12, Raider 7; Kara's turn. */
async function encounter(): Promise<void> {
  table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
  const gm = table.client(GM_ID);
  await openD20Combat(table, SCENE, [
    { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
    { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    { _id: CMB.raider, tokenId: TOK.raider, actorId: RAIDER },
  ]);
  table.dice(18, 10, 5);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  expect(currentTurn(gm)).toBe("Kara");
}

/** The offers of an attack of opportunity each client's chat log shows. */
const offersSeen = () =>
  onEveryClient(table, () =>
    G()
      .game.messages.contents.filter((m: any) => m.visible && m.system?.kind === "ft-aoo-offer")
      .map((m: any) => m.id as string),
  );

/** The offer's title and line and whether its button is there, as `c` draws it. */
function offerOn(c: Client, messageId: string): { text: string; button: boolean } {
  const card = renderMessage(c, messageId);
  return {
    text: [...card.querySelectorAll("h3, p")].map((e) => text(e)).join(" "),
    button: !!card.querySelector('[data-ft-action="attackOfOpportunity"]'),
  };
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** The dialog's SW-25 warning as Alice reads it ("" when there is none). */
const warning = (alice: Client) =>
  alice.run(() => text(dialogKit.attackDialog(alice).element.querySelector("fieldset.ft-assist .ft-error")));

/** Alice targets `target` and clicks Punch (no shift) on Kara's sheet: the attack dialog opens. */
async function openPunch(alice: Client, target: string): Promise<void> {
  alice.target(target);
  const sheet = await openSheet(alice, KARA);
  alice.run(() => click(sheet.querySelector<HTMLElement>('[data-action="punch"]')!));
  await alice.run(() => settleApps());
  await table.settle();
  expect(dialogKit.attackDialog(alice)).toBeDefined();
}

describe("scenario: attacks of opportunity an action provokes (issue 31, SW-20, SW-25, SW-41)", () => {
  it("SW-20: on her turn Alice punches the armed Thug — her dialog warns the strike provokes him first; once it is rolled the GM (the Thug's owner) is offered his attack of opportunity, the offer saying it came before the strike, with its button; Alice and Bruno see no offer", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openPunch(alice, TOK.thug);
    expect(warning(alice)).toBe(
      "Thug is armed: your unarmed strike provokes its attack of opportunity, which comes before your strike (SW-20).",
    );
    const strike = await dialogKit.aliceRolls(alice, 12, 2);
    expect(strike).toBeDefined();
    const seen = offersSeen();
    const offer = seen.Gamemaster?.[0];
    expect(offer).toBeDefined();
    expect(seen).toEqual({ Gamemaster: [offer], Alice: [], Bruno: [] });
    expect(offerOn(gm, offer!)).toEqual({
      text: "Attack of opportunity for Thug SW-20 Kara struck Thug unarmed: an unarmed strike at an armed foe provokes Thug's attack of opportunity, which comes before the strike (SW-20) — Thug may make it at Kara; the GM settles it before the strike's damage.",
      button: true,
    });
    expect(table.unhandled).toEqual([]);
  });

  it("SW-20: Alice punches the unarmed Raider with the armed Thug beside her — no warning (not from other opponents, nor from an unarmed foe), nothing offered", async () => {
    await encounter();
    const alice = table.client(ALICE_ID);
    await openPunch(alice, TOK.raider);
    expect(warning(alice)).toBe("");
    await dialogKit.aliceRolls(alice, 12, 2);
    expect(told(alice)).toEqual([]);
    expect(offersSeen()).toEqual({ Gamemaster: [], Alice: [], Bruno: [] });
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice fires her two-handed blaster rifle at the Thug from beside him — the dialog warns, and the GM is offered the Thug's attack of opportunity (not the unarmed Raider's); her one-handed pistol's dialog gives no warning", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    expect(warning(alice)).toBe("");
    await dialogKit.cancel(alice);
    await dialogKit.aliceOpensAttack(alice, RIFLE);
    expect(warning(alice)).toBe(
      "A foe threatens you: firing a two-handed ranged weapon provokes an attack of opportunity (SW-25).",
    );
    await dialogKit.aliceRolls(alice, 12, 3, 4, 5);
    const seen = offersSeen();
    expect(seen.Gamemaster).toHaveLength(1);
    expect(seen.Alice).toEqual([]);
    expect(offerOn(gm, seen.Gamemaster![0]!)).toEqual({
      text: "Attack of opportunity for Thug SW-25 Kara fired a two-handed ranged weapon within the area Thug threatens: Thug may make an attack of opportunity at Kara (SW-25).",
      button: true,
    });
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice's one-handed blaster pistol shot at the Thug beside her offers nothing", async () => {
    await encounter();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.aliceRolls(alice, 12, 3, 4, 5);
    expect(messageIds(alice).length).toBeGreaterThan(0);
    expect(offersSeen()).toEqual({ Gamemaster: [], Alice: [], Bruno: [] });
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41: Alice tries to grapple the armed Thug — the GM is offered his attack of opportunity before the touch attack is rolled (the offer precedes the grapple's card); Alice sees no offer", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const press = async (kind: string) => {
      alice.target(TOK.thug);
      const sheet = await openSheet(alice, KARA);
      alice.run(() =>
        click(sheet.querySelector<HTMLElement>(`[data-action="specialAttack"][data-kind="${kind}"]`)!),
      );
      await alice.run(() => settleApps());
      await table.settle();
    };
    table.dice(15, 12, 8);
    await press("grapple");
    const offers = offersSeen().Gamemaster!;
    expect(offers).toHaveLength(1);
    expect(offerOn(gm, offers[0]!).text).toBe(
      "Attack of opportunity for Thug SW-41 Kara tries to grab Thug: the grapple's touch attack provokes Thug's attack of opportunity (SW-41) — Thug may make it at Kara first.",
    );
    // The offer is posted before the grapple's card.
    // Every client's chat log in order: the offer, then the grapple's card.
    const order = gm.run(() =>
      G().game.messages.contents.map((m: any) => (m.system?.kind as string) ?? m.type),
    );
    expect(order.filter((k: string) => k === "ft-aoo-offer" || k === "ft-special-card")).toEqual([
      "ft-aoo-offer",
      "ft-special-card",
    ]);
    expect(offersSeen().Alice).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41: a trip (whose seed text names no attack of opportunity) offers nothing; next round a disarm attempt at the armed Thug offers his attack of opportunity, saying damage from it makes the disarm fail", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // The Thug's round ledger is fresh: one attack of opportunity a round, so the trip is tried by itself first.
    alice.target(TOK.thug);
    let sheet = await openSheet(alice, KARA);
    alice.run(() =>
      click(sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="trip"]')!),
    );
    await alice.run(() => settleApps());
    await table.settle();
    table.dice(15, 12, 8);
    await answerPrompt(table, alice);
    expect(offersSeen().Gamemaster).toEqual([]);
    // Next round, Kara's turn again: a disarm.
    for (let i = 0; i < 3; i++) await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    table.dice(15, 12);
    sheet = await openSheet(alice, KARA);
    alice.run(() =>
      click(sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="disarm"]')!),
    );
    await alice.run(() => settleApps());
    await table.settle();
    const offers = offersSeen().Gamemaster!;
    expect(offers).toHaveLength(1);
    expect(offerOn(gm, offers[0]!).text).toBe(
      "Attack of opportunity for Thug SW-41 Kara tries to disarm Thug: it provokes Thug's attack of opportunity (SW-41) — Thug may make it at Kara first; if it deals any damage, the disarm fails (the GM's call).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: on her turn Alice reloads Kara's pistol from the sheet beside the armed Thug and the unarmed Raider — loading a weapon provokes (the Actions in Combat table): the GM is offered the Thug's attack of opportunity, not the Raider's; once a round", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, KARA);
    const reload = sheet.querySelector<HTMLElement>(`tr[data-item-id="${PISTOL}"] [data-action="reload"]`);
    expect(reload).not.toBeNull();
    alice.run(() => click(reload!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(alice.run(() => G().game.actors.get(KARA).items.get(PISTOL).system.ammo.remaining)).toBe(20);
    const seen = offersSeen();
    expect(seen.Gamemaster).toHaveLength(1);
    expect(seen.Alice).toEqual([]);
    expect(offerOn(gm, seen.Gamemaster![0]!)).toEqual({
      text: "Attack of opportunity for Thug SW-25 Kara loaded a weapon within the area Thug threatens: Thug may make an attack of opportunity at Kara (SW-25).",
      button: true,
    });
    // A later write of her round's ledger (the pistol's shot) offers nothing more.
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.aliceRolls(alice, 12, 3, 4, 5);
    expect(offersSeen().Gamemaster).toHaveLength(1);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41 (trust review, rank 3): Alice's console sends the GM the grapple's provoke request five times — the Thug is offered one attack of opportunity at Kara this round, not five", async () => {
    await encounter();
    const alice = table.client(ALICE_ID);
    await alice.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      const scene = G().game.scenes.get(SCENE);
      for (let i = 0; i < 5; i++)
        await requestGM({
          kind: "provoke",
          tokenUuid: scene.tokens.get(TOK.kara).uuid,
          target: scene.tokens.get(TOK.thug).uuid,
          action: "grapple",
        });
    });
    await table.settle();
    expect(offersSeen().Gamemaster).toHaveLength(1);
    expect(table.unhandled).toEqual([]);
  });
});
