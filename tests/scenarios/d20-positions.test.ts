/**
 * Scenario (issue 14's rules, played at the table in issue 15): point blank (SW-15) and flanking (SW-26) read from the
 * tokens. Kara, with Point Blank Shot, shoots the Thug 5 m away: +1 to hit and +1 damage. With her lightsaber beside
 * the Thug, Rex standing directly opposite her, she flanks him: +2.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  closeTableAfterEach,
  foeToken,
  GM_ID,
  id,
  itemFromPack,
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";

const SCENE = id("sceneD20Pos");
const KARA = id("actKaraPos");
const THUG = id("actThugPos");
const REX = id("actRexPos");
const PISTOL = id("itmPistolPos");
const SABER = id("itmSaberPos");
const TOK = { kara: id("tokKaraPos"), thug: id("tokThugPos"), rex: id("tokRexPos") };

let table: Table;
closeTableAfterEach(() => table);

/** `thugAt`: the Thug's column; Rex stands just past him, opposite Kara (`rexBy`), or far off. */
const world = (thugAt: number, rexBy = true) => ({
  settings: [settingSource(id("setEnginePos"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" } }),
        itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } }),
      ],
      system: {
        d20: {
          bab: 3,
          abilities: { dex: 14 },
          vitality: { value: 12, max: 12 },
          feats: { pointBlankShot: true },
        },
      },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
    actorSource({
      _id: REX,
      name: "Rex",
      owner: ALICE_ID,
      system: { d20: { vitality: { value: 12, max: 12 } } },
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Alley",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(thugAt, 5)),
        tokenSource({
          _id: TOK.rex,
          name: "Rex",
          actorId: REX,
          actorLink: true,
          ...(rexBy ? cell(thugAt + 1, 5) : cell(20, 12)),
        }),
      ],
    }),
  ],
});

describe("scenario: point blank and flanking from the tokens (SW-15, SW-26)", () => {
  it("SW-15: with Point Blank Shot, the Thug 5 m away is within 10 m: +1 to hit and +1 damage on the card (d20 10 + 6 = 16; 3d6 [1, 2, 3] + 1 = 7)", async () => {
    table = await createTable({ world: world(5, false), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(10, 1, 2, 3);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    const row = rowText(table.client(GM_ID), msg!, "Thug");
    expect(row).toContain("Point blankSW-15+1");
    expect(row).toContain("d20 10 + 6 = 16 vs Defense 15 → Hit 3d6 [1, 2, 3] + 1 = 7 dmg");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-26: Kara's lightsaber at the Thug beside her, Rex directly opposite: flanking +2 (d20 10 + 3 + 2 = 15 hits Defense 15)", async () => {
    table = await createTable({ world: world(1), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(10, 3, 4);
    const msg = await attack(table, alice, KARA, SABER, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    const row = rowText(table.client(GM_ID), msg!, "Thug");
    expect(row).toContain("FlankingSW-26+2");
    expect(row).toContain("d20 10 + 5 = 15 vs Defense 15 → Hit");
    expect(table.unhandled).toEqual([]);
  });
});
