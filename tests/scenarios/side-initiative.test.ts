/**
 * Scenario: a three-side Expanded combat over three rounds, played by a GM and two players on their own clients.
 * Friendly (Eusyl, holstered — Alice; Kraal — Bruno), hostile (a pirate, surprised; a second pirate joins late),
 * neutral (a beast). Every number below follows SF-X-04 (the side's best Initiative modifier, ⌈RS/10⌉, SF-X-06 −3
 * on a holstered member's own modifier) and SF-X-05 (the lowest total moves first; side A — the highest — resolves first),
 * SF-X-02 (a surprised side loses initiative in round 1) and SF-B-04 (every side re-rolls each round).
 */
import { describe, expect, it } from "vitest";
import { errors as hookErrors } from "../foundry/hooks.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  BRUNO_ID,
  closeTableAfterEach,
  currentTurn,
  G,
  GM_ID,
  openEncounter,
  settingSource,
  shown,
  turnOrder,
} from "./kit.js";

/**
 * Each side's total as the GM knows it: the group's initiative, or for a side sealed from players ("hide NPC
 * initiative", R1-5d) the GM's own numbers (its blind card).
 */
const gmTotals = () =>
  (globalThis as any).game.combat.groups.contents.map((g: any) => {
    if (!g.system.sealed) return g.initiative;
    const s = (globalThis as any).game.combat.sideSecrets().get(g.id);
    return s ? s.roll + s.modifier : null;
  });

const SCENE = "sceneA0000000001";
let table: Table;
closeTableAfterEach(() => table);

const abilities = (rs: number) => ({
  str: { value: 45 },
  sta: { value: 45 },
  dex: { value: 45 },
  rs: { value: rs },
  int: { value: 45 },
  log: { value: 45 },
  per: { value: 45 },
  ldr: { value: 45 },
});
const actor = (id: string, name: string, type: string, rs: number, owner: string | null, extra = {}) => ({
  _id: id,
  name,
  type,
  system: { abilities: abilities(rs), ...extra },
  ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 },
});
const token = (id: string, actorId: string, name: string, disposition: number, x: number) => ({
  _id: id,
  name,
  actorId,
  actorLink: true,
  disposition,
  x,
  y: 500,
});

const ACTORS = [
  actor("eusyl00000000001", "Eusyl", "character", 50, ALICE_ID, { holstered: true }), // IM 5, holstered −3
  actor("kraal00000000002", "Kraal", "character", 40, BRUNO_ID), // IM 4
  actor("pirate0000000003", "Pirate", "creature", 30, null), // IM 3
  actor("beast00000000004", "Beast", "creature", 70, null), // IM 7
  actor("pirate0000000005", "Pirate Chief", "creature", 80, null), // IM 8, joins late
];
const TOKENS = [
  token("tokEusyl00000001", "eusyl00000000001", "Eusyl", 1, 100),
  token("tokKraal00000002", "kraal00000000002", "Kraal", 1, 200),
  token("tokPirate0000003", "pirate0000000003", "Pirate", -1, 900),
  token("tokBeast00000004", "beast00000000004", "Beast", 0, 1500),
  token("tokChief00000005", "pirate0000000005", "Pirate Chief", -1, 1000),
];

