/**
 * Scenario (issue 29): a side is a document of this system's own class, `FrontierCombatantGroup`
 * (src/documents/combatant-group.ts, registered as `CONFIG.CombatantGroup.documentClass` in `init`), on every client.
 * What belongs to one side is read from it, the same on every seat: whether a player character fights on it, whether
 * its rolls are sealed from players ("hide NPC initiative", R1-5d), its colour as drawn (H5), whether it is one
 * character's own side (SF-X-05); per seat: whether this user may ask for its roll (a member they own, S7), whether a
 * player's request rolls it now (SF-B-04: not once it rolled this round), and the sealed numbers only the GM's browser
 * keeps.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
} from "./kit.js";

const SCENE = id("sceneGroups");
let table: Table;
closeTableAfterEach(() => table);

// Eusyl (Alice): RS 40 → Initiative modifier 4. The pirate captain: RS 70 → 7; the pirate: RS 30 → 3.
const ACTORS = [
  actorSource({ _id: id("eusyl"), name: "Eusyl", abilities: { rs: 40 }, owner: ALICE_ID }),
  actorSource({ _id: id("captain"), name: "Pirate captain", type: "creature", abilities: { rs: 70 } }),
  actorSource({ _id: id("pirate"), name: "Pirate", type: "creature", abilities: { rs: 30 } }),
];
const token = (stem: string, actor: string, name: string, disposition: number, x: number) => ({
  _id: id(stem),
  name,
  actorId: id(actor),
  actorLink: true,
  disposition,
  x,
  y: 1200,
  delta: {},
});
const TOKENS = [
  token("tokEusyl", "eusyl", "Eusyl", 1, 1200),
  token("tokCaptain", "captain", "Pirate captain", -1, 2000),
  token("tokPirate", "pirate", "Pirate", -1, 2100),
];
const SCENES = [sceneSource({ _id: SCENE, name: "Port Loren docks", tokens: TOKENS })];

/** Per side key: what this client's group says of itself. */
const sides = () =>
  Object.fromEntries(
    G().game.combat.groups.contents.map((g: any) => [
      g.system.key,
      {
        cls: g.constructor.name,
        configured: g instanceof G().CONFIG.CombatantGroup.documentClass,
        players: g.hasPlayerCharacter,
        sealed: g.sealsRolls,
        colour: g.colour,
        individual: g.isIndividual,
        members: g.sideMembers.map((c: any) => c.name).sort(),
        mine: g.hasMemberOwnedBy(G().game.user),
        playerRoll: g.playerMayRoll(1),
        kept: g.keptSecret ?? null,
      },
    ]),
  );

describe("scenario: a side is this system's CombatantGroup (issue 29)", () => {
  it("SF-X-05 SF-B-04 R1-5d S7: each side answers for itself on every client — players, seal, colour, who may ask for its roll, the GM's kept numbers", async () => {
    table = await createTable({ world: { actors: ACTORS, scenes: SCENES }, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments(
        "Combatant",
        TOKENS.map((t) => ({ tokenId: t._id, sceneId: SCENE, actorId: t.actorId })),
      );
    });
    await table.settle();

    const friendly = {
      cls: "FrontierCombatantGroup",
      configured: true,
      players: true,
      sealed: false,
      colour: "#1f7a8c",
      individual: false,
      members: ["Eusyl"],
      playerRoll: true,
      kept: null,
    };
    const hostile = {
      cls: "FrontierCombatantGroup",
      configured: true,
      players: false,
      sealed: true,
      colour: "#b3261e",
      individual: false,
      members: ["Pirate", "Pirate captain"],
      playerRoll: false,
      kept: null,
    };
    // Before any roll: the same on every seat but who may ask (Alice owns Eusyl; the GM owns everyone).
    expect(gm.run(sides)).toEqual({
      friendly: { ...friendly, mine: true },
      hostile: { ...hostile, mine: true },
    });
    expect(alice.run(sides)).toEqual({
      friendly: { ...friendly, mine: true },
      hostile: { ...hostile, mine: false },
    });

    // Alice's Roll asks the GM for her side (S7): 2 + 4 = 6. A second request would not roll it again this round.
    table.dice(2);
    await alice.run(() => G().game.combat.rollSides());
    await table.settle();
    expect(
      onEveryClient(table, () =>
        G()
          .game.combat.groups.find((g: any) => g.system.key === "friendly")
          .playerMayRoll(1),
      ),
    ).toEqual(everyone(table, false));

    // The GM starts the combat: the hostile side rolls 8 + 7 = 15, sealed. Its numbers are in the GM's browser only.
    table.dice(8);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(gm.run(sides).hostile.kept).toMatchObject({ roll: 8, modifier: 7, highestRs: 70, rolledRound: 1 });
    expect(alice.run(sides).hostile.kept).toBeNull();

    // H5: a colour that is not a CSS colour is drawn as none; SF-X-05: one side per character is each one's own.
    await gm.run(async () => {
      const g = G().game.combat.groups.find((x: any) => x.system.key === "hostile");
      await g.update({ "system.colour": "red;background:url(x)" });
    });
    await table.settle();
    expect(onEveryClient(table, () => sides().hostile?.colour)).toEqual(everyone(table, ""));
    await gm.run(() => G().game.combat.individualSides());
    await table.settle();
    expect(
      onEveryClient(table, () =>
        G().game.combat.groups.contents.map((g: any) => [g.isIndividual, g.sideMembers.length]),
      ),
    ).toEqual(
      everyone(table, [
        [true, 1],
        [true, 1],
        [true, 1],
      ]),
    );
  });
});
