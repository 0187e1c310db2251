/**
 * Scenario (issue 16, SWN-17): a squad of five marines (HD 1: 23 HP, 2 hexes) stands between Kara and their
 * sergeant on a 3 m hex grid. While the squad is in the line of fire the sergeant cannot be shot directly (meat
 * shields); Kara's rifle shot at the squad takes 9 of its 23 HP (5 units → 4); her frag grenade at the sergeant is an
 * area attack, which the meat shield does not stop: it bursts at his feet, reaches one of the squad's hexes (3 of its
 * 4 units standing) and deals its 2d6 × 3 to the squad — one write to the squad each time.
 *
 * Numbers: Kara's attack bonus +3; the rifle (TL3, 1d10, 10 m increment) at 15 m is −2; the grenade (2d6, 5 m burst,
 * 4 m increment, TL3) at 15 m is three increments, −6, against AC 10 (SWN-16). The squad: AC 13.
 */
import { describe, expect, it } from "vitest";
import { settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  rowText,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { fiveMarines, lastCardLines, magRifle, marinesToken, squadSource, swnSettings } from "./kit-d20.js";
import { clickSheetItem, lastCard, openSheet } from "./kit-grenades.js";
import { answerPrompt, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneSwnSquad");
const KARA = id("actKaraSwnSq");
const SARGE = id("actSargeSwnSq");
const MARINES = id("actMarinesSwnSq");
const RIFLE = id("itmRifleSwnSq");
const FRAG = id("itmFragSwnSq");
const TOK = { kara: id("tokKaraSwnSq"), sarge: id("tokSargeSwnSq"), marines: id("tokMarinesSwnSq") };

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: swnSettings("SwnSq"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        magRifle(RIFLE, { tl: 3 }),
        itemFromPack(
          "d20",
          "grenade",
          FRAG,
          { d20: { damage: "2d6", burstRadius: 5, reflexDC: 15 }, swn: { tl: 3 } },
          "Frag Grenade",
        ),
      ],
      system: { swn: { ab: 3, hp: { value: 8, max: 8 } } },
    }),
    {
      ...actorSource({
        _id: SARGE,
        name: "Sergeant",
        system: { swn: { ac: 14, hp: { value: 10, max: 10 } } },
      }),
      ownership: { default: 2 },
    },
    squadSource(MARINES, "Marines", fiveMarines()),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing field",
      // SWN's 3 m hexes, as square cells.
      grid: { size: 100, distance: 3, units: "m" },
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        // Five units take 2 hexes (1 per 3 units).
        marinesToken(TOK.marines, MARINES, cell(3, 5)),
        foeToken(TOK.sarge, "Sergeant", SARGE, cell(5, 5)),
      ],
    }),
  ],
});

const squad = () => {
  const s = G().game.actors.get(MARINES).system;
  return { hp: s.hp.value as number, living: s.derived.living as number };
};

