/**
 * Scenario (issue 33, table-ux-2 §4): the combatant context menu offers a d20 row's actions in words — the same
 * actions its icon buttons offer this user, no more — and choosing one plays it as the button does.
 * - SW-34: the GM right-clicks the acting Guard (18): Run, Disengage, Delay, Ready, Total defense (SW-17), then
 *   core's entries; "Delay" ends his turn (Kara, 14, acts); his menu then offers "Act now, after the current
 *   combatant", which puts him after Kara.
 * - Alice's menu on her own acting Kara lists her actions; on the Thug's row it lists none (no button is hers).
 * - SW-01: a row's "FF" is now the words "Flat-footed" with its rule.
 * - SF-X-10: Star Frontiers' "Dodging this round" is no entry in a d20 menu (review-ux 2.3; the SF menu keeps it:
 *   dodging.test.ts).
 */
import { describe, expect, it } from "vitest";
import { chooseContextOption, contextOptions } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster } from "./kit-d20.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneMenu");
const KARA = id("actKaraMenu");
const THUG = id("actThugMenu");
const GUARD = id("actGuardMenu");
const PISTOL = id("itmPistolMenu");
const TOK = { kara: id("tokKaraMenu"), thug: id("tokThugMenu"), guard: id("tokGuardMenu") };

let table: Table;
closeTableAfterEach(() => table);

const foe = (_id: string, name: string, actorId: string, col: number) =>
  tokenSource({ _id, name, actorId, actorLink: true, disposition: -1, ...cell(col, 5) });

async function encounter(): Promise<void> {
  table = await createTable({
    online: [GM_ID, ALICE_ID],
    world: {
      settings: [settingSource(id("setEngineMenu"), "engine", "d20")],
      actors: [
        karaWithBlaster(KARA, PISTOL),
        d20Foe(THUG, "Thug", { ...HEROIC_POOLS, abilities: { dex: 12 } }),
        d20Foe(GUARD, "Guard", HEROIC_POOLS),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Hangar",
          tokens: [
            tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
            foe(TOK.thug, "Thug", THUG, 10),
            foe(TOK.guard, "Guard", GUARD, 12),
          ],
        }),
      ],
    },
  });
  const gm = table.client(GM_ID);
  await gm.run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { tokenId: TOK.kara, sceneId: SCENE, actorId: KARA },
      { tokenId: TOK.thug, sceneId: SCENE, actorId: THUG },
      { tokenId: TOK.guard, sceneId: SCENE, actorId: GUARD },
    ]);
  });
  await table.settle();
  // Kara 12 + 2 = 14, the Thug 8 + 1 = 9, the Guard 16 + 2 = 18.
  table.dice(12, 8, 16);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
}

/** The row's own actions in the menu (core's and the GM's side entries left out). */
const ROW_KEYS = /^FT\.(D20|Phases|SWN)\./;
const CORE = [
  "COMBAT.CombatantUpdate",
  "COMBAT.CombatantClear",
  "COMBAT.CombatantReroll",
  "COMBAT.CombatantRemove",
];

describe("scenario: the combatant context menu names the row's actions (issue 33)", () => {
  it("SW-34 SW-17 SF-X-10: the GM's menu on the acting Guard lists Run, Disengage, Delay, Ready and Total defense (no Star Frontiers dodge); Delay plays, then 'Act now' puts him after Kara", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    expect(currentTurn(gm)).toBe("Guard");
    const menu = async (name: string) => {
      const el = await tracker(gm);
      return gm.run(() => contextOptions(row(el, name)));
    };
    expect(await menu("Guard")).toEqual([
      "FT.D20.Move.run",
      "FT.D20.Move.disengage",
      "FT.D20.Initiative.delay",
      "FT.D20.Initiative.ready",
      "FT.D20.TotalDefense.take",
      ...CORE,
      // The GM's "Move to side…"; Star Frontiers' "Dodging this round" (SF-X-10) is not a d20 entry (review-ux 2.3).
      "FT.Side.moveTo",
    ]);
    // Not his turn: the Thug's row offers no action, only core's entries.
    expect((await menu("Thug")).filter((k) => ROW_KEYS.test(k))).toEqual([]);
    // The GM chooses "Delay" for the Guard: his turn ends, Kara's begins (SW-34).
    const el = await tracker(gm);
    gm.run(() => chooseContextOption(row(el, "Guard"), "FT.D20.Initiative.delay"));
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.combatant?.name)).toEqual(everyone(table, "Kara"));
    expect((await menu("Guard")).filter((k) => ROW_KEYS.test(k))).toEqual(["FT.D20.Initiative.delayingAct"]);
    const after = await tracker(gm);
    gm.run(() => chooseContextOption(row(after, "Guard"), "FT.D20.Initiative.delayingAct"));
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.turns.map((t: { name: string }) => t.name))).toEqual(
      everyone(table, ["Kara", "Guard", "Thug"]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-34: Alice's menu on her acting Kara lists her actions in words; on the Thug's row, none; SW-01 reads 'Flat-footed'", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const guard = await tracker(gm);
    gm.run(() => chooseContextOption(row(guard, "Guard"), "FT.D20.Initiative.delay"));
    await table.settle();
    expect(currentTurn(alice)).toBe("Kara");
    const el = await tracker(alice);
    expect(alice.run(() => contextOptions(row(el, "Kara")))).toEqual([
      "FT.D20.Move.run",
      "FT.D20.Move.disengage",
      "FT.D20.Initiative.delay",
      "FT.D20.Initiative.ready",
      "FT.D20.TotalDefense.take",
    ]);
    expect(alice.run(() => contextOptions(row(el, "Thug")))).toEqual([]);
    // SW-01: the Thug has not acted yet: his row says so in words, its tooltip the rule's.
    const badge = row(el, "Thug").querySelector<HTMLElement>(".ft-badge-ff");
    expect(text(badge)).toBe("Flat-footed SW-01");
    expect(badge?.dataset.tooltip).toBe("FT.D20.Initiative.flatFooted");
    expect(table.unhandled).toEqual([]);
  });
});
