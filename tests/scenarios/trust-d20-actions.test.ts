/**
 * Scenario (issue 31, trust review 1.2, 1.3, 2.5–2.7): what a player's console can forge of the d20 actions, and the
 * active GM's refusal of it. Kara (Alice's, a lightsaber) stands between the Thug and the Raider (NPCs, each a
 * vibroblade), adjacent on a 1 m grid; initiative d20s 18, 10, 5 → Kara 20, Thug 12, Raider 7. The probes of the
 * trust review (`zz-trust-probe.test.ts` in its worktree) are the basis of each `it`.
 *
 *   row 5:  Raider (4)  Kara (5)  Thug (6)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { requestGM } from "../../src/helpers/gm-request.js";
import { resetAppRecords } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { gmNextTurn, startEncounter } from "./kit-provoke.js";

const SCENE = id("sceneTrustD20Act");
const KARA = id("actKaraTrustAct");
const THUG = id("actThugTrustAct");
const RAIDER = id("actRaidTrustAct");
const SABER = id("itmSaberTrustAct");
const BLADE = { thug: id("itmBladeThugTrAc"), raider: id("itmBladeRaidTrAc") };
const CMB = { kara: id("cmbKaraTrustAct"), thug: id("cmbThugTrustAct"), raider: id("cmbRaidTrustAct") };
const TOK = { kara: id("tokKaraTrustAct"), thug: id("tokThugTrustAct"), raider: id("tokRaidTrustAct") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const blade = (itemId: string) =>
  itemFromPack("d20", "lightsaber", itemId, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade");

/** `more`: other tokens on the scene (review 3, 2.6: a second token of Kara's). */
const world = (karaRow = 5, more: Record<string, unknown>[] = []) => ({
  settings: [settingSource(id("setEngineTrAct"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" }, equipped: true })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    { ...d20Foe(THUG, "Thug", HEROIC_POOLS), items: [blade(BLADE.thug)] },
    { ...d20Foe(RAIDER, "Raider", HEROIC_POOLS), items: [blade(BLADE.raider)] },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, karaRow) }),
        foeToken(TOK.thug, "Thug", THUG, cell(6, 5)),
        foeToken(TOK.raider, "Raider", RAIDER, cell(4, 5)),
        ...more,
      ],
    }),
  ],
});

/** The GM's encounter: Kara 20, Thug 12, Raider 7; Kara's turn (Kara on row `karaRow`, 5 beside the Thug). */
async function encounter(karaRow = 5): Promise<void> {
  table = await createTable({ world: world(karaRow), online: [GM_ID, ALICE_ID] });
  await startEncounter(table, SCENE, {
    cmb: CMB,
    tok: TOK,
    act: { kara: KARA, thug: THUG, raider: RAIDER },
  });
}

/**
 * SW-21 "You must move at least 4 meters": Alice walks Kara from row 1 down to row 5 between the Thug and the Raider
 * (4 m on the 1 m grid), as a drag does (v13 `TokenDocument#move`, client/documents/token.mjs).
 */
async function chargeIn(): Promise<void> {
  await table.client(ALICE_ID).run(() =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .move(
        [2, 3, 4, 5].map((r) => ({ ...cell(5, r), action: "walk" })),
        { method: "dragging" },
      ),
  );
  await table.settle();
}

const nextTurn = () => gmNextTurn(table);

/* -------------------------------------------- */
/*  SW-33 coup de grace                         */
/* -------------------------------------------- */

/** The GM drops the Thug to −1 WP, dying (helpless, SW-33). */
async function thugDying(): Promise<void> {
  await table.client(GM_ID).run(async () => {
    const a = G().game.scenes.get(SCENE).tokens.get(TOK.thug).actor;
    await a.update({ system: { d20: { wounds: { value: -1 } } } });
    await a.toggleStatusEffect("dying", { active: true });
  });
  await table.settle();
}

const CDG = {
  kind: "coupDeGrace",
  tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
  target: `Scene.${SCENE}.Token.${TOK.thug}`,
  itemId: SABER,
} as const;

/** Alice's console asks the GM for `n` coups de grace at once (not through the sheet); the GM's answers. */
async function askCoupsDeGrace(n: number): Promise<{ applied: string[]; skipped: { reason: string }[] }[]> {
  const alice = table.client(ALICE_ID);
  const answers = await alice.run(() =>
    Promise.all(Array.from({ length: n }, () => requestGM(CDG as Parameters<typeof requestGM>[0]))),
  );
  await table.settle();
  return answers;
}

