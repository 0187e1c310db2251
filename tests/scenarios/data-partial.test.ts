/**
 * Scenario (review foundry-v13-combat-data-2 §2.2, real-common-check-2): an update's changes are partial data, and
 * v13 migrates them as such. `client/data/client-backend.mjs` `#preUpdateDocumentArray` runs
 * `documentClass.schema._addTypes(doc._source, changes); changes = documentClass.migrateData(changes);` before
 * `_preUpdate` and the dry run, so the system model's `migrateData` sees the change's `system` alone (with the
 * document's `type` added: `common/data/fields.mjs` SchemaField#_addTypes), with no `notes` and no
 * `schemaVersion`.
 *
 *  - A creature's damage that is not a formula, written alone (a macro, `actor.update({"system.damage": …})`):
 *    the creature's stored notes survive. The migration cannot append to notes it does not see, so the text is
 *    refused as what it is, a bad formula, and the user is told why.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, actorSource, closeTableAfterEach, G, GM_ID, onEveryClient, told } from "./kit.js";

const HOUND = "houndCreature001";
const NOTES = "<p>Fangs and a short temper.</p>";
let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  actors: [
    actorSource({
      _id: HOUND,
      name: "Hound",
      type: "creature",
      owner: ALICE_ID,
      system: { damage: "1d10", notes: NOTES },
    }),
  ],
});

const storedSystem = () => table.server.world.actors.find((a) => a._id === HOUND)!.system;

describe("scenario: an update's partial changes are not migrated as a whole stored source", () => {
  it("a creature's damage text written alone (not a formula) is refused with the reason; its stored notes and damage stay on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const before = storedSystem().schemaVersion;
    await alice.run(() => G().game.actors.get(HOUND).update({ "system.damage": "see notes" }));
    await table.settle();
    expect(storedSystem().notes).toBe(NOTES);
    expect(storedSystem().damage).toBe("1d10");
    expect(storedSystem().schemaVersion).toBe(before);
    expect(
      onEveryClient(table, () => {
        const s = G().game.actors.get(HOUND).system;
        return `${s.damage} ${s.notes}`;
      }),
    ).toEqual({ Gamemaster: `1d10 ${NOTES}`, Alice: `1d10 ${NOTES}` });
    // Core's own notice of a refused dry run (`ui.notifications.error(err.message.split("] ").pop())`).
    expect(told(alice)).toEqual([
      'error: validation errors:\n  system: \n    damage: "see notes" is not a damage formula (write it like 2d10)',
    ]);
  });
});
