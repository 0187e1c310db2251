/**
 * The harness's core Combat turn methods against v13 (client/documents/combat.mjs, search id 18344563855):
 * "Skip Defeated" read from the world setting `core.combatTrackerConfig` (CombatEncounters.settings), and the
 * `worldTime: {delta}` option that advances the world time on every client (client/helpers/time.mjs, id 8767423713).
 * Core's own methods are called on the system's combat (the system overrides them; this pins what it builds on).
 */
import { afterEach, describe, expect, it } from "vitest";
import { Combat as CoreCombat } from "./client-documents.js";
import { createTable, DEFAULT_USERS, type Table } from "./world.js";

const [GM, , ALICE] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
let table: Table;
afterEach(() => table?.close());
const G = () => globalThis as any;

const COMBAT = "combatCore000001";
const combatant = (n: number, initiative: number, defeated = false) => ({
  _id: `cmbCore00000000${n}`,
  name: `C${n}`,
  initiative,
  defeated,
});

/** A started combat (round 1, turn 0) of three combatants at 30, 20, 10; `defeated` lists who is defeated. */
async function open(defeated: number[], skipDefeated: boolean): Promise<void> {
  table = await createTable({
    online: [GM, ALICE],
    world: {
      combats: [
        {
          _id: COMBAT,
          round: 1,
          turn: 0,
          active: true,
          combatants: [30, 20, 10].map((init, i) => combatant(i + 1, init, defeated.includes(i + 1))),
        },
      ],
    },
  });
  if (skipDefeated)
    await table
      .client(GM)
      .run(() => G().game.settings.set("core", "combatTrackerConfig", { resource: "", skipDefeated: true }));
}
const combat = () => G().game.combats.get(COMBAT);
const core = (method: "nextTurn" | "previousTurn" | "nextRound") =>
  table.client(GM).run(() => (CoreCombat.prototype[method] as () => Promise<unknown>).call(combat()));
const state = () => table.all.map((c) => c.run(() => [combat().round, combat().combatant?.name]));

describe("harness: Combat settings and turns as v13 (client/documents/combat.mjs)", () => {
  it("Combat#settings is the world setting core.combatTrackerConfig; skipDefeated is false by default", async () => {
    await open([], false);
    expect(table.client(ALICE).run(() => combat().settings.skipDefeated)).toBe(false);
    await table
      .client(GM)
      .run(() => G().game.settings.set("core", "combatTrackerConfig", { resource: "", skipDefeated: true }));
    expect(table.all.map((c) => c.run(() => combat().settings.skipDefeated))).toEqual([true, true]);
  });

  it("nextTurn passes over a defeated combatant only with Skip Defeated on", async () => {
    await open([2], false);
    await core("nextTurn");
    expect(state()).toEqual([
      [1, "C2"],
      [1, "C2"],
    ]);
    table.close();
    await open([2], true);
    await core("nextTurn");
    expect(state()).toEqual([
      [1, "C3"],
      [1, "C3"],
    ]);
  });

  it("with Skip Defeated, nextRound starts the next round at the first living combatant", async () => {
    await open([1, 3], true);
    await core("nextRound");
    expect(state()).toEqual([
      [2, "C2"],
      [2, "C2"],
    ]);
  });

  it("a turn and a round advance the world time on every client by turnTime and roundTime, with updateWorldTime", async () => {
    await open([], false);
    const seen: unknown[][] = [];
    const H = G().Hooks;
    const ids = table.all.map((c) =>
      c.run(() =>
        H.on("updateWorldTime", (t: number, dt: number, o: any, u: string) =>
          seen.push([c.userId, t, dt, o.worldTime, u]),
        ),
      ),
    );
    table.client(GM).run(() => {
      G().CONFIG.time.turnTime = 2;
    });
    await core("nextTurn");
    expect(table.all.map((c) => c.run(() => G().game.time.worldTime))).toEqual([2, 2]);
    await core("previousTurn");
    expect(table.all.map((c) => c.run(() => G().game.time.worldTime))).toEqual([0, 0]);
    // Round 1 turn 0 → round 2 turn 0: one round (6 s, the system's roundTime) and three turns of 2 s.
    await core("nextRound");
    for (const id of ids) H.off("updateWorldTime", id);
    expect(table.all.map((c) => c.run(() => G().game.time.worldTime))).toEqual([12, 12]);
    expect(seen).toEqual([
      [GM, 2, 2, { delta: 2 }, GM],
      [ALICE, 2, 2, { delta: 2 }, GM],
      [GM, 0, -2, { delta: -2 }, GM],
      [ALICE, 0, -2, { delta: -2 }, GM],
      [GM, 12, 12, { delta: 12 }, GM],
      [ALICE, 12, 12, { delta: 12 }, GM],
    ]);
  });
});