describe("scenario: a squad of five takes a rifle shot and a grenade, and shields its sergeant (issue 16, SWN-17)", () => {
  it("SWN-17: meat shields — Kara's rifle at the sergeant behind the squad is refused, nothing spent; her shot at the squad (d20 15 + 1 = 16 vs AC 13) takes 9 HP: 23 → 14, 5 units → 4, one write, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const ammo = () => alice.run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining);
    const before = ammo();
    table.dice(15, 9);
    expect(await attack(table, alice, KARA, RIFLE, [TOK.sarge])).toBeNull();
    expect(told(alice).join(" ")).toContain(
      "Marines stands between you and Sergeant: only an area attack reaches Sergeant (SWN-17 meat shields).",
    );
    expect(ammo()).toBe(before);
    const msg = await attack(table, alice, KARA, RIFLE, [TOK.marines]);
    for (const c of table.all)
      expect(rowText(c, msg!, "Marines")).toContain("d20 15 + 1 = 16 vs AC 13 → Hit");
    const writes = table.server.log.length;
    clickCard(table.client(GM_ID), msg!, "apply", "Marines");
    await table.settle();
    const actorWrites = table.server.log
      .slice(writes)
      .filter((w: { type?: string; action?: string }) => w.type === "Actor" && w.action === "update");
    expect(actorWrites).toHaveLength(1);
    expect(onEveryClient(table, squad)).toEqual({
      Gamemaster: { hp: 14, living: 4 },
      Alice: { hp: 14, living: 4 },
    });
    expect(rowText(table.client(GM_ID), msg!, "Marines")).toContain(
      "Applied: 9 (HP 23 → 14) · units caught 1; units 5 → 4",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-16 SWN-17: the grenade at the sergeant is an area attack the squad cannot stop — d20 15 − 3 = 12 vs AC 10 hits; the 5 m burst reaches one of the squad's hexes: 2d6 [1, 2] = 3 × 3 units = 9 (14 → 5, 2 units left) and the sergeant's 3 (10 → 7), on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await table.client(GM_ID).run(() => G().game.actors.get(MARINES).update({ "system.hp.value": 14 }));
    await table.settle();
    const alice = table.client(ALICE_ID);
    alice.target(TOK.sarge);
    table.dice(15, 1, 2);
    await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
    expect(told(alice)).toEqual([]);
    const msg = lastCard(alice)!;
    const gm = table.client(GM_ID);
    for (const c of table.all) expect(rowText(c, msg, "Marines")).toContain("2d6 [1, 2] = 3 dmg");
    clickCard(gm, msg, "apply", "Marines");
    await table.settle();
    clickCard(gm, msg, "apply", "Sergeant");
    await table.settle();
    expect(onEveryClient(table, squad)).toEqual({
      Gamemaster: { hp: 5, living: 2 },
      Alice: { hp: 5, living: 2 },
    });
    expect(onEveryClient(table, () => G().game.actors.get(SARGE).system.swn.hp.value)).toEqual({
      Gamemaster: 7,
      Alice: 7,
    });
    expect(rowText(gm, msg, "Marines")).toContain("Applied: 9 (HP 14 → 5) · units caught 3; units 4 → 2");
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: healing a squad restores one unit at a time — the GM heals 10 at 5 HP (2 units): 13 HP, 3 units; the 2 past the next unit are lost, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(MARINES).update({ "system.hp.value": 5 }));
    await table.settle();
    const sheet = await openSheet(gm, MARINES);
    const heal = sheet.querySelector<HTMLElement>('[data-action="healSquad"]');
    expect(heal).not.toBeNull();
    gm.run(() => heal!.click());
    await gm.run(() => settleApps());
    (promptField(gm, "amount") as HTMLInputElement).value = "10";
    await answerPrompt(table, gm);
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    expect(onEveryClient(table, squad)).toEqual({
      Gamemaster: { hp: 13, living: 3 },
      Alice: { hp: 13, living: 3 },
    });
    expect(lastCardLines(table.client(ALICE_ID))).toBe("Heal Marines SWN-17 HP 5 → 13: 3 units standing.");
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: Tissue Integrity Field multiplies the healing by max units — the GM heals 3 with TIF at 5 HP: 3 × 5 = 15, 20 HP, all 5 units, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(MARINES).update({ "system.hp.value": 5 }));
    await table.settle();
    const sheet = await openSheet(gm, MARINES);
    gm.run(() => sheet.querySelector<HTMLElement>('[data-action="healSquad"]')!.click());
    await gm.run(() => settleApps());
    (promptField(gm, "amount") as HTMLInputElement).value = "3";
    (promptField(gm, "tif") as HTMLInputElement).checked = true;
    await answerPrompt(table, gm);
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    expect(onEveryClient(table, squad)).toEqual({
      Gamemaster: { hp: 20, living: 5 },
      Alice: { hp: 20, living: 5 },
    });
    expect(lastCardLines(table.client(ALICE_ID))).toBe(
      "Heal Marines SWN-17 Tissue Integrity Field: 3 × 5 units. HP 5 → 20: 5 units standing.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: the heal dialog's roll mode (review-ux 2.2) — the GM heals 10 at 5 HP as a private GM roll: 13 HP, 3 units; the card is whispered to the GMs", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(MARINES).update({ "system.hp.value": 5 }));
    await table.settle();
    const sheet = await openSheet(gm, MARINES);
    gm.run(() => sheet.querySelector<HTMLElement>('[data-action="healSquad"]')!.click());
    await gm.run(() => settleApps());
    (promptField(gm, "amount") as HTMLInputElement).value = "10";
    const mode = promptField(gm, "rollMode") as HTMLSelectElement | null;
    expect(mode).not.toBeNull();
    gm.run(() => {
      mode!.value = "gmroll";
    });
    await answerPrompt(table, gm);
    expect(onEveryClient(table, squad)).toEqual({
      Gamemaster: { hp: 13, living: 3 },
      Alice: { hp: 13, living: 3 },
    });
    expect(
      onEveryClient(table, () => {
        const m = G().game.messages.contents.at(-1);
        return { type: m.type, whisper: [...m.whisper].sort() };
      }),
    ).toEqual({
      Gamemaster: { type: "rule", whisper: [GM_ID, ASSISTANT_ID].sort() },
      Alice: { type: "rule", whisper: [GM_ID, ASSISTANT_ID].sort() },
    });
    expect(lastCardLines(gm)).toBe("Heal Marines SWN-17 HP 5 → 13: 3 units standing.");
    expect(table.unhandled).toEqual([]);
  });
});
