/**
 * Scenario (issue 11, "Trust at a shared table"; review `trust-and-faults.md` R1-1, R1-4, R1-5, R2-1..R2-4, H1):
 * a player's client is the player's to script. Every forgery the review reproduced is tried from Alice's own client
 * — an edited card, a card forged from scratch, a target on no card, another user's identity, an undo, oversized
 * and malformed requests, a record forged on her own actor — and each is refused with nothing written; the same
 * things from the GM's client do what the GM means. Then the faults: clicks at once from two seats and two GMs, a
 * write refused in the middle of a batch, a target deleted between the roll and the apply, no GM online. Then what
 * a player's client holds after NPC hits: no NPC number in any message.
 *
 * How a request reaches the GM (src/helpers/gm-request.ts): the asker writes `flags.frontier-tactics.request` on
 * their own User — which only they or a GM may write (common/documents/user.mjs `#canUpdate`) — and the active GM's
 * `updateUser` hook reads who asked from the document. A card is applied only as its author created it: the
 * server keeps `_stats.modifiedTime` and `lastModifiedBy` (common/data/fields.mjs `DocumentStatsField.
 * managedFields`, modelled in tests/foundry/server.ts).
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
  clickCard,
  closeTableAfterEach,
  deckThree,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  postCard,
  renderMessage,
  requestsSince,
  rowText,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  tokenStamina,
  tokenUuid,
  told,
} from "./kit.js";

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
const TOKENS: [string, string, string] = [TOK.p1, TOK.p2, TOK.p3];

/** Alice's burst at the three pirates, 13 each, nothing applied yet (the fixture, with its Pirate 2 mark dropped). */
const FRESH = { ...BURST_CARD, applied: [] };
const ALICES_CARD = cardFor(FRESH, { scene: SCENE, tokens: TOKENS, actor: EUSYL });
/** The same burst in Bruno's name (his Kraal is the attacker). */
const BRUNOS_CARD = cardFor(FRESH, { scene: SCENE, tokens: TOKENS, actor: KRAAL });

let table: Table;
closeTableAfterEach(() => table);

