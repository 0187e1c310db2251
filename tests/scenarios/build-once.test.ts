/**
 * Scenario (issue 29: "one attack builds the engine once and a weapon's facts once per client"; review
 * architecture-2 §4 counted `currentEngine()` built 7 times in one attack and a weapon's facts 3 times on the
 * attacker's client and again on the GM's): an attack played from the user's click on the sheet's weapon button
 * to the card on every client and the GM's Apply, counting on each client how many times the resolution engine was
 * built (`helpers/settings.ts` `currentEngine`) and how many times each weapon's facts were worked out
 * (`data/item/facts.ts` `weaponFacts`). The counts are taken inside those real functions (`data/counters.ts`).
 *
 * On each client: the engine at most once per state of the settings it is built from — none in a second attack,
 * once again after the GM changes the engine setting; a weapon's facts at most once per state of the item — the
 * attack's own write (its ammunition) changes the item, so the next attack works them out once more.
 *
 * Numbers: as sheets-and-dialog.test.ts (Star Frontiers: Eusyl ½ DEX 40, the laser pistol at 10 m, Short −10,
 * stationary +10 → 40 %, d100 12 hits, 1d10 = 7: the pirate's Stamina 40 → 33, SF-B-13) and d20-attack.test.ts (d20:
 * Kara's blaster at 38 m, d20 16 − 1 = 15 vs Defense 15 hits, 3d6 [4, 5, 6] = 15 less DR 2, SW-04, SW-06, SW-08).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCounting, takeCounts } from "../../src/data/counters.js";
import { appInstances, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  messageIds,
  onEveryClient,
  openEncounter,
  renderMessage,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";

const SCENE = id("sceneOnce");
const EUSYL = id("actEusylOnce");
const KARA = id("actKaraOnce");
const PIRATE = id("actPirateOnce");
const THUG = id("actThugOnce");
const LASER = id("itmLaserOnce");
const BLASTER = id("itmBlasterOnce");
const TOK = {
  eusyl: id("tokEusylOnce"),
  pirate: id("tokPirateOnce"),
  kara: id("tokKaraOnce"),
  thug: id("tokThugOnce"),
};

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
beforeAll(() => startCounting());
afterAll(() => startCounting(false));

const sfWorld = (settings: Record<string, unknown>[] = []) => ({
  settings,
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 80 },
      stamina: 45,
      items: [itemFromPack("weapons", "laser-pistol", LASER)],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      tokens: [
        tokenSource({ _id: TOK.eusyl, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({
          _id: TOK.pirate,
          name: "Pirate",
          actorId: PIRATE,
          actorLink: true,
          disposition: -1,
          x: 2500,
          y: 1500,
        }),
      ],
    }),
  ],
});

const d20World = () => ({
  settings: [settingSource(id("setEngineOnce"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack("d20", "blaster-pistol", BLASTER, { d20: { damage: "3d6" }, ammo: { remaining: null } }),
      ],
      system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    {
      ...actorSource({
        _id: THUG,
        name: "Thug",
        system: {
          d20: {
            classDefense: 3,
            abilities: { dex: 14 },
            heroic: true,
            dr: 2,
            vitality: { value: 10, max: 10 },
            wounds: { value: 14, max: 14 },
          },
        },
      }),
      ownership: { default: 2 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing bay",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({ _id: TOK.thug, name: "Thug", actorId: THUG, actorLink: true, ...cell(38, 5) }),
      ],
    }),
  ],
});

/** Each client's counts so far, by user name (zeroing them). */
const counts = (): Record<string, Record<string, number>> => onEveryClient(table, () => takeCounts());

/**
 * One attack, counted on every client: Alice targets, opens the actor's sheet and shift-clicks the weapon's Attack
 * (the dice queued), the card reaches every client and each renders it in its chat log, the GM clicks Apply for the
 * target, and every client renders the applied card again.
 */
