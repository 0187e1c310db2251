/**
 * Scenario (issue 27, review trust-and-faults-2 T2-1C, T2-1E, T2-2F, T2-3A, T2-3C; combat-data-2 C2 3.2): attack
 * cards are the author's client's word. The GM keeps its own record of each attack it admitted (on the GM's User,
 * which no player may write: v13 common/documents/user.mjs `#canUpdate`), every client draws a card from its checked
 * data (never the author's stored HTML), and every write of an apply or an undo is checked for having landed.
 */
import { describe, expect, it } from "vitest";
import { BURST_CARD } from "../fixtures/cards.js";
import { type Client, createTable, type Table } from "../foundry/world.js";

// A stored card as a script edits it (JSON, any shape).
type Any = any;

import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  attack,
  BRUNO_ID,
  buttonsOf,
  cardFor,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  deckThree,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  openEncounter,
  postCard,
  renderMessage,
  requestsSince,
  rowText,
  sceneSource,
  settingSource,
  tokenSource,
  tokenStamina,
  tokenUuid,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";

const SCENE = id("sceneDeck3");
const EUSYL = id("eusyl");
const KRAAL = id("kraal");
const BOSS = id("boss");
const TOK = { p1: id("tokPirate1"), p2: id("tokPirate2"), p3: id("tokPirate3") };
const TOK_EUSYL = id("tokEusyl");
const TOK_BOSS = id("tokBoss");
const PISTOL = id("bossPistol");
const AUTO = id("bossAuto");
const TOK_KRAAL = id("tokKraal");
const BELT = id("bossBelt");
const SCREEN = id("bossScreen");
const TOKENS: [string, string, string] = [TOK.p1, TOK.p2, TOK.p3];

/** Alice's burst at the three pirates, 13 each, nothing applied yet (the fixture, with its Pirate 2 mark dropped). */
const FRESH = { ...BURST_CARD, applied: [] };
const ALICES_CARD = cardFor(FRESH, { scene: SCENE, tokens: TOKENS, actor: EUSYL });

let table: Table;
closeTableAfterEach(() => table);

const DECK = deckThree({ scene: SCENE, tokens: TOKENS, actor: EUSYL });
const world = (options: { applyToAll?: boolean; showNpcNumbers?: boolean; d20?: boolean } = {}) => ({
  settings: [
    ...(options.d20 ? [settingSource("settingEngineD20", "engine", "d20")] : []),
    ...(options.applyToAll ? [settingSource("settingApplyAll1", "playersApplyToAll", true)] : []),
    ...(options.showNpcNumbers ? [settingSource("settingNpcNums01", "showNpcNumbers", true)] : []),
  ],
  actors: [
    ...DECK.actors,
    actorSource({
      _id: KRAAL,
      name: "Kraal",
      owner: BRUNO_ID,
      stamina: 40,
      items: [itemFromPack("weapons", "automatic-pistol")],
    }),
    // The GM's boss, with a screen on a beltpack (the T2-2F scenario's target).
    actorSource({
      _id: BOSS,
      name: "Boss",
      type: "creature",
      stamina: 80,
      system: { stamina: { value: 80, max: 80 } },
      items: [
        itemFromPack("weapons", "laser-pistol", PISTOL),
        itemFromPack("weapons", "automatic-pistol", AUTO),
        // An inertia screen on a beltpack (SF-X-36): it takes half of a bullet's damage, 2 SEU a hit.
        itemFromPack("power", "power-beltpack", BELT, { remaining: 10, capacity: 50 }),
        itemFromPack("defenses", "inertia-screen", SCREEN, { active: true, powerSource: BELT }),
      ],
    }),
  ],
  scenes: [
    {
      ...DECK.scene,
      tokens: [
        ...(DECK.scene.tokens as object[]),
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({ _id: TOK_BOSS, name: "Boss", actorId: BOSS, actorLink: true, x: 1900, y: 1500 }),
        tokenSource({ _id: TOK_KRAAL, name: "Kraal", actorId: KRAAL, actorLink: true, x: 1500, y: 1600 }),
      ],
    },
  ],
});

