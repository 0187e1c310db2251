/**
 * Scenario (trust review R1-6): worlds saved by every earlier schema are opened, migrated by the GM from what is
 * STORED, played (a 7-point hit written as a partial update), and reloaded (a new table from the stored world):
 * no field is lost on any client.
 *
 * Earlier shapes (src/data/migrations.ts ACTOR_V2):
 *  - v1: `stamina: 37, staminaMax: 60`, abilities as bare numbers, one as the text "50";
 *  - v1 with current Stamina above its maximum (`stamina: 50, staminaMax: 45`): clamped to 45 of 45, not invalid;
 *  - the state a partial write left behind before the runner existed: `stamina: {value: 30}, staminaMax: 60`;
 *  - an unlinked token whose ActorDelta was written under v1 (`delta.system.stamina: 20`) over a v1 creature
 *    (50 of 70): the token keeps its 20 and the base's maximum 70;
 *  - a world item stored by an older item schema (declared here: `legacyMass`, as migration-items.test.ts does).
 * And a world where one document cannot be migrated (race "klingon" is none of the races, so it is invalid before and
 * after): it is named to the GM, the version is NOT raised, and the others are still written.
 */
import { describe, expect, it, vi } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { closeTableAfterEach, sceneSource } from "./kit.js";

vi.mock("../../src/data/migrations.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/data/migrations.js")>();
  return {
    ...actual,
    isStaleSource: (name: "Actor" | "Item", data: unknown) =>
      (name === "Item" &&
        "legacyMass" in ((data as { system?: Record<string, unknown> } | null)?.system ?? {})) ||
      actual.isStaleSource(name, data),
  };
});

const [GM, , ALICE, BRUNO] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
const g = () => globalThis as any;
let table: Table;
let reloaded: Table | undefined;
closeTableAfterEach(
  () => table,
  () => reloaded?.close(),
);

const V1 = "versionOneActor1";
const OVER = "overMaxActor0001";
const HALF = "halfWrittenActr1";
const BASE = "v1CreatureBase01";
const SCENE = "migrationScene01";
const TOKEN = "unlinkedToken001";
const GEAR = "legacyGearItem01";
const BROKEN = "brokenActor00001";

const owned = { default: 0, [ALICE]: 3 };
const world = () => ({
  actors: [
    {
      _id: V1,
      name: "Old Eusyl",
      type: "character",
      system: { stamina: 37, staminaMax: 60, abilities: { dex: 40, rs: "50" } },
      ownership: owned,
    },
    {
      _id: OVER,
      name: "Overfull",
      type: "character",
      system: { stamina: 50, staminaMax: 45 },
      ownership: owned,
    },
    {
      _id: HALF,
      name: "Half-written",
      type: "character",
      system: { stamina: { value: 30 }, staminaMax: 60 },
      ownership: owned,
    },
    { _id: BASE, name: "Sathar", type: "creature", system: { stamina: 50, staminaMax: 70 } },
  ],
  items: [{ _id: GEAR, name: "Old rope", type: "gear", system: { legacyMass: 3 } }],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Outpost",
      tokens: [
        {
          _id: TOKEN,
          name: "Sathar guard",
          actorId: BASE,
          actorLink: false,
          x: 1200,
          y: 1000,
          delta: { name: "Sathar guard", system: { stamina: 20 } },
        },
      ],
    }),
  ],
});

const stamina = (id: string) => g().game.actors.get(id)?.system.stamina;
const tokenStamina = () => g().game.scenes.get(SCENE).tokens.get(TOKEN).actor.system.stamina;
const storedVersion = (t: Table) => {
  const s = t.server.world.settings.find((x) => x.key === "frontier-tactics.migrationVersion");
  return s ? JSON.parse(s.value) : undefined;
};

