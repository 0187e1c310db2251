/**
 * Scenario (issue 15): a d20 grenade that misses and deviates (SW-38). Kara (BAB +3, Dex 14) throws a frag grenade
 * (4d6, burst 2 m, Reflex DC 15 — the numbers this table's GM entered; the seed gives none) at the Thug 10 m away:
 * the square's Defense 5 against d20 + 3 + 2 − 4 (two increments of 4 m, ruling 4c). d20 2 misses; the grenade
 * deviates d3 2 + 1 (two increments) = 3 m, d8 3 → 90° right of the throw, and bursts by the Guard and Bruno's Rex,
 * sparing the Thug. Each caught may roll Reflex for half from the card: Bruno for Rex, the GM for the Guard; the GM's
 * Apply to all then writes what the saves left. A wall across the deviation stops the grenade short.
 *
 *   Kara (0,5) ───── 10 m ─────▶ Thug (10,5)   ← aimed square
 *                                    │ 3 m (d8 3: right of the throw)
 *                                    ✷ (10,8)   Guard (10,8), Rex (11,8)
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  ORIGIN,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { clickCardWide, clickSheetItem, lastCard } from "./kit-grenades.js";

const SCENE = id("sceneD20Gren");
const KARA = id("actKaraGren");
const THUG = id("actThugGren");
const GUARD = id("actGuardGren");
const REX = id("actRexGren");
const FRAG = id("itmFragGren");
const SNIPER = id("actSniperGren");
const FRAG2 = id("itmFrag2Gren");
const TOK = {
  kara: id("tokKaraGren"),
  thug: id("tokThugGren"),
  guard: id("tokGuardGren"),
  rex: id("tokRexGren"),
};

let table: Table;
closeTableAfterEach(() => table);

/**
 * The pack's d20 grenade with what the GM entered: 4d6, a 2 m burst, Reflex DC 15. `entered: false`: a grenade whose
 * burst and DC nobody entered (issue 32: the pack's frag grenade now has the book's 4 m and DC 15, so they are cleared).
 */
const frag = (entered = true) =>
  itemFromPack(
    "d20",
    "grenade",
    FRAG,
    entered
      ? { d20: { damage: "4d6", burstRadius: 2, reflexDC: 15 } }
      : { d20: { damage: "4d6", burstRadius: null, reflexDC: null } },
    "Frag Grenade",
  );

const world = (o: { walls?: Record<string, unknown>[]; entered?: boolean; sniper?: boolean } = {}) => ({
  settings: [settingSource(id("setEngineGren"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [frag(o.entered ?? true)],
      system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
    // The Guard: Reflex +0, Dex 14 → +2; observable by every player.
    d20Foe(GUARD, "Guard", HEROIC_POOLS),
    // A secret NPC grenadier (no player may observe it): its bonus stays off the card.
    ...(o.sniper
      ? [
          {
            ...d20Foe(SNIPER, "Sniper", { ...HEROIC_POOLS, bab: 3 }),
            ownership: { default: 0 },
            items: [
              itemFromPack(
                "d20",
                "grenade",
                FRAG2,
                { d20: { damage: "4d6", burstRadius: 2, reflexDC: 15 } },
                "Frag",
              ),
            ],
          },
        ]
      : []),
    // Bruno's Rex: Reflex +2, Dex 12 → +3.
    actorSource({
      _id: REX,
      name: "Rex",
      owner: BRUNO_ID,
      system: {
        d20: {
          abilities: { dex: 12 },
          saves: { ref: 2 },
          heroic: true,
          vitality: { value: 20, max: 20 },
          wounds: { value: 12, max: 12 },
        },
      },
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Courtyard",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(10, 5)),
        foeToken(TOK.guard, "Guard", GUARD, cell(10, 8)),
        tokenSource({ _id: TOK.rex, name: "Rex", actorId: REX, actorLink: true, ...cell(11, 8) }),
        ...(o.sniper ? [foeToken(id("tokSniperGren"), "Sniper", SNIPER, cell(0, 7))] : []),
      ],
      walls: o.walls ?? [],
    }),
  ],
});

/** Alice targets the Thug and shift-clicks the grenade on Kara's sheet (no dialog); returns the new card. */
async function aliceThrows(dice: number[]): Promise<string> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.thug);
  table.dice(...dice);
  await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
  expect(told(alice)).toEqual([]);
  const msg = lastCard(alice);
  expect(msg).not.toBeNull();
  return msg!;
}

