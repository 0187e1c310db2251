/**
 * Scenario (issue 31, review d20rules #7 and #9): what the attack dialog tells of the target.
 * - SW-44 "Pulling a Blow": "The attacker can choose to deal only vitality damage or deal damage normally, but only
 *   deal half damage." An ordinary character has no vitality (SW-18), so "only vitality damage" deals it nothing:
 *   against an ordinary target the half-damage box starts ticked, still the attacker's to untick.
 * - SW-32: a defender's concealment is the scene's (its regions, its soft walls); a `concealed` status on the
 *   defender's token gives no miss chance, and the dialog says so.
 *
 * Kara (Alice's: BAB +11, Str 14, a lightsaber 2d8) beside the ordinary Trooper (VP 0, WP 12) and the heroic Thug.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
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
  rowText,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Notes");
const KARA = id("actKaraNotes");
const TROOPER = id("actTrooperNotes");
const THUG = id("actThugNotes");
const SABER = id("itmSaberNotes");
const TOK = { kara: id("tokKaraNotes"), trooper: id("tokTrooperNotes"), thug: id("tokThugNotes") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource(id("setEngineNotes"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
      system: { d20: { bab: 11, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(TROOPER, "Trooper", {
      heroic: false,
      vitality: { value: 0, max: 0 },
      wounds: { value: 12, max: 12 },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Corridor",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        foeToken(TOK.trooper, "Trooper", TROOPER, cell(6, 5)),
        foeToken(TOK.thug, "Thug", THUG, cell(4, 5)),
      ],
    }),
  ],
});

const atTrooper = attackDialogKit(() => table, { actor: KARA, target: TOK.trooper });
const atThug = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** Whether the dialog's half-damage box is ticked, as Alice sees it. */
const halfTicked = (alice: Client) => !!atTrooper.field(alice, "assist.pulledHalf").checked;

/** The dialog's note beside its warning, as Alice reads it ("" when there is none). */
const note = (alice: Client) =>
  alice.run(() => text(atTrooper.attackDialog(alice).element.querySelector("fieldset.ft-assist .ft-hint")));

describe("scenario: what the d20 attack dialog says of the target (issue 31)", () => {
  it("SW-44 SW-18: Kara pulls a blow on the ordinary Trooper — the half-damage box comes ticked (vitality only would deal him nothing): d20 10 + 9 = 19 hits, ½ × (2d8 [6, 6] + 2) = 7; the GM's Apply takes WP 12 → 5 on every client. At the heroic Thug the box starts unticked", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await atThug.aliceOpensAttack(alice, SABER);
    await atThug.set(alice, "assist.pullingBlow", true);
    expect(halfTicked(alice)).toBe(false);
    await atThug.cancel(alice);
    await atTrooper.aliceOpensAttack(alice, SABER);
    expect(halfTicked(alice)).toBe(true);
    await atTrooper.set(alice, "assist.pullingBlow", true);
    expect(halfTicked(alice)).toBe(true);
    const msg = await atTrooper.aliceRolls(alice, 10, 6, 6);
    for (const c of table.all) {
      const r = rowText(c, msg, "Trooper");
      expect(r).toContain("d20 10 + 9 = 19 vs Defense 15 → Hit");
      expect(r).toContain("½ × (2d8 [6, 6] + 2) = 7 dmg");
    }
    clickCard(table.client(GM_ID), msg, "apply", "Trooper");
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(TROOPER).system.d20.wounds.value)).toEqual(
      everyone(table, 5),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: the GM marks the Trooper Concealed from his token — Alice's dialog says the status gives no miss chance (concealment comes from the scene's regions and soft walls); without it, no note", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await atTrooper.aliceOpensAttack(alice, SABER);
    expect(note(alice)).toBe("");
    await atTrooper.cancel(alice);
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(TROOPER).toggleStatusEffect("concealed", { active: true }));
    await table.settle();
    await atTrooper.aliceOpensAttack(alice, SABER);
    expect(note(alice)).toBe(
      "Trooper: a Concealed status on a target gives no miss chance — a defender's concealment (SW-32) comes from the scene's regions and soft walls; the GM sets it there.",
    );
    expect(table.unhandled).toEqual([]);
  });
});
