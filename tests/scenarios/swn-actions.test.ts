/**
 * Scenario (seed 003): the Stars Without Number extra combat actions from the SWN block of the sheet, in a "d20 + SWN
 * additions" world. Kara (attack bonus +2, Alice's) stands beside a Thug (HD 2, AC 12) whom every player may observe.
 * Each action asks what the rule needs, rolls on Alice's client and posts one card that every client reads; what
 * follows on the canvas (a push, a damage to apply, a prone status on a token Alice does not own) is the GM's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { lastCardLines, openD20Combat, swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";
import { answerPrompt, messageCount, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneSwnAct");
const KARA = id("actKaraSwnAct");
const THUG = id("actThugSwnAct");
const SQUAD = { a: id("actSquadASwnAct"), b: id("actSquadBSwnAct"), c: id("actSquadCSwnAct") };
const TOK = { kara: id("tokKaraSwnAct"), thug: id("tokThugSwnAct") };
const BLADE = id("itmBladeSwnAct");

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `blade`: Kara carries a 1d8 vibroblade; `col`: the Thug's column (1: beside Kara). */
const world = (o: { blade?: boolean; col?: number } = {}) => ({
  settings: swnSettings("SwnAct"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: o.blade
        ? [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "1d8" } }, "Vibroblade")]
        : [],
      system: { swn: { ab: 2, hp: { value: 8, max: 8 } } },
    }),
    {
      ...actorSource({
        _id: THUG,
        name: "Thug",
        system: { swn: { hd: 2, ac: 12, hp: { value: 9, max: 9 } } },
      }),
      ownership: { default: 2 },
    },
    // Red Squad follows Kara; Alice owns Red and Blue; the GM's Green Squad she may only observe.
    ...[SQUAD.a, SQUAD.b, SQUAD.c].map((sid, i) => ({
      _id: sid,
      name: ["Red Squad", "Blue Squad", "Green Squad"][i],
      type: "squad",
      img: "icons/svg/mystery-man.svg",
      system: { ledBy: i ? "" : `Actor.${KARA}` },
      items: [],
      effects: [],
      flags: {},
      ownership: { default: 0, [ALICE_ID]: i === 2 ? 2 : 3 },
    })),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Dock",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(o.col ?? 1, 5)),
      ],
    }),
  ],
});

/** Alice (targeting the Thug unless `target` is false) presses an SWN action on Kara's sheet. */
async function press(kind: string, target = true): Promise<void> {
  const alice = table.client(ALICE_ID);
  if (target) alice.target(TOK.thug);
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>(`[data-action="swnAction"][data-kind="${kind}"]`);
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
}

/** Alice fills the open prompt's fields. */
function fill(values: Record<string, string | boolean>): void {
  const alice = table.client(ALICE_ID);
  alice.run(() => {
    for (const [name, v] of Object.entries(values)) {
      const f = promptField(alice, name);
      // A checkbox is an input; promptField types the field as input or select.
      if (typeof v === "boolean") (f as HTMLInputElement).checked = v;
      else f.value = v;
    }
  });
}

const seen = () => Object.fromEntries(table.all.map((c) => [c.user.name as string, lastCardLines(c)]));
const led = () => [SQUAD.a, SQUAD.b, SQUAD.c].map((s) => G().game.actors.get(s).system.ledBy as string);
const karaProne = () => G().game.actors.get(KARA).statuses.has("prone") as boolean;

