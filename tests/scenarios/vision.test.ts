/**
 * Scenario: vision aids in the attack dialog (SF-X-23, issue 12). The rules give darkness no number: a target in
 * darkness is hidden, so Alice cannot shoot at it unless she wears infrared or light amplification goggles; smoke,
 * haze or fog is soft cover (seed 000's list, −10, SF-X-22) unless she sees through it with infrared. Alice opens the
 * attack dialog from Eusyl's sheet, marks the pirate's situation with the per-target "add a modifier" control and
 * picks her vision aid (it starts from her gear); every client reads the same card.
 *
 * Numbers (rules-tables §2–§4, seed 000): Eusyl DEX 80 → ½ DEX +40 (SF-X-11); the pirate 10 m away → laser pistol
 * Short −10 (SF-X-14); a pirate that has not moved → stationary +10 (SF-X-17): 40 %. Smoke −10: 30 %.
 */
import { afterEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  id,
  itemFromPack,
  onEveryClient,
  requestsSince,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneNight");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const TOK_EUSYL = id("tokEusyl");
const TOK_PIRATE = id("tokPirate");
const PISTOL = id("itmLaser");
const GOGGLES = id("itmGoggles");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
// A test that fails with the dialog open leaves its attack waiting: close it first (after-hooks run last-in first).
afterEach(async () => {
  const open = table?.all.find((c) => c.userId === ALICE_ID && attackDialog(c));
  if (open) await open.run(() => attackDialog(open).close());
});

/** Eusyl (Alice's) with a laser pistol and, if given, goggles from the compendium's gear; a pirate 10 m east. */
function world(goggles?: "infrared-goggles" | "light-amplification-goggles") {
  const items = [itemFromPack("weapons", "laser-pistol", PISTOL)];
  if (goggles) items.push(itemFromPack("gear", goggles, GOGGLES));
  return {
    // The phase of the round is played in phases.test.ts; these encounters do not enforce it (a world setting).
    settings: [settingSource("settingPhases001", "enforcePhases", false)],
    actors: [
      actorSource({ _id: EUSYL, name: "Eusyl", owner: ALICE_ID, abilities: { dex: 80 }, stamina: 45, items }),
      actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    ],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Night yard",
        grid: { size: 100, distance: 1, units: "m" },
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
          tokenSource({
            _id: TOK_PIRATE,
            name: "Pirate",
            actorId: PIRATE,
            actorLink: false,
            x: 2500,
            y: 1500,
          }),
        ],
      }),
    ],
  };
}

const { attackDialog, aliceOpensAttack, field, set, addOptions, chance, aliceRolls, cardLine } =
  attackDialogKit(() => table, { actor: EUSYL, target: TOK_PIRATE });
const pistolRemaining = () =>
  onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(PISTOL).system.ammo.remaining);

/** The dialog's error line, as Alice reads it. */
const dialogError = (alice: Client): string =>
  alice.run(() => text(attackDialog(alice).element.querySelector('[data-ft-field="error"]')));

const DARKNESS =
  "SF-X-23: the target is in darkness and cannot be seen without infrared or light amplification goggles.";

describe("scenario: vision aids in the attack dialog (SF-X-23)", () => {
  it("SF-X-23: a pirate in darkness is refused on Roll with the rule, nothing spent; with light amplification the shot goes through", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    // No goggles in Eusyl's gear: the dialog starts at no vision aid.
    expect(field(alice, "attacker.visionAid").value).toBe("none");
    expect(chance(alice)).toBe("40%");
    expect(addOptions(alice)).toContain("Target in darkness · SF-X-23");
    await set(alice, "add.0", "dark.true");
    expect(dialogError(alice)).toBe(DARKNESS);

    const writes = table.server.log.length;
    alice.run(() => click(attackDialog(alice).element.querySelector("button.ft-attack")));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice)).toEqual([`warn: ${DARKNESS}`]);
    expect(requestsSince(table, writes)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(everyone(table, 0));
    expect(pistolRemaining()).toEqual(everyone(table, 20));

    // She puts on light amplification goggles: darkness no longer matters, and it gives no number either.
    await set(alice, "attacker.visionAid", "lightAmp");
    expect(dialogError(alice)).toBe("");
    expect(chance(alice)).toBe("40%");
    const cardId = await aliceRolls(alice, 33, 6);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 40% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10 33 ≤ 40 Hit",
    );
    expect(pistolRemaining()).toEqual(everyone(table, 19));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-23 SF-X-22: a pirate behind smoke is soft cover −10 (30 %) with no aid; the card every client sees shows it", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    expect(addOptions(alice)).toContain(
      "Target behind smoke, haze or fog · Smoke, haze or fog (soft cover) −10 SF-X-22",
    );
    await set(alice, "add.0", "smoke.true");
    expect(chance(alice)).toBe("30%");
    // Light amplification does not see through smoke.
    await set(alice, "attacker.visionAid", "lightAmp");
    expect(chance(alice)).toBe("30%");
    const cardId = await aliceRolls(alice, 31, 6);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 30% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Smoke, haze or fog (soft cover)SF-X-22−10 31 ≤ 30 Miss",
    );
    expect(pistolRemaining()).toEqual(everyone(table, 19));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-23: Eusyl carries infrared goggles: the dialog starts at infrared, smoke costs nothing and darkness is seen", async () => {
    table = await createTable({ world: world("infrared-goggles"), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    expect(field(alice, "attacker.visionAid").value).toBe("infrared");
    // With infrared, neither situation changes anything: the control does not offer them.
    expect(addOptions(alice).filter((o) => /darkness|smoke, haze/.test(o))).toEqual([]);
    // She takes the goggles off and marks the pirate behind smoke (−10), then puts them back on (nothing).
    await set(alice, "attacker.visionAid", "none");
    await set(alice, "add.0", "smoke.true");
    expect(chance(alice)).toBe("30%");
    await set(alice, "add.0", "dark.true");
    expect(dialogError(alice)).toBe(DARKNESS);
    await set(alice, "attacker.visionAid", "infrared");
    expect(dialogError(alice)).toBe("");
    expect(chance(alice)).toBe("40%");
    const cardId = await aliceRolls(alice, 40, 3);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 40% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10 40 ≤ 40 Hit",
    );
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
