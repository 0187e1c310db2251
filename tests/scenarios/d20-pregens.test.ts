/**
 * Scenario (issue 32): a d20 table plays its first shot with pack content only — Kestra Vol, the pregenerated soldier
 * (Alice's), and the pack's Stormtrooper, both imported from the actors pack; Kestra's blaster rifle from the d20
 * pack (RCR Table 7-2: 3d8, 30 m increment). Alice opens the attack dialog from her sheet and rolls; the GM applies
 * the hit.
 *
 * Numbers: Kestra's attack bonus is BAB +1 + Dex 14's +2 = +3 (SW-04); the stormtrooper 12 m away is within one
 * 30 m increment (no range penalty, SW-06) and beyond Point Blank Shot's 10 m (SW-15). Its Defense is 10 + Dex 12's
 * +1 (stormtrooper armour's maximum Dex +2 does not cap it) = 11 (SW-08). d20 10 + 3 = 13 hits. 3d8 [4, 5, 6] = 15;
 * an ordinary foe has no vitality (SW-18), so the damage goes to wound points, less the armour's DR 5 (SW-11):
 * 12 − 10 = 2 wound points, fatigued (SW-10).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  BRUNO_ID,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";
import { actorFromPack, packItemId } from "./kit-packs.js";

const SCENE = id("scenePregensD20");
const KESTRA = actorFromPack("kestra-vol-soldier", { owner: ALICE_ID });
const TROOPER = actorFromPack("stormtrooper", { ownership: { default: 2 } });
const RIFLE = packItemId("kestra-vol-soldier", "Blaster Rifle");
const TOK = { kestra: id("tokKestraPregen"), trooper: id("tokTrooperPregen") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);
const dialog = attackDialogKit(() => table, { actor: KESTRA._id as string, target: TOK.trooper });

const world = () => ({
  settings: [settingSource(id("setEnginePregen"), "engine", "d20")],
  actors: [KESTRA, TROOPER],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({
          _id: TOK.kestra,
          name: "Kestra Vol",
          actorId: KESTRA._id as string,
          actorLink: true,
          ...cell(0, 5),
        }),
        tokenSource({
          _id: TOK.trooper,
          name: "Stormtrooper",
          actorId: TROOPER._id as string,
          actorLink: true,
          ...cell(12, 5),
        }),
      ],
    }),
  ],
});

const pools = () =>
  onEveryClient(table, () => {
    const d = G().game.actors.get(TROOPER._id).system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });

describe("scenario: a d20 pregen's first shot with pack content (issue 32)", () => {
  it("SW-04 SW-08 SW-11 SW-18: Kestra Vol (pack) fires the pack's blaster rifle through the dialog at the pack's Stormtrooper — d20 10 + 3 = 13 vs Defense 11, 3d8 = 15 − DR 5 → WP 12 → 2, fatigued on every client; the loaded rifle has 49 shots left", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    // The sheet computes what the pack gives: Kestra's Defense 15 (10 + class 3 + Dex 2), the trooper's 11.
    expect(
      onEveryClient(table, () =>
        [KESTRA._id, TROOPER._id].map((a) => G().game.actors.get(a).system.derived.d20.defense.total),
      ),
    ).toEqual(everyone(table, [15, 11]));
    await dialog.aliceOpensAttack(alice, RIFLE);
    const msg = await dialog.aliceRolls(alice, 10, 4, 5, 6);
    expect(rowText(alice, msg, "Stormtrooper")).toContain(
      "d20 10 + 3 = 13 vs Defense 11 → Hit 3d8 [4, 5, 6] = 15 dmg",
    );
    // The pregen carries its rifle loaded (a full 50-shot pack, RCR Table 7-2): one shot spent.
    expect(
      onEveryClient(table, () => G().game.actors.get(KESTRA._id).items.get(RIFLE).system.ammo.remaining),
    ).toEqual(everyone(table, 49));
    clickCard(table.client(GM_ID), msg, "apply", "Stormtrooper");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 2"));
    expect(onEveryClient(table, () => [...G().game.actors.get(TROOPER._id).statuses].sort())).toEqual(
      everyone(table, ["fatigued"]),
    );
    expect(table.unhandled).toEqual([]);
  });
});
