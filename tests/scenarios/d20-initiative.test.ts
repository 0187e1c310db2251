/**
 * Scenario (issue 15, "Two initiative strategies in one Combat class"): in a d20 world the GM's encounter orders its
 * turns by each combatant's own count (SW-03) — d20 + Dex rolled once, one batched Combatant update and one chat
 * message for the whole roll, ties to the higher Dexterity and then a tie-break die, no re-roll at a new round, a
 * late joiner rolled when it enters — with no Star Frontiers phases; and each combatant is flat-footed until its first
 * turn (SW-01), which the d20 card reads: Kara's shot at the Thug before his first turn is against Defense 13, after
 * it against 15. The mode is fixed when the combat is made: a Star Frontiers combat keeps its sides.
 *
 * Numbers: Kara Dex 14 (+2), the Guard Dex 14 (+2), the Thug Dex 12 (+1). Dice in roll order (Kara, Thug, Guard):
 * 12, 13, 12 → 14, 14, 14. The Thug has the lower Dexterity: last. Kara and the Guard tie on count and Dexterity:
 * tie-break d20s (in id order: Guard 9, Kara 5) → Guard, Kara, Thug.
 */
import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { click } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
  turnOrder,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster } from "./kit-d20.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Init");
const KARA = id("actKaraInit");
const THUG = id("actThugInit");
const GUARD = id("actGuardInit");
const LATE = id("actLateInit");
const PISTOL = id("itmPistolInit");
const TOK = {
  kara: id("tokKaraInit"),
  thug: id("tokThugInit"),
  guard: id("tokGuardInit"),
  late: id("tokLateInit"),
};
const CMB = { kara: id("cmbKara"), thug: id("cmbThug"), guard: id("cmbGuard"), late: id("cmbLate") };

let table: Table;
closeTableAfterEach(() => table);

const world = (engine = "d20") => ({
  settings: [settingSource(id("setEngineInit"), "engine", engine)],
  actors: [
    karaWithBlaster(KARA, PISTOL),
    d20Foe(THUG, "Thug", { ...HEROIC_POOLS, abilities: { dex: 12 } }),
    d20Foe(GUARD, "Guard", HEROIC_POOLS),
    d20Foe(LATE, "Sniper", { ...HEROIC_POOLS, abilities: { dex: 16 } }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.thug,
          name: "Thug",
          actorId: THUG,
          actorLink: true,
          disposition: -1,
          ...cell(10, 5),
        }),
        tokenSource({
          _id: TOK.guard,
          name: "Guard",
          actorId: GUARD,
          actorLink: true,
          disposition: -1,
          ...cell(10, 8),
        }),
        tokenSource({
          _id: TOK.late,
          name: "Sniper",
          actorId: LATE,
          actorLink: true,
          disposition: -1,
          ...cell(14, 8),
        }),
      ],
    }),
  ],
});

/** The GM opens the encounter with Kara, the Thug and the Guard (as the token HUD's "toggle combat" adds them). */
async function encounter(): Promise<void> {
  await table.client(GM_ID).run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: CMB.kara, tokenId: TOK.kara, sceneId: SCENE, actorId: KARA },
        { _id: CMB.thug, tokenId: TOK.thug, sceneId: SCENE, actorId: THUG },
        { _id: CMB.guard, tokenId: TOK.guard, sceneId: SCENE, actorId: GUARD },
      ],
      { keepId: true },
    );
  });
  await table.settle();
}

const counts = () =>
  onEveryClient(table, () =>
    G().game.combat.turns.map(
      (t: { name: string; initiative: number | null }) => `${t.name} ${t.initiative}`,
    ),
  );

/** `npm run bench` (issue 34): when BENCH_WRITES names a file, a count read from the server's log is appended to it. */
function benchWrite(name: string, value: number, budget: number): void {
  const out = process.env.BENCH_WRITES;
  if (out)
    appendFileSync(
      out,
      `${JSON.stringify({ name, value, unit: "writes", budget, source: "harness log" })}\n`,
    );
}

