/**
 * Scenario (issue 11, review trust-and-faults R1-5d, R2-5, R2-6, H2, H5, H10): the combat sides and the tracker at a
 * shared table, each seat on its own client.
 *
 * - A hidden NPC side ("hide NPC initiative", on by default) rolled by the GM: everything Alice's client received —
 *   the combat's whole stored source (groups, combatants), her tracker's context and DOM, her own client settings,
 *   and EVERY chat message's full data (`toObject()`: content, flavor, rolls, flags, system), whether or not its roll
 *   mode lets her read it: v13 sends every message to every client (`ChatMessage#visible` only filters the chat log,
 *   client/documents/chat-message.mjs) — holds none of the side's die, modifier, total, highest RS or the name of
 *   whose modifier it is; the order is still exactly the rules' (SF-X-04, SF-X-05: the lowest total moves first, a
 *   tie goes to the higher modifier). The numbers are kept in the GM's browser only (a client setting); a second GM,
 *   whose browser does not have them, sees the side as rolled with its numbers unknown and may edit it.
 * - Player sides' cards follow the roll mode the GM picked (H10); a sealed side's card says only that it rolled.
 * - Alice and Bruno ask for their shared side's roll at the same moment: it rolls once (S7).
 * - Alice's console writes the combat round itself, which the server allows (common `#canUpdate`): a skipped round
 *   or a round ended on someone else's turn is put back; the end of her own last turn is carried out as the GM's
 *   next round, sides re-rolled (S4).
 * - Two combatants added at the same time by two GMs: exactly two sides on every client (R2-6).
 * - A stored side d10 of 11: every client still renders the tracker, in core's order, and the GM is told once (H2).
 * - Alice's Roll with no GM, or a GM whose client never answers: a tracker message, nothing unhandled (R2-5).
 * - A side named `<img src=x onerror=alert(1)>` with colour `red;background:url(x)`: escaped, no style (H5).
 */
import { describe, expect, it } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
  shown,
  told,
  turnOrder,
} from "./kit.js";

const SCENE = id("sceneTrust");
let table: Table;
closeTableAfterEach(() => table);

// Eusyl (Alice): RS 40 → Initiative modifier 4. The pirate captain: RS 70 → 7 (the hostile side's modifier and its
// highest RS). The pirate: RS 30 → 3.
const ACTORS = [
  actorSource({ _id: id("eusyl"), name: "Eusyl", abilities: { rs: 40 }, owner: ALICE_ID }),
  actorSource({ _id: id("captain"), name: "Pirate captain", type: "creature", abilities: { rs: 70 } }),
  actorSource({ _id: id("pirate"), name: "Pirate", type: "creature", abilities: { rs: 30 } }),
  actorSource({ _id: id("kraal"), name: "Kraal", abilities: { rs: 50 }, owner: BRUNO_ID }),
];
const token = (stem: string, actor: string, name: string, disposition: number, x: number) => ({
  _id: id(stem),
  name,
  actorId: id(actor),
  actorLink: true,
  disposition,
  x,
  y: 1200,
  delta: {},
});
const TOKENS = [
  token("tokEusyl", "eusyl", "Eusyl", 1, 1200),
  token("tokCaptain", "captain", "Pirate captain", -1, 2000),
  token("tokPirate", "pirate", "Pirate", -1, 2100),
  token("tokKraal", "kraal", "Kraal", 1, 1300),
];
const SCENES = [sceneSource({ _id: SCENE, name: "Port Loren docks", tokens: TOKENS })];

async function openCombat(gm: Client, tokens: typeof TOKENS): Promise<void> {
  await gm.run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t) => ({ tokenId: t._id, sceneId: SCENE, actorId: t.actorId })),
    );
  });
  await table.settle();
}

async function renderTracker(c: Client): Promise<HTMLElement> {
  await c.run(() => G().ui.combat.render({ force: true }));
  await c.run(() => settleApps());
  return c.run(() => G().ui.combat.element as HTMLElement);
}

