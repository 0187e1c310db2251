/**
 * Scenario (issue 14, "d20 engine, part 1", stream flow2): what a d20 hit leaves on its target after the GM's
 * Apply — the d20 conditions as status effects (SW-10, SW-11, SW-18), the owner's Fortitude save from the card,
 * undo — and a world switched between the engines. World set-up copied from `d20-attack.test.ts`.
 *
 * Numbers (seed 002, SW-*): Kara (Alice's) has BAB +3 and Dex 14 (+2); the blaster pistol's increment is 10 m, so
 * the Thug 38 m away is −6: attack bonus −1. The Thug's Defense is 10 + 3 (class) + 2 (Dex) = 15 (SW-08). The GM
 * entered 3d6 damage for the pistol. Fortitude bonus 0 (base save 0, Con 10).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cardButtons,
  cell,
  clickCard,
  closeTableAfterEach,
  shown as drawnBody,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = id("sceneD20Flow");
const KARA = id("actKaraFlow");
const THUG = id("actThugFlow");
const PISTOL = id("itmPistolFlow");
const COMBAT = id("combatFlow");
const TOK = { kara: id("tokKaraFlow"), thug: id("tokThugFlow") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const d20 = (over: Record<string, unknown>) => ({ d20: over });

interface WorldOptions {
  /** Ordinary (no vitality) rather than heroic (SW-18). */
  ordinary?: boolean;
  /** Bruno owns the Thug (it is his character): he rolls its Fortitude save. */
  brunoOwns?: boolean;
  /** Round 1 of a combat in which the Thug already lost 4 wound points (SW-10). */
  combat?: boolean;
  engine?: string;
}

const world = (o: WorldOptions = {}) => ({
  settings: [settingSource(id("setEngineFlow"), "engine", o.engine ?? "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: "3d6" } })],
      system: d20({ bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } }),
    }),
    {
      ...actorSource({
        _id: THUG,
        name: "Thug",
        system: d20({
          classDefense: 3,
          abilities: { dex: 14 },
          heroic: !o.ordinary,
          dr: 2,
          vitality: o.ordinary ? { value: 0, max: 0 } : { value: 10, max: 10 },
          wounds: { value: 14, max: 14 },
          ...(o.combat ? { woundLog: { combatId: COMBAT, round: 1, lost: 4 } } : {}),
        }),
      }),
      ownership: o.brunoOwns ? { default: 2, [BRUNO_ID]: 3 } : { default: 2 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing bay",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({ _id: TOK.thug, name: "Thug", actorId: THUG, actorLink: true, ...cell(38, 5) }),
      ],
    }),
  ],
  combats: o.combat
    ? [
        {
          _id: COMBAT,
          scene: SCENE,
          active: true,
          round: 1,
          turn: 0,
          combatants: [{ _id: id("cmbThugFlow"), tokenId: TOK.thug, sceneId: SCENE, actorId: THUG }],
        },
      ]
    : [],
});

/** The Thug's statuses on every client, sorted. */
const statuses = () => onEveryClient(table, () => [...G().game.actors.get(THUG).statuses].sort());

const pools = () =>
  onEveryClient(table, () => {
    const d = G().game.actors.get(THUG).system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });

const fortitudeOn = (card: HTMLElement, client: Client) =>
  client.run(() => card.querySelectorAll('[data-ft-action="fortitude"]').length);

/** Kara's hit d20 16 − 1 = 15 vs Defense 15, 3d6 [4, 5, 6] = 15, applied by the GM. */
async function hitAndApply(): Promise<string> {
  table.dice(16, 4, 5, 6);
  const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
  if (!msg) throw new Error("no card");
  clickCard(table.client(GM_ID), msg, "apply", "Thug");
  await table.settle();
  return msg;
}

