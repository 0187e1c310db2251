/**
 * Scenario (issue 31): what a d20 attacker declares of its own attack, and what it keeps. Kara (BAB +11, Str 14,
 * Dex 14) holds a lightsaber and a blaster pistol beside the Thug (Defense 15, VP 10, WP 14).
 * - SW-21: a charge is ONE melee attack (+2) — ticked with a full attack, with the pistol, while fatigued (SW-10) or in
 *   the surprise round (SW-02) it is refused in the dialog, which stays open.
 * - SW-23: fighting defensively goes with a full attack; on a single attack it is refused.
 * - SW-44: a blow is pulled with a melee weapon only.
 * - SW-10, SW-12: a fatigued Kara cannot Run from the tracker.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import type { Client } from "../foundry/world.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
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
  messageIds,
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, lastCardLines, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Declare");
const KARA = id("actKaraDeclare");
const THUG = id("actThugDeclare");
const SABER = id("itmSaberDeclare");
const PISTOL = id("itmPistolDeclare");
const BLADE = id("itmBladeDeclare");
const AUTO = id("itmAutoDeclare");
const TOK = { kara: id("tokKaraDeclare"), thug: id("tokThugDeclare") };
const CMB = { kara: id("cmbKaraDeclare"), thug: id("cmbThugDeclare") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `wounded`: Kara has lost a wound point (WP 13 of 14): fatigued (SW-10). */
const world = (wounded = false, karaCol = 0) => ({
  settings: [settingSource(id("setEngineDeclare"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } }),
        itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" } }),
        // SW-35: a one-handed pistol with autofire (not a rifle, no tripod).
        itemFromPack(
          "d20",
          "blaster-pistol",
          AUTO,
          {
            d20: {
              damage: "3d6",
              fire: { single: true, multi: false, auto: true },
              twoHanded: false,
              rifle: false,
            },
            ammo: { unit: "rounds", perShot: 1, capacity: 50, remaining: 50 },
          },
          "Autoblaster",
        ),
      ],
      system: {
        d20: {
          bab: 11,
          abilities: { str: 14, dex: 14 },
          vitality: { value: 12, max: 12 },
          wounds: { value: wounded ? 13 : 14, max: 14 },
        },
      },
    }),
    {
      ...d20Foe(THUG, "Thug", HEROIC_POOLS),
      items: [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade")],
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(karaCol, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(1, 5)),
      ],
    }),
  ],
});

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });
/** The dialog's refusal, as Alice reads it. */
const refusal = (dialog: any) =>
  table.client(ALICE_ID).run(() => text(dialog.element.querySelector('[data-ft-field="error"]')));