const hostileId = (c: Client) =>
  c.run(() => G().game.combat.groups.find((g: any) => g.system.key === "hostile").id as string);

/**
 * The secret numbers of the hostile side this test rolled (and the captain's RS 70, its highest RS; the name of
 * whose modifier it is), as text that must not appear in what Alice's client holds.
 */
function leaks(text: string, numbers: number[]): string[] {
  const found: string[] = [];
  if (/Pirate captain/.test(text)) found.push("Pirate captain");
  for (const n of [...numbers, 70])
    if (new RegExp(`(^|[^\\w.])${n}([^\\w]|$)`).test(text)) found.push(String(n));
  return found;
}

/**
 * Everything Alice's client holds about the combat and the chat, as plain JSON: the combat's whole stored source
 * (its groups and combatants; a combatant's name aside, which is core's public data) and EVERY message's full data
 * (`toObject()`: content, flavor, speaker, rolls, flags, system), readable by her or not: every client receives
 * every message, and a roll mode only hides it in her chat log. Also her client settings of this system.
 */
function whatAliceHolds(alice: Client): { combat: string; messages: string; settings: string } {
  return alice.run(() => {
    const source = G().game.combat.toObject();
    for (const c of source.combatants) delete c.name;
    const messages = G().game.messages.contents.map((m: any) => m.toObject());
    const key = "frontier-tactics.sideSecrets";
    const settings = G().game.settings.settings.has(key)
      ? G().game.settings.get("frontier-tactics", "sideSecrets")
      : {};
    return {
      combat: JSON.stringify(source),
      messages: JSON.stringify(messages),
      settings: JSON.stringify(settings),
    };
  });
}

/** Everything Alice's client holds, as one text. */
const everythingAliceHolds = (alice: Client) => Object.values(whatAliceHolds(alice)).join("\n");

/** The fields of a side's stored data that would hold its numbers, and its group's initiative, as a client has them. */
const sealedFields = (c: Client, groupId: string) =>
  c.run(() => {
    const src = G().game.combat.groups.get(groupId)._source;
    const { roll, modifier, modifierSource, holsteredPenalty, highestRs, sealed, rolledRound } = src.system;
    return {
      initiative: src.initiative,
      roll,
      modifier,
      modifierSource,
      holsteredPenalty,
      highestRs,
      sealed,
      rolledRound,
    };
  });
const SEALED = (rolledRound: number) => ({
  initiative: null,
  roll: null,
  modifier: 0,
  modifierSource: "",
  holsteredPenalty: 0,
  highestRs: 0,
  sealed: true,
  rolledRound,
});

