/**
 * Scenario: melee from the sheet (rules-tables §6, "RT-6"; the melee distance SF-X-09) and a thrown knife
 * (SF-X-38), played by Alice on her own client from her rendered sheet; the GM applies; every client sees.
 *
 * Numbers: Kara STR 45, DEX 60 → melee base max(45, 60) ÷ 2 = 30 (rules-tables §6); punching damage at STR 45 is 3
 * (41–60: 3). From behind +20 (§6) → 50. The sonic sword's damage is 5d10 (rules-tables §5.5 / §18); its to-hit
 * modifier is not in the sources, so the GM enters one (0 here) before it can be used. The knife's damage and
 * thrown ranges are not in the sources either: the GM enters them (1d10 and 2/5/10/15/20 m here — the GM's
 * entries, not numbers of the rules). Thrown: ½ DEX 30 + Thrown Weapons level 1 × 10 = 40 (SF-X-38).
 *
 * The pirate (an NPC no player owns) stands 1 m from Kara; a second pirate 3 m away, beyond melee reach.
 */
import { describe, expect, it } from "vitest";
import { answerDialog, click, openDialogs, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  messageIds,
  onEveryClient,
  sceneSource,
  staminaOf,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = id("sceneAlley");
const KARA = id("actKara");
const PIRATE = id("actPirate");
const TOK_KARA = id("tokKara");
const TOK_NEAR = id("tokNear");
const TOK_FAR = id("tokFar");
const SWORD = id("itmSonicSword");
const PLAIN_SWORD = id("itmSword");
const KNIFE = id("itmKnife");
const RAW_KNIFE = id("itmRawKnife");
const THROWN_SKILL = id("itmThrownSkill");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = () => ({
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      abilities: { str: 45, dex: 60 },
      stamina: 50,
      items: [
        // The GM entered the sonic sword's modifier (the melee weapons table is not in the sources).
        itemFromPack("weapons", "sonic-sword", SWORD, { meleeModifier: 0 }),
        itemFromPack("weapons", "sword", PLAIN_SWORD),
        // The GM entered the knife's modifier, damage and thrown ranges (the GM's numbers, from their rulebook).
        itemFromPack(
          "weapons",
          "knife",
          KNIFE,
          { meleeModifier: 0, damage: { formula: "1d10" }, ranges: { pb: 2, s: 5, m: 10, l: 15, e: 20 } },
          "Kara's Knife",
        ),
        itemFromPack("weapons", "knife", RAW_KNIFE, {}, "Plain Knife"),
        itemFromPack("skills", "thrown-weapons", THROWN_SKILL, { level: 1 }),
      ],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Alley",
      tokens: [
        tokenSource({ _id: TOK_KARA, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        tokenSource({ _id: TOK_NEAR, name: "Pirate", actorId: PIRATE, actorLink: false, ...cell(6, 5) }),
        tokenSource({ _id: TOK_FAR, name: "Far Pirate", actorId: PIRATE, actorLink: false, ...cell(8, 5) }),
      ],
    }),
  ],
});

/** Alice opens Kara's sheet on her client (as a double-click does) and returns it. */
async function openSheet(alice: Client): Promise<HTMLElement> {
  await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  return alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
}

/** Alice clicks a control of her sheet (shift-click when `fast`); the table settles. */
async function clickSheet(alice: Client, selector: string, fast = false): Promise<void> {
  const sheet = await openSheet(alice);
  const button = sheet.querySelector<HTMLElement>(selector);
  expect(button, selector).not.toBeNull();
  alice.run(() => click(button!, { shiftKey: fast }));
  await alice.run(() => settleApps());
  await table.settle();
}

/** Alice ticks situations in the open melee dialog and clicks its Roll button; the table settles. */
async function answerMelee(alice: Client, situations: string[]): Promise<void> {
  alice.run(() => {
    const dialog = openDialogs().at(-1);
    if (!dialog) throw new Error("no melee dialog");
    for (const s of situations) {
      const box = dialog.element.querySelector<HTMLInputElement>(`input[name="situation"][value="${s}"]`);
      if (!box) throw new Error(`no situation ${s}`);
      box.checked = true;
    }
    answerDialog("ok");
  });
  await alice.run(() => settleApps());
  await table.settle();
}

/** The GM applies the newest card's hit on the pirate from the GM's own client. */
async function gmApplies(): Promise<void> {
  const gm = table.client(GM_ID);
  const last = messageIds(gm).at(-1)!;
  clickCard(gm, last, "apply", "Pirate");
  await table.settle();
}

