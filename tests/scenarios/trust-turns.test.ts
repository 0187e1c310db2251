/**
 * Scenario (issue 27, review trust-and-faults-2 1-A, 1-B, 2-A, 1-D): the turn order is the active GM's to referee.
 * Every world document reaches every client, and the server checks only the common rules: a player may write the
 * combat's `round` and `turn` (v13 common/documents/combat.mjs `#canUpdate`, `_canChangeTurn` returns true), and a
 * Combatant's owner may write its `initiative` and `flags` (v13 common/documents/combatant.mjs). So:
 *
 * - T2-1A: Alice's console writes the turn. Only the step from a turn she owns to the next one (what v13's
 *   `Combat#nextTurn` writes for her) stands; anything else — an NPC's turn skipped, her own turn taken again — the
 *   active GM puts back, with no turn events for the forged step, and Alice is told why. In a d20 combat by count
 *   (SW-03) and in a sides combat (SF-X-01) with phases off.
 * - T2-1B: the GM's surprise mark (SW-02) is on the Combat, which a player cannot write: Alice's own Combatant flag
 *   changes nothing, and the surprise round runs without Kara.
 * - T2-2A: once Kara has a count, it is kept for the whole combat (SW-03): Alice's re-roll and her write of 30 are
 *   put back.
 * - T2-1D: a hidden NPC's d20 count, die and modifier are on no document Alice receives; the GM's tracker shows the
 *   count and the order is the rules' order (SW-03).
 */
import { describe, expect, it } from "vitest";
import { click } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
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
  settingSource,
  text,
  tokenSource,
  told,
  turnOrder,
} from "./kit.js";
import { d20Hangar } from "./kit-d20.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneTrustTurns");
const KARA = id("actKaraTT");
const THUG = id("actThugTT");
const GUARD = id("actGuardTT");
const PISTOL = id("itmPistolTT");
const TOK = { kara: id("tokKaraTT"), thug: id("tokThugTT"), guard: id("tokGuardTT") };
const CMB = { kara: id("cmbKaraTT"), thug: id("cmbThugTT"), guard: id("cmbGuardTT") };

let table: Table;
closeTableAfterEach(() => table);

const d20World = () =>
  d20Hangar({
    setting: id("setEngineTT"),
    scene: SCENE,
    kara: KARA,
    pistol: PISTOL,
    thug: THUG,
    guard: GUARD,
    tok: TOK,
  });

/** The GM opens the d20 combat: Kara, the Thug and the Guard (hidden from the players when `hiddenGuard`). */
async function d20Encounter({ hiddenGuard = false } = {}): Promise<void> {
  await table.client(GM_ID).run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: CMB.kara, tokenId: TOK.kara, sceneId: SCENE, actorId: KARA },
        { _id: CMB.thug, tokenId: TOK.thug, sceneId: SCENE, actorId: THUG },
        { _id: CMB.guard, tokenId: TOK.guard, sceneId: SCENE, actorId: GUARD, hidden: hiddenGuard },
      ],
      { keepId: true },
    );
  });
  await table.settle();
}

/**
 * A sides combat (phases off) in the Docks, started by the GM: Eusyl (Alice's, RS 40) against the Pirate captain
 * (RS 70) and a Pirate (RS 30). Friendly 9 + 4 = 13, hostile 5 + 7 = 12: the pirates move first, Eusyl last.
 */
async function sidesCombat(): Promise<{ gm: Client; alice: Client }> {
  const ACTORS = [
    actorSource({ _id: id("ttEusyl"), name: "Eusyl", abilities: { rs: 40 }, owner: ALICE_ID }),
    actorSource({ _id: id("ttCaptain"), name: "Pirate captain", type: "creature", abilities: { rs: 70 } }),
    actorSource({ _id: id("ttPirate"), name: "Pirate", type: "creature", abilities: { rs: 30 } }),
  ];
  const tok = (stem: string, actor: string, name: string, disposition: number, x: number) =>
    tokenSource({ _id: id(stem), name, actorId: id(actor), actorLink: true, disposition, x, y: 1200 });
  const tokens = [
    tok("ttTokEusyl", "ttEusyl", "Eusyl", 1, 1200),
    tok("ttTokCaptain", "ttCaptain", "Pirate captain", -1, 2000),
    tok("ttTokPirate", "ttPirate", "Pirate", -1, 2100),
  ];
  table = await createTable({
    world: {
      actors: ACTORS,
      scenes: [sceneSource({ _id: SCENE, name: "Docks", tokens })],
      settings: [settingSource(id("setPhasesOffTT"), "enforcePhases", false)],
    },
    online: [GM_ID, ALICE_ID],
  });
  const gm = table.client(GM_ID);
  const alice = table.client(ALICE_ID);
  await gm.run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t) => ({ tokenId: t._id, sceneId: SCENE, actorId: t.actorId })),
    );
  });
  await table.settle();
  table.dice(9, 5);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  return { gm, alice };
}

