/**
 * Scenario (SWN-17, seed 003 "Squads"): five marines (HD 1, AB +1, a 1d8 rifle: 23 HP, 2 hexes) attack Kara (AC 10,
 * 30 HP) from their sheet in one click. One d20 + 1 against AC 10: 3 or more below nothing, within 2 half, 3 or more
 * above full (ruling 4a); the damage is the rifle's average 4.5 × the units standing, rounded up (ruling 4f): 5 units
 * 22.5 → 23, half 11.25 → 12; 4 units 18, half 9. The card is an attack card: the GM applies it to Kara's SWN hit
 * points, every client sees it. Refused with a notification, nothing rolled: no target, two targets, no formula.
 */
import { describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { wallData } from "../foundry/canvas.js";
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
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { fiveMarines, marinesToken, squadSource, swnSettings } from "./kit-d20.js";
import { lastCard } from "./kit-grenades.js";

const SCENE = id("sceneSqAtk");
const KARA = id("actKaraSqAtk");
const MARINES = id("actMarinesSqAtk");
const RAIDERS = id("actRaidersSqAtk");
const TOK = { kara: id("tokKaraSqAtk"), marines: id("tokMarinesSqAtk"), raiders: id("tokRaidersSqAtk") };

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

/** Kara's token spans x 2000–2100, y 1300–1400 when she stands at cell (10, 5); a pillar 0.5 m in front of her. */
const X = cell(10, 5).x - 50;
const TOP = cell(10, 5).y;

const world = (
  marines: { owner?: string; hidden?: boolean } = {},
  pillar: "none" | "pillar" | "wall" = "none",
  raiders = cell(4, 8),
) => ({
  settings: swnSettings("SqAtk"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: { swn: { ac: 10, ab: 3, hp: { value: 30, max: 30 } } },
    }),
    squadSource(
      MARINES,
      "Marines",
      { ...fiveMarines(), weapon: { name: "Rifle", formula: "1d8", ap: 0, tl: 3 } },
      marines.owner ? { default: 2, [marines.owner]: 3 } : { default: marines.hidden ? 0 : 2 },
    ),
    squadSource(RAIDERS, "Raiders", {
      swn: { hd: 1, ac: 13, ab: 0 },
      units: { value: 5, max: 5 },
      hp: { value: 23 },
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing field",
      grid: { size: 100, distance: 3, units: "m" },
      tokens: [
        tokenSource({
          _id: TOK.kara,
          name: "Kara",
          actorId: KARA,
          actorLink: true,
          ...(pillar !== "none" ? cell(10, 5) : cell(0, 5)),
        }),
        marinesToken(TOK.marines, MARINES, pillar !== "none" ? cell(0, 5) : cell(4, 5)),
        tokenSource({
          _id: TOK.raiders,
          name: "Raiders",
          actorId: RAIDERS,
          actorLink: true,
          width: 2,
          height: 1,
          ...raiders,
        }),
      ],
      // A concrete pillar across the top half of Kara, thick stone (SWN-15: 8 vs TL3); or a wall hiding all of her.
      walls:
        pillar !== "none"
          ? [
              {
                ...wallData(
                  "walls",
                  pillar === "pillar" ? [X, TOP - 300, X, TOP + 50] : [X, TOP - 600, X, TOP + 700],
                ),
                _id: id("wallPillarSqAtk"),
                flags: { "frontier-tactics": { material: "thickStone" } },
              },
            ]
          : [],
    }),
  ],
});

/** The user opens the squad's sheet and clicks its Attack button; everything it starts settles. */
async function squadAttack(c: Client): Promise<void> {
  await c.run(() => G().game.actors.get(MARINES).sheet.render({ force: true }));
  await c.run(() => settleApps());
  const sheet: HTMLElement = c.run(() => G().game.actors.get(MARINES).sheet.element);
  const button = sheet.querySelector<HTMLElement>('[data-action="squadAttack"]');
  expect(button, "the squad's Attack button").not.toBeNull();
  c.run(() => click(button!));
  await c.run(() => settleApps());
  await table.settle();
}

/** What the user was warned of or told failed (not the GM's world-migration notes). */
const warned = (c: Client) => told(c).filter((s) => !s.startsWith("info:"));

const karaHp = () => G().game.actors.get(KARA).system.swn.hp.value as number;
const attackCards = () =>
  G().game.messages.contents.filter((m: { type: string }) => m.type === "attack").length;