describe("scenario: worlds saved by each earlier schema (R1-6)", () => {
  it("migrate from the stored data, survive a hit as a partial update, and reload with nothing lost", async () => {
    table = await createTable({ world: world(), online: [GM, ALICE, BRUNO] });
    await table.settle();

    // Stored, written whole: moved keys are gone, the stray maximum is kept, the v1 overfull actor is valid.
    const stored = (id: string) => table.server.world.actors.find((a) => a._id === id)!.system;
    expect(stored(V1).stamina).toEqual({ value: 37, max: 60 });
    expect(stored(V1).abilities.rs).toEqual({ value: 50 });
    expect(stored(OVER).stamina).toEqual({ value: 45, max: 45 });
    expect(stored(HALF).stamina).toEqual({ value: 30, max: 60 });
    for (const id of [V1, OVER, HALF, BASE]) expect("staminaMax" in stored(id)).toBe(false);
    expect("legacyMass" in table.server.world.items[0]!.system).toBe(false);
    const delta = table.server.world.scenes[0]!.tokens[0]!.delta;
    expect(delta.system.stamina).toEqual({ value: 20, max: 70 });
    expect(delta.name).toBe("Sathar guard");
    expect(storedVersion(table)).toBe(3);

    // A hit of 7 on each, as a partial update, by the owner or the GM.
    await table.client(ALICE).run(async () => {
      for (const id of [V1, OVER, HALF])
        await g()
          .game.actors.get(id)
          .update({ "system.stamina.value": stamina(id).value - 7 });
    });
    await table
      .client(GM)
      .run(() => g().game.scenes.get(SCENE).tokens.get(TOKEN).actor.update({ "system.stamina.value": 13 }));
    await table.settle();

    const expected = {
      [V1]: { value: 30, max: 60 },
      [OVER]: { value: 38, max: 45 },
      [HALF]: { value: 23, max: 60 },
    };
    for (const c of table.all) {
      for (const [id, s] of Object.entries(expected)) expect(c.run(() => stamina(id))).toMatchObject(s);
      expect(c.run(tokenStamina)).toMatchObject({ value: 13, max: 70 });
      expect(c.run(() => g().game.actors.get(V1).system.abilities.rs.value)).toBe(50);
    }

    // Reload: a new table from the stored world; every client sees the same numbers, nothing is invalid.
    reloaded = await createTable({ world: structuredClone(table.server.world), online: [GM, ALICE, BRUNO] });
    await reloaded.settle();
    for (const c of reloaded.all) {
      for (const [id, s] of Object.entries(expected)) expect(c.run(() => stamina(id))).toMatchObject(s);
      expect(c.run(tokenStamina)).toMatchObject({ value: 13, max: 70 });
      expect(c.run(() => [...g().game.actors.invalidDocumentIds])).toEqual([]);
    }
    // Nothing was left to migrate: no write at all after the reload.
    expect(reloaded.server.log.filter((l) => l.action === "update")).toEqual([]);
    expect(table.unhandled).toEqual([]);
    expect(reloaded.unhandled).toEqual([]);
  });

  it("a document that cannot be migrated is named to the GM, the others are written, and the version stays", async () => {
    const w = world();
    w.actors.push({
      _id: BROKEN,
      name: "Broken",
      type: "character",
      system: { stamina: 10, staminaMax: 10, race: "klingon" },
      ownership: owned,
    } as (typeof w.actors)[number]);
    table = await createTable({ world: w, online: [GM] });
    await table.settle();
    const gm = table.client(GM);
    // Core holds it as invalid; the runner reached it and its write was refused.
    expect(gm.run(() => [...g().game.actors.invalidDocumentIds])).toEqual([BROKEN]);
    const errors = gm.notifications.log.filter((n) => n.type === "error").map((n) => n.message);
    // Core's own validation error for the refused write, then the runner's report naming the document.
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("race: klingon is not a valid choice");
    expect(errors[1]).toContain("Broken [brokenActor00001]");
    expect(errors[1]).not.toContain("Old Eusyl");
    expect(gm.notifications.log.some((n) => n.message.includes("world data updated"))).toBe(false);
    // The stored data of the broken actor is unchanged; the others were migrated; the version is not raised.
    const brokenStored = table.server.world.actors.find((a) => a._id === BROKEN)!.system;
    expect(brokenStored).toEqual({ stamina: 10, staminaMax: 10, race: "klingon" });
    expect(table.server.world.actors.find((a) => a._id === V1)!.system.stamina).toEqual({
      value: 37,
      max: 60,
    });
    expect(storedVersion(table)).toBeUndefined();
  });
});
