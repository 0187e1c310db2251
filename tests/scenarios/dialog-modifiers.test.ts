/**
 * Scenario: what the scene misses, added in the attack dialog (issue 12, review rules-reachability #3, #10, #13).
 * Alice targets a pirate (a GM's NPC) and clicks Attack on Eusyl's sheet; the real dialog opens on her client; she
 * adds a situation the scene cannot see (the "add a modifier" control per target, the attacker's vehicle or
 * skimmer, the machine gun's mount, the declarations) and clicks Roll. The engine turns each situation into its
 * modifier; every client then reads the same card.
 *
 * Numbers (rules-tables §2–§4, seed 000 / 001): Eusyl DEX 80 → ½ DEX +40 (SF-X-11); the pirate 10 m away → laser
 * pistol Short −10 (SF-X-14); a pirate that has not moved → stationary +10 (SF-X-17). Basic game (seed 001): DEX 80
 * (SF-B-10), 3 squares with the Basic laser pistol → Short −10.
 */
import { afterEach, describe, expect, it } from "vitest";
import { chooseContextOption, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
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

const SCENE = id("sceneYard");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const TOK_EUSYL = id("tokEusyl");
const TOK_PIRATE = id("tokPirate");
const PISTOL = id("itmLaser");
const BASIC_PISTOL = id("itmBasicLaser");
const AUTO = id("itmAutoPistol");
const MG = id("itmMachineGun");
const HEAVY = id("itmHeavyLaser");
const GRENADE = id("itmFragGrenade");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
// A test that fails with the dialog open leaves its attack waiting: close it first (after-hooks run last-in first).
afterEach(async () => {
  const open = table?.all.find((c) => c.userId === ALICE_ID && attackDialog(c));
  if (open) await open.run(() => attackDialog(open).close());
});

interface WorldOptions {
  basic?: boolean;
  race?: string;
  /** Beam skill level, as a skill item on Eusyl. */
  beam?: number;
  pirateX?: number;
}

function world(o: WorldOptions = {}) {
  const items = [
    itemFromPack("weapons", "laser-pistol", PISTOL),
    itemFromPack("weapons", "laser-pistol-basic-game", BASIC_PISTOL),
    itemFromPack("weapons", "automatic-pistol", AUTO),
    // The machine gun's ranges are not in our sources: the GM entered them (as the item asks).
    itemFromPack("weapons", "machine-gun", MG, { ranges: { pb: 5, s: 50, m: 150, l: 300, e: 600 } }),
    itemFromPack("weapons", "heavy-laser", HEAVY),
    itemFromPack("grenades", "fragmentation-grenade", GRENADE),
  ];
  if (o.beam)
    items.push({ ...itemFromPack("skills", "beam-weapons"), system: { level: o.beam, weaponSkill: "beam" } });
  return {
    // The phase of the round is played in phases.test.ts; the encounters here do not enforce it (a world setting).
    settings: [
      settingSource("settingPhases001", "enforcePhases", false),
      ...(o.basic ? [settingSource("settingVariant01", "variant", "basic")] : []),
    ],
    actors: [
      actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 80 },
        stamina: 45,
        items,
        system: o.race ? { race: o.race } : {},
      }),
      actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    ],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Yard",
        // No walls at all: nothing on this map tells the scene about cover.
        grid: o.basic ? { size: 100, distance: 5, units: "m" } : { size: 100, distance: 1, units: "m" },
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
          tokenSource({
            _id: TOK_PIRATE,
            name: "Pirate",
            actorId: PIRATE,
            actorLink: false,
            x: o.pirateX ?? 2500,
            y: 1500,
          }),
        ],
      }),
    ],
  };
}

const { attackDialog, aliceOpensAttack, asBrowserShows, set, addOptions, chance, aliceRolls, cardLine } =
  attackDialogKit(() => table, { actor: EUSYL, target: TOK_PIRATE });
const pistolRemaining = () =>
  onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(PISTOL).system.ammo.remaining);

