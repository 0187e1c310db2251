/**
 * Scenario (issue 15): help and aim in the d20 attack dialog (SW-27, SW-39, SW-42, SW-25). Kara (BAB +3, Dex 14,
 * blaster pistol with a 10 m increment) shoots the Thug 38 m away (−6). Two comrades fire with her (combined fire +2),
 * an ally's aid another succeeded (+2), and she aimed last round, kneeling with her pistol on a fixed support: the −6
 * eases by 1 and 2, and the Thug loses his Dex (Defense 15 → 13). With a foe beside her, the dialog warns that aiming
 * provokes an attack of opportunity.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { requestGM } from "../../src/helpers/gm-request.js";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cardText,
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
  text,
  tokenSource,
  told,
} from "./kit.js";
import {
  blasterRifle,
  d20Foe,
  HEROIC_POOLS,
  karaWithBlaster,
  lastCardLines,
  openD20Combat,
} from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { openSheet } from "./kit-grenades.js";

const SCENE = id("sceneD20Assist");
const KARA = id("actKaraAssist");
const THUG = id("actThugAssist");
const BRUTE = id("actBruteAssist");
const PISTOL = id("itmPistolAssist");
const RIFLE = id("itmRifleAssist");
const BLADE = id("itmBladeAssist");
const TOK = { kara: id("tokKaraAssist"), thug: id("tokThugAssist"), brute: id("tokBruteAssist") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `brute`: a hostile Brute stands beside Kara (within the 2 m reach, SW-14). */
const world = (brute = false) => ({
  settings: [settingSource(id("setEngineAssist"), "engine", "d20")],
  actors: [
    {
      ...karaWithBlaster(KARA, PISTOL),
      items: [itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" } }), blasterRifle(RIFLE)],
    },
    d20Foe(THUG, "Thug", HEROIC_POOLS),
    // The Brute holds a vibroblade: it threatens the 2 m around it (SW-25).
    {
      ...d20Foe(BRUTE, "Brute", HEROIC_POOLS),
      items: [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6" } }, "Vibroblade")],
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Canyon",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(38, 5)),
        ...(brute ? [foeToken(TOK.brute, "Brute", BRUTE, cell(1, 6))] : []),
      ],
    }),
  ],
});

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });
/** Alice targets the Thug and presses "Aim" on Kara's sheet (SW-42); the GM rolls the touch attack's `d20`. */
async function aliceAims(d20: number): Promise<void> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.thug);
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="aim"]');
  expect(button).not.toBeNull();
  table.dice(d20);
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
  expect(told(alice)).toEqual([]);
}

const warning = (dialog: any) =>
  table.client(ALICE_ID).run(() => text(dialog.element.querySelector("fieldset.ft-assist .ft-error")));