const thugWounds = () =>
  onEveryClient(table, () => {
    const a = G().game.scenes.get(SCENE).tokens.get(TOK.thug).actor;
    return [a.system.d20.wounds.value as number, ["dead", "dying"].filter((s) => a.statuses.has(s))];
  });

const coupCards = () =>
  table
    .client(GM_ID)
    .run(() => G().game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-33").length as number);

describe("trust: the GM bounds a d20 coup de grace (SW-33, SW-13)", () => {
  it("SW-33 SW-13: off Kara's turn (the Thug's), Alice's console asks three coups de grace — the GM refuses all three: the Thug stays at −1 WP, dying, on every client", async () => {
    await encounter();
    await nextTurn();
    await thugDying();
    table.dice(1, 1, 20, 1, 1, 20, 1, 1, 20);
    const answers = await askCoupsDeGrace(3);
    expect(answers.map((a) => [a.applied.length, a.skipped.map((s) => s.reason)])).toEqual([
      [0, ["FT.D20.CoupDeGrace.notYourTurn"]],
      [0, ["FT.D20.CoupDeGrace.notYourTurn"]],
      [0, ["FT.D20.CoupDeGrace.notYourTurn"]],
    ]);
    expect(thugWounds()).toEqual(everyone(table, [-1, ["dying"]]));
    expect(coupCards()).toBe(0);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33 SW-13: on Kara's turn three requests at once give one blow — 2d8 [1, 1] + 2 = 4: WP −1 → −5, Fortitude d20 20 vs DC 14 survives; the other two are refused as the round's action spent, and the GM's ledger write says so on every client", async () => {
    await encounter();
    await thugDying();
    table.dice(1, 1, 20, 1, 1, 20, 1, 1, 20);
    const answers = await askCoupsDeGrace(3);
    expect(answers.map((a) => [a.applied.length, a.skipped.map((s) => s.reason)])).toEqual([
      [1, []],
      [0, ["FT.D20.CoupDeGrace.acted"]],
      [0, ["FT.D20.CoupDeGrace.acted"]],
    ]);
    expect(thugWounds()).toEqual(everyone(table, [-5, ["dying"]]));
    expect(coupCards()).toBe(1);
    // The GM wrote the round's action on Kara's ledger: her own page's gate refuses any other action this round.
    expect(
      onEveryClient(table, () => {
        const t = G().game.combat.combatants.get(CMB.kara).system.turn;
        return [t?.round, t?.shots];
      }),
    ).toEqual(everyone(table, [1, 1]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33 SW-13: after Kara's coup de grace Alice's console clears her ledger and attacks — the GM's record holds the blow as her round's action: the card is refused as over allowance", async () => {
    await encounter();
    await thugDying();
    table.dice(1, 1, 20);
    const [answer] = await askCoupsDeGrace(1);
    expect(answer!.applied).toHaveLength(1);
    await table.client(ALICE_ID).run(() =>
      G()
        .game.combat.combatants.get(CMB.kara)
        .update({ system: { turn: null } }),
    );
    await table.settle();
    table.dice(15, 4, 4);
    const mid = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.raider]);
    expect(mid).not.toBeNull();
    expect(
      table.client(GM_ID).run(() => G().game.user.flags["frontier-tactics"]?.attacks?.[mid!]?.no ?? null),
    ).toBe("FT.Card.overAllowance");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-33 SW-10: a disabled Kara (0 WP) is refused by the GM itself, whatever her page skips", async () => {
    await encounter();
    await thugDying();
    await table.client(GM_ID).run(() =>
      G()
        .game.actors.get(KARA)
        .update({ system: { d20: { vitality: { value: 0 }, wounds: { value: 0 } } } }),
    );
    await table.settle();
    const answers = await askCoupsDeGrace(1);
    expect(answers.map((a) => a.skipped.map((s) => s.reason))).toEqual([["FT.D20.Disabled.noFullRound"]]);
    expect(thugWounds()).toEqual(everyone(table, [-1, ["dying"]]));
    expect(table.unhandled).toEqual([]);
  });
});

/* -------------------------------------------- */
/*  SW-17, SW-21, SW-23 declared defense        */
/* -------------------------------------------- */

const kara = () => G().game.combat.combatants.get(CMB.kara);

/** Kara's Combatant's `defending` mark on every client. */
const defending = () => onEveryClient(table, () => kara().system.defending ?? null);

/** Alice's console writes Kara's Combatant's `system` (her own: v13 lets the owner write it). */
async function aliceWrites(system: Record<string, unknown>): Promise<void> {
  await table.client(ALICE_ID).run(() => kara().update({ system }));
  await table.settle();
}

const putBacks = () => told(table.client(ALICE_ID)).filter((n) => n.includes("put it back")).length;

/** The GM's record of one card: why it was refused, or null (admitted). */
const refusedAs = (messageId: string) =>
  table.client(GM_ID).run(() => G().game.user.flags["frontier-tactics"]?.attacks?.[messageId]?.no ?? null);

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("trust: the GM backs a declared defense by what it recorded (SW-17, SW-21, SW-23)", () => {
  it("SW-17 SW-23: on Kara's turn Alice's console writes total defense and fighting defensively together (+6 dodge), with the round's total-defense action — the GM puts the mark back on every client", async () => {
    await encounter();
    await aliceWrites({
      turn: { round: 1, shots: 0, reloaded: false, fired: {}, action: "totalDefense" },
      defending: { round: 1, totalDefense: true, fightingDefensively: true, charging: false },
    });
    expect(defending()).toEqual(everyone(table, null));
    expect(putBacks()).toBe(1);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-17: Alice's console writes total defense with no total-defense action on Kara's ledger — put back; written with it (as the tracker writes them), it stands", async () => {
    await encounter();
    const total = { round: 1, totalDefense: true, fightingDefensively: false, charging: false };
    await aliceWrites({ defending: total });
    expect(defending()).toEqual(everyone(table, null));
    await aliceWrites({
      turn: { round: 1, shots: 0, reloaded: false, fired: {}, action: "totalDefense" },
      defending: total,
    });
    expect(defending()).toEqual(everyone(table, total));
    expect(putBacks()).toBe(1);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-17: after Kara's total defense, Alice's console clears her ledger and attacks — the GM refuses the card (\"you don't actually make an attack\"); after an attack, a total defense is put back", async () => {
    await encounter();
    const total = { round: 1, totalDefense: true, fightingDefensively: false, charging: false };
    await aliceWrites({
      turn: { round: 1, shots: 0, reloaded: false, fired: {}, action: "totalDefense" },
      defending: total,
    });
    await aliceWrites({ turn: null });
    table.dice(15, 4, 4);
    const mid = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(mid).not.toBeNull();
    expect(refusedAs(mid!)).toBe("FT.Card.defending");
    // The next round: Kara attacks first (admitted), then writes a total defense with its action — put back.
    await nextTurn();
    await nextTurn();
    await nextTurn();
    table.dice(15, 4, 4);
    const second = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(second).not.toBeNull();
    expect(refusedAs(second!)).toBeNull();
    await aliceWrites({
      turn: { round: 2, shots: 0, reloaded: false, fired: {}, action: "totalDefense" },
      defending: { ...total, round: 2 },
    });
    expect(defending()).toEqual(everyone(table, null));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-23 SW-21: Alice's console writes fighting defensively (+2 dodge) or a charge with no card of the round that declared it — put back; a charge rolled in the dialog keeps its mark", async () => {
    await encounter(1);
    await aliceWrites({
      defending: { round: 1, totalDefense: false, fightingDefensively: true, charging: false },
    });
    expect(defending()).toEqual(everyone(table, null));
    await aliceWrites({
      defending: { round: 1, totalDefense: false, fightingDefensively: false, charging: true },
    });
    expect(defending()).toEqual(everyone(table, null));
    expect(putBacks()).toBe(2);
    const alice = table.client(ALICE_ID);
    await chargeIn();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(defending()).toEqual(
      everyone(table, { round: 1, totalDefense: false, fightingDefensively: false, charging: true }),
    );
    expect(putBacks()).toBe(2);
    expect(table.unhandled).toEqual([]);
  });
});

describe("trust: a readied charge keeps its mark (SW-34, SW-21)", () => {
  it("SW-34 SW-21 (trust review 3.3): Kara readies her action; on the Thug's turn Alice charges him from the dialog — the admitted card backs her −2, which the GM no longer puts back", async () => {
    await encounter(1);
    await aliceWrites({ state: "readied" });
    expect(onEveryClient(table, () => kara().system.state)).toEqual(everyone(table, "readied"));
    await nextTurn();
    expect(currentTurn(table.client(GM_ID))).toBe("Thug");
    const alice = table.client(ALICE_ID);
    await chargeIn();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(defending()).toEqual(
      everyone(table, { round: 1, totalDefense: false, fightingDefensively: false, charging: true }),
    );
    expect(putBacks()).toBe(0);
    expect(table.unhandled).toEqual([]);
  });
});

/* -------------------------------------------- */
/*  SW-44 pulled blow, SW-10 strain             */
/* -------------------------------------------- */

/** Alice's console posts message `msg`'s card again as a new attack (a new roll id), changed by `change`. */
function forgeCopy(msg: string, change: (card: any) => void): Promise<string> {
  return table.client(ALICE_ID).run(async () => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    card.applied = [];
    card.rollId = "rollForgedCopy";
    change(card);
    const { renderCard } = await import("../../src/workflows/card/card-render.js");
    const copy = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: await renderCard(card),
      rolls: m.rolls.map((r: any) => r.toJSON()),
    });
    return copy.id as string;
  });
}