describe("scenario: the attack dialog adds what the scene misses", () => {
  it("SF-X-10 SF-X-17: the GM marks the pirate dodging this round in the tracker; Alice's card shows Target dodging −20 and 10 %", async () => {
    table = await createTable({ world: world(), online: "players" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // An encounter with both tokens, started: round 1 (each side rolls its d10, SF-X-04).
    table.dice(6, 3);
    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOK_EUSYL, sceneId: SCENE, actorId: EUSYL },
        { tokenId: TOK_PIRATE, sceneId: SCENE, actorId: PIRATE },
      ]);
      await combat.startCombat();
    });
    await table.settle();
    // The pirate dodges: down 10 m and back (20 m in all; half its running speed of 30 m is 15 m).
    await gm.run(() => G().game.scenes.get(SCENE).tokens.get(TOK_PIRATE).update({ y: 2500 }));
    await gm.run(() => G().game.scenes.get(SCENE).tokens.get(TOK_PIRATE).update({ y: 1500 }));
    await table.settle();
    // The movement history alone says "ran" (−10). The GM right-clicks the pirate in the tracker: Dodging this round.
    await gm.run(() => G().ui.combat.render({ force: true }));
    await gm.run(() => settleApps());
    const row = gm.run(() =>
      [...G().ui.combat.element.querySelectorAll("li.combatant")].find(
        (li: HTMLElement) => li.querySelector(".name")?.textContent === "Pirate",
      ),
    );
    gm.run(() => chooseContextOption(row, "FT.Dodge.mark"));
    await gm.run(() => settleApps());
    await table.settle();
    expect(
      onEveryClient(
        table,
        () => G().game.combat.combatants.find((c: any) => c.tokenId === TOK_PIRATE).system.dodging,
      ),
    ).toEqual(everyone(table, 1));

    await aliceOpensAttack(alice, PISTOL);
    // ½ DEX 40, Short −10, dodging −20: 10 %. The dialog warns that the pirate moved further than a dodge allows.
    expect(chance(alice)).toBe("10%");
    const dialog = attackDialog(alice);
    expect(alice.run(() => text(dialog.element.querySelector('[data-ft-field="t0.note"]')))).toBe(
      "SF-X-10: Pirate is dodging but moved 20 m; dodging allows half the running speed, 15 m.",
    );
    // d100 08 hits at 10 %; the pistol's 1 SEU die shows 7.
    const cardId = await aliceRolls(alice, 8, 7);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 10% ½ DexteritySF-X-11+40ShortSF-X-14−10Target dodgingSF-X-17−20 8 ≤ 10 Hit",
    );
    expect(pistolRemaining()).toEqual(everyone(table, 19));
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-10 SF-X-17: the GM marks the pirate dodging but it does not move: dodging is movement, so it is a stationary target, +10 and 40 %", async () => {
    table = await createTable({ world: world(), online: "players" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(6, 3);
    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOK_EUSYL, sceneId: SCENE, actorId: EUSYL },
        { tokenId: TOK_PIRATE, sceneId: SCENE, actorId: PIRATE },
      ]);
      await combat.startCombat();
    });
    await table.settle();
    await gm.run(() => G().ui.combat.render({ force: true }));
    await gm.run(() => settleApps());
    const row = gm.run(() =>
      [...G().ui.combat.element.querySelectorAll("li.combatant")].find(
        (li: HTMLElement) => li.querySelector(".name")?.textContent === "Pirate",
      ),
    );
    gm.run(() => chooseContextOption(row, "FT.Dodge.mark"));
    await gm.run(() => settleApps());
    await table.settle();
    expect(
      onEveryClient(
        table,
        () => G().game.combat.combatants.find((c: any) => c.tokenId === TOK_PIRATE).system.dodging,
      ),
    ).toEqual(everyone(table, 1));
    // ½ DEX 40, Short −10, stationary +10 (0 m moved; the mark alone is no dodge): 40 %.
    await aliceOpensAttack(alice, PISTOL);
    expect(chance(alice)).toBe("40%");
    const cardId = await aliceRolls(alice, 8, 7);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 40% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10 8 ≤ 40 Hit",
    );
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-22: on a map with no walls Alice adds hard cover; the card shows Hard cover −20 and 20 %", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    expect(chance(alice)).toBe("40%");
    // What may be added, with the engine's numbers (no cover, no size, not prone, stationary are the scene's).
    expect(addOptions(alice)).toEqual([
      "Soft cover (bushes, thin walls, smoke) · Soft cover −10 SF-X-22",
      "Hard cover (rocks, thick walls, vehicles) · Hard cover −20 SF-X-22",
      "Target walked · no longer Target stationary +10",
      "Target running · Target running −10 SF-X-17",
      "Target dodging · Target dodging −20 SF-X-17",
      "Target in a moving vehicle · Moving vehicle target −10 SF-X-19",
      "Tiny target · Tiny target −10 SF-X-25",
      "Small target · Small target −5 SF-X-25",
      "Large target · Large target +5 SF-X-25",
      "Giant target · Giant target +10 SF-X-25",
      "Target prone · Target prone −5 SF-X-26",
      "Target in a crowd or in melee · Target in a crowd −10 SF-X-35",
      "Target in darkness · SF-X-23",
      "Target behind smoke, haze or fog · Smoke, haze or fog (soft cover) −10 SF-X-22",
    ]);
    await set(alice, "add.0", "cover.hard");
    expect(chance(alice)).toBe("20%");
    const cardId = await aliceRolls(alice, 15, 4);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 20% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Hard coverSF-X-22−20 15 ≤ 20 Hit",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-19 SF-X-26: a target in a moving vehicle (−10) and then prone (−5) stack; 25 %", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    await set(alice, "add.0", "vehicleMoving.true");
    expect(chance(alice)).toBe("30%");
    await set(alice, "add.0", "prone.true");
    expect(chance(alice)).toBe("25%");
    const cardId = await aliceRolls(alice, 60, 4);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 25% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Moving vehicle targetSF-X-19−10Target proneSF-X-26−5 60 ≤ 25 Miss",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it('SF-X-38 SF-X-19: a grenade thrown at a target in a moving vehicle keeps the vehicle\'s −10 (a movement modifier, seed 000: "range, movement, wrong hand and wound modifiers"): 40 % → 30 % in the dialog; prone (SF-X-26) is not offered', async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, GRENADE);
    // ½ DEX +40, Short −10, stationary +10: 40 %; the moving vehicle −10: 30 %.
    expect(chance(alice)).toBe("40%");
    await set(alice, "add.0", "vehicleMoving.true");
    expect(chance(alice)).toBe("30%");
    // Prone is not a movement modifier: the thrower is not offered it.
    expect(addOptions(alice).some((o) => o.includes("prone"))).toBe(false);
    // The term is in the grenade's modifier rows as the thrower reads them.
    expect(
      alice.run(() => text(attackDialog(alice).element.querySelector("fieldset.ft-target-mods"))),
    ).toContain("Moving vehicle target SF-X-19");
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-19: Alice fires from a fast vehicle: −20 (−10 in a slow one), and careful aim is refused from it (SF-X-20)", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    await set(alice, "attacker.vehicle", "slow");
    expect(chance(alice)).toBe("30%");
    await set(alice, "attacker.vehicle", "fast");
    expect(chance(alice)).toBe("20%");
    await set(alice, "decl.carefulAim", true);
    expect(chance(alice)).toBe("20%");
    const cardId = await aliceRolls(alice, 19, 4);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 20% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Attacker in a fast vehicleSF-X-19−20 19 ≤ 20 Hit",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-09 SF-B-10 SF-B-11 SF-B-21 SF-B-12: Basic game, 3 squares is Short (DEX 80 − 10 = 70 %); Alice rides a skimmer (−10) at a pirate she marks as in cover (−10): 50 %", async () => {
    table = await createTable({ world: world({ basic: true, pirateX: 1800 }), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, BASIC_PISTOL);
    // DEX 80, 3 squares Short −10: 70 %. The Basic game offers only cover, a skimmer and a monorail for a target.
    expect(chance(alice)).toBe("70%");
    expect(addOptions(alice)).toEqual([
      "Soft cover (bushes, thin walls, smoke) · Cover −10 SF-B-12",
      "Riding a skimmer · Cover −10 SF-B-12",
      "On a monorail · SF-B-21",
    ]);
    await set(alice, "attacker.conveyance", "skimmerRider");
    expect(chance(alice)).toBe("60%");
    await set(alice, "add.0", "cover.soft");
    expect(chance(alice)).toBe("50%");
    const cardId = await aliceRolls(alice, 50, 6);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 50% DexteritySF-B-10+80ShortSF-B-10−10Ran or rode a skimmerSF-B-11−10CoverSF-B-12−10 50 ≤ 50 Hit",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-06 SF-B-11: Basic game, Eusyl (Human: walks 2 squares, runs 6) who moved 3 squares ran (−10); the pirate's 7-square move is flagged", async () => {
    table = await createTable({ world: world({ basic: true, pirateX: 1800 }), online: "players" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Movement is recorded in a started combat (each side rolls its d10, SF-B-04).
    table.dice(6, 3);
    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOK_EUSYL, sceneId: SCENE, actorId: EUSYL },
        { tokenId: TOK_PIRATE, sceneId: SCENE, actorId: PIRATE },
      ]);
      await combat.startCombat();
    });
    await table.settle();
    const move = (c: Client, tokenId: string, y: number) =>
      c.run(() => G().game.scenes.get(SCENE).tokens.get(tokenId).update({ y }));
    // Alice walks Eusyl 2 squares: a walk, no modifier. Pirate 3 squares away: Short −10; DEX 80 → 70 %.
    await move(alice, TOK_EUSYL, 1700);
    await table.settle();
    await aliceOpensAttack(alice, BASIC_PISTOL);
    expect(chance(alice)).toBe("70%");
    await alice.run(() => attackDialog(alice).close());
    await table.settle();
    // One more square (3 in the turn, more than a Human's 2): she ran, −10 (SF-B-11). The GM runs the pirate 4 squares
    // down and 3 back: 7, more than the 6 a Human NPC may run; the dialog says so, for the GM to check.
    await move(alice, TOK_EUSYL, 1800);
    await move(gm, TOK_PIRATE, 1900);
    await move(gm, TOK_PIRATE, 1600);
    await table.settle();
    await aliceOpensAttack(alice, BASIC_PISTOL);
    asBrowserShows(alice);
    expect(chance(alice)).toBe("60%");
    const dialog = attackDialog(alice);
    expect(alice.run(() => text(dialog.element.querySelector('[data-ft-field="t0.note"]')))).toBe(
      "SF-B-06: Pirate moved 7 squares; running allows at most 6 squares a turn. The GM should check this move.",
    );
    const cardId = await aliceRolls(alice, 60, 6);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 60% DexteritySF-B-10+80ShortSF-B-10−10Ran or rode a skimmerSF-B-11−10 60 ≤ 60 Hit",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-21: a skimmer's driver cannot fire; Roll is refused with the rule, nothing is rolled, spent or posted", async () => {
    table = await createTable({ world: world({ basic: true, pirateX: 1800 }), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, BASIC_PISTOL);
    await set(alice, "attacker.conveyance", "skimmerDriver");
    const writes = table.server.log.length;
    const dialog = attackDialog(alice);
    alice.run(() => click(dialog.element.querySelector("button.ft-attack")));
    await alice.run(() => settleApps());
    await table.settle();
    const refusal =
      "SF-B-21: a skimmer's driver cannot fire. Choose “Riding a skimmer” if someone else drives.";
    expect(told(alice)).toEqual([`warn: ${refusal}`]);
    expect(alice.run(() => text(attackDialog(alice).element.querySelector('[data-ft-field="error"]')))).toBe(
      refusal,
    );
    expect(requestsSince(table, writes)).toEqual([]);
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(everyone(table, 0));
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(BASIC_PISTOL).system.ammo.remaining),
    ).toEqual(everyone(table, 20));
    // A monorail target cannot be shot at either.
    await set(alice, "attacker.conveyance", "onFoot");
    await set(alice, "add.0", "conveyance.monorail");
    expect(alice.run(() => text(attackDialog(alice).element.querySelector('[data-ft-field="error"]')))).toBe(
      "SF-B-21: a monorail rider cannot be shot at from outside the monorail.",
    );
    alice.run(() => click(attackDialog(alice).element.querySelector('[data-action="cancel"]')));
    await alice.run(() => settleApps());
    await table.settle();
    expect(requestsSince(table, writes)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-21 SF-X-24: the machine gun's burst earns +20 only when Alice declares it mounted", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, MG);
    await set(alice, "decl.burst", true);
    // ½ DEX 40, Short −10 (10 m of 50), stationary +10: 40 %, no +20 standing.
    expect(chance(alice)).toBe("40%");
    await set(alice, "decl.mounted", true);
    expect(chance(alice)).toBe("60%");
    // One d100, then the burst's 5d10 at one target (seed 000: a burst of 10 bullets, 5d10 for one target).
    const cardId = await aliceRolls(alice, 33, 1, 2, 3, 4, 5);
    // 1 + 2 + 3 + 4 + 5 = 15 on the burst's 5d10.
    expect(cardLine(cardId)).toBe(
      "Burst (1) 33 ≤ 60 Hit 5d10 [1, 2, 3, 4, 5] = 15 → 15 each SF-X-24 Modifiers ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Firing a burstSF-X-21+20",
    );
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(MG).system.ammo.remaining),
    ).toEqual(everyone(table, 190));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-21 SF-X-20: an automatic pistol's burst gets +20 without a mount; careful aim is not given with a burst", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, AUTO);
    await set(alice, "decl.burst", true);
    await set(alice, "decl.carefulAim", true);
    const cardId = await aliceRolls(alice, 33, 1, 2, 3, 4, 5);
    expect(cardLine(cardId)).toBe(
      "Burst (1) 33 ≤ 60 Hit 5d10 [1, 2, 3, 4, 5] = 15 → 15 each SF-X-24 Modifiers ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Firing a burstSF-X-21+20",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-20 SF-X-16: careful aim +15 for one shot standing still; a scope turns Medium into Short (+10)", async () => {
    table = await createTable({ world: world({ pirateX: 4000 }), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    // 25 m: Medium −20. ½ DEX 40, stationary +10: 30 %.
    expect(chance(alice)).toBe("30%");
    await set(alice, "decl.carefulAim", true);
    expect(chance(alice)).toBe("45%");
    await set(alice, "decl.scope", true);
    expect(chance(alice)).toBe("55%");
    const cardId = await aliceRolls(alice, 55, 3);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 55% ½ DexteritySF-X-11+40MediumSF-X-14−20Telescopic sightSF-X-16+10Target stationarySF-X-17+10Careful aimSF-X-20+15 55 ≤ 55 Hit",
    );
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-28 SF-X-29: two pistols at once cost −10 each, the off hand −10 more; a Vrusk pays no wrong-hand −10", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    await set(alice, "decl.twoWeapons", true);
    await set(alice, "decl.wrongHand", true);
    expect(chance(alice)).toBe("20%");
    const cardId = await aliceRolls(alice, 90, 3);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 20% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10Wrong handSF-X-28−10Firing two weaponsSF-X-29−10 90 ≤ 20 Miss",
    );
    table.close();

    table = await createTable({ world: world({ race: "vrusk" }), online: "players" });
    const vruskAlice = table.client(ALICE_ID);
    await aliceOpensAttack(vruskAlice, PISTOL);
    await set(vruskAlice, "decl.wrongHand", true);
    expect(chance(vruskAlice)).toBe("40%");
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-13: a heavy laser counts the skill one level lower (level 2 → +10); untrained −10", async () => {
    table = await createTable({ world: world({ beam: 2, pirateX: 3500 }), online: "players" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, HEAVY);
    // 20 m: Short −10 (≤ 100 m). ½ DEX 40, heavy skill (2 − 1) × 10 = +10, stationary +10: 50 %.
    expect(chance(alice)).toBe("50%");
    const cardId = await aliceRolls(alice, 49, 1, 2, 3, 4, 5);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 50% ½ DexteritySF-X-11+40Heavy weapon skill (level −1)SF-X-13+10ShortSF-X-14−10Target stationarySF-X-17+10 49 ≤ 50 Hit",
    );
    table.close();

    table = await createTable({ world: world({ pirateX: 3500 }), online: "players" });
    const untrained = table.client(ALICE_ID);
    await aliceOpensAttack(untrained, HEAVY);
    expect(chance(untrained)).toBe("30%");
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