const DECK = deckThree({ scene: SCENE, tokens: TOKENS, actor: EUSYL });
const world = (options: { applyToAll?: boolean; showNpcNumbers?: boolean } = {}) => ({
  settings: [
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
    // The GM's boss: on the scene, on no card.
    actorSource({
      _id: BOSS,
      name: "Boss",
      type: "creature",
      stamina: 80,
      system: { stamina: { value: 80, max: 80 } },
      items: [
        itemFromPack("weapons", "laser-pistol", PISTOL),
        itemFromPack("weapons", "automatic-pistol", AUTO),
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
const eusyl = () => onEveryClient(table, () => G().game.actors.get(EUSYL).system.stamina.value);

/** Writes to anything but Users (a request and its answer are User writes) since `from`. */
const damageWrites = (from: number) => requestsSince(table, from).filter((r) => !r.startsWith("update User"));

/**
 * Alice's console writes a request on a User (her own unless `on`), as `requestGM` would but with any payload;
 * returns the GM's answer on that User (null when the GM gave none).
 */
async function forge(payload: Record<string, unknown>, on = ALICE_ID) {
  const alice = table.client(ALICE_ID);
  const rid = `forged${Math.random().toString(36).slice(2, 12).padEnd(10, "0")}`;
  await alice.run(() =>
    G()
      .game.users.get(on)
      .update({ "flags.frontier-tactics.request": { id: rid, ...payload } }),
  );
  await table.settle();
  const r = alice.run(() => G().game.users.get(on).getFlag("frontier-tactics", "response"));
  return r?.id === rid
    ? (r as { error: string | null; applied: string[]; skipped: { reason: string }[] })
    : null;
}
/** `client` rewrites the card of message `msg` as `change` says (whole, as a script would): the GM's or a forger's. */
function editCard(client: Client, msg: string, change: (card: Any) => void): Promise<unknown> {
  return client.run(() => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    change(card);
    return m.update({ system: { card } }, { recursive: false });
  });
}

const reasons = (r: { skipped: { reason: string }[] } | null) => r?.skipped.map((s) => s.reason);

describe("scenario: what a player sends the GM is untrusted (issue 11)", () => {
  it("R1-1 H1: every forgery from Alice's client is refused and nothing is written; from the GM's client the same cards apply", async () => {
    // The table even lets players apply to tokens they do not own: what stops Alice is authority, not ownership.
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const mine = await postCard(table, alice, ALICES_CARD);
    const edited = await postCard(table, alice, ALICES_CARD);
    const brunos = await postCard(table, table.client(BRUNO_ID), BRUNOS_CARD);
    const mark = table.server.log.length;

    // Another player's card: only its author or a GM may ask.
    expect(reasons(await forge({ kind: "apply", messageId: brunos, ids: [] }))).toEqual(["FT.Card.notYours"]);
    // A claim to be the GM in the payload changes nothing: the GM reads who asked from the User written on.
    expect(
      reasons(await forge({ kind: "apply", messageId: brunos, ids: [], userId: GM_ID, requester: GM_ID })),
    ).toEqual(["FT.Card.notYours"]);
    // Writing the request on Bruno's (or the GM's) User is refused by the server itself.
    await expect(forge({ kind: "apply", messageId: brunos, ids: [] }, BRUNO_ID)).rejects.toThrow(
      /lacks permission to update User/,
    );
    // A target on no card (the boss): not applied.
    expect(
      reasons(await forge({ kind: "apply", messageId: mine, ids: [tokenUuid(SCENE, TOK_BOSS)] })),
    ).toEqual(["FT.Card.notOnCard"]);
    // Undo is the GM's alone.
    expect(reasons(await forge({ kind: "undo", messageId: mine, ids: [tokenUuid(SCENE, TOK.p1)] }))).toEqual([
      "FT.Card.notYours",
    ]);
    // Malformed and oversized requests: a clear refusal, never a TypeError.
    const tooMany = Array.from({ length: 51 }, (_, i) => tokenUuid(SCENE, TOK.p1) + i);
    expect((await forge({ kind: "apply", messageId: mine, ids: tooMany }))?.error).toBe(
      "That request is not one this system sends (target list).",
    );
    expect((await forge({ kind: "heal", messageId: mine, ids: [] }))?.error).toBe(
      "That request is not one this system sends (unknown kind).",
    );
    expect((await forge({ kind: "apply", messageId: "../../etc", ids: [] }))?.error).toBe(
      "That request is not one this system sends (message id).",
    );
    expect((await forge({ kind: "apply", messageId: mine, ids: [42] }))?.error).toBe(
      "That request is not one this system sends (target id).",
    );

    // Her own card, edited after it was rolled (79 to the boss, added as a target): refused whole.
    await editCard(alice, edited, (card) => {
      card.targets.push({ ...card.targets[0], id: tokenUuid(SCENE, TOK_BOSS), name: "Boss" });
      card.result.damage = [{ targetId: tokenUuid(SCENE, TOK_BOSS), damage: 79 }];
    });
    await table.settle();
    const afterEdit = table.server.log.length;
    expect(reasons(await forge({ kind: "apply", messageId: edited, ids: [] }))).toEqual(["FT.Card.tampered"]);

    // Cards forged from scratch: in the boss's name, or with more damage than any weapon does.
    const inBossName = await postCard(
      table,
      alice,
      cardFor(FRESH, { scene: SCENE, tokens: TOKENS, actor: BOSS }),
    );
    const huge = {
      ...ALICES_CARD,
      result: {
        ...ALICES_CARD.result,
        damage: ALICES_CARD.result.damage.map((d) => ({ ...d, damage: 5000 })),
      },
    };
    const hugeCard = await postCard(table, alice, huge);
    const afterForged = table.server.log.length;
    // (An empty list asks for every target of the card: each gets the card's refusal.)
    const invalid = ["FT.Card.invalid", "FT.Card.invalid", "FT.Card.invalid"];
    expect(reasons(await forge({ kind: "apply", messageId: inBossName, ids: [] }))).toEqual(invalid);
    expect(reasons(await forge({ kind: "apply", messageId: hugeCard, ids: [] }))).toEqual(invalid);
    // Forged in her own actor's name with her own weapon: more than an Automatic Pistol's burst at three can do
    // (5 + 2 = 7d10, 70), a doze effect the pistol has not, a stun no blast made.
    const forgedCards = [
      {
        ...ALICES_CARD,
        result: {
          ...ALICES_CARD.result,
          damage: ALICES_CARD.result.damage.map((d) => ({ ...d, damage: 71 })),
        },
      },
      { ...ALICES_CARD, effect: "doze" },
      { ...ALICES_CARD, stunned: [tokenUuid(SCENE, TOK.p1)] },
      { ...ALICES_CARD, kind: "laser" },
      { ...ALICES_CARD, weaponName: "Heavy Laser" },
    ];
    const problems: string[] = [];
    for (const forged of forgedCards) {
      const m = await postCard(table, alice, forged);
      const r = await forge({ kind: "apply", messageId: m, ids: [tokenUuid(SCENE, TOK.p1)] });
      problems.push(String((r?.skipped[0] as { data?: { reason?: string } } | undefined)?.data?.reason));
    }
    expect(problems).toEqual([
      "damage 71 above 70",
      "effect doze",
      "stun list",
      "damage kind laser",
      "the weapon is no longer on the attacker",
    ]);

    // Nothing but requests, answers and her own posts was written; every Stamina is as it was on every client.
    expect(damageWrites(mark).filter((r) => !r.startsWith("create ChatMessage by Alice"))).toEqual([
      "update ChatMessage by Alice", // her own edit of her own card
    ]);
    expect(damageWrites(afterEdit).filter((r) => !r.startsWith("create ChatMessage by Alice"))).toEqual([]);
    expect(damageWrites(afterForged).filter((r) => !r.startsWith("create ChatMessage by Alice"))).toEqual([]);
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    expect(boss()).toEqual(everyone(table, 80));

    // Her own untouched card, from her click: each pirate 30 → 17, once.
    clickCard(alice, mine, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));

    // The GM's client: the edited card is still refused (Alice wrote last); Bruno's card applies as he rolled it.
    // (Every page draws the card from its data, issue 27 T2-1E: her edit left an Apply for the boss alone.)
    clickCard(gm, edited, "apply", "Boss");
    await table.settle();
    expect(told(gm).at(-1)).toBe(
      "warn: This card was changed after it was rolled, so it cannot be applied; apply its damage by hand.",
    );
    clickCard(gm, brunos, "apply", "Pirate 2");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 17 30"));
    // The GM may edit a card and apply it as the GM means: a GM's write is trusted.
    await editCard(gm, edited, (card) => {
      // The GM puts the three pirates back, 5 each.
      card.targets = card.targets.slice(0, 3);
      card.result.damage = card.targets.map((t: { id: string }) => ({ targetId: t.id, damage: 5 }));
    });
    clickCard(gm, edited, "apply", "Pirate 3");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 17 25"));
    expect(table.unhandled).toEqual([]);
  }, 60_000);

  it("R1-1 f: a record forged on her own actor makes the GM's Undo heal no more than the card took", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // The boss's card hits Eusyl for 13 (posted by the GM: its targets are Eusyl and two pirates).
    const card = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK_EUSYL, TOK.p2, TOK.p3], actor: BOSS }),
    );
    clickCard(gm, card, "apply", "Pirate 1"); // row 1 is Eusyl's token (the fixture names it Pirate 1)
    await table.settle();
    expect(eusyl()).toEqual(everyone(table, 45 - 13));
    // The record of the hit sits on Eusyl, next to her Stamina: Alice owns Eusyl, so she can rewrite it.
    const path = `flags.frontier-tactics.hits.${card}.${TOK_EUSYL}`;
    expect(alice.run(() => G().foundry.utils.getProperty(G().game.actors.get(EUSYL), path))).toMatchObject({
      rolled: 13,
      taken: 13,
      staminaBefore: 45,
      staminaAfter: 32,
    });
    await alice.run(() =>
      G()
        .game.actors.get(EUSYL)
        .update({ [`${path}.taken`]: 40, [`${path}.staminaBefore`]: 72 }),
    );
    // She also clears the card's mark? She cannot: the card is the GM's. Undo from the GM: 32 + 13, not + 40.
    clickCard(gm, card, "undo", "Pirate 1");
    await table.settle();
    expect(eusyl()).toEqual(everyone(table, 45));
    // The record stays, marked undone (only a GM applies the card to her again).
    expect(alice.run(() => G().foundry.utils.getProperty(G().game.actors.get(EUSYL), `${path}.undone`))).toBe(
      true,
    );
    // A second Undo finds nothing to undo.
    expect(buttonsOf(renderMessage(gm, card))).toEqual([
      "apply:Pirate 1",
      "apply:Pirate 2",
      "apply:Pirate 3",
      "applyAll",
    ]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});

describe("scenario: a card changed while the GM applies it, and a hit the GM took back (issue 11, R1-1)", () => {
  it("R1-1: Alice's page rewrites her card the moment the GM writes a hit: the GM's save keeps none of it", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    // Her console: when any token changes, raise Pirate 2's damage on her card to 70 (within what the pistol does).
    alice.run(() =>
      G().Hooks.on("updateToken", () => {
        const m = G().game.messages.get(msg);
        const card = structuredClone(m.system.card);
        card.result.damage = card.result.damage.map((d: { targetId: string; damage: number }) =>
          d.targetId === tokenUuid(SCENE, TOK.p2) ? { ...d, damage: 70 } : d,
        );
        void m.update({ system: { card } }, { recursive: false });
      }),
    );
    clickCard(gm, msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    // Either her edit landed after the GM's save (she wrote last: the card is refused) or before it (the GM's save
    // wrote the card it checked, her 70 overwritten): Pirate 2 takes 13 or nothing, never 70.
    clickCard(gm, msg, "apply", "Pirate 2");
    await table.settle();
    const after = pirates().Gamemaster!;
    expect(["17 30 30", "17 17 30"]).toContain(after);
    expect(pirates()).toEqual(everyone(table, after));
    const stored = table.server.world.messages.find((m) => m._id === msg);
    const onCard = stored?.system.card.result.damage.find(
      (d: { targetId: string }) => d.targetId === tokenUuid(SCENE, TOK.p2),
    );
    if (after === "17 17 30") expect(onCard?.damage).toBe(13);
    else
      expect(told(gm).at(-1)).toBe(
        "warn: This card was changed after it was rolled, so it cannot be applied; apply its damage by hand.",
      );
    expect(table.unhandled).toEqual([]);
  });

  it("R1-1: after the GM undoes a hit, its author cannot apply it again; the GM can", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, msg, "apply", "Pirate 1");
    await table.settle();
    clickCard(gm, msg, "undo", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    expect(buttonsOf(renderMessage(alice, msg))).toEqual(["apply:Pirate 2", "apply:Pirate 3", "applyAll"]);
    expect(rowText(alice, msg, "Pirate 1")).toContain("Undone");
    expect(reasons(await forge({ kind: "apply", messageId: msg, ids: [tokenUuid(SCENE, TOK.p1)] }))).toEqual([
      "FT.Card.undone",
    ]);
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    clickCard(gm, msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: what a player may still do to their own card (issue 11, second review N2–N4)", () => {
  it("N2: Alice reveals her whispered card to everyone (core's chat log menu): the GM still applies it", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    await alice.run(() =>
      G()
        .game.messages.get(msg)
        .update({ whisper: [GM_ID], blind: false }),
    );
    await table.settle();
    await alice.run(() => G().game.messages.get(msg).update({ whisper: [], blind: false }));
    await table.settle();
    clickCard(gm, msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(table.unhandled).toEqual([]);
  });

  it("N3: after the GM undoes a hit, Alice empties her card's marks and the GM touches the card: she still cannot re-apply it", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, msg, "apply", "Pirate 1");
    await table.settle();
    clickCard(gm, msg, "undo", "Pirate 1");
    await table.settle();
    await editCard(alice, msg, (card) => {
      card.applied = [];
    });
    await table.settle();
    // Any GM write afterwards (here a core flag) does not clear what she did.
    await gm.run(() => G().game.messages.get(msg).setFlag("core", "pinned", true));
    await table.settle();
    // The marks are not what the GM trusts (they are outside the card's seal): the record on the pirate says the GM
    // undid it, so her apply is refused.
    expect(reasons(await forge({ kind: "apply", messageId: msg, ids: [tokenUuid(SCENE, TOK.p1)] }))).toEqual([
      "FT.Card.undone",
    ]);
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
    // And were the card clean, the record on the pirate says the GM undid it: her apply is refused all the same.
    // (Another roll: the same card posted again is refused as a replay, issue 27 T2-1C.)
    const again = await postCard(table, alice, { ...ALICES_CARD, rollId: "anotherRoll00001" });
    clickCard(alice, again, "apply", "Pirate 1");
    await table.settle();
    clickCard(gm, again, "undo", "Pirate 1");
    await table.settle();
    expect(
      reasons(await forge({ kind: "apply", messageId: again, ids: [tokenUuid(SCENE, TOK.p1)] })),
    ).toEqual(["FT.Card.undone"]);
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
  });

  it("review 3 B1: Alice edits her card while no GM is online; back, the GM reveals it: the card is still refused", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    await alice.run(() =>
      G()
        .game.messages.get(msg)
        .update({ whisper: [GM_ID] }),
    );
    await table.settle();
    table.disconnect(GM_ID);
    table.disconnect(ASSISTANT_ID);
    // Pirate 1 swapped for the Boss, the damage kept.
    await editCard(alice, msg, (card) => {
      const boss = tokenUuid(SCENE, TOK_BOSS);
      card.targets[0] = { ...card.targets[0], id: boss, name: "Boss" };
      card.result.damage[0] = { ...card.result.damage[0], targetId: boss };
      card.result.shots = card.result.shots.map((x: { targetId: string }, i: number) =>
        i === 0 ? { ...x, targetId: boss } : x,
      );
    });
    await table.settle();
    await table.connect(GM_ID);
    await table.settle();
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.messages.get(msg).update({ whisper: [], blind: false }));
    await table.settle();
    expect(
      reasons(await forge({ kind: "apply", messageId: msg, ids: [tokenUuid(SCENE, TOK_BOSS)] })),
    ).toEqual(["FT.Card.tampered"]);
    expect(boss()).toEqual(everyone(table, 80));
  });

  it("review 4: a card posted while the only GM reloads is sealed when the GM is back; a pin then leaves it usable", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    table.disconnect(GM_ID);
    table.disconnect(ASSISTANT_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    await table.connect(GM_ID);
    await table.settle();
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.messages.get(msg).setFlag("core", "pinned", true));
    await table.settle();
    clickCard(alice, msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(table.unhandled).toEqual([]);
  });

  it("review 4: with two GMs the newest seal counts: the assistant's correction applies, Alice's edit back is refused", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const msg = await postCard(table, alice, ALICES_CARD); // sealed by the GM
    table.disconnect(GM_ID);
    const assistant = table.client(ASSISTANT_ID);
    const setPirate1 = (damage: number) => (card: Any) => {
      card.result.damage[0] = { ...card.result.damage[0], damage };
    };
    await editCard(assistant, msg, setPirate1(2)); // the assistant corrects Pirate 1 to 2, and seals that
    await table.settle();
    await editCard(alice, msg, setPirate1(13)); // Alice puts 13 back, which the GM's older seal matched
    await table.settle();
    expect(reasons(await forge({ kind: "apply", messageId: msg, ids: [tokenUuid(SCENE, TOK.p1)] }))).toEqual([
      "FT.Card.tampered",
    ]);
    expect(pirates()).toEqual(everyone(table, "30 30 30"));
  });

  it("review 4: the GM's Undo on a card changed since its hits were applied writes nothing and says so", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, msg, "apply", "Pirate 1");
    await table.settle();
    await editCard(alice, msg, (card) => {
      card.result.damage[1] = { ...card.result.damage[1], damage: 60 };
    });
    await table.settle();
    const mark = table.server.log.length;
    clickCard(gm, msg, "undo", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(damageWrites(mark)).toEqual([]);
    expect(told(gm).at(-1)).toBe(
      "warn: This card was changed after it was rolled; undo what it did to Pirate 1 by hand.",
    );
  });

  it("N4: a weapon renamed after the roll is still the card's weapon (found by its id)", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    // Eusyl's pistol from her sheet, a real attack: its card names the item's id.
    const pistol = alice.run(() => G().game.actors.get(EUSYL).items.getName("Automatic Pistol").id as string);
    table.dice(5, 7);
    const card = await attack(table, alice, EUSYL, pistol, [TOK.p1]);
    await alice.run(() => G().game.actors.get(EUSYL).items.get(pistol).update({ name: "Old Faithful" }));
    await table.settle();
    clickCard(gm, card!, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "23 30 30"));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: apply and undo under faults (issue 11, R1-4, R2-1..R2-4)", () => {
  it("R2-1: Alice's click, the GM's click and the assistant's click on the same target at once hit it once", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const msg = await postCard(table, table.client(ALICE_ID), ALICES_CARD);
    const mark = table.server.log.length;
    clickCard(table.client(ALICE_ID), msg, "apply", "Pirate 1");
    clickCard(table.client(GM_ID), msg, "apply", "Pirate 1");
    clickCard(table.client(ASSISTANT_ID), msg, "apply", "Pirate 1");
    clickCard(table.client(GM_ID), msg, "apply", "Pirate 1");
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 30"));
    expect(damageWrites(mark).filter((r) => r.startsWith("update Token"))).toEqual([
      "update Token by Gamemaster",
    ]);
    // The answers say so: already applied, as information.
    expect(table.all.flatMap((c) => told(c))).toEqual(
      expect.arrayContaining(["info: Damage from this card was already applied to Pirate 1."]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("R2-2: two cards hitting one linked actor at once both land (no hit lost to a stale read)", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const one = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK_BOSS, TOK.p2, TOK.p3], actor: BOSS }),
    );
    const two = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK_BOSS, TOK.p2, TOK.p3], actor: BOSS }),
    );
    clickCard(gm, one, "apply", "Pirate 1");
    clickCard(table.client(ASSISTANT_ID), two, "apply", "Pirate 1");
    await table.settle();
    expect(boss()).toEqual(everyone(table, 80 - 13 - 13));
  });

  it("R2-3: a write refused in the middle of the batch leaves the others applied and the card true; a retry applies the rest once", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const msg = await postCard(table, table.client(ALICE_ID), ALICES_CARD);
    // The boss is on the card too (a linked actor, written apart from the tokens), and its write is refused.
    const card = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK.p1, TOK_BOSS, TOK.p3], actor: BOSS }),
    );
    const hook = gm.run(() => G().Hooks.on("preUpdateActor", (a: { id: string }) => a.id !== BOSS));
    gm.run(() => targetBlock(renderMessage(gm, card), "Pirate 1")); // rendered: the rows exist
    await gm.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "apply", messageId: card, ids: [] });
    });
    await table.settle();
    expect(pirates()).toEqual(everyone(table, "17 30 17"));
    expect(boss()).toEqual(everyone(table, 80));
    // The card marks what landed, and still offers Apply for the one that did not.
    expect(buttonsOf(renderMessage(gm, card))).toEqual(["undo:Pirate 1", "apply:Pirate 2", "undo:Pirate 3"]);
    gm.run(() => G().Hooks.off("preUpdateActor", hook));
    clickCard(gm, card, "apply", "Pirate 2");
    await table.settle();
    expect(boss()).toEqual(everyone(table, 80 - 13));
    expect(pirates()).toEqual(everyone(table, "17 30 17"));
    // Alice's card, untouched by all this, still applies.
    expect(buttonsOf(renderMessage(gm, msg))).toEqual([
      "apply:Pirate 1",
      "apply:Pirate 2",
      "apply:Pirate 3",
      "applyAll",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("R2-3: a target deleted between the roll and the apply is skipped; the others land; undo by actor after its token is gone", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const card = await postCard(
      table,
      gm,
      cardFor(FRESH, { scene: SCENE, tokens: [TOK_EUSYL, TOK.p2, TOK.p3], actor: BOSS }),
    );
    await gm.run(() => G().game.scenes.get(SCENE).deleteEmbeddedDocuments("Token", [TOK.p3]));
    await table.settle();
    clickCard(gm, card, "apply", "Pirate 1");
    clickCard(gm, card, "apply", "Pirate 2");
    clickCard(gm, card, "apply", "Pirate 3");
    await table.settle();
    expect(eusyl()).toEqual(everyone(table, 32));
    expect(onEveryClient(table, () => tokenStamina(SCENE, TOK.p2))).toEqual(everyone(table, 17));
    expect(told(gm)).toContain("warn: Pirate 3 is no longer on the scene; nothing was applied to it.");
    // Eusyl's token leaves the scene; her Undo still finds her (a linked actor) and restores 13.
    await gm.run(() => G().game.scenes.get(SCENE).deleteEmbeddedDocuments("Token", [TOK_EUSYL]));
    clickCard(gm, card, "undo", "Pirate 1");
    await table.settle();
    expect(eusyl()).toEqual(everyone(table, 45));
    expect(table.unhandled).toEqual([]);
  });

  it("R2-5: with no GM online Alice is told so and nothing is written", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: [ALICE_ID, BRUNO_ID] });
    const msg = await postCard(table, table.client(ALICE_ID), ALICES_CARD);
    const mark = table.server.log.length;
    clickCard(table.client(ALICE_ID), msg, "apply", "Pirate 1");
    await table.settle();
    expect(told(table.client(ALICE_ID))).toEqual([
      "warn: No GM is connected to carry this out. Try again once a GM has joined.",
    ]);
    expect(requestsSince(table, mark)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: what a player's client holds after NPC hits (issue 11, R1-5)", () => {
  it("R1-5 a: an NPC's burst at Eusyl and Kraal and Alice's burst at the pirates leave no NPC number in any message Alice received", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // The boss (an NPC no player observes) fires a burst of its automatic pistol at Eusyl and Kraal (SF-X-24):
    // d100 5 hits (01–05), 5 + 1 = 6d10 = 30 → 15 each.
    table.dice(5, 5, 5, 5, 5, 5, 5);
    const shot = await attack(table, gm, BOSS, "Automatic Pistol", [TOK_EUSYL, TOK_KRAAL]);
    // Alice's burst at the pirates, applied from her client.
    const burst = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, burst, "apply", "Pirate 1");
    await table.settle();
    clickCard(gm, shot!, "apply", "Eusyl");
    await table.settle();
    clickCard(gm, shot!, "apply", "Kraal");
    await table.settle();
    expect(eusyl()).toEqual(everyone(table, 45 - 15));
    expect(onEveryClient(table, () => G().game.actors.get(KRAAL).system.stamina.value)).toEqual(
      everyone(table, 25),
    );
    expect(onEveryClient(table, () => tokenStamina(SCENE, TOK.p1))).toEqual(everyone(table, 17));

    // The NPC's card: its chance and modifiers (its DEX and skill) are in no part of its data, for anyone.
    const stored = alice.run(() => G().game.messages.get(shot!).toObject());
    expect(
      stored.system.card.targets.map((t: { secret?: boolean; modifiers: unknown[] }) => [
        t.secret,
        t.modifiers,
      ]),
    ).toEqual([
      [true, []],
      [true, []],
    ]);
    expect(stored.system.card.burstCheck).toEqual({ chance: 0, column: null, modifiers: [] });
    expect(JSON.stringify(stored)).not.toMatch(/"chance":[1-9]/);
    expect(cardText(alice, shot!)).not.toContain("Modifiers");
    // Eusyl is Alice's: she reads her own numbers; the pirate's are the GM's.
    expect(text(targetBlock(renderMessage(alice, shot!), "Eusyl").querySelector(".ft-applied"))).toBe(
      "Applied: 15 (Stamina 45 → 30)",
    );
    // Kraal is Bruno's: Alice, who cannot observe him, reads only that it was applied; Bruno his numbers.
    expect(text(targetBlock(renderMessage(alice, shot!), "Kraal").querySelector(".ft-applied"))).toBe(
      "Applied",
    );
    expect(
      text(targetBlock(renderMessage(table.client(BRUNO_ID), shot!), "Kraal").querySelector(".ft-applied")),
    ).toBe("Applied: 15 (Stamina 40 → 25)");
    expect(text(targetBlock(renderMessage(alice, burst), "Pirate 1").querySelector(".ft-applied"))).toBe(
      "Applied",
    );
    expect(text(targetBlock(renderMessage(gm, burst), "Pirate 1").querySelector(".ft-applied"))).toBe(
      "Applied: 13 (Stamina 30 → 17)",
    );
    // Everything Alice's client holds that the system wrote apart from the creatures' own data — every message,
    // every user, every combat — has no record of a hit in it. (A creature's Stamina and the record of what hit it
    // live in its own actor or token data, which Foundry sends every client whatever a system does.)
    const received = alice.run(() =>
      JSON.stringify({
        messages: G().game.messages.contents.map((m: { toObject(): unknown }) => m.toObject()),
        users: G().game.users.contents.map((u: { toObject(): unknown }) => u.toObject()),
        combats: G().game.combats.contents.map((c: { toObject(): unknown }) => c.toObject()),
      }),
    );
    for (const leak of ["staminaBefore", "staminaAfter", '"taken"', "30 → 17", "30→17"])
      expect(received).not.toContain(leak);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("R1-5 a: with showNpcNumbers on, players read the pirates' numbers too", async () => {
    table = await createTable({ world: world({ applyToAll: true, showNpcNumbers: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    const burst = await postCard(table, alice, ALICES_CARD);
    clickCard(alice, burst, "apply", "Pirate 1");
    await table.settle();
    for (const c of table.all)
      expect(text(targetBlock(renderMessage(c, burst), "Pirate 1").querySelector(".ft-applied"))).toBe(
        "Applied: 13 (Stamina 30 → 17)",
      );
  });
});
