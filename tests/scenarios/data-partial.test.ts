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
 *  - A cleared number box on a sheet: the form gives `null` (v13 FormDataExtended), and v13 cleans `null` on a
 *    non-nullable NumberField to the field's initial value (common/data/fields.mjs DataField#clean:
 *    `_validateSpecial` throws "may not be null" → `getInitialValue`), so clearing Stamina 30 would store 45. The
 *    sheet keeps the stored value instead, shows it again and tells the user.
 */
import { describe, expect, it } from "vitest";
import { change, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, actorSource, closeTableAfterEach, G, GM_ID, onEveryClient, told } from "./kit.js";

const HOUND = "houndCreature001";
const KARA = "karaCharacter001";
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
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      stamina: 45,
      system: { stamina: { value: 30 } },
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

  it("a cleared Stamina box on Alice's character sheet keeps Stamina 30 (not the schema's 45) on every client, shows 30 again and tells her why", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    const box = alice.run(() =>
      (G().game.actors.get(KARA).sheet.element as HTMLElement).querySelector<HTMLInputElement>(
        '[name="system.stamina.value"]',
      ),
    );
    expect(box?.value).toBe("30");
    alice.run(() => change(box!, ""));
    await alice.run(() => settleApps());
    await table.settle();
    expect(table.server.world.actors.find((a) => a._id === KARA)!.system.stamina.value).toBe(30);
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.stamina.value)).toEqual({
      Gamemaster: 30,
      Alice: 30,
    });
    const shown = alice.run(() =>
      (G().game.actors.get(KARA).sheet.element as HTMLElement).querySelector<HTMLInputElement>(
        '[name="system.stamina.value"]',
      ),
    );
    expect(shown?.value).toBe("30");
    expect(told(alice)).toEqual(["warn: Current Stamina needs a number: it stays 30."]);
    expect(table.unhandled).toEqual([]);
  });
});
