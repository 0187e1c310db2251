/**
 * Scenario (issue 27; review trust-and-faults-2 §2-C, §2-D, §2-E; SWN-09, SWN-10, SWN-12): side Morale with players
 * who use the console, and a GM on another machine. Kara (Alice) and Rex (Bruno) against five pirates (Morale 8, 5 HP
 * each) led by their Boss.
 * - T2-2D: a reading reaches Alice from the GM only — Bruno can neither query one into her browser nor write one on
 *   her User, and what Alice writes on her own User is not taken as the GM's.
 * - T2-2C: Read Morale is 2d6 + the GM's sum of Kara's Notice and her better of Wisdom and Charisma (SWN-10), once
 *   per reading actor per round, the record on the Combat (which only a GM may write); a bonus Alice writes in
 *   her request is not read. Intimidate likewise: 2d6 + Lead + Cha from the sheet, one try per actor per round (SWN-09:
 *   an action), so a failure is no retry.
 * - T2-2E: the GM reloads on another machine: that browser has not the GM's factors, so it leaves the band alone
 *   and says so once; entering the factors there takes the side over.
 */
import { describe, expect, it } from "vitest";
import { settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { lastCardLines, startByCount, swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";
import { moraleStrip, tracker } from "./kit-phases.js";
import { answerPrompt, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneSMT");
const KARA = id("actKaraSMT");
const REX = id("actRexSMT");
const PIRATES = ["Boss", "Ash", "Bly", "Cole", "Dax"] as const;
const pirateId = (n: string) => id(`actPir${n}SMT`);
const tokId = (n: string) => id(`tokPir${n}SMT`);
const TOK = { kara: id("tokKaraSMT"), rex: id("tokRexSMT") };
const SYS = "frontier-tactics";

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: swnSettings("SMT"),
  actors: [
    // SWN-10: Notice 0, Wisdom 14 (+1), Charisma 10 (+0): Read Morale at 2d6 + 1.
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: {
        d20: { abilities: { wis: 14, cha: 10 } },
        swn: { ab: 2, ac: 12, notice: 0, lead: 0, hp: { value: 12, max: 12 } },
      },
    }),
    actorSource({ _id: REX, name: "Rex", owner: BRUNO_ID, system: { swn: { hp: { value: 9, max: 9 } } } }),
    ...PIRATES.map((n) => ({
      ...actorSource({
        _id: pirateId(n),
        name: n,
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

const pirateSide = () => {
  const combat = G().game.combat;
  const boss = combat.combatants.find((c: { name: string }) => c.name === "Boss");
  return combat.groups.get(boss.group.id);
};
const band = () => pirateSide().system.morale.band as string;
const sideId = () => table.client(GM_ID).run(() => pirateSide().id as string);
const combatId = () => table.client(GM_ID).run(() => G().game.combat.id as string);
const strip = (userId: string) => moraleStrip(table.client(userId));
const messages = () => table.client(GM_ID).run(() => G().game.messages.size as number);
const groupWrites = (from: number) =>
  table.server.log
    .slice(from)
    .filter((w: { type?: string; action?: string }) => w.type === "CombatantGroup" && w.action === "update");

async function fells(...names: string[]): Promise<void> {
  await fellsBy(GM_ID, ...names);
}

async function fellsBy(userId: string, ...names: string[]): Promise<void> {
  for (const n of names) {
    await table
      .client(userId)
      .run(() => G().game.actors.get(pirateId(n)).update({ "system.swn.hp.value": 0 }));
    await table.settle();
  }
}

/** The GM (this page of theirs) names the Boss the side's ordinary leader from the tracker's Morale strip. */
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

/** Alice presses Read Morale on Kara's sheet (no bonus to type: the GM works it out from the sheet). */
async function aliceReads(): Promise<void> {
  const alice = table.client(ALICE_ID);
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>('[data-action="moraleAction"][data-kind="read"]');
  expect(button).not.toBeNull();
  alice.run(() => button!.click());
  await alice.run(() => settleApps());
  await table.settle();
}

/** Alice's console: a Read Morale request written straight on her own User, with the bonus she likes. */
async function aliceForgesRead(n: number, bonus: number): Promise<string | null> {
  const alice = table.client(ALICE_ID);
  const reqId = `forgedRead0000${n}0`.slice(0, 16);
  const combat = combatId();
  await alice.run(() =>
    G().game.user.setFlag(SYS, "request", {
      id: reqId,
      kind: "readMorale",
      combatId: combat,
      actorId: KARA,
      bonus,
    }),
  );
  await table.settle();
  return alice.run(() => {
    const r = G().game.user.getFlag(SYS, "response");
    return r?.id === reqId ? ((r.error as string | null) ?? null) : "no answer";
  });
}

/** Alice's console: an Intimidate request at the pirates written straight on her own User, with the bonus she likes. */
async function aliceForgesIntimidate(n: number, bonus: number): Promise<string | null> {
  const alice = table.client(ALICE_ID);
  const reqId = `forgedIntim000${n}0`.slice(0, 16);
  const combat = combatId();
  const side = sideId();
  await alice.run(() =>
    G().game.user.setFlag(SYS, "request", {
      id: reqId,
      kind: "intimidate",
      combatId: combat,
      actorId: KARA,
      sideId: side,
      bonus,
    }),
  );
  await table.settle();
  return alice.run(() => {
    const r = G().game.user.getFlag(SYS, "response");
    return r?.id === reqId ? ((r.error as string | null) ?? null) : "no answer";
  });
}

describe("scenario: side Morale against a player's console and a GM on another machine (issue 27, SWN-09, SWN-10, SWN-12)", () => {
  it("T2-2D SWN-10: a Morale reading reaches Alice from the GM only — Bruno's query and writes plant nothing, nor does her own write", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await fight();
    const bruno = table.client(BRUNO_ID);
    const alice = table.client(ALICE_ID);
    const side = sideId();
    const combat = combatId();
    const forged = { combatId: combat, round: 1, sides: [{ id: side, value: 12, band: "bold" }] };
    // Bruno's console: the query every player may send (QUERY_USER), which names no sender (v13 #handleUserQuery).
    await bruno.run(async () => {
      try {
        await G().game.users.get(ALICE_ID).query(`${SYS}.moraleRead`, forged, { timeout: 1000 });
      } catch {
        // No such query on Alice's page: nothing is kept.
      }
    });
    await table.settle();
    expect(await strip(ALICE_ID)).toEqual([]);
    // Bruno's console: a reading written on Alice's User — the server refuses (players may only modify themselves).
    const from = table.server.log.length;
    await bruno.run(async () => {
      try {
        await G()
          .game.users.get(ALICE_ID)
          .setFlag(SYS, "moraleReading", { id: "brunoForged00001", ...forged });
      } catch {
        // Refused.
      }
    });
    await table.settle();
    expect(table.server.log.slice(from).map((r) => !!r.refused)).toEqual([true]);
    // Alice's own write on her own User is hers, not the GM's: her tracker does not take it.
    await alice.run(() => G().game.user.setFlag(SYS, "moraleReading", { id: "aliceForged00001", ...forged }));
    await table.settle();
    expect(await strip(ALICE_ID)).toEqual([]);

    // The GM's answer does reach her: 2d6 [5, 2] + 1 = 8 ≥ 6, base 8, no leader named — Careful.
    table.dice(5, 2);
    await aliceReads();
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Read Morale SWN-10 Kara: 2d6 [5, 2] +1 = 8 vs 6 Success: the GM tells the reader the Morale of every side in sight.",
      );
    expect(await strip(ALICE_ID)).toEqual(["Hostile side Morale 8 · Careful read in round 1"]);
    expect(await strip(BRUNO_ID)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2C SWN-10: Read Morale is 2d6 + Kara's Notice and better of Wis/Cha, once per actor per round — a forged +20 and repeats get nothing", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    const cards = messages();
    // Three reads in round 1, each asking +20: the first is 2d6 [1, 1] + 1 = 3 — no reading; the others are refused
    // before anything is rolled.
    table.dice(1, 1);
    expect(await aliceForgesRead(1, 20)).toBeNull();
    for (const c of table.all)
      expect(lastCardLines(c)).toBe("Read Morale SWN-10 Kara: 2d6 [1, 1] +1 = 3 vs 6 No reading.");
    expect(await aliceForgesRead(2, 20)).toContain("Kara has read Morale this round (SWN-10)");
    expect(await aliceForgesRead(3, 20)).toContain("Kara has read Morale this round (SWN-10)");
    expect(messages()).toBe(cards + 1);
    expect(await strip(ALICE_ID)).toEqual([]);
    // The record is on the Combat, which only a GM may write: Alice cannot reset it (v13 Combat #canUpdate).
    const from = table.server.log.length;
    await alice.run(async () => {
      try {
        await G().game.combat.update({ system: { moraleReads: { [KARA]: 0 } } });
      } catch {
        // Refused.
      }
    });
    await table.settle();
    expect(table.server.log.slice(from).map((r) => !!r.refused)).toEqual([true]);
    await aliceReads();
    expect(told(alice).join(" ")).toContain("Kara has read Morale this round (SWN-10)");
    expect(messages()).toBe(cards + 1);

    // Round 2: Kara may read again — 2d6 [5, 2] + 1 = 8.
    await table.client(GM_ID).run(() => G().game.combat.nextRound());
    await table.settle();
    table.dice(5, 2);
    await aliceReads();
    for (const c of table.all)
      expect(lastCardLines(c)).toBe(
        "Read Morale SWN-10 Kara: 2d6 [5, 2] +1 = 8 vs 6 Success: the GM tells the reader the Morale of every side in sight.",
      );
    expect(await strip(ALICE_ID)).toEqual(["Hostile side Morale 8 · Careful read in round 2"]);
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2C SWN-10 (review of issue 27): Alice's console writes the round and at once asks to read again — the GM counts the round its own writes left, refuses the read and puts the round back", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    const cards = messages();
    table.dice(1, 1);
    expect(await aliceForgesRead(1, 0)).toBeNull();
    // Both writes leave her browser before the GM has put the round back (v13 lets a player write `round`:
    // common/documents/combat.mjs `#canUpdate`).
    const combat = combatId();
    await alice.run(async () => {
      const round = G().game.combat.update({ round: 4 });
      const read = G().game.user.setFlag(SYS, "request", {
        id: "raceRead00000001",
        kind: "readMorale",
        combatId: combat,
        actorId: KARA,
      });
      await Promise.all([round, read]);
    });
    await table.settle();
    const error = alice.run(() => {
      const r = G().game.user.getFlag(SYS, "response");
      return r?.id === "raceRead00000001" ? ((r.error as string | null) ?? null) : "no answer";
    });
    expect(error).toContain("Kara has read Morale this round (SWN-10)");
    expect(messages()).toBe(cards + 1);
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 1));
    expect(onEveryClient(table, () => G().game.combat.system.moraleReads?.[KARA])).toEqual(
      everyone(table, 1),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2E SWN-12: the GM reloads on another machine — that browser has not the factors, leaves the band alone and says why once", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await fight();
    // The GM names the Boss leader in this browser: 8 + 1 = 9, Careful.
    await bossLeads();
    expect(await strip(GM_ID)).toEqual(["Hostile side Morale 9 · Careful"]);
    // The GM's browser closes; they log in again on another machine (a new page: its client settings are empty).
    table.disconnect(GM_ID);
    await table.connect(GM_ID);
    await table.settle();
    const gm = table.client(GM_ID);
    const writes = table.server.log.length;
    const cards = messages();
    // Three pirates fall (three 20 % steps): with the factors 9 − 3 = 6, still Careful; without them this browser
    // would work out 8 − 3 = 5 (Tactical retreat). It writes nothing and says why, once.
    await fells("Ash", "Bly", "Cole");
    expect(onEveryClient(table, band)).toEqual(everyone(table, "careful"));
    expect(groupWrites(writes)).toHaveLength(0);
    expect(messages()).toBe(cards);
    expect(told(gm).filter((m) => m.includes("factors"))).toEqual([
      "warn: Hostile side: its Morale factors are kept in another browser (Gamemaster's); this browser leaves its band as it is. Enter the factors here to take the side over (SWN-12).",
    ]);
    expect(await strip(GM_ID)).toEqual(["Hostile side Morale · Careful"]);
    // The GM enters the factors again here: this browser now holds them and works the side out — 9 − 3 = 6.
    await bossLeads();
    expect(await strip(GM_ID)).toEqual(["Hostile side Morale 6 · Careful"]);
    expect(onEveryClient(table, band)).toEqual(everyone(table, "careful"));
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2E SWN-12 SWN-10: the GM leaves and the assistant GM's browser is the active one — it leaves the band alone, says why once, and refuses Read Morale before rolling", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ASSISTANT_ID, ALICE_ID] });
    await fight();
    await bossLeads();
    table.disconnect(GM_ID);
    await table.settle();
    const asst = table.client(ASSISTANT_ID);
    expect(asst.run(() => G().game.user.isActiveGM as boolean)).toBe(true);
    const writes = table.server.log.length;
    const cards = messages();
    await fellsBy(ASSISTANT_ID, "Ash", "Bly", "Cole");
    expect(onEveryClient(table, band)).toEqual(everyone(table, "careful"));
    expect(groupWrites(writes)).toHaveLength(0);
    expect(table.client(ASSISTANT_ID).run(() => G().game.messages.size as number)).toBe(cards);
    expect(told(asst).filter((m) => m.includes("factors"))).toEqual([
      "warn: Hostile side: its Morale factors are kept in another browser (Gamemaster's); this browser leaves its band as it is. Enter the factors here to take the side over (SWN-12).",
    ]);
    // Read Morale would tell Alice a number worked out without the factors: refused, nothing rolled, no read spent.
    await aliceReads();
    expect(told(table.client(ALICE_ID)).join(" ")).toContain(
      "its Morale factors are kept in another browser",
    );
    expect(table.client(ASSISTANT_ID).run(() => G().game.messages.size as number)).toBe(cards);
    expect(asst.run(() => G().game.combat.system.moraleReads)).toEqual({});
    expect(table.unhandled).toEqual([]);
  });

  it("T2-2C SWN-09: Intimidate adds Kara's Lead and Cha from her sheet, one try per actor per round — a forged +20 is not read, a failure is no retry", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await fight();
    const cards = messages();
    // Lead 0 + Cha 10 (+0): 2d6 [1, 1] = 2 against Morale 8 — no effect, whatever the request says.
    table.dice(1, 1);
    expect(await aliceForgesIntimidate(1, 20)).toBeNull();
    for (const c of table.all)
      expect(lastCardLines(c)).toBe("Intimidate Hostile side SWN-09 Kara: 2d6 [1, 1] = 2 No effect.");
    // A second try this round is refused before anything is rolled.
    expect(await aliceForgesIntimidate(2, 20)).toContain("Kara has tried to intimidate this round (SWN-09)");
    expect(messages()).toBe(cards + 1);
    expect(onEveryClient(table, () => pirateSide().system.morale.intimidated.length as number)).toEqual(
      everyone(table, 0),
    );
    expect(table.unhandled).toEqual([]);
  });
});
