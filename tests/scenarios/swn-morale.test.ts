/**
 * Scenario (issue 16; SWN-12, SWN-13, SWN-09, SWN-10): a "d20 + SWN additions" fight — Kara and Bruno's Rex against
 * five pirates (Morale 8, 5 HP each) led by their Boss. The pirates' side Morale is worked out on the GM's client
 * from the fight and the GM's factors, and only its band reaches the table:
 * - base 8, the Boss leading (ordinary, present at the start) +1 → 9, Careful;
 * - the Boss falls (−2) and one fifth of the side with him (−1) → 6, still Careful: no card;
 * - a second pirate falls (−1) → 5, Tactical Retreat: one group write, one card; the pirates' attacks take −2;
 * - Kara intimidates them (2d6 + 1 ≥ 5) → 4; a second Intimidate this round is refused before anything is rolled;
 * - two more fall → 9 − 2 − 4 − 1 = 2, Panicked: −4 on their attacks, +1 to their AC, on every card;
 * - the players never see the number until Alice reads it (2d6 ≥ 6): the GM tells her alone.
 */
import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { change, click, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { lastCardLines, startByCount, swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";
import { moraleStrip, tracker } from "./kit-phases.js";
import { answerPrompt, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneSwnMorale");
const KARA = id("actKaraSwnMor");
const REX = id("actRexSwnMor");
const PISTOL = id("itmPistolSwnMor");
const PIRATES = ["Boss", "Ash", "Bly", "Cole", "Dax"] as const;
const pirateId = (n: string) => id(`actPir${n}SwnMor`);
const gunId = (n: string) => id(`itmGun${n}SwnMor`);
const tokId = (n: string) => id(`tokPir${n}SwnMor`);
const TOK = { kara: id("tokKaraSwnMor"), rex: id("tokRexSwnMor") };

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: swnSettings("SwnMor"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "1d6" }, swn: { tl: 3 } })],
      // SWN-09 Lead 1 + Cha 10 (+0) = +1; SWN-10 Notice 0 + the better of Wis 10 and Cha 10 (+0) = +0.
      system: { swn: { ab: 2, ac: 12, lead: 1, notice: 0, hp: { value: 12, max: 12 } } },
    }),
    actorSource({
      _id: REX,
      name: "Rex",
      owner: BRUNO_ID,
      system: { swn: { ab: 1, hp: { value: 9, max: 9 } } },
    }),
    ...PIRATES.map((n) => ({
      ...actorSource({
        _id: pirateId(n),
        name: n,
        items: [itemFromPack("d20", "blaster-pistol", gunId(n), { d20: { damage: "1d6" }, swn: { tl: 3 } })],
        system: { swn: { ab: 1, ac: 12, morale: 8, hp: { value: 5, max: 5 } } },
      }),
      ownership: { default: 2 },
    })),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({ _id: TOK.rex, name: "Rex", actorId: REX, actorLink: true, ...cell(0, 7) }),
        ...PIRATES.map((n, i) =>
          tokenSource({
            _id: tokId(n),
            name: n,
            actorId: pirateId(n),
            actorLink: true,
            disposition: -1,
            ...cell(8, 2 + i),
          }),
        ),
      ],
    }),
  ],
});

/** The encounter, started with every initiative already rolled (Kara first). */
async function fight(): Promise<void> {
  await startByCount(
    table,
    SCENE,
    [
      { tokenId: TOK.kara, actorId: KARA },
      { tokenId: TOK.rex, actorId: REX },
      ...PIRATES.map((n) => ({ tokenId: tokId(n), actorId: pirateId(n) })),
    ],
    (name) => (name === "Kara" ? 20 : name === "Rex" ? 19 : 10),
  );
}

/** The pirates' side (its CombatantGroup) as a client has it. */
const pirateSide = () => {
  const combat = G().game.combat;
  const boss = combat.combatants.find((c: { name: string }) => c.name === "Boss");
  return combat.groups.get(boss.group.id);
};
const band = () => pirateSide().system.morale.band as string;

/** The GM has a pirate fall: 0 HP. */
async function fells(...names: string[]): Promise<void> {
  for (const n of names) {
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(pirateId(n)).update({ "system.swn.hp.value": 0 }));
    await table.settle();
  }
}

