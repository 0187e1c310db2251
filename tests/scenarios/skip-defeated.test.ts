/**
 * Scenario (issue 27, review foundry-v13-combat-data-2 "Where the harness differs" 1–2): the GM's combat tracker
 * setting "Skip Defeated" (core's `core.combatTrackerConfig`, read by v13's `Combat#settings`) passes over a defeated
 * combatant's turn — in a d20 combat by count (SW-03) and in a Star Frontiers combat by sides and phases (SF-X-01,
 * SF-B-04) — on every client, including when a player ends the round's last living turn. The system's own branches
 * that read the setting (`#passedOver`, `#endsRoundNow`, `firstTurn`, the phase input) run here for the first time.
 *
 * d20: Guard 18, Kara (Alice's) 14, Thug 9 — the Thug is defeated. Star Frontiers: Eusyl (Alice's, IM 6) against
 * Vask and Orr (the GM's, IM 3); d10s 9 and 2: the pirates are side B and move first; turn order Vask, Orr, Eusyl.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  cell,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  openEncounter,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster, startByCount } from "./kit-d20.js";
import { phasesWorld, SCENE as SF_SCENE, TOK as SF_TOK } from "./kit-phases.js";

let table: Table;
closeTableAfterEach(() => table);

/** The world setting core's tracker configuration writes, with "Skip Defeated" on. */
const skipDefeated = () => ({
  _id: id("setSkipDefeated"),
  key: "core.combatTrackerConfig",
  value: JSON.stringify({ resource: "", skipDefeated: true }),
});

const where = () =>
  onEveryClient(table, () => `${G().game.combat.round}:${G().game.combat.combatant?.name ?? "-"}`);

describe("scenario: Skip Defeated in a d20 combat by count (SW-03)", () => {
  const SCENE = id("sceneSkipD20");
  const KARA = id("actKaraSkip");
  const THUG = id("actThugSkip");
  const GUARD = id("actGuardSkip");
  const TOK = { kara: id("tokKaraSkip"), thug: id("tokThugSkip"), guard: id("tokGuardSkip") };

  async function begin(): Promise<void> {
    table = await createTable({
      world: {
        settings: [settingSource(id("setEngineSkip"), "engine", "d20"), skipDefeated()],
        actors: [
          karaWithBlaster(KARA, id("itmPistolSkip")),
          d20Foe(THUG, "Thug", HEROIC_POOLS),
          d20Foe(GUARD, "Guard", HEROIC_POOLS),
        ],
        scenes: [
          sceneSource({
            _id: SCENE,
            name: "Hangar",
            tokens: [
              tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
              tokenSource({ _id: TOK.thug, name: "Thug", actorId: THUG, actorLink: true, ...cell(9, 5) }),
              tokenSource({ _id: TOK.guard, name: "Guard", actorId: GUARD, actorLink: true, ...cell(9, 8) }),
            ],
          }),
        ],
      },
      online: [GM_ID, ALICE_ID],
    });
    await startByCount(
      table,
      SCENE,
      [
        { tokenId: TOK.kara, actorId: KARA },
        { tokenId: TOK.thug, actorId: THUG },
        { tokenId: TOK.guard, actorId: GUARD },
      ],
      (name) => ({ Guard: 18, Kara: 14, Thug: 9 })[name] ?? 0,
    );
    const gm = table.client(GM_ID);
    // The GM marks the Thug defeated (the tracker's "Mark defeated").
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: { name: string }) => c.name === "Thug")
        .update({ defeated: true }),
    );
    await table.settle();
  }

  it("SW-03: with the Thug defeated, Alice's End turn on Kara (the last living) starts round 2 at the Guard; the Thug never acts; world time moves on by one 6 s round", async () => {
    await begin();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    expect(where()).toEqual(everyone(table, "1:Guard"));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "1:Kara"));
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(told(alice)).toEqual([]);
    expect(where()).toEqual(everyone(table, "2:Guard"));
    expect(table.server.world.combats[0]?.round).toBe(2);
    expect(table.server.world.combats[0]?.turn).toBe(0);
    expect(onEveryClient(table, () => G().game.time.worldTime)).toEqual(everyone(table, 6));
    // Round 2: Guard → Kara → (the Thug is passed over) round 3.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "3:Guard"));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: Skip Defeated in a Star Frontiers combat by sides (SF-X-01, SF-B-04)", () => {
  async function begin(enforce: boolean): Promise<void> {
    const { world, tokens } = phasesWorld({ settings: [["enforcePhases", enforce]] });
    world.settings.push(skipDefeated());
    table = await createTable({ world, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openEncounter(table, gm, SF_SCENE, tokens);
    // Vask is already down when the fight begins (the GM marks him defeated).
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: { tokenId: string }) => c.tokenId === SF_TOK.vask)
        .update({ defeated: true }),
    );
    table.dice(9, 2);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
  }

  it("SF-B-04: phases not enforced — Alice ends Eusyl's turn, the last of round 1; round 2 (sides re-rolled) starts at Orr, not the defeated Vask", async () => {
    await begin(false);
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    expect(where()).toEqual(everyone(table, "1:Vask"));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "1:Orr"));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "1:Eusyl"));
    // Round 2's side rolls: the pirates win again (8 + 3 against 1 + 6), so they act first — from Orr.
    table.dice(8, 1);
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(told(alice)).toEqual([]);
    expect(where()).toEqual(everyone(table, "2:Orr"));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01: phases enforced — Next turn walks Declare, B's move, A's move, A's resolve, B's resolve with Orr for the pirates and never comes back to the defeated Vask; after Orr's resolve, round 2 starts at Orr's declaration", async () => {
    await begin(true);
    const gm = table.client(GM_ID);
    const step = () =>
      gm.run(
        () =>
          `${G().game.combat.round}.${G().game.combat.phaseIndex}:${G().game.combat.combatant?.name ?? "-"}`,
      );
    // Round 1 begins on turn 0 as core's startCombat writes it (v13 client/documents/combat.mjs does not skip the
    // defeated there): Vask's declaration; from then on he is passed over.
    const seen = [step()];
    for (let i = 0; i < 7; i++) {
      if (i === 6) table.dice(8, 1);
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
      seen.push(step());
    }
    expect(seen).toEqual([
      "1.0:Vask",
      "1.0:Orr",
      "1.0:Eusyl",
      "1.1:Orr",
      "1.2:Eusyl",
      "1.3:Eusyl",
      "1.4:Orr",
      "2.0:Orr",
    ]);
    expect(where()).toEqual(everyone(table, "2:Orr"));
    expect(table.unhandled).toEqual([]);
  });
});
