/**
 * Scenario (issue 31, SW-16): a grenade dropped from above. Seed 002: "A dropped object has a range increment of 20
 * meters and no upper range limit … Dropped objects are considered to be improvised weapons, giving a –4 … If the
 * target square is more than altitude/5 meters laterally from your position, instead calculate your range penalty
 * based on the lateral distance as per a normal thrown weapon." Kara (BAB +3, Dex 14) stands on a gantry 24 m above
 * the Thug, one square (1 m) across: the frag grenade (4 m increment, 4d6, burst 2 m, Reflex DC 15 as the GM entered
 * them) thrown that far would be 6 increments, past a thrown weapon's 5 — out of range; dropped, it is the fall in
 * 20 m increments (1: −2) with the improvised −4, against the square's Defense 5 (SW-38).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { clickSheetItem, lastCard } from "./kit-grenades.js";

const SCENE = id("sceneD20Drop");
const KARA = id("actKaraDrop");
const THUG = id("actThugDrop");
const FRAG = id("itmFragDrop");
const TOK = { kara: id("tokKaraDrop"), thug: id("tokThugDrop") };

let table: Table;
closeTableAfterEach(() => table);

/** Kara `altitude` m up, the Thug `across` squares away on the ground. */
const world = (altitude: number, across: number) => ({
  settings: [settingSource(id("setEngineDrop"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack(
          "d20",
          "grenade",
          FRAG,
          { d20: { damage: "4d6", burstRadius: 2, reflexDC: 15 } },
          "Frag Grenade",
        ),
      ],
      system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Gantry",
      tokens: [
        // Kara up on the gantry (v13 TokenDocument#elevation, in the scene's metres).
        {
          ...tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
          elevation: altitude,
        },
        foeToken(TOK.thug, "Thug", THUG, cell(across, 5)),
      ],
    }),
  ],
});

describe("scenario: a grenade dropped from above (issue 31, SW-16)", () => {
  it("SW-16 SW-38: from 24 m up, 1 m across, Alice's grenade is dropped — 1 increment of 20 m (−2) and improvised (−4): d20 10 − 1 = 9 vs the square's Defense 5 hits, on every client; thrown it would be out of range", async () => {
    table = await createTable({ world: world(24, 1), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    table.dice(10, 3, 4, 5, 6);
    await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
    expect(told(alice)).toEqual([]);
    const msg = lastCard(alice);
    expect(msg).not.toBeNull();
    const card = alice.run(() => G().game.messages.get(msg).system.card);
    expect(card.result.shots[0].outcome).toMatchObject({ roll: 10, total: 9, target: 5, hit: true });
    for (const c of table.all) {
      const page = text(renderMessage(c, msg!));
      expect(page).toContain("d20 10 − 1 = 9 vs Defense 5 → Hit");
      expect(page).toContain(
        "Base attack bonusSW-04+3DexteritySW-04+2Range incrementsSW-06−2Improvised weaponSW-16−4",
      );
      // The burst is on the ground: it catches the Thug, not Kara 24 m up on the gantry.
      expect(page).toContain("Caught in the blast: Thug");
      expect(page).not.toContain("Kara 1 m from the blast");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-16: 24 m up and 10 m across (past altitude ÷ 5), the grenade is still dropped — improvised −4 kept, range from the lateral 10 m in 4 m increments (2: −4): d20 10 − 3 = 7 vs Defense 5 hits, on every client", async () => {
    table = await createTable({ world: world(24, 10), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    table.dice(10, 3, 4, 5, 6);
    await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
    expect(told(alice)).toEqual([]);
    const msg = lastCard(alice);
    expect(msg).not.toBeNull();
    const card = alice.run(() => G().game.messages.get(msg).system.card);
    expect(card.result.shots[0].outcome).toMatchObject({ roll: 10, total: 7, target: 5, hit: true });
    for (const c of table.all) {
      const page = text(renderMessage(c, msg!));
      expect(page).toContain("d20 10 − 3 = 7 vs Defense 5 → Hit");
      expect(page).toContain(
        "Base attack bonusSW-04+3DexteritySW-04+2Range incrementsSW-06−4Improvised weaponSW-16−4",
      );
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-16: 24 m up and 22 m across, the lateral distance is past 5 × the grenade's 4 m increment — refused as out of range, no card", async () => {
    table = await createTable({ world: world(24, 22), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    alice.target(TOK.thug);
    table.dice(10, 3, 4, 5, 6);
    await clickSheetItem(table, alice, KARA, FRAG, "attack", true);
    expect(lastCard(alice)).toBeNull();
    expect(told(alice).join(" ")).toMatch(/range/i);
  });
});