const pools = (actorOf: () => any) =>
  onEveryClient(table, () => {
    const d = actorOf().system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });
const thugActor = () => G().game.scenes.get(SCENE).tokens.get(TOK.thug).actor;
const karaActor = () => G().game.actors.get(KARA);

describe("trust: the GM keeps a pulled blow and a disabled attacker's strain (SW-44, SW-10)", () => {
  it("SW-44 (trust review 2.6): Alice's console posts her honest swing (no −4) again with a pulled blow forged in — the GM refuses it: its Apply takes nothing, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(15, 4, 4);
    const mid = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(mid).not.toBeNull();
    const forged = await forgeCopy(mid!, (card) => {
      card.result.shots[0].outcome.pulled = "vitality";
    });
    await table.settle();
    clickCard(table.client(GM_ID), forged, "apply", "Thug");
    await table.settle();
    expect(pools(thugActor)).toEqual(everyone(table, "VP 10 WP 14"));
    expect(told(table.client(GM_ID)).at(-1)).toContain("a pulled blow without its −4 (SW-44)");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 (trust review 2.7): disabled Kara (0 WP) attacks through Alice's console, which skips her strain — the active GM writes it when it admits the card: WP 0 → −1, dying, on every client, and Alice is told", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(15, 4, 4);
    const mid = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    await table.client(GM_ID).run(async () => {
      await karaActor().update({ system: { d20: { vitality: { value: 0 }, wounds: { value: 0 } } } });
      await karaActor().toggleStatusEffect("disabled", { active: true });
    });
    await table.settle();
    await forgeCopy(mid!, () => {});
    await table.settle();
    expect(pools(karaActor)).toEqual(everyone(table, "VP 0 WP -1"));
    expect(
      onEveryClient(table, () => ["disabled", "dying"].filter((s) => karaActor().statuses.has(s))),
    ).toEqual(everyone(table, ["dying"]));
    expect(told(table.client(ALICE_ID)).at(-1)).toBe(
      "info: Kara strains while disabled: 1 wound point lost (SW-10).",
    );
    expect(table.unhandled).toEqual([]);
  });
});

