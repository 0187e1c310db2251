/**
 * Scenario (issue 11, review trust-and-faults R1-5d, R2-5, R2-6, H2, H5, H10): the combat sides and the tracker at a
 * shared table, each seat on its own client.
 *
 * - A hidden NPC side ("hide NPC initiative", on by default) rolled by the GM: everything Alice's client received —
 *   the groups' and combatants' stored data, her tracker's context and DOM, and every chat message she may read per
 *   v13's roll modes (content, flavor, flags, system, rolls) — holds none of the side's die, modifier, highest RS or
 *   the name of whose modifier it is; the order is still exactly the rules' (SF-X-04, SF-X-05: the lowest total
 *   moves first, a tie goes to the higher modifier). Ruling: the side's numbers ride on ONE message, the GM's blind
 *   side-roll card, whose content and roll Foundry's roll modes keep from players (`isContentVisible` false); its
 *   flags carry only the side's id.
 * - Player sides' cards follow the roll mode the GM picked (H10).
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

/** The secret numbers of the hostile side this test rolled, as text that must not appear in what Alice sees. */
function leaks(text: string, secret: { d10: number; modifier: number; total: number }): string[] {
  const found: string[] = [];
  if (/Pirate captain/.test(text)) found.push("Pirate captain");
  for (const n of [secret.d10, secret.modifier, secret.total, 70])
    if (new RegExp(`(^|[^\\w.])${n}([^\\w]|$)`).test(text)) found.push(String(n));
  return found;
}

/**
 * Everything Alice's client holds about the combat and the chat, as plain JSON: the groups' and combatants' stored
 * sources (combatant names aside: a visible combatant's name is core's public data), and for each message she may
 * read per v13's roll modes its content, flavor, flags, system and rolls; for the others, all but their content and
 * rolls (what the roll mode hides).
 */
function whatAliceHolds(alice: Client): {
  groups: string;
  combatants: string;
  readable: string;
  hidden: string;
} {
  return alice.run(() => {
    const combat = G().game.combat;
    const groups = JSON.stringify(combat.groups.contents.map((g: any) => g._source));
    const combatants = JSON.stringify(
      combat.combatants.contents.map((c: any) => {
        const { name: _name, ...rest } = c._source;
        return { ...rest, initiative: c.initiative };
      }),
    );
    const readable: unknown[] = [];
    const hidden: unknown[] = [];
    for (const m of G().game.messages.contents) {
      const data = m.toObject();
      if (m.isContentVisible)
        readable.push({
          content: data.content,
          flavor: data.flavor,
          flags: data.flags,
          system: data.system,
          rolls: data.rolls,
        });
      else
        hidden.push({ flavor: data.flavor, flags: data.flags, system: data.system, speaker: data.speaker });
    }
    return { groups, combatants, readable: JSON.stringify(readable), hidden: JSON.stringify(hidden) };
  });
}

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
    table = await createTable({ world: { actors: ACTORS, scenes: SCENES }, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
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
    expect(held.groups).not.toContain("Pirate captain");
    expect(leaks(held.combatants, { d10: 8, modifier: 7, total: 15 })).toEqual([]);
    expect(leaks(held.readable, { d10: 8, modifier: 7, total: 15 })).toEqual([]);
    expect(leaks(held.hidden, { d10: 8, modifier: 7, total: 15 })).toEqual([]);
    // Alice may read her own side's card (2 + 4 = 6, "Eusyl"); the hostile card is a blind roll to the GM.
    expect(held.readable).toContain("Eusyl");
    /** Each side card as a client has it: [speaker, readable by this user, blind, number of whisper recipients]. */
    const cards = (c: Client): [string, boolean, boolean, number][] =>
      c.run(() =>
        G()
          .game.messages.filter((m: any) => m.flags?.["frontier-tactics"]?.sideRoll)
          .map((m: any) => [m.speaker.alias, m.isContentVisible, m.blind, m.whisper.length]),
      );
    // (Whispered to both GM users, the Gamemaster and the Assistant.)
    expect(cards(alice)).toEqual([
      ["Friendly side", true, false, 0],
      ["Hostile side", false, true, 2],
    ]);
    expect(cards(gm).map((c) => c[1])).toEqual([true, true]);

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
    // The GM's tracker reads the numbers from the GM's own card: 8, +7 (the captain's), 15.
    const gmEl = await renderTracker(gm);
    const gmHeader = gmEl.querySelector(`.ft-side[data-group-id="${hostile}"]`)!;
    expect(
      [".ft-die", ".ft-mod", ".ft-total"].map((s) => gmHeader.querySelector(s)?.textContent?.trim()),
    ).toEqual(["8", "+7", "15"]);
    expect(gmHeader.querySelector(".ft-mod")?.getAttribute("data-tooltip-text")).toBe("Pirate captain");

    // Round 2, the GM's roll mode is "private GM roll" (H10): friendly 9 + 4 = 13, hostile 5 + 7 = 12 — the
    // hostile side moves first now; its card is still a blind roll, the friendly card is whispered to the GM.
    await gm.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    table.dice(9, 5);
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Pirate captain", "Pirate", "Eusyl"]);
    expect(cards(alice).slice(2)).toEqual([
      ["Friendly side", false, false, 2],
      ["Hostile side", false, true, 2],
    ]);
    const round2 = whatAliceHolds(alice);
    expect(sealedFields(alice, hostile)).toEqual(SEALED(2));
    expect(round2.groups).not.toContain("Pirate captain");
    expect(leaks(round2.readable, { d10: 5, modifier: 7, total: 12 })).toEqual([]);
    expect(leaks(round2.hidden, { d10: 5, modifier: 7, total: 12 })).toEqual([]);

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
    // (The tie makes the totals equal, so only the name and the card can be checked: no hostile card is readable.)
    expect(whatAliceHolds(alice).readable).not.toContain("Pirate captain");
    expect(cards(alice).filter(([name, readable]) => name === "Hostile side" && readable)).toEqual([]);

    // The GM edits the hostile result to 9 + 7 = 16 (SF-X-04): still sealed, now side A by total; a new blind card.
    await gm.run(() => G().game.combat.editSide(hostile, 9, 7));
    await table.settle();
    expect(sealedFields(alice, hostile)).toEqual(SEALED(3));
    expect(leaks(whatAliceHolds(alice).readable, { d10: 9, modifier: 7, total: 16 })).toEqual([]);
    expect(gm.run(() => G().game.combat.sideSecrets().get(hostile))).toMatchObject({
      roll: 9,
      modifier: 7,
      modifierSource: "Pirate captain",
      highestRs: 70,
    });
    expect(orderOf(alice).initiative).toBe(hostile);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

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
        div.innerHTML = m.content;
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