describe("scenario: trust at a shared table — the sides and the tracker (R1-5d, R2-5, R2-6, H2, H5, H10)", () => {
  it("SF-X-04 SF-X-05 a hidden NPC side rolled by the GM: Alice's client holds no die, modifier or name of it, and every client orders the turns exactly as the rules do", async () => {
    table = await createTable({
      world: { actors: ACTORS, scenes: SCENES },
      online: [GM_ID, ASSISTANT_ID, ALICE_ID],
    });
    const gm = table.client(GM_ID);
    const assistant = table.client(ASSISTANT_ID);
    const alice = table.client(ALICE_ID);
    await openCombat(gm, TOKENS.slice(0, 3));

    // Round 1: friendly 2 + 4 = 6; hostile 8 + 7 = 15 (the captain's modifier). The lowest moves first.
    table.dice(2, 8);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    const hostile = hostileId(gm);
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Eusyl", "Pirate captain", "Pirate"]);

    // The group every client receives: that the side rolled this round and its rank, nothing else.
    const held = whatAliceHolds(alice);
    const group = alice.run(() => G().game.combat.groups.get(hostile)._source);
    expect(group.initiative).toBeNull();
    expect(group.system).toMatchObject({
      roll: null,
      modifier: 0,
      modifierSource: "",
      holsteredPenalty: 0,
      highestRs: 0,
      rolledRound: 1,
      sealed: true,
      rank: 2,
      rankTie: 1,
    });
    expect(leaks(held.combat, [8, 7, 15])).toEqual([]);
    expect(leaks(held.messages, [8, 7, 15])).toEqual([]);
    expect(held.settings).toBe("{}");
    // Alice reads her own side's card (2 + 4 = 6, "Eusyl").
    expect(held.messages).toContain("Eusyl");
    /**
     * Each side card as a client has it: [speaker, readable by this user, blind, number of whisper recipients,
     * number of rolls, digits in what it holds — its drawn text or the roll's numbers in its data (issue 28: the
     * card is typed data, drawn by each client)].
     */
    const cards = (c: Client): [string, boolean, boolean, number, number, boolean][] =>
      c.run(() =>
        G()
          .game.messages.filter((m: any) => m.type === "sideRoll")
          .map((m: any) => {
            const text = document.createElement("div");
            text.innerHTML = shown(m);
            const { d10, modifier, total } = m.system;
            return [
              m.speaker.alias,
              m.isContentVisible,
              m.blind,
              m.whisper.length,
              m.rolls.length,
              /\d/.test(text.textContent ?? "") || [d10, modifier, total].some((n) => n !== undefined),
            ];
          }),
      );
    // The hostile card says only that the side rolled: no Roll, no number (so no dice animation either).
    expect(cards(alice)).toEqual([
      ["Friendly side", true, false, 0, 1, true],
      ["Hostile side", true, false, 0, 0, false],
    ]);

    // Her tracker: the hostile side's header shows "?", and its context carries no number of it.
    const aliceEl = await renderTracker(alice);
    const header = aliceEl.querySelector(`.ft-side[data-group-id="${hostile}"]`)!;
    expect(header.querySelector(".ft-total")?.textContent?.trim()).toBe("?");
    expect(header.querySelector(".ft-mod")).toBeNull();
    const context = await alice.run(async () => {
      const ctx: any = {};
      await G().ui.combat._prepareTrackerContext(ctx, {});
      return ctx.ftSides.find((s: any) => s.id === hostile);
    });
    expect(context).toMatchObject({
      d10: null,
      modifier: null,
      modifierSource: "",
      total: null,
      hideNumbers: true,
    });
    // The GM's tracker reads the numbers from the GM's own browser: 8, +7 (the captain's), 15.
    const gmHeaderOf = async (c: Client) =>
      (await renderTracker(c)).querySelector(`.ft-side[data-group-id="${hostile}"]`)!;
    const numbersIn = (header: Element) =>
      [".ft-die", ".ft-mod", ".ft-total"].map((s) => header.querySelector(s)?.textContent?.trim() ?? null);
    const gmHeader = await gmHeaderOf(gm);
    expect(numbersIn(gmHeader)).toEqual(["8", "+7", "15"]);
    expect(gmHeader.querySelector(".ft-mod")?.getAttribute("data-tooltip-text")).toBe("Pirate captain");
    // The Assistant GM's browser does not have them: the side shows as rolled, its numbers unknown ("?", a link to
    // edit it), and no number is guessed.
    const assistantHeader = await gmHeaderOf(assistant);
    expect(numbersIn(assistantHeader)).toEqual([null, null, "?"]);
    expect(assistantHeader.querySelector(".ft-total")?.getAttribute("data-action")).toBe("editSide");
    // A button, so the keyboard reaches it (review 13b M3).
    expect(assistantHeader.querySelector(".ft-total")?.tagName).toBe("BUTTON");
    expect(assistant.run(() => G().game.combat.sideSecrets().size)).toBe(0);

    // Round 2, the GM's roll mode is "private GM roll" (H10): friendly 9 + 4 = 13, hostile 5 + 7 = 12 — the
    // hostile side moves first now; its card is still a blind roll, the friendly card is whispered to the GM.
    await gm.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    table.dice(9, 5);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate captain", "Pirate", "Eusyl"]);
    // (Whispered to both GM users, the Gamemaster and the Assistant.)
    expect(cards(alice).slice(2)).toEqual([
      ["Friendly side", false, false, 2, 1, true],
      ["Hostile side", false, false, 2, 0, false],
    ]);
    expect(sealedFields(alice, hostile)).toEqual(SEALED(2));
    expect(leaks(everythingAliceHolds(alice), [5, 12])).toEqual([]);

    // Round 3, public rolls again: friendly 4 + 4 = 8, hostile 1 + 7 = 8 — a tie goes to the higher modifier
    // (SF-X-04): the hostile side is side A and moves last. Alice's client, from ranks alone, has the same order,
    // initiative and (no) unresolved ties as the rules give from the GM's numbers.
    await gm.run(() => G().game.settings.set("core", "rollMode", "publicroll"));
    table.dice(4, 1);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Eusyl", "Pirate captain", "Pirate"]);
    const orderOf = (c: Client) => c.run(() => JSON.parse(JSON.stringify(G().game.combat.ftOrder)));
    const friendly = gm.run(() => G().game.combat.groups.find((g: any) => g.system.key === "friendly").id);
    expect(orderOf(alice)).toEqual({
      moveOrder: [friendly, hostile],
      initiative: hostile,
      simultaneousDamage: false,
      unresolvedTies: [],
    });
    expect(orderOf(gm)).toEqual(orderOf(alice));
    expect(sealedFields(alice, hostile)).toEqual(SEALED(3));
    // (The tie makes the totals equal, and the friendly card shows 4 and 8: the name and the cards are checked.)
    expect(leaks(everythingAliceHolds(alice), [])).toEqual([]);
    expect(
      cards(alice).filter(([name, , , , rolls, digits]) => name === "Hostile side" && (rolls || digits)),
    ).toEqual([]);

    // The GM edits the hostile result to 9 + 7 = 16 (SF-X-04): still sealed, now side A by total; no card.
    const messageCount = () => alice.run(() => G().game.messages.size as number);
    const before = messageCount();
    await gm.run(() => G().game.combat.editSide(hostile, 9, 7));
    await table.settle();
    expect(messageCount()).toBe(before);
    expect(sealedFields(alice, hostile)).toEqual(SEALED(3));
    expect(leaks(everythingAliceHolds(alice), [16])).toEqual([]);
    expect(gm.run(() => G().game.combat.sideSecrets().get(hostile))).toMatchObject({
      roll: 9,
      modifier: 7,
      modifierSource: "Pirate captain",
      highestRs: 70,
    });
    expect(orderOf(alice).initiative).toBe(hostile);

    // The Assistant, who lacks the numbers, edits the side to 3 + 2 = 5: a new sealed roll, kept in the Assistant's
    // browser. The Gamemaster's browser holds only the old roll's numbers, so it shows the side's numbers as unknown
    // rather than the stale 9 + 7 (SF-X-04: the hostile 5 moves first, the friendly 8 has initiative).
    await assistant.run(() => G().game.combat.editSide(hostile, 3, 2));
    await table.settle();
    expect(numbersIn(await gmHeaderOf(assistant))).toEqual(["3", "+2", "5"]);
    expect(numbersIn(await gmHeaderOf(gm))).toEqual([null, null, "?"]);
    expect(orderOf(alice).initiative).toBe(friendly);
    expect(orderOf(gm)).toEqual(orderOf(alice));
    expect(sealedFields(alice, hostile)).toEqual(SEALED(3));
    expect(leaks(everythingAliceHolds(alice), [5])).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("S7 SF-B-04 Alice and Bruno ask for their shared side's roll at the same moment: the side rolls once", async () => {
    table = await createTable({
      world: { actors: ACTORS, scenes: SCENES },
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const gm = table.client(GM_ID);
    await openCombat(gm, [TOKENS[0]!, TOKENS[1]!, TOKENS[3]!]);
    const friendly = gm.run(() => G().game.combat.groups.find((g: any) => g.system.key === "friendly").id);
    // One die only: a second roll of the side would ask for an unscripted die.
    table.dice(7);
    const ask = (c: Client) => c.run(() => G().game.combat.rollSides({ sideIds: [friendly] }));
    await Promise.all([ask(table.client(ALICE_ID)), ask(table.client(BRUNO_ID))]);
    await table.settle();
    // Friendly: d10 7 + Kraal's modifier 5 (RS 50) = 12; one card.
    expect(onEveryClient(table, () => G().game.combat.groups.get(friendly).initiative)).toEqual(
      everyone(table, 12),
    );
    expect(
      onEveryClient(table, () => G().game.messages.filter((m: any) => m.type === "sideRoll").length),
    ).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  });

  it("S4 SF-B-04 Alice's console writes the round: a skipped round or someone else's turn is put back; the end of her own last turn is the GM's next round, sides re-rolled", async () => {
    // One pass of the turn order per round, as in core; with phases enforced the round ends by phase (SF-X-01),
    // which tracker-phases.test.ts plays.
    const settings = [settingSource("settingPhasesOff", "enforcePhases", false)];
    table = await createTable({
      world: { actors: ACTORS, scenes: SCENES, settings },
      online: [GM_ID, ALICE_ID],
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openCombat(gm, TOKENS.slice(0, 3));
    // Round 1: friendly 9 + 4 = 13, hostile 5 + 7 = 12: the pirates move first, Eusyl last.
    table.dice(9, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate captain", "Pirate", "Eusyl"]);
    const state = () =>
      onEveryClient(table, () => {
        const c = G().game.combat;
        return [c.round, c.turn, c.combatant?.name ?? null];
      });
    const write = async (data: object) => {
      // The server checks only the common rules, which let a player write round and turn.
      await alice.run(() => G().game.combat.update(data));
      await table.settle();
    };
    const rolledRound = (key: string) =>
      onEveryClient(
        table,
        () => G().game.combat.groups.find((g: any) => g.system.key === key).system.rolledRound,
      );

    // The captain's turn: Alice writes round 5, then round 2. Neither is the end of her turn: both put back.
    await write({ round: 5 });
    expect(state()).toEqual(everyone(table, [1, 0, "Pirate captain"]));
    await write({ round: 2, turn: 0 });
    expect(state()).toEqual(everyone(table, [1, 0, "Pirate captain"]));
    expect(told(gm).filter((n) => n.includes("put back"))).toHaveLength(2);

    // Eusyl's turn, the round's last: a skipped round (5) is still put back.
    await gm.run(() => G().game.combat.nextTurn());
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(state()).toEqual(everyone(table, [1, 2, "Eusyl"]));
    await write({ round: 5 });
    expect(state()).toEqual(everyone(table, [1, 2, "Eusyl"]));
    expect(rolledRound("hostile")).toEqual(everyone(table, 1));

    // Round 2 at the end of her own last turn: the GM carries out the next round. Friendly 2 + 4 = 6, hostile
    // 8 + 7 = 15: Eusyl moves first, and the first turn is hers.
    table.dice(2, 8);
    await write({ round: 2 });
    expect(state()).toEqual(everyone(table, [2, 0, "Eusyl"]));
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Eusyl", "Pirate captain", "Pirate"]);
    expect(rolledRound("hostile")).toEqual(everyone(table, 2));
    expect(rolledRound("friendly")).toEqual(everyone(table, 2));
    expect(
      onEveryClient(
        table,
        () => G().game.combat.groups.find((g: any) => g.system.key === "friendly").initiative,
      ),
    ).toEqual(everyone(table, 6));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-05 two GMs add a combatant each at the same time: exactly two sides on every client", async () => {
    table = await createTable({
      world: { actors: ACTORS, scenes: SCENES },
      online: [GM_ID, ASSISTANT_ID, ALICE_ID],
    });
    const gm = table.client(GM_ID);
    const assistant = table.client(ASSISTANT_ID);
    const combatId = await gm.run(async () => (await G().Combat.create({ scene: SCENE, active: true })).id);
    await table.settle();
    const add = (c: Client, t: (typeof TOKENS)[number]) =>
      c.run(() =>
        G()
          .game.combats.get(combatId)
          .createEmbeddedDocuments("Combatant", [{ tokenId: t._id, sceneId: SCENE, actorId: t.actorId }]),
      );
    // Four creation events in flight at once, from two GM clients, then the assistant begins the combat.
    table.dice(5, 5);
    await Promise.all([
      add(gm, TOKENS[0]!),
      add(assistant, TOKENS[1]!),
      add(gm, TOKENS[2]!),
      add(assistant, TOKENS[3]!),
    ]);
    await assistant.run(() => G().game.combats.get(combatId).startCombat());
    await table.settle();
    expect(
      onEveryClient(table, () =>
        G()
          .game.combats.contents[0].groups.contents.map((g: any) => g.system.key)
          .sort(),
      ),
    ).toEqual(everyone(table, ["friendly", "hostile"]));
    expect(
      onEveryClient(table, () =>
        G().game.combats.contents[0].combatants.contents.every((c: any) => typeof c.group?.id === "string"),
      ),
    ).toEqual(everyone(table, true));
    expect(table.unhandled).toEqual([]);
  });

  it("H2 a stored side d10 of 11 does not break the tracker for anyone: core's order, one report to the GM", async () => {
    const combatId = id("combatBad");
    const groupId = id("groupBad");
    table = await createTable({
      world: {
        actors: ACTORS,
        scenes: SCENES,
        combats: [
          {
            _id: combatId,
            scene: SCENE,
            active: true,
            round: 1,
            turn: 0,
            groups: [
              {
                _id: groupId,
                type: "side",
                name: "Friendly side",
                initiative: 15,
                system: { key: "friendly", roll: 11, modifier: 4, rolledRound: 1, colour: "#1f7a8c" },
              },
            ],
            combatants: [
              {
                _id: id("cmbEusyl"),
                tokenId: id("tokEusyl"),
                sceneId: SCENE,
                actorId: id("eusyl"),
                group: groupId,
              },
              {
                _id: id("cmbKraal"),
                tokenId: id("tokKraal"),
                sceneId: SCENE,
                actorId: id("kraal"),
                group: groupId,
              },
            ],
          },
        ],
      },
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    // v13 cleans a stored number into its field's range on load (NumberField#_cleanType clamps): the side reads 10.
    expect(onEveryClient(table, () => G().game.combat.groups.contents[0].system.roll)).toEqual(
      everyone(table, 10),
    );
    // A module or macro then leaves the side's d10 at 11 in memory, which the rules refuse: every client's turn order
    // and tracker still work, in core's order (by initiative, then id).
    for (const c of table.all)
      c.run(() => {
        G().game.combat.groups.contents[0].system.roll = 11;
        G().game.combat.setupTurns();
      });
    for (const c of table.all) {
      const el = await renderTracker(c);
      expect(
        [...el.querySelectorAll("li.combatant .name")].map((n) => n.textContent),
        `${c.userId}'s tracker`,
      ).toEqual(["Eusyl", "Kraal"]);
      expect(el.querySelectorAll(".ft-side")).toHaveLength(0);
    }
    // Core sorts with _sortCombatants unbound; a combatant of another combat sorts as core does, never throws.
    expect(
      table.client(GM_ID).run(() => {
        const sort = G().game.combat._sortCombatants;
        return sort({ parent: {}, id: "b", initiative: 3 }, { parent: {}, id: "a", initiative: 9 });
      }),
    ).toBeGreaterThan(0);
    const gmErrors = told(table.client(GM_ID)).filter((n) => n.startsWith("error:"));
    expect(gmErrors).toHaveLength(1);
    expect(gmErrors[0]).toContain("A d10 cannot show 11");
    expect(told(table.client(ALICE_ID))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("R2-5 Alice's Roll in the tracker with no GM, then with a GM whose client never answers: a tracker message each time, nothing unhandled", async () => {
    table = await createTable({ world: { actors: ACTORS, scenes: SCENES }, online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await openCombat(table.client(GM_ID), TOKENS.slice(0, 2));
    const clickRoll = async () => {
      const el = await renderTracker(alice);
      const button = el.querySelector<HTMLElement>('[data-action="rollSide"]');
      expect(button, "Alice's Roll button").not.toBeNull();
      alice.run(() => click(button!));
      await alice.run(() => settleApps());
      await table.settle();
    };

    table.disconnect(GM_ID);
    await clickRoll();
    expect(told(alice)).toEqual([
      "warn: No GM is connected: the GM rolls the sides and starts each round. Try again once a GM has joined.",
    ]);

    // (A reconnected user has a new client.)
    await table.connect(GM_ID);
    table.client(GM_ID).unresponsive = true;
    await clickRoll();
    expect(told(alice).slice(1)).toEqual([
      "warn: The GM did not answer in time. The GM's client may still have rolled the side or started the round: check the tracker before trying again.",
    ]);
    expect(told(alice).join(" ")).not.toMatch(/card/i);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("H5 a side named <img src=x onerror=alert(1)> with colour red;background:url(x): escaped in the tracker, the side card and the GM's edit dialog; no style from it", async () => {
    table = await createTable({ world: { actors: ACTORS, scenes: SCENES }, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openCombat(gm, TOKENS.slice(0, 1));
    const NAME = "<img src=x onerror=alert(1)>";
    const friendly = gm.run(() => G().game.combat.groups.contents[0].id);
    await gm.run(() =>
      G().game.combat.groups.get(friendly).update({ name: NAME, "system.colour": "red;background:url(x)" }),
    );
    await table.settle();
    table.dice(3);
    await gm.run(() => G().game.combat.rollSides({ sideIds: [friendly] }));
    await table.settle();

    for (const c of [gm, alice]) {
      const el = await renderTracker(c);
      const side = el.querySelector<HTMLElement>(`.ft-side[data-group-id="${friendly}"]`)!;
      expect(side.querySelector("img[onerror]")).toBeNull();
      expect(side.querySelector(".ft-side-name")?.textContent).toBe(NAME);
      expect(side.getAttribute("style")).not.toMatch(/url|background|red/);
      const card = c.run(() => {
        const m = G().game.messages.contents.at(-1);
        const div = document.createElement("div");
        div.innerHTML = shown(m);
        return {
          img: div.querySelector("img[onerror]") !== null,
          title: div.querySelector("h3")?.textContent,
          style: div.querySelector(".ft-side-card")?.getAttribute("style"),
        };
      });
      expect(card.img).toBe(false);
      expect(card.title).toContain(NAME);
      expect(card.style).not.toMatch(/url|background|red/);
    }

    // The GM's edit dialog: the name is text in its body, not markup, and not in the title.
    const gmEl = await renderTracker(gm);
    gm.run(() => click(gmEl.querySelector<HTMLElement>('[data-action="editSide"]')!));
    await gm.run(() => settleApps());
    const dialog = gm.run(() => {
      const d = document.querySelector("dialog.application, .application.dialog") as HTMLElement | null;
      return d
        ? {
            img: d.querySelector("img[onerror]") !== null,
            body: d.querySelector(".ft-side-name")?.textContent,
            title: d.querySelector(".window-title")?.textContent,
          }
        : null;
    });
    expect(dialog).toEqual({ img: false, body: NAME, title: "Edit this side's roll" });
    expect(table.unhandled).toEqual([]);
  });
});