describe("scenario: a squad's attack at the table (SWN-17)", () => {
  it("SWN-17: five marines at Kara (AC 10) — d20 9 + 1 = 10 vs AC 10 is half (margin 0): 1d8 avg 4.5 × 5 units = 23, half 12; the GM applies it, Kara 30 → 18 on every client, and undoes it", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    gm.target(TOK.kara);
    table.dice(9);
    await squadAttack(gm);
    expect(warned(gm)).toEqual([]);
    const msg = lastCard(gm)!;
    expect(msg).toBeTruthy();
    for (const c of table.all) {
      const row = rowText(c, msg, "Kara");
      expect(row).toContain("d20 9 + 1 = 10 vs AC 10 → half (margin 0)");
      expect(row).toContain("1d8 avg 4.5 × 5 units = 23, half 12");
      // Issue 28: the card is drawn on each page from its data; the stored content holds no rendered card.
      const drawn = renderMessage(c, msg).textContent ?? "";
      expect(drawn).toContain("Marines attack Kara");
      expect(drawn).toContain("SWN-17");
    }
    clickCard(gm, msg, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 18));
    // Applied once: the row says so and offers no second apply; the GM's Undo gives the 12 back.
    expect(rowText(gm, msg, "Kara")).toContain("Applied");
    clickCard(gm, msg, "undo", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 30));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: with 4 units standing (18 HP) — d20 12 + 1 = 13 vs AC 10 is full (margin 3): 1d8 avg 4.5 × 4 units = 18; a natural 3 (4 vs 10) deals nothing and offers no apply", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(MARINES).update({ "system.hp.value": 18 }));
    await table.settle();
    gm.target(TOK.kara);
    table.dice(12);
    await squadAttack(gm);
    const msg = lastCard(gm)!;
    for (const c of table.all) {
      const row = rowText(c, msg, "Kara");
      expect(row).toContain("d20 12 + 1 = 13 vs AC 10 → full (margin 3)");
      expect(row).toContain("1d8 avg 4.5 × 4 units = 18");
      expect(row).not.toContain("half");
    }
    clickCard(gm, msg, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 12));
    table.dice(3);
    await squadAttack(gm);
    const miss = lastCard(gm)!;
    expect(miss).not.toBe(msg);
    for (const c of table.all) {
      expect(rowText(c, miss, "Kara")).toContain("d20 3 + 1 = 4 vs AC 10 → no damage (margin −6)");
      expect(rowText(c, miss, "Kara")).toContain("No damage.");
    }
    expect(() => clickCard(gm, miss, "apply", "Kara")).toThrow(/no apply button/);
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 12));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 SWN-14 SWN-15: Kara behind a thick stone pillar (partly obscured, +2 AC; 8 armour vs the squad's TL3 rifle) — d20 14 + 1 = 15 vs AC 12 is full (margin 3): 23, less the pillar's 8 = 15; Kara 30 → 15", async () => {
    table = await createTable({ world: world({}, "pillar"), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    gm.target(TOK.kara);
    table.dice(14);
    await squadAttack(gm);
    expect(warned(gm)).toEqual([]);
    const msg = lastCard(gm)!;
    for (const c of table.all) {
      const row = rowText(c, msg, "Kara");
      expect(row).toContain("d20 14 + 1 = 15 vs AC 12 → full (margin 3)");
      expect(row).toContain("1d8 avg 4.5 × 5 units = 23, cover armour −8 = 15");
    }
    clickCard(gm, msg, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 15));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: Kara behind a wall the squad cannot see through — refused with a notification, nothing rolled, no card", async () => {
    table = await createTable({ world: world({}, "wall"), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const before = gm.run(attackCards);
    gm.target(TOK.kara);
    await squadAttack(gm);
    expect(warned(gm)).toEqual(["warn: Kara is out of sight of the squad (SWN-17)."]);
    expect(onEveryClient(table, attackCards)).toEqual(everyone(table, before));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: squad against squad — d20 11 + 1 = 12 vs the Raiders' AC 13 is half (margin −1): 12 off their one pool, 23 → 11, 5 units → 3", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    gm.target(TOK.raiders);
    table.dice(11);
    await squadAttack(gm);
    const msg = lastCard(gm)!;
    for (const c of table.all) {
      const row = rowText(c, msg, "Raiders");
      expect(row).toContain("d20 11 + 1 = 12 vs AC 13 → half (margin −1)");
      expect(row).toContain("1d8 avg 4.5 × 5 units = 23, half 12");
    }
    clickCard(gm, msg, "apply", "Raiders");
    await table.settle();
    const raiders = () => {
      const r = G().game.actors.get(RAIDERS).system;
      return { hp: r.hp.value as number, units: r.units.value as number };
    };
    expect(onEveryClient(table, raiders)).toEqual(everyone(table, { hp: 11, units: 3 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 meat shields: the Raiders, on Kara's side, stand between the Marines and her — the squad's attack at her is refused, nothing rolled, no card", async () => {
    table = await createTable({ world: world({}, "none", cell(2, 5)), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const before = gm.run(attackCards);
    gm.target(TOK.kara);
    await squadAttack(gm);
    expect(warned(gm)).toEqual([
      "warn: Raiders stands between you and Kara: only an area attack reaches Kara (SWN-17 meat shields).",
    ]);
    expect(onEveryClient(table, attackCards)).toEqual(everyone(table, before));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 R1-5: an NPC squad the players may not observe keeps its attack bonus off the card — d20 9 vs AC 10 → half, no total, no margin; the damage and its Apply are as before", async () => {
    table = await createTable({ world: world({ hidden: true }), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    gm.target(TOK.kara);
    table.dice(9);
    await squadAttack(gm);
    const msg = lastCard(gm)!;
    for (const c of table.all) {
      const row = rowText(c, msg, "Kara");
      expect(row).toContain("d20 9 vs AC 10 → half");
      expect(row).not.toContain("+ 1");
      expect(row).not.toContain("margin");
      expect(row).toContain("1d8 avg 4.5 × 5 units = 23, half 12");
    }
    // Nor is it in the card's data, which every client receives.
    expect(
      onEveryClient(table, () => {
        const q = G().game.messages.get(msg).system.card.squad;
        return [q.bonus, q.total];
      }),
    ).toEqual(everyone(table, [null, null]));
    clickCard(gm, msg, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 18));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: a player who leads the squad attacks with it; the GM applies the player's card, bounded by the squad's own flat damage (d20 20: natural 20, full 23; Kara 30 → 7)", async () => {
    table = await createTable({ world: world({ owner: ALICE_ID }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.kara);
    table.dice(20);
    await squadAttack(alice);
    expect(warned(alice)).toEqual([]);
    const msg = lastCard(alice)!;
    for (const c of table.all)
      expect(rowText(c, msg, "Kara")).toContain("d20 20 + 1 = 21 vs AC 10 → full (margin 11) (natural 20)");
    clickCard(table.client(GM_ID), msg, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 7));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: a card the player's client wrote claiming more than the squad's flat damage (99 > 5 units × 4.5 = 23) is refused by the GM, nothing applied", async () => {
    table = await createTable({ world: world({ owner: ALICE_ID }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.kara);
    table.dice(9);
    await squadAttack(alice);
    const genuine = lastCard(alice)!;
    const forged: string = await alice.run(async () => {
      const m = G().game.messages.get(genuine);
      const card = JSON.parse(JSON.stringify(m.system.card));
      card.result.damage = card.result.damage.map((d: { targetId: string }) => ({ ...d, damage: 99 }));
      const made = await G().ChatMessage.create({ type: "attack", system: { card }, content: m.content });
      return made.id;
    });
    await table.settle();
    const gm = table.client(GM_ID);
    clickCard(gm, forged, "apply", "Kara");
    await table.settle();
    expect(warned(gm).join(" ")).toContain("damage 99 above 23");
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 30));
    // The genuine card (12, half of 23) still applies.
    clickCard(gm, genuine, "apply", "Kara");
    await table.settle();
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 18));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: refused with a notification, nothing rolled, no card: no target, two targets, the squad itself; a weapon with no formula (the sheet's button disabled)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const before = gm.run(attackCards);
    await squadAttack(gm);
    gm.target(TOK.kara, TOK.marines);
    await squadAttack(gm);
    gm.target(TOK.marines);
    await squadAttack(gm);
    const one = "warn: Target exactly one token, not the squad itself, to attack it (SWN-17).";
    expect(warned(gm)).toEqual([one, one, one]);
    await gm.run(() => G().game.actors.get(MARINES).update({ "system.weapon.formula": "" }));
    await table.settle();
    gm.target(TOK.kara);
    // The sheet's button is disabled (its readout says why), and the workflow refuses it too.
    await gm.run(() => G().game.actors.get(MARINES).sheet.render({ force: true }));
    await gm.run(() => settleApps());
    const sheet: HTMLElement = gm.run(() => G().game.actors.get(MARINES).sheet.element);
    expect(sheet.querySelector('[data-action="squadAttack"]')?.hasAttribute("disabled")).toBe(true);
    await gm.run(async () => {
      const { squadAttackFromSheet } = await import("../../src/games/swn/workflows/squad-attack.js");
      await squadAttackFromSheet(G().game.actors.get(MARINES));
    });
    await table.settle();
    expect(warned(gm).at(-1)).toBe(
      "warn: Marines has no damage formula: enter its weapon's damage first (SWN-17).",
    );
    expect(onEveryClient(table, attackCards)).toEqual(everyone(table, before));
    expect(onEveryClient(table, karaHp)).toEqual(everyone(table, 30));
    expect(table.unhandled).toEqual([]);
  });
});