const header = (c: Client, msg: string) =>
  [...renderMessage(c, msg).querySelectorAll(".ft-throw .ft-roll-line, p.ft-grenade")].map((e) => text(e));
const row = (c: Client, msg: string, name: string) => text(targetBlock(renderMessage(c, msg), name));

describe("scenario: a d20 grenade that misses and deviates (issue 15, SW-38)", () => {
  it("SW-38 ruling 4c: at 10 m the throw is d20 + 1 against the square's Defense 5; d20 2 misses, d3 2 + 1 = 3 m, d8 3 → right: the burst catches the Guard and Rex, not the Thug, each with the one 4d6 roll, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    // The throw's d20, its 4d6 (rolled with the throw), then the deviation's d3 and d8.
    const msg = await aliceThrows([2, 3, 4, 5, 6, 2, 3]);
    for (const c of table.all) {
      expect(header(c, msg)).toEqual([
        "Throw 10 m d20 2 + 1 = 3 vs Defense 5 → Miss",
        "Missed: deviated d3 2 → 3 m, d8 3 → right SW-38 · Caught in the blast: Guard, Rex",
        "Burst damage 4d6 [3, 4, 5, 6] = 18 · Reflex DC 15",
      ]);
      expect(row(c, msg, "Guard")).toContain("4d6 [3, 4, 5, 6] = 18 dmg");
      expect(text(renderMessage(c, msg))).not.toContain("Thug");
    }
    // Each may save: Bruno sees Rex's button, not the Guard's; the GM sees both; Alice neither.
    const reflexOn = (c: Client) =>
      [...renderMessage(c, msg).querySelectorAll('[data-ft-action="reflex"]')].map(
        (b) => `${text((b as HTMLElement).closest("li.ft-target")?.querySelector("strong"))}: ${text(b)}`,
      );
    expect(reflexOn(table.client(GM_ID))).toEqual(["Guard: Reflex save (DC 15)", "Rex: Reflex save (DC 15)"]);
    expect(reflexOn(table.client(BRUNO_ID))).toEqual(["Rex: Reflex save (DC 15)"]);
    expect(reflexOn(table.client(ALICE_ID))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-38: Bruno's Reflex for Rex (d20 4 + 3 = 7) fails — full 18; the GM's for the Guard (d20 13 + 2 = 15) halves it to 9; Apply to all writes both in one batch: the Guard VP 10 → 1, Rex VP 20 → 2, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const msg = await aliceThrows([2, 3, 4, 5, 6, 2, 3]);
    const bruno = table.client(BRUNO_ID);
    const gm = table.client(GM_ID);
    table.dice(4);
    clickCard(bruno, msg, "reflex" as "apply", "Rex");
    await table.settle();
    expect(told(bruno)).toEqual([]);
    table.dice(13);
    clickCard(gm, msg, "reflex" as "apply", "Guard");
    await table.settle();
    for (const c of table.all) {
      expect(row(c, msg, "Rex")).toContain("Reflex d20 4 + 3 = 7 vs DC 15 → full SW-38");
      expect(row(c, msg, "Guard")).toContain("4d6 [3, 4, 5, 6] = 18, ½ = 9 dmg");
      expect(row(c, msg, "Guard")).toContain("Reflex d20 13 + 2 = 15 vs DC 15 → half SW-38");
    }
    // Issue 30 (table-ux-2 #14): each Apply of the burst says what it does, after the saves, on the GM's page; Bruno
    // (Rex's owner, not the thrower) has none, nor Alice (the world leaves her foes' Apply to the GM).
    const applyOf = (c: Client, name: string) => {
      const b = targetBlock(renderMessage(c, msg), name).querySelector('[data-ft-action="apply"]');
      return b ? text(b) : null;
    };
    expect([applyOf(gm, "Guard"), applyOf(gm, "Rex")]).toEqual([
      "Apply 9 → VP 10 → 1",
      "Apply 18 → VP 20 → 2",
    ]);
    for (const c of [bruno, table.client(ALICE_ID)])
      expect([applyOf(c, "Guard"), applyOf(c, "Rex")]).toEqual([null, null]);
    const from = table.server.log.length;
    clickCardWide(gm, msg, "applyAll");
    await table.settle();
    expect(requestsSince(table, from)).toEqual([
      "update Actor by Gamemaster",
      "update ChatMessage by Gamemaster",
    ]);
    expect(
      onEveryClient(table, () =>
        [GUARD, REX].map((a) => G().game.actors.get(a).system.d20.vitality.value).join(" "),
      ),
    ).toEqual(everyone(table, "1 2"));
    expect(table.unhandled).toEqual([]);
  });

  it("issue 28 SW-38: the Reflex saves write the card's data only — the stored content is Alice's one-line summary (no rendered card, no control) before and after, on every client, while each page draws both saves", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const msg = await aliceThrows([2, 3, 4, 5, 6, 2, 3]);
    const stored = () => onEveryClient(table, () => G().game.messages.get(msg).content as string);
    const posted = stored();
    const summary = Object.values(posted)[0]!;
    expect(posted).toEqual(everyone(table, summary));
    expect(summary).toMatch(/^<p class="ft-card-summary">[^<]+<\/p>$/);
    table.dice(4);
    clickCard(table.client(BRUNO_ID), msg, "reflex" as "apply", "Rex");
    await table.settle();
    table.dice(13);
    clickCard(table.client(GM_ID), msg, "reflex" as "apply", "Guard");
    await table.settle();
    expect(stored()).toEqual(posted);
    for (const c of table.all) {
      expect(row(c, msg, "Rex")).toContain("Reflex d20 4 + 3 = 7 vs DC 15 → full SW-38");
      expect(row(c, msg, "Guard")).toContain("Reflex d20 13 + 2 = 15 vs DC 15 → half SW-38");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-38: a wall across the deviation (1.5 m below the Thug) stops the grenade: it bursts at the wall, catching no one behind it", async () => {
    const y = ORIGIN.y + 7 * 100;
    const w = { ...wallData("walls", [ORIGIN.x + 900, y, ORIGIN.x + 1200, y]), _id: id("wallGrenStop") };
    table = await createTable({ world: world({ walls: [w] }), online: [GM_ID, ALICE_ID] });
    const msg = await aliceThrows([2, 3, 4, 5, 6, 2, 3]);
    const gm = table.client(GM_ID);
    expect(header(gm, msg)[1]).toBe(
      "Missed: deviated d3 2 → 3 m, d8 3 → right · stopped by a wall SW-38 · Caught in the blast: Thug",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-38 ruling 2: a grenade whose burst radius and Reflex DC the GM never entered is refused with a notification naming them, before anything is spent", async () => {
    table = await createTable({ world: world({ entered: false }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
    expect(told(alice)).toEqual([
      "warn: The grenade has no Burst radius (m) (not in the sources, SW-38): enter it on the item. Nothing was spent.",
    ]);
    expect(lastCard(alice)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("SW-38 R1-5: a secret NPC's throw keeps its bonus off the card — Alice reads the d20 and the square's Defense, not the NPC's total", async () => {
    table = await createTable({ world: world({ sniper: true }), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    gm.target(TOK.thug);
    table.dice(2, 3, 4, 5, 6, 2, 3);
    await clickSheetItem(table, gm, SNIPER, FRAG2, "attack", true);
    const msg = lastCard(gm);
    expect(msg).not.toBeNull();
    const throwLine = header(table.client(ALICE_ID), msg!)[0];
    expect(throwLine).toMatch(/^Throw \d+(\.\d)? m d20 2 vs Defense 5 → Miss$/);
    const stored = table
      .client(ALICE_ID)
      .run(() => G().game.messages.get(msg).system.card.grenade.aimed.d20.bonus);
    expect(stored).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});
