/**
 * Scenario (issue 15): running and disengaging in a d20 combat (SW-24). On Kara's turn Alice presses Run on Kara's
 * tracker row: a card says how far she may run (4 × her 10 m), she has no Dex to Defense until her next turn — the
 * Thug's shot is against Defense 10, not 12 — and running was her round's action: a shot after it is refused
 * (SW-13). When her next turn starts her Dex is back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
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
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster, lastCardLines, openD20Combat } from "./kit-d20.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Run");
const KARA = id("actKaraRun");
const THUG = id("actThugRun");
const PISTOL = id("itmPistolRun");
const PISTOL_T = id("itmPistThugRun");
const TOK = { kara: id("tokKaraRun"), thug: id("tokThugRun") };
const CMB = { kara: id("cmbKaraRun"), thug: id("cmbThugRun") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource(id("setEngineRun"), "engine", "d20")],
  actors: [
    karaWithBlaster(KARA, PISTOL),
    {
      ...d20Foe(THUG, "Thug", HEROIC_POOLS),
      items: [itemFromPack("d20", "blaster-pistol", PISTOL_T, { d20: { damage: "3d6" } })],
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Street",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(8, 5)),
      ],
    }),
  ],
});

describe("scenario: running in a d20 combat (issue 15, SW-24)", () => {
  it("SW-24 SW-13 SW-29: Alice runs Kara from the tracker: the card says up to 40 m; a shot after it is refused; the Thug's shot is against Defense 10 (no Dex) until Kara's next turn, 12 after", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(alice)).toBe("Kara");
    const button = row(await tracker(alice), "Kara").querySelector('[data-action="run"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice)).toEqual([]);
    expect(lastCardLines(gm)).toBe(
      "Run SW-24 Kara runs up to 40 m in a straight line, and has no Dex to Defense until the next turn.",
    );
    const shot = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(shot).toBeNull();
    expect(told(alice).at(-1)).toBe("warn: Kara has taken this round's action (SW-13).");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(10, 1, 1, 1);
    const thugShot = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(rowText(alice, thugShot!, "Kara")).toContain("Defense = 10");
    // Round 2: Kara's turn starts — her Dex is back on every client.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    expect(
      onEveryClient(table, () => G().game.combat.combatants.get(CMB.kara).system.running.active),
    ).toEqual(everyone(table, false));
    table.dice(10, 1, 1, 1);
    const later = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(rowText(alice, later!, "Kara")).toContain("Defense = 12");
    expect(table.unhandled).toEqual([]);
  });
});