/** The GM names the Boss the side's ordinary leader from the tracker's Morale strip. */
async function bossLeads(): Promise<void> {
  const gm = table.client(GM_ID);
  const el = await tracker(gm);
  const edit = el.querySelector<HTMLElement>('[data-action="editMorale"]');
  expect(edit).not.toBeNull();
  gm.run(() => edit!.click());
  await gm.run(() => settleApps());
  const leader = promptField(gm, "leaderId") as HTMLSelectElement;
  const bossCombatant = gm.run(
    () => G().game.combat.combatants.find((c: { name: string }) => c.name === "Boss").id,
  );
  gm.run(() => {
    leader.value = bossCombatant;
  });
  await answerPrompt(table, gm);
  await table.settle();
}

/** The GM, Alice and Bruno at the table; the encounter started (`fight`) and the Boss named leader (`bossLeads`). */
async function ledFight(): Promise<void> {
  table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
  await fight();
  await bossLeads();
}

/** A Morale action from Kara's sheet (`intimidate` or `read`); the GM works the bonus out from her sheet. */
async function aliceDoes(kind: "intimidate" | "read"): Promise<void> {
  const alice = table.client(ALICE_ID);
  // SWN-09: Intimidate is aimed at a side through one of its members.
  if (kind === "intimidate") alice.target(tokId("Dax"));
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>(`[data-action="moraleAction"][data-kind="${kind}"]`);
  expect(button).not.toBeNull();
  alice.run(() => button!.click());
  await alice.run(() => settleApps());
  await table.settle();
}

/** `npm run bench` (issue 34): when BENCH_WRITES names a file, a count read from the server's log is appended to it. */
function benchWrite(name: string, value: number, budget: number): void {
  const out = process.env.BENCH_WRITES;
  if (out)
    appendFileSync(
      out,
      `${JSON.stringify({ name, value, unit: "writes", budget, source: "harness log" })}\n`,
    );
}

const messages = () => table.client(GM_ID).run(() => G().game.messages.size as number);
/** Chat messages the server created since `from`, from its log (perf review 2.3: the bench's `cards` figures). */
const cardsLogged = (from: number) =>
  table.server.log
    .slice(from)
    .filter((w) => w.type === "ChatMessage" && w.action === "create")
    .reduce((n, w) => n + w.count, 0);
const groupWrites = (from: number) =>
  table.server.log
    .slice(from)
    .filter((w: { type?: string; action?: string }) => w.type === "CombatantGroup" && w.action === "update");

