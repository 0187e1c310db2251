/**
 * Scenario (issue 31, SW-20): in a Star Wars d20 world the sheet's _Punch_ is the unarmed strike, "essentially like
 * attacking with a weapon" (seed 002): a d20 melee attack against Defense (SW-04: d20 + BAB + Str), "An unarmed
 * strike by a Medium-size character deals 1d3 points of damage" plus Strength (SW-07), "You can't score a critical
 * hit with an unarmed strike unless you have the Martial Arts feat". Kara (BAB +6, Str 14 → +2, Medium-size) punches
 * the Thug beside her (Defense 15; heroic, VP 10, WP 14) from her rendered sheet; the GM Applies the card.
 */
import { describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { rolled } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  messageIds,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Fist");
const KARA = id("actKaraFist");
const THUG = id("actThugFist");
const TOK = { kara: id("tokKaraFist"), thug: id("tokThugFist") };

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = (size = "medium") => ({
  settings: [settingSource(id("setEngineD20Fist"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: { d20: { bab: 6, size, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Cantina",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(1, 5)),
      ],
    }),
  ],
});

/** Alice shift-clicks Punch (no dialog) on Kara's rendered sheet, the Thug targeted; the table settles. */
async function punch(alice: Client): Promise<string | null> {
  alice.target(TOK.thug);
  await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  const sheet = alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
  const button = sheet.querySelector<HTMLElement>('[data-action="punch"]');
  expect(button).not.toBeNull();
  alice.run(() => click(button!, { shiftKey: true }));
  await alice.run(() => settleApps());
  await table.settle();
  return messageIds(alice)[0] ?? null;
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

const thug = () =>
  onEveryClient(table, () => {
    const a = G().canvas.scene.tokens.get(TOK.thug).actor;
    return { vp: a.system.d20.vitality.value, wp: a.system.d20.wounds.value };
  });

describe("scenario: the d20 unarmed strike (issue 31)", () => {
  it("SW-20 SW-04: Kara's Punch is d20 12 + 8 = 20 (BAB +6, Str +2) vs the Thug's Defense 15 — a hit for 1d3 [2] + 2 = 4; the GM's Apply takes the Thug's VP 10 → 6 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(12, 2);
    const msg = await punch(alice);
    expect(told(alice)).toEqual([]);
    expect(msg).not.toBeNull();
    expect(rolled.map((r) => r.formula)).toEqual(["1d20", "1d3"]);
    for (const c of table.all) {
      const row = targetBlock(renderMessage(c, msg!), "Thug");
      expect([...row.querySelectorAll(".ft-roll-line")].map((e) => text(e))).toEqual([
        "d20 12 + 8 = 20 vs Defense 15 → Hit 1d3 [2] + 2 = 4 dmg",
      ]);
    }
    expect(alice.run(() => G().game.messages.get(msg).system.card.bareHands)).toBe(true);
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(thug()).toEqual(everyone(table, { vp: 6, wp: 14 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-20: a natural 20 with an unarmed strike hits but is no critical (no Martial Arts feat): no confirmation die is rolled", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(20, 3, 17);
    const msg = await punch(alice);
    expect(rolled.map((r) => r.formula)).toEqual(["1d20", "1d3"]);
    const card = alice.run(() => G().game.messages.get(msg).system.card);
    expect(card.result.shots[0].outcome.hit).toBe(true);
    expect(card.result.shots[0].outcome.critical).toBe("none");
    expect(card.result.damage[0].damage).toBe(5);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-20 (trust review 2.5): Alice's console posts her punch's card again as a new attack with a confirmed critical forged in — the GM refuses it: its Apply takes nothing (no 4 to wound points), on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(12, 2);
    const msg = await punch(alice);
    expect(msg).not.toBeNull();
    const forged = await alice.run(async () => {
      const m = G().game.messages.get(msg);
      const card = structuredClone(m.system.card);
      card.applied = [];
      card.rollId = "rollForgedCrit";
      card.result.shots[0].outcome.critical = "confirmed";
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
    expect(thug()).toEqual(everyone(table, { vp: 10, wp: 14 }));
    expect(told(table.client(GM_ID)).at(-1)).toContain("no critical with an unarmed strike (SW-20)");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-20 SW-22: a full attack of unarmed strikes from the dialog — d20 12 + 8 hits for 1d3 [2] + 2 = 4, d20 9 + 3 misses — is one card the GM accepts: Apply takes the Thug's VP 10 → 6 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    const sheet = alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
    alice.run(() => click(sheet.querySelector<HTMLElement>('[data-action="punch"]')!));
    await alice.run(() => settleApps());
    await table.settle();
    await dialogKit.set(alice, "plan.fullAttack", true);
    const msg = await dialogKit.aliceRolls(alice, 12, 9, 2, 1);
    // (The damage dice are rolled for each attack roll; a miss deals none.)
    const row = targetBlock(renderMessage(table.client(GM_ID), msg), "Thug");
    expect([...row.querySelectorAll(".ft-roll-line")].map((e) => text(e))).toEqual([
      "d20 12 + 8 = 20 vs Defense 15 → Hit 1d3 [2] + 2 = 4 dmg",
      "d20 9 + 3 = 12 vs Defense 15 → Miss",
    ]);
    clickCard(table.client(GM_ID), msg, "apply", "Thug");
    await table.settle();
    expect(thug()).toEqual(everyone(table, { vp: 6, wp: 14 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-20: a Huge attacker's strike has no damage in the seed: refused by name, nothing rolled, no card", async () => {
    table = await createTable({ world: world("huge"), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(12, 2);
    const msg = await punch(alice);
    expect(msg).toBeNull();
    expect(rolled).toEqual([]);
    expect(told(alice)).toEqual([
      "warn: The Revised Core Rulebook gives no unarmed strike damage for size huge (only Small 1d2, Medium-size 1d3, Large 1d4; SW-20): nothing was rolled.",
    ]);
    expect(table.unhandled).toEqual([]);
  });
});