describe("harness: movement history by movement action (client/documents/token.mjs)", () => {
  const SCENE = "sceneMove0000001";
  const TOKEN = "tokenMove0000001";
  async function openMoving(): Promise<any> {
    table = await createTable({
      online: [GM],
      world: {
        scenes: [
          {
            _id: SCENE,
            name: "S",
            active: true,
            grid: { size: 100, distance: 1, units: "m" },
            tokens: [{ _id: TOKEN, name: "T", x: 1000, y: 1000 }],
          },
        ],
        combats: [
          {
            _id: COMBAT,
            scene: SCENE,
            round: 1,
            turn: 0,
            active: true,
            combatants: [{ _id: "cmbMove000000001", tokenId: TOKEN, sceneId: SCENE, initiative: 10 }],
          },
        ],
      },
    });
    return table.client(GM).run(() => G().game.scenes.get(SCENE).tokens.get(TOKEN));
  }
  const history = () =>
    table.client(GM).run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOKEN)
        .movementHistory.map((w: any) => `${w.x},${w.y} ${w.action} ${w.cost}`),
    );

  it("records each waypoint with its action and cost: a walk through two waypoints, then a GM displace costing 0", async () => {
    const token = await openMoving();
    await table.client(GM).run(() =>
      token.move([
        { x: 1300, y: 1000 },
        { x: 1300, y: 1200 },
      ]),
    );
    await table.client(GM).run(() => token.move({ x: 2000, y: 1000, action: "displace" }));
    expect(history()).toEqual([
      "1000,1000 walk 0",
      "1300,1000 walk 3",
      "1300,1200 walk 2",
      "2000,1000 displace 0",
    ]);
    // A plain x/y update is one "api" movement with the default action.
    await table.client(GM).run(() => token.update({ x: 2100 }));
    expect(history().at(-1)).toBe("2100,1000 walk 1");
  });

  it("revertRecordedMovement (undo) moves the token back and rolls the history back to before that movement", async () => {
    const token = await openMoving();
    await table.client(GM).run(() => token.move({ x: 1300, y: 1000 }));
    await table.client(GM).run(() => token.move({ x: 1600, y: 1000 }));
    // v13: without an id it undoes all the recorded movement (`movementId ??= history.at(0).movementId`); the last
    // movement is undone by its id.
    await table.client(GM).run(() => token.revertRecordedMovement(token.movementHistory.at(-1).movementId));
    expect(table.client(GM).run(() => [token.x, token.y])).toEqual([1300, 1000]);
    expect(history()).toEqual(["1000,1000 walk 0", "1300,1000 walk 3"]);
    await table.client(GM).run(() => token.revertRecordedMovement());
    expect(table.client(GM).run(() => [token.x, token.y])).toEqual([1000, 1000]);
    expect(history()).toEqual([]);
  });

  it("Combatant.token falls back to the combat's scene when the combatant has no sceneId (v13 combatant.mjs)", async () => {
    await openMoving();
    await table.client(GM).run(() =>
      G()
        .game.combats.get(COMBAT)
        .createEmbeddedDocuments("Combatant", [{ tokenId: TOKEN, initiative: 5 }]),
    );
    const names = table.client(GM).run(() =>
      G()
        .game.combats.get(COMBAT)
        .combatants.map((c: any) => c.token?.name ?? null),
    );
    expect(names).toEqual(["T", "T"]);
  });
});

describe("harness: TokenDocument.getTrackedAttributes from a schema (client/documents/token.mjs)", () => {
  it("a schema with value and max is a bar; a NumberField is a value; other schemas are searched inside", async () => {
    const { SchemaField, NumberField, StringField } = await import("./fields.js");
    const { TokenDocument } = await import("./client-documents.js");
    const schema = new SchemaField({
      hp: new SchemaField({ value: new NumberField(), max: new NumberField() }),
      pool: new SchemaField({ value: new NumberField() }),
      speed: new NumberField(),
      name: new StringField(),
    });
    const found = TokenDocument.getTrackedAttributes(schema);
    expect(found.bar.map((p: string[]) => p.join("."))).toEqual(["hp"]);
    expect(found.value.map((p: string[]) => p.join("."))).toEqual(["pool.value", "speed"]);
  });
});
