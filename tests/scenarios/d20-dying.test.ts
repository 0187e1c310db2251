/**
 * Scenario (issue 31, SW-10 "Dying", "Stabilizing and Recovery", "Dead"): a dying character's Fortitude save
 * (DC 10) is rolled when its turn starts, once a round, by the active GM: a failure loses 1 wound point, a success
 * makes it stable (no more saves), −10 is dead (core's `dead`, the combatant defeated). Every client sees the card
 * and the wound points.
 *
 * Numbers: the Thug (Fortitude +0: base 0, Con 10) is dying at −1 WP; Kara acts first (count 15), the Thug second (10).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
} from "./kit.js";
import { d20Foe, karaWithBlaster, lastCardLines, startByCount } from "./kit-d20.js";

const SCENE = id("sceneD20Dying");
const KARA = id("actKaraDying");
const THUG = id("actThugDying");
const PISTOL = id("itmPistolDying");
const TOK = { kara: id("tokKaraDying"), thug: id("tokThugDying") };

let table: Table;
closeTableAfterEach(() => table);

const world = (wounds: number) => ({
  settings: [settingSource(id("setEngineDying"), "engine", "d20")],
  actors: [
    karaWithBlaster(KARA, PISTOL),
    d20Foe(THUG, "Thug", {
      heroic: false,
      vitality: { value: 0, max: 0 },
      wounds: { value: wounds, max: 12 },
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(5, 5)),
      ],
    }),
  ],
});

/** The GM marks the Thug down as an apply would have: dying and unconscious, then begins the encounter. */
async function begin(wounds: number): Promise<void> {
  table = await createTable({ world: world(wounds), online: [GM_ID, ALICE_ID] });
  const gm = table.client(GM_ID);
  await gm.run(async () => {
    const thug = G().game.actors.get(THUG);
    await thug.toggleStatusEffect("dying", { active: true });
    await thug.toggleStatusEffect("unconscious", { active: true, overlay: true });
  });
  await startByCount(
    table,
    SCENE,
    [
      { tokenId: TOK.kara, actorId: KARA },
      { tokenId: TOK.thug, actorId: THUG },
    ],
    (name) => (name === "Kara" ? 15 : 10),
  );
}

const next = async () => {
  await table.client(GM_ID).run(() => G().game.combat.nextTurn());
  await table.settle();
};
const thugWounds = () =>
  onEveryClient(table, () => G().game.actors.get(THUG).system.d20.wounds.value as number);
const thugHas = (s: string) =>
  onEveryClient(table, () => G().game.actors.get(THUG).statuses.has(s) as boolean);
const cards = () => table.client(GM_ID).run(() => G().game.messages.contents.length as number);

describe("scenario: a dying d20 combatant's rounds (issue 31)", () => {
  it("SW-10: the dying Thug's turn starts: the GM's client rolls Fortitude d20 5 + 0 = 5 vs DC 10 — fails, WP −1 → −2 on every client; next round d20 14 makes him stable, and the round after rolls nothing", async () => {
    await begin(-1);
    const gm = table.client(GM_ID);
    expect(currentTurn(gm)).toBe("Kara");
    const before = cards();
    table.dice(5);
    await next();
    expect(currentTurn(gm)).toBe("Thug");
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Thug: dying, Fortitude d20 5 + 0 = 5 vs DC 10 → fails: loses 1 wound point SW-10",
      );
    expect(thugWounds()).toEqual(everyone(table, -2));
    expect(cards()).toBe(before + 1);
    // Round 2: Kara, then the Thug's save: d20 14 stabilises him.
    await next();
    table.dice(14);
    await next();
    expect(lastCardLines(table.client(ALICE_ID))).toBe(
      "Thug: dying, Fortitude d20 14 + 0 = 14 vs DC 10 → stable: stops losing wound points (still unconscious) SW-10",
    );
    expect(thugHas("stable")).toEqual(everyone(table, true));
    expect(thugWounds()).toEqual(everyone(table, -2));
    // Round 3: stable — no save, no loss, no card.
    const settled = cards();
    await next();
    await next();
    expect(currentTurn(gm)).toBe("Thug");
    expect(cards()).toBe(settled);
    expect(thugWounds()).toEqual(everyone(table, -2));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: at −9 the Thug fails (d20 9 vs DC 10): −10, dead — core's dead status and the combatant defeated on every client, dying off", async () => {
    await begin(-9);
    table.dice(9);
    await next();
    expect(lastCardLines(table.client(ALICE_ID))).toBe(
      "Thug: dying, Fortitude d20 9 + 0 = 9 vs DC 10 → fails: loses 1 wound point and is dead (−10) SW-10",
    );
    expect(thugWounds()).toEqual(everyone(table, -10));
    expect(thugHas("dead")).toEqual(everyone(table, true));
    expect(thugHas("dying")).toEqual(everyone(table, false));
    expect(
      onEveryClient(
        table,
        () => G().game.combat.combatants.find((c: { name: string }) => c.name === "Thug").defeated,
      ),
    ).toEqual(everyone(table, true));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: a stable Thug (−2) hit again is no longer stable — Kara's blaster d20 15 + 4 hits, 3d6 [1, 1, 1] = 3: WP −2 → −5, stable off on every client, and his next turn rolls the dying save again", async () => {
    await begin(-2);
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(THUG).toggleStatusEffect("stable", { active: true }));
    expect(thugHas("stable")).toEqual(everyone(table, true));
    table.dice(15, 1, 1, 1);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    clickCard(gm, msg!, "apply", "Thug");
    await table.settle();
    expect(thugWounds()).toEqual(everyone(table, -5));
    expect(thugHas("stable")).toEqual(everyone(table, false));
    // His turn: dying again, so the GM rolls his save (d20 12 vs DC 10: stable once more).
    table.dice(12);
    await next();
    expect(lastCardLines(table.client(ALICE_ID))).toBe(
      "Thug: dying, Fortitude d20 12 + 0 = 12 vs DC 10 → stable: stops losing wound points (still unconscious) SW-10",
    );
    expect(table.unhandled).toEqual([]);
  });
});