describe("scenario: help and aim in the d20 dialog (issue 15)", () => {
  // Issue 31: an ally's aid is no longer a box of Alice's (SW-39: the GM rolls it and keeps it, below).
  // Issue 31: the aim is no longer a box of Alice's either (SW-42: the GM rolls the aiming action's touch attack and
  // keeps it, below); she aims from Kara's sheet first.
  it("SW-27 SW-42: Kara aims (the GM's touch attack hits), then two contributors (+2), kneeling on a fixed support (range −6 eased by 1 and 2; the Thug denied his Dex, Defense 13): the chance goes from 25% to 60%, and d20 9 + 4 = 13 hits on every client, each term on the card", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    await aliceAims(13);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "assist.combinedFire", "2");
    await dialogKit.set(alice, "assist.posture", "kneeling");
    await dialogKit.set(alice, "assist.support", "fixed");
    // d20 + 3 + 2 − 6 + 2 + 1 + 2 = d20 + 4 against 10 + 3 (no Dex): 9 or more, 60 %.
    expect(dialogKit.chance(alice)).toBe("60%");
    const msg = await dialogKit.aliceRolls(alice, 9, 1, 1, 1);
    const rows = onEveryClient(table, () => null as unknown);
    for (const c of table.all) rows[c.user.name as string] = rowText(c, msg, "Thug");
    const terms =
      "Base attack bonusSW-04+3DexteritySW-04+2Range incrementsSW-06−6Combined fireSW-27+2Aimed, positionSW-42+1Aimed, supportSW-42+2";
    for (const r of Object.values(rows)) {
      expect(r).toContain(terms);
      // Review 3 (1.4): the card says why the Dex is gone — the aim (a term of 0, the GM's check keys on it).
      expect(r).toContain("Defense = 13 BaseSW-08+10Class bonusSW-08+3Aimed: Dex deniedSW-420 ");
      expect(r).toContain("d20 9 + 4 = 13 vs Defense 13 → Hit");
    }
    expect(Object.keys(rows)).toEqual(Object.keys(everyone(table, 0)));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25 SW-13 SW-43: with the armed Brute beside her, choosing suppression fire warns that it provokes an attack of opportunity; autofire (no provoking action in the table) warns only that her rifle is two-handed (SW-25)", async () => {
    table = await createTable({ world: world(true), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    // Issue 31 (review d20rules #4): "using a ranged weapon that requires two hands to operate can provoke an attack
    // of opportunity" — the blaster rifle is two-handed, so each of its shots beside the Brute says so.
    const twoHands =
      "A foe threatens you: firing a two-handed ranged weapon provokes an attack of opportunity (SW-25).";
    const dialog = await dialogKit.aliceOpensAttack(alice, RIFLE);
    expect(warning(dialog)).toBe(twoHands);
    await dialogKit.set(alice, "plan.mode", "suppression");
    expect(warning(dialogKit.attackDialog(alice))).toBe(
      "A foe threatens you: suppression fire provokes an attack of opportunity (SW-25).",
    );
    await dialogKit.set(alice, "plan.mode", "autofire");
    expect(warning(dialogKit.attackDialog(alice))).toBe(twoHands);
    await dialogKit.cancel(alice);
    expect(table.unhandled).toEqual([]);
  });

  // Issue 31: the aimed box is the GM's alone (SW-42: a player's aim is the GM's kept touch attack).
  it("SW-42: an aimed shot is a single ranged attack — the GM ticking 'aimed' with a full attack is refused in the dialog, which stays open", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(GM_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, RIFLE);
    await dialogKit.set(alice, "plan.mode", "autofire");
    await dialogKit.set(alice, "assist.aimed", true);
    expect(alice.run(() => text(dialog.element.querySelector('[data-ft-field="error"]')))).toBe(
      "An aimed shot is a single attack, not a full attack or a fire mode (SW-42).",
    );
    await dialogKit.cancel(alice);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-16 SW-33: Alice says her shot is an improvised one (−4), and the Thug helpless (Dex counts as 0: −5) — each term on the card", async () => {
    // Issue 31: this shot no longer pulls a blow (SW-44: "When using a melee weapon" — a pistol shot is refused,
    // d20-declarations.test.ts), nor ticks the Thug's total defense (SW-17: his own declaration, kept on his
    // Combatant, d20-declarations.test.ts).
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "assist.improvised", true);
    await dialogKit.set(alice, "assist.target.helpless", true);
    const msg = await dialogKit.aliceRolls(alice, 17, 1, 1, 1);
    const row = rowText(table.client(GM_ID), msg, "Thug");
    expect(row).toContain("Improvised weaponSW-16−4");
    expect(row).not.toContain("Pulling a blow");
    expect(row).toContain("Helpless (Dex 0)SW-33−5");
    // BAB 3 + Dex 2 − 6 (38 m) − 4 = −5 against 10 + 3 − 5 = 8.
    expect(row).toContain("d20 17 − 5 = 12 vs Defense 8 → Hit");
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * SW-39 (issue 31), seed 002 "Aid Another": "You make an attack roll against a Defense of 10. If you succeed, your ally
 * gains a +2 circumstance bonus that can either be applied to his next attack roll against that opponent or to his
 * Defense when next attacked by that opponent (your choice)." Deel (Bruno's: BAB +2, Str 12 (+1), Medium) stands beside
 * the Thug and aids from his sheet; the GM rolls it and keeps a success; Kara's next shot at the Thug takes the +2, once.
 */
describe("scenario: aid another rolled by the GM (issue 31, SW-39)", () => {
  const DEEL = id("actDeelAssist");
  const TOK_DEEL = id("tokDeelAssist");
  const withDeel = () => {
    const w = world();
    w.actors.push({
      ...actorSource({
        _id: DEEL,
        name: "Deel",
        owner: BRUNO_ID,
        system: { d20: { bab: 2, abilities: { str: 12, dex: 10 }, vitality: { value: 12, max: 12 } } },
      }),
    } as (typeof w.actors)[number]);
    (w.scenes[0]!.tokens as Record<string, unknown>[]).push(
      tokenSource({ _id: TOK_DEEL, name: "Deel", actorId: DEEL, actorLink: true, ...cell(38, 6) }),
    );
    return w;
  };

  /** Bruno targets the Thug and presses "Aid another" on Deel's sheet; the GM rolls `d20`. */
  async function brunoAids(d20: number): Promise<void> {
    const bruno = table.client(BRUNO_ID);
    bruno.target(TOK.thug);
    const sheet = await openSheet(bruno, DEEL);
    const button = sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="aid"]');
    expect(button).not.toBeNull();
    table.dice(d20);
    bruno.run(() => click(button!));
    await bruno.run(() => settleApps());
    await table.settle();
    expect(told(bruno)).toEqual([]);
  }

  const AID = "Aid anotherSW-39+2";

  it("SW-39: Deel's aid d20 9 + 3 = 12 vs Defense 10 hits (the GM's roll, on every client); Alice has no aid box, her next shot at the Thug takes +2 (the GM applies its hit: VP 10 → 7) and the one after none", async () => {
    table = await createTable({ world: withDeel(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await brunoAids(9);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Aid another · Thug SW-39 d20 9 + 3 = 12 vs Defense 10 → Hit Success: an ally's next attack against Thug takes +2.",
      );
    // Kept on the GM's User, which no player may write.
    const kept = table.client(GM_ID).run(() => G().game.users.get(GM_ID).flags["frontier-tactics"].aids);
    expect(Object.keys(kept)).toEqual([TOK_DEEL]);
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    expect(
      alice.run(() => (dialog.element as HTMLFormElement).elements.namedItem("assist.aided")),
    ).toBeNull();
    const first = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    // d20 + 3 + 2 − 6 − 4 (Deel is in melee with the Thug, SW-19) + 2 = d20 − 3 against Defense 15.
    for (const c of table.all) {
      expect(rowText(c, first, "Thug")).toContain(`Shooting into meleeSW-19−4${AID}`);
      expect(rowText(c, first, "Thug")).toContain("d20 19 − 3 = 16 vs Defense 15 → Hit");
    }
    // Used once: the GM marked it taken by that card (its roll id).
    expect(
      table.client(GM_ID).run(() => G().game.users.get(GM_ID).flags["frontier-tactics"].aids[TOK_DEEL].used),
    ).toBe(table.client(GM_ID).run(() => G().game.messages.get(first).system.card.rollId));
    // The hit was the GM's to apply: the card with the aid is one the GM accepts (the seal, the kept aid).
    clickCard(table.client(GM_ID), first, "apply", "Thug");
    await table.settle();
    expect(told(table.client(GM_ID)).filter((m) => !m.startsWith("info"))).toEqual([]);
    for (const c of table.all)
      expect(c.run(() => G().game.actors.get(THUG).system.d20.vitality.value)).toBe(7);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const second = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, second, "Thug")).not.toContain(AID);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-39 (the other choice): Deel's aid for Defense, d20 9 + 3 = 12 vs Defense 10 — the Thug's next shot at Kara meets her Defense 12 + 2 = 14 on every client, and the one after 12", async () => {
    const w = withDeel();
    const THUG_PISTOL = id("itmThugPistolAst");
    const thug = w.actors.find((a) => (a as { _id?: string })._id === THUG) as { items?: unknown[] };
    thug.items = [itemFromPack("d20", "blaster-pistol", THUG_PISTOL, { d20: { damage: "3d6" } })];
    table = await createTable({ world: w, online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const bruno = table.client(BRUNO_ID);
    bruno.target(TOK.thug);
    const sheet = await openSheet(bruno, DEEL);
    const button = sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="aidDefense"]');
    expect(button).not.toBeNull();
    table.dice(9);
    bruno.run(() => click(button!));
    await bruno.run(() => settleApps());
    await table.settle();
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Aid another · Thug SW-39 d20 9 + 3 = 12 vs Defense 10 → Hit Success: the next ally Thug attacks has +2 Defense against it.",
      );
    const gm = table.client(GM_ID);
    table.dice(10, 1, 1, 1);
    const first = await attack(table, gm, THUG, THUG_PISTOL, [TOK.kara]);
    for (const c of table.all) {
      expect(rowText(c, first!, "Kara")).toContain("Aid another (Defense)SW-39+2");
      expect(rowText(c, first!, "Kara")).toContain("vs Defense 14");
    }
    table.dice(10, 1, 1, 1);
    const second = await attack(table, gm, THUG, THUG_PISTOL, [TOK.kara]);
    for (const c of table.all) {
      expect(rowText(c, second!, "Kara")).not.toContain("Aid another (Defense)");
      expect(rowText(c, second!, "Kara")).toContain("vs Defense 12");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-39: Deel's aid d20 5 + 3 = 8 misses Defense 10: nothing is kept, and Alice's shot takes no +2", async () => {
    table = await createTable({ world: withDeel(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await brunoAids(5);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Aid another · Thug SW-39 d20 5 + 3 = 8 vs Defense 10 → Miss No aid against Thug.",
      );
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, msg, "Thug")).not.toContain(AID);
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * SW-42 (issue 31), seed 002 "Aiming": "To aim, make a ranged touch attack against the target. … If the touch attack is
 * successful, the target is denied its Dexterity bonus to Defense for your next single attack with the weapon which
 * you aimed." Kara (BAB +3, Dex +2, Medium) aims her pistol at the Thug 38 m away (−6): d20 − 1 against his touch
 * Defense 12 (10 + Dex 2, no class bonus, SW-09). The GM rolls it and keeps a hit for her next single shot.
 */
describe("scenario: aiming rolled by the GM (issue 31, SW-42)", () => {
  const kept = () =>
    table.client(GM_ID).run(() => G().game.users.get(GM_ID).flags["frontier-tactics"]?.aims ?? {});

  it("SW-42: Kara's aim d20 13 − 1 = 12 vs touch Defense 12 hits (the GM's roll, on every client); Alice has no aimed box; her next single shot denies the Thug his Dex (Defense 15 → 13) on every client, the one after does not", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await aliceAims(13);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Aim · Thug SW-42 d20 13 − 1 = 12 vs touch Defense 12 → Hit Aimed: Thug is denied its Dex against the next single attack with Blaster Pistol, unless it moves more than 2 m. The touch Defense leaves out cover and the situational modifiers: the GM's to weigh.",
      );
    expect(Object.keys(kept())).toEqual([TOK.kara]);
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    expect(
      alice.run(() => (dialog.element as HTMLFormElement).elements.namedItem("assist.aimed")),
    ).toBeNull();
    const first = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    // d20 + 3 + 2 − 6 = d20 − 1 against 10 + 3 (his Dex denied).
    for (const c of table.all)
      expect(rowText(c, first, "Thug")).toContain("d20 10 − 1 = 9 vs Defense 13 → Miss");
    // Used once: the GM marked it taken by that card (its roll id).
    expect(kept()[TOK.kara].used).toBe(
      table.client(GM_ID).run(() => G().game.messages.get(first).system.card.rollId),
    );
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const second = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all)
      expect(rowText(c, second, "Thug")).toContain("d20 10 − 1 = 9 vs Defense 15 → Miss");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42: Kara's aim d20 5 − 1 = 4 misses touch Defense 12: nothing is kept, and her shot leaves the Thug his Dex (Defense 15)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await aliceAims(5);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Aim · Thug SW-42 d20 5 − 1 = 4 vs touch Defense 12 → Miss No aim at Thug. The touch Defense leaves out cover and the situational modifiers: the GM's to weigh.",
      );
    expect(kept()).toEqual({});
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, msg, "Thug")).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42: the Thug moves 4 m after Kara's aim — he regains his Dex: her shot is at Defense 15", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await aliceAims(13);
    await table.client(GM_ID).run(async () => {
      const t = G().game.scenes.get(SCENE).tokens.get(TOK.thug);
      await t.update({ y: t.y + 4 * G().game.scenes.get(SCENE).grid.size });
    });
    await table.settle();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, msg, "Thug")).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42: Alice's console posts her honest shot again with an aimed position (+1) forged in — no aim is kept, and the GM refuses it: its Apply takes nothing", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const honest = await dialogKit.aliceRolls(alice, 18, 1, 1, 1);
    const forged = await alice.run(async () => {
      const m = G().game.messages.get(honest);
      const card = structuredClone(m.system.card);
      card.applied = [];
      card.rollId = "rollForgedAim";
      card.targets[0].modifiers.push({
        id: "position",
        label: "FT.D20.Aim.position",
        value: 1,
        ruleId: "SW-42",
      });
      const { renderCard } = await import("../../src/workflows/card/card-render.js");
      const copy = await G().ChatMessage.create({
        type: "attack",
        system: { card },
        content: await renderCard(card),
        rolls: m.rolls.map((r: any) => r.toJSON()),
      });
      return copy.id as string;
    });
    await table.settle();
    clickCard(table.client(GM_ID), forged, "apply", "Thug");
    await table.settle();
    expect(told(table.client(GM_ID)).at(-1)).toBe(
      "warn: This card's data is not one this system writes (an aim the GM does not keep for this attack, weapon and target (SW-42)); nothing was applied.",
    );
    for (const c of table.all)
      expect(c.run(() => G().game.actors.get(THUG).system.d20.vitality.value)).toBe(10);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 SW-13: in a combat by count, Alice's console asks an aim on the Thug's turn — refused; on Kara's turn two at once give one touch attack, the second refused as the round's action spent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const CMB = { kara: id("cmbKaraAimAssist"), thug: id("cmbThugAimAssist") };
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    const ask = (n: number) =>
      table.client(ALICE_ID).run(() =>
        Promise.all(
          Array.from({ length: n }, () =>
            requestGM({
              kind: "aim",
              tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
              target: `Scene.${SCENE}.Token.${TOK.thug}`,
              itemId: PISTOL,
            }),
          ),
        ),
      );
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    table.dice(13);
    const off = await ask(1);
    await table.settle();
    expect(off.map((a) => a.skipped.map((s) => s.reason))).toEqual([["FT.D20.Aim.notYourTurn"]]);
    expect(kept()).toEqual({});
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    table.dice(13, 13);
    const on = await ask(2);
    await table.settle();
    expect(on.map((a) => a.skipped.map((s) => s.reason))).toEqual([[], ["FT.D20.Aim.acted"]]);
    // One touch attack: one SW-42 card, and the GM wrote the round's action on Kara's ledger (on every client).
    expect(
      gm.run(() => G().game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-42").length),
    ).toBe(1);
    expect(
      onEveryClient(table, () => {
        const t = G().game.combat.combatants.get(CMB.kara).system.turn;
        return [t?.round, t?.shots];
      }),
    ).toEqual(everyone(table, [2, 1]));
    expect(Object.keys(kept())).toEqual([TOK.kara]);
    expect(table.unhandled).toEqual([]);
  });
});

