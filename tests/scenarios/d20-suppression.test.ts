/**
 * Scenario (issue 15): suppression of a doorway (SW-43). The Thug holds a doorway in a wall; Kara lays suppression
 * fire on it with her blaster rifle (autofire): one attack against Defense 10 (no cover, no Defense of his), a
 * full-round action. On a hit the 4 m × 4 m area around the doorway is threatened until Kara's next turn: the Thug,
 * inside it, takes −1 on his attack, on the card every client sees; the Guard, outside it, does not; when Kara's next
 * turn starts the area is gone and the Thug's next attack has no −1.
 *
 *            wall (x = 10.5)
 *   Kara (0,5) ────────▶ ┆ Thug (10,5) in the doorway (rows 5–6)   Guard (7,1), outside the area (x 8.5–12.5, y 3.5–7.5)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { wallData } from "../foundry/canvas.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  attack,
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
  ORIGIN,
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { blasterRifle, d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Supp");
const KARA = id("actKaraSupp");
const THUG = id("actThugSupp");
const GUARD = id("actGuardSupp");
const RIFLE = id("itmRifleSupp");
const PISTOL_T = id("itmPistThugSupp");
const PISTOL_G = id("itmPistGrdSupp");
const TOK = { kara: id("tokKaraSupp"), thug: id("tokThugSupp"), guard: id("tokGuardSupp") };
const CMB = { kara: id("cmbKaraSupp"), thug: id("cmbThugSupp"), guard: id("cmbGuardSupp") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const pistol = (itemId: string) => itemFromPack("d20", "blaster-pistol", itemId, { d20: { damage: "3d6" } });

/** A wall along x = 10.5 m with a doorway (a gap) from row 5 to row 7. */
const X = ORIGIN.x + 1050;
const walls = [
  { ...wallData("walls", [X, ORIGIN.y, X, ORIGIN.y + 500]), _id: id("wallSuppNorth") },
  { ...wallData("walls", [X, ORIGIN.y + 700, X, ORIGIN.y + 1500]), _id: id("wallSuppSouth") },
];

const world = () => ({
  settings: [settingSource(id("setEngineSupp"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [blasterRifle(RIFLE)],
      system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    { ...d20Foe(THUG, "Thug", HEROIC_POOLS), items: [pistol(PISTOL_T)] },
    { ...d20Foe(GUARD, "Guard", HEROIC_POOLS), items: [pistol(PISTOL_G)] },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Bunker",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(10, 5)),
        foeToken(TOK.guard, "Guard", GUARD, cell(7, 1)),
      ],
      walls,
    }),
  ],
});

