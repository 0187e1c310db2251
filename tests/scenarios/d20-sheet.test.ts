/**
 * Scenario (issue 14, "d20 engine, part 1": Data and the sheet blocks): in a world whose engine is d20 (set in the
 * world settings; the engine is not yet selectable in the settings menu), the GM edits a character's d20 block on
 * the real sheet form and a weapon's d20 numbers on its real item sheet; every client's sheet shows the Defense the
 * pure rules derive; a threat range outside 2–20 is refused with a notification and nothing written; an actor and a
 * weapon stored by the previous schemas are migrated by the GM's runner with the d20 defaults.
 *
 * Numbers (issue 14, SW-08): Dex 14 (+2), class Defense +3, Medium-size (0) → Defense 10 + 3 + 2 = 15, flat-footed
 * 13 (SW-01: no Dex bonus), touch 12 (SW-09: no class bonus); Small-size would add +1 (SW-05). The blaster
 * pistol's range increment is the seed's 10 m (SW-06); a lightsaber-like threat range 19–20 (SW-18).
 */
import { describe, expect, it } from "vitest";
import { change, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  requestsSince,
  settingSource,
  told,
} from "./kit.js";

const KARA = id("actKaraD20");
const PISTOL = id("itmBlasterD20");
const OLD = id("actOldD20");
const OLD_SWORD = id("itmOldSword");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

/** Kara (Alice's) carries a weapon with no d20 numbers yet; everyone may look at her sheet. */
const kara = () => ({
  ...actorSource({
    _id: KARA,
    name: "Kara",
    owner: ALICE_ID,
    items: [{ _id: PISTOL, name: "Blaster Pistol", type: "weapon", system: { schemaVersion: 2 } }],
  }),
  ownership: { default: 2, [ALICE_ID]: 3 },
});

/** Stored by the version-2 actor schema and the version-1 item schema: no heroic flag, no d20 weapon block. */
const oldActor = () => ({
  _id: OLD,
  name: "Old Rorworr",
  type: "character",
  system: {
    schemaVersion: 2,
    stamina: { value: 40, max: 45 },
    d20: { bab: 2, classDefense: 4, vitality: { value: 12, max: 18 }, wounds: { value: 14, max: 14 } },
  },
  items: [
    {
      _id: OLD_SWORD,
      name: "Old Sword",
      type: "weapon",
      system: { schemaVersion: 1, skill: "melee", damage: { formula: "1d10" } },
    },
  ],
  ownership: { default: 0, [ALICE_ID]: 3 },
});

const world = (engine: string) => ({
  actors: [kara(), oldActor()],
  settings: [settingSource("settingEngineD20", "engine", engine)],
});

async function openActorSheet(client: Client, actorId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

async function openItemSheet(client: Client, actorId: string, itemId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).items.get(itemId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).items.get(itemId).sheet.element as HTMLElement);
}

/** A user edits one field of an open form (type or pick, leave the field); the write settles everywhere. */
async function edit(client: Client, form: HTMLElement, name: string, value: string | number | boolean) {
  const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  expect(field, name).not.toBeNull();
  client.run(() => change(field!, value));
  await client.run(() => settleApps());
  await table.settle();
}

/** The GM puts Kara's sheet in edit mode (an existing actor opens in play mode). */
async function toggleMode(client: Client): Promise<HTMLElement> {
  const sheet = await openActorSheet(client, KARA);
  client.run(() => click(sheet.querySelector('[data-action="toggleMode"]')!));
  await client.run(() => settleApps());
  return openActorSheet(client, KARA);
}

const defenseOn = (sheet: HTMLElement) =>
  ["total", "flatFooted", "touch"].map((k) => sheet.querySelector(`[data-ft-defense="${k}"]`)?.textContent);