describe("scenario: a d20 hit's conditions, save and undo (issue 14, flow2)", () => {
  it("SW-18 SW-10: a confirmed critical (d20 20, confirm 17 − 1 = 16 vs 15) drops the ordinary Thug to −1 wound points: dying, unconscious and fatigued on every client", async () => {
    table = await createTable({ world: world({ ordinary: true }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    table.dice(20, 4, 5, 6, 17);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP -1"));
    expect(statuses()).toEqual(everyone(table, ["dying", "fatigued", "unconscious"]));
    // The status effects carry the names and core icons the system registered.
    expect(
      onEveryClient(table, () =>
        G()
          .game.actors.get(THUG)
          .effects.contents.map((e: { name: string; img: string }) => `${e.name} ${e.img}`)
          .sort(),
      ),
    ).toEqual(
      everyone(table, [
        "EFFECT.StatusUnconscious icons/svg/unconscious.svg",
        "FT.Status.dying icons/svg/blood.svg",
        "FT.Status.fatigued icons/svg/degen.svg",
      ]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-11: a hit through the vitality into wounds (VP 10 → 0, WP 14 → 11) leaves the Thug fatigued on every client; Bruno, its owner, rolls the Fortitude save from the card (d20 15 vs DC 12, a double click rolls once) and no rendered card offers it after", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 11"));
    expect(statuses()).toEqual(everyone(table, ["fatigued"]));
    // Each client's chat log shows the card now: the owner and the GM are offered the save, Alice is not.
    const shown = Object.fromEntries(table.all.map((c) => [c.userId, renderMessage(c, msg)]));
    expect(Object.fromEntries(table.all.map((c) => [c.user.name, fortitudeOn(shown[c.userId]!, c)]))).toEqual(
      {
        Gamemaster: 1,
        Alice: 0,
        Bruno: 1,
      },
    );
    const bruno = table.client(BRUNO_ID);
    const before = onEveryClient(table, () => G().game.messages.size);
    table.dice(15);
    bruno.run(() => {
      const button = shown[BRUNO_ID]!.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!;
      button.click();
      button.click();
    });
    await table.settle();
    // One save, posted once, on every client (4 + 3 wound points this round: DC 5 + 7 = 12).
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(
      Object.fromEntries(Object.entries(before).map(([k, v]) => [k, (v as number) + 1])),
    );
    expect(
      onEveryClient(table, () => {
        const div = G().document.createElement("div");
        div.innerHTML = drawnBody(G().game.messages.contents.at(-1));
        return div.textContent.replace(/\s+/g, " ").trim();
      }),
    ).toEqual(everyone(table, "Thug: Fortitude d20 15 + 0 = 15 vs DC 12 → saved SW-10"));
    expect(statuses()).toEqual(everyone(table, ["fatigued"]));
    // The cards each client already showed no longer offer the save; nor does a fresh render.
    expect(Object.fromEntries(table.all.map((c) => [c.user.name, fortitudeOn(shown[c.userId]!, c)]))).toEqual(
      everyone(table, 0),
    );
    expect(cardButtons(table.client(GM_ID), msg)).toEqual(["undo:Thug"]);
    expect(cardButtons(bruno, msg)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 (review of issue 30): the GM switches the world back to Alpha Dawn after the hit; Bruno's old d20 card still offers the Thug's Fortitude save, and the GM answers it by the card's own game (d20 15 vs DC 12: saved)", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    await table.client(GM_ID).run(() => G().game.settings.set("frontier-tactics", "engine", "alphaDawn"));
    await table.settle();
    expect(onEveryClient(table, () => G().game.settings.get("frontier-tactics", "engine"))).toEqual(
      everyone(table, "alphaDawn"),
    );
    const bruno = table.client(BRUNO_ID);
    const card = renderMessage(bruno, msg);
    expect(fortitudeOn(card, bruno)).toBe(1);
    table.dice(15);
    bruno.run(() => card.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!.click());
    await table.settle();
    expect(
      onEveryClient(table, () => {
        const div = G().document.createElement("div");
        div.innerHTML = drawnBody(G().game.messages.contents.at(-1));
        return div.textContent.replace(/\s+/g, " ").trim();
      }),
    ).toEqual(everyone(table, "Thug: Fortitude d20 15 + 0 = 15 vs DC 12 → saved SW-10"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 T2-3A: Bruno fails the Thug's Fortitude save (d20 2 vs DC 12), deletes the save from the hit's record on his own actor and asks again: the GM refuses — already rolled — and rolls nothing", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    const bruno = table.client(BRUNO_ID);
    table.dice(2, 3);
    bruno.run(() =>
      renderMessage(bruno, msg).querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!.click(),
    );
    await table.settle();
    const saves = () =>
      onEveryClient(
        table,
        () =>
          G().game.messages.contents.filter((m: { content: string }) =>
            drawnBody(m).includes("ft-d20-fortitude"),
          ).length,
      );
    expect(saves()).toEqual(everyone(table, 1));
    // His console: the save is gone from the record on the Thug, which he owns.
    await bruno.run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.thug)
        .actor.update({ [`flags.frontier-tactics.hits.${msg}.${TOK.thug}.-=fortitude`]: null }),
    );
    await table.settle();
    table.dice(20);
    const answer = await bruno.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "fortitude", messageId: msg, ids: [`Scene.${SCENE}.Token.${TOK.thug}`] });
    });
    await table.settle();
    expect(answer.skipped.map((s: { reason: string }) => s.reason)).toEqual(["FT.D20UI.alreadySaved"]);
    expect(saves()).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 review 14 M3: Bruno and the GM click the Fortitude save at the same moment on their own clients: the active GM rolls it once, and whoever's request came second is told it was already rolled", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    const bruno = table.client(BRUNO_ID);
    const gm = table.client(GM_ID);
    const cards = { bruno: renderMessage(bruno, msg), gm: renderMessage(gm, msg) };
    const before = onEveryClient(table, () => G().game.messages.size);
    table.dice(15, 3);
    // Both read "not rolled yet" before either save is written.
    bruno.run(() => cards.bruno.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!.click());
    gm.run(() => cards.gm.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!.click());
    await table.settle();
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(
      Object.fromEntries(Object.entries(before).map(([k, v]) => [k, (v as number) + 1])),
    );
    const saves = onEveryClient(
      table,
      () =>
        G().game.messages.contents.filter((m: { content: string }) =>
          drawnBody(m).includes("ft-d20-fortitude"),
        ).length,
    );
    expect(saves).toEqual(everyone(table, 1));
    // The second of the two requests (whichever client sent it) is told the save was already rolled.
    const notes = [...told(bruno), ...told(gm)].filter((n) => n.includes("Fortitude"));
    expect(notes).toEqual(["info: Thug's Fortitude save for this hit was already rolled."]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 review 14 M3: Alice, who does not own the Thug, sends the GM a Fortitude request from a script: it is refused, nothing is rolled", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    const alice = table.client(ALICE_ID);
    const before = onEveryClient(table, () => G().game.messages.size);
    const answer = await alice.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "fortitude", messageId: msg, ids: [`Scene.${SCENE}.Token.${TOK.thug}`] });
    });
    await table.settle();
    expect(answer.applied).toEqual([]);
    expect(answer.skipped.map((s: { reason: string }) => s.reason)).toEqual(["FT.D20UI.notYourSave"]);
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(before);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 review 14 L4: the GM is viewing another encounter when he applies the hit: the Thug's wound log still counts the round of the combat he is fighting in (4 + 3 = 7 lost, Fortitude DC 12)", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const gm = table.client(GM_ID);
    await gm.run(async () => {
      const other = await G().Combat.create({ scene: null, active: false });
      await G().game.combats.get(COMBAT).update({ active: false });
      await other.update({ active: true });
    });
    await table.settle();
    expect(gm.run(() => G().game.combat?.id)).not.toBe(COMBAT);
    await hitAndApply();
    expect(onEveryClient(table, () => G().game.actors.get(THUG).system.d20.woundLog)).toEqual(
      everyone(table, { combatId: COMBAT, round: 1, lost: 7 }),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-11: the GM's Undo after that hit puts back VP 10 and WP 14, turns fatigued off and restores the round's wound log (4 lost) on every client", async () => {
    table = await createTable({
      world: world({ brunoOwns: true, combat: true }),
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    const msg = await hitAndApply();
    expect(onEveryClient(table, () => G().game.actors.get(THUG).system.d20.woundLog)).toEqual(
      everyone(table, { combatId: COMBAT, round: 1, lost: 7 }),
    );
    table.dice(15);
    const bruno = table.client(BRUNO_ID);
    const card = renderMessage(bruno, msg);
    bruno.run(() => card.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!.click());
    await table.settle();
    clickCard(table.client(GM_ID), msg, "undo", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 10 WP 14"));
    expect(statuses()).toEqual(everyone(table, []));
    expect(onEveryClient(table, () => G().game.actors.get(THUG).system.d20.woundLog)).toEqual(
      everyone(table, { combatId: COMBAT, round: 1, lost: 4 }),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("issue 14 (no rule ID: the engine setting): the GM switches the world from Alpha Dawn to d20 and back through the engine setting: every client keeps each actor's Stamina, abilities and d20 data", async () => {
    table = await createTable({ world: world({ engine: "alphaDawn" }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const read = () =>
      onEveryClient(table, () => {
        const s = G().game.actors.get(KARA).system;
        const t = G().game.actors.get(THUG).system;
        return JSON.stringify([s.stamina, s.abilities, s.d20, t.stamina, t.abilities, t.d20]);
      });
    const start = read();
    const gm = table.client(GM_ID);
    const engine = () => onEveryClient(table, () => G().game.settings.get("frontier-tactics", "engine"));
    expect(engine()).toEqual(everyone(table, "alphaDawn"));
    await gm.run(() => G().game.settings.set("frontier-tactics", "engine", "d20"));
    await table.settle();
    expect(engine()).toEqual(everyone(table, "d20"));
    expect(read()).toEqual(start);
    await gm.run(() => G().game.settings.set("frontier-tactics", "engine", "alphaDawn"));
    await table.settle();
    expect(engine()).toEqual(everyone(table, "alphaDawn"));
    expect(read()).toEqual(start);
    // The stored world holds them too: Kara's BAB +3 and VP 12, the Thug's WP 14 and DR 2.
    const stored = table.server.world.actors as { _id: string; system: { d20: Record<string, unknown> } }[];
    expect(stored.find((a) => a._id === KARA)!.system.d20).toMatchObject({
      bab: 3,
      vitality: { value: 12, max: 12 },
    });
    expect(stored.find((a) => a._id === THUG)!.system.d20).toMatchObject({
      dr: 2,
      wounds: { value: 14, max: 14 },
    });
    expect(table.unhandled).toEqual([]);
  });
});
