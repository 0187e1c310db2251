/**
 * The harness's documents against Foundry v13's common documents (local mirror umplacable/foundryVTT, v13.351:
 * `common/documents/*.mjs`, `common/data/fields.mjs`, `common/abstract/*.mjs`). Each test states what v13 does and
 * cites where; they run on a table, so the server's permission checks and every client's copy are exercised.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "./world.js";

const [GM, , ALICE] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
/** The current client's globals (the harness's are untyped). */
const G = (): any => globalThis;
let table: Table;
afterEach(() => table?.close());

const KARA = "karaActor0000001";
const PIRATE = "pirateActor00001";
const COMBAT = "combatDoc0000001";
const C_KARA = "combatantKara001";
const C_PIRATE = "combatantPirat01";

const actor = (_id: string, name: string, owner?: string) => ({
  _id,
  name,
  type: "character",
  system: {},
  ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 },
});

describe("Combatant permissions (v13 common/documents/combatant.mjs)", () => {
  const world = () => ({
    actors: [actor(KARA, "Kara", ALICE), actor(PIRATE, "Pirate")],
    combats: [
      {
        _id: COMBAT,
        type: "base",
        round: 1,
        turn: 0,
        active: true,
        combatants: [
          { _id: C_KARA, type: "base", actorId: KARA, name: "Kara" },
          { _id: C_PIRATE, type: "base", actorId: PIRATE, name: "Pirate" },
        ],
      },
    ],
  });
  const combatant = (id: string) => G().game.combats.get(COMBAT).combatants.get(id);

  it("#canUpdate: the actor's owner may write initiative, flags, defeated and system; nothing else; not another's", async () => {
    table = await createTable({ world: world(), online: [GM, ALICE] });
    const alice = table.client(ALICE);
    await alice.run(() =>
      combatant(C_KARA).update({
        initiative: 12,
        defeated: true,
        flags: { "frontier-tactics": { x: 1 } },
        system: { note: 1 },
      }),
    );
    const stored = table.server.world.combats[0]!.combatants.find((c: { _id: string }) => c._id === C_KARA);
    expect([
      stored.initiative,
      stored.defeated,
      stored.flags["frontier-tactics"].x,
      stored.system.note,
    ]).toEqual([12, true, 1, 1]);
    await expect(alice.run(() => combatant(C_KARA).update({ hidden: true }))).rejects.toThrow(
      /Alice lacks permission to update Combatant/,
    );
    await expect(alice.run(() => combatant(C_PIRATE).update({ initiative: 30 }))).rejects.toThrow(
      /Alice lacks permission to update Combatant/,
    );
  });

  it("create and delete need OWNER of the combatant (its actor's level)", async () => {
    table = await createTable({ world: world(), online: [GM, ALICE] });
    const alice = table.client(ALICE);
    await alice.run(() => combatant(C_KARA).delete());
    await alice.run(() =>
      G()
        .game.combats.get(COMBAT)
        .createEmbeddedDocuments("Combatant", [{ actorId: KARA, name: "Kara" }]),
    );
    await expect(alice.run(() => combatant(C_PIRATE).delete())).rejects.toThrow(
      /Alice lacks permission to delete Combatant/,
    );
    await expect(
      alice.run(() =>
        G()
          .game.combats.get(COMBAT)
          .createEmbeddedDocuments("Combatant", [{ actorId: PIRATE, name: "Pirate" }]),
      ),
    ).rejects.toThrow(/Alice lacks permission to create Combatant/);
    const names = table.server.world.combats[0]!.combatants.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual(["Kara", "Pirate"]);
  });
});