describe("scenario: a side's Morale falls to Tactical Retreat, then Panicked (issue 16, SWN-12, SWN-13, SWN-09, SWN-10)", () => {
  it("SWN-12 SWN-13 SWN-09 SWN-10: the pirates break — the band on the group and on the cards, the number kept to the GM until Alice reads it", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await fight();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // The start: base 8 (the highest member's), Careful; the GM names the Boss leader: 9.
    expect(onEveryClient(table, band)).toEqual(everyone(table, "careful"));
    await bossLeads();
    expect(await moraleStrip(gm)).toEqual(["Hostile side Morale 9 · Careful"]);
    // Players see no number (the GM's factors are in no document: the leader's +1 is kept in the GM's browser).
    expect(await moraleStrip(alice)).toEqual([]);
    // What every client holds of it: the band, no intimidation yet, the start snapshot — no number, no factor.
    expect(alice.run(() => JSON.parse(JSON.stringify(pirateSide().system.morale)))).toEqual({
      band: "careful",
      intimidated: [],
      start: { members: 5, hp: 25 },
    });

    // The Boss falls with one fifth of the side: 9 − 2 − 1 = 6, still Careful — no write, no card.
    let writes = table.server.log.length;
    let cards = messages();
    await fells("Boss");
    expect(groupWrites(writes)).toHaveLength(0);
    expect(messages()).toBe(cards);
    expect(await moraleStrip(gm)).toEqual(["Hostile side Morale 6 · Careful"]);

    // A second falls: 5, Tactical Retreat — one group write and one card.
    writes = table.server.log.length;
    cards = messages();
    await fells("Ash");
    expect(groupWrites(writes)).toHaveLength(1);
    expect(messages()).toBe(cards + 1);
    benchWrite("morale.casualty.groupUpdates", groupWrites(writes).length, 1);
    expect(cardsLogged(writes)).toBe(1);
    benchWrite("morale.casualty.cards", cardsLogged(writes), 1);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Hostile side: Morale falls SWN-13 Hostile side: Tactical retreat — −2 to attack",
      );
    expect(onEveryClient(table, band)).toEqual(everyone(table, "tacticalRetreat"));

    // A pirate's shot at Kara carries the band's −2.
    table.dice(12, 3);
    const shot = await attack(table, gm, pirateId("Bly"), gunId("Bly"), [TOK.kara]);
    for (const c of table.all) {
      const row = rowText(c, shot!, "Kara");
      expect(row).toContain("Tactical retreatSWN-13−2");
      expect(row).toContain("d20 12 − 1 = 11 vs AC 12 → Miss");
    }

    // Kara intimidates them: 2d6 [4, 3] + 1 = 8 ≥ 5 — 4. One group write (the round, the band unchanged) and one card.
    writes = table.server.log.length;
    cards = messages();
    table.dice(4, 3);
    await aliceDoes("intimidate");
    expect(told(alice)).toEqual([]);
    expect(groupWrites(writes)).toHaveLength(1);
    expect(messages()).toBe(cards + 1);
    benchWrite("morale.intimidate.groupUpdates", groupWrites(writes).length, 1);
    expect(cardsLogged(writes)).toBe(1);
    benchWrite("morale.intimidate.cards", cardsLogged(writes), 1);
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Intimidate Hostile side SWN-09 Kara: 2d6 [4, 3] +1 = 8 Success: Hostile side: Morale −1.",
      );
    expect(await moraleStrip(gm)).toEqual(["Hostile side Morale 4 · Tactical retreat"]);
    // A second this round is refused before anything is rolled.
    cards = messages();
    await aliceDoes("intimidate");
    expect(told(alice).join(" ")).toContain("This side was intimidated this round (SWN-09)");
    expect(messages()).toBe(cards);

    // Two more fall: 9 − 2 − 4 − 1 = 2, Panicked — one write, one card.
    await fells("Bly", "Cole");
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Hostile side: Morale falls SWN-13 Hostile side: Panicked — −4 to attack, +1 AC",
      );
    expect(await moraleStrip(gm)).toEqual(["Hostile side Morale 2 · Panicked"]);

    // Dax's shot at Kara takes −4; Kara's at Dax faces AC 12 + 1.
    table.dice(14, 3);
    const dax = await attack(table, gm, pirateId("Dax"), gunId("Dax"), [TOK.kara]);
    expect(rowText(alice, dax!, "Kara")).toContain("PanickedSWN-13−4");
    table.dice(11, 4);
    const back = await attack(table, alice, KARA, PISTOL, [tokId("Dax")]);
    const row = rowText(alice, back!, "Dax");
    expect(row).toContain("PanickedSWN-13+1");
    expect(row).toContain("vs AC 13");

    // Alice reads the Morale: 2d6 [5, 2] = 7 ≥ 6 — her tracker shows the number; Bruno's still does not.
    table.dice(5, 2);
    await aliceDoes("read");
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Read Morale SWN-10 Kara: 2d6 [5, 2] = 7 vs 6 Success: the GM tells the reader the Morale of every side in sight.",
      );
    expect(await moraleStrip(alice)).toEqual(["Hostile side Morale 2 · Panicked read in round 1"]);
    expect(await moraleStrip(table.client(BRUNO_ID))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * Issue 33: the roll mode of the Morale checks the GM rolls for a player (SWN-09 Intimidate, SWN-10 Read Morale). The
 * player's request carries the mode: a click the chat's mode (v13's core "rollMode" setting), a shift-click the one
 * picked in a prompt. The active GM keeps it only if it is one of v13's (CONST.DICE_ROLL_MODES), else public, and
 * posts the card as `ChatMessage.applyRollMode` (client/documents/chat-message.mjs) would on the player's client:
 * private → the GMs and the player; blind → the GMs, `blind` (core draws it "rolled privately" for every non-GM,
 * the roller too: `isContentVisible`); self → the player.
 */
describe("scenario: the roll mode of the Morale checks the GM rolls (issue 33, SWN-09, SWN-10)", () => {
  /** Who the message is whispered to and whether it is blind, the same on every client. */
  const posted = (messageId: string) => {
    const seen = onEveryClient(table, () => {
      const m = G().game.messages.get(messageId);
      return { whisper: [...m.whisper].sort(), blind: m.blind as boolean };
    });
    const first = Object.values(seen)[0]!;
    for (const v of Object.values(seen)) expect(v).toEqual(first);
    return first;
  };
  /** What each seat's chat log shows of a message: the card's text, or core's "rolled privately". */
  const readBy = (messageId: string): Record<string, string> =>
    Object.fromEntries(table.all.map((c) => [c.user.name as string, text(renderMessage(c, messageId))]));
  const PRIVATE = "CHAT.PrivateRollContent????";
  const lastId = () => table.client(GM_ID).run(() => G().game.messages.contents.at(-1).id as string);

  it("issue 33 SWN-09: Alice shift-clicks Intimidate and picks Blind GM Roll — the GM's 2d6 [6, 5] + 1 = 12 is whispered to the GMs, blind, on every client: the GM reads it, Alice and Bruno read it rolled privately; the side still loses 1 Morale (9 → 8)", async () => {
    await ledFight();
    const alice = table.client(ALICE_ID);
    alice.target(tokId("Dax"));
    const sheet = await openSheet(alice, KARA);
    const button = sheet.querySelector<HTMLElement>('[data-action="moraleAction"][data-kind="intimidate"]')!;
    alice.run(() => click(button, { shiftKey: true }));
    await alice.run(() => settleApps());
    await table.settle();
    // The prompt offers v13's four modes, the chat's own (public) chosen first; nothing is asked of the GM yet.
    const select = promptField(alice, "rollMode") as HTMLSelectElement;
    expect(
      alice.run(() => ({ options: [...select.options].map((o) => o.value), chosen: select.value })),
    ).toEqual({
      options: ["publicroll", "gmroll", "blindroll", "selfroll"],
      chosen: "publicroll",
    });
    const before = messages();
    alice.run(() => change(select, "blindroll"));
    table.dice(6, 5);
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    expect(messages()).toBe(before + 1);
    const card = lastId();
    expect(posted(card)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: true });
    const read = readBy(card);
    expect(read.Gamemaster).toBe(
      "Intimidate Hostile side SWN-09Kara: 2d6 [6, 5] +1 = 12Success: Hostile side: Morale −1.",
    );
    expect(read.Alice).toBe(PRIVATE);
    expect(read.Bruno).toBe(PRIVATE);
    expect(await moraleStrip(table.client(GM_ID))).toEqual(["Hostile side Morale 8 · Careful"]);
    // The prompt's choice was for this roll only.
    expect(alice.run(() => G().game.settings.get("core", "rollMode"))).toBe("publicroll");
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10: Alice's chat is set to Private GM Roll — a click on Read Morale (no prompt) asks that mode: 2d6 [5, 2] = 7 is read by the GMs and Alice, not Bruno; set to Self Roll, the next round's read is Alice's alone", async () => {
    await ledFight();
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    table.dice(5, 2);
    await aliceDoes("read");
    expect(told(alice)).toEqual([]);
    let card = lastId();
    expect(posted(card)).toEqual({ whisper: [GM_ID, ASSISTANT_ID, ALICE_ID].sort(), blind: false });
    const READ =
      "Read Morale SWN-10Kara: 2d6 [5, 2] = 7 vs 6Success: the GM tells the reader the Morale of every side in sight.";
    let read = readBy(card);
    expect([read.Gamemaster, read.Alice, read.Bruno]).toEqual([READ, READ, PRIVATE]);
    // The next round (SWN-10: one read per round), in a self roll: the GM rolls it, only Alice is whispered.
    await table.client(GM_ID).run(() => G().game.combat.update({ round: 2 }));
    await table.settle();
    await alice.run(() => G().game.settings.set("core", "rollMode", "selfroll"));
    table.dice(1, 1);
    await aliceDoes("read");
    card = lastId();
    expect(posted(card)).toEqual({ whisper: [ALICE_ID], blind: false });
    read = readBy(card);
    expect(read.Alice).toBe("Read Morale SWN-10Kara: 2d6 [1, 1] = 2 vs 6No reading.");
    expect(read.Bruno).toBe(PRIVATE);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10: Alice's chat is set to Blind GM Roll — her Read Morale 2d6 [5, 2] = 7 succeeds on the GMs' card only; the reading is the GM's to tell, so her tracker shows no number", async () => {
    await ledFight();
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.settings.set("core", "rollMode", "blindroll"));
    table.dice(5, 2);
    await aliceDoes("read");
    const card = lastId();
    expect(posted(card)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: true });
    const read = readBy(card);
    expect(read.Gamemaster).toBe(
      "Read Morale SWN-10Kara: 2d6 [5, 2] = 7 vs 6Success: the GM tells the reader the Morale of every side in sight.",
    );
    expect([read.Alice, read.Bruno]).toEqual([PRIVATE, PRIVATE]);
    expect(await moraleStrip(alice)).toEqual([]);
    expect(alice.run(() => G().game.user.getFlag("frontier-tactics", "moraleReading") ?? null)).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10: a roll mode v13 does not know, written straight on Alice's User, is posted public by the GM", async () => {
    await ledFight();
    const alice = table.client(ALICE_ID);
    const combat = alice.run(() => G().game.combat.id as string);
    table.dice(5, 2);
    await alice.run(() =>
      G().game.user.setFlag("frontier-tactics", "request", {
        id: "forgedMode000010",
        kind: "readMorale",
        combatId: combat,
        actorId: KARA,
        rollMode: "everyoneButBruno",
      }),
    );
    await table.settle();
    expect(alice.run(() => G().game.user.getFlag("frontier-tactics", "response"))).toMatchObject({
      id: "forgedMode000010",
      error: null,
    });
    const card = lastId();
    expect(posted(card)).toEqual({ whisper: [], blind: false });
    expect(readBy(card).Bruno).toBe(
      "Read Morale SWN-10Kara: 2d6 [5, 2] = 7 vs 6Success: the GM tells the reader the Morale of every side in sight.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10 (final trust review 2.2): Alice's page never answers the GM's push of her reading — Bruno's Read Morale, 2d6 [6, 3] − 1 (untrained Notice) = 8, is rolled and handed to him all the same; when her page answers at last (keeping nothing), the GM is told it did not reach her", async () => {
    await ledFight();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    // Alice's console: her page's handler of the push answers only when the test lets it.
    alice.run(() => {
      G().CONFIG.queries["frontier-tactics.moraleReading"] = () =>
        new Promise((release) => {
          G().ftRelease = release;
        });
    });
    table.dice(5, 2);
    await aliceDoes("read");
    expect(alice.run(() => typeof G().ftRelease)).toBe("function");
    // Bruno's read, while the GM still waits on Alice's page: not held up behind hers.
    table.dice(6, 3);
    const sheet = await openSheet(bruno, REX);
    const read = sheet.querySelector<HTMLElement>('[data-action="moraleAction"][data-kind="read"]');
    bruno.run(() => read!.click());
    await bruno.run(() => settleApps());
    await table.settle();
    expect(lastCardLines(bruno)).toBe(
      "Read Morale SWN-10 Rex: 2d6 [6, 3] −1 = 8 vs 6 Success: the GM tells the reader the Morale of every side in sight.",
    );
    expect(await moraleStrip(bruno)).toEqual(["Hostile side Morale 9 · Careful read in round 1"]);
    expect(told(gm).filter((n) => n.includes("did not reach"))).toEqual([]);
    // Alice's page answers at last, without claiming the reading: the GM is told.
    alice.run(() => G().ftRelease(false));
    await table.settle();
    expect(told(gm)).toContain(
      "warn: The Morale reading did not reach Alice: the card says it succeeded; tell them yourself.",
    );
    expect(await moraleStrip(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10 (review-trust 1.1): Alice reads Morale in a Private GM Roll — 2d6 [5, 2] = 7: the GM hands her the reading alone (v13 User#query), her tracker shows Morale 9 · Careful; Bruno's client holds no number (no User flag, no message data), and a ticket Bruno pushes to her plants nothing", async () => {
    await ledFight();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    // Bruno's console pushes tickets of his own to Alice (any player may query: v13 QUERY_USER is a player's), naming
    // the GM, then himself: no GM holds such a ticket, and he is no GM — Alice keeps nothing.
    for (const from of [GM_ID, BRUNO_ID])
      await bruno.run(async () => {
        try {
          await G()
            .game.users.get(ALICE_ID)
            .query(
              "frontier-tactics.moraleReading",
              { gm: from, ticket: "brunosTicket0001" },
              { timeout: 1000 },
            );
        } catch {
          // Refused.
        }
      });
    await table.settle();
    expect(await moraleStrip(alice)).toEqual([]);

    await alice.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    table.dice(5, 2);
    await aliceDoes("read");
    expect(told(alice)).toEqual([]);
    expect(told(gm).filter((n) => n.includes("Morale"))).toEqual([]);
    expect(await moraleStrip(alice)).toEqual(["Hostile side Morale 9 · Careful read in round 1"]);
    expect(await moraleStrip(bruno)).toEqual([]);
    // What Bruno's client holds: no reading on any User, and no number in any message or User.
    const held = bruno.run(() => ({
      flags: G().game.users.contents.map((u: any) => u.getFlag("frontier-tactics", "moraleReading") ?? null),
      data: JSON.stringify([
        ...G().game.users.contents.map((u: any) => u.toObject()),
        ...G().game.messages.contents.map((m: any) => m.toObject()),
      ]),
    }));
    expect(held.flags.every((f: unknown) => f === null)).toBe(true);
    expect(held.data).not.toMatch(/moraleReading|"value":9[,}]/);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10: Alice's page does not answer when the GM hands her the reading — the card says the read succeeded, her tracker shows no number, and the GM is told it did not reach her", async () => {
    await ledFight();
    const alice = table.client(ALICE_ID);
    alice.unresponsive = true;
    table.dice(5, 2);
    await aliceDoes("read");
    expect(lastCardLines(alice)).toBe(
      "Read Morale SWN-10 Kara: 2d6 [5, 2] = 7 vs 6 Success: the GM tells the reader the Morale of every side in sight.",
    );
    alice.unresponsive = false;
    expect(await moraleStrip(alice)).toEqual([]);
    expect(told(table.client(GM_ID)).filter((n) => n.includes("Morale"))).toEqual([
      "warn: The Morale reading did not reach Alice: the card says it succeeded; tell them yourself.",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-09 SWN-13 (review-trust 2.1): Alice's Intimidate in a Blind GM Roll, 2d6 [4, 3] + 1 = 8, moves the pirates from Careful (6) to Tactical Retreat (5) — the Intimidate card is the GMs', the band change a public card of its own that Bruno reads", async () => {
    await ledFight();
    await fells("Boss");
    expect(onEveryClient(table, band)).toEqual(everyone(table, "careful"));
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.settings.set("core", "rollMode", "blindroll"));
    const before = messages();
    table.dice(4, 3);
    await aliceDoes("intimidate");
    expect(told(alice)).toEqual([]);
    expect(messages()).toBe(before + 2);
    const [intimidation, bandCard] = table.client(GM_ID).run(() =>
      G()
        .game.messages.contents.slice(-2)
        .map((m: { id: string }) => m.id),
    );
    expect(posted(intimidation!)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: true });
    expect(readBy(intimidation!).Gamemaster).toBe(
      "Intimidate Hostile side SWN-09Kara: 2d6 [4, 3] +1 = 8Success: Hostile side: Morale −1.",
    );
    expect(posted(bandCard!)).toEqual({ whisper: [], blind: false });
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Hostile side: Morale falls SWN-13 Hostile side: Tactical retreat — −2 to attack",
      );
    expect(readBy(bandCard!).Bruno).not.toBe(PRIVATE);
    expect(onEveryClient(table, band)).toEqual(everyone(table, "tacticalRetreat"));
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SWN-10: a reading a GM wrote on Alice's User before issue 33 is dropped by the active GM once the world is ready — no client holds it after", async () => {
    table = await createTable({ world: world(), online: [] });
    const stored = table.server.world.users.find((u) => u._id === ALICE_ID)!;
    stored.flags = {
      "frontier-tactics": {
        moraleReading: { id: "oldReading000001", combatId: "x", round: 1, sides: [{ id: "s", value: 9 }] },
      },
    };
    for (const u of [GM_ID, ALICE_ID, BRUNO_ID]) await table.connect(u);
    await table.settle();
    expect(
      onEveryClient(
        table,
        () => G().game.users.get(ALICE_ID).getFlag("frontier-tactics", "moraleReading") ?? null,
      ),
    ).toEqual(everyone(table, null));
    expect(table.unhandled).toEqual([]);
  });
});