/** The GM's encounter: initiative d20s 18, 10, 5 → Kara 20, Thug 12, Guard 7 (Dex +2 each); Kara's turn. */
async function encounter(): Promise<void> {
  const gm = table.client(GM_ID);
  await openD20Combat(table, SCENE, [
    { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
    { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    { _id: CMB.guard, tokenId: TOK.guard, actorId: GUARD },
  ]);
  table.dice(18, 10, 5);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  expect(currentTurn(gm)).toBe("Kara");
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** Alice opens the dialog at the Thug, chooses suppression fire and rolls `d20`; the card's id. */
async function aliceSuppresses(d20: number): Promise<string> {
  const alice = table.client(ALICE_ID);
  await dialogKit.aliceOpensAttack(alice, RIFLE);
  await dialogKit.set(alice, "plan.mode", "suppression");
  return dialogKit.aliceRolls(alice, d20);
}

/** Whether the GM keeps an area for Kara (on the GM's own User), as each client reads it. */
const suppressing = () =>
  onEveryClient(table, () =>
    G()
      .game.users.contents.filter((u: any) => u.isGM)
      .some((u: any) => !!u.getFlag("frontier-tactics", "suppressing")?.[CMB.kara]),
  );

describe("scenario: suppression of a doorway (issue 15, SW-43)", () => {
  it("SW-43: Kara's suppression fire at the doorway is one roll against Defense 10 (d20 6 + 5 = 11 hits), no damage, a full-round action; every client's card says the area is threatened until her next turn, and the GM keeps it", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    const msg = await aliceSuppresses(6);
    expect(told(table.client(ALICE_ID))).toEqual([]);
    for (const c of table.all) {
      const card = renderMessage(c, msg);
      expect(text(card.querySelector(".ft-suppression"))).toBe(
        "Suppression fire: the 4 × 4 m area around the target is threatened until Kara's next turn; attackers of other sides inside it take −1 SW-43",
      );
      expect(rowText(c, msg, "Thug")).toContain("d20 6 + 5 = 11 vs Defense 10 → Hit");
      expect(rowText(c, msg, "Thug")).not.toContain("dmg");
      expect(card.querySelector('[data-ft-action="apply"]')).toBeNull();
    }
    expect(suppressing()).toEqual(everyone(table, true));
    // Every tracker shows Kara suppressing.
    for (const c of table.all) {
      const badge = row(await tracker(c), "Kara").querySelector(".ft-badge-suppress");
      expect(text(badge)).toBe("Suppressing SW-43");
    }
    // A full-round action (SW-43), as the card records it.
    expect(table.client(BRUNO_ID).run(() => G().game.messages.get(msg).system.card.action)).toBe("fullRound");
    // Ruling 4h: one attack's round.
    expect(
      table.client(ALICE_ID).run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining),
    ).toBe(49);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43: in the doorway the Thug's attack on Kara takes Suppressed −1 on every client; the Guard, outside the area, does not; at Kara's next turn the area is gone and the Thug's next attack has no −1", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    await aliceSuppresses(6);
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Thug");
    table.dice(10, 1, 1, 1);
    const thugShot = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(thugShot).not.toBeNull();
    for (const c of table.all) expect(rowText(c, thugShot!, "Kara")).toContain("SuppressedSW-43−1");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(10, 1, 1, 1);
    const guardShot = await attack(table, gm, GUARD, PISTOL_G, [TOK.kara]);
    expect(rowText(gm, guardShot!, "Kara")).not.toContain("Suppressed");
    // Round 2: Kara's turn starts — the area ends on every client.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    expect(suppressing()).toEqual(everyone(table, false));
    table.dice(10, 1, 1, 1);
    const later = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(rowText(gm, later!, "Kara")).not.toContain("Suppressed");
    expect(table.unhandled).toEqual([]);
  });

  it("C2-3.4 SW-43: an area kept on the assistant GM's User (it answered the card while it was the active GM) ends at Kara's next turn too: the active GM clears it on every GM User", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ASSISTANT_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const assistant = table.client(ASSISTANT_ID);
    await assistant.run(async () => {
      const combat = G().game.combat;
      await G().game.user.setFlag("frontier-tactics", "suppressing", {
        [combat.combatants.find((c: any) => c.name === "Kara").id]: {
          combatId: combat.id,
          sceneId: combat.scene?.id ?? combat.combatants.contents[0].sceneId,
          x: 1100,
          y: 1400,
          round: 1,
          messageId: "",
          weaponId: null,
        },
      });
    });
    await table.settle();
    expect(suppressing()).toEqual(everyone(table, true));
    for (let i = 0; i < 3; i++) {
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
    }
    expect(currentTurn(gm)).toBe("Kara");
    expect(suppressing()).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43: a miss (d20 2 + 5 = 7 vs 10) suppresses nothing: the card says so and the Thug's attack has no −1", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const msg = await aliceSuppresses(2);
    expect(text(renderMessage(table.client(GM_ID), msg).querySelector(".ft-suppression"))).toBe(
      "Suppression fire missed: no area is suppressed SW-43",
    );
    expect(suppressing()).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43 authority: Alice writes a suppressed area from the console — on Kara's Combatant and on her own User, naming her card that missed — and nobody is suppressed: only the active GM keeps areas, on its own User, after checking a hit", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const alice = table.client(ALICE_ID);
    const missed = await aliceSuppresses(2);
    const forged = { combatId: "x", sceneId: SCENE, x: 0, y: 0, round: 1, messageId: missed, weaponId: null };
    await alice.run(async () => {
      await G().game.combat.combatants.get(CMB.kara).setFlag("frontier-tactics", "suppressing", forged);
      await G().game.user.setFlag("frontier-tactics", "suppressing", {
        [CMB.kara]: { ...forged, combatId: G().game.combat.id },
      });
    });
    await table.settle();
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(10, 1, 1, 1);
    const shot = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(rowText(gm, shot!, "Kara")).not.toContain("Suppressed");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43 SW-25: when the Thug shoots from the doorway, Alice makes Kara's attack of opportunity from the tracker with her rifle — a ranged one, allowed into the area she suppresses — one card; a second is refused", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await aliceSuppresses(6);
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    alice.target(TOK.thug);
    const aoo = async () => {
      const button = row(await tracker(alice), "Kara").querySelector('[data-action="attackOfOpportunity"]');
      expect(button).not.toBeNull();
      alice.run(() => click(button!));
      await alice.run(() => settleApps());
      await table.settle();
    };
    await aoo();
    expect(told(alice)).toEqual([]);
    const msg = await dialogKit.aliceRolls(alice, 15, 1, 1, 1);
    expect(rowText(gm, msg, "Thug")).toContain("d20 15 + 5 = 20 vs Defense");
    await aoo();
    expect(told(alice).at(-1)).toBe(
      "warn: Kara has already made its attack of opportunity this round (SW-25).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43 SW-25: on his turn the Thug walks 3 m east out of the doorway Kara suppresses — Alice is offered Kara's attack of opportunity (Bruno sees no offer), takes it with her rifle at where he left the area: one card on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    await aliceSuppresses(6);
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Thug");
    // The GM drags the Thug (v13 TokenDocument#move, "dragging"): 10 → 13, out of the area (x 8.5–12.5).
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.thug)
        .move([{ ...cell(13, 5), action: "walk" }], { method: "dragging" }),
    );
    await table.settle();
    const offers = onEveryClient(table, () =>
      G()
        .game.messages.contents.filter((m: any) => m.visible && m.system?.kind === "ft-aoo-offer")
        .map((m: any) => m.id as string),
    );
    const offer = offers.Alice?.[0];
    expect(offer).toBeDefined();
    expect(offers).toEqual({ Gamemaster: [offer], Alice: [offer], Bruno: [] });
    const card = renderMessage(alice, offer!);
    expect([...card.querySelectorAll("h3, p")].map((e) => text(e)).join(" ")).toBe(
      "Attack of opportunity for Kara SW-43 Thug moved out of or through the area Kara suppresses: Kara may make an attack of opportunity at Thug with the suppressing weapon.",
    );
    const button = card.querySelector('[data-ft-action="attackOfOpportunity"]');
    expect(button).not.toBeNull();
    const before = told(alice).length;
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice).slice(before)).toEqual([]);
    const msg = await dialogKit.aliceRolls(alice, 15, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, msg, "Thug")).toContain("d20 15 + 5 = 20 vs Defense");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43 SW-25: the Thug shoots Kara from inside the doorway she suppresses — the GM offers Alice Kara's attack of opportunity (Bruno sees no offer); she takes it with her rifle: one card on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    await aliceSuppresses(6);
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(10, 1, 1, 1);
    const shot = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(shot).not.toBeNull();
    const offers = onEveryClient(table, () =>
      G()
        .game.messages.contents.filter((m: any) => m.visible && m.system?.kind === "ft-aoo-offer")
        .map((m: any) => m.id as string),
    );
    const offer = offers.Alice?.[0];
    expect(offer).toBeDefined();
    expect(offers).toEqual({ Gamemaster: [offer], Alice: [offer], Bruno: [] });
    const card = renderMessage(alice, offer!);
    expect([...card.querySelectorAll("h3, p")].map((e) => text(e)).join(" ")).toBe(
      "Attack of opportunity for Kara SW-43 Thug attacked inside the area Kara suppresses: Kara may make an attack of opportunity at Thug with the suppressing weapon.",
    );
    const before = told(alice).length;
    alice.run(() => click(card.querySelector('[data-ft-action="attackOfOpportunity"]')!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice).slice(before)).toEqual([]);
    const msg = await dialogKit.aliceRolls(alice, 15, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, msg, "Thug")).toContain("d20 15 + 5 = 20 vs Defense");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-43 (trust review 2.3): Bruno's script posts a copy of the Guard's attack card spoken by the Thug (who stands in the doorway Kara suppresses) — the card's attacker is the Guard, outside the area: nothing is offered", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await encounter();
    await aliceSuppresses(6);
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(10, 1, 1, 1);
    const shot = await attack(table, gm, GUARD, PISTOL_G, [TOK.kara]);
    expect(shot).not.toBeNull();
    const offers = () =>
      onEveryClient(table, () =>
        G()
          .game.messages.contents.filter((m: any) => m.system?.kind === "ft-aoo-offer")
          .map((m: any) => m.id as string),
      );
    expect(offers()).toEqual(everyone(table, []));
    await table.client(BRUNO_ID).run(async () => {
      const system = G().game.messages.get(shot).toObject().system;
      await G().ChatMessage.create({
        type: "attack",
        system,
        speaker: { scene: SCENE, token: TOK.thug, actor: THUG, alias: "Thug" },
      });
    });
    await table.settle();
    expect(offers()).toEqual(everyone(table, []));
  });
});