describe("scenario: d20 initiative, each combatant on its own count (issue 15)", () => {
  it("SW-03: the GM begins the d20 encounter: d20 + Dex rolled once for all in one Combatant update and one chat message; ties to Dexterity, then a tie-break die; every client shows Guard 14, Kara 14, Thug 14 in that order", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    expect(onEveryClient(table, () => G().game.combat.system.initiative)).toEqual(
      everyone(table, "individual"),
    );
    const from = table.server.log.length;
    table.dice(12, 13, 12, 9, 5);
    await table.client(GM_ID).run(() => G().game.combat.startCombat());
    await table.settle();
    const writes = requestsSince(table, from);
    expect(writes.filter((w) => w.startsWith("update Combatant"))).toEqual([
      "update Combatant by Gamemaster",
    ]);
    expect(writes.filter((w) => w.startsWith("create ChatMessage"))).toEqual([
      "create ChatMessage by Gamemaster",
    ]);
    expect(counts()).toEqual(everyone(table, ["Guard 14", "Kara 14", "Thug 14"]));
    benchWrite(
      "initiative.d20.roll3.combatantUpdates",
      writes.filter((w) => w.startsWith("update Combatant")).length,
      1,
    );
    benchWrite(
      "initiative.d20.roll3.chatMessages",
      writes.filter((w) => w.startsWith("create ChatMessage")).length,
      1,
    );
    // No Star Frontiers sides' rolls, no phases.
    expect(onEveryClient(table, () => G().game.combat.ftPhases.length)).toEqual(everyone(table, 0));
    // Issue 28: the card is a `rule` message drawn from its data on each client (it stores no HTML).
    const lines = Object.fromEntries(
      table.all.map((c) => {
        const last = c.run(() => G().game.messages.contents.at(-1).id as string);
        const card = renderMessage(c, last);
        return [
          c.user.name as string,
          [...card.querySelectorAll("li li")].map((li: Element) => li.textContent),
        ];
      }),
    );
    // The NPCs are observable by every player in this world, so their numbers are on the card too.
    expect(lines).toEqual(
      everyone(table, [
        "Kara: d20 12 + 2 = 14 (tie-break d20 5)",
        "Thug: d20 13 + 1 = 14",
        "Guard: d20 12 + 2 = 14 (tie-break d20 9)",
      ]),
    );
    expect(currentTurn(table.client(ALICE_ID))).toBe("Guard");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-03: the counts are kept for the whole combat — the next round re-rolls nothing; a late joiner (the Sniper, Dex 16) rolls when it enters and takes its place in the order", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    table.dice(12, 13, 12, 9, 5);
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    const messages = () => gm.run(() => G().game.messages.size);
    const before = messages();
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    expect(messages()).toBe(before);
    expect(counts()).toEqual(everyone(table, ["Guard 14", "Kara 14", "Thug 14"]));
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 2));
    // The Sniper joins: d20 15 + 3 = 18, first from now on.
    table.dice(15);
    await gm.run(() =>
      G().game.combat.createEmbeddedDocuments(
        "Combatant",
        [{ _id: CMB.late, tokenId: TOK.late, sceneId: SCENE, actorId: LATE }],
        { keepId: true },
      ),
    );
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Sniper 18", "Guard 14", "Kara 14", "Thug 14"]));
    expect(turnOrder(table.client(ALICE_ID))).toEqual(["Sniper", "Guard", "Kara", "Thug"]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-01: the Thug is flat-footed until his first turn: Kara's shot before it is against Defense 13 (no Dex), after it against 14 — the card on every client, the FF badge in the tracker", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 13, 12, 9, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    // Guard, then Kara: the GM ends the Guard's turn; it is Kara's, the Thug has not acted yet.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(alice)).toBe("Kara");
    const badges = () =>
      alice.run(() => {
        const tracker = G().ui.combat;
        return [...tracker.element.querySelectorAll(".combatant")]
          .filter((li: Element) => li.querySelector(".ft-badge-ff"))
          .map((li: Element) => text(li.querySelector(".name")));
      });
    await alice.run(() => G().ui.combat.render({ force: true }));
    await table.settle();
    expect(badges()).toEqual(["Thug"]);
    table.dice(14, 4, 5, 6);
    const early = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    const rows = (msg: string) => table.all.map((c) => text(targetBlock(renderMessage(c, msg), "Thug")));
    // Kara: BAB +3, Dex +2, 10 m away (one increment, −2): +3. The Thug's Defense 10 + class 3 + Dex 12's +1 = 14;
    // 13 flat-footed (SW-01: no Dex bonus).
    for (const row of rows(early!)) expect(row).toContain("d20 14 + 3 = 17 vs Defense 13");
    // Kara's turn ends, the Thug's starts (the active GM records it: SW-01): no longer flat-footed.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.system.acted)).toEqual(
      everyone(table, [CMB.guard, CMB.kara, CMB.thug]),
    );
    // Round 2 (Kara fired this round already: one attack a round until full attacks): Guard, then Kara again.
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(alice)).toBe("Kara");
    table.dice(14, 4, 5, 6);
    const later = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    for (const row of rows(later!)) expect(row).toContain("d20 14 + 3 = 17 vs Defense 14");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-02 SW-03 SW-01: the GM marks the Thug unaware in the tracker and begins: a surprise round for Guard and Kara only (the Thug has no count, no turn, and is flat-footed); when Alice ends Kara's turn, the last of it, the Thug rolls (d20 13 + 1 = 14, after the Dex 14s) and round 2 runs Guard, Kara, Thug", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // The GM's row control, before the start; a player has none.
    const gmTracker = await tracker(gm);
    gm.run(() => click(row(gmTracker, "Thug").querySelector('[data-action="toggleUnaware"]')!));
    await table.settle();
    expect(
      alice.run(() => (G().ui.combat.element as HTMLElement).querySelector('[data-action="toggleUnaware"]')),
    ).toBeNull();
    // The mark is on the Combat, which only a GM writes (T2-1B), not on the Thug's Combatant.
    expect(onEveryClient(table, () => G().game.combat.isUnaware(CMB.thug))).toEqual(everyone(table, true));
    // Only the aware roll: Kara 12, Guard 12 (a tie on count and Dex: tie-breaks Guard 9, Kara 5).
    table.dice(12, 12, 9, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 14", "Kara 14", "Thug null"]));
    const aliceTracker = await tracker(alice);
    expect(text(row(aliceTracker, "Thug"))).toContain("Unaware SW-02");
    expect(text(row(aliceTracker, "Thug"))).toContain("Flat-footed SW-01");
    // Guard → Kara → (the Thug sits the surprise round out) → round 2: the Thug rolls 13 + 1 = 14 first.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(alice)).toBe("Kara");
    // Alice ends Kara's turn, the surprise round's last: she asks the GM, who rolls the Thug and starts round 2.
    table.dice(13);
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(told(alice)).toEqual([]);
    expect(onEveryClient(table, () => [G().game.combat.round, G().game.combat.combatant?.name])).toEqual(
      everyone(table, [2, "Guard"]),
    );
    expect(counts()).toEqual(everyone(table, ["Guard 14", "Kara 14", "Thug 14"]));
    // C2-2.1 SW-01: v13 fires a "skipped" turn start for the Thug's place in the order as the round changes
    // (client/documents/combat.mjs `#triggerTurnEvents`); he has not acted, so he is still flat-footed.
    expect(onEveryClient(table, () => G().game.combat.system.acted)).toEqual(
      everyone(table, [CMB.guard, CMB.kara]),
    );
    const after = await tracker(alice);
    expect(text(row(after, "Thug"))).not.toContain("Unaware");
    expect(text(row(after, "Thug"))).toContain("Flat-footed SW-01");
    // Round 2 has every turn: Guard, Kara, then the Thug (whose first turn ends his flat-footedness).
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(alice)).toBe("Thug");
    expect(onEveryClient(table, () => G().game.combat.system.acted)).toEqual(
      everyone(table, [CMB.guard, CMB.kara, CMB.thug]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-34: Guard (18) delays, Kara (14) readies; the Thug (9) acts: the GM triggers Kara's readied shot (she moves to 9, before the Thug) and, after the Thug, lets the Guard act (9, last); round 2 runs Kara, Thug, Guard on count 9", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Kara 12 + 2 = 14, the Thug 8 + 1 = 9, the Guard 16 + 2 = 18.
    table.dice(12, 8, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 9"]));
    const press = async (c: typeof gm, name: string, action: string) => {
      const el = await tracker(c);
      const button = row(el, name).querySelector(`[data-action="${action}"]`);
      if (!button) throw new Error(`${c.userId} has no ${action} on ${name}'s row`);
      c.run(() => click(button));
      await table.settle();
    };
    // The GM delays the Guard's turn; Alice readies Kara's (her own row, her turn).
    await press(gm, "Guard", "holdDelay");
    expect(currentTurn(alice)).toBe("Kara");
    // Alice cannot hold someone else's turn, nor let a held one act.
    expect(row(await tracker(alice), "Guard").querySelector('[data-action="actFromHold"]')).toBeNull();
    await press(alice, "Kara", "holdReady");
    expect(currentTurn(alice)).toBe("Thug");
    const badges = async (c: typeof gm) =>
      [...(await tracker(c)).querySelectorAll(".ft-badge-hold")].map(
        (b) => `${text(b.closest(".combatant")?.querySelector(".name"))} ${text(b)}`,
      );
    expect(await badges(alice)).toEqual(["Guard Delaying SW-34", "Kara Readied SW-34"]);
    // The Thug runs for the door (SW-24: his Dex is gone until his next turn; the GM's write stands for his run):
    // Kara's trigger. She acts now, before him, and keeps his count.
    const thugRunning = () =>
      onEveryClient(
        table,
        () => G().game.combat.combatants.find((c: any) => c.name === "Thug").system.running,
      );
    await gm.run(() =>
      G()
        .game.combat.combatants.find((c: any) => c.name === "Thug")
        .update({ system: { running: { active: true, round: 1, count: 1 } } }),
    );
    await table.settle();
    await press(gm, "Kara", "actFromHold");
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 9", "Thug 9"]));
    expect(onEveryClient(table, () => G().game.combat.turns.map((t: { name: string }) => t.name))).toEqual(
      everyone(table, ["Guard", "Kara", "Thug"]),
    );
    expect(currentTurn(alice)).toBe("Kara");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(alice)).toBe("Thug");
    // C2-3.1: the Thug's turn was only interrupted, not started again: his run still stands (SW-24).
    expect(thugRunning()).toEqual(everyone(table, { active: true, round: 1, count: 1 }));
    // After the Thug's turn the GM lets the delaying Guard act: last, on count 9.
    await press(gm, "Guard", "actFromHold");
    expect(onEveryClient(table, () => G().game.combat.turns.map((t: { name: string }) => t.name))).toEqual(
      everyone(table, ["Kara", "Thug", "Guard"]),
    );
    expect(counts()).toEqual(everyone(table, ["Kara 9", "Thug 9", "Guard 9"]));
    expect(currentTurn(alice)).toBe("Guard");
    expect(await badges(alice)).toEqual([]);
    // Round 2 from the top, with the new counts.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(onEveryClient(table, () => [G().game.combat.round, G().game.combat.combatant?.name])).toEqual(
      everyone(table, [2, "Kara"]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-03: the GM turns on 'Roll opponents as one' in the tracker and begins: Kara rolls alone (12 + 2 = 14); the Thug and the Guard share one d20 (10) with the best bonus (+2): 12 each, the Guard first by Dexterity — two dice, one update, one message", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    const el = await tracker(gm);
    gm.run(() => click(el.querySelector('[data-action="toggleGroupRoll"]')!));
    await table.settle();
    expect(
      (await tracker(table.client(ALICE_ID))).querySelector('[data-action="toggleGroupRoll"]'),
    ).toBeNull();
    const from = table.server.log.length;
    table.dice(12, 10);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Kara 14", "Guard 12", "Thug 12"]));
    const writes = requestsSince(table, from);
    expect(writes.filter((w) => w.startsWith("update Combatant"))).toEqual([
      "update Combatant by Gamemaster",
    ]);
    expect(writes.filter((w) => w.startsWith("create ChatMessage"))).toEqual([
      "create ChatMessage by Gamemaster",
    ]);
    expect(gm.run(() => G().game.messages.contents.at(-1).rolls.length)).toBe(2);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 15: the mode is fixed when the combat is made — an encounter begun in a Star Frontiers world keeps its sides and phases after the GM switches the world to d20", async () => {
    table = await createTable({ world: world("alphaDawn"), online: [GM_ID, ALICE_ID] });
    await encounter();
    expect(onEveryClient(table, () => G().game.combat.system.initiative)).toEqual(everyone(table, "sides"));
    await table.client(GM_ID).run(() => G().game.settings.set("frontier-tactics", "engine", "d20"));
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.byCount)).toEqual(everyone(table, false));
    expect(onEveryClient(table, () => G().game.combat.sideGroups.length > 0)).toEqual(everyone(table, true));
    expect(table.unhandled).toEqual([]);
  });
});