async function countedAttack(
  alice: Client,
  o: { actor: string; item: string; token: string; target: string; dice: number[]; dialog?: boolean },
): Promise<Record<string, Record<string, number>>> {
  alice.target(o.token);
  await alice.run(() => G().game.actors.get(o.actor).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  const sheet = alice.run(() => G().game.actors.get(o.actor).sheet.element as HTMLElement);
  const button = sheet.querySelector<HTMLElement>(`tr[data-item-id="${o.item}"] [data-action="attack"]`);
  expect(button).not.toBeNull();
  counts();
  const before = messageIds(alice).length;
  table.dice(...o.dice);
  alice.run(() => click(button!, { shiftKey: !o.dialog }));
  await alice.run(() => settleApps());
  await table.settle();
  if (o.dialog) {
    // The attack dialog opened: Alice clicks its Roll button.
    const roll = alice.run(
      () =>
        [...appInstances().values()]
          .find((a: any) => a.constructor.name === "AttackDialog" && a.rendered)
          ?.element.querySelector("button.ft-attack") as HTMLElement | null,
    );
    expect(roll).not.toBeNull();
    alice.run(() => click(roll!));
    await alice.run(() => settleApps());
    await table.settle();
  }
  expect(pendingDice()).toEqual([]);
  const msg = messageIds(alice).at(-1)!;
  expect(messageIds(alice).length).toBe(before + 1);
  for (const c of table.all) renderMessage(c, msg);
  clickCard(table.client(GM_ID), msg, "apply", o.target);
  await table.settle();
  for (const c of table.all) renderMessage(c, msg);
  return counts();
}

/** Every client's counts, with the ones that are absent as 0 (so each expectation names every client). */
const each = (got: Record<string, Record<string, number>>, key: string): Record<string, number> =>
  Object.fromEntries(Object.entries(got).map(([user, c]) => [user, c[key] ?? 0]));

/** `{Gamemaster: gm, Alice: alice, Bruno: 0}`. */
const expected = (alice: number, gm: number): Record<string, number> => ({
  ...everyone(table, 0),
  [table.client(ALICE_ID).user.name as string]: alice,
  [table.client(GM_ID).user.name as string]: gm,
});

describe("scenario: one attack builds the engine once and a weapon's facts once per client (issue 29)", () => {
  it("SF-B-13: Alice's laser pistol shot from her sheet, the card on every client and the GM's Apply: the engine built once, the pistol's facts worked out once per client; a second attack builds no engine; after the GM changes the engine setting the next builds it once more", async () => {
    table = await createTable({ world: sfWorld(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const shot = { actor: EUSYL, item: LASER, token: TOK.pirate, target: "Pirate", dice: [12, 7] };
    const pistol = `weaponFacts:${alice.run(() => G().game.actors.get(EUSYL).items.get(LASER).name as string)}`;
    const stamina = () => onEveryClient(table, () => G().game.actors.get(PIRATE).system.stamina.value);

    const first = await countedAttack(alice, { ...shot, dialog: true });
    expect(stamina()).toEqual(everyone(table, 33));
    expect(each(first, "engine")).toEqual(expected(1, 0));
    expect(each(first, pistol)).toEqual(expected(1, 1));

    // The settings did not change: no client builds the engine again. The shot spent a charge (the item changed),
    // so Alice's client and the GM's work the pistol's facts out once more.
    const second = await countedAttack(alice, shot);
    expect(stamina()).toEqual(everyone(table, 26));
    expect(each(second, "engine")).toEqual(expected(0, 0));
    expect(each(second, pistol)).toEqual(expected(1, 1));

    // The GM changes the engine setting (and back): each client drops its engine; the next attack builds it once.
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.settings.set("frontier-tactics", "engine", "zebulon"));
    await gm.run(() => G().game.settings.set("frontier-tactics", "engine", "alphaDawn"));
    await table.settle();
    counts();
    const third = await countedAttack(alice, { ...shot, dialog: true });
    expect(stamina()).toEqual(everyone(table, 19));
    expect(each(third, "engine")).toEqual(expected(1, 0));
    expect(each(third, pistol)).toEqual(expected(1, 1));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SW-04 SW-06 SW-08: Kara's d20 blaster shot from her sheet, the card on every client and the GM's Apply: the engine built once, the blaster's facts (with their d20 block) worked out once per client; a second attack neither, until Alice renames the blaster", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const shot = { actor: KARA, item: BLASTER, token: TOK.thug, target: "Thug", dice: [16, 4, 5, 6] };
    const blaster = `weaponFacts:${alice.run(() => G().game.actors.get(KARA).items.get(BLASTER).name as string)}`;
    const pools = () =>
      onEveryClient(table, () => {
        const d = G().game.actors.get(THUG).system.d20;
        return `VP ${d.vitality.value} WP ${d.wounds.value}`;
      });

    const first = await countedAttack(alice, { ...shot, dialog: true });
    expect(pools()).toEqual(everyone(table, "VP 0 WP 11"));
    expect(each(first, "engine")).toEqual(expected(1, 0));
    expect(each(first, blaster)).toEqual(expected(1, 1));

    // This blaster tracks no shots (its shots left emptied in the world above; the pack's ships loaded), so the shot
    // did not change it: no client works its facts out again, nor builds the engine.
    const second = await countedAttack(alice, shot);
    expect(each(second, "engine")).toEqual(expected(0, 0));
    expect(each(second, blaster)).toEqual(expected(0, 0));

    // Alice renames her blaster (its facts carry the name): the item changed, so the next attack works them out once
    // more on each client that reads them.
    await alice.run(() => G().game.actors.get(KARA).items.get(BLASTER).update({ name: "Kara's Blaster" }));
    await table.settle();
    counts();
    const third = await countedAttack(alice, shot);
    expect(each(third, "engine")).toEqual(expected(0, 0));
    expect(each(third, blaster)).toEqual(expected(0, 0));
    expect(each(third, "weaponFacts:Kara's Blaster")).toEqual(expected(1, 1));

    // The same model initialised again in place (a module's `system.updateSource`, v13 common/abstract/data.mjs ends
    // it in `_initialize`): the kept facts go with the old numbers, and the next read has the new ones.
    const rofs = alice.run(() => {
      const sys = G().game.actors.get(KARA).items.get(BLASTER).system;
      const read = [sys.facts.rof];
      sys.updateSource({ rof: 3 });
      read.push(sys.facts.rof);
      sys.updateSource({ rof: 2 });
      read.push(sys.facts.rof);
      return read;
    });
    expect(rofs.slice(1)).toEqual([3, 2]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-30 SF-B-02: Alice's shot in an encounter, where her shots left this round are counted from the same facts before the attack: the engine built once, the pistol's facts worked out once per client", async () => {
    table = await createTable({
      world: sfWorld([settingSource(id("setPhasesOnce"), "enforcePhases", false)]),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openEncounter(table, gm, SCENE, [
      { _id: TOK.eusyl, actorId: EUSYL },
      { _id: TOK.pirate, actorId: PIRATE },
    ]);
    table.dice(9, 2);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    counts();
    const shot = { actor: EUSYL, item: LASER, token: TOK.pirate, target: "Pirate", dice: [12, 7] };
    const pistol = `weaponFacts:${alice.run(() => G().game.actors.get(EUSYL).items.get(LASER).name as string)}`;
    const first = await countedAttack(alice, { ...shot, dialog: true });
    expect(alice.run(() => G().game.actors.get(PIRATE).system.stamina.value)).toBe(33);
    expect(each(first, "engine")).toEqual(expected(1, 0));
    expect(each(first, pistol)).toEqual(expected(1, 1));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-14: a broken stored Alpha Dawn override table falls back to the defaults with its warning once per change of the settings, not once per attack", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      table = await createTable({
        world: sfWorld([settingSource(id("setOverrideOnce"), "alphaDawnOverrides", { autoHitMax: 1000 })]),
        online: [GM_ID, ALICE_ID, BRUNO_ID],
      });
      const alice = table.client(ALICE_ID);
      const shot = { actor: EUSYL, item: LASER, token: TOK.pirate, target: "Pirate", dice: [12, 7] };
      const invalid = () =>
        warn.mock.calls.filter((c) => String(c[0]).includes("Alpha Dawn overrides are invalid"));
      warn.mockClear();
      await countedAttack(alice, shot);
      await countedAttack(alice, shot);
      // Built once, on Alice's client (the GM's Apply reads the sealed card, not the engine): one warning.
      expect(invalid().length).toBe(1);
      // SF-B-14: the GM switches the automatic hits off and on again (an input of the engine): one more build, one
      // more warning, on the next attack.
      const gm = table.client(GM_ID);
      await gm.run(() => G().game.settings.set("frontier-tactics", "autoHit", false));
      await gm.run(() => G().game.settings.set("frontier-tactics", "autoHit", true));
      await table.settle();
      await countedAttack(alice, shot);
      expect(invalid().length).toBe(2);
      expect(alice.run(() => G().game.actors.get(PIRATE).system.stamina.value)).toBe(19);
    } finally {
      warn.mockRestore();
    }
  }, 30_000);
});
