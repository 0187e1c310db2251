/**
 * Scenario (SWN-17, SWN-19): the GM makes a squad from scratch, opens its sheet, gives it a weapon, edits its units
 * and its hit points and reads the readout; Kara leads it. Its token then sits in a scene and a combat next to Kara
 * without any of the Star Frontiers readers (tracker, initiative, scene facts) throwing on it.
 *
 * Numbers (seed 003, the design's SWN-17 tests): 5 units of HD 1 hold 23 HP; 3 units are 13 HP; a 1d8 weapon
 * (average 4.5) × 3 units is 13.5 → 14 damage, 7 at half (ruling 4f: rounded up); 18 HP are 4 units: 18, half 9,
 * 2 hexes.
 */
import { describe, expect, it } from "vitest";
import { change, dropData, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { errors as hookErrors } from "../foundry/hooks.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
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
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = id("sceneOutpost");
const KARA = id("actKara");
const TOK_KARA = id("tokKara");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = () => ({
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      stamina: 45,
      items: [itemFromPack("weapons", "laser-pistol-basic-game")],
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Outpost",
      tokens: [tokenSource({ _id: TOK_KARA, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) })],
    }),
  ],
});

async function createSquad(gm: Client): Promise<{ actorId: string; tokenId: string }> {
  const actorId: string = await gm.run(
    async () => (await G().Actor.create({ name: "Marines", type: "squad" })).id,
  );
  await table.settle();
  const tokenId: string = await gm.run(async () => {
    const [t] = await G()
      .game.scenes.get(SCENE)
      .createEmbeddedDocuments("Token", [
        { name: "Marines", actorId, actorLink: true, ...cell(7, 5), disposition: -1 },
      ]);
    return t.id;
  });
  await table.settle();
  return { actorId, tokenId };
}

async function openSheet(c: Client, actorId: string): Promise<HTMLElement> {
  await c.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await c.run(() => settleApps());
  return c.run(() => G().game.actors.get(actorId).sheet.element);
}

async function edit(gm: Client, actorId: string, name: string, value: string | number): Promise<void> {
  const sheet = await openSheet(gm, actorId);
  const field = sheet.querySelector<HTMLInputElement>(`[name="${name}"]`);
  expect(field, name).not.toBeNull();
  gm.run(() => change(field!, value));
  await gm.run(() => settleApps());
  await table.settle();
}

const readout = async (c: Client, actorId: string) =>
  (await openSheet(c, actorId)).querySelector(".ft-squad-readout output")?.textContent?.trim();

const squadNumbers = (actorId: string) =>
  onEveryClient(table, () => {
    const s = G().game.actors.get(actorId).system;
    return {
      hp: s.hp.value,
      max: s.hp.max,
      units: s.units.value,
      living: s.derived.living,
      formula: s.weapon.formula,
    };
  });