/** SW-42: the aimer's "no Dodge or Dex" mark on combatant `cmb`, on every client. */
const aimingMark = (cmb: string) =>
  onEveryClient(table, () => !!G().game.combat.combatants.get(cmb).system.defending?.aiming);

/** Alice's console writes combatant `cmb`'s defending mark with its aiming dropped, as a script would. */
async function aliceDropsAiming(cmb: string): Promise<void> {
  await table.client(ALICE_ID).run(() =>
    G()
      .game.combat.combatants.get(cmb)
      .update({
        system: {
          defending: {
            round: 1,
            totalDefense: false,
            fightingDefensively: false,
            charging: false,
            aiming: false,
          },
        },
      }),
  );
  await table.settle();
}

/* -------------------------------------------- */
/*  SW-42 aiming: review 3's remaining findings  */
/* -------------------------------------------- */

describe("scenario: an aim serves its weapon, its target's stay and its turn (issue 31 review 3, SW-42)", () => {
  const aims = (user = GM_ID) =>
    table.client(GM_ID).run(() => G().game.users.get(user).flags["frontier-tactics"]?.aims ?? {});
  const thugDefense = (msg: string) => table.all.map((c) => rowText(c, msg, "Thug"));
  const bruteKit = attackDialogKit(() => table, { actor: KARA, target: TOK.brute });

  /** Alice's console posts a copy of her card `of` with `edit` applied (a new roll id); the copy's message id. */
  async function forgeCopy(of: string, edit: (card: any) => void): Promise<string> {
    const forged = await table.client(ALICE_ID).run(async () => {
      const m = G().game.messages.get(of);
      const card = structuredClone(m.system.card);
      card.applied = [];
      card.rollId = "rollForgedAimed";
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
    await table.settle();
    return forged;
  }

  async function gmApplies(msg: string): Promise<void> {
    clickCard(table.client(GM_ID), msg, "apply", "Thug");
    await table.settle();
  }
  const thugVP = () => onEveryClient(table, () => G().game.actors.get(THUG).system.d20.vitality.value);

  it("SW-42 (review 3, 1.1): Kara aims with her pistol (hit), then fires her rifle at the Thug — his Dex stays (Defense 15) on every client, and that shot spends the aim: the pistol after it meets Defense 15 too", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await aliceAims(13);
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, RIFLE);
    const rifle = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    // d20 + 3 + 2 − 2 (one 30 m increment) = d20 + 3 against 10 + 3 + 2: the rifle was not aimed.
    for (const r of thugDefense(rifle)) expect(r).toContain("d20 10 + 3 = 13 vs Defense 15 → Miss");
    expect(aims()[TOK.kara].used).toBe(
      table.client(GM_ID).run(() => G().game.messages.get(rifle).system.card.rollId),
    );
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const pistol = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(pistol)) expect(r).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 1.1, 1.4): Alice's console reposts her rifle shot after a pistol aim with the Thug's Dex dropped and 'Aimed: Dex denied' — the GM refuses it (aim: not the weapon aimed); with the Dex dropped and no reason, refused too (Dex denied): the Thug keeps VP 10", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await aliceAims(13);
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, RIFLE);
    const rifle = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    const dropDex = (card: any, reason: boolean) => {
      const d = card.targets[0].d20;
      d.defenseTerms = d.defenseTerms.filter((m: any) => m.id !== "dex");
      if (reason)
        d.defenseTerms.push({
          id: "noDex.defenderAimedAt",
          label: "FT.D20.NoDex.defenderAimedAt",
          value: 0,
          ruleId: "SW-42",
        });
      d.defense = 13;
    };
    const aimed = await forgeCopy(rifle, (card) => dropDex(card, true));
    await gmApplies(aimed);
    expect(told(table.client(GM_ID)).at(-1)).toBe(
      "warn: This card's data is not one this system writes (an aim the GM does not keep for this attack, weapon and target (SW-42)); nothing was applied.",
    );
    const unsaid = await forgeCopy(rifle, (card) => {
      dropDex(card, false);
      card.rollId = "rollForgedUnsaid";
    });
    await gmApplies(unsaid);
    expect(told(table.client(GM_ID)).at(-1)).toBe(
      "warn: This card's data is not one this system writes (a Dex bonus to Defense left out with no reason the system writes (SW-08)); nothing was applied.",
    );
    expect(thugVP()).toEqual(everyone(table, 10));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-01 SW-42 (review 3, 1.4): a flat-footed Thug's card says why he has no Dex ('No Dex: flat-footed', Defense 13) and the GM applies it: VP 10 → 7 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraFF"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbThugFF"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    for (const r of thugDefense(msg))
      expect(r).toContain("Defense = 13 BaseSW-08+10Class bonusSW-08+3No Dex: flat-footedSW-010 ");
    await gmApplies(msg);
    expect(thugVP()).toEqual(everyone(table, 7));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (fixaim, trust review 1.4): after an honest pistol shot (VP 10 → 7) Kara aims; Alice's console posts two copies of the shot with no speaker, each with 'Aimed: Dex denied' — the aim is spent by the first (the card's attacker, not its speaker): the GM applies it (VP 7 → 4) and refuses the second (aim), VP 4 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const plain = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    await gmApplies(plain);
    expect(thugVP()).toEqual(everyone(table, 7));
    await aliceAims(13);
    const aimed = (rollId: string) => (card: any) => {
      const d = card.targets[0].d20;
      d.defenseTerms = d.defenseTerms.filter((m: any) => m.id !== "dex");
      d.defenseTerms.push({
        id: "noDex.defenderAimedAt",
        label: "FT.D20.NoDex.defenderAimedAt",
        value: 0,
        ruleId: "SW-42",
      });
      d.defense = 13;
      card.rollId = rollId;
    };
    const first = await forgeCopy(plain, aimed("rollForgedSpk001"));
    expect(table.client(GM_ID).run(() => G().game.messages.get(first).speaker.token)).toBeFalsy();
    await gmApplies(first);
    expect(thugVP()).toEqual(everyone(table, 4));
    expect(aims()[TOK.kara].used).toBe("rollForgedSpk001");
    const second = await forgeCopy(plain, aimed("rollForgedSpk002"));
    await gmApplies(second);
    expect(told(table.client(GM_ID)).at(-1)).toBe(
      "warn: This card's data is not one this system writes (an aim the GM does not keep for this attack, weapon and target (SW-42)); nothing was applied.",
    );
    expect(thugVP()).toEqual(everyone(table, 4));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-01 SW-29 (fixaim, trust review 1.3): outside a combat, the Thug neither flat-footed nor stunned, Alice's console reposts her shot with his Dex dropped for 'No Dex: flat-footed', then for 'No Dex: stunned' — the GM refuses both (no such condition on the scene); once the GM stuns him, her own dialog's shot ('No Dex: stunned', Defense 13) is applied", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const plain = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    const noDex = (condition: string, ruleId: string) => (card: any) => {
      const d = card.targets[0].d20;
      d.defenseTerms = d.defenseTerms.filter((m: any) => m.id !== "dex");
      d.defenseTerms.push({ id: `noDex.${condition}`, label: `FT.D20.NoDex.${condition}`, value: 0, ruleId });
      d.defense = 13;
      card.rollId = `rollForged${condition}`.slice(0, 16);
    };
    const refusal =
      "warn: This card says a target has no Dex bonus to Defense for a condition the GM does not see on the scene when it was posted (not flat-footed, running, aiming, stunned, climbing, grappling or pinned, nor its attacker unseen: SW-01, SW-24, SW-29, SW-42); it is not applied.";
    for (const [condition, ruleId] of [
      ["defenderFlatFooted", "SW-01"],
      ["defenderStunned", "SW-29"],
    ] as const) {
      const forged = await forgeCopy(plain, noDex(condition, ruleId));
      await gmApplies(forged);
      expect(told(gm).at(-1)).toBe(refusal);
    }
    expect(thugVP()).toEqual(everyone(table, 10));
    await gm.run(() => G().game.actors.get(THUG).toggleStatusEffect("stun", { active: true }));
    await table.settle();
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const honest = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    for (const r of thugDefense(honest)) expect(r).toContain("No Dex: stunnedSW-290");
    await gmApplies(honest);
    expect(thugVP()).toEqual(everyone(table, 7));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-08 SW-04 (fixaim, play review 1.3): in Alice's dialog the Thug's Dex row is read-only (the GM's: 'ask the GM') and a value typed there is not read — her shot meets Defense 15 and the GM applies it, no refusal; the class bonus row stays hers to correct; in the GM's own dialog the Dex row is editable and Dex 0 gives Defense 13", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const rowName = (c: typeof alice, id: string): string =>
      c.run(
        () =>
          [...dialogKit.attackDialog(c).element.querySelectorAll("table.ft-d20-defense input")]
            .map((e: any) => e.name as string)
            .find((n) => n.endsWith(`.${id}`))!,
      );
    const input = (c: typeof alice, name: string) =>
      c.run(() => {
        const e = dialogKit.attackDialog(c).element.querySelector(`[name="${name}"]`) as HTMLInputElement;
        return { readOnly: e.hasAttribute("readonly"), tip: e.getAttribute("data-tooltip") };
      });
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const dexName = rowName(alice, "dex");
    expect(input(alice, dexName)).toEqual({
      readOnly: true,
      tip: "Only the GM takes away a target's Dex bonus to Defense: ask the GM (SW-08).",
    });
    expect(input(alice, rowName(alice, "class")).readOnly).toBe(false);
    await expect(dialogKit.set(alice, dexName, "0")).rejects.toThrow("is read-only");
    // A value put there anyway (the browser's inspector, a script) is not read as an edit.
    alice.run(() => {
      const e = dialogKit
        .attackDialog(alice)
        .element.querySelector(`[name="${dexName}"]`) as HTMLInputElement;
      e.value = "0";
      const W = e.ownerDocument.defaultView as unknown as typeof globalThis;
      e.dispatchEvent(new W.Event("change", { bubbles: true }));
    });
    await alice.run(() => settleApps());
    const shot = await dialogKit.aliceRolls(alice, 19, 1, 1, 1);
    for (const r of thugDefense(shot)) {
      expect(r).toContain("DexteritySW-08+2");
      expect(r).toContain("vs Defense 15 → Hit");
    }
    await gmApplies(shot);
    expect(told(gm).filter((t) => t.startsWith("warn"))).toEqual([]);
    expect(thugVP()).toEqual(everyone(table, 7));
    await dialogKit.aliceOpensAttack(gm, PISTOL);
    expect(input(gm, dexName).readOnly).toBe(false);
    await dialogKit.set(gm, dexName, "0");
    const gmShot = await dialogKit.aliceRolls(gm, 19, 1, 1, 1);
    for (const r of thugDefense(gmShot)) expect(r).toContain("vs Defense 13 → Hit");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 2.3): after Kara's aim the Thug steps 2 m away and 2 m back — 4 m of movement, though he stands where he stood: he regains his Dex (Defense 15) on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await aliceAims(13);
    const step = (dy: number) =>
      table.client(GM_ID).run(async () => {
        const t = G().game.scenes.get(SCENE).tokens.get(TOK.thug);
        await t.update({ y: t.y + dy * G().game.scenes.get(SCENE).grid.size });
      });
    await step(2);
    await table.settle();
    expect(aims()[TOK.kara].dropped).toBeUndefined();
    await step(-2);
    await table.settle();
    expect(aims()[TOK.kara]).toMatchObject({ moved: 4, dropped: "moved" });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(msg)) expect(r).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (fixaim, play review 2.3): after Kara's aim the Thug steps two squares diagonally — 2 m as the grid counts a walk (as the attacks of opportunity count it), 2.83 m in a straight line: the aim holds, her shot meets Defense 13 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await aliceAims(13);
    await table.client(GM_ID).run(async () => {
      const t = G().game.scenes.get(SCENE).tokens.get(TOK.thug);
      const size = G().game.scenes.get(SCENE).grid.size;
      await t.update({ x: t.x + 2 * size, y: t.y + 2 * size });
    });
    await table.settle();
    expect(aims()[TOK.kara]).toMatchObject({ moved: 2 });
    expect(aims()[TOK.kara].dropped).toBeFalsy();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(msg)) expect(r).toContain("vs Defense 13");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (fixaim, play review 2.3): after Kara's aim in a combat by count the GM drags the Thug 3 m by mistake (the aim is lost) and undoes it — no movement, as the attacks of opportunity read a GM's undo: the aim comes back, her shot on her next turn meets Defense 13 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    // In a started combat, where v13 records a token's movement history (which its undo reverts).
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraUndo"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbThugUndo"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    await aliceAims(13);
    await gm.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.thug)
        .move([{ ...cell(38, 8), action: "walk" }], { method: "dragging" }),
    );
    await table.settle();
    expect(aims()[TOK.kara]).toMatchObject({ moved: 3, dropped: "moved" });
    await gm.run(() => G().game.scenes.get(SCENE).tokens.get(TOK.thug).revertRecordedMovement());
    await table.settle();
    expect(gm.run(() => G().game.scenes.get(SCENE).tokens.get(TOK.thug).y)).toBe(cell(38, 5).y);
    expect(aims()[TOK.kara]).toMatchObject({ moved: 0, dropped: null });
    for (let i = 0; i < 2; i++) {
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
    }
    expect(currentTurn(gm)).toBe("Kara");
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(msg)) expect(r).toContain("vs Defense 13");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 2.1): two GMs — an older unused aim of Kara's at the Brute, kept by a GM now away, neither hides her new aim at the Thug (Defense 13) nor outlives it", async () => {
    const OLD_GM = "gmOldUser000000e";
    table = await createTable({
      world: world(true),
      users: [{ id: OLD_GM, name: "Old GM", role: 4 }, ...DEFAULT_USERS],
      online: [GM_ID, ALICE_ID],
    });
    await table.client(GM_ID).run(() =>
      G()
        .game.users.get(OLD_GM)
        .update({
          [`flags.frontier-tactics.aims.${TOK.kara}`]: {
            sceneId: SCENE,
            target: TOK.brute,
            ...cell(1, 6),
            weapon: PISTOL,
            used: null,
          },
        }),
    );
    await table.settle();
    await aliceAims(13);
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const first = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(first)) expect(r).toContain("vs Defense 13");
    // The old entry does not come back as her aim once the new one is used.
    await bruteKit.aliceOpensAttack(alice, PISTOL);
    const second = await bruteKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const c of table.all) expect(rowText(c, second, "Brute")).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 2.4): in a combat by count Kara aims on her turn (round 1); her next turn (round 2) ends with no shot — the GM drops the aim, and her round-3 shot meets Defense 15 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraTE"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbThugTE"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    await aliceAims(13);
    const turn = async () => {
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
    };
    await turn(); // the Thug's turn, round 1: Kara's aim turn has ended, the aim holds
    expect(aims()[TOK.kara].dropped).toBeUndefined();
    await turn(); // Kara's turn, round 2
    expect(currentTurn(gm)).toBe("Kara");
    expect(aims()[TOK.kara].dropped).toBeUndefined();
    await turn(); // her next turn ended
    expect(aims()[TOK.kara].dropped).toBe("turnEnded");
    await turn(); // Kara's turn, round 3
    expect(currentTurn(gm)).toBe("Kara");
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(msg)) expect(r).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 SW-25 (fixaim, play review 2.1, 2.2): in a combat by count Kara aims with the armed Brute beside her — the Brute is offered its attack of opportunity (aiming provokes), the aim card says she has no Dodge or Dex; on the Brute's turn his swing meets her Defense with 'No Dex: aiming' and no Dexterity, on every client (a player's write dropping the mark is put back); at her next turn the mark is gone", async () => {
    table = await createTable({ world: world(true), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraAimDx"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbBruteAimDx"), tokenId: TOK.brute, actorId: BRUTE },
      { _id: id("cmbThugAimDx"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    await aliceAims(13);
    const aimCard = gm.run(
      () =>
        G()
          .game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-42")
          .at(-1).id as string,
    );
    expect(cardText(gm, aimCard)).toContain(
      "Kara has no Dodge or Dex bonus to Defense until the start of Kara's next turn (SW-42).",
    );
    const offers = gm.run(() =>
      G()
        .game.messages.contents.filter((m: any) => m.system?.kind === "ft-aoo-offer")
        .map((m: any) => m.id as string),
    );
    expect(offers.length).toBe(1);
    expect(cardText(gm, offers[0]!)).toContain(
      "Kara aimed within the area Brute threatens (aiming provokes, SW-42): Brute may make an attack of opportunity at Kara (SW-25).",
    );
    const aiming = () => aimingMark(id("cmbKaraAimDx"));
    expect(aiming()).toEqual(everyone(table, true));
    // Alice's console drops the mark the round she aimed: the GM puts it back (the GM's recorded aim).
    await aliceDropsAiming(id("cmbKaraAimDx"));
    expect(aiming()).toEqual(everyone(table, true));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Brute");
    const bruteKit = attackDialogKit(() => table, { actor: BRUTE, target: TOK.kara });
    await bruteKit.aliceOpensAttack(gm, BLADE);
    const swing = await bruteKit.aliceRolls(gm, 10, 1, 1);
    for (const c of table.all) {
      const r = rowText(c, swing, "Kara");
      expect(r).toContain("No Dex: aimingSW-420");
      expect(r).not.toContain("DexteritySW-08");
    }
    for (let i = 0; i < 2; i++) {
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
    }
    expect(currentTurn(gm)).toBe("Kara");
    expect(aiming()).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (final review 1.4): the Brute acts before Kara; Kara aims on her turn in round 1; in round 2, on the Brute's turn (Kara's not come yet), Alice's console drops the aiming mark — the GM puts it back on every client; at Kara's own turn it is gone", async () => {
    table = await createTable({ world: world(true), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraAimGap"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbBruteAimGap"), tokenId: TOK.brute, actorId: BRUTE },
      { _id: id("cmbThugAimGap"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(10, 18, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(currentTurn(gm)).toBe("Brute");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    await aliceAims(13);
    const aiming = () => aimingMark(id("cmbKaraAimGap"));
    expect(aiming()).toEqual(everyone(table, true));
    for (let i = 0; i < 2; i++) {
      await gm.run(() => G().game.combat.nextTurn());
      await table.settle();
    }
    expect(gm.run(() => G().game.combat.round)).toBe(2);
    expect(currentTurn(gm)).toBe("Brute");
    expect(aiming()).toEqual(everyone(table, true));
    await aliceDropsAiming(id("cmbKaraAimGap"));
    expect(aiming()).toEqual(everyone(table, true));
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Kara");
    expect(aiming()).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 2.4): Kara aims in a combat by count, and the GM ends the combat — the aim goes with it: her shot after it meets Defense 15 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { _id: id("cmbKaraCE"), tokenId: TOK.kara, actorId: KARA },
      { _id: id("cmbThugCE"), tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    await aliceAims(13);
    await gm.run(() => G().game.combat.delete());
    await table.settle();
    expect(aims()[TOK.kara].dropped).toBe("combatEnded");
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const msg = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    for (const r of thugDefense(msg)) expect(r).toContain("vs Defense 15");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 (review 3, 2.5): the GM refuses Alice's console's aim with her rifle unequipped, then with it made a grenade, and Bruno's aim with Kara — no touch attack is rolled, nothing kept", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const gm = table.client(GM_ID);
    const ask = (user: string) =>
      table.client(user).run(() =>
        requestGM({
          kind: "aim",
          tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
          target: `Scene.${SCENE}.Token.${TOK.thug}`,
          itemId: RIFLE,
        }),
      );
    const rifle = (system: object) =>
      gm.run(() => G().game.actors.get(KARA).items.get(RIFLE).update({ system }));
    await rifle({ equipped: false });
    await table.settle();
    const reasons: string[] = [];
    reasons.push(...(await ask(ALICE_ID)).skipped.map((s) => s.reason));
    await rifle({ equipped: true, d20: { grenade: true } });
    await table.settle();
    reasons.push(...(await ask(ALICE_ID)).skipped.map((s) => s.reason));
    reasons.push(...(await ask(BRUNO_ID)).skipped.map((s) => s.reason));
    await table.settle();
    expect(reasons).toEqual(["FT.D20.Aim.unequipped", "FT.D20.Aim.grenade", "FT.D20.Aim.notYours"]);
    expect(aims()).toEqual({});
    expect(
      gm.run(() => G().game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-42").length),
    ).toBe(0);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-42 SWN-11 (review 3, 2.5): in a Stars Without Number world Alice's console asks an SW-42 aim — the GM refuses it (SWN's aimed shot is its own): no touch attack, nothing kept", async () => {
    const w = world();
    table = await createTable({
      world: { ...w, settings: [...w.settings, settingSource(id("setProfileAimSwn"), "profile", "swn")] },
      online: [GM_ID, ALICE_ID],
    });
    const answer = await table.client(ALICE_ID).run(() =>
      requestGM({
        kind: "aim",
        tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
        target: `Scene.${SCENE}.Token.${TOK.thug}`,
        itemId: PISTOL,
      }),
    );
    await table.settle();
    expect(answer.skipped.map((s) => s.reason)).toEqual(["FT.D20.Aim.notThisGame"]);
    expect(aims()).toEqual({});
    expect(table.unhandled).toEqual([]);
  });
});
