/**
 * Scenario (issue 31, last session's closing note, second trust pass): what the GM reads of the scene for a player's
 * d20 reaction or action instead of taking the player's word — SW-25 an attack of opportunity made from the tracker
 * (no GM offer behind it) needs a basis on the scene, SW-21 the charge's walked distance is the token's movement
 * history, which a player's history-only `isUndo` write could forge. Set up as trust-provoke.test.ts: Kara (Alice's, a
 * lightsaber) between the Thug and the Raider (NPCs, each a vibroblade), adjacent on a 1 m grid; initiative d20s 18,
 * 10, 5 → Kara 20, Thug 12, Raider 7.
 *
 *   row 5:  Raider (4)  Kara (5)  Thug (6)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  messageIds,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";
import { dragThrough, gmNextTurn, startEncounter } from "./kit-provoke.js";

const SCENE = id("sceneTrustReads");
const KARA = id("actKaraTrReads");
const THUG = id("actThugTrReads");
const RAIDER = id("actRaidTrReads");
const SABER = id("itmSaberTrReads");
const BLADE = { thug: id("itmBladeThTrRd"), raider: id("itmBladeRaTrRd") };
const CMB = { kara: id("cmbKaraTrReads"), thug: id("cmbThugTrReads"), raider: id("cmbRaidTrReads") };
const TOK = { kara: id("tokKaraTrReads"), thug: id("tokThugTrReads"), raider: id("tokRaidTrReads") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const blade = (itemId: string) =>
  itemFromPack("d20", "lightsaber", itemId, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade");

const world = () => ({
  settings: [settingSource(id("setEngTrReads"), "engine", "d20")],
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
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(6, 5)),
        foeToken(TOK.raider, "Raider", RAIDER, cell(4, 5)),
      ],
    }),
  ],
});

/** The GM's encounter: Kara 20, Thug 12, Raider 7; Kara's turn. */
async function encounter(w = world()): Promise<void> {
  table = await createTable({ world: w, online: [GM_ID, ALICE_ID] });
  await startEncounter(table, SCENE, {
    cmb: CMB,
    tok: TOK,
    act: { kara: KARA, thug: THUG, raider: RAIDER },
  });
}

const nextTurn = () => gmNextTurn(table);

/** `who` moves `tokenId` along row 5 through columns `cols` (v13 `TokenDocument#move`), each with `action`. */
const moveAlong = (who: Client, tokenId: string, cols: number[], action = "walk") =>
  dragThrough(
    table,
    who,
    SCENE,
    tokenId,
    cols.map((c) => cell(c, 5)),
    action,
  );

/** `who` walks Kara down column 5 through rows `rows`, as a drag does. */
const moveAlongColumn = (who: Client, rows: number[]) =>
  dragThrough(
    table,
    who,
    SCENE,
    TOK.kara,
    rows.map((r) => cell(5, r)),
  );

