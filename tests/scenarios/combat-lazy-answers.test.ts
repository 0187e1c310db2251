/**
 * Scenario (issue 33, review-lazy 2, review-trust 2.2): the active GM's answers to a player's turn or round write
 * and the GM's Next Round come in lazy chunks (documents/combat/chunk.ts). The harness has every source module
 * loaded, so a bare `import()` is never slow there; here each fetch goes through the seam `fetchCombatChunksWith`,
 * held back until the test finishes the downloads (a network fetch that takes time from its start), or refused
 * (the system updated on disk while the GM's tab was open). T2-1A: a player's console write of the turn that is not
 * their own end of turn is put back by the active GM (trust-turns.test.ts plays it with the chunks loaded).
 *
 * - The GM's page starts fetching the answers' chunks at `ready` (v13 client/game.mjs calls the `ready` hook once
 *   the page is set up); a player's page does not. A race on the first use then waits on no download.
 * - Next Round reads the round and turn it ends when the GM clicks, before its chunk loads: a player's illegal write
 *   landing during the load is put back, and the round still advances.
 * - A put-back whose chunk fails to load still puts the write back (the round and turn the GM's last write left),
 *   and the GM is told.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type ChunkFetch, fetchCombatChunksWith } from "../../src/documents/combat/chunk.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, everyone, G, GM_ID, id, onEveryClient, told } from "./kit.js";
import { d20Hangar } from "./kit-d20.js";

const SCENE = id("sceneLazyAnswers");
const KARA = id("actKaraLA");
const THUG = id("actThugLA");
const GUARD = id("actGuardLA");
const PISTOL = id("itmPistolLA");
const TOK = { kara: id("tokKaraLA"), thug: id("tokThugLA"), guard: id("tokGuardLA") };

let table: Table;
closeTableAfterEach(() => table);
afterEach(() => fetchCombatChunksWith());

const world = () =>
  d20Hangar({
    setting: id("setEngineLA"),
    scene: SCENE,
    kara: KARA,
    pistol: PISTOL,
    thug: THUG,
    guard: GUARD,
    tok: TOK,
  });

/** Fetches held until `finish()`: each as [the page's user, chunk]; `waiting()` those not yet finished. */
function heldDownloads() {
  const fetched: [string, string][] = [];
  const queue: (() => void)[] = [];
  const fetch: ChunkFetch = (key, load) => {
    fetched.push([G().game.user.id as string, key]);
    return new Promise((resolve, reject) => queue.push(() => void load().then(resolve, reject)));
  };
  return {
    fetch,
    fetched,
    waiting: () => queue.length,
    finish: () => {
      for (const f of queue.splice(0)) f();
    },
  };
}

/** The GM opens the d20 combat (Kara, the Thug, the Guard) and starts it: Guard 18, Kara 14, Thug 9 (SW-03). */
async function startedCombat(gm: Client, pump: () => void = () => undefined): Promise<void> {
  const until = async (p: Promise<unknown>) => {
    let done = false;
    void p.finally(() => {
      done = true;
    });
    while (!done) {
      pump();
      await table.settle();
    }
    await p;
  };
  await until(
    gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOK.kara, sceneId: SCENE, actorId: KARA },
        { tokenId: TOK.thug, sceneId: SCENE, actorId: THUG },
        { tokenId: TOK.guard, sceneId: SCENE, actorId: GUARD },
      ]);
    }),
  );
  // Kara 12 + 2 = 14, the Thug 8 + 1 = 9, the Guard 16 + 2 = 18.
  table.dice(12, 8, 16);
  await until(gm.run(() => G().game.combat.startCombat()));
  await table.settle();
}

const state = () =>
  onEveryClient(table, () => {
    const c = G().game.combat;
    return [c.round, c.turn, c.combatant?.name ?? null];
  });

const PUT_BACK_TURN =
  "warn: Only the GM moves the round and turn, except the owner of the acting combatant ending its turn: the GM's client put your change back.";

