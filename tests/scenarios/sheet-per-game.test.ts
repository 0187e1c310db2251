/**
 * Scenario (issue 30, "one table per game: each game brings its own sheets"): in each game's world Alice opens
 * Kara's character sheet on her own client; it shows that game only — the Star Frontiers sheet its percentages,
 * Stamina, race and IM; the Star Wars d20 sheet its block and the weapon's d20 attack, with no Star Frontiers
 * control; the SWN sheet its block (AC, AB, HP, Morale) with no d20 block — and she plays a turn from it: a click on
 * the weapon row's Attack opens the attack dialog, Roll posts the card, and every client reads on the card the
 * number her sheet showed.
 *
 * Numbers. Kara: DEX 60 (Beam 0: ½ DEX = 30 %, SF-X-11), d20 BAB +3 and Dex 14 (+2): +5 (SW-04); SWN AB +2
 * (SW-04 as SWN: AB replaces BAB, Dex and size, swnAttackTerms). The pirate 3 m away (within a 10 m increment,
 * SW-06: no range penalty; the laser's point-blank band, SF-X-14: +0, and a stationary target +10, SF-X-17),
 * Defense 15 (10 + class 3 + Dex +2), AC 13.
 */
import { describe, expect, it } from "vitest";
import { appInstances, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
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

const SCENE = id("scenePerGm");
const KARA = id("actKaraPG");
const PIRATE = id("actPiratePG");
const LASER = id("itmLaserPG");
const BLASTER = id("itmBlasterPG");
const TOK = { kara: id("tokKaraPG"), pirate: id("tokPiratePG") };

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

type Game = "alphaDawn" | "zebulon" | "d20" | "swn";

const settings = (game: Game) => [
  settingSource(id("setEnginePG"), "engine", game === "swn" ? "d20" : game),
  ...(game === "swn" ? [settingSource(id("setProfilePG"), "profile", "swn")] : []),
];

/** Kara carries the Star Frontiers laser pistol and the d20 pack's blaster pistol (3d6, 10 m): each game's weapon. */
const world = (game: Game) => ({
  settings: settings(game),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      abilities: { dex: 60 },
      stamina: 45,
      items: [
        itemFromPack("weapons", "laser-pistol", LASER),
        itemFromPack("d20", "blaster-pistol", BLASTER, {
          d20: { damage: "3d6" },
          ammo: { unit: "rounds", perShot: 1, capacity: 50, remaining: 50 },
        }),
      ],
      system: {
        d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } },
        swn: { ab: 2, ac: 14, hp: { value: 9, max: 9 }, morale: 8 },
      },
    }),
    {
      ...actorSource({
        _id: PIRATE,
        name: "Pirate",
        stamina: 40,
        system: {
          d20: { classDefense: 3, abilities: { dex: 14 }, vitality: { value: 10, max: 10 } },
          swn: { ac: 13, hp: { value: 8, max: 8 }, morale: 7 },
        },
      }),
      ownership: { default: 2 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, x: 1000, y: 1000 }),
        tokenSource({ _id: TOK.pirate, name: "Pirate", actorId: PIRATE, actorLink: true, x: 1300, y: 1000 }),
      ],
    }),
  ],
});

/** Alice opens Kara's sheet as a double-click does, on her own client. */
async function openSheet(alice: Client): Promise<HTMLElement> {
  await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  return alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
}

/** What of each game the open sheet draws, by the controls and fields that name it. */
function drawn(sheet: HTMLElement) {
  const has = (sel: string) => sheet.querySelector(sel) !== null;
  return {
    starFrontiers: {
      abilities: has(".ft-abilities"),
      stamina: has(".ft-stamina"),
      race:
        has('[name="system.race"], [data-ft-race]') ||
        text(sheet.querySelector(".ft-tags")).includes("Human"),
      im: has('[data-tooltip="FT.Sheet.imHint"]'),
      holstered: has('[name="system.holstered"]'),
      anesthetic: has('[name="system.anesthetic"]'),
      structure: has('[data-action="structure"]'),
      punch: has('[data-action="punch"]'),
      percent: [...sheet.querySelectorAll("td.ft-chance")].some((td) => text(td).endsWith("%")),
    },
    d20Block: has(".ft-d20[data-ft-d20]"),
    swnBlock: has("[data-ft-swn]"),
  };
}

const NONE_SF = {
  abilities: false,
  stamina: false,
  race: false,
  im: false,
  holstered: false,
  anesthetic: false,
  structure: false,
  punch: false,
  percent: false,
};

