/**
 * Scenario: a world whose actors were saved by the first schema (Stamina as a number beside `staminaMax`, abilities
 * as bare numbers) is opened by the GM, migrated, and then played: a player's partial update must not lose the
 * stored maximum, and a client that loads the world afterwards sees the new shape.
 */
import { describe, expect, it } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { closeTableAfterEach } from "./kit.js";

const [GM, , ALICE] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
const ID = "oldActor00000001";
let table: Table;
closeTableAfterEach(() => table);

const v1Actor = {
  _id: ID,
  name: "Old Eusyl",
  type: "character",
  // Schema version 1: no schemaVersion, Stamina a number with its maximum beside it, abilities bare numbers.
  system: { stamina: 37, staminaMax: 60, abilities: { dex: 40, rs: 50 } },
  ownership: { default: 0, [ALICE]: 3 },
};

const warnings: string[] = [];
const origWarn = console.warn;

describe("scenario: a world saved by schema version 1 is migrated, then played", () => {
  it("the GM's ready migrates the stored documents once; Alice's partial update keeps the maximum; a fresh client loads v2", async () => {
    console.warn = (...a: unknown[]) => {
      warnings.push(a.map(String).join(" "));
    };
    try {
      table = await createTable({ world: { actors: [v1Actor] }, online: [GM, ALICE] });
    } finally {
      console.warn = origWarn;
    }
    // Loading migrates in memory on every client, without "Failed data migration" warnings (review 1.1).
    expect(warnings.filter((w) => w.includes("Failed data migration"))).toEqual([]);
    // The stored document was written back by the GM's migration runner (review 2.6).
    const stored = table.server.world.actors.find((a) => a._id === ID)!;
    expect(stored.system.stamina).toEqual({ value: 37, max: 60 });
    expect(stored.system.abilities.dex).toEqual({ value: 40 });
    expect(stored.system.schemaVersion).toBe(3);
    expect("staminaMax" in stored.system).toBe(false);
    const done = table.server.world.settings.find((s) => s.key === "frontier-tactics.migrationVersion");
    expect(JSON.parse(done!.value)).toBe(3);

    // Alice is hit for 7 and edits her Stamina on the sheet: a partial update.
    await table
      .client(ALICE)
      .run(() => (globalThis as any).game.actors.get(ID).update({ "system.stamina.value": 30 }));
    // Every client sees 30 of 60.
    for (const c of table.all)
      expect(c.run(() => (globalThis as any).game.actors.get(ID).system.stamina)).toMatchObject({
        value: 30,
        max: 60,
      });

    // A player who logs in later loads the stored world: the same numbers.
    table.disconnect(ALICE);
    const again = await table.connect(ALICE);
    expect(again.run(() => (globalThis as any).game.actors.get(ID).system.stamina)).toMatchObject({
      value: 30,
      max: 60,
    });
    expect(table.unhandled).toEqual([]);
  });
});