describe("scenario: three sides, three rounds (SF-X-01, SF-X-02, SF-X-04, SF-X-05, SF-X-06, SF-B-04)", () => {
  it("rolls per side, keeps the active turn when a side changes, and re-rolls every round whoever ends it", async () => {
    const errorsBefore = hookErrors.length;
    table = await createTable({
      world: {
        actors: ACTORS,
        scenes: [{ _id: SCENE, name: "Port Loren docks", active: true, tokens: TOKENS }],
        // One pass of the turn order per round, as in core; with phases enforced the turn walks the phases
        // (SF-X-01), which tracker-phases.test.ts plays.
        settings: [settingSource("settingPhasesOff", "enforcePhases", false)],
      },
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);

    // The GM opens an encounter with four of the tokens: sides are made by disposition on the GM's client.
    await openEncounter(table, gm, SCENE, TOKENS.slice(0, 4));
    const sides = () =>
      gm.run(() => Object.fromEntries(G().game.combat.groups.contents.map((g: any) => [g.system.key, g])));
    expect(Object.keys(sides())).toEqual(["friendly", "hostile", "neutral"]);

    // The pirates were caught unaware (SF-X-02).
    await gm.run(() => sides().hostile.update({ "system.surprised": true }));

    // Round 1: one d10 per side, in side order friendly, hostile, neutral.
    table.dice(10, 6, 2);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    // friendly 10 + 4 = 14 (side A: Kraal's IM 4 beats holstered Eusyl's own 5 − 3 = 2, SF-X-06); hostile
    // 6 + 3 = 9 but surprised; neutral 2 + 7 = 9.
    const totals = () => gm.run(() => gmTotals());
    expect(totals()).toEqual([14, 9, 9]);
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate", "Beast", "Eusyl", "Kraal"]);
    // NPC side cards (hide NPC initiative, on by default) say only that the side rolled: no number, no Roll, since
    // every client receives every message whatever its roll mode (R1-5d).
    const cards = alice.run(() =>
      G()
        .game.messages.filter((m: any) => m.type === "sideRoll")
        .map((m: any) => {
          const text = document.createElement("div");
          text.innerHTML = shown(m);
          return [m.speaker.alias, m.rolls.length, /\d/.test(text.textContent ?? "")];
        }),
    );
    expect(cards).toEqual([
      ["Friendly side", 1, true],
      ["Hostile side", 0, false],
      ["Neutral side", 0, false],
    ]);

    // Beast's turn; the GM corrects the friendly side's result to d10 1 + 2 = 3: the order changes, Beast keeps the turn.
    await gm.run(() => G().game.combat.nextTurn());
    expect(currentTurn(gm)).toBe("Beast");
    await gm.run(() =>
      sides().friendly.update({
        initiative: 3,
        "system.roll": 1,
        "system.modifier": 2,
        "system.rolledRound": 1,
      }),
    );
    await table.settle();
    for (const c of table.all) {
      expect(turnOrder(c)).toEqual(["Pirate", "Eusyl", "Kraal", "Beast"]);
      expect(currentTurn(c)).toBe("Beast");
    }

    // The pirate chief joins late: he takes the pirates' side without a roll of his own (SF-X-04).
    await gm.run(() =>
      G().game.combat.createEmbeddedDocuments("Combatant", [
        { tokenId: "tokChief00000005", sceneId: SCENE, actorId: "pirate0000000005" },
      ]),
    );
    await table.settle();
    expect(Object.keys(sides())).toEqual(["friendly", "hostile", "neutral"]);
    for (const c of table.all) {
      expect(turnOrder(c)).toEqual(["Pirate", "Pirate Chief", "Eusyl", "Kraal", "Beast"]);
      expect(currentTurn(c)).toBe("Beast");
    }

    // The GM ends Beast's turn, the last of round 1: every side re-rolls first (SF-B-04).
    table.dice(10, 2, 1); // friendly 10 + 4 = 14, hostile 2 + 8 (the chief's IM) = 10, neutral 1 + 7 = 8
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(totals()).toEqual([14, 10, 8]);
    for (const c of table.all) {
      expect(c.run(() => G().game.combat.round)).toBe(2);
      // Surprise is over: the lowest total moves first.
      expect(turnOrder(c)).toEqual(["Beast", "Pirate", "Pirate Chief", "Eusyl", "Kraal"]);
      expect(currentTurn(c)).toBe("Beast");
    }

    // The GM steps to Kraal; Bruno ends the last turn of round 2 from his own client.
    for (let i = 0; i < 4; i++) await gm.run(() => G().game.combat.nextTurn());
    expect(currentTurn(bruno)).toBe("Kraal");
    table.dice(3, 3, 3); // friendly 3 + 4 = 7, hostile 3 + 8 = 11, neutral 3 + 7 = 10
    await bruno.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(totals()).toEqual([7, 11, 10]);
    for (const c of table.all) {
      expect(c.run(() => G().game.combat.round)).toBe(3);
      expect(turnOrder(c)).toEqual(["Eusyl", "Kraal", "Beast", "Pirate", "Pirate Chief"]);
      expect(currentTurn(c)).toBe("Eusyl");
    }
    // The GM steps back to round 1 (a misclick, say): the order is recomputed for that round, where surprise
    // counts again (SF-X-02) — the surprised pirates move first whatever their total — on every client.
    await gm.run(() => G().game.combat.previousRound());
    await gm.run(() => G().game.combat.previousRound());
    await table.settle();
    for (const c of table.all) {
      expect(c.run(() => G().game.combat.round)).toBe(1);
      expect(turnOrder(c)).toEqual(["Pirate", "Pirate Chief", "Eusyl", "Kraal", "Beast"]);
      expect(currentTurn(c)).toBe("Beast");
    }
    // Nine side cards in all: three sides, three rounds.
    expect(gm.run(() => G().game.messages.filter((m: any) => m.type === "sideRoll").length)).toBe(9);
    // Adding the chief to a started combat makes core clone the combat on every client (review combat-data 1.2):
    // no client logged "Failed data preparation" (a private field written while the clone was built).
    expect(
      hookErrors
        .slice(errorsBefore)
        .map((e) => String((e.error as Error)?.message ?? e.error))
        .filter((m) => /Failed data preparation/.test(m)),
    ).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