/* -------------------------------------------- */
/*  SW-39 aid another (review 2)                */
/* -------------------------------------------- */

const AID = {
  kind: "aid",
  tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
  target: `Scene.${SCENE}.Token.${TOK.thug}`,
} as const;

/** Alice's console asks the GM for `n` aids at once (not through the sheet); the GM's answers. */
async function askAids(n: number): Promise<{ applied: string[]; skipped: { reason: string }[] }[]> {
  const answers = await table
    .client(ALICE_ID)
    .run(() =>
      Promise.all(Array.from({ length: n }, () => requestGM(AID as Parameters<typeof requestGM>[0]))),
    );
  await table.settle();
  return answers;
}

const aidCards = () =>
  table
    .client(GM_ID)
    .run(() => G().game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-39").length as number);

describe("trust: the GM bounds an aid another (SW-39, SW-13)", () => {
  it("SW-39 SW-13 (review 2): off Kara's turn Alice's console asks three aids — all refused; on her turn three at once give one roll, recorded as her attack action, the other two refused", async () => {
    await encounter();
    await nextTurn();
    const off = await askAids(3);
    expect(off.map((a) => a.skipped.map((s) => s.reason))).toEqual([
      ["FT.D20.Aid.notYourTurn"],
      ["FT.D20.Aid.notYourTurn"],
      ["FT.D20.Aid.notYourTurn"],
    ]);
    expect(aidCards()).toBe(0);
    // Round 2: the Thug, the Raider, then Kara's turn.
    await nextTurn();
    await nextTurn();
    expect(currentTurn(table.client(GM_ID))).toBe("Kara");
    table.dice(15, 15, 15);
    const on = await askAids(3);
    expect(on.map((a) => a.skipped.map((s) => s.reason))).toEqual([
      [],
      ["FT.D20.Aid.acted"],
      ["FT.D20.Aid.acted"],
    ]);
    expect(aidCards()).toBe(1);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-39 (review 2): the aider's own attack cannot take its aid — Kara aids (d20 15 + 8 = 23 vs 10), Alice's page edits its copy of the GM's kept aid and Kara's swing claims the +2: the GM refuses the card, its Apply takes nothing", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(15);
    const [answer] = await askAids(1);
    expect(answer?.applied.length).toBe(1);
    // Alice's page only: the kept aid now names someone else as the aider, so her dialog offers Kara the +2.
    table.client(ALICE_ID).run(() => {
      const aids = G().game.users.get(GM_ID).flags["frontier-tactics"].aids;
      for (const k of Object.keys(aids)) aids[k].aider = "someoneElse";
    });
    table.dice(15, 4, 4);
    const msg = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(msg).not.toBeNull();
    expect(rowText(table.client(GM_ID), msg!, "Thug")).toContain("Aid another");
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools(thugActor)).toEqual(everyone(table, "VP 10 WP 14"));
    expect(told(table.client(GM_ID)).at(-1)).toContain("aid another");
    expect(table.unhandled).toEqual([]);
  });
});