/** Alice targets the pirate and clicks Attack on the weapon's row; the dialog opens; she clicks Roll. */
async function aliceAttacksFromSheet(alice: Client, weaponId: string, ...dice: number[]): Promise<string> {
  alice.target(TOK.pirate);
  const sheet = await openSheet(alice);
  const button = sheet.querySelector<HTMLElement>(`tr[data-item-id="${weaponId}"] [data-action="attack"]`);
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
  const dialog = alice.run(() =>
    [...appInstances().values()].find((a: any) => a.constructor.name === "AttackDialog" && a.rendered),
  ) as any;
  expect(dialog).toBeDefined();
  const before = messageIds(alice).length;
  table.dice(...dice);
  alice.run(() => click(dialog.element.querySelector("button.ft-attack")));
  await alice.run(() => settleApps());
  await table.settle();
  expect(pendingDice()).toEqual([]);
  const ids = messageIds(alice);
  expect(ids.length).toBe(before + 1);
  return ids.at(-1)!;
}

/** The card's roll line as every client reads it (the same on each). */
function rollLine(msg: string): string {
  const lines = onEveryClient(table, () => "");
  for (const c of table.all)
    lines[c.user.name as string] = text(renderMessage(c, msg).querySelector(".ft-roll-line"));
  const first = Object.values(lines)[0]!;
  expect(lines).toEqual(everyone(table, first));
  return first;
}

const row = (sheet: HTMLElement, itemId: string) => sheet.querySelector(`tr[data-item-id="${itemId}"]`)!;

describe("scenario: each game's character sheet shows only that game, and a turn is played from it (issue 30)", () => {
  it("SF-X-11 Alpha Dawn: Kara's sheet shows her percentile abilities, Stamina, race, IM and the laser's 30 %; no d20 or SWN block; Attack → Roll posts a card every client reads at 40 % (30 + 10 for a stationary target)", async () => {
    table = await createTable({ world: world("alphaDawn"), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice);
    const seen = drawn(sheet);
    expect(seen.d20Block).toBe(false);
    expect(seen.swnBlock).toBe(false);
    expect(seen.starFrontiers).toMatchObject({
      abilities: true,
      stamina: true,
      im: true,
      holstered: true,
      percent: true,
    });
    expect(text(row(sheet, LASER).querySelector(".ft-chance"))).toBe("30%");
    const msg = await aliceAttacksFromSheet(alice, LASER, 12, 4);
    // The sheet's 30 % is before range and the situation: the card adds the stationary target's +10 (SF-X-17).
    expect(rollLine(msg)).toMatch(/^12 ≤ 40 Hit/);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 SW-08 Star Wars d20: Kara's sheet shows the d20 block and the blaster's +5, 3d6, 10 m — no race, IM, Stamina, holstered, anesthetic, Structure or percentage (Punch is SW-20's unarmed strike), no SWN block; Attack → Roll posts a card every client reads as d20 + 5 vs Defense 15", async () => {
    table = await createTable({ world: world("d20"), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice);
    expect(drawn(sheet)).toEqual({
      starFrontiers: { ...NONE_SF, punch: true },
      d20Block: true,
      swnBlock: false,
    });
    expect(text(row(sheet, BLASTER).querySelector(".ft-chance"))).toBe("+5");
    // A thrown grenade keeps no Reload; the blaster (rounds) has one; no ROF column.
    expect(row(sheet, BLASTER).querySelector('[data-action="reload"]')).not.toBeNull();
    expect(sheet.textContent).not.toContain("no ranges entered");
    const msg = await aliceAttacksFromSheet(alice, BLASTER, 14, 2, 3, 4);
    expect(rollLine(msg)).toMatch(/^d20 14 \+ 5 = 19 vs Defense 15/);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 as SWN (ruling 1): Kara's SWN sheet shows AC 14, AB 2, HP 9/9 and the blaster's +2 (the AB its attack rolls, not the d20 +5) — no d20 block, no Star Frontiers control; Attack → Roll posts a card every client reads as d20 + 2 vs AC 13", async () => {
    table = await createTable({ world: world("swn"), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice);
    expect(drawn(sheet)).toEqual({ starFrontiers: NONE_SF, d20Block: false, swnBlock: true });
    expect(text(sheet.querySelector('[data-ft-swn="ab"]'))).toBe("2");
    expect(text(sheet.querySelector('[data-ft-swn="ac"]'))).toBe("14");
    expect(text(row(sheet, BLASTER).querySelector(".ft-chance"))).toBe("+2");
    const msg = await aliceAttacksFromSheet(alice, BLASTER, 14, 2, 3, 4);
    expect(rollLine(msg)).toMatch(/^d20 14 \+ 2 = 16 vs AC 13/);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-01 Zebulon's Guide: Kara's sheet is the Star Frontiers one (percentages, Stamina, IM) with no d20 or SWN block; Attack → Roll posts a card every client reads", async () => {
    table = await createTable({ world: world("zebulon"), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice);
    const seen = drawn(sheet);
    expect(seen.d20Block).toBe(false);
    expect(seen.swnBlock).toBe(false);
    expect(seen.starFrontiers).toMatchObject({ abilities: true, stamina: true, im: true, percent: true });
    const msg = await aliceAttacksFromSheet(alice, LASER, 12, 4);
    expect(rollLine(msg)).not.toBe("");
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