describe("scenario: the d20 block of the sheets, in a d20 world (issue 14)", () => {
  it("SW-08 SW-01 SW-09 SW-05: the GM types Dex 14, class Defense +3, size Medium on Kara's sheet; every client's sheet shows Defense 15, flat-footed 13, touch 12 (Small-size was 16/14/13)", async () => {
    table = await createTable({ world: world("d20") });
    const gm = table.client(GM_ID);
    let sheet = await openActorSheet(gm, KARA);
    // Play mode first: the block is there, with no fields.
    expect(sheet.querySelector("[data-ft-d20]")).not.toBeNull();
    expect(sheet.querySelector('[name="system.d20.abilities.dex"]')).toBeNull();

    sheet = await toggleMode(gm);
    await edit(gm, sheet, "system.d20.abilities.dex", 14);
    sheet = await openActorSheet(gm, KARA);
    await edit(gm, sheet, "system.d20.classDefense", 3);
    sheet = await openActorSheet(gm, KARA);
    await edit(gm, sheet, "system.d20.size", "small");
    expect(table.unhandled).toEqual([]);
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.derived.d20.defense)).toEqual(
      everyone(table, { total: 16, flatFooted: 14, touch: 13 }),
    );
    sheet = await openActorSheet(gm, KARA);
    await edit(gm, sheet, "system.d20.size", "medium");
    expect(
      onEveryClient(table, () => {
        const d20 = G().game.actors.get(KARA).system.d20;
        return { dex: d20.abilities.dex, classDefense: d20.classDefense, size: d20.size };
      }),
    ).toEqual(everyone(table, { dex: 14, classDefense: 3, size: "medium" }));

    // Back in play mode, every client opens Kara's sheet and reads the same three numbers and her +2 Dex.
    await toggleMode(gm);
    for (const c of table.all) {
      const seen = await openActorSheet(c, KARA);
      expect(defenseOn(seen), c.user.name).toEqual(["15", "13", "12"]);
      expect(seen.querySelector('[data-ft-mod="dex"]')?.textContent, c.user.name).toBe("+2");
      expect(seen.querySelector("[data-ft-state]")?.getAttribute("data-ft-state")).toBe("ok");
      expect(seen.querySelector("[data-ft-speed]")?.textContent?.trim()).toBe("10 m");
    }
    expect(told(gm).filter((m) => m.startsWith("error"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-11: the GM types a DR of −1 on Kara's sheet: refused with a notification before anything is written; her DR stays 0 on every client", async () => {
    table = await createTable({ world: world("d20") });
    const gm = table.client(GM_ID);
    await openActorSheet(gm, KARA);
    const sheet = await toggleMode(gm);
    const mark = table.server.log.length;
    const before = told(gm).length;
    await edit(gm, sheet, "system.d20.dr", -1);
    expect(requestsSince(table, mark)).toEqual([]);
    const said = told(gm).slice(before);
    expect(said.length).toBe(1);
    expect(said[0]).toMatch(/^error: /);
    expect(said[0]).toContain("Damage reduction must be a whole number ≥ 0, not -1");
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.d20.dr)).toEqual(everyone(table, 0));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-18 SW-06: the GM sets the blaster's threat range to 19–20 and its range increment to 10 m on its item sheet; every client has them; a threat range of 21 is refused with a notification and nothing is written", async () => {
    table = await createTable({ world: world("d20") });
    const gm = table.client(GM_ID);
    let form = await openItemSheet(gm, KARA, PISTOL);
    expect(form.querySelector("[data-ft-d20]")).not.toBeNull();
    await edit(gm, form, "system.d20.threat", 19);
    form = await openItemSheet(gm, KARA, PISTOL);
    await edit(gm, form, "system.d20.rangeIncrement", 10);
    const d20 = () =>
      onEveryClient(table, () => {
        const s = G().game.actors.get(KARA).items.get(PISTOL).system.d20;
        return { threat: s.threat, rangeIncrement: s.rangeIncrement };
      });
    expect(d20()).toEqual(everyone(table, { threat: 19, rangeIncrement: 10 }));

    // A threat range starting at 21 is not one (SW-18: 2–20): the client's dry run refuses it before the server.
    const mark = table.server.log.length;
    const before = told(gm).length;
    form = await openItemSheet(gm, KARA, PISTOL);
    await edit(gm, form, "system.d20.threat", 21);
    expect(requestsSince(table, mark)).toEqual([]);
    const said = told(gm).slice(before);
    expect(said.length).toBe(1);
    expect(said[0]).toMatch(/^error: /);
    expect(said[0]).toContain("A threat range starts at a natural 2 to 20, not 21");
    expect(d20()).toEqual(everyone(table, { threat: 19, rangeIncrement: 10 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-18: an actor stored at schema 2 (vitality 18) and its sword stored at item schema 1 are migrated by the GM: heroic, DR 0, no feats, an empty wound log; the sword attacks in melee with threat 20 and no d20 numbers", async () => {
    table = await createTable({ world: world("d20"), online: "players" });
    const stored = table.server.world.actors.find((a) => a._id === OLD)!;
    expect(stored.system.schemaVersion).toBe(3);
    // The migration writes only what the schema cannot default (heroic, from the stored vitality; the sword's
    // melee attack); every client's document has the schema's defaults for the rest.
    expect(stored.system.d20).toMatchObject({
      bab: 2,
      classDefense: 4,
      vitality: { value: 12, max: 18 },
      wounds: { value: 14, max: 14 },
      heroic: true,
    });
    for (const id of [GM_ID, ALICE_ID, BRUNO_ID])
      expect(
        table
          .client(id)
          .run(() => (game.actors!.get(OLD)!.system as unknown as { d20: Record<string, unknown> }).d20),
      ).toMatchObject({
        heroic: true,
        dr: 0,
        dodge: 0,
        speedBase: null,
        feats: { pointBlankShot: false, preciseShot: false },
        woundLog: { combatId: "", round: 0, lost: 0 },
      });
    const sword = (stored.items as { _id: string; system: Record<string, unknown> }[]).find(
      (i) => i._id === OLD_SWORD,
    )!;
    expect(sword.system).toMatchObject({
      schemaVersion: 2,
      damage: { formula: "1d10" },
      d20: { attack: "melee" },
    });
    const swordSeen = table
      .client(GM_ID)
      .run(
        () =>
          game.actors!.get(OLD)!.items.get(OLD_SWORD)!.system as unknown as { d20: Record<string, unknown> },
      );
    expect(swordSeen.d20).toMatchObject({ attack: "melee", damage: "", threat: 20, rangeIncrement: null });
    // Alice (the owner) sees the migrated numbers on her sheet: heroic, Defense 10 + 4 = 14.
    const alice = table.client(ALICE_ID);
    const seen = await openActorSheet(alice, OLD);
    expect(seen.querySelector(".ft-d20-heroic")?.textContent).toBe("Heroic");
    expect(seen.querySelector('[data-ft-defense="total"]')?.textContent).toBe("14");
    expect(seen.querySelector("[data-ft-vitality]")?.textContent).toBe("12 / 18");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-18 SW-10: a Stamina write and an ammunition write keep the stored d20 numbers (an update's partial changes are not migrated as an old source)", async () => {
    table = await createTable({ world: world("d20"), online: "players" });
    const gm = table.client(GM_ID);
    await gm.run(async () => {
      const actor = game.actors!.get(KARA)!;
      await actor.update({ system: { d20: { dr: 2, dodge: 1, heroic: false } } });
      await actor.items.get(PISTOL)!.update({ system: { d20: { threat: 19, rangeIncrement: 10 } } });
    });
    await table.settle();
    await gm.run(async () => {
      const actor = game.actors!.get(KARA)!;
      await actor.update({ system: { stamina: { value: 30 } } });
      const pistol = actor.items.get(PISTOL)!;
      await pistol.update({ system: { cost: 1 } });
    });
    await table.settle();
    for (const id of [GM_ID, ALICE_ID, BRUNO_ID]) {
      const seen = table.client(id).run(() => {
        const actor = game.actors!.get(KARA)!;
        const sys = actor.system as unknown as { stamina: { value: number }; d20: Record<string, unknown> };
        const w = actor.items.get(PISTOL)!.system as unknown as { d20: Record<string, unknown> };
        return { stamina: sys.stamina.value, d20: sys.d20, weapon: w.d20 };
      });
      expect(seen.stamina).toBe(30);
      expect(seen.d20).toMatchObject({ dr: 2, dodge: 1, heroic: false });
      expect(seen.weapon).toMatchObject({ threat: 19, rangeIncrement: 10 });
    }
    expect(table.unhandled).toEqual([]);
  });

  it("the d20 blocks stay hidden in an Alpha Dawn world (actor sheet and item sheet)", async () => {
    table = await createTable({ world: world("alphaDawn"), online: "players" });
    const bruno = table.client(BRUNO_ID);
    const sheet = await openActorSheet(bruno, KARA);
    expect(sheet.querySelector("[data-ft-d20]")).toBeNull();
    const form = await openItemSheet(table.client(GM_ID), KARA, PISTOL);
    expect(form.querySelector("[data-ft-d20]")).toBeNull();
    expect(form.querySelector('[name="system.skill"]')).not.toBeNull();
  });

  it("SW-04 SW-06: in a d20 world every client's sheet leads with the d20 block, hides the Star Frontiers percentages and shows the weapon's d20 attack, damage and increment; back in Alpha Dawn the percentages return, nothing lost", async () => {
    table = await createTable({ world: world("d20"), online: "players" });
    // The GM gives Kara BAB +3 and Dex 14, and the blaster 3d6 with a 10 m increment.
    await table.client(GM_ID).run(async () => {
      const actor = G().game.actors.get(KARA);
      await actor.update({ system: { d20: { bab: 3, abilities: { dex: 14 } } } });
      await actor.items.get(PISTOL).update({ system: { d20: { damage: "3d6", rangeIncrement: 10 } } });
    });
    await table.settle();
    for (const id of [GM_ID, ALICE_ID, BRUNO_ID]) {
      const sheet = await openActorSheet(table.client(id), KARA);
      const combat = sheet.querySelector(".ft-combat")!;
      expect(combat.firstElementChild?.matches("h2.ft-section"), id).toBe(true);
      expect(combat.querySelector("[data-ft-d20]")).not.toBeNull();
      expect(combat.querySelector(".ft-abilities")).toBeNull();
      expect(combat.textContent).not.toContain("Ranged base");
      const row = sheet.querySelector(`tr[data-item-id="${PISTOL}"]`)!;
      expect(row.querySelector("[data-ft-d20-bonus]")?.textContent).toBe("+5");
      // Issue 30: the d20 row has no Star Frontiers ROF column (was "1" here); critical and fire modes instead.
      expect([...row.querySelectorAll("td")].map((td) => td.textContent?.trim()).slice(2, 7)).toEqual([
        "+5",
        "3d6",
        "20",
        "10 m",
        "Single",
      ]);
    }
    await table.client(GM_ID).run(() => G().game.settings.set("frontier-tactics", "engine", "alphaDawn"));
    await table.settle();
    const sheet = await openActorSheet(table.client(BRUNO_ID), KARA);
    expect(sheet.querySelector(".ft-abilities")).not.toBeNull();
    expect(sheet.querySelector("[data-ft-d20-bonus]")).toBeNull();
    expect(sheet.querySelector(`tr[data-item-id="${PISTOL}"] .ft-chance`)?.textContent).toMatch(/%$/);
    expect(
      table.client(BRUNO_ID).run(() => {
        const a = G().game.actors.get(KARA);
        return [a.system.d20.bab, a.items.get(PISTOL).system.d20.damage];
      }),
    ).toEqual([3, "3d6"]);
  });
});
