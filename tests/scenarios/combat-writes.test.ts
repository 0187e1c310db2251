/**
 * Scenario: what `FrontierCombat` (side initiative on v13 CombatantGroups) writes, counted on a real table. The GM's
 * client runs the combat; the server's request log and the GM's `preUpdateCombat` hook show every write. Combatant
 * i has RS 30 + i (Initiative modifier ⌈RS/10⌉, SF-X-04) and disposition friendly / hostile / neutral by i mod 3;
 * friendly ones are Alice's player characters, the others the GM's creatures. The GM shows every side's roll ("hide
 * NPC initiative" off): what a sealed side writes instead is played in `trust-sides.test.ts`.
 */
import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  recordQueries,
  recordUpdates,
  requestsSince,
  settingSource,
  told,
} from "./kit.js";

const SCENE = id("sceneArena");
const DISPOSITIONS = [1, -1, 0] as const;
const actorId = (i: number) => id(`fighter${i}`);
const tokenId = (i: number) => id(`tokFighter${i}`);

let table: Table;
closeTableAfterEach(() => table);

/** `n` fighters (plus `extra` not yet in the combat), each with a linked token on the arena. */
function world(n: number, extra = 0) {
  const all = Array.from({ length: n + extra }, (_, i) => i);
  return {
    settings: [
      settingSource(id("setHideNpc"), "hideNpcInitiative", false),
      // One pass of the turn order per round, as in core: with phases enforced the turn walks the phases instead
      // (declare, moves, resolves, SF-X-01), and a player's end of the round by phase is tracker-phases.test.ts's.
      settingSource(id("setPhasesOff"), "enforcePhases", false),
    ],
    actors: all.map((i) => {
      const friendly = DISPOSITIONS[i % 3] === 1;
      return actorSource({
        _id: actorId(i),
        name: `C${i}`,
        type: friendly ? "character" : "creature",
        abilities: { rs: 30 + i },
        stamina: 40,
        owner: friendly ? ALICE_ID : null,
      });
    }),
    scenes: [
      {
        _id: SCENE,
        name: "Arena",
        active: true,
        grid: { size: 100, distance: 1, units: "m" },
        tokens: all.map((i) => ({
          _id: tokenId(i),
          name: `C${i}`,
          actorId: actorId(i),
          actorLink: true,
          disposition: DISPOSITIONS[i % 3],
          x: 1100 + 100 * (i % 20),
          y: 900 + 100 * Math.floor(i / 20),
        })),
      },
    ],
  };
}

/** The GM opens an encounter with fighters 0 … n−1 (their sides are made as they join). */
async function encounter(gm: Client, n: number): Promise<string> {
  const combatId = await gm.run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      Array.from({ length: n }, (_, i) => ({ tokenId: tokenId(i), sceneId: SCENE, actorId: actorId(i) })),
    );
    return combat.id as string;
  });
  await table.settle();
  return combatId;
}

/** Run on the GM's client, then let the table settle. */
async function asGM(fn: () => unknown): Promise<void> {
  await table.client(GM_ID).run(async () => {
    await fn();
  });
  await table.settle();
}

const combat = () => G().game.combat;
const turnIds = () => onEveryClient(table, () => combat().turns.map((t: { name: string }) => t.name));
const actingName = () => onEveryClient(table, () => combat().combatant?.name ?? null);
const round = () => onEveryClient(table, () => combat().round);
const sideId = (key: string) =>
  table
    .client(GM_ID)
    .run(() => combat().groups.find((g: { system: { key: string } }) => g.system.key === key).id);
const count = (from: number, action: string, type: string) =>
  table.server.log.slice(from).filter((r) => r.action === action && r.type === type);

/** Round 1 of three sides, at its last turn, whose combatant the GM has handed to Alice. */
async function aliceOnLastTurn() {
  table = await createTable({ world: world(3), online: [GM_ID, ALICE_ID] });
  const gm = table.client(GM_ID);
  const alice = table.client(ALICE_ID);
  await encounter(gm, 3);
  table.dice(3, 3, 3);
  await asGM(() => combat().startCombat());
  await asGM(() => combat().nextTurn());
  await asGM(() => combat().nextTurn());
  const last = alice.run(() => combat().combatant.actorId as string);
  await gm.run(() =>
    G()
      .game.actors.get(last)
      .update({ [`ownership.${ALICE_ID}`]: 3 }),
  );
  await table.settle();
  return { gm, alice };
}

