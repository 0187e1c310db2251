/**
 * Scenario (issue 31, SWN-16): on a map of SWN's 3 m hexes (columns, flat-topped), Kara throws a frag grenade (2d6,
 * 5 m burst, TL3) at a pirate 15 m away and misses. Seed 003: the grenade "lands 1d3 hexes (1d3x3 meters) away in a
 * random direction" and "explodes as normal": the direction is one of the six hex sides (1d6), not the d20 rules'
 * d8 at 45°; d3 1 → 3 m, d6 4 → the south side, so it bursts on the guard, one hex south of the pirate, and both are
 * caught; the deck officer 9 m north is not. Each caught may make SWN's Evasion save for half — d20 meeting its save
 * target — not the d20 Reflex against the grenade's DC.
 *
 * Numbers: Kara's attack bonus +3; the grenade's increment 4 m, at 15 m three increments, −6 (ruling 4c), against
 * AC 10 (SWN-16): d20 2 − 3 = −1 misses. The guard's save 15 (an NPC's one save).
 */
import { describe, expect, it } from "vitest";
import { settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  clickCard,
  closeTableAfterEach,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";
import { clickSheetItem, lastCard } from "./kit-grenades.js";

const SCENE = id("sceneSwGr");
const KARA = id("actKaraSwGr");
const PIRATE = id("actPirateSwGr");
const GUARD = id("actGuardSwGr");
const OFFICER = id("actOfficerSwGr");
const FRAG = id("itmFragSwGr");
const TOK = {
  kara: id("tokKaraSwGr"),
  pirate: id("tokPirateSwGr"),
  guard: id("tokGuardSwGr"),
  officer: id("tokOfficerSwGr"),
};

let table: Table;
closeTableAfterEach(() => table);

const npc = (_id: string, name: string, save: number) => ({
  ...actorSource({ _id, name, system: { swn: { ac: 13, save, hp: { value: 10, max: 10 } } } }),
  ownership: { default: 2 },
});

/** `reflexDC`: the grenade's d20 Reflex DC (null: not entered — SWN has none). */
const world = (reflexDC: number | null = 15) => ({
  settings: swnSettings("SwGr"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack(
          "d20",
          "grenade",
          FRAG,
          { d20: { damage: "2d6", burstRadius: 5, reflexDC }, swn: { tl: 3 } },
          "Frag Grenade",
        ),
      ],
      system: { swn: { ab: 3, hp: { value: 8, max: 8 } } },
    }),
    npc(PIRATE, "Pirate", 15),
    npc(GUARD, "Guard", 15),
    npc(OFFICER, "Officer", 15),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docking ring",
      // SWN's 3 m hexes, hex columns (v13 CONST.GRID_TYPES.HEXODDQ = 4; the harness measures it as squares).
      grid: { size: 100, distance: 3, units: "m", type: 4 },
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.pirate, "Pirate", PIRATE, cell(5, 5)),
        foeToken(TOK.guard, "Guard", GUARD, cell(5, 6)),
        foeToken(TOK.officer, "Officer", OFFICER, cell(5, 2)),
      ],
    }),
  ],
});

const header = (c: Client, msg: string) =>
  [...renderMessage(c, msg).querySelectorAll("p.ft-grenade")].map((e) => text(e));
const row = (c: Client, msg: string, name: string) => text(targetBlock(renderMessage(c, msg), name));

async function aliceThrowsAndMisses(): Promise<string> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.pirate);
  // The throw's d20, its 2d6 (rolled with the throw), then the deviation's d3 and d6.
  table.dice(2, 3, 4, 1, 4);
  await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
  expect(told(alice)).toEqual([]);
  return lastCard(alice)!;
}

describe("scenario: a grenade that misses on SWN's hex map (issue 31, SWN-16)", () => {
  it("SWN-16: a miss deviates 1d3 hexes through one of the six hex sides — d3 1 × 3 m, d6 4 → the south side: the burst catches the pirate and the guard, not the officer, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const msg = await aliceThrowsAndMisses();
    for (const c of table.all) {
      expect(header(c, msg)).toEqual([
        "Missed: deviated d3 1 × 3 m → 3 m, d6 4 → the south hex side SWN-16 · Caught in the blast: Pirate, Guard",
        "Burst damage 2d6 [3, 4] = 7 · Evasion save for half",
      ]);
      expect(text(renderMessage(c, msg))).not.toContain("Officer");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-16: the guard's save is SWN's Evasion save (d20 16 meets 15) for half — 7 → 3 — not a Reflex against the grenade's DC; the GM's Apply takes 3 HP (10 → 7), on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const msg = await aliceThrowsAndMisses();
    const gm = table.client(GM_ID);
    const saveButton = () =>
      [...targetBlock(renderMessage(gm, msg), "Guard").querySelectorAll('[data-ft-action="reflex"]')].map(
        (b) => text(b),
      );
    expect(saveButton()).toEqual(["Evasion save"]);
    table.dice(16);
    clickCard(gm, msg, "reflex" as "apply", "Guard");
    await table.settle();
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    for (const c of table.all) {
      expect(row(c, msg, "Guard")).toContain("2d6 [3, 4] = 7, ½ = 3 dmg");
      expect(row(c, msg, "Guard")).toContain("Evasion d20 16");
      expect(row(c, msg, "Guard")).toContain("→ half SWN-16");
      expect(row(c, msg, "Guard")).not.toContain("Reflex");
    }
    clickCard(gm, msg, "apply", "Guard");
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).system.swn.hp.value)).toEqual({
      Gamemaster: 7,
      Alice: 7,
    });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-16: a grenade with its 5 m burst and TL3 but no Reflex DC (a d20 number SWN's Evasion save never reads) is thrown and deviates as ever; the guard's failed Evasion save (d20 9 under his 15) takes the full 7 — the GM's Apply, 10 → 3 on every client", async () => {
    table = await createTable({ world: world(null), online: [GM_ID, ALICE_ID] });
    const msg = await aliceThrowsAndMisses();
    const gm = table.client(GM_ID);
    expect(header(gm, msg)).toEqual([
      "Missed: deviated d3 1 × 3 m → 3 m, d6 4 → the south hex side SWN-16 · Caught in the blast: Pirate, Guard",
      "Burst damage 2d6 [3, 4] = 7 · Evasion save for half",
    ]);
    table.dice(9);
    clickCard(gm, msg, "reflex" as "apply", "Guard");
    await table.settle();
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    for (const c of table.all) {
      expect(row(c, msg, "Guard")).toContain("2d6 [3, 4] = 7 dmg");
      expect(row(c, msg, "Guard")).toContain("Evasion d20 9");
      expect(row(c, msg, "Guard")).toContain("→ full SWN-16");
      expect(row(c, msg, "Guard")).not.toContain("½");
    }
    clickCard(gm, msg, "apply", "Guard");
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).system.swn.hp.value)).toEqual({
      Gamemaster: 3,
      Alice: 3,
    });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-16: the grenade's item sheet in an SWN world asks its burst radius and TL, not a d20 Reflex DC", async () => {
    table = await createTable({ world: world(null), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(KARA).items.get(FRAG).sheet.render({ force: true }));
    await gm.run(() => settleApps());
    const sheet = gm.run(() => G().game.actors.get(KARA).items.get(FRAG).sheet.element as HTMLElement);
    expect(sheet.querySelector('[name="system.d20.burstRadius"]')).not.toBeNull();
    expect(sheet.querySelector('[name="system.swn.tl"]')).not.toBeNull();
    expect(sheet.querySelector('[name="system.d20.reflexDC"]')).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});