const pirates = () => onEveryClient(table, () => TOKENS.map((t) => tokenStamina(SCENE, t)).join(" "));
const boss = () => onEveryClient(table, () => G().game.actors.get(BOSS).system.stamina.value);

/**
 * Alice's console posts a copy of message `msg`'s card (its marks dropped, its HTML drawn afresh) with the same rolls
 * as a new message.
 */
function replay(client: Client, msg: string, change: (card: Any) => void = () => {}): Promise<string> {
  return client.run(async () => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    card.applied = [];
    change(card);
    const { renderCard } = await import("../../src/workflows/card/card-render.js");
    const copy = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: await renderCard(card),
      rolls: m.rolls.map((r: Any) => r.toJSON()),
    });
    return copy.id as string;
  });
}

describe("scenario: a card posted again is refused (issue 27, T2-1C)", () => {
  it("T2-1C: Alice re-posts her applied burst (same card, same rolls) as a new message: neither her click nor the GM's applies it again", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    const again = await replay(alice, msg);
    await table.settle();
    clickCard(alice, again, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(told(alice).at(-1)).toBe(
      "warn: This card repeats an attack its author already posted (the same roll); it is not applied (T2-1C).",
    );
    // Aimed at other tokens (its targets' ids changed): the same roll still.
    const moved = await replay(alice, msg, (card) => {
      // Pirate 1 ↔ Pirate 3, wherever the card names them.
      const json = JSON.stringify(card)
        .split(TOK.p1)
        .join("@")
        .split(TOK.p3)
        .join(TOK.p1)
        .split("@")
        .join(TOK.p3);
      Object.assign(card, JSON.parse(json));
    });
    await table.settle();
    clickCard(gm, moved, "apply", "Pirate 3");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(told(gm).at(-1)).toBe(
      "warn: This card repeats an attack its author already posted (the same roll); it is not applied (T2-1C).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-33 SF-Z-07: Alice's console posts her burst marked 'cannot miss', then one with a result shift (the referee's rows her dialog never draws): the GM refuses to apply either", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const shots = ALICES_CARD.result.shots ?? [];
    const forged = await postCard(table, alice, {
      ...ALICES_CARD,
      rollId: "rollCannotMiss",
      result: {
        ...ALICES_CARD.result,
        shots: shots.map((s) => ({ ...s, outcome: { ...s.outcome, hit: true, auto: "cannotMiss" } })),
      },
    });
    clickCard(alice, forged, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    expect(told(alice).at(-1)).toBe(
      "warn: This card's data is not one this system writes (cannot miss is for the referee alone (SF-X-33)); nothing was applied.",
    );
    // SF-Z-07: a result shift (a colour moved from the one read on the table) is the referee's too.
    const shifted = await postCard(table, alice, {
      ...ALICES_CARD,
      rollId: "rollResultShift",
      result: {
        ...ALICES_CARD.result,
        shots: shots.map((s) => ({ ...s, outcome: { ...s.outcome, rolledColour: "green", colour: "blue" } })),
      },
    });
    clickCard(alice, shifted, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    expect(told(alice).at(-1)).toBe(
      "warn: This card's data is not one this system writes (a result shift is for the referee alone (SF-Z-07)); nothing was applied.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("issue 30: in a Star Wars d20 world Alice's console posts a Star Frontiers card (it would get the percentile checks, not d20's): the GM refuses it when first sealing it", async () => {
    table = await createTable({ world: world({ applyToAll: true, d20: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const forged = await postCard(table, alice, { ...ALICES_CARD, rollId: "rollOtherGame" });
    clickCard(alice, forged, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    expect(told(alice).at(-1)).toBe(
      "warn: This card's data is not one this system writes (a card of another game); nothing was applied.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1C: with playersApplyToAll off, the GM's own click on Alice's replayed card applies nothing; her first card applied once", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    clickCard(gm, msg, "apply", "Pirate 1");
    await table.settle();
    const again = await replay(alice, msg);
    await table.settle();
    clickCard(gm, again, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    // The GM's record says why, on the GM's User (no player may write it).
    const entry = gm.run(() => G().game.user.getFlag("frontier-tactics", "attacks")?.[again]);
    expect(entry?.no).toBe("FT.Card.replayed");
    expect(table.unhandled).toEqual([]);
  });
});

/** `client` posts a card whose data is `card` and whose stored HTML is `html` (drawn from another card). */
function postWithHtml(client: Client, card: unknown, htmlOf: unknown): Promise<string> {
  return client.run(async () => {
    const { renderCard } = await import("../../src/workflows/card/card-render.js");
    const m = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: typeof htmlOf === "string" ? htmlOf : await renderCard(htmlOf as never),
    });
    return m.id as string;
  });
}

describe("scenario: a replay posted while no GM watches (issue 27, T2-1C)", () => {
  it("T2-1C: with the GMs away, Alice posts her burst and a copy of it; back, the GM admits the first and refuses the copy", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    table.disconnect(GM_ID);
    table.disconnect(ASSISTANT_ID);
    const first = await postCard(table, alice, ALICES_CARD);
    const copy = await postCard(table, alice, ALICES_CARD);
    await table.connect(GM_ID);
    await table.settle();
    clickCard(alice, first, "apply", "Pirate 1");
    await table.settle();
    clickCard(alice, copy, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(told(alice).at(-1)).toBe(
      "warn: This card repeats an attack its author already posted (the same roll); it is not applied (T2-1C).",
    );
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: every client draws the card from its data (issue 27, T2-1E, UI 3.4)", () => {
  it("T2-1E: Alice's card stores the honest 13 as HTML and 70 in its data: every client — the GM's too — reads 70, what Apply would do", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const p1 = tokenUuid(SCENE, TOK.p1);
    const claims = structuredClone(ALICES_CARD) as Any;
    claims.result.shots[0].damage = 70;
    claims.result.damage = claims.result.damage.map((d: Any) =>
      d.targetId === p1 ? { ...d, damage: 70 } : d,
    );
    const msg = await postWithHtml(alice, claims, ALICES_CARD);
    await table.settle();
    // The GM reads what one click does, as the data says it (the old card read "Apply 13 → Stamina −70").
    expect(rowText(gm, msg, "Pirate 1")).toBe(
      "Pirate 1 12 m · Short All 5 rays clear Apply 70 → Stamina 30 → -40, unconscious",
    );
    // No client reads the HTML Alice stored.
    for (const c of table.all)
      expect(rowText(c, msg, "Pirate 1"), c.user.name as string).not.toContain("Apply 13");
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1E: a card whose data is not a card, and a card Alice edited after the GM sealed it, are drawn as refused on every client, never from her HTML", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const junk = await postWithHtml(alice, { nonsense: true }, "<p>Apply 13 → Stamina −13</p>");
    const edited = await postCard(table, alice, ALICES_CARD);
    await alice.run(() => {
      const m = G().game.messages.get(edited);
      const card = structuredClone(m.system.card);
      card.result.damage[0].damage = 60;
      return m.update({ system: { card } }, { recursive: false });
    });
    await table.settle();
    expect(table.all.map((c) => cardText(c, junk))).toEqual(
      table.all.map(
        () =>
          "This attack card's data was altered or is not one this system writes; it is not shown and cannot be applied.",
      ),
    );
    for (const c of table.all)
      expect(cardText(c, edited), c.user.name as string).toMatch(
        /^This card was changed after it was rolled, so it cannot be applied; apply its damage by hand\./,
      );
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: a card the schema takes but no reader can walk (issue 28 review)", () => {
  it("SF-X-43 issue 28: with the GMs away Alice posts a grenade card with no blast lists and her honest burst; back, every page shows the first as unreadable (never her HTML) and the GM's sealing pass still admits and seals the second, which applies", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    table.disconnect(GM_ID);
    table.disconnect(ASSISTANT_ID);
    const broken = structuredClone(ALICES_CARD) as Any;
    // Neither blast lists nor saves: the view walked `caught`, the GM's sealing pass `d20.saves`.
    broken.grenade = { d20: {} };
    const junk = await postWithHtml(alice, broken, "<p>Apply 13 → Stamina −13</p>");
    const honest = await postCard(table, alice, ALICES_CARD);
    await table.connect(GM_ID);
    await table.settle();
    expect(table.all.map((c) => cardText(c, junk))).toEqual(
      table.all.map(
        () =>
          "This attack card's data was altered or is not one this system writes; it is not shown and cannot be applied.",
      ),
    );
    clickCard(alice, honest, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    // The pass that ran when the GM came back sealed the honest card (and left the broken one unsealed).
    const seals = Object.keys(
      table.client(GM_ID).run(() => G().game.user.getFlag("frontier-tactics", "seals") ?? {}),
    );
    expect(seals).toEqual([honest]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: every write of an apply or an undo is checked (issue 27, T2-2F)", () => {
  it("T2-2F SF-X-36: the GM's Undo restores the boss's Stamina but the beltpack's 2 SEU is vetoed on the GM's page: the GM is told, the card offers Finish, and Finish restores the SEU", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const card = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK_BOSS, TOK.p2, TOK.p3], actor: BOSS }),
    );
    const belt = () => onEveryClient(table, () => G().game.actors.get(BOSS).items.get(BELT).system.remaining);
    clickCard(gm, card, "apply", "Pirate 1"); // row 1 is the boss's token (the fixture names it Pirate 1)
    await table.settle();
    // 13 to the boss: the screen takes 7 for 2 SEU, the boss 6.
    expect(boss()).toEqual(everyone(table, 74));
    expect(belt()).toEqual(everyone(table, 8));
    // A module on the GM's page vetoes item updates (v13 skips the document silently, no throw).
    const hook = gm.run(() => G().Hooks.on("preUpdateItem", () => false));
    clickCard(gm, card, "undo", "Pirate 1");
    await table.settle();
    expect(boss()).toEqual(everyone(table, 80));
    expect(belt()).toEqual(everyone(table, 8));
    expect(told(gm).at(-1)).toBe(
      "warn: Not everything this card changes on Boss was written (screens, packs or statuses). The card keeps it: click Finish on the card to write it.",
    );
    expect(buttonsOf(renderMessage(gm, card))).toContain("finish");
    // Players get no Finish.
    expect(buttonsOf(renderMessage(table.client(ALICE_ID), card))).not.toContain("finish");
    gm.run(() => G().Hooks.off("preUpdateItem", hook));
    const rendered = renderMessage(gm, card);
    gm.run(() => rendered.querySelector<HTMLButtonElement>('[data-ft-action="finish"]')!.click());
    await table.settle();
    expect(belt()).toEqual(everyone(table, 10));
    expect(boss()).toEqual(everyone(table, 80));
    expect(buttonsOf(renderMessage(gm, card))).not.toContain("finish");
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: a held request is checked first (issue 27, T2-3C)", () => {
  it("T2-3C SF-B-05: on a Basic-game initiative tie, Alice's apply of a card the GM refuses is refused at once — not told 'held' — and nothing waits on the combat", async () => {
    const scene = id("sceneTie");
    const eusyl = actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 50, rs: 50, sta: 45 },
      items: [itemFromPack("weapons", "laser-pistol-basic-game")],
    });
    const leader = actorSource({
      _id: BOSS,
      name: "Sathar Leader",
      type: "creature",
      abilities: { dex: 55, rs: 60, sta: 40 },
      system: { size: "medium", speed: "medium" },
    });
    const tokens = [
      tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, ...cell(2, 4) }),
      tokenSource({
        _id: TOK_BOSS,
        name: "Sathar Leader",
        actorId: BOSS,
        actorLink: true,
        disposition: -1,
        ...cell(8, 4),
      }),
    ];
    table = await createTable({
      world: {
        actors: [eusyl, leader],
        scenes: [
          sceneSource({
            _id: scene,
            name: "Warehouse",
            grid: { size: 100, distance: 5, units: "m" },
            tokens,
          }),
        ],
        settings: [
          settingSource("settingVariant01", "variant", "basic"),
          settingSource("settingApplyAll1", "playersApplyToAll", true),
        ],
      },
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openEncounter(table, gm, scene, tokens);
    // Friendly d10 7 + 5 = 12, hostile d10 6 + 6 = 12: a tie, damage held (SF-B-05).
    table.dice(7, 6);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(gm.run(() => G().game.combat.holdsDamage)).toBe(true);
    // Her card names a weapon Eusyl does not carry (an Automatic Pistol's burst): the GM refuses it.
    const forged = await postCard(
      table,
      alice,
      cardFor(FRESH, { scene, tokens: [TOK_BOSS, TOK_EUSYL, TOK.p1], actor: EUSYL }),
    );
    const answer = await alice.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "apply", messageId: forged, ids: [tokenUuid(scene, TOK_BOSS)] });
    });
    await table.settle();
    expect(answer.skipped).toEqual([
      {
        id: tokenUuid(scene, TOK_BOSS),
        reason: "FT.Card.invalid",
        data: { reason: "the weapon is no longer on the attacker" },
      },
    ]);
    expect(gm.run(() => G().game.combat.heldDamage)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: clearing the chat log (issue 27, combat-data-2 C2 3.2)", () => {
  it("C2 3.2: the GM deletes five sealed attack cards at once: the GM's page drops their seals in one User update", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await postCard(table, alice, { ...ALICES_CARD, rollId: `roll${i}` }));
    const seals = () => Object.keys(gm.run(() => G().game.user.getFlag("frontier-tactics", "seals") ?? {}));
    expect(seals().sort()).toEqual([...ids].sort());
    const mark = table.server.log.length;
    await gm.run(() => G().ChatMessage.deleteDocuments(ids));
    await table.settle();
    expect(requestsSince(table, mark).filter((r) => r.startsWith("update User"))).toEqual([
      "update User by Gamemaster",
    ]);
    expect(seals()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: an attack more than the round allows (issue 27, T2-1C, SW-13)", () => {
  it("T2-1C SW-13: in a d20 combat Kara attacks in her turn; Alice's console clears Kara's ledger and attacks again: her client lets it through, the GM refuses the second card", async () => {
    // Kara 16 + 2 = 18, the Thug 3 + 2 = 5: Kara acts first.
    await d20Table();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    expect(gm.run(() => G().game.combat.combatant?.name)).toBe("Kara");
    // Her round's attack: d20 15 + 6 + 2 = 23 hits; 3d6 [4, 5, 6] = 15.
    table.dice(15, 4, 5, 6);
    const first = await attack(table, alice, ids.KARA, ids.PISTOL_K, [ids.TOK_T]);
    expect(first).not.toBeNull();
    clickCard(gm, first!, "apply", "Thug");
    await table.settle();
    expect(vp()).toEqual(everyone(table, 25));
    // Her console: Kara's ledger (her own Combatant's `system.turn`) is cleared, and her client attacks again.
    await alice.run(() => G().game.combat.combatants.get(ids.CMB_K).update({ "system.turn": null }));
    await table.settle();
    table.dice(15, 4, 5, 6);
    const second = await attack(table, alice, ids.KARA, ids.PISTOL_K, [ids.TOK_T]);
    expect(second).not.toBeNull();
    clickCard(gm, second!, "apply", "Thug");
    await table.settle();
    expect(vp()).toEqual(everyone(table, 25));
    expect(told(gm).at(-1)).toBe(
      "warn: This card is one more attack than its attacker has this round (one attack action, one attack of opportunity, one overwatch shot; SW-13); it is not applied.",
    );
    expect(table.unhandled).toEqual([]);
  });
  /** A d20 hangar: Kara (Alice's, a blaster pistol) and a Thug with 40 vitality. */
  const d20World = (ids: Any) => ({
    settings: [settingSource(id("setEngineProbe"), "engine", "d20")],
    actors: [
      actorSource({
        _id: ids.KARA,
        name: "Kara",
        owner: ALICE_ID,
        items: [itemFromPack("d20", "blaster-pistol", ids.PISTOL_K, { d20: { damage: "3d6" } })],
        system: { d20: { bab: 6, abilities: { dex: 14 }, vitality: { value: 30, max: 30 } } },
      }),
      d20Foe(ids.THUG, "Thug", { ...HEROIC_POOLS, vitality: { value: 40, max: 40 } }),
    ],
    scenes: [
      sceneSource({
        _id: ids.D20_SCENE,
        name: "Hangar",
        tokens: [
          tokenSource({ _id: ids.TOK_K, name: "Kara", actorId: ids.KARA, actorLink: true, ...cell(0, 5) }),
          tokenSource({
            _id: ids.TOK_T,
            name: "Thug",
            actorId: ids.THUG,
            actorLink: true,
            disposition: -1,
            ...cell(10, 5),
          }),
        ],
      }),
    ],
  });
  const ids = {
    D20_SCENE: id("sceneProbe"),
    KARA: id("actKaraProbe"),
    THUG: id("actThugProbe"),
    PISTOL_K: id("itmPistolProbe"),
    TOK_K: id("tokKaraProbe"),
    TOK_T: id("tokThugProbe"),
    CMB_K: id("cmbKaraProbe"),
  };
  /** The table for the d20 allowance tests: the combat started, Kara (16 + 2) before the Thug (3 + 2). */
  async function d20Table() {
    table = await createTable({ world: d20World(ids), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await openD20Combat(table, ids.D20_SCENE, [
      { _id: ids.CMB_K, tokenId: ids.TOK_K, actorId: ids.KARA },
      { _id: id("cmbThugProbe"), tokenId: ids.TOK_T, actorId: ids.THUG },
    ]);
    table.dice(16, 3);
    await table.client(GM_ID).run(() => G().game.combat.startCombat());
    await table.settle();
  }
  const vp = () => onEveryClient(table, () => G().game.actors.get(ids.THUG).system.d20.vitality.value);

  it("T2-1C SW-13 (review of issue 27): Alice's second card of the round, posted again with a new roll id and a scene that does not exist, is still counted against Kara's round and refused", async () => {
    await d20Table();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(15, 4, 5, 6);
    const first = await attack(table, alice, ids.KARA, ids.PISTOL_K, [ids.TOK_T]);
    clickCard(gm, first!, "apply", "Thug");
    await table.settle();
    expect(vp()).toEqual(everyone(table, 25));
    const again = await replay(alice, first!, (c) => {
      c.rollId = "fresh0000000002";
      c.sceneId = "zzzzzzzzzzzzzzzz";
    });
    await table.settle();
    clickCard(gm, again, "apply", "Thug");
    await table.settle();
    expect(vp()).toEqual(everyone(table, 25));
    expect(table.unhandled).toEqual([]);
  });

  it("T2-1C SW-13 (review of issue 27): Bruno's empty card in Kara's name spends nothing — Alice's honest attack in Kara's turn still applies", async () => {
    await d20Table();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    await bruno.run(async () => {
      await G().ChatMessage.create({
        type: "attack",
        content: "",
        system: {
          card: { actorUuid: `Actor.${ids.KARA}`, sceneId: ids.D20_SCENE, targets: [], result: {}, shots: 1 },
        },
      });
    });
    await table.settle();
    table.dice(15, 4, 5, 6);
    const first = await attack(table, alice, ids.KARA, ids.PISTOL_K, [ids.TOK_T]);
    clickCard(gm, first!, "apply", "Thug");
    await table.settle();
    expect(vp()).toEqual(everyone(table, 25));
    expect(table.unhandled).toEqual([]);
  });
});