describe("scenario: what FrontierCombat writes", () => {
  it("SF-X-04 SF-X-05 a combat of 40 makes 3 sides by disposition in one create, rolls them in one combat update and one chat batch, and orders turns by side", async () => {
    table = await createTable({ world: world(40), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const from = table.server.log.length;
    await encounter(gm, 40);
    table.dice(2, 9, 5); // friendly, hostile, neutral
    const started = table.server.log.length;
    await asGM(() => combat().startCombat());

    expect(count(from, "create", "CombatantGroup").map((r) => r.count)).toEqual([3]);
    expect(
      gm.run(() => combat().groups.contents.map((g: { system: { key: string } }) => g.system.key)),
    ).toEqual(["friendly", "hostile", "neutral"]);
    // Starting the combat, as the server logged it: 2 Combat writes by the GM (the sides' rolls in one, core's
    // round and turn in the other), and the 3 sides in one of them (perf review 2.3: read from the log, not a hook).
    const combatWrites = count(started, "update", "Combat");
    expect(combatWrites.map((r) => [r.userId, r.count])).toEqual([
      [GM_ID, 1],
      [GM_ID, 1],
    ]);
    const groupUpdates = combatWrites.flatMap((r) => r.updates ?? []).filter((u) => u.groups);
    expect(groupUpdates).toHaveLength(1);
    expect(groupUpdates[0]!.groups).toHaveLength(3);
    expect(count(from, "update", "CombatantGroup")).toEqual([]);
    expect(count(from, "create", "ChatMessage").map((r) => r.count)).toEqual([3]);
    // `npm run bench` (issue 34): these counts, from the server's own log, are its side-initiative write figures.
    const out = process.env.BENCH_WRITES;
    if (out) {
      const line = (name: string, value: number, budget: number) =>
        appendFileSync(
          out,
          `${JSON.stringify({ name, value, unit: "writes", budget, source: "harness log" })}\n`,
        );
      line("initiative.roll.3sides40.combatUpdates", combatWrites.length, 2);
      line("initiative.roll.3sides40.sideUpdates", groupUpdates.length, 1);
      line("initiative.roll.3sides40.sidesInBatch", (groupUpdates[0]!.groups as unknown[]).length, 3);
      line("initiative.roll.3sides40.groupWritesApart", count(from, "update", "CombatantGroup").length, 0);
      line("initiative.roll.3sides40.chatMessages", count(from, "create", "ChatMessage")[0]?.count ?? 0, 3);
    }
    // Friendly 2+7=9, hostile 9+7=16, neutral 5+7=12 (the best IM of each side: RS 69, 67, 68 → 7): friendly moves
    // first, hostile last — on every client.
    const ends = onEveryClient(table, () => {
      const turns = combat().turns;
      return [turns[0].group.name, turns.at(-1).group.name, turns[0].hasPlayerOwner];
    });
    // Player characters first within the friendly side.
    expect(ends).toEqual(everyone(table, ["Friendly side", "Hostile side", true]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-05 someone joining mid-fight joins a side and is not re-rolled", async () => {
    table = await createTable({ world: world(3, 2), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await encounter(gm, 3);
    table.dice(3, 3, 3);
    await asGM(() => combat().startCombat());
    const from = table.server.log.length;
    // Fighter 4 (hostile) joins; the GM asks for rolls again: the hostile side has this round's roll.
    await asGM(() =>
      combat().createEmbeddedDocuments("Combatant", [
        { tokenId: tokenId(4), sceneId: SCENE, actorId: actorId(4) },
      ]),
    );
    await asGM(() => combat().rollSides());
    expect(
      onEveryClient(
        table,
        () => combat().combatants.find((c: { name: string }) => c.name === "C4").group?.id,
      ),
    ).toEqual(everyone(table, sideId("hostile")));
    expect(count(from, "update", "Combat")).toEqual([]);
    expect(count(from, "update", "CombatantGroup")).toEqual([]);
    expect(count(from, "create", "ChatMessage")).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-04 the GM's next round re-rolls every side and advances in ONE update, from the new order's first turn", async () => {
    table = await createTable({ world: world(3), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await encounter(gm, 3);
    table.dice(1, 1, 1);
    await asGM(() => combat().startCombat());
    const from = table.server.log.length;
    const seen = gm.run(() => recordUpdates("Combat"));
    table.dice(10, 4, 6);
    await asGM(() => combat().nextRound());
    seen.stop();
    expect(round()).toEqual(everyone(table, 2));
    expect(count(from, "update", "Combat")).toHaveLength(1);
    expect(seen.updates).toHaveLength(1);
    const { changes, options } = seen.updates[0]!;
    expect(changes).toMatchObject({ round: 2, turn: 0, system: { phase: 0 } });
    expect(options).toMatchObject({ direction: 1 });
    expect(
      changes.groups.map((g: { system: { roll: number; rolledRound: number } }) => [
        g.system.roll,
        g.system.rolledRound,
      ]),
    ).toEqual([
      [10, 2],
      [4, 2],
      [6, 2],
    ]);
    expect(count(from, "create", "ChatMessage").map((r) => r.count)).toEqual([3]);
    // Re-sorted for round 2: hostile rolled 4 + 4 = 8, the lowest (friendly 10 + 3, neutral 6 + 4), moves first.
    expect(
      onEveryClient(table, () => [combat().turns[0].token.disposition, combat().combatant.token.disposition]),
    ).toEqual(everyone(table, [-1, -1]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-04 the GM's edit of a side mid-round re-sorts and keeps the turn with whoever is acting", async () => {
    table = await createTable({ world: world(3), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await encounter(gm, 3);
    table.dice(2, 5, 8); // friendly 2+3, hostile 5+4, neutral 8+4
    await asGM(() => combat().startCombat());
    expect(turnIds()).toEqual(everyone(table, ["C0", "C1", "C2"]));
    await asGM(() => combat().nextTurn()); // C1 (hostile) is acting
    expect(actingName()).toEqual(everyone(table, "C1"));
    const hostile = sideId("hostile");
    const combatId = gm.run(() => combat().id);
    const from = table.server.log.length;
    const seen = gm.run(() => recordUpdates("Combat"));
    await asGM(() => combat().editSide(hostile, 1, 0)); // hostile now moves first
    seen.stop();
    expect(turnIds()).toEqual(everyone(table, ["C1", "C0", "C2"]));
    expect(requestsSince(table, from)).toEqual(["update Combat by Gamemaster"]);
    // (The client backend adds the document's `type` to every update it sends.)
    expect(seen.updates.map(({ changes: { type: _type, ...data } }) => data)).toEqual([
      {
        _id: combatId,
        groups: [{ _id: hostile, initiative: 1, system: { roll: 1, modifier: 0, rolledRound: 1 } }],
        turn: 0,
      },
    ]);
    expect(seen.updates[0]!.options.turnEvents).toBe(false);
    expect(actingName()).toEqual(everyone(table, "C1"));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-04 a player ending the round's last turn asks the GM for the next round and writes nothing herself", async () => {
    table = await createTable({ world: world(3), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await encounter(gm, 3);
    table.dice(3, 3, 3);
    await asGM(() => combat().startCombat());

    // Too early (C0's turn, not the round's last): the GM refuses, nothing but the request and its answer (each
    // on Alice's own User: the GM knows who asks, helpers/gm-request.ts) is written.
    let from = table.server.log.length;
    await alice.run(() => combat().nextRound());
    await table.settle();
    expect(requestsSince(table, from)).toEqual(["update User by Alice", "update User by Gamemaster"]);
    expect(round()).toEqual(everyone(table, 1));
    expect(told(alice)).toEqual(["warn: The round is not at its last turn; nothing was changed."]);
    alice.notifications.log.length = 0;

    // On the last turn, a creature's (C1's or C2's: their sides tie, SF-X-05, and which comes last is the tie's),
    // she may not end the round: as in core, where a player changes the round only for a
    // combatant she owns (common/documents/combat.mjs `_canChangeRound`).
    await asGM(() => combat().nextTurn());
    await asGM(() => combat().nextTurn());
    const last = alice.run(() => {
      const c = combat().combatant;
      return { name: c.name as string, actorId: c.actorId as string, owned: !!c.isOwner };
    });
    expect(["C1", "C2"]).toContain(last.name);
    expect(last.owned).toBe(false);
    from = table.server.log.length;
    await alice.run(() => combat().nextRound());
    await table.settle();
    expect(requestsSince(table, from)).toEqual(["update User by Alice", "update User by Gamemaster"]);
    expect(told(alice)).toEqual([
      "warn: Only the GM or the owner of the combatant whose turn it is ends the round.",
    ]);
    alice.notifications.log.length = 0;

    // The GM hands her that creature: now her end of the round is the GM's re-roll and round 2; every write but the request
    // and its answer is the GM's.
    await gm.run(() =>
      G()
        .game.actors.get(last.actorId)
        .update({ [`ownership.${ALICE_ID}`]: 3 }),
    );
    await table.settle();
    from = table.server.log.length;
    // She double-clicks: two requests for round 1. The sides roll once (three dice scripted; a second roll would
    // fail on a die nobody scripted) and the combat is in round 2, not 3 (review 2, N1).
    table.dice(4, 4, 4);
    await alice.run(() => Promise.all([combat().nextRound(), combat().nextRound()]));
    await table.settle();
    expect(round()).toEqual(everyone(table, 2));
    const writes = requestsSince(table, from);
    expect(writes.filter((w) => w === "update User by Alice")).toHaveLength(2);
    expect(
      new Set(writes.filter((w) => !w.startsWith("update User")).map((r) => r.split(" by ")[1])),
    ).toEqual(new Set(["Gamemaster"]));
    expect(told(alice)).toEqual(["warn: The round is not at its last turn; nothing was changed."]);

    // The GM double-clicks Next Round in round 2: round 3, the sides rolled once more.
    table.dice(5, 5, 5);
    await gm.run(() => Promise.all([combat().nextRound(), combat().nextRound()]));
    await table.settle();
    expect(round()).toEqual(everyone(table, 3));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-04 review 3 S2: on her own last turn, Alice's script asks for the next round and writes round 2 itself at once: round 2, once", async () => {
    const { gm, alice } = await aliceOnLastTurn();
    // One re-roll is scripted: a second (or a put-back to round 1) fails the test.
    table.dice(4, 4, 4);
    await alice.run(() => Promise.all([combat().nextRound(), combat().update({ round: 2, turn: 0 })]));
    await table.settle();
    expect(round()).toEqual(everyone(table, 2));
    expect(onEveryClient(table, () => combat().turn)).toEqual(everyone(table, 0));
    expect(told(gm).filter((n) => n.includes("put back"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-04 review 4: on her own last turn Alice's script writes round 7 and round 9 back to back: both are put back to round 1", async () => {
    const { alice } = await aliceOnLastTurn();
    await alice.run(() => Promise.all([combat().update({ round: 7 }), combat().update({ round: 9 })]));
    await table.settle();
    // Judged against what the GM's writes left (round 1, its last turn), not against her own previous write.
    expect(round()).toEqual(everyone(table, 1));
    expect(onEveryClient(table, () => combat().turn)).toEqual(everyone(table, 2));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-04 a player's roll goes to the active GM as a query and writes nothing itself; a forged one rolls nothing", async () => {
    table = await createTable({ world: world(3), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const combatId = await encounter(gm, 3);
    const friendly = sideId("friendly");
    const asked = recordQueries(gm, "frontier-tactics.rollSide");
    const from = table.server.log.length;
    table.dice(7);
    await alice.run(() => combat().rollSides({ sideIds: [friendly] }));
    await table.settle();
    // The request names the combat and the sides, nothing else: a query handler is not told who sent it.
    expect(asked).toEqual([[{ combatId, sideIds: [friendly] }, { timeout: 10000 }]]);
    // The GM rolled Alice's side (d10 7 + C0's IM 3 = 10) and wrote it; Alice wrote nothing.
    expect(onEveryClient(table, () => combat().groups.get(friendly).initiative)).toEqual(everyone(table, 10));
    const writers = new Set(requestsSince(table, from).map((r) => r.split(" by ")[1]));
    expect([...writers]).toEqual(["Gamemaster"]);

    // Forged requests from Alice's console: the GM's id, a future round, the NPC side, her side again. None rolls.
    const hostile = sideId("hostile");
    const forged = await alice.run(() =>
      Promise.all([
        G().game.users.activeGM.query("frontier-tactics.rollSide", {
          combatId,
          sideIds: [hostile],
          userId: GM_ID,
          round: 50,
        }),
        G().game.users.activeGM.query("frontier-tactics.rollSide", {
          combatId,
          sideIds: [friendly],
          round: 51,
        }),
      ]),
    );
    await table.settle();
    expect(forged).toEqual([false, false]);
    expect(onEveryClient(table, () => combat().groups.get(friendly).initiative)).toEqual(everyone(table, 10));
    expect(onEveryClient(table, () => combat().groups.get(hostile).system.roll)).toEqual(
      everyone(table, null),
    );
    // A malformed request is refused with a reason, not obeyed.
    await expect(
      alice.run(() =>
        G().game.users.activeGM.query("frontier-tactics.rollSide", { combatId, sideIds: "all" }),
      ),
    ).rejects.toThrow("That side roll request is not one this system sends.");
    expect(table.unhandled).toEqual([]);
  });
});