const state = () =>
  onEveryClient(table, () => {
    const c = G().game.combat;
    return [c.round, c.turn, c.combatant?.name ?? null];
  });

/** Alice's console writes the combat (the server allows `round` and `turn` to any player). */
const aliceWrites = async (alice: Client, data: object) => {
  await alice.run(() => G().game.combat.update(data));
  await table.settle();
};

const counts = () =>
  onEveryClient(table, () =>
    G().game.combat.turns.map(
      (t: { name: string; initiative: number | null }) => `${t.name} ${t.initiative}`,
    ),
  );

const PUT_BACK_TURN =
  "warn: Only the GM moves the round and turn, except the owner of the acting combatant ending its turn: the GM's client put your change back.";

describe("scenario: the active GM referees the turn order (issue 27)", () => {
  it("T2-1A SW-03: in a d20 combat Alice's console writes the turn — the Guard's turn skipped, then Kara's taken again — and the GM puts both back with no turn events; her own end of turn stands", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Kara 12 + 2 = 14, the Thug 8 + 1 = 9, the Guard 16 + 2 = 18: Guard, Kara, Thug.
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    const acted = () => onEveryClient(table, () => G().game.combat.system.acted);
    expect(acted()).toEqual(everyone(table, [CMB.guard]));

    // The Guard's turn: Alice jumps to Kara's. Put back; Kara's turn did not start (she is still flat-footed).
    await aliceWrites(alice, { turn: 1 });
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    expect(acted()).toEqual(everyone(table, [CMB.guard]));
    expect(told(alice)).toEqual([PUT_BACK_TURN]);

    // The GM ends the Guard's turn; Alice ends Kara's (the step from her own turn to the next): it stands.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 2, "Thug"]));
    expect(acted()).toEqual(everyone(table, [CMB.guard, CMB.kara, CMB.thug]));

    // The Thug's turn: Alice writes Kara's turn back, to take it twice. Put back.
    await aliceWrites(alice, { turn: 1 });
    expect(state()).toEqual(everyone(table, [1, 2, "Thug"]));
    expect(told(alice)).toEqual([PUT_BACK_TURN, PUT_BACK_TURN]);
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1B SW-02: the GM marks Kara unaware in the tracker; Alice's console clears an unaware flag on her own Combatant before the start: the mark stands — a surprise round for the Guard and the Thug only, Kara with no count and flat-footed", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const gmTracker = await tracker(gm);
    gm.run(() => click(row(gmTracker, "Kara").querySelector('[data-action="toggleUnaware"]')!));
    await table.settle();
    expect(text(row(await tracker(alice), "Kara"))).toContain("Unaware SW-02");
    // Alice owns Kara's Combatant, whose flags the server lets her write (v13 common/documents/combatant.mjs).
    await alice.run(() =>
      G()
        .game.combat.combatants.get(G().game.combat.combatants.find((c: any) => c.name === "Kara").id)
        .setFlag("frontier-tactics", "unaware", false),
    );
    await table.settle();
    // Only the aware roll: the Thug 13 + 1 = 14, the Guard 12 + 2 = 14 (the Guard first on Dexterity); the third
    // die is left for nobody.
    table.dice(13, 12, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 14", "Thug 14", "Kara null"]));
    expect(pendingDice()).toEqual([5]);
    expect(onEveryClient(table, () => G().game.combat.system.surprise)).toEqual(everyone(table, true));
    const aliceRow = text(row(await tracker(alice), "Kara"));
    expect(aliceRow).toContain("Unaware SW-02");
    expect(aliceRow).toContain("Flat-footed SW-01");
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2A SW-03: Kara's count (14) is kept for the whole combat — Alice's re-roll after the start and her console's write of 30 (and of the tie-break flags) are put back; the order stays Guard, Kara, Thug", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    const init = () =>
      onEveryClient(table, () =>
        G().game.combat.combatants.get(KARA_CMB()).getFlag("frontier-tactics", "init"),
      );
    const KARA_CMB = () => G().game.combat.combatants.find((c: any) => c.name === "Kara").id;
    const before = init();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    // Her re-roll: d20 20 + 2 would be 22.
    table.dice(20);
    await alice.run(() => G().game.combat.rollInitiative([KARA_CMB()]));
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    expect(told(alice)).toEqual([
      "warn: Initiative counts are kept for the whole combat (SW-03): once a count is set or the combat has begun, only the GM rolls it.",
    ]);
    // Her console: count 30, then a tie-break shift.
    await alice.run(() => G().game.combat.combatants.get(KARA_CMB()).update({ initiative: 30 }));
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    await alice.run(() =>
      G().game.combat.combatants.get(KARA_CMB()).update({ "flags.frontier-tactics.init.shift": 5 }),
    );
    await table.settle();
    expect(init()).toEqual(before);
    expect(told(alice).filter((n) => n.includes("only the GM re-rolls or changes a count")).length).toBe(2);
    // Her console writes Kara's flags anew (not merged: v13 replaces them), which would drop the count's terms.
    await alice.run(() =>
      G()
        .game.combat.combatants.get(KARA_CMB())
        .update({ flags: { core: {} } }, { recursive: false, diff: false }),
    );
    await table.settle();
    expect(init()).toEqual(before);
    expect(told(alice).filter((n) => n.includes("only the GM re-rolls or changes a count")).length).toBe(3);
    // Her console replaces the system's flag scope, then the terms alone, whole (`==`, which v13 applies; review
    // state-29 R1-b).
    await alice.run(() =>
      G()
        .game.combat.combatants.get(KARA_CMB())
        .update({ "flags.==frontier-tactics": { note: 1 } }),
    );
    await table.settle();
    expect(init()).toEqual(before);
    await alice.run(() =>
      G()
        .game.combat.combatants.get(KARA_CMB())
        .update({ "flags.frontier-tactics.==init": { shift: 9 } }),
    );
    await table.settle();
    expect(init()).toEqual(before);
    expect(told(alice).filter((n) => n.includes("only the GM re-rolls or changes a count")).length).toBe(5);
    // Her console writes Kara through the combat itself (v13 lets a player name their own combatants in a Combat
    // update, and no combatant event fires; review state-29 R1-a): count 30 and a readied mark, put back whole.
    await alice.run(() =>
      G().game.combat.update({
        combatants: [{ _id: KARA_CMB(), initiative: 30, system: { state: "readied" } }],
      }),
    );
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    expect(init()).toEqual(before);
    expect(onEveryClient(table, () => G().game.combat.combatants.get(KARA_CMB()).system.state)).toEqual(
      everyone(table, "none"),
    );
    // She takes Kara out of the combat and adds her again (the token HUD's toggle; v13 lets an owner delete and
    // create their combatant), arriving with a count of 30 and readied: Kara keeps 14, and no mark.
    const where = alice.run(() => {
      const c = G().game.combat.combatants.get(KARA_CMB());
      return { tokenId: c.tokenId, sceneId: c.sceneId, actorId: c.actorId };
    });
    await alice.run(() => G().game.combat.combatants.get(KARA_CMB()).delete());
    await table.settle();
    await alice.run(() =>
      G().game.combat.createEmbeddedDocuments("Combatant", [
        { ...where, initiative: 30, system: { state: "readied" } },
      ]),
    );
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    expect(init()).toEqual(before);
    expect(onEveryClient(table, () => G().game.combat.combatants.get(KARA_CMB()).system.state)).toEqual(
      everyone(table, "none"),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1D SW-03: the GM's hidden Guard rolls d20 16 + 2 = 18: no document or message Alice receives holds 18, its die or its modifier; every client orders Guard, Kara, Thug; the GM's tracker shows 18", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await d20Encounter({ hiddenGuard: true });
    // Kara 12 + 2 = 14, the Thug 8 + 1 = 9, the Guard 16 + 2 = 18.
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Guard", "Kara", "Thug"]);
    const guardHeld = alice.run(() => {
      const src = G().game.combat.combatants.get(CMB.guard).toObject();
      return { initiative: src.initiative, init: src.flags["frontier-tactics"]?.init ?? null };
    });
    expect(guardHeld.initiative).not.toBe(18);
    expect(guardHeld.init?.modifier ?? 0).toBe(0);
    const messages = alice.run(() =>
      JSON.stringify(G().game.messages.contents.map((m: any) => m.toObject())),
    );
    expect(messages).not.toMatch(/Guard: d20|\b18\b|"total":18/);
    // Kara's and the Thug's counts are theirs to see.
    expect(alice.run(() => G().game.combat.combatants.get(CMB.kara).initiative)).toBe(14);
    const gmRow = text(row(await tracker(gm), "Guard"));
    expect(gmRow).toContain("18");
    // The turns run in that order.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 1, "Kara"]));
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1D SW-03 (review of issue 27): the GM rolls the NPCs (the hidden Guard 16 + 2 = 18, sealed), then Alice rolls Kara 12 + 2 = 14 before the start — every client, the GM's too, orders Guard, Kara, Thug, and Alice's End turn on Kara's turn stands", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await d20Encounter({ hiddenGuard: true });
    // The Thug 8 + 1 = 9, the Guard 16 + 2 = 18 (kept in the GM's browser; its document holds a rank).
    table.dice(8, 16);
    await gm.run(() => G().game.combat.rollNPC());
    await table.settle();
    table.dice(12);
    await alice.run(() => G().game.combat.rollInitiative([CMB.kara]));
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Guard", "Kara", "Thug"]);
    expect(alice.run(() => G().game.combat.combatants.get(CMB.guard).initiative)).not.toBe(18);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 1, "Kara"]));
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 2, "Thug"]));
    expect(told(alice).join(" ")).not.toContain("put back");
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1A SW-01 (review of issue 27): on the Guard's turn Alice's console writes round 2 and Kara's turn together: the GM puts it back and no round-2 turn start ran — Kara is not marked as having started a turn in round 2", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    await aliceWrites(alice, { round: 2, turn: 1 });
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    expect(onEveryClient(table, () => G().game.combat.system.turnStarts?.round ?? 1)).toEqual(
      everyone(table, 1),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1A SW-03 (review of issue 27): on the Guard's turn Alice's console writes a flag on Kara's Combatant with core's combatTurn option pointing at the Thug — the turn stays the Guard's on every client", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    await alice.run(() =>
      G()
        .game.combat.combatants.get(CMB.kara)
        .update({ "flags.frontier-tactics.note": 1 }, { combatTurn: 2 }),
    );
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    expect(table.unhandled).toEqual([]);
  });

  it("T2-3E SW-34 SW-24: on the Guard's turn Alice's console readies Kara's action and marks her running, and on her own turn after running clears it to get her Dex back: each put back; readying on her own turn stands", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID] });
    await d20Encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 0, "Guard"]));
    const kara = () => G().game.combat.combatants.find((c: any) => c.name === "Kara");
    const marks = () =>
      onEveryClient(table, () => {
        const c = G().game.combat.combatants.find((x: any) => x.name === "Kara");
        return [c.system.state, c.system.running ?? null];
      });
    await alice.run(() => kara().update({ "system.state": "readied" }));
    await table.settle();
    await alice.run(() => kara().update({ "system.running": { active: true, round: 1, count: 1 } }));
    await table.settle();
    expect(marks()).toEqual(everyone(table, ["none", null]));
    // Kara's turn: the GM's write of her run (SW-24: her Dex is gone until her next turn); Alice clears it.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: any) => c.name === "Kara")
        .update({ "system.running": { active: true, round: 1, count: 1 } }),
    );
    await table.settle();
    await alice.run(() => kara().update({ "system.running": { active: false, round: 1, count: 1 } }));
    await table.settle();
    expect(marks()).toEqual(everyone(table, ["none", { active: true, round: 1, count: 1 }]));
    expect(told(alice).filter((n) => n.includes("put it back"))).toHaveLength(3);
    // Her own turn: readying stands (SW-34, as the tracker's Ready writes it).
    await alice.run(() => kara().update({ "system.state": "readied" }));
    await table.settle();
    expect(marks()).toEqual(everyone(table, ["readied", { active: true, round: 1, count: 1 }]));
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1A SF-X-01: in a sides combat (phases off), on the pirate captain's turn Alice's console jumps to Eusyl's; the GM puts it back", async () => {
    const { alice } = await sidesCombat();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate captain", "Pirate", "Eusyl"]);
    await aliceWrites(alice, { turn: 2 });
    expect(state()).toEqual(everyone(table, [1, 0, "Pirate captain"]));
    expect(told(alice)).toEqual([PUT_BACK_TURN]);
    expect(table.unhandled).toEqual([]);
  });
  it("T2-1A SF-X-01 (issue 33, final trust review 1.1): on the Pirate's turn the GM clicks Next Round; while it releases held damage and rolls the sides, Alice's console writes turn 0 — round 2 starts with the Pirate captain on every client, not on the Pirate", async () => {
    const { gm, alice } = await sidesCombat();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate captain", "Pirate", "Eusyl"]);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 1, "Pirate"]));
    table.dice(9, 5);
    const clickDone = gm.run(() => G().game.combat.nextRound());
    await alice.run(() => G().game.combat.update({ turn: 0 }));
    for (let i = 0; i < 8; i++) await table.settle();
    await clickDone;
    for (let i = 0; i < 5; i++) await table.settle();
    expect(state()).toEqual(everyone(table, [2, 0, "Pirate captain"]));
  });
});