describe("scenario: the SWN additional combat actions (seed 003)", () => {
  it("SWN-01: Alice shoves the Thug (HD 2): d20 10 + 2 = 12 against AC 9 + 2 = 11 hits — pushed 3 m, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(10);
    await press("shove");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([]);
    expect(seen()).toEqual(
      everyone(
        table,
        "Shove SWN-01 Kara: d20 10 + 2 = 12 vs AC 11 (9 + HD 2) → Hit Thug is pushed 3 m back, in a direction Kara chooses (move the token).",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-01: much stronger, +3 — d20 6 + 5 = 11 still reaches AC 11", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(6);
    await press("shove");
    fill({ stronger: true });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Shove SWN-01 Much stronger: +3 to the roll Kara: d20 6 + 5 = 11 vs AC 11 (9 + HD 2) → Hit Thug is pushed 3 m back, in a direction Kara chooses (move the token).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-02: Kara charges with her vibroblade — d20 14 + 2 = 16 hits AC 12; 1d6 [2] against 1d8 [6]: 6 damage, and the Thug is knocked prone (the GM's status to set), on every client", async () => {
    table = await createTable({ world: world({ blade: true }), online: [GM_ID, ALICE_ID] });
    table.dice(14, 2, 6);
    await press("charge");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([]);
    expect(seen()).toEqual(
      everyone(
        table,
        "Charge SWN-02 Kara: d20 14 + 2 = 16 vs AC 12 → Hit 1d6 [2] = 2 · Vibroblade 1d8 [6] = 6: Thug takes 6 damage (the weapon's, the higher; the GM applies it). Thug is knocked prone (the GM sets the status).",
      ),
    );
    expect(onEveryClient(table, karaProne)).toEqual({ Gamemaster: false, Alice: false });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-02: an unarmed charge — d20 15 hits; 1d6 [4]; Kara's Evasion save d20 9 misses her 15: she falls prone beside the Thug, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(15, 4, 9);
    await press("charge");
    fill({ save: "15" });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(seen()).toEqual(
      everyone(
        table,
        "Charge SWN-02 Kara: d20 15 + 2 = 17 vs AC 12 → Hit 1d6 [4] = 4: Thug takes 4 damage (the 1d6; the GM applies it). Thug is knocked prone (the GM sets the status). Evasion save: d20 9 vs 15 Kara is knocked prone.",
      ),
    );
    expect(onEveryClient(table, karaProne)).toEqual({ Gamemaster: true, Alice: true });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-04: Kara disarms the Thug — d20 13 hits AC 12; 2d6 [5, 6] + 1 = 12 against his 2d6 [3, 3] + 0 + 3 = 9: by 3, Kara decides the weapon's fate", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(13, 5, 6, 3, 3);
    await press("disarm");
    fill({ mine: "1", theirs: "0" });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(seen()).toEqual(
      everyone(
        table,
        "Disarm SWN-04 Kara: d20 13 + 2 = 15 vs AC 12 → Hit Kara: 2d6 [5, 6] + 1 = 12 Thug: 2d6 [3, 3] + 0 + 3 = 9 Kara wins by 3 or more: Kara decides what happens to Thug's weapon, and may take it.",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-04: won by 1 — the Thug's weapon drops 1 hex away in the direction the 1d6 [4] gives", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(13, 5, 5, 3, 3, 4);
    await press("disarm");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Disarm SWN-04 Kara: d20 13 + 2 = 15 vs AC 12 → Hit Kara: 2d6 [5, 5] + 0 = 10 Thug: 2d6 [3, 3] + 0 + 3 = 9 Thug's weapon drops 1 hex away, direction 4 on 1d6 (the GM places it).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-03: Kara's light mech rams the Thug after 3 hexes — d20 12 + 2 = 14 hits AC 12; 6d6 = 21; her Pilot 2d6 [4, 3] + 1 = 8 misses 6 + 3 = 9: she takes the same 21 and falls prone", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(12, 1, 2, 3, 4, 5, 6, 4, 3);
    await press("vehicleCharge");
    fill({ hexes: "3", chassis: "light", pilot: "1" });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([]);
    expect(seen()).toEqual(
      everyone(
        table,
        "Charge (vehicle or mech) SWN-03 Kara: d20 12 + 2 = 14 vs AC 12 → Hit 6d6 (3 hexes) [1, 2, 3, 4, 5, 6] = 21: Thug takes 21 damage (the GM applies it; a target your size or smaller that can fall is knocked prone). Pilot: 2d6 [4, 3] + 1 = 8 vs 9 → Failure Kara takes the same 21 damage. Kara is knocked prone.",
      ),
    );
    expect(onEveryClient(table, karaProne)).toEqual({ Gamemaster: true, Alice: true });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-05 SWN-06 SWN-07: Protect (person and mech) and Jump are declared on a card — an adjacent ally's attack redirected; a mech's +2 AC and Armor to allies behind; a jump of half 10 m: 2 hexes", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await press("protect", false);
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Protect SWN-05 Kara protects an adjacent ally: one attack on them is redirected to Kara. An action; a snap action if Kara's action this round is unused. The GM redirects the attack.",
    );
    await press("protectMech", false);
    const mech = lastCardLines(table.client(ALICE_ID));
    expect(mech.startsWith("Protect (mech) SWN-06 Kara")).toBe(true);
    expect(mech).toContain("+2 AC");
    await press("jump", false);
    await answerPrompt(table, table.client(ALICE_ID));
    expect(seen()).toEqual(
      everyone(
        table,
        "Jump SWN-07 Kara may jump up to 2 hexes (6 m) in a straight line — half of 10 m rounded up in 3 m hexes — ignoring ground terrain between (move the token).",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-18: Kara recruits veteran fighters (HD 2, Morale 9: difficulty 9) — Connect 2d6 [4, 6] + 1 = 11, success by 2: Tier 2 + 3 = 5, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(4, 6);
    await press("recruit", false);
    fill({ type: "Veteran fighters", hd: "2", morale: "9", tier: "2", bonus: "1" });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([]);
    expect(seen()).toEqual(
      everyone(
        table,
        "Recruit SWN-18 Veteran fighters: HD 2 + Morale 9 − 2 = difficulty 9 Connect: 2d6 [4, 6] + 1 = 11 vs 9 → Success Kara recruits 5 Veteran fighters (success by 2 or more: Tier 2 + 3).",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-01: a shove with no target is refused with a notification, nothing rolled nor posted", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const before = messageCount(table.client(GM_ID));
    await press("shove", false);
    expect(told(table.client(ALICE_ID))).toEqual(["warn: RT-6: a melee attack has one target."]);
    expect(messageCount(table.client(GM_ID))).toBe(before);
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-04: the Thug 3 m away is out of reach — refused with a notification, nothing rolled", async () => {
    table = await createTable({ world: world({ col: 4 }), online: [GM_ID, ALICE_ID] });
    const before = messageCount(table.client(GM_ID));
    await press("disarm");
    expect(told(table.client(ALICE_ID))).toEqual(["warn: Thug is out of range."]);
    expect(messageCount(table.client(GM_ID))).toBe(before);
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-18: a Morale beyond 12 is refused with the field named, nothing rolled", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await press("recruit", false);
    fill({ morale: "13" });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual(['warn: Morale: "13" is not a whole number from 2 to 12']);
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-19: Kara leads Blue Squad — its ledBy names her and Red Squad's is cleared, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await press("lead", false);
    fill({ squad: SQUAD.b });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual(["info: Kara now leads Blue Squad (Authority focus)."]);
    expect(onEveryClient(table, led)).toEqual(everyone(table, ["", `Actor.${KARA}`, ""]));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-19: Alice may not hand Kara the GM's Green Squad — refused, no squad written", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await press("lead", false);
    fill({ squad: SQUAD.c });
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([
      "warn: You do not own the squad Green Squad: ask its owner or the GM",
    ]);
    expect(onEveryClient(table, led)).toEqual(everyone(table, [`Actor.${KARA}`, "", ""]));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-19: the squad sheet's Lead this squad needs the user's own character", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, SQUAD.b);
    const button = sheet.querySelector<HTMLElement>('[data-action="leadSquad"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice)).toEqual(["warn: Lead with your own character: you have none assigned"]);
    expect(onEveryClient(table, led)).toEqual(everyone(table, [`Actor.${KARA}`, "", ""]));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-01 SW-13: in a d20 combat by count the shove is Kara's attack action — a disarm that round is refused", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { tokenId: TOK.kara, actorId: KARA },
      { tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    table.dice(10);
    await press("shove");
    await answerPrompt(table, table.client(ALICE_ID));
    await press("disarm");
    expect(told(table.client(ALICE_ID)).at(-1)).toBe(
      "warn: Kara has already attacked this round (SW-13: one attack action, or a full attack as the round's full-round action).",
    );
    expect(table.unhandled).toEqual([]);
  });
});
