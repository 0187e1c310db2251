/**
 * Scenario (review 14b H1): a world switched from Alpha Dawn to d20 keeps its automatic pistol, whose GM has filled
 * in its d20 block. Aimed at two targets, a d20 attack used to become a Star Frontiers burst (SF-X-24: one roll
 * against the first target's Defense, 5d10 split, its chance giving a secret target's Defense away) — a declaration
 * the d20 dialog does not offer. Now the d20 engine reads no burst: two targets are refused before anything is
 * spent, and one target is one d20 shot (SW-04) spending one round (ruling 4h).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  itemFromPack,
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

const SCENE = id("sceneD20Burst");
const KARA = id("actKaraBurst");
const THUG = id("actThugBurst");
const GUARD = id("actGuardBurst");
const AUTO = id("itmAutoBurst");
const TOK = { kara: id("tokKaraBurst"), thug: id("tokThugBurst"), guard: id("tokGuardBurst") };

let table: Table;
closeTableAfterEach(() => table);

/** `increment`: the automatic pistol's d20 range increment as the GM entered it (null: never entered). */
const world = (increment: number | null = 10) => ({
  settings: [
    settingSource(id("setEngineBurst"), "engine", "d20"),
    // Alice may apply her own card to the foes (the trust rules' world switch), so her click is one request.
    settingSource(id("setApplyAllBurst"), "playersApplyToAll", true),
  ],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [
        itemFromPack("weapons", "automatic-pistol", AUTO, {
          d20: { damage: "2d6", rangeIncrement: increment },
        }),
      ],
      system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    // The Guard is observable; the Thug is secret (no player may observe it).
    d20Foe(GUARD, "Guard", HEROIC_POOLS),
    { ...d20Foe(THUG, "Thug", HEROIC_POOLS), ownership: { default: 0 } },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Gantry",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.thug,
          name: "Thug",
          actorId: THUG,
          actorLink: true,
          disposition: -1,
          ...cell(5, 5),
        }),
        tokenSource({
          _id: TOK.guard,
          name: "Guard",
          actorId: GUARD,
          actorLink: true,
          disposition: -1,
          ...cell(5, 6),
        }),
      ],
    }),
  ],
});

const rounds = () =>
  table.client(ALICE_ID).run(() => G().game.actors.get(KARA).items.get(AUTO).system.ammo.remaining);

describe("scenario: a d20 weapon without a range increment (issue 14, SW-06)", () => {
  it("SW-06: the GM never entered the automatic pistol's d20 range increment: Alice's shot is refused with a notification naming it, before anything is spent", async () => {
    table = await createTable({ world: world(null), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const messages = () => alice.run(() => G().game.messages.size);
    const before = messages();
    const msg = await attack(table, alice, KARA, AUTO, [TOK.guard]);
    expect(msg).toBeNull();
    expect(told(alice)).toEqual([
      "warn: Automatic Pistol has no d20 range increment (SW-06): enter it on the weapon's sheet. Nothing was spent.",
    ]);
    expect([messages(), rounds()]).toEqual([before, 20]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: a burst weapon in a d20 world (review 14b H1)", () => {
  it("SW-04 SF-X-24: Alice aims the automatic pistol at the Thug and the Guard: refused as one shot at two targets (the d20 engine reads no burst) — no card, no round spent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const messages = () => alice.run(() => G().game.messages.size);
    const before = messages();
    table.dice(14, 4, 5);
    const msg = await attack(table, alice, KARA, AUTO, [TOK.thug, TOK.guard]);
    expect(msg).toBeNull();
    expect(told(alice)).toEqual(["warn: One attack, one target: target a single token."]);
    expect(messages()).toBe(before);
    expect(rounds()).toBe(20);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 ruling 4h: at the Guard alone it is one d20 shot (d20 14 + 5 = 19 vs Defense 15 → hit, 2d6), one round spent, on every client; Alice's Apply is one GM request and one write of the Guard", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(14, 4, 5);
    const msg = await attack(table, alice, KARA, AUTO, [TOK.guard]);
    expect(told(alice)).toEqual([]);
    for (const c of table.all) {
      const row = text(targetBlock(renderMessage(c, msg!), "Guard"));
      expect(row).toContain("d20 14 + 5 = 19 vs Defense 15 → Hit");
      expect(row).not.toContain("Burst");
    }
    expect(rounds()).toBe(19);
    // Issue 14's write budget: Alice's Apply is one request to the GM, who writes the Guard once (VP 10 → 1) and
    // marks the card.
    const from = table.server.log.length;
    clickCard(alice, msg!, "apply", "Guard");
    await table.settle();
    expect(requestsSince(table, from)).toEqual([
      "update User by Alice",
      "update Actor by Gamemaster",
      "update ChatMessage by Gamemaster",
      "update User by Gamemaster",
    ]);
    expect(alice.run(() => G().game.actors.get(GUARD).system.d20.vitality.value)).toBe(1);
    expect(table.unhandled).toEqual([]);
  });
});
