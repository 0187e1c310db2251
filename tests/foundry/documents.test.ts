/**
 * The harness's documents against Foundry v13's common documents (local mirror umplacable/foundryVTT, v13.351:
 * `common/documents/*.mjs`, `common/data/fields.mjs`, `common/abstract/*.mjs`). Each test states what v13 does and
 * cites where; they run on a table, so the server's permission checks and every client's copy are exercised.
 */
import { afterEach, describe, expect, it } from "vitest";
import { scriptDice } from "./dice.js";
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
        system: { dodging: 1 },
      }),
    );
    const stored = table.server.world.combats[0]!.combatants.find((c: { _id: string }) => c._id === C_KARA);
    expect([
      stored.initiative,
      stored.defeated,
      stored.flags["frontier-tactics"].x,
      stored.system.dodging,
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

/** Build a document of the current client strictly (`new`) or not (`fromSource`); the error's text, or the doc. */
function build(name: string, data: Record<string, unknown>, strict = true): { error?: string; doc?: any } {
  const cls = G().CONFIG[name].documentClass;
  try {
    return { doc: strict ? new cls(data) : cls.fromSource(data) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe("core fields of Actor, Item and ChatMessage as v13 defines them (real-common-check-2 §4)", () => {
  const gmTable = async () => {
    table = await createTable({ world: { actors: [actor(KARA, "Kara", ALICE)] }, online: [GM] });
    return table.client(GM);
  };

  it("row 1: a missing type is refused strictly and leaves a non-strict document invalid (fields.mjs DocumentTypeField: required, no initial); the client's create tells the user and stores nothing", async () => {
    const gm = await gmTable();
    await gm.run(async () => {
      expect(build("Actor", { name: "X" }).error).toMatch(/type: may not be undefined/);
      expect(build("Item", { name: "X" }).error).toMatch(/type: may not be undefined/);
      const loose = build("Actor", { name: "X" }, false).doc;
      expect(loose.invalid).toBe(true);
      // A ChatMessage's type has an initial value: "base".
      expect(build("ChatMessage", { content: "hi" }).doc.type).toBe("base");
      await G().Actor.create({ name: "Typeless" });
    });
    expect(table.server.world.actors.map((a) => a.name)).toEqual(["Kara"]);
    expect(gm.notifications.log.filter((n) => n.type === "error").length).toBe(1);
  });

  it("row 2: an unknown type is refused (choices = Document.TYPES = keys of game.model: 'base' and system.json's types), also inside an actor and in an update", async () => {
    const gm = await gmTable();
    gm.run(() => {
      expect(G().Actor.TYPES).toEqual(["base", "character", "creature", "squad"]);
      expect(build("Actor", { name: "X", type: "vehicle" }).error).toMatch(
        /type: "vehicle" is not a valid type for the Actor Document class/,
      );
      // fromSource validates with `fallback`: an unknown type is kept (DocumentTypeField#_validateType).
      expect(build("Actor", { name: "X", type: "vehicle" }, false).doc.type).toBe("vehicle");
      const kara = G().game.actors.get(KARA);
      expect(() =>
        kara.updateSource({ items: [{ _id: "spellItem0000001", name: "Zap", type: "spell" }] }),
      ).toThrow(/is not a valid type for the Item Document class/);
    });
  });

  it("row 3: an img without an image extension is refused strictly; fromSource falls back to the default icon (FilePathField IMAGE)", async () => {
    const gm = await gmTable();
    gm.run(() => {
      expect(build("Actor", { name: "X", type: "character", img: "icons/x.txt" }).error).toMatch(
        /img: does not have a valid file extension/,
      );
      expect(build("Actor", { name: "X", type: "character", img: "icons/x.txt" }, false).doc.img).toBe(
        "icons/svg/mystery-man.svg",
      );
      expect(build("Item", { name: "X", type: "gear", img: "icons/x.webp" }).doc.img).toBe("icons/x.webp");
    });
  });

  it("row 4: a folder that is not a 16-character id is refused (ForeignDocumentField)", async () => {
    const gm = await gmTable();
    gm.run(() => {
      expect(build("Actor", { name: "X", type: "character", folder: "abc" }).error).toMatch(
        /folder: must be a valid 16-character alphanumeric ID/,
      );
      expect(
        build("Actor", { name: "X", type: "character", folder: "folderId00000001" }).error,
      ).toBeUndefined();
    });
  });

  it("row 5: a ChatMessage's author, whisper and speaker ids must be ids, not names (chat-message.mjs DocumentAuthorField, ForeignDocumentField idOnly)", async () => {
    const gm = await gmTable();
    gm.run(() => {
      expect(build("ChatMessage", { author: "Alice" }).error).toMatch(/author: must be a valid 16-character/);
      expect(build("ChatMessage", { whisper: ["Alice"] }).error).toMatch(
        /whisper: .*must be a valid 16-character/s,
      );
      expect(build("ChatMessage", { speaker: { actor: "Kara" } }).error).toMatch(
        /actor: must be a valid 16-character/,
      );
      const ok = build("ChatMessage", { whisper: [ALICE], speaker: { actor: KARA, alias: "Kara" } }).doc;
      // `author` is not idOnly: as in v13 the message's author is the User document.
      expect([ok.author.id, ok._source.author, ok.whisper, ok.speaker.actor]).toEqual([
        GM,
        GM,
        [ALICE],
        KARA,
      ]);
    });
  });

  it("row 6: a roll that was not evaluated is refused on a ChatMessage (BaseChatMessage.#validateRoll)", async () => {
    const gm = await gmTable();
    await gm.run(async () => {
      const roll = new (G().Roll)("1d6");
      expect(build("ChatMessage", { rolls: [JSON.stringify(roll)] }).error).toMatch(
        /Roll objects added to ChatMessage documents must be evaluated/,
      );
      scriptDice(4);
      await roll.evaluate();
      expect(build("ChatMessage", { rolls: [JSON.stringify(roll)] }).error).toBeUndefined();
    });
  });

  it("row 7: a style outside CONST.CHAT_MESSAGE_STYLES is refused", async () => {
    const gm = await gmTable();
    gm.run(() => {
      expect(build("ChatMessage", { style: 9 }).error).toMatch(/style: 9 is not a valid choice/);
      expect(build("ChatMessage", { style: 1 }).doc.style).toBe(1);
    });
  });

  it("row 8: _stats is kept on Actor, Item and CombatantGroup, and flags.core.sourceId moves to _stats.compendiumSource (DocumentStatsField._migrateData)", async () => {
    const gm = await gmTable();
    gm.run(() => {
      const src = "Compendium.frontier-tactics.weapons.Item.laserPistol00001";
      const item = build("Item", { name: "Laser", type: "weapon", flags: { core: { sourceId: src } } }).doc;
      expect(item._source._stats.compendiumSource).toBe(src);
      expect(item._source.flags.core ?? {}).toEqual({});
      const a = build("Actor", { name: "X", type: "character", _stats: { compendiumSource: src } }).doc;
      expect(a._source._stats.compendiumSource).toBe(src);
      expect(Object.keys(G().CONFIG.CombatantGroup.documentClass.schema.fields)).toContain("_stats");
    });
    // The server stamps who made the write.
    await gm.run(() => G().game.actors.get(KARA).update({ name: "Kara Vell" }));
    expect(table.server.world.actors[0]!._stats.lastModifiedBy).toBe(GM);
  });

  it("row 9: a ChatMessage keeps its title, has flavor and content '' by default, and a legacy numeric type becomes its style (chat-message.mjs #migrateTypeToStyle)", async () => {
    const gm = await gmTable();
    gm.run(() => {
      const m = build("ChatMessage", { title: "Orders" }).doc;
      expect([m._source.title, m._source.flavor, m._source.content]).toEqual(["Orders", "", ""]);
      const ic = build("ChatMessage", { type: 2 }).doc;
      expect([ic.type, ic.style]).toEqual(["base", 2]);
      const roll = build("ChatMessage", { type: 5 }).doc;
      expect([roll.type, roll.style]).toEqual(["base", 0]);
    });
  });

  it("row 10: an embedded item that fails to build goes into the collection's invalidDocumentIds, logged as an error; its source stays (embedded-collection.mjs _handleInvalidDocument)", async () => {
    const gm = await gmTable();
    const errors: string[] = [];
    const logger = { error: (e: Error) => errors.push(e.message), warn() {}, info() {}, debug() {} };
    G().logger = logger;
    try {
      gm.run(() => {
        const bad = {
          _id: "badWeapon0000001",
          name: "Odd gun",
          type: "weapon",
          system: { d20: { threat: 25 } },
        };
        const a = build("Actor", { _id: "actorWithBadGun1", name: "X", type: "character", items: [bad] }).doc;
        expect([...a.items.invalidDocumentIds]).toEqual(["badWeapon0000001"]);
        expect(a.items.size).toBe(0);
        expect(a._source.items.map((i: { _id: string }) => i._id)).toEqual(["badWeapon0000001"]);
        expect(a.items.getInvalid("badWeapon0000001").name).toBe("Odd gun");
      });
    } finally {
      delete G().logger;
    }
    expect(errors[0]).toMatch(
      /^Failed to initialize Item \[Actor\.actorWithBadGun1\.Item\.badWeapon0000001\]/,
    );
  });
});