const pirateStamina = () =>
  onEveryClient(table, () => G().game.scenes.viewed.tokens.get(TOK_NEAR).actor.system.stamina.value);

describe("scenario: melee from the sheet (RT-6 rules-tables §6, SF-X-09) and a thrown knife (SF-X-38)", () => {
  it("RT-6 SF-X-09: melee with a fist and with a sword — Alice punches from behind (50 %, d100 25, 3 damage) and swings the sonic sword (30 %, d100 30, 5d10 = 30); the GM applies; every client sees the pirate's Stamina 40 → 37 → 7", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_NEAR);

    // The punch: the dialog opens, Alice picks "from behind" (+20), and one d100 is rolled (punch damage is flat).
    table.dice(25);
    await clickSheet(alice, '[data-action="punch"]');
    await answerMelee(alice, ["behindOrStunned"]);
    expect(table.unhandled).toEqual([]);
    const punchCard = messageIds(alice).at(-1)!;
    expect(punchCard).toBeDefined();
    await gmApplies();
    expect(pirateStamina()).toEqual(everyone(table, 37));

    // The sonic sword: Attack on its row, nothing picked → 30 %; d100 30 hits; 5d10 = 4+5+6+7+8 = 30.
    table.dice(30, 4, 5, 6, 7, 8);
    await clickSheet(alice, `tr[data-item-id="${SWORD}"] [data-action="attack"]`);
    await answerMelee(alice, []);
    expect(table.unhandled).toEqual([]);
    expect(messageIds(alice).length).toBe(2);
    await gmApplies();
    expect(pirateStamina()).toEqual(everyone(table, 7));
    // A powered blade spends its 2 SEU on a hit (rules-tables §5.5): 20 → 18, on every client.
    expect(
      onEveryClient(table, () => G().game.actors.get(KARA).items.get(SWORD).system.ammo.remaining),
    ).toEqual(everyone(table, 18));
    expect(staminaOf(alice, TOK_NEAR)).toBe(7);
  }, 30_000);

  it("RT-6 SF-X-09: melee beyond 2 m is refused with the reason before anything is rolled or spent", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_FAR);
    const writes = table.server.log.length;
    await clickSheet(alice, '[data-action="punch"]', true);
    await clickSheet(alice, `tr[data-item-id="${SWORD}"] [data-action="attack"]`, true);
    expect(told(alice).filter((m) => m.includes("RT-6 / SF-X-09"))).toHaveLength(2);
    expect(told(alice)[0]).toContain("Far Pirate is 3 m away");
    expect(messageIds(alice)).toEqual([]);
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(alice.run(() => G().game.actors.get(KARA).items.get(SWORD).system.ammo.remaining)).toBe(20);
    expect(table.unhandled).toEqual([]);
  });

  it("RT-6 (rules-tables §18): a sword whose damage and modifier are not in the sources is refused until the GM enters them", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_NEAR);
    await clickSheet(alice, `tr[data-item-id="${PLAIN_SWORD}"] [data-action="attack"]`, true);
    expect(told(alice)).toEqual([
      "warn: RT-6: Sword cannot be used until the GM enters its damage, meleeModifier (not in the sources).",
    ]);
    expect(messageIds(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-38: Alice throws her knife 3 m (½ DEX 30 + Thrown 10); d100 20 hits, 1d10 = 6; the GM applies: 40 → 34 on every client; a knife without thrown ranges is refused", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_FAR);
    // Without ranges (the compendium knife): refused with the reason, nothing rolled.
    await clickSheet(alice, `tr[data-item-id="${RAW_KNIFE}"] [data-action="throw"]`, true);
    expect(told(alice).at(-1)).toContain("SF-X-38: the thrown ranges of Plain Knife are not in the sources");
    expect(messageIds(alice)).toEqual([]);

    table.dice(20, 6);
    await clickSheet(alice, `tr[data-item-id="${KNIFE}"] [data-action="throw"]`, true);
    expect(table.unhandled).toEqual([]);
    const card = messageIds(alice).at(-1)!;
    expect(card).toBeDefined();
    const gm = table.client(GM_ID);
    clickCard(gm, card, "apply", "Far Pirate");
    await table.settle();
    expect(
      onEveryClient(table, () => G().game.scenes.viewed.tokens.get(TOK_FAR).actor.system.stamina.value),
    ).toEqual(everyone(table, 34));
  });
});
