/**
 * Scenario (issue 14, "d20 engine, part 1", its Foundry bullet; stream d20ui): a world on the d20 engine plays a
 * blaster shot from Alice's sheet at a heroic NPC, and every client reads the card; the GM's Apply writes vitality
 * and wound points that every client then holds.
 *
 * Numbers (seed 002, SW-*): Kara (Alice's) has BAB +3 and Dex 14 (+2, SW-04); the blaster pistol's range increment
 * is 10 m (the pack's, SW-06), so the Thug 38 m away is 3 full increments: −6. Attack bonus 3 + 2 − 6 = −1. The
 * Thug: class Defense +3, Dex 14 (+2), Medium: Defense 10 + 3 + 2 = 15 (SW-08). The pistol's damage dice are not in
 * the seed (the pack flags them missing): the GM entered 3d6 for this table. The Thug is heroic, with VP 10, WP 14
 * and DR 2 from its own hide (SW-10, SW-11).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";

const SCENE = id("sceneD20Shot");
const KARA = id("actKaraShot");
const THUG = id("actThugShot");
const PISTOL = id("itmPistolShot");
const TOK = { kara: id("tokKaraShot"), thug: id("tokThugShot") };

let table: Table;
closeTableAfterEach(() => table);

const d20 = (over: Record<string, unknown>) => ({ d20: over });

const world = () => ({
  settings: [settingSource(id("setEngineShot"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" } })],
      system: d20({ bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } }),
    }),
    actorSource({
      _id: THUG,
      name: "Thug",
      system: d20({
        classDefense: 3,
        abilities: { dex: 14 },
        heroic: true,
        dr: 2,
        vitality: { value: 10, max: 10 },
        wounds: { value: 14, max: 14 },
      }),
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing bay",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({ _id: TOK.thug, name: "Thug", actorId: THUG, actorLink: true, ...cell(38, 5) }),
      ],
    }),
  ],
});

const pools = () =>
  onEveryClient(table, () => {
    const d = G().game.actors.get(THUG).system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });

describe("scenario: a d20 blaster shot (issue 14)", () => {
  it("SW-04 SW-06 SW-08 SW-10 SW-11: d20 16 − 1 = 15 vs Defense 15 hits at 38 m; the GM's Apply takes VP 10 → 0, WP 14 → 11 (DR 2)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(table.unhandled).toEqual([]);
    expect(alice.notifications.log).toEqual([]);
    expect(msg).not.toBeNull();
    const text = cardText(table.client(GM_ID), msg!);
    console.log(text);
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 11"));
    console.log(cardText(table.client(GM_ID), msg!));
    console.log(cardText(table.client(BRUNO_ID), msg!));
    expect(table.unhandled).toEqual([]);
  });
});
