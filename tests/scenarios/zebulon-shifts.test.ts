/**
 * Scenarios: Zebulon's column shifts as seed 004 converts them (SF-Z-02, SF-Z-03: each modifier on its own, "All
 * column shifts are cumulative"; a large target is +1 CS), "cannot miss" (SF-X-33) and result shifts (SF-Z-07) on
 * the resolution table, played from Alice's sheet with the GM, Alice and Bruno each on their own client.
 *
 * Alice's Eusyl (Beam Weapons 3: base column +3, SF-Z-01) fires her laser pistol (ranges 5/20/50/100/200 m, 1d10
 * per SEU) at a large creature 10 m away (Short, −10) that walked 2 m this turn (no stationary bonus; a walking
 * animal takes no speed modifier, SF-X-18 is for running). Each term becomes column shifts: Short −10 → −1 CS,
 * large +5 → +1 CS: column +3 (the total −5 would round to −1 CS, column +2, and lose the large target's +1 CS:
 * review rules-reachability #7, probe P10). The default table's column +3: S = 25 + 30 = 55; cobalt ≤ 6,
 * blue ≤ 22, green ≤ 39, yellow ≤ 55 (column +2: cobalt ≤ 5, blue ≤ 18, green ≤ 32, yellow ≤ 45).
 * Damage (SF-Z-06): the setting's maximum (1 SEU: 10) × the colour's share, rounded down, at least 1.
 */
import { describe, expect, it, vi } from "vitest";
import { change, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  G,
  GM_ID,
  itemFromPack,
  messageIds,
  openEncounter,
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";
import { attackDialog, clickSheet } from "./kit-zebulon.js";

const SCENE = "sceneZebShifts01";
const PISTOL = "laserPistolZeb01";
let table: Table;
vi.setConfig({ testTimeout: 40_000 });
closeTableAfterEach(() => table);

const EUSYL = actorSource({
  _id: "eusylZebShifts01",
  name: "Eusyl",
  owner: ALICE_ID,
  abilities: { dex: 60, rs: 50, sta: 50 },
  items: [
    itemFromPack("weapons", "laser-pistol", PISTOL),
    itemFromPack("skills", "beam-weapons", undefined, { level: 3 }),
  ],
});
const BEAST = actorSource({
  _id: "beastZebShifts02",
  name: "Beast",
  type: "creature",
  stamina: 80,
  system: { size: "large", speed: "medium" },
});
const TOK_EUSYL = "tokEusylZebShft1";
const TOK_BEAST = "tokBeastZebShft2";

async function zebulonTable(settings: Record<string, unknown>[] = []): Promise<void> {
  table = await createTable({
    online: [GM_ID, ALICE_ID, BRUNO_ID],
    world: {
      actors: [EUSYL, BEAST],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Canyon floor",
          tokens: [
            tokenSource({
              _id: TOK_EUSYL,
              name: "Eusyl",
              actorId: EUSYL._id,
              actorLink: true,
              ...cell(2, 4),
            }),
            tokenSource({
              _id: TOK_BEAST,
              name: "Beast",
              actorId: BEAST._id,
              actorLink: true,
              disposition: -1,
              ...cell(14, 4),
            }),
          ],
        }),
      ],
      // The phase of the round is played in phases.test.ts; this encounter does not enforce it (a world setting).
      settings: [
        settingSource("settingEngineZS1", "engine", "zebulon"),
        settingSource("settingPhasesZS1", "enforcePhases", false),
        ...settings,
      ],
    },
  });
  // The GM opens the encounter and walks the beast 2 m towards Eusyl: 10 m apart, and it moved this round
  // (v13 records a token's movement history while its combatant is in a started combat).
  const gm = table.client(GM_ID);
  const scene = (table.server.world.scenes as any[])[0];
  await openEncounter(table, gm, SCENE, scene.tokens);
  table.dice(7, 3); // the sides' initiative d10s (Eusyl's side first)
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  await gm.run(() =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK_BEAST)
      .update({ x: cell(12, 4).x }),
  );
  await table.settle();
}

/**
 * Alice (or the GM, who plays the referee's result shift, SF-Z-07) targets the beast and clicks Attack (no shift) on
 * the pistol's row: the dialog opens on that client.
 */