describe("trust: an aid's own-card check is by token (review 3, SW-39)", () => {
  it("SW-39 (review 3, 2.6): Kara's actor has a second token across the hangar; Kara aids (d20 15 + 8 = 23 vs 10), Alice's page edits its copy of the kept aid and Kara's own swing claims the +2 — the GM compares the card's token with the aider and refuses it: its Apply takes nothing", async () => {
    const twin = tokenSource({
      _id: id("tokKaraTwinTrAct"),
      name: "Kara",
      actorId: KARA,
      actorLink: true,
      ...cell(12, 12),
    });
    table = await createTable({
      world: world(5, [twin]),
      online: [GM_ID, ALICE_ID],
    });
    table.dice(15);
    const [answer] = await askAids(1);
    expect(answer?.applied.length).toBe(1);
    table.client(ALICE_ID).run(() => {
      const aids = G().game.users.get(GM_ID).flags["frontier-tactics"].aids;
      for (const k of Object.keys(aids)) aids[k].aider = "someoneElse";
    });
    table.dice(15, 4, 4);
    const msg = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(msg).not.toBeNull();
    expect(table.client(GM_ID).run(() => G().game.messages.get(msg!).speaker.token)).toBe(TOK.kara);
    expect(rowText(table.client(GM_ID), msg!, "Thug")).toContain("Aid another");
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools(thugActor)).toEqual(everyone(table, "VP 10 WP 14"));
    expect(told(table.client(GM_ID)).at(-1)).toContain("aid another");
    expect(table.unhandled).toEqual([]);
  });
});

describe("trust: a d20 card without its roll id (review 3, SW-39, SW-42)", () => {
  it("SW-39 SW-42 (review 3, 1.3): Alice's console posts her honest swing again with its roll id deleted (a used aid or aim is marked by that id) — the GM refuses it: its Apply takes nothing", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(15, 4, 4);
    const honest = await attack(table, table.client(ALICE_ID), KARA, SABER, [TOK.thug]);
    expect(honest).not.toBeNull();
    const forged = await forgeCopy(honest!, (card) => {
      delete card.rollId;
    });
    await table.settle();
    clickCard(table.client(GM_ID), forged, "apply", "Thug");
    await table.settle();
    expect(pools(thugActor)).toEqual(everyone(table, "VP 10 WP 14"));
    expect(told(table.client(GM_ID)).at(-1)).toContain("no roll id");
    expect(table.unhandled).toEqual([]);
  });
});
