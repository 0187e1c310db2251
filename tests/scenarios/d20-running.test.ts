/**
 * Scenario (issue 14, SW-12 speed feeding the movement facts): in a d20 world, a target whose token moved more than
 * its double move this round is running (SW-12: "move up to twice your normal speed … if you run, up to four
 * times"), and a running defender loses its Dex bonus to Defense and gives −2 to ranged attacks against it (the
 * SW-29 conditions table, "defender running"). The movement is read from the token's movement history this round,
 * as Foundry v13 records it while the token's combatant is in a started combat (client/documents/token.mjs).
 *
 * Numbers: Kara has BAB +3, Dex 14 (+2); the blaster pistol's increment is 10 m and the Thug stands 38 m away (−6):
 * attack −1. The Thug: class +3, Dex 14 (+2), Medium, no armour: Defense 15, speed 10 m (SW-12), double move 20 m.
 * Running it loses the +2: Defense 13, and Kara's shot takes −2: −3.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cell,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster } from "./kit-d20.js";

const SCENE = id("sceneD20Run");
const KARA = id("actKaraRun");
const THUG = id("actThugRun");
const PISTOL = id("itmPistolRun");
const TOK = { kara: id("tokKaraRun"), thug: id("tokThugRun") };

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: [
    settingSource(id("setEngineRun"), "engine", "d20"),
    // The Star Frontiers phases of the round are not the d20 round (issue 15 builds d20 initiative).
    settingSource(id("setPhasesRun"), "enforcePhases", false),
  ],
  actors: [karaWithBlaster(KARA, PISTOL), d20Foe(THUG, "Thug", HEROIC_POOLS)],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing bay",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.thug,
          name: "Thug",
          actorId: THUG,
          actorLink: true,
          disposition: -1,
          ...cell(38, 5),
        }),
      ],
    }),
  ],
});

/** The GM starts a combat with both tokens; on his turn the Thug moves down `metres` and back up (2 × metres in all). */
async function thugMoves(metres: number) {
  const gm = table.client(GM_ID);
  // Starting the combat rolls each combatant's d20 initiative (SW-03): Kara 3 + 2 = 5, the Thug 6 + 2 = 8: the Thug
  // acts first, so his turn has started when he moves (not flat-footed, SW-01).
  table.dice(3, 6);
  await gm.run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { tokenId: TOK.kara, sceneId: SCENE, actorId: KARA },
      { tokenId: TOK.thug, sceneId: SCENE, actorId: THUG },
    ]);
    await combat.startCombat();
  });
  await table.settle();
  const token = () => G().game.scenes.get(SCENE).tokens.get(TOK.thug);
  await gm.run(() => token().update(cell(38, 5 + metres)));
  await table.settle();
  await gm.run(() => token().update(cell(38, 5)));
  await table.settle();
}

describe("scenario: a d20 shot at a running target (issue 14)", () => {
  it("SW-12 SW-29: the Thug moved 26 m this round (more than its double move of 20 m): it is running, Defense 15 → 13 and the shot −2: d20 15 − 3 = 12 misses Defense 13 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await thugMoves(13);
    const alice = table.client(ALICE_ID);
    table.dice(15, 4, 5, 6);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    expect(msg).not.toBeNull();
    for (const c of table.all) {
      const row = text(targetBlock(renderMessage(c, msg!), "Thug"));
      expect(row).toContain("d20 15 − 3 = 12 vs Defense 13 → Miss");
      expect(row).toContain("Defender runningSW-29−2");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-12: the Thug moved 20 m (its double move): not running, Defense 15 and the shot −1 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await thugMoves(10);
    const alice = table.client(ALICE_ID);
    table.dice(15, 4, 5, 6);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(msg).not.toBeNull();
    for (const c of table.all) {
      const row = text(targetBlock(renderMessage(c, msg!), "Thug"));
      expect(row).toContain("d20 15 − 1 = 14 vs Defense 15 → Miss");
      expect(row).not.toContain("running");
    }
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: a d20 card applied after the world switched engines (issue 14)", () => {
  it("SW-10: Alice's d20 hit (d20 16 − 1 = 15 vs Defense 15, 3d6 = 15) is applied by the GM after the world went back to Alpha Dawn: it still goes to vitality and wounds (VP 10 → 0, WP 14 → 9), never to Stamina, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(msg).not.toBeNull();
    const staminaBefore = gm.run(() => G().game.actors.get(THUG).system.stamina.value as number);
    await gm.run(() => G().game.settings.set("frontier-tactics", "engine", "alphaDawn"));
    await table.settle();
    const el = renderMessage(gm, msg!);
    gm.run(() => (targetBlock(el, "Thug").querySelector('[data-ft-action="apply"]') as HTMLElement).click());
    await table.settle();
    for (const c of table.all) {
      const seen = c.run(() => {
        const s = G().game.actors.get(THUG).system;
        return [s.d20.vitality.value, s.d20.wounds.value, s.stamina.value];
      });
      expect(seen).toEqual([0, 9, staminaBefore]);
    }
    // The GM's client migrated the world on load (info); nothing went wrong.
    expect(told(gm).filter((n: string) => !n.startsWith("info:"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