describe("scenario: a squad made on its sheet (SWN-17, SWN-19)", () => {
  it("SWN-17: the GM creates a squad (5 × HD 1 = 23 HP), gives it a 1d8 weapon, sets 3 units (13 HP: 14 damage, half 7), then 18 HP (4 units: 18, half 9, 2 hexes); SWN-19 Kara leads it", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const { actorId } = await createSquad(gm);

    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 23, max: 23, units: 5, living: 5, formula: "" }),
    );
    expect(await readout(gm, actorId)).toBe("No damage formula yet: the squad cannot deal damage.");

    await edit(gm, actorId, "system.weapon.formula", "1d8");
    expect(await readout(gm, actorId)).toBe("4.5 × 5 units = 23 damage (half 12)");

    await edit(gm, actorId, "system.units.value", 3);
    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 13, max: 23, units: 3, living: 3, formula: "1d8" }),
    );
    expect(await readout(gm, actorId)).toBe("4.5 × 3 units = 14 damage (half 7)");

    await edit(gm, actorId, "system.hp.value", 18);
    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 18, max: 23, units: 4, living: 4, formula: "1d8" }),
    );
    const sheet = await openSheet(gm, actorId);
    expect(sheet.querySelector(".ft-squad-readout output")?.textContent?.trim()).toBe(
      "4.5 × 4 units = 18 damage (half 9)",
    );
    expect(sheet.querySelector(".ft-tags")?.textContent).toContain("Footprint 2 hexes");

    // Issue 33: Kara is dropped on the leader field (it was a UUID text box).
    const zone = (await openSheet(gm, actorId)).querySelector('[data-ft-drop="leader"]')!;
    gm.run(() => dropData(zone, { type: "Actor", uuid: `Actor.${KARA}` }));
    await gm.run(() => settleApps());
    await table.settle();
    expect((await openSheet(gm, actorId)).querySelector(".ft-squad-leader")?.textContent?.trim()).toBe(
      "Kara",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SWN-17: a squad made as 3 units of HD 2 starts whole: 27 HP, 3 units, on every client", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const actorId: string = await gm.run(
      async () =>
        (
          await G().Actor.create({
            name: "Veterans",
            type: "squad",
            system: { units: { max: 3 }, swn: { hd: 2 } },
          })
        ).id,
    );
    await table.settle();
    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 27, max: 27, units: 3, living: 3, formula: "" }),
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SWN-17: a weapon formula that is not one is refused with the reason and nothing is written", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const { actorId } = await createSquad(gm);
    await edit(gm, actorId, "system.weapon.formula", "1d8");
    const writes = table.server.log.length;
    await edit(gm, actorId, "system.weapon.formula", "see notes");
    expect(told(gm).some((m) => m.includes('"see notes" is not a damage formula (write it like 2d10)'))).toBe(
      true,
    );
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 23, max: 23, units: 5, living: 5, formula: "1d8" }),
    );
  }, 30_000);

  it("SWN-17: a squad's token in a combat with Kara — created, started, shown in every tracker — throws nowhere", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const before = hookErrors.length;
    const { actorId, tokenId } = await createSquad(gm);
    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOK_KARA, sceneId: SCENE, actorId: KARA },
        { tokenId, sceneId: SCENE, actorId },
      ]);
    });
    await table.settle();
    table.dice(5, 3, 4, 6);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    for (const c of [gm, alice]) {
      await c.run(() => G().ui.combat.render({ force: true }));
      await c.run(() => settleApps());
    }
    const names = gm.run(() =>
      [...G().ui.combat.element.querySelectorAll("li.combatant .name")].map((n) => n.textContent),
    );
    expect(names).toEqual(expect.arrayContaining(["Kara", "Marines"]));
    expect(table.unhandled).toEqual([]);
    expect(
      hookErrors.slice(before).map((e) => (e.error instanceof Error ? e.error.message : String(e.error))),
    ).toEqual([]);
  }, 30_000);

  it("SWN-17: Kara shoots at the squad's token: the card is made and the GM's Apply takes its 5 off the squad's one pool (23 → 18, 5 units → 4); nothing throws", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const before = hookErrors.length;
    const { actorId, tokenId } = await createSquad(gm);
    table.dice(10, 5, 5, 5, 5);
    const card = await attack(table, alice, KARA, "Laser Pistol (Basic Game)", [tokenId]);
    expect(table.unhandled).toEqual([]);
    expect(card).not.toBeNull();
    expect(cardButtons(gm, card!)).toEqual(["apply:Marines"]);
    const toldBefore = told(gm).length;
    clickCard(gm, card!, "apply", "Marines");
    await table.settle();
    // The hit goes to the squad's one pool (the `squad` health model, apply-pools.ts), and its units follow.
    expect(told(gm).slice(toldBefore)).toEqual([]);
    expect(table.unhandled).toEqual([]);
    expect(
      hookErrors.slice(before).map((e) => (e.error instanceof Error ? e.error.message : String(e.error))),
    ).toEqual([]);
    expect(squadNumbers(actorId)).toEqual(
      everyone(table, { hp: 18, max: 23, units: 4, living: 4, formula: "" }),
    );
  }, 30_000);
});
