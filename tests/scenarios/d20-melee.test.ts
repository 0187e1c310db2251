/**
 * Scenario (issue 15): melee in a d20 world is a d20 attack (SW-04, SW-07, SW-14, SW-22), not Star Frontiers' melee
 * table. Kara (BAB +6, Str 14, Dex 14) swings a lightsaber (2d8 as the GM entered it, threat 19) at the Thug beside
 * her: d20 + BAB + Str against Defense 15; a full attack is two swings (+8 and +3, SW-22); the Thug 3 m away is out of
 * reach (2 m, SW-14) and refused before anything is rolled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Melee");
const KARA = id("actKaraMelee");
const THUG = id("actThugMelee");
const SABER = id("itmSaberMelee");
const BLADE = id("itmBladeMelee");
const CMB = { kara: id("cmbKaraMelee"), thug: id("cmbThugMelee") };
const TOK = { kara: id("tokKaraMelee"), thug: id("tokThugMelee") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `gap`: the Thug's column (1: beside Kara; 4: 3 m away). */
const world = (gap = 1) => ({
  settings: [settingSource(id("setEngineMelee"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    {
      ...d20Foe(THUG, "Thug", HEROIC_POOLS),
      items: [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade")],
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Catwalk",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(gap, 5)),
      ],
    }),
  ],
});

const lines = () => onEveryClient(table, () => null as unknown as string[]);
const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("scenario: d20 melee (issue 15)", () => {
  it("SW-04 SW-07: Kara's lightsaber at the Thug beside her is d20 12 + 8 = 20 (BAB +6, Str +2) vs Defense 15 — a hit, 2d8 [3, 4] + 2 = 9 — on every client, with no Star Frontiers melee table", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(12, 3, 4);
    const msg = await attack(table, alice, KARA, SABER, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    const seen = lines();
    for (const c of table.all) {
      const row = targetBlock(renderMessage(c, msg!), "Thug");
      seen[c.user.name as string] = [...row.querySelectorAll(".ft-roll-line")].map((e) => text(e));
      expect(text(row)).toContain("Base attack bonusSW-04+6StrengthSW-04+2");
    }
    expect(seen).toEqual(everyone(table, ["d20 12 + 8 = 20 vs Defense 15 → Hit 2d8 [3, 4] + 2 = 9 dmg"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-22: a full attack in melee is two swings, +8 and +3 (BAB +6 and +1), one card", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "plan.fullAttack", true);
    const msg = await dialogKit.aliceRolls(alice, 12, 9, 3, 4, 1, 1);
    const row = targetBlock(renderMessage(table.client(GM_ID), msg), "Thug");
    expect([...row.querySelectorAll(".ft-step, .ft-roll-line")].map((e) => text(e))).toEqual([
      "Attack 1 of 2",
      "d20 12 + 8 = 20 vs Defense 15 → Hit 2d8 [3, 4] + 2 = 9 dmg",
      "Attack 2 of 2 · Iterative attack −5 SW-22",
      "d20 9 + 3 = 12 vs Defense 15 → Miss",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-14: the Thug 3 m away is out of the lightsaber's 2 m reach: refused with a notification, no card", async () => {
    table = await createTable({ world: world(4), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const msg = await attack(table, alice, KARA, SABER, [TOK.thug]);
    expect(msg).toBeNull();
    expect(told(alice)).toEqual(["warn: Thug is out of range."]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: on Kara's turn the GM makes the Thug's attack of opportunity from the tracker (his vibroblade, d20 15 vs Defense 12: a hit), one a round — a second is refused — and it is not his round's action: on his own turn he attacks again", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    // Alice has no AoO button on the Thug's row; the GM has.
    expect(
      row(await tracker(table.client(ALICE_ID)), "Thug").querySelector('[data-action="attackOfOpportunity"]'),
    ).toBeNull();
    gm.target(TOK.kara);
    const aoo = async () => {
      const button = row(await tracker(gm), "Thug").querySelector('[data-action="attackOfOpportunity"]');
      expect(button).not.toBeNull();
      gm.run(() => click(button!));
      await gm.run(() => settleApps());
      await table.settle();
    };
    await aoo();
    const msg = await dialogKit.aliceRolls(gm, 15, 3, 4);
    expect(text(targetBlock(renderMessage(gm, msg), "Kara").querySelector(".ft-roll-line"))).toBe(
      "d20 15 + 0 = 15 vs Defense 12 → Hit 2d6 [3, 4] = 7 dmg",
    );
    await aoo();
    expect(told(gm).at(-1)).toBe("warn: Thug has already made its attack of opportunity this round (SW-25).");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Thug");
    table.dice(2, 1, 1);
    const own = await attack(table, gm, THUG, BLADE, [TOK.kara]);
    expect(own).not.toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});
