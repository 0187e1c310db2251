/**
 * Scenario (issue 15): fighting with two weapons (SW-22). Kara (BAB +6, Dex 14, Two-Weapon Fighting) holds a blaster
 * pistol (3d6) and a hold-out blaster in the off hand (2d4, Tiny: light for a Medium wielder). A full attack is the
 * pistol's two iterative attacks at −2 (−6, light +2, the feat +2) and one hold-out shot at −6 (−10 + 2 + 2): +6, +1
 * and +2 with Dex against the Thug's Defense 15. One card names the off-hand weapon on its attack; each weapon spends
 * its own rounds; Alice's Apply (the world lets players apply to all) is checked by the GM against both weapons.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Two");
const KARA = id("actKaraTwo");
const THUG = id("actThugTwo");
const PISTOL = id("itmPistolTwo");
const HOLDOUT = id("itmHoldoutTwo");
const TOK = { kara: id("tokKaraTwo"), thug: id("tokThugTwo") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const ammo = (n: number) => ({ unit: "rounds", perShot: 1, capacity: n, remaining: n });

const world = () => ({
  settings: [
    settingSource(id("setEngineTwo"), "engine", "d20"),
    settingSource(id("setApplyAllTwo"), "playersApplyToAll", true),
  ],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" }, ammo: ammo(20) }),
        itemFromPack(
          "d20",
          "blaster-pistol",
          HOLDOUT,
          { d20: { damage: "2d4", size: "tiny" }, ammo: ammo(6) },
          "Hold-out Blaster",
        ),
      ],
      system: {
        d20: {
          bab: 6,
          abilities: { dex: 14 },
          vitality: { value: 12, max: 12 },
          feats: { twoWeaponFighting: true },
        },
      },
    }),
    d20Foe(THUG, "Thug", { ...HEROIC_POOLS, vitality: { value: 30, max: 30 } }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Cantina",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(5, 5)),
      ],
    }),
  ],
});

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });
const left = () =>
  table
    .client(ALICE_ID)
    .run(() => [PISTOL, HOLDOUT].map((i) => G().game.actors.get(KARA).items.get(i).system.ammo.remaining));

describe("scenario: two weapons (issue 15, SW-22)", () => {
  it("SW-22: with the hold-out blaster in the off hand, the full attack is +6 and +1 with the pistol (−2 each) and +2 with the hold-out (−6): one card on every client, the off hand's attack named; 2 pistol rounds and 1 hold-out round spent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "plan.offHand", HOLDOUT);
    // The d20s, then each attack's damage: 3d6, 3d6, 2d4.
    const msg = await dialogKit.aliceRolls(alice, 10, 14, 13, 1, 2, 3, 2, 2, 2, 4, 4);
    expect(told(alice)).toEqual([]);
    const seen = onEveryClient(table, () => null as unknown as string[]);
    for (const c of table.all)
      seen[c.user.name as string] = [
        ...targetBlock(renderMessage(c, msg), "Thug").querySelectorAll(".ft-step, .ft-roll-line"),
      ].map((e) => text(e));
    expect(seen).toEqual(
      everyone(table, [
        "Attack 1 of 3 · Two weapons, primary hand −2 SW-22",
        "d20 10 + 6 = 16 vs Defense 15 → Hit 3d6 [1, 2, 3] = 6 dmg",
        "Attack 2 of 3 · Iterative attack −5 SW-22 · Two weapons, primary hand −2 SW-22",
        "d20 14 + 1 = 15 vs Defense 15 → Hit 3d6 [2, 2, 2] = 6 dmg",
        "Attack 3 of 3 · Hold-out Blaster · Two weapons, off hand −6 SW-22",
        "d20 13 + 2 = 15 vs Defense 15 → Hit 2d4 [4, 4] = 8 dmg",
      ]),
    );
    expect(left()).toEqual([18, 5]);
    // Alice applies her card: the GM checks it against both weapons (20 is more than one 3d6 can do) and writes it.
    const from = table.server.log.length;
    clickCard(alice, msg, "apply", "Thug");
    await table.settle();
    expect(told(alice)).toEqual([]);
    expect(requestsSince(table, from)).toContain("update Actor by Gamemaster");
    expect(onEveryClient(table, () => G().game.actors.get(THUG).system.d20.vitality.value)).toEqual(
      everyone(table, 10),
    );
    expect(table.unhandled).toEqual([]);
  });
});