describe("scenario: the GM's answers to a player's turn write come in lazy chunks (issue 33)", () => {
  it("T2-1A SW-03 (issue 33, review-lazy 2): the GM's page fetches the answers' chunks at ready, Alice's does not; on the Guard's turn the GM clicks Next Round as Alice's console jumps to the Thug's turn: nothing waits on a download — Alice's write is put back and round 2 starts with the Guard", async () => {
    const net = heldDownloads();
    fetchCombatChunksWith(net.fetch);
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await table.settle();
    // At ready: the GM's page asks for the answers' chunks; Alice's page asks for none.
    expect(net.fetched.filter(([page]) => page !== GM_ID)).toEqual([]);
    expect(net.fetched.map(([, key]) => key).sort()).toEqual([
      "./phase-moves.js",
      "./rounds.js",
      "./side-rolls-writes.js",
      "./sides-writes.js",
      "./turn-answers.js",
    ]);
    net.finish();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm, net.finish);
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));

    // The race, with no download finished from here on.
    const click = gm.run(() => G().game.combat.nextRound());
    await alice.run(() => G().game.combat.update({ turn: 2 }));
    await table.settle();
    const waited = net.waiting();
    net.finish();
    await click;
    await table.settle();
    expect(waited).toBe(0);
    expect(state()).toEqual(everyone(table, [2, 0, "Guard"]));
    expect(told(alice)).toEqual([PUT_BACK_TURN]);
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1A SW-03 (issue 33, review-lazy 2): the GM clicks Next Round on the Guard's turn while its chunk downloads, and Alice's console jumps to the Thug's turn before it arrives: her write is put back and the GM's Next Round still starts round 2 with the Guard", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm);
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    // From here every chunk is fetched anew, each held until the test finishes the downloads.
    const net = heldDownloads();
    fetchCombatChunksWith(net.fetch);

    const click = gm.run(() => G().game.combat.nextRound());
    await alice.run(() => G().game.combat.update({ turn: 2 }));
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 2, "Thug"]));
    for (let i = 0; i < 5; i++) {
      net.finish();
      await table.settle();
    }
    await click;
    expect(state()).toEqual(everyone(table, [2, 0, "Guard"]));
    expect(told(alice)).toEqual([PUT_BACK_TURN]);
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1A SW-03 (issue 33, review-trust 2.2): the put-back's chunk fails to load — Alice's console jumps to the Thug's turn, then writes round 2: each is still put back to the Guard's turn of round 1 on every client, Alice is told, and the GM is told the answer's code did not load", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm);
    const gmToldBefore = told(gm).length;
    fetchCombatChunksWith((key, load) =>
      key === "./turn-answers.js"
        ? Promise.reject(new TypeError("Failed to fetch dynamically imported module: turn-answers.js"))
        : load(),
    );

    await alice.run(() => G().game.combat.update({ turn: 2 }));
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    await alice.run(() => G().game.combat.update({ round: 2, turn: 1 }));
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    expect(told(alice)).toEqual([PUT_BACK_TURN, PUT_BACK_TURN]);
    const notLoaded =
      "error: The system's code that answers a player's change of the turn or round did not load (reload the page; was the system updated?): the change was put back to the round and turn of your last change.";
    expect(told(gm).slice(gmToldBefore)).toEqual([notLoaded, notLoaded]);
    expect(table.unhandled).toEqual([]);
  });
  it("T2-1A SW-03 (issue 33, final trust review 1.1): on the Thug's (last) turn Alice's console writes turn 0 while its put-back's chunk loads; the GM writes round 2 at turn 0 — the turn v13's diff drops as unchanged on the GM's page: round 2 still starts with the Guard on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 2, "Thug"]));
    // Only the put-back's chunk is held (a slow fetch, or a busy queue: the GM's write lands before the put-back).
    const queue: (() => void)[] = [];
    fetchCombatChunksWith((key, load) =>
      key === "./turn-answers.js"
        ? new Promise((res, rej) => queue.push(() => void load().then(res, rej)))
        : load(),
    );
    await alice.run(() => G().game.combat.update({ turn: 0 }));
    await table.settle();
    // The GM's page already holds Alice's turn 0: its write of turn 0 carries no turn (v13 `diff`).
    expect(await gm.run(() => [G().game.combat.round, G().game.combat.turn])).toEqual([1, 0]);
    await gm.run(() => G().game.combat.update({ round: 2, turn: 0 }));
    await table.settle();
    for (const f of queue.splice(0)) f();
    for (let i = 0; i < 5; i++) await table.settle();
    expect(state()).toEqual(everyone(table, [2, 0, "Guard"]));
  });
  it("T2-1A (issue 33, final-turn review 1.1): on the Guard's turn Alice's console jumps to her Kara while its put-back's chunk loads, and the GM's page writes something else of the combat: her write is still put back — the Guard's turn on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm);
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    const queue: (() => void)[] = [];
    fetchCombatChunksWith((key, load) =>
      key === "./turn-answers.js"
        ? new Promise((res, rej) => queue.push(() => void load().then(res, rej)))
        : load(),
    );
    // Alice's console jumps to her own Kara (turn 1) on the Guard's turn: illegal.
    await alice.run(() => G().game.combat.update({ turn: 1 }));
    await table.settle();
    // The GM's page does something unrelated to the turn (any system write of the combat).
    await gm.run(() => G().game.combat.update({ "flags.world.note": 1 }));
    await table.settle();
    for (const f of queue.splice(0)) f();
    for (let i = 0; i < 5; i++) await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
  });
  it("T2-1A (issue 33, final-turn review 1.1): the GM's page writes something else of the combat right after Alice's illegal jump to Kara lands; her next step (to the Thug) is no step of hers either — the Guard's turn on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await startedCombat(gm);
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    await alice.run(() => G().game.combat.update({ turn: 1 }));
    const w = gm.run(() => G().game.combat.update({ "flags.world.note": 1 }));
    for (let i = 0; i < 5; i++) await table.settle();
    await w;
    await alice.run(() => G().game.combat.update({ turn: 2 }));
    for (let i = 0; i < 5; i++) await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
  });
});
