/**
 * Scenario (issue 31, SWN-06): Protect (Mech), seed 003: "Spend your Move and Action protecting those around and
 * behind you. Until the start of your next turn you provide minor concealment of +2 AC and your Armor rating to allies
 * adjacent to you. Like most cover, this is directional." In a d20 combat by count, Alice's mech Titan (count 20)
 * takes Protect (mech) from its sheet on its turn; Kara stands in the hex behind it. On the pirate's turn (count 15)
 * the pirate shoots Kara from the front: the attack reads Kara's AC 13 + 2 = 15, on every client. A guard on Kara's
 * other side (so Kara is not behind the mech from there) reads her AC 13.
 *
 * Numbers: the pirate's attack bonus +1, his rifle's increment 10 m; Kara 4 m away (no increment). d20 14 + 1 = 15.
 */
import { describe, expect, it } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  closeTableAfterEach,
  everyone,
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
import { lastCardLines, startByCount, swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";

const SCENE = id("sceneSwPr");
const TITAN = id("actTitanSwPr");
const KARA = id("actKaraSwPr");
const PIRATE = id("actPirateSwPr");
const GUARD = id("actGuardSwPr");
const RIFLE = id("itmRifleSwPr");
const CARBINE = id("itmCarbSwPr");
const TOK = {
  titan: id("tokTitanSwPr"),
  kara: id("tokKaraSwPr"),
  pirate: id("tokPirateSwPr"),
  guard: id("tokGuardSwPr"),
};

let table: Table;
closeTableAfterEach(() => table);

const rifle = (_id: string, name: string) =>
  itemFromPack("d20", "blaster-pistol", _id, { d20: { damage: "1d10" }, swn: { tl: 3 } }, name);

const world = () => ({
  settings: swnSettings("SwPr"),
  actors: [
    // SWN-06: Titan is a mech (its sheet's Mech box; trust review 1.3: Protect (mech) is refused for any other actor).
    actorSource({
      _id: TITAN,
      name: "Titan",
      owner: ALICE_ID,
      system: { swn: { ac: 16, mech: true, hp: { value: 20, max: 20 } } },
    }),
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: { swn: { ac: 13, hp: { value: 8, max: 8 } } },
    }),
    {
      ...actorSource({
        _id: PIRATE,
        name: "Pirate",
        items: [rifle(RIFLE, "Mag Rifle")],
        system: { swn: { ab: 1 } },
      }),
      ownership: { default: 2 },
    },
    {
      ...actorSource({
        _id: GUARD,
        name: "Guard",
        items: [rifle(CARBINE, "Carbine")],
        system: { swn: { ab: 1 } },
      }),
      ownership: { default: 2 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Breach",
      tokens: [
        // West to east: the pirate, the mech, Kara (in the hex behind it), and the guard beyond her.
        foeToken(TOK.pirate, "Pirate", PIRATE, cell(0, 5)),
        tokenSource({ _id: TOK.titan, name: "Titan", actorId: TITAN, actorLink: true, ...cell(3, 5) }),
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(4, 5) }),
        foeToken(TOK.guard, "Guard", GUARD, cell(8, 5)),
      ],
    }),
  ],
});

const COUNTS: Record<string, number> = { Titan: 20, Pirate: 15, Guard: 12, Kara: 10 };

async function titanProtects(): Promise<void> {
  await startByCount(
    table,
    SCENE,
    [
      { tokenId: TOK.titan, actorId: TITAN },
      { tokenId: TOK.pirate, actorId: PIRATE },
      { tokenId: TOK.guard, actorId: GUARD },
      { tokenId: TOK.kara, actorId: KARA },
    ],
    (name) => COUNTS[name] ?? 0,
  );
  const alice = table.client(ALICE_ID);
  const sheet = await openSheet(alice, TITAN);
  const button = sheet.querySelector<HTMLElement>('[data-action="swnAction"][data-kind="protectMech"]');
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
  expect(told(alice)).toEqual([]);
}

describe("scenario: a mech protects the ally behind it (issue 31, SWN-06)", () => {
  it("SWN-06: Titan takes Protect (mech) on its turn; the pirate's shot at Kara behind it reads AC 13 + 2 = 15 (d20 14 + 1 = 15 hits), on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await titanProtects();
    expect(lastCardLines(table.client(GM_ID))).toContain("Until the start of Titan's next turn every attack");
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(14, 5);
    const msg = await attack(table, gm, PIRATE, RIFLE, [TOK.kara]);
    expect(msg).not.toBeNull();
    for (const c of table.all) {
      const line = rowText(c, msg!, "Kara");
      expect(line).toContain("Behind a protecting mech (minor concealment)SWN-06+2");
      expect(line).toContain("vs AC 15 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-06: directional — from the guard's side Kara is not behind Titan: his shot reads her AC 13", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await titanProtects();
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(14, 5);
    const msg = await attack(table, gm, GUARD, CARBINE, [TOK.kara]);
    for (const c of table.all) {
      const line = rowText(c, msg!, "Kara");
      expect(line).not.toContain("SWN-06");
      expect(line).toContain("vs AC 13 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-06 (trust review 1.3): on Kara's own turn Alice's console writes a mech's Protect for Kara, who is no mech, with its round's action — the GM puts it back on every client; Titan's, a mech's, stands", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await titanProtects();
    const gm = table.client(GM_ID);
    for (let i = 0; i < 3; i++) await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    const combatantOf = (tokenId: string) =>
      G().game.combat.combatants.find((c: any) => c.tokenId === tokenId);
    expect(gm.run(() => G().game.combat.combatant.name)).toBe("Kara");
    await table.client(ALICE_ID).run(() =>
      combatantOf(TOK.kara).update({
        system: {
          turn: { round: 1, shots: 0, reloaded: false, fired: {}, action: "protect" },
          protecting: { round: 1 },
        },
      }),
    );
    await table.settle();
    const protecting = (tokenId: string) =>
      onEveryClient(table, () => combatantOf(tokenId).system.protecting ?? null);
    expect(protecting(TOK.kara)).toEqual(everyone(table, null));
    expect(protecting(TOK.titan)).toEqual(everyone(table, { round: 1 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-06 \"and your Armor rating\": the pirate's card tells the GM the mech's Armor rating is theirs to apply to the damage (+0 on the AC), beside the +2, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await titanProtects();
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(14, 5);
    const msg = await attack(table, gm, PIRATE, RIFLE, [TOK.kara]);
    for (const c of table.all) {
      const line = rowText(c, msg!, "Kara");
      expect(line).toContain("Behind a protecting mech (minor concealment)SWN-06+2");
      expect(line).toContain(
        "Behind a protecting mech: its Armor rating against the damage is the GM's to applySWN-06",
      );
      expect(line).toContain("vs AC 15 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-06 \"until the start of your next turn\": when Titan's turn comes again (round 2) the protection has lapsed — the pirate's shot reads Kara's AC 13, no SWN-06 line, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await titanProtects();
    const gm = table.client(GM_ID);
    // Pirate, Guard, Kara, then round 2: Titan's turn.
    for (let i = 0; i < 4; i++) await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(gm.run(() => [G().game.combat.round, G().game.combat.combatant?.name])).toEqual([2, "Titan"]);
    table.dice(14, 5);
    const msg = await attack(table, gm, PIRATE, RIFLE, [TOK.kara]);
    expect(msg).not.toBeNull();
    for (const c of table.all) {
      const line = rowText(c, msg!, "Kara");
      expect(line).not.toContain("SWN-06");
      expect(line).toContain("vs AC 13 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });
});
