/**
 * Scenario (issue 33): the system's public API, `game.system.api`, as a macro or a module calls it.
 * - A script macro on Alice's page: `api.attack(actorUuid, weaponId, {fast: true})` at her target → the attack card
 *   every page shows (SF-B-13: d100 12, the Automatic Pistol's 7 damage); the GM's `api.apply(messageId)` → the Foe's
 *   Stamina 40 → 33 on every page, as the card's Apply does (the same request to the active GM).
 * - `await api.rules()`: the rules engines — this world's, and any built by `createEngine` (their ids and what they read).
 * - `api.check(actor, "str", -10)`: the ability check card (SF-B-24), as the sheet's.
 * - Bad input: an actor that is not there is told, nothing is rolled.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  heroAndFoeTokens,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  targetBlock,
  text,
  told,
} from "./kit.js";
import { lastMessageText } from "./kit-zebulon.js";

const SCENE = id("sceneApi");
const HERO = id("actHeroApi");
const FOE = id("actFoeApi");
const GUN = id("itmGunApi");
const SKILL = id("itmSkillApi");
const FOE_GUN = id("itmFoeGunApi");
const TOK = { hero: id("tokHeroApi"), foe: id("tokFoeApi") };

let table: Table;
closeTableAfterEach(() => table);

async function open(): Promise<void> {
  table = await createTable({
    world: {
      actors: [
        actorSource({
          _id: HERO,
          name: "Hero",
          owner: ALICE_ID,
          abilities: { dex: 50, str: 40 },
          items: [
            itemFromPack("weapons", "automatic-pistol", GUN),
            itemFromPack("skills", "projectile-weapons", SKILL, { level: 2 }),
          ],
        }),
        actorSource({
          _id: FOE,
          name: "Foe",
          stamina: 40,
          items: [itemFromPack("weapons", "automatic-pistol", FOE_GUN)],
        }),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Hangar",
          tokens: heroAndFoeTokens(TOK, HERO, FOE),
        }),
      ],
    },
    online: "every",
  });
}

describe("scenario: game.system.api for macros and modules (issue 33)", () => {
  it("SF-B-13: Alice's macro api.attack(actor UUID, weapon id, {fast}) posts the card every page shows; the GM's api.apply(message) takes the Foe's Stamina 40 → 33", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    expect(onEveryClient(table, () => Object.keys(G().game.system.api ?? {}).sort())).toEqual(
      everyone(table, [
        "apply",
        "attack",
        "check",
        "openRule",
        "rollCheckMacro",
        "rollItemMacro",
        "rules",
        "skillCheck",
        "undo",
      ]),
    );
    alice.target(TOK.foe);
    table.dice(12, 7);
    const before = alice.run(() => G().game.messages.size as number);
    await alice.run(() => G().game.system.api.attack(`Actor.${HERO}`, GUN, { fast: true }));
    await table.settle();
    const cards = onEveryClient(
      table,
      () => G().game.messages.filter((m: any) => m.type === "attack").length,
    );
    expect(cards).toEqual(everyone(table, 1));
    expect(alice.run(() => G().game.messages.size as number)).toBe(before + 1);
    const messageId = alice.run(() => G().game.messages.contents.at(-1).id as string);
    expect(
      text(targetBlock(renderMessage(gm, messageId), "Foe").querySelector('[data-ft-action="apply"]')),
    ).toBe("Apply 7 → Stamina 40 → 33");
    await gm.run(() => G().game.system.api.apply(messageId));
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(FOE).system.stamina.value)).toEqual(
      everyone(table, 33),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-24: api.rules() gives the rules engines (this world's and any other); api.check(actor, 'str', -10) posts the ability check card", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const engines = await alice.run(async () => {
      const { engine, createEngine } = await G().game.system.api.rules();
      const d20 = createEngine("d20", undefined, "swn");
      return [engine.id, engine.initiative, d20.id, d20.profile, d20.initiative];
    });
    expect(engines).toEqual(["alphaDawn", "sides", "d20", "swn", "individual"]);
    table.dice(30);
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "str", -10));
    await table.settle();
    expect(onEveryClient(table, () => lastMessageText(table.client(G().game.userId)))).toEqual(
      everyone(table, "Strength · hard −10 (SF-B-24) 30 (SF-B-24): Success"),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-24 R1-5 (trust review 1.1): an NPC's check — the GM's page reads its Strength, the players' only the verdict", async () => {
    await open();
    const str = table.client(GM_ID).run(() => G().game.actors.get(FOE).system.abilities.str.value);
    table.dice(1);
    // The GM rolls the NPC's check (fixa, review-trust 2.1: a player's API call for an actor she does not own is
    // refused before anything is rolled; this test had Alice roll it).
    await table.client(GM_ID).run(() => G().game.system.api.check(`Actor.${FOE}`, "str", 0));
    await table.settle();
    const seen = onEveryClient(table, () => lastMessageText(table.client(G().game.userId)));
    const hidden = "Strength (SF-B-24) (SF-B-24): Success";
    expect(seen).toEqual({
      ...everyone(table, hidden),
      Gamemaster: `Strength (SF-B-24) ${str} (SF-B-24): Success`,
      Assistant: `Strength (SF-B-24) ${str} (SF-B-24): Success`,
    });
    expect(table.unhandled).toEqual([]);
  });

  it("bad input: an actor that is not there is told by name, and nothing is rolled or posted", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const before = alice.run(() => G().game.messages.size as number);
    await alice.run(() => G().game.system.api.attack("Actor.nobodyHere000001", GUN, { fast: true }));
    await alice.run(() => G().game.system.api.attack(`Actor.${HERO}`, "Blaster Cannon", { fast: true }));
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: The system's API found no actor Actor.nobodyHere000001.",
      "warn: The system's API found no item Blaster Cannon on that actor.",
    ]);
    expect(alice.run(() => G().game.messages.size as number)).toBe(before);
    expect(table.unhandled).toEqual([]);
  });

  it("review-trust 2.1: Alice's API calls and hotbar macros for the Foe (an actor she does not own) are refused by name before anything is rolled; nothing is posted", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const before = alice.run(() => G().game.messages.size as number);
    const foe = `Actor.${FOE}`;
    await alice.run(() => G().game.system.api.attack(foe, FOE_GUN, { fast: true }));
    await alice.run(() => G().game.system.api.check(foe, "str", 0));
    await alice.run(() => G().game.system.api.rollCheckMacro(foe, "str"));
    await alice.run(() => G().game.system.api.rollItemMacro(`${foe}.Item.${FOE_GUN}`));
    await table.settle();
    expect(told(alice)).toEqual(Array(4).fill("warn: You do not own that actor: nothing is rolled."));
    // Her own character rolls as before.
    table.dice(30);
    await alice.run(() => G().game.system.api.rollCheckMacro(`Actor.${HERO}`, "str"));
    await table.settle();
    expect(told(alice)).toHaveLength(4);
    expect(onEveryClient(table, () => G().game.messages.size as number)).toEqual(everyone(table, before + 1));
    expect(table.unhandled).toEqual([]);
  });

  it("review-trust 3.1: a bad ability name (api.check, a macro) is told, and nothing is rolled", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "xyz", 0));
    await alice.run(() => G().game.system.api.rollCheckMacro(`Actor.${HERO}`, "qqq"));
    await table.settle();
    expect(told(alice)).toEqual([
      'warn: Hero has no ability "xyz": nothing is rolled.',
      'warn: Hero has no ability "qqq": nothing is rolled.',
    ]);
    expect(alice.run(() => G().game.messages.size as number)).toBe(0);
    expect(table.unhandled).toEqual([]);
  });
});
