/**
 * Scenario (issue 14, SW-10, SW-11, SW-18): what a d20 hit leaves on the target, as every client then sees it — the
 * status effects of its wound state (fatigued after wound damage, disabled at 0, dying below, dead at −10) and the
 * round's wound log — and what the GM's Undo puts back: vitality, wounds, the statuses the apply turned on and the
 * wound points the hit added to the round's log.
 *
 * Numbers: Kara has BAB +3 and Dex 14 (+2); the blaster pistol's increment is 10 m, the targets stand 38 m away
 * (3 increments: −6): attack −1. Each target: class +3, Dex 14, Medium: Defense 15. The GM entered 3d6 damage.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";
import { d20Foe, karaWithBlaster } from "./kit-d20.js";

const SCENE = id("sceneD20Wound");
const KARA = id("actKaraWound");
const FOE = id("actFoeWound");
const PISTOL = id("itmPistolWound");
const COMBAT = id("combatWound");
const TOK = { kara: id("tokKaraWound"), foe: id("tokFoeWound") };

let table: Table;
closeTableAfterEach(() => table);

const world = (foe: Record<string, unknown>) => ({
  settings: [settingSource(id("setEngineWound"), "engine", "d20")],
  actors: [karaWithBlaster(KARA, PISTOL), d20Foe(FOE, "Guard", foe)],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Gate",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.foe,
          name: "Guard",
          actorId: FOE,
          actorLink: true,
          disposition: -1,
          ...cell(38, 5),
        }),
      ],
    }),
  ],
  // Round 2 of an encounter the guard is in: the wound log counts in it.
  combats: [
    {
      _id: COMBAT,
      scene: SCENE,
      active: true,
      round: 2,
      turn: 0,
      combatants: [{ _id: id("cmbFoeWound"), tokenId: TOK.foe, sceneId: SCENE, actorId: FOE }],
    },
  ],
});

const guard = () =>
  onEveryClient(table, () => {
    const a = G().game.actors.get(FOE);
    const d = a.system.d20;
    return {
      vp: d.vitality.value,
      wp: d.wounds.value,
      lost: d.woundLog.lost,
      statuses: [...a.statuses].sort(),
    };
  });

describe("scenario: a d20 hit's wound state, and its undo (issue 14)", () => {
  it("SW-18 SW-10: a confirmed critical on an ordinary guard (WP 12, no vitality) drops it to −1: dying, knocked out and fatigued on every client; the round's wound log holds the 13 lost", async () => {
    table = await createTable({
      world: world({ heroic: false, vitality: { value: 0, max: 0 }, wounds: { value: 12, max: 12 } }),
      online: [GM_ID, ALICE_ID],
    });
    // A natural 20 threatens, the damage dice, the confirmation 17 − 1 = 16 vs 15 confirms.
    table.dice(20, 4, 5, 6, 17);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.foe]);
    clickCard(table.client(GM_ID), msg!, "apply", "Guard");
    await table.settle();
    expect(guard()).toEqual(
      everyone(table, { vp: 0, wp: -1, lost: 13, statuses: ["dying", "fatigued", "unconscious"] }),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-11: a 15-point hit on a heroic guard (VP 10, WP 14) takes VP 10 → 0 and WP 14 → 9 (fatigued); the GM's Undo puts back VP 10, WP 14, no fatigue and a wound log of 0 on every client", async () => {
    table = await createTable({
      world: world({ heroic: true, vitality: { value: 10, max: 10 }, wounds: { value: 14, max: 14 } }),
      online: [GM_ID, ALICE_ID],
    });
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.foe]);
    const gm = table.client(GM_ID);
    clickCard(gm, msg!, "apply", "Guard");
    await table.settle();
    expect(guard()).toEqual(everyone(table, { vp: 0, wp: 9, lost: 5, statuses: ["fatigued"] }));
    clickCard(gm, msg!, "undo", "Guard");
    await table.settle();
    expect(guard()).toEqual(everyone(table, { vp: 10, wp: 14, lost: 0, statuses: [] }));
    expect(table.unhandled).toEqual([]);
  });
});
