/**
 * Scenario (issue 30, the unarmed-attack seam): the sheet's _Punch_ plays the world's game's own unarmed attack
 * (its table's `unarmed`). In an Alpha Dawn world it is the Star Frontiers bare-hand melee (RT-6, rules-tables §6)
 * as before: one d100 at or under the melee chance, punching damage by Strength. An SWN world has no unarmed attack
 * in play (seed 003 gives a Punch no damage; the Star Wars d20 strike is d20-unarmed.test.ts): Punch says so and
 * rolls nothing — never the d100 — writes nothing and spends nothing.
 *
 * Numbers: Kara STR 45, DEX 60 → melee base max(45, 60) ÷ 2 = 30 (rules-tables §6); punching damage at STR 45 is 3
 * (41–60: 3). The pirate stands 1 m from her.
 */
import { describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { rolled } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  alleyWorld,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  messageIds,
  onEveryClient,
  type settingSource,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";

const SCENE = id("sceneFist");
const KARA = id("actKara");
const PIRATE = id("actPirate");
const TOK_KARA = id("tokKara");
const TOK_NEAR = id("tokNear");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = (settings: ReturnType<typeof settingSource>[]) => ({
  settings,
  ...alleyWorld({ scene: SCENE, kara: KARA, pirate: PIRATE, tokKara: TOK_KARA, tokNear: TOK_NEAR }),
});

/**
 * Alice punches: on Kara's rendered sheet she shift-clicks Punch (no dialog) where the game has an unarmed attack;
 * where it has none the sheet draws no Punch (its table's `unarmed`), and she runs what the button runs from her
 * console (a macro's path). The table settles.
 */
async function punch(alice: Client, onSheet: boolean): Promise<void> {
  await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  const sheet = alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
  const button = sheet.querySelector<HTMLElement>('[data-action="punch"]');
  if (onSheet) {
    expect(button).not.toBeNull();
    alice.run(() => click(button!, { shiftKey: true }));
  } else {
    expect(button).toBeNull();
    await alice.run(async () => {
      const { meleeAttack } = await import("../../src/workflows/attack/melee.js");
      await meleeAttack(G().game.actors.get(KARA), null, { fast: true });
    });
  }
  await alice.run(() => settleApps());
  await table.settle();
}

describe("scenario: Punch plays the game's own unarmed attack (issue 30 seam; RT-6, SW-20)", () => {
  // Issue 31: a Star Wars d20 world's Punch is the SW-20 unarmed strike (d20-unarmed.test.ts); SWN's seed gives a
  // Punch no damage, so it still has none.
  for (const [label, settings] of [["SWN", swnSettings("Fist")]] as const)
    it(`SW-20: in a ${label} world the sheet has no Punch, and its workflow rolls no d100 (nor any die), writes nothing and tells Alice the game has no unarmed attack`, async () => {
      table = await createTable({ world: world([...settings]), online: [GM_ID, ALICE_ID] });
      const alice = table.client(ALICE_ID);
      alice.target(TOK_NEAR);
      table.dice(25);
      const writes = table.server.log.length;
      await punch(alice, false);
      expect(rolled.map((r) => r.formula)).toEqual([]);
      expect(messageIds(alice)).toEqual([]);
      expect(table.server.log.slice(writes)).toEqual([]);
      expect(told(alice)).toEqual([
        "warn: d20 + SWN additions has no unarmed attack in play (its source gives a Punch no damage): Punch rolled nothing and spent nothing. Attack with a melee weapon instead.",
      ]);
      expect(onEveryClient(table, () => G().game.actors.get(KARA).system.stamina.value)).toEqual({
        Alice: 50,
        Gamemaster: 50,
      });
      expect(table.unhandled).toEqual([]);
    });

  it("RT-6: in an Alpha Dawn world Punch is the Star Frontiers bare-hand melee as before — one d100 (25 ≤ 30 hits), 3 damage", async () => {
    table = await createTable({ world: world([]), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_NEAR);
    table.dice(25);
    await punch(alice, true);
    expect(rolled.map((r) => r.formula)).toEqual(["1d100"]);
    const ids = messageIds(alice);
    expect(ids).toHaveLength(1);
    const card = alice.run(() => G().game.messages.get(ids[0]).system.card);
    expect(card.bareHands).toBe(true);
    expect(card.result.shots[0].outcome).toMatchObject({ roll: 25, chance: 30, hit: true });
    expect(card.result.damage[0].damage).toBe(3);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