/** Kara and the Thug in a d20 combat, Kara's turn first (18 against 5). */
async function fight(): Promise<void> {
  await openD20Combat(table, SCENE, [
    { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
    { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
  ]);
  table.dice(18, 5);
  await table.client(GM_ID).run(() => G().game.combat.startCombat());
  await table.settle();
}

/**
 * SW-21 "You must move at least 4 meters": Alice walks Kara from column −4 to column 0 beside the Thug (4 m on the
 * 1 m grid), as a drag does (v13 `TokenDocument#move`, "dragging", client/documents/token.mjs).
 */
async function chargeIn(): Promise<void> {
  await table.client(ALICE_ID).run(() =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .move(
        [-3, -2, -1, 0].map((c) => ({ ...cell(c, 5), action: "walk" })),
        { method: "dragging" },
      ),
  );
  await table.settle();
}

/** The Thug's attack dialog at Kara, opened by the GM from the Thug's sheet. */
const thugKit = attackDialogKit(() => table, { actor: THUG, target: TOK.kara });

/** The Defense rows of the open dialog's first target, as the user reads them. */
const defenseRows = (c: Client, kit: typeof dialogKit) =>
  c.run(() => text(kit.attackDialog(c).element.querySelector("fieldset.ft-target-mods")));

/** A tracker row control of Kara's, clicked by `c`. */
async function clickRow(c: Client, action: string): Promise<void> {
  const button = row(await tracker(c), "Kara").querySelector(`[data-action="${action}"]`);
  expect(button).not.toBeNull();
  c.run(() => click(button!));
  await c.run(() => settleApps());
  await table.settle();
}

/** Kara's Combatant's `defending` mark on every client. */
const defending = () =>
  onEveryClient(table, () => G().game.combat.combatants.get(CMB.kara).system.defending ?? null);

/** Next turn, by the GM. */
async function next(): Promise<void> {
  await table.client(GM_ID).run(() => G().game.combat.nextTurn());
  await table.settle();
}

describe("scenario: the d20 attacker's declarations (issue 31)", () => {
  it("SW-21: a charge makes one attack — ticked with a full attack (BAB +11: three swings) it is refused in the dialog, which stays open; one swing rolls at +2; Kara's −2 Defense is kept on her Combatant: the Thug's dialog and card read Defense 10 without ticking anything, 12 again when her next turn starts", async () => {
    table = await createTable({ world: world(false, -4), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await fight();
    await chargeIn();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "plan.fullAttack", true);
    await dialogKit.set(alice, "assist.charging", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe(
      "A charge makes one attack, not a full attack, a fire mode or two weapons (SW-21).",
    );
    expect(dialogKit.attackDialog(alice)).toBeDefined();
    await dialogKit.set(alice, "plan.fullAttack", false);
    expect(refusal(dialogKit.attackDialog(alice))).toBe("");
    // BAB 11 + Str 2 + charge 2 = +15 against the Thug's Defense 13 (flat-footed until his first turn, SW-01).
    const msg = await dialogKit.aliceRolls(alice, 2, 3, 4);
    const seen = rowText(gm, msg, "Thug");
    expect(seen).toContain("ChargingSW-21+2");
    expect(seen).toContain("d20 2 + 15 = 17 vs Defense 13 → Hit");
    expect(defending()).toEqual(
      everyone(table, { round: 1, totalDefense: false, fightingDefensively: false, charging: true }),
    );
    // The Thug's turn: the GM's dialog shows Kara's charge in her Defense rows — nothing to tick.
    await next();
    expect(currentTurn(gm)).toBe("Thug");
    await thugKit.aliceOpensAttack(gm, BLADE);
    // Its Defense rows (the values are the rows' fields): Kara's charge is a row of hers, Defense 10.
    expect(defenseRows(gm, thugKit)).toContain("Defense 10 Base SW-08 Dexterity SW-08 Charging SW-21");
    expect(
      gm.run(
        () =>
          (
            thugKit.field(
              gm,
              `def.${G().canvas.tokens.get(TOK.kara).document.uuid}.charging`,
            ) as HTMLInputElement
          ).value,
      ),
    ).toBe("−2");
    const back = await thugKit.aliceRolls(gm, 10, 1, 1);
    for (const c of table.all) {
      expect(rowText(c, back, "Kara")).toContain("ChargingSW-21−2");
      expect(rowText(c, back, "Kara")).toContain("d20 10 + 0 = 10 vs Defense 10 → Hit");
    }
    // Round 2: Kara's turn starts, her next action — the −2 is gone on every client.
    await next();
    expect(currentTurn(gm)).toBe("Kara");
    expect(defending()).toEqual(everyone(table, null));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21 SW-10: a charge with the pistol is refused (it ends in a melee attack); a fatigued Kara (WP 13 of 14) may not charge — each in the dialog, which stays open", async () => {
    table = await createTable({ world: world(true), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "assist.charging", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe(
      "A charge ends in a melee attack: a ranged weapon cannot charge (SW-21).",
    );
    await dialogKit.cancel(alice);
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe("A fatigued character can’t run or charge (SW-10).");
    await dialogKit.cancel(alice);
    expect(messageIds(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21: a charge moves at least 4 m first — Kara, who has not moved this round, beside the Thug, is refused in the dialog, which stays open", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await fight();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe(
      "A charge moves at least 4 m and at most twice your speed (20 m) before its attack; this round’s move was 0 m (SW-21).",
    );
    expect(dialogKit.attackDialog(alice)).toBeDefined();
    await dialogKit.cancel(alice);
    expect(messageIds(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21 SW-02: the GM marks the Thug unaware; in the surprise round Kara's charge is refused in the dialog (a full-round action)", async () => {
    // The surprise round: the Thug is unaware, Kara acts alone.
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    ]);
    const gmTracker = await tracker(gm);
    gm.run(() => click(row(gmTracker, "Thug").querySelector('[data-action="toggleUnaware"]')!));
    await table.settle();
    table.dice(12);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    const a2 = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(a2, SABER);
    await dialogKit.set(a2, "assist.charging", true);
    expect(refusal(dialogKit.attackDialog(a2))).toBe(
      "A charge is a full-round action: not in the surprise round (SW-02, SW-21).",
    );
    await dialogKit.cancel(a2);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-23: fighting defensively goes with a full attack — on one swing it is refused in the dialog; with the full attack each of the three swings takes −4, and Kara's +2 dodge is kept: the Thug's card reads Defense 14", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await fight();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.fightingDefensively", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe(
      "You fight defensively when making a full attack, not a single attack (SW-23).",
    );
    await dialogKit.set(alice, "plan.fullAttack", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe("");
    // Three d20s, then each swing's 2d8 (rolled whether or not it hits).
    const msg = await dialogKit.aliceRolls(alice, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    const lines = targetBlock(renderMessage(gm, msg), "Thug");
    expect([...lines.querySelectorAll(".ft-roll-line")].map((e) => text(e))).toEqual([
      "d20 1 + 9 = 10 vs Defense 13 → Miss",
      "d20 1 + 4 = 5 vs Defense 13 → Miss",
      "d20 1 − 1 = 0 vs Defense 13 → Miss",
    ]);
    await next();
    table.dice(10, 1, 1);
    const back = await attack(table, gm, THUG, BLADE, [TOK.kara]);
    expect(rowText(alice, back!, "Kara")).toContain("Fighting defensivelySW-23+2");
    expect(rowText(alice, back!, "Kara")).toContain("d20 10 + 0 = 10 vs Defense 14 → Miss");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-17: Alice takes total defense from Kara's tracker row: a card, no attack after it this round, and the Thug's shot is against Defense 16 (+4 dodge) until Kara's next turn, 12 after", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await fight();
    await clickRow(alice, "totalDefense");
    expect(told(alice)).toEqual([]);
    expect(lastCardLines(gm)).toBe(
      "Total defense SW-17 Kara takes total defense: +4 dodge bonus to Defense until the next turn (no attack this round).",
    );
    expect(await attack(table, alice, KARA, SABER, [TOK.thug])).toBeNull();
    expect(told(alice).at(-1)).toBe("warn: Kara has taken this round's action (SW-13).");
    await next();
    table.dice(12, 1, 1);
    const back = await attack(table, gm, THUG, BLADE, [TOK.kara]);
    expect(rowText(alice, back!, "Kara")).toContain("Total defenseSW-17+4");
    expect(rowText(alice, back!, "Kara")).toContain("d20 12 + 0 = 12 vs Defense 16 → Miss");
    await next();
    expect(defending()).toEqual(everyone(table, null));
    table.dice(12, 1, 1);
    const later = await attack(table, gm, THUG, BLADE, [TOK.kara]);
    expect(rowText(alice, later!, "Kara")).toContain("Defense = 12");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-44: a blow is pulled with a melee weapon — ticked on a pistol shot it is refused in the dialog", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "assist.pullingBlow", true);
    expect(refusal(dialogKit.attackDialog(alice))).toBe(
      "A blow is pulled with a melee weapon, not a ranged one (SW-44).",
    );
    await dialogKit.cancel(alice);
    expect(messageIds(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-12: a fatigued Kara (WP 13 of 14) cannot Run from the tracker: refused with a notification, nothing written, no card", async () => {
    table = await createTable({ world: world(true), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await fight();
    const cards = alice.run(() => G().game.messages.contents.length);
    await clickRow(alice, "run");
    expect(told(alice)).toEqual(["warn: Kara is fatigued and can’t run (SW-10, SW-12)."]);
    expect(alice.run(() => G().game.messages.contents.length)).toBe(cards);
    expect(
      onEveryClient(table, () => {
        const m = G().game.combat.combatants.get(CMB.kara).system;
        return { running: m.running ?? null, turn: m.turn?.action ?? null };
      }),
    ).toEqual(everyone(table, { running: null, turn: null }));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-35: autofire with a one-handed pistol, nothing declared: the weapon's grip decides — the two-hands box starts unticked and each attack takes −10 (−6, −2 one hand, −2 not a rifle)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, AUTO);
    await dialogKit.set(alice, "plan.mode", "autofire");
    expect(dialogKit.field(alice, "plan.twoHands").checked).toBe(false);
    const steps = alice.run(() =>
      [...dialogKit.attackDialog(alice).element.querySelectorAll("table.ft-steps tbody tr")].map(
        (r: Element) => text(r),
      ),
    );
    // BAB 11 + Dex 2 + point blank 1 − 10 = +4 for the three at the highest bonus.
    expect(steps[0]).toBe(
      "Attack 1 of 5 · Autofire −6 SW-35 · Recoil, one hand −2 SW-35 · Recoil, unbraced −2 SW-35 Thug +4 · 50%",
    );
    // Five d20s, then each attack's 3d6; the card carries the one-hand recoil on every client.
    const msg = await dialogKit.aliceRolls(alice, ...Array<number>(20).fill(1));
    for (const c of table.all) {
      const lines = [...targetBlock(renderMessage(c, msg), "Thug").querySelectorAll(".ft-step")].map((e) =>
        text(e),
      );
      expect(lines).toHaveLength(5);
      for (const l of lines) expect(l).toContain("Recoil, one hand −2 SW-35");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-44: Kara pulls a blow with her lightsaber (−4): d20 10 + 9 = 19 hits, 2d8 [6, 6] + 2 = 14 — vitality damage only: the GM's Apply takes the Thug's VP 10 → 0 and no wound point, on every client; pulled for half damage, 14 → 7: VP 10 → 3", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const pools = () =>
      onEveryClient(table, () => {
        const d = G().game.actors.get(THUG).system.d20;
        return `VP ${d.vitality.value} WP ${d.wounds.value}`;
      });
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.pullingBlow", true);
    const msg = await dialogKit.aliceRolls(alice, 10, 6, 6);
    for (const c of table.all) {
      const r = rowText(c, msg, "Thug");
      expect(r).toContain("Pulling a blowSW-44−4");
      expect(r).toContain("d20 10 + 9 = 19 vs Defense 15 → Hit");
    }
    // The GM's Apply says what it does: vitality only (a normal hit of 14 would leave WP 10).
    expect(text(renderMessage(table.client(GM_ID), msg))).toContain(
      "2d8 [6, 6] + 2 = 14 dmg Apply 14 → VP 10 → 0",
    );
    clickCard(table.client(GM_ID), msg, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 14"));
    // Half damage: the Thug healed by the GM first.
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(THUG).update({ "system.d20.vitality.value": 10 }));
    await table.settle();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.pullingBlow", true);
    await dialogKit.set(alice, "assist.pulledHalf", true);
    const half = await dialogKit.aliceRolls(alice, 10, 6, 6);
    for (const c of table.all) expect(rowText(c, half, "Thug")).toContain("½ × (2d8 [6, 6] + 2) = 7 dmg");
    clickCard(table.client(GM_ID), half, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 3 WP 14"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-17 SW-21 T2-3E: Kara's declared defense is refereed — on the Thug's turn Alice's console clears her charge's −2 and then writes a total defense: the GM puts each back", async () => {
    table = await createTable({ world: world(false, -4), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await fight();
    await chargeIn();
    await dialogKit.aliceOpensAttack(alice, SABER);
    await dialogKit.set(alice, "assist.charging", true);
    await dialogKit.aliceRolls(alice, 2, 3, 4);
    const charged = { round: 1, totalDefense: false, fightingDefensively: false, charging: true };
    expect(defending()).toEqual(everyone(table, charged));
    await next();
    const kara = () => G().game.combat.combatants.get(CMB.kara);
    await alice.run(() => kara().update({ "system.defending": null }));
    await table.settle();
    expect(defending()).toEqual(everyone(table, charged));
    await alice.run(() => kara().update({ "system.defending": { ...charged, totalDefense: true } }));
    await table.settle();
    expect(defending()).toEqual(everyone(table, charged));
    expect(told(alice).filter((n) => n.includes("put it back"))).toHaveLength(2);
    expect(table.unhandled).toEqual([]);
  });
});
