/**
 * Scenario (issue 13, "Sheets"): the GM builds a creature from scratch through its sheet and attacks with it in one
 * click; the GM applies; every client sees. And a damage formula that is not one is refused with the reason.
 *
 * Numbers: the GM types attack 60, damage 2d10, size large, speed fast. Alice's Kara is a medium target (all player
 * races are medium, SF-X-25: +0), so the chance is 60; the scripted d100 40 hits (40 ≤ 60); 2d10 = 7 + 5 = 12; Kara's
 * Stamina 45 → 33 on every client once the GM applies. The creature's size (large) is not a modifier of its own
 * attack: SF-X-25 is the target's size.
 */
import { describe, expect, it } from "vitest";
import { change, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  messageIds,
  onEveryClient,
  postCard,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = id("sceneDunes");
const KARA = id("actKara");
const TOK_KARA = id("tokKara");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const HOUND = id("actHound");
const TOK_HOUND = id("tokHound");
const PIRATE = id("actPirate");
const TOK_PIRATE = id("tokPirate");

const world = () => ({
  actors: [
    actorSource({ _id: KARA, name: "Kara", owner: ALICE_ID, stamina: 45 }),
    // Alice's trained hound (a creature she owns) and a pirate no player owns.
    actorSource({
      _id: HOUND,
      name: "Hound",
      type: "creature",
      owner: ALICE_ID,
      stamina: 30,
      system: { attack: 50, damage: "1d10" },
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Dunes",
      tokens: [
        tokenSource({ _id: TOK_KARA, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        tokenSource({ _id: TOK_HOUND, name: "Hound", actorId: HOUND, actorLink: true, ...cell(5, 7) }),
        tokenSource({ _id: TOK_PIRATE, name: "Pirate", actorId: PIRATE, actorLink: false, ...cell(6, 7) }),
      ],
    }),
  ],
});

/** The GM creates a creature from scratch (the sidebar's Create Actor) and places its token next to Kara. */
async function createCreature(gm: Client): Promise<string> {
  const actorId: string = await gm.run(async () => {
    const actor = await G().Actor.create({ name: "Sandcat", type: "creature" });
    return actor.id;
  });
  await table.settle();
  await gm.run(() =>
    G()
      .game.scenes.get(SCENE)
      .createEmbeddedDocuments("Token", [
        { name: "Sandcat", actorId, actorLink: true, ...cell(6, 5), disposition: -1 },
      ]),
  );
  await table.settle();
  return actorId;
}

/** The GM opens the creature's sheet (as a double-click does) and returns its element. */
async function openSheet(gm: Client, actorId: string): Promise<HTMLElement> {
  await gm.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await gm.run(() => settleApps());
  return gm.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

/** The GM edits one field of the open sheet as a user does (type, leave the field); the write settles. */
async function edit(gm: Client, actorId: string, name: string, value: string | number): Promise<void> {
  const sheet = await openSheet(gm, actorId);
  const field = sheet.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  expect(field, name).not.toBeNull();
  gm.run(() => change(field!, value));
  await gm.run(() => settleApps());
  await table.settle();
}

async function clickSheet(gm: Client, actorId: string, selector: string): Promise<void> {
  const sheet = await openSheet(gm, actorId);
  const button = sheet.querySelector<HTMLElement>(selector);
  expect(button, selector).not.toBeNull();
  gm.run(() => click(button!));
  await gm.run(() => settleApps());
  await table.settle();
}

const creatureSystem = (actorId: string) =>
  onEveryClient(table, () => {
    const s = G().game.actors.get(actorId).system;
    return { attack: s.attack, damage: s.damage, size: s.size, speed: s.speed, walk: s.movement.walk };
  });

describe("scenario: a creature built from scratch on its sheet attacks in one click (issue 13)", () => {
  it("SF-X-25: the GM creates a creature, types attack 60, damage 2d10, size large, speed fast on its sheet; in play mode Attack on Alice's Kara hits (d100 40 ≤ 60) and the GM applies 2d10 = 12: Kara's Stamina 45 → 33 on every client; its own size adds nothing (d100 63 misses)", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const creature = await createCreature(gm);

    // The GM switches the sheet to edit mode (a new actor may already open in it: then the button says "Play").
    let sheet = await openSheet(gm, creature);
    if (sheet.querySelector(".ft-mode")?.textContent?.trim() === "Edit")
      await clickSheet(gm, creature, '[data-action="toggleMode"]');
    sheet = await openSheet(gm, creature);
    expect(sheet.querySelector(".ft-mode")?.textContent?.trim()).toBe("Play");
    for (const name of [
      "system.attack",
      "system.damage",
      "system.size",
      "system.speed",
      "system.movement.walk",
    ])
      expect(sheet.querySelector(`[name="${name}"]`), name).not.toBeNull();
    await edit(gm, creature, "system.attack", 60);
    await edit(gm, creature, "system.damage", "2d10");
    await edit(gm, creature, "system.size", "large");
    await edit(gm, creature, "system.speed", "fast");
    await edit(gm, creature, "system.movement.walk", 12);
    expect(creatureSystem(creature)).toEqual(
      everyone(table, { attack: 60, damage: "2d10", size: "large", speed: "fast", walk: 12 }),
    );

    // Play mode: the numbers are shown, the fields are gone, and there is one Attack button.
    await clickSheet(gm, creature, '[data-action="toggleMode"]');
    sheet = await openSheet(gm, creature);
    expect(sheet.querySelector('[name="system.attack"]')).toBeNull();
    expect(sheet.querySelector(".ft-creature-chance")?.textContent).toBe("60%");
    expect(sheet.querySelector(".ft-creature-damage")?.textContent).toBe("2d10");
    expect(sheet.querySelector(".ft-header")?.textContent).toContain("Large target");
    // A creature has its natural attack block, not a character's controls: no Punch, no ranged/melee base, no
    // "Weapon holstered" or "Anesthetic" box. Kara's (a character's) sheet has them all.
    const characterOnly = [
      '[data-action="punch"]',
      '[data-tooltip="FT.Sheet.rangedHint"]',
      '[data-tooltip="FT.Sheet.meleeHint"]',
      '[name="system.holstered"]',
      '[name="system.anesthetic"]',
    ];
    for (const selector of characterOnly) expect(sheet.querySelector(selector), selector).toBeNull();
    expect(sheet.querySelector('[data-action="spotting"]')).not.toBeNull();
    const kara = await openSheet(gm, KARA);
    for (const selector of characterOnly) expect(kara.querySelector(selector), selector).not.toBeNull();
    expect(kara.querySelector("[data-ft-creature]")).toBeNull();

    gm.target(TOK_KARA);
    table.dice(40, 7, 5);
    const toldBefore = told(gm).length;
    await clickSheet(gm, creature, '[data-action="creatureAttack"]');
    expect(table.unhandled).toEqual([]);
    expect(told(gm).slice(toldBefore)).toEqual([]);

    // Every client has the card, and it says the d100 40 hit for 12 (the NPC's chance itself stays off the card).
    const ids = onEveryClient(table, () => G().game.messages.contents.map((m: { id: string }) => m.id));
    const card = messageIds(gm).at(-1)!;
    expect(ids).toEqual(everyone(table, [card]));
    for (const c of table.all)
      expect(cardText(c, card)).toContain(
        "Kara 1 m · Point blank All 5 rays clear 40 Hit 2d10 [7, 5] = 12 dmg",
      );
    // Nothing applied yet: the card is sealed and waits for the GM.
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.stamina.value)).toEqual(
      everyone(table, 45),
    );

    clickCard(gm, card, "apply", "Kara");
    await table.settle();
    expect(table.unhandled).toEqual([]);
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.stamina.value)).toEqual(
      everyone(table, 33),
    );

    // SF-X-25 is the target's size: the creature's own "large" adds nothing to its attack, so a d100 of 63 (≤ 65, >
    // 60) misses (the flow rolls its 2d10 as for any attack, 4 + 4, and the card gives no damage); Kara stays at 33.
    table.dice(63, 4, 4);
    await clickSheet(gm, creature, '[data-action="creatureAttack"]');
    expect(table.unhandled).toEqual([]);
    const second = messageIds(gm).at(-1)!;
    expect(second).not.toBe(card);
    for (const c of table.all) expect(cardText(c, second)).toContain("63 Miss");
    expect(onEveryClient(table, () => G().game.actors.get(KARA).system.stamina.value)).toEqual(
      everyone(table, 33),
    );
  }, 30_000);

  it("SF-B-16: a damage formula that is not one, typed in edit mode, is refused with the reason and nothing is written; a blank one disables Attack and the sheet says why", async () => {
    table = await createTable({ world: world() });
    const gm = table.client(GM_ID);
    const creature = await createCreature(gm);
    const sheet = await openSheet(gm, creature);
    if (sheet.querySelector(".ft-mode")?.textContent?.trim() === "Edit")
      await clickSheet(gm, creature, '[data-action="toggleMode"]');
    const writes = table.server.log.length;
    await edit(gm, creature, "system.damage", "2d");
    expect(told(gm).some((m) => m.includes('"2d" is not a damage formula (write it like 2d10)'))).toBe(true);
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(onEveryClient(table, () => G().game.actors.get(creature).system.damage)).toEqual(
      everyone(table, "1d10"),
    );
    // A blank damage is allowed (not in the sources), but the play-mode sheet says why it cannot attack.
    await edit(gm, creature, "system.damage", "");
    await clickSheet(gm, creature, '[data-action="toggleMode"]');
    const play = await openSheet(gm, creature);
    expect(play.querySelector<HTMLButtonElement>('[data-action="creatureAttack"]')?.disabled).toBe(true);
    expect(play.querySelector(".ft-creature-problem")?.textContent).toBe(
      "SF-B-16: Sandcat has no damage formula; enter one in edit mode (write it like 2d10). Nothing was rolled.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("a player's own creature attacks from its sheet on her client (d100 30 ≤ 50, 1d10 = 6); the GM's check of her card accepts it (damage within the creature's 1d10) and applies: Pirate 40 → 34 on every client", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_PIRATE);
    table.dice(30, 6);
    await clickSheet(alice, HOUND, '[data-action="creatureAttack"]');
    expect(table.unhandled).toEqual([]);
    const card = messageIds(alice).at(-1)!;
    expect(card).toBeDefined();
    const gm = table.client(GM_ID);
    clickCard(gm, card, "apply", "Pirate");
    await table.settle();
    expect(table.unhandled).toEqual([]);
    expect(
      onEveryClient(table, () => G().game.scenes.viewed.tokens.get(TOK_PIRATE).actor.system.stamina.value),
    ).toEqual(everyone(table, 34));
  });
  it("R1-1: a creature card Alice's client rewrites to ten shots of 60 damage and a stun is refused by the GM: the pirate keeps 40 on every client", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_PIRATE);
    table.dice(30, 6);
    await clickSheet(alice, HOUND, '[data-action="creatureAttack"]');
    const real = messageIds(alice).at(-1)!;
    // Her own client posts a copy claiming what her hound's 1d10 bite cannot do: ten shots, 60 damage, a stun.
    const forged = alice.run(() => {
      const c = structuredClone(
        G().game.messages.get(real).system.card.toObject?.() ?? G().game.messages.get(real).system.card,
      );
      const target = c.targets[0].id;
      return {
        ...c,
        shots: 10,
        stunned: [target],
        result: { ...c.result, damage: [{ targetId: target, damage: 60 }] },
      };
    });
    const id = await postCard(table, alice, forged);
    const gm = table.client(GM_ID);
    // Issue 27 (T2-1E): every page draws the card from its data, and data that is not a card this system writes is
    // drawn as refused, with no Apply; the GM's request for it is refused all the same.
    expect(cardText(gm, id)).toBe(
      "This attack card's data was altered or is not one this system writes; it is not shown and cannot be applied.",
    );
    await gm.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "apply", messageId: id, ids: [] });
    });
    await table.settle();
    expect(
      onEveryClient(table, () => G().game.scenes.viewed.tokens.get(TOK_PIRATE).actor.system.stamina.value),
    ).toEqual(everyone(table, 40));
    expect(
      onEveryClient(table, () => [...G().game.scenes.viewed.tokens.get(TOK_PIRATE).actor.statuses]),
    ).toEqual(everyone(table, []));
    expect(table.unhandled).toEqual([]);
  });
});