async function aliceOpensAttack(who: string = ALICE_ID): Promise<any> {
  const alice = table.client(who);
  alice.target(TOK_BEAST);
  await clickSheet(table, alice, EUSYL._id, `tr[data-item-id="${PISTOL}"] [data-action="attack"]`);
  const dialog = attackDialog(alice);
  expect(dialog).toBeDefined();
  return dialog;
}

/** Alice's dialog: what it shows, by `data-ft-field`, and a field to edit. */
const dialogField = (dialog: any, name: string): string =>
  table
    .client(ALICE_ID)
    .run(() => dialog.element.querySelector(`[data-ft-field="${name}"]`)?.textContent ?? "");
const dialogInput = (dialog: any, name: string, who: string = ALICE_ID): HTMLInputElement =>
  table.client(who).run(() => dialog.element.elements.namedItem(name));

/** Alice presses Roll; the table settles; returns the id of the newest attack card. */
async function aliceRolls(dialog: any, who: string = ALICE_ID): Promise<string> {
  const alice = table.client(who);
  alice.run(() => dialog.element.querySelector('button[type="submit"]').click());
  await alice.run(() => settleApps());
  await table.settle();
  return messageIds(alice).at(-1)!;
}

const remaining = () =>
  table.all.map((c) =>
    c.run(() => G().game.actors.get(EUSYL._id).items.get(PISTOL).system.ammo.remaining as number),
  );

