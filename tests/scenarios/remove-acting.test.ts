/**
 * Scenario (issue 27, review foundry-v13-combat-data-2 §3.3): the GM removes the acting combatant when it is the last
 * in Foundry's turn order. v13's `Combatant._preDeleteOperation` (client/documents/combatant.mjs) compares with
 * `this.turn` inside a static method, so it hands the turn to no one; every client's `setupTurns` then wraps the old
 * index to turn 0 of the NEXT round, locally, while the stored round stays. The safe outcome: every client shows the
 * round and the acting combatant the server stores, the round does not end by itself, and (phases enforced) the
 * phase follows the turn (SF-X-01).
 *
 * Encounter (kit-phases.ts): Eusyl (Alice's) against Vask and Orr; d10s 9 and 2: turn order Vask, Orr, Eusyl.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { closeTableAfterEach, everyone, G, GM_ID, onEveryClient, openEncounter } from "./kit.js";
import { phasesWorld, SCENE, TOK } from "./kit-phases.js";

let table: Table;
closeTableAfterEach(() => table);

async function begin(enforce: boolean) {
  const { world, tokens } = phasesWorld({ settings: [["enforcePhases", enforce]] });
  table = await createTable({ world });
  const gm = table.client(GM_ID);
  await openEncounter(table, gm, SCENE, tokens);
  table.dice(9, 2);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  return gm;
}
const shown = () =>
  onEveryClient(
    table,
    () => `${G().game.combat.round}.${G().game.combat.phaseIndex}:${G().game.combat.combatant?.name ?? "-"}`,
  );
const stored = () => {
  const c = table.server.world.combats[0]!;
  return { round: c.round, turn: c.turn };
};

describe("scenario: the GM removes the acting combatant, the last in the turn order (review §3.3)", () => {
  it("SF-B-04: phases not enforced — Eusyl acts (turn 3 of 3) and the GM removes her: every client stays in round 1 with Orr, as stored; Next turn then starts round 2", async () => {
    const gm = await begin(false);
    // Vask walks 3 m on his turn (his movement this round, kept for the round).
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.vask)
        .update({ x: G().game.scenes.get(SCENE).tokens.get(TOK.vask).x + 300 }),
    );
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(shown()).toEqual(everyone(table, "1.0:Eusyl"));
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: { tokenId: string }) => c.tokenId === TOK.eusyl)
        .delete(),
    );
    await table.settle();
    expect(stored()).toEqual({ round: 1, turn: 1 });
    expect(shown()).toEqual(everyone(table, "1.0:Orr"));
    // No round started: Vask's movement of this round is still there.
    expect(
      onEveryClient(table, () => G().game.scenes.get(SCENE).tokens.get(TOK.vask).movementHistory.length),
    ).toEqual(everyone(table, 2));
    // The GM's Next turn ends the round: round 2 (the pirates' side re-rolls alone: 4).
    table.dice(4);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(shown()).toEqual(everyone(table, "2.0:Vask"));
    expect(stored()).toEqual({ round: 2, turn: 0 });
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01: phases enforced — Eusyl declares (the last of the order) and the GM removes her: every client stays in round 1, as stored, and the round goes on to the pirates' move from Vask", async () => {
    const gm = await begin(true);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(shown()).toEqual(everyone(table, "1.0:Eusyl"));
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: { tokenId: string }) => c.tokenId === TOK.eusyl)
        .delete(),
    );
    await table.settle();
    expect(stored().round).toBe(1);
    const rounds = onEveryClient(table, () => G().game.combat.round);
    expect(rounds).toEqual(everyone(table, 1));
    const acting = onEveryClient(table, () => G().game.combat.combatant?.name ?? "-");
    const storedName = gm.run(() => G().game.combat.turns[stored().turn ?? -1]?.name ?? "-");
    expect(acting).toEqual(everyone(table, storedName));
    // The declarations are over (the pirates declared): the round goes on to their move, from Vask.
    expect(shown()).toEqual(everyone(table, "1.1:Vask"));
    expect(stored()).toEqual({ round: 1, turn: 0 });
    expect(table.unhandled).toEqual([]);
  });
});
