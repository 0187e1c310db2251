/**
 * Scenario (issue 31, SW-33 "Coup de Grace"): "As a full-round action …, you can use a melee weapon to deliver a coup
 * de grace to a helpless opponent. … You automatically hit and score a critical hit. If the defender survives, he
 * must make a Fortitude save (DC 10 + the amount of damage inflicted) or die." A knocked-out character "is not
 * considered helpless". Alice presses Coup de grace on Kara's sheet; the active GM checks, rolls and writes.
 *
 * Numbers: Kara's lightsaber 2d8 + Str 2; the ordinary Thug (Fortitude +0) dying at −1 WP beside her.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, lastCardLines } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";

const SCENE = id("sceneD20Cdg");
const KARA = id("actKaraCdg");
const THUG = id("actThugCdg");
const SABER = id("itmSaberCdg");
const TOK = { kara: id("tokKaraCdg"), thug: id("tokThugCdg") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `dr`: the Thug's own damage reduction (SW-11). */
const world = (dr = 0) => ({
  settings: [settingSource(id("setEngineCdg"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" }, equipped: true })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(THUG, "Thug", {
      heroic: false,
      vitality: { value: 0, max: 0 },
      wounds: { value: -1, max: 12 },
      dr,
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Cell block",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(1, 5)),
      ],
    }),
  ],
});

async function begin(...statuses: string[]): Promise<void> {
  await beginWith(0, ...statuses);
}

async function beginWith(dr: number, ...statuses: string[]): Promise<void> {
  table = await createTable({ world: world(dr), online: [GM_ID, ALICE_ID] });
  await table.client(GM_ID).run(async () => {
    const thug = G().game.actors.get(THUG);
    for (const s of statuses) await thug.toggleStatusEffect(s, { active: true });
  });
}

/** Alice targets the Thug and presses Coup de grace on Kara's sheet. */
async function press(): Promise<void> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.thug);
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="coupDeGrace"]');
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
}

const thug = <T>(f: (a: any) => T) => onEveryClient(table, () => f(G().game.actors.get(THUG)));

describe("scenario: a d20 coup de grace (issue 31)", () => {
  it("SW-33: Kara's coup de grace on the dying Thug — automatic critical, 2d8 [2, 3] + 2 = 7: WP −1 → −8; his Fortitude d20 5 + 0 = 5 vs DC 17 fails: dead on every client", async () => {
    await begin("dying", "unconscious");
    table.dice(2, 3, 5);
    await press();
    expect(told(table.client(ALICE_ID))).toEqual([]);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Coup de grace SW-33 Kara: coup de grace with Lightsaber: automatic critical hit, 7 damage (WP −1 → −8) Thug: Fortitude d20 5 + 0 = 5 vs DC 17 → dies",
      );
    expect(thug((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -8));
    expect(thug((a) => ["dead", "dying"].filter((s) => a.statuses.has(s)))).toEqual(
      everyone(table, ["dead"]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33: the Thug survives the blow and makes his save (d20 17 vs DC 17): WP −8, still dying, alive", async () => {
    await begin("dying", "unconscious");
    table.dice(2, 3, 17);
    await press();
    expect(lastCardLines(table.client(GM_ID))).toContain(
      "Thug: Fortitude d20 17 + 0 = 17 vs DC 17 → survives",
    );
    expect(thug((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -8));
    expect(thug((a) => a.statuses.has("dead"))).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33: a knocked-out Thug (unconscious, not dying) is not helpless: refused with the rule, nothing rolled or written", async () => {
    await begin("unconscious");
    await table.client(GM_ID).run(() =>
      G()
        .game.actors.get(THUG)
        .update({ system: { d20: { wounds: { value: 5 } } } }),
    );
    const cards = table.client(GM_ID).run(() => G().game.messages.contents.length as number);
    await press();
    expect(told(table.client(ALICE_ID))).toEqual([
      "warn: Thug is not helpless: a coup de grace needs a bound, sleeping, paralysed or dying target — not a knocked-out one (SW-33).",
    ]);
    expect(table.client(GM_ID).run(() => G().game.messages.contents.length as number)).toBe(cards);
    expect(thug((a) => a.system.d20.wounds.value)).toEqual(everyone(table, 5));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33 SW-11: against the Thug's DR 2, the blow's 2d8 [2, 3] + 2 = 7 inflicts 5 (WP −1 → −6): the save is against DC 10 + 5 = 15, not 17 — his d20 16 survives, on every client", async () => {
    await beginWith(2, "dying", "unconscious");
    table.dice(2, 3, 16);
    await press();
    expect(told(table.client(ALICE_ID))).toEqual([]);
    for (const c of table.all)
      expect(lastCardLines(c)).toContain("Thug: Fortitude d20 16 + 0 = 16 vs DC 15 → survives");
    expect(thug((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -6));
    expect(thug((a) => a.statuses.has("dead"))).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });
});