describe("scenario: a Zebulon attack at a large target at short range (SF-Z-01..04, SF-Z-06)", () => {
  it("SF-Z-01 SF-Z-02 SF-Z-03 SF-Z-04 SF-Z-06: Short −1 CS and large +1 CS leave Beam Weapons 3 on column +3; every client sees green on +3", async () => {
    await zebulonTable();
    const dialog = await aliceOpensAttack();
    // The dialog: base column +3, 0 CS in all, column +3 (yellow ≤ 55).
    expect(dialogField(dialog, "t0.shifts")).toBe("0");
    expect(dialogField(dialog, "t0.column")).toBe("+3");
    expect(dialogField(dialog, "t0.chance")).toBe("55");
    // d100 38 on column +3 is green (23–39): ½ of 10 = 5. (On column +2 it would be yellow.)
    table.dice(38, 1);
    const card = await aliceRolls(dialog);
    for (const c of table.all) {
      const row = rowText(c, card, "Beast");
      expect(row).toContain("10 m · Short");
      expect(row).toContain("Modifiers = 55% · Column +3");
      expect(row).toContain("ShortSF-X-14−10");
      expect(row).toContain("Large targetSF-X-25+5");
      expect(row).not.toContain("stationary");
      expect(row).toContain("38 ≤ 55 Hit Green · ½ 1d10 (max 10) × ½ = 5 dmg");
    }
    expect(remaining()).toEqual([19, 19, 19]);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-03: the GM's Alpha Dawn numbers reach the Zebulon table: a large target at +20 is +2 CS, column +4", async () => {
    await zebulonTable([settingSource("settingAdOverZS1", "alphaDawnOverrides", { size: { large: 20 } })]);
    const dialog = await aliceOpensAttack();
    expect(dialogField(dialog, "t0.shifts")).toBe("+1");
    expect(dialogField(dialog, "t0.column")).toBe("+4");
    // Column +4: S 65, cobalt ≤ 7, blue ≤ 26: d100 26 is blue, ¾ of 10 = 7.
    table.dice(26, 1);
    const card = await aliceRolls(dialog);
    for (const c of table.all) {
      const row = rowText(c, card, "Beast");
      expect(row).toContain("Modifiers = 65% · Column +4");
      expect(row).toContain("Large targetSF-X-25+20");
      expect(row).toContain("26 ≤ 65 Hit Blue · ¾ 1d10 (max 10) × ¾ = 7 dmg");
    }
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: cannot miss and result shifts on the resolution table (SF-X-33, SF-Z-07)", () => {
  it("SF-X-33: the referee's cannot-miss shot that reads white on column +3 is a yellow hit, and the card says why", async () => {
    await zebulonTable();
    // Issue 30: "cannot miss" is the referee's ruling, drawn only in a GM's dialog: the GM fires Eusyl's pistol.
    const gm = table.client(GM_ID);
    gm.target(TOK_BEAST);
    await clickSheet(table, gm, EUSYL._id, `tr[data-item-id="${PISTOL}"] [data-action="attack"]`);
    const dialog = attackDialog(gm);
    gm.run(() => change(dialog.element.elements.namedItem("decl.cannotMiss"), true));
    await gm.run(() => settleApps());
    table.dice(90, 1);
    gm.run(() => dialog.element.querySelector('button[type="submit"]').click());
    await gm.run(() => settleApps());
    await table.settle();
    const card = messageIds(gm).at(-1)!;
    // 90 is white on +3; cannot miss: yellow, ¼ of 10 = 2.
    for (const c of table.all)
      expect(rowText(c, card, "Beast")).toContain(
        "90 ≤ 55 Hit (cannot miss, referee) Yellow · ¼ 1d10 (max 10) × ¼ = 2 dmg",
      );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-07: +1 RS moves green to blue (the card shows both) and keeps the maximum; −1 RS never makes yellow white", async () => {
    await zebulonTable();
    // The referee gives a result shift (SF-Z-07): Alice's dialog has no field for it, the GM's has.
    const player = await aliceOpensAttack();
    expect(dialogInput(player, "decl.resultShift")).toBeNull();
    table.client(ALICE_ID).run(() => player.close());
    await table.client(ALICE_ID).run(() => settleApps());
    const alice = table.client(GM_ID);
    let dialog = await aliceOpensAttack(GM_ID);
    alice.run(() => change(dialogInput(dialog, "decl.resultShift", GM_ID), 1));
    await alice.run(() => settleApps());
    table.dice(38, 1);
    const first = await aliceRolls(dialog, GM_ID);
    // d100 38 is green on +3; +1 RS: blue, ¾ of the same maximum 10 = 7.
    for (const c of table.all)
      expect(rowText(c, first, "Beast")).toContain(
        "38 ≤ 55 Hit Green → SF-Z-07 Blue · ¾ 1d10 (max 10) × ¾ = 7 dmg",
      );

    dialog = await aliceOpensAttack(GM_ID);
    alice.run(() => change(dialogInput(dialog, "decl.resultShift", GM_ID), -1));
    await alice.run(() => settleApps());
    table.dice(50, 1);
    const second = await aliceRolls(dialog, GM_ID);
    // 50 is yellow on +3; −1 RS leaves it yellow (a hit, ¼ of 10 = 2), and the card shows no shift.
    for (const c of table.all) {
      const row = rowText(c, second, "Beast");
      expect(row).toContain("50 ≤ 55 Hit Yellow · ¼ 1d10 (max 10) × ¼ = 2 dmg");
      expect(row).not.toContain("SF-Z-07");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-07 bad input: a result shift of 4 is refused in the dialog before anything is rolled or spent", async () => {
    await zebulonTable();
    const alice = table.client(GM_ID);
    const dialog = await aliceOpensAttack(GM_ID);
    alice.run(() => change(dialogInput(dialog, "decl.resultShift", GM_ID), 4));
    await alice.run(() => settleApps());
    const error = () =>
      alice.run(() => {
        const el = dialog.element.querySelector('[data-ft-field="error"]');
        return el.hidden ? "" : el.textContent.trim();
      });
    expect(error()).toBe("A result shift is a whole number from −3 to +3 (SF-Z-07).");
    const before = messageIds(alice).length;
    alice.run(() => dialog.element.querySelector('button[type="submit"]').click());
    await alice.run(() => settleApps());
    await table.settle();
    // Still open, still saying why; no card, no SEU spent, no die rolled.
    expect(attackDialog(alice)).toBeDefined();
    expect(error()).toBe("A result shift is a whole number from −3 to +3 (SF-Z-07).");
    for (const c of table.all) expect(messageIds(c).length).toBe(before);
    expect(remaining()).toEqual([20, 20, 20]);
    expect(table.unhandled).toEqual([]);
  });
});