/** Alice's console posts message `msg`'s card again as a new attack (roll id `rollId`), as a script would. */
function forgeCopy(msg: string, rollId: string, edit: (card: any) => void = () => {}): Promise<string> {
  return table.client(ALICE_ID).run(async () => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    card.applied = [];
    card.rollId = rollId;
    edit(card);
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

/**
 * Why the GM's record of attacks refused message `msg` (null: admitted), once the GM's page drew it (the active GM
 * seals and records a card when it first reads it); "unrecorded" when the record has no entry for it.
 */
async function refusal(msg: string): Promise<string | null> {
  renderMessage(table.client(GM_ID), msg);
  await table.settle();
  return table.client(GM_ID).run(() => {
    const entry = G().game.users.get(GM_ID).getFlag("frontier-tactics", "attacks")?.[msg];
    return entry ? (entry.no ?? null) : "unrecorded";
  });
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("scenario: the GM reads the scene behind a player's d20 reaction (issue 31, closing note)", () => {
  it("SW-25: Alice makes Kara's attack of opportunity at the adjacent Thug from the tracker (admitted); in round 2, the Thug put 6 m away by the GM, her console posts that card again — no offer, no threat, no walk: the GM refuses it and its card says why; when the Thug then walks out of Kara's reach on his turn, the same card from her console is admitted", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    const button = row(await tracker(alice), "Kara").querySelector('[data-action="attackOfOpportunity"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice)).toEqual([]);
    const honest = await dialogKit.aliceRolls(alice, 15, 3, 4);
    expect(await refusal(honest)).toBeNull();

    // The GM displaces the Thug 6 m east (a GM's teleport: no movement, nothing provoked); round 2, Kara's turn.
    await moveAlong(gm, TOK.thug, [12], "displace");
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(gm.run(() => G().game.combat.round)).toBe(2);
    const forged = await forgeCopy(honest, "rollForgedAoo001");
    expect(await refusal(forged)).toBe("FT.Card.aooNoBasis");
    expect(text(renderMessage(gm, forged))).toContain(
      "This attack of opportunity has no basis on the scene: its attacker does not threaten the target",
    );

    // The Thug's turn: the GM puts him back beside Kara (a displace) and walks him 3 m east, out of her reach.
    await nextTurn();
    expect(currentTurn(gm)).toBe("Thug");
    await moveAlong(gm, TOK.thug, [6], "displace");
    await moveAlong(gm, TOK.thug, [7, 8, 9]);
    // Fixaim (trust review 1.3): the Thug has acted since round 1, so the copy says his Dex as it stands now (a stale
    // "No Dex: flat-footed" is refused at admission, card-basis.ts `noDexUnfounded`).
    const walked = await forgeCopy(honest, "rollForgedAoo002", (card) => {
      const d = card.targets[0].d20;
      const dex = G().game.actors.get(THUG).system.derived.d20.mods.dex as number;
      d.defenseTerms = d.defenseTerms.filter((t: any) => !t.id.startsWith("noDex."));
      if (dex > 0 && !d.defenseTerms.some((t: any) => t.id === "dex")) {
        d.defenseTerms.push({ id: "dex", label: "FT.D20.Defense.dex", value: dex, ruleId: "SW-08" });
        d.defense += dex;
      }
    });
    expect(await refusal(walked)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});

/** Kara's recorded walk this round on every client: "x,y action" (top-left pixels). */
const karaWalk = () =>
  onEveryClient(table, () =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .movementHistory.map((w: any) => `${w.x},${w.y} ${w.action}`),
  );

/** The attack dialog's refusal line, as Alice reads it. */
const dialogRefusal = () =>
  table
    .client(ALICE_ID)
    .run(() =>
      text(dialogKit.attackDialog(table.client(ALICE_ID)).element.querySelector('[data-ft-field="error"]')),
    );

describe("scenario: the walk a charge reads is the one the token made (issue 31, closing note)", () => {
  it("SW-21: Alice's console writes Kara a 4 m walk down to the Thug (an isUndo update of her movement history alone, no move) — the GM puts her history back on every client and her charge is refused in the dialog; after she walks the 4 m herself, her charge is made", async () => {
    await encounter();
    const alice = table.client(ALICE_ID);
    expect(karaWalk()).toEqual(everyone(table, []));
    // The walk a drag from row 1 to row 5 records (v13 `TokenMeasuredMovementWaypoint`s), written as a script would.
    await alice.run(() => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK.kara);
      const walk = [1, 2, 3, 4, 5].map((r, i) => ({
        ...cell(5, r),
        elevation: 0,
        width: doc.width,
        height: doc.height,
        shape: doc.shape ?? 0,
        action: "walk",
        terrain: null,
        snapped: false,
        explicit: true,
        checkpoint: true,
        intermediate: false,
        userId: G().game.user.id,
        movementId: "forgedWalk000001",
        cost: i === 0 ? 0 : 1,
      }));
      return doc.update({ _movementHistory: walk }, { isUndo: true, diff: false });
    });
    await table.settle();
    expect(karaWalk()).toEqual(everyone(table, []));
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    expect(dialogRefusal()).toBe(
      "A charge moves at least 4 m and at most twice your speed (20 m) before its attack; this round’s move was 0 m (SW-21).",
    );
    await dialogKit.cancel(alice);
    expect(messageIds(alice)).toEqual([]);

    // Honest: the GM puts Kara on row 1 (a displace) and Alice walks her down the 4 m to the Thug.
    await table.client(GM_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move([{ ...cell(5, 1), action: "displace" }], { method: "api" }),
    );
    await table.settle();
    await moveAlongColumn(alice, [2, 3, 4, 5]);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    const msg = await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(await refusal(msg)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21: Alice walks Kara the 4 m down to the Thug and charges him (admitted); in round 2, Kara not having moved, her console posts that charge card again — the GM refuses it (no walk in its record of Kara's movement) and its card says why", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move([{ ...cell(5, 1), action: "displace" }], { method: "api" }),
    );
    await table.settle();
    await moveAlongColumn(alice, [2, 3, 4, 5]);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    const charge = await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(await refusal(charge)).toBeNull();
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(gm.run(() => G().game.combat.round)).toBe(2);
    expect(karaWalk()).toEqual(everyone(table, []));
    const again = await forgeCopy(charge, "rollForgedChg001");
    expect(await refusal(again)).toBe("FT.Card.chargeNoWalk");
    expect(text(renderMessage(gm, again))).toContain("This charge has no walk behind it");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21 (trust review 1.2): in round 2 Alice's console moves Kara 1 px with a forged 4 m walk down to the Thug in an undo write ({isUndo: true}) and posts her round-1 charge card again — the GM's record of Kara's walk never holds the forged walk, the charge is refused, and every client's history is the 1 px move", async () => {
    const charge = await chargeThenRound2();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // What the GM's record holds when each history write reaches its page (a hook after walk-guard's).
    await gm.run(async () => {
      const wg = await import("../../src/workflows/turn/walk-guard.js");
      const seen: string[] = [];
      (globalThis as { __seen?: string[] }).__seen = seen;
      G().Hooks.on("updateToken", (doc: any, ch: any, _o: unknown, uid: string) => {
        if ("_movementHistory" in ch)
          seen.push(`${uid === GM_ID ? "GM" : "Alice"} ${wg.trustedHistory(doc).length}`);
      });
    });
    await alice.run(() => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK.kara);
      const walk = [1, 2, 3, 4, 5].map((r, i) => ({
        ...cell(5, r),
        elevation: 0,
        width: doc.width,
        height: doc.height,
        shape: doc.shape ?? 0,
        action: "walk",
        terrain: null,
        snapped: false,
        explicit: true,
        checkpoint: true,
        intermediate: false,
        userId: G().game.user.id,
        movementId: "forgedWalk000002",
        cost: i === 0 ? 0 : 1,
      }));
      return doc.update({ x: doc.x + 1, _movementHistory: walk }, { isUndo: true, diff: false });
    });
    await table.settle();
    const seen = gm.run(() => (globalThis as { __seen?: string[] }).__seen ?? []);
    expect(seen[0]).toBe("Alice 0");
    const x = cell(5, 5).x;
    expect(karaWalk()).toEqual(
      everyone(table, [`${x},${cell(5, 5).y} walk`, `${x + 1},${cell(5, 5).y} walk`]),
    );
    const again = await forgeCopy(charge, "rollForgedChg002");
    expect(await refusal(again)).toBe("FT.Card.chargeNoWalk");
    expect(table.unhandled).toEqual([]);
  });
});

/** Alice walks Kara the 4 m down to the Thug and charges him (admitted); the GM turns to round 2. The charge card. */
async function chargeThenRound2(): Promise<string> {
  await encounter();
  const gm = table.client(GM_ID);
  const alice = table.client(ALICE_ID);
  await gm.run(() =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .move([{ ...cell(5, 1), action: "displace" }], { method: "api" }),
  );
  await table.settle();
  await moveAlongColumn(alice, [2, 3, 4, 5]);
  await dialogKit.aliceOpensAttack(alice, SABER);
  await dialogKit.set(alice, "assist.charging", true);
  const charge = await dialogKit.aliceRolls(alice, 2, 3, 4);
  expect(await refusal(charge)).toBeNull();
  await nextTurn();
  await nextTurn();
  await nextTurn();
  expect(gm.run(() => G().game.combat.round)).toBe(2);
  expect(karaWalk()).toEqual(everyone(table, []));
  return charge;
}

/** Alice's console posts message `msg`'s card again (roll id `rollId`) with its `charge` term changed by `edit`. */
function forgeCharge(msg: string, rollId: string, edit: "rename" | "override"): Promise<string> {
  return table.client(ALICE_ID).run(async () => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    card.applied = [];
    card.rollId = rollId;
    for (const t of card.targets)
      for (const term of t.modifiers)
        if (term.id === "charge") {
          if (edit === "rename") Object.assign(term, { id: "misc", ruleId: "SW-04", label: "Misc" });
          else term.overridden = true;
        }
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

describe("scenario: the GM reads a player's to-hit terms by rule, not by name (issue 31, trust review 1.1)", () => {
  it("SW-21: in round 2, Kara not having moved, Alice's console posts her charge card again with the +2 renamed a misc term, and again with the charge term flagged overridden — the GM refuses both (a term the engine does not write; a charge without its walk) and each card says why", async () => {
    const charge = await chargeThenRound2();
    const gm = table.client(GM_ID);
    const renamed = await forgeCharge(charge, "rollForgedChg003", "rename");
    expect(await refusal(renamed)).toBe("FT.Card.termForged");
    expect(text(renderMessage(gm, renamed))).toContain("a to-hit term the engine does not write");
    const overridden = await forgeCharge(charge, "rollForgedChg004", "override");
    expect(await refusal(overridden)).toBe("FT.Card.chargeNoWalk");
    expect(text(renderMessage(gm, overridden))).toContain("This charge has no walk behind it");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04: Alice types Kara's Strength term up from +2 to +4 in the attack dialog (a situational bonus the dialog lets her enter) — the GM admits her card, and every client's card draws the +4 as entered by Alice", async () => {
    await encounter();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, `mod.Scene.${SCENE}.Token.${TOK.thug}.str`, "+4");
    const msg = await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(await refusal(msg)).toBeNull();
    const strRow = () =>
      Object.fromEntries(
        table.all.map((c) => [
          c.user.name as string,
          c.run(() =>
            [...renderMessage(c, msg).querySelectorAll(".ft-mods li")]
              .map((li: Element) => text(li))
              .filter((s: string) => s.startsWith("Strength")),
          ),
        ]),
      );
    expect(strRow()).toEqual(everyone(table, ["StrengthSW-04+4 entered by Alice"]));
    expect(table.unhandled).toEqual([]);
  });
});

const ELSEWHERE = id("sceneElsewhereTR");

/**
 * The world with the Hangar's grid measuring diagonals 1-2-1 (v13 `GRID_DIAGONALS.ALTERNATING_1` = 4, the harness's
 * stand-in for the world's `core.gridDiagonals`) and a second scene the GM can view.
 */
function alternatingWorld() {
  const w = world();
  return {
    ...w,
    scenes: [
      { ...w.scenes[0]!, grid: { ...(w.scenes[0]!.grid as object), diagonals: 4 } },
      sceneSource({ _id: ELSEWHERE, name: "Elsewhere", active: false, tokens: [] }),
    ],
  };
}

describe("scenario: the GM measures a charge's walk on the token's own scene (issue 31, trust review 2.1)", () => {
  it("SW-21: with diagonals counted 1-2-1, Alice walks Kara three diagonal squares down to the Thug (1 + 2 + 1 = 4 m) while the GM views another scene — her charge is admitted, the GM measuring the walk with the Hangar's grid as her page does", async () => {
    await encounter(alternatingWorld());
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move([{ ...cell(2, 2), action: "displace" }], { method: "api" }),
    );
    await table.settle();
    await alice.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .move(
          [3, 4, 5].map((n) => ({ ...cell(n, n), action: "walk" })),
          { method: "dragging" },
        ),
    );
    await table.settle();
    // The GM turns to another scene (v13: the viewed scene is the canvas's).
    gm.run(() => {
      G().game.scenes.viewed = G().game.scenes.get(ELSEWHERE);
    });
    gm.refreshCanvas();
    expect(gm.run(() => G().canvas.scene.id)).toBe(ELSEWHERE);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    expect(dialogRefusal()).toBe("");
    const charge = await dialogKit.aliceRolls(alice, 2, 3, 4);
    expect(await refusal(charge)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});

const KARA_B = { tok: id("tokKaraBTrReads"), cmb: id("cmbKaraBTrReads") };

describe("scenario: two tokens of one actor — the GM reads the card's own token (issue 31, trust review rank 3)", () => {
  it("SW-25: Kara has two tokens in the fight, the first far off, the second (Kara B) beside the Thug — Alice makes Kara B's attack of opportunity at the Thug from its tracker row, and the GM admits it, reading the threat from Kara B (the card's speaker), not from the actor's first token", async () => {
    const w = world();
    const scene = w.scenes[0]! as { tokens: object[] };
    table = await createTable({
      world: {
        ...w,
        scenes: [
          {
            ...scene,
            tokens: [
              tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(1, 9) }),
              tokenSource({ _id: KARA_B.tok, name: "Kara B", actorId: KARA, actorLink: true, ...cell(5, 5) }),
              ...scene.tokens.slice(1),
            ],
          },
        ],
      },
      online: [GM_ID, ALICE_ID],
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: KARA_B.cmb, tokenId: KARA_B.tok, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
      { _id: CMB.raider, tokenId: TOK.raider, actorId: RAIDER },
    ]);
    table.dice(18, 17, 10, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    alice.target(TOK.thug);
    const button = row(await tracker(alice), "Kara B").querySelector('[data-action="attackOfOpportunity"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    const msg = await dialogKit.aliceRolls(alice, 15, 3, 4);
    expect(gm.run(() => G().game.messages.get(msg).speaker.token)).toBe(KARA_B.tok);
    expect(await refusal(msg)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: the fix round's final review (issue 31)", () => {
  it("SW-21 (final review 1.2): the GM displaces Kara to the top of the column and back beside the Thug; Alice steps her one square; her console 'undoes' that step with the GM's displaces rewritten as her walks — the GM's record keeps the displaces, puts her history back on every client, and her charge is refused in the dialog", async () => {
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const displace = (row: number) =>
      gm.run(() =>
        G()
          .game.scenes.get(SCENE)
          .tokens.get(TOK.kara)
          .move([{ ...cell(5, row), action: "displace" }], { method: "api" }),
      );
    await displace(1);
    await table.settle();
    await displace(5);
    await table.settle();
    await moveAlongColumn(alice, [4]);
    const honest = karaWalk();
    await alice.run(async () => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK.kara);
      const h = structuredClone(doc._source._movementHistory);
      const last = h.at(-1).movementId;
      const at = h.findIndex((w: { movementId: string }) => w.movementId === last);
      const prefix = h.slice(0, at).map((w: object) => ({ ...w, action: "walk", userId: G().game.user.id }));
      const { x, y, elevation, width, height, shape } = h[Math.max(at - 1, 0)];
      await doc.update(
        { x, y, elevation, width, height, shape, _movementHistory: prefix },
        { isUndo: true, diff: false, animate: false },
      );
    });
    await table.settle();
    // The forged prefix is not v13's own undo (its waypoints are not the kept ones): the GM's displaces stay
    // displaces on every client; the square she moved back is recorded as her walk from where she stood.
    const back = `${cell(5, 5).x},${cell(5, 5).y} walk`;
    expect(karaWalk()).toEqual(
      Object.fromEntries(Object.entries(honest).map(([user, walk]) => [user, [...walk, back]])),
    );
    const { trustedHistory } = await import("../../src/workflows/turn/walk-guard.js");
    expect(
      gm.run(() =>
        trustedHistory(G().game.scenes.get(SCENE).tokens.get(TOK.kara))
          .filter((w: { action: string }) => w.action === "walk")
          .map((w: { x: number; y: number }) => `${w.x},${w.y}`),
      ),
    ).not.toContain(`${cell(5, 1).x},${cell(5, 1).y}`);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    expect(dialogRefusal()).toContain("SW-21");
  });

  for (const viewNull of [false, true])
    it(`SW-01 (final review 1.3): Alice's honest round-1 lightsaber blow at the flat-footed Thug ('No Dex: flat-footed') is admitted${viewNull ? " while the GM's page views no combat" : ""}`, async () => {
      await encounter();
      const gm = table.client(GM_ID);
      const alice = table.client(ALICE_ID);
      if (viewNull)
        gm.run(() => {
          G().ui.combat.viewed = null;
        });
      await dialogKit.aliceOpensAttack(alice, SABER);
      const blow = await dialogKit.aliceRolls(alice, 15, 3, 4);
      expect(
        gm.run(() =>
          G()
            .game.messages.get(blow)
            .system.card.targets[0].d20.defenseTerms.map((m: { id: string }) => m.id),
        ),
      ).toContain("noDex.defenderFlatFooted");
      expect(await refusal(blow)).toBeNull();
    });
});
