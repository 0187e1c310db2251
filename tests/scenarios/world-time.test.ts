/**
 * Scenario (issue 27, review foundry-v13-combat-data-2 "Where the harness differs" 2): world time moves on with the
 * combat — v13's turn and round writes carry `worldTime: {delta}` and every client's `updateWorldTime` fires — and a
 * timed status set outside any combat, which runs by world time (src/workflows/damage/timed-status.ts `hasRunOut`), ends
 * when the rounds of a later fight have used up its seconds (SF-X-01: a round is one 6-second turn; SF-B-04).
 *
 * Encounter (kit-phases.ts): Eusyl (Alice's) against the pirates Vask and Orr; side d10s 9 and 2 each round.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { closeTableAfterEach, everyone, G, GM_ID, onEveryClient } from "./kit.js";
import { beginEncounter, EUSYL, phasesWorld } from "./kit-phases.js";

let table: Table;
closeTableAfterEach(() => table);

describe("scenario: a timed status runs out by the world time a combat's rounds add", () => {
  it("SF-X-01 SF-B-04: Eusyl is stunned for 2 turns (12 s) before the fight; round 2 brings world time to 6 s (still stunned), round 3 to 12 s and the stun ends on every client", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    // Before any combat: a stun of 2 turns, which runs by world time (no combat to count its rounds in).
    await gm.run(async () => {
      const { turnOnFor } = await import("../../src/workflows/damage/timed-status.js");
      await turnOnFor(G().game.actors.get(EUSYL), "stun", 2, true);
    });
    await table.settle();
    const stunned = () => onEveryClient(table, () => G().game.actors.get(EUSYL).statuses.has("stun"));
    const now = () => onEveryClient(table, () => G().game.time.worldTime);
    expect(stunned()).toEqual(everyone(table, true));

    await beginEncounter(table, gm, tokens);
    expect(now()).toEqual(everyone(table, 0));
    table.dice(9, 2);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    expect(now()).toEqual(everyone(table, 6));
    expect(stunned()).toEqual(everyone(table, true));

    table.dice(9, 2);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    expect(now()).toEqual(everyone(table, 12));
    expect(stunned()).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });
});
