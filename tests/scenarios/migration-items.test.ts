/**
 * Scenario: an actor's owned item saved by an older item schema is written back by the GM's migration runner.
 * v13 migrates an actor's embedded items inside the actor's own migration (common/data/fields.mjs
 * `EmbeddedCollectionField#migrateSource`), before each item is built, so the item itself never sees its old data;
 * the runner must learn it from the actor (review follow-up to combat-data 2.6). No Item migration ships yet, so
 * this scenario declares one old-item marker through the migrations module: an item whose stored `system` still
 * carries `legacyMass` predates the schema.
 */
import { describe, expect, it, vi } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { closeTableAfterEach } from "./kit.js";

vi.mock("../../src/data/migrations.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/data/migrations.js")>();
  return {
    ...actual,
    isStaleSource: (name: "Actor" | "Item", data: unknown) =>
      (name === "Item" &&
        !!(data as { system?: Record<string, unknown> } | null)?.system &&
        "legacyMass" in ((data as { system: Record<string, unknown> }).system ?? {})) ||
      actual.isStaleSource(name, data),
  };
});

const [GM] = DEFAULT_USERS.map((u) => u.id) as [string];
let table: Table;
closeTableAfterEach(() => table);

describe("scenario: an owned item stored by an older schema", () => {
  it("is written back once by the GM's migration runner, from what its actor saw", async () => {
    table = await createTable({
      online: [GM],
      world: {
        actors: [
          {
            _id: "ownerActor000001",
            name: "Eusyl",
            type: "character",
            system: { schemaVersion: 2, stamina: { value: 45, max: 45 } },
            items: [{ _id: "oldGear000000001", name: "Rope", type: "gear", system: { legacyMass: 3 } }],
          },
        ],
      },
    });
    const stored = table.server.world.actors[0]!.items[0]!;
    // Written back whole: the key the schema no longer has left the database.
    expect("legacyMass" in stored.system).toBe(false);
    const writes = table.server.log.filter((l) => l.type === "Item" && l.action === "update");
    expect(writes.map((w) => w.count)).toEqual([1]);
    expect(table.unhandled).toEqual([]);
  });
});
