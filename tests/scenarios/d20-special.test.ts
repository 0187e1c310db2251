/**
 * Scenario (issue 15): the d20 special attacks as opposed checks from the sheet (SW-41). Kara (Str 14, Dex 14, BAB
 * +3) stands beside the Thug (Str 10, Dex 14). Her sheet's d20 block offers bantha rush, trip, overrun, grapple and
 * disarm; each asks what the rule needs, rolls both d20s and posts one card every client reads. A trip, an overrun's
 * block and a grapple first roll a melee touch attack (issue 31): d20 + BAB 3 + Str 2 + size 0 against the Thug's
 * touch Defense 12 (10 + Dex 2, no class bonus, SW-09); a miss ends it before any opposed check.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { change, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { rolled } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
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
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, lastCardLines, openD20Combat } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";
import { answerPrompt, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneD20Spec");
const KARA = id("actKaraSpec");
const THUG = id("actThugSpec");
const TOK = { kara: id("tokKaraSpec"), thug: id("tokThugSpec") };
const BLADE = id("itmBladeSpec");

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** `col`: the Thug's column (1: beside Kara); `secret`: no player may observe the Thug; `size`: his size. */
const world = (o: { col?: number; secret?: boolean; size?: string } = {}) => ({
  settings: [settingSource(id("setEngineSpec"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: { d20: { bab: 3, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    {
      ...d20Foe(THUG, "Thug", { ...HEROIC_POOLS, ...(o.size ? { size: o.size } : {}) }),
      ...(o.secret ? { ownership: { default: 0 } } : {}),
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Ledge",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(o.col ?? 1, 5)),
      ],
    }),
  ],
});

/** Alice targets the Thug and presses a special attack on Kara's sheet. */
async function press(kind: string): Promise<void> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.thug);
  const sheet = await openSheet(alice, KARA);
  const button = sheet.querySelector<HTMLElement>(`[data-action="specialAttack"][data-kind="${kind}"]`);
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
}

describe("scenario: d20 special attacks (issue 15, SW-41)", () => {
  it("SW-41: Alice trips the Thug — the melee touch attack d20 10 + 5 = 15 vs touch Defense 12 hits, then Strength d20 15 + 2 = 17 against his better of Strength and Dexterity, d20 9 + 2 = 11: tripped, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(10, 15, 9);
    await press("trip");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(told(table.client(ALICE_ID))).toEqual([]);
    const seen = Object.fromEntries(table.all.map((c) => [c.user.name as string, lastCardLines(c)]));
    expect(seen).toEqual(
      everyone(
        table,
        "Trip SW-41 Melee touch attack (SW-41): d20 10 + 5 = 15 vs touch Defense 12 → Hit Kara: d20 15 + 2 = 17 Thug: d20 9 + 2 = 11 Thug is tripped: prone.",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it('SW-41: "Make a melee touch attack. If the attack succeeds…" — Alice\'s trip touch attack d20 6 + 5 = 11 misses touch Defense 12: no Strength check is rolled, the card says the trip failed, on every client', async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(6, 19, 1);
    await press("trip");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(rolled.map((r) => r.formula)).toEqual(["1d20"]);
    const seen = Object.fromEntries(table.all.map((c) => [c.user.name as string, lastCardLines(c)]));
    expect(seen).toEqual(
      everyone(
        table,
        "Trip SW-41 Melee touch attack (SW-41): d20 6 + 5 = 11 vs touch Defense 12 → Miss The touch attack misses: no trip of Thug, no Strength check (SW-41).",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41: an overrun the Thug blocks is a trip attack — its touch attack d20 1 misses (a natural 1), nothing more is rolled", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    table.dice(1, 19, 1);
    await press("overrun");
    await answerPrompt(table, table.client(ALICE_ID));
    expect(rolled.map((r) => r.formula)).toEqual(["1d20"]);
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Overrun SW-41 Melee touch attack (SW-41): d20 1 + 5 = 6 vs touch Defense 12 → Miss The touch attack misses: the trip attack against Thug's block fails, no Strength check (SW-41).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41: a grapple on a Huge Thug (two sizes larger) — the touch attack d20 15 + 5 = 20 vs touch Defense 10 grabs him, but the grapple check is lost automatically: no opposed roll", async () => {
    table = await createTable({ world: world({ size: "huge" }), online: [GM_ID, ALICE_ID] });
    table.dice(15, 20, 1);
    await press("grapple");
    expect(rolled.map((r) => r.formula)).toEqual(["1d20"]);
    const seen = Object.fromEntries(table.all.map((c) => [c.user.name as string, lastCardLines(c)]));
    expect(seen).toEqual(
      everyone(
        table,
        "Grapple SW-41 Melee touch attack (SW-41): d20 15 + 5 = 20 vs touch Defense 10 → Hit Thug is grabbed, but the grapple check is lost automatically: Thug is two or more size categories larger (SW-41).",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41: a charging bantha rush — d20 10 + 2 + 2 = 14 against d20 12 + 0 = 12 — pushes the secret Thug 2 m; his bonus stays off the card", async () => {
    table = await createTable({ world: world({ secret: true }), online: [GM_ID, ALICE_ID] });
    table.dice(10, 12);
    await press("banthaRush");
    const alice = table.client(ALICE_ID);
    alice.run(() => {
      (promptField(alice, "charging") as HTMLInputElement).checked = true;
    });
    await answerPrompt(table, alice);
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Bantha rush SW-41 Kara: d20 10 + 4 = 14 Thug: d20 12 Thug is pushed back 2 m (move with them to push further).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41 SW-14: the Thug 3 m away is out of reach: refused with a notification, nothing rolled", async () => {
    table = await createTable({ world: world({ col: 4 }), online: [GM_ID, ALICE_ID] });
    await press("grapple");
    expect(told(table.client(ALICE_ID))).toEqual(["warn: Thug is out of range."]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-40: Alice strikes a wooden door (inanimate, Large, 5 cm) with her vibroblade: d20 8 + 3 + 2 + 4 = 17 against Defense 4; 2d6 [6, 5] + 2 = 13, less wood's DR 5: 8 of the door's 20 wound points, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await alice.run(() =>
      G()
        .game.actors.get(KARA)
        .createEmbeddedDocuments("Item", [
          {
            ...itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade"),
          },
        ]),
    );
    await table.settle();
    table.dice(8, 6, 5);
    await press("object");
    alice.run(() => {
      (promptField(alice, "size") as HTMLSelectElement).value = "large";
      (promptField(alice, "substance") as HTMLSelectElement).value = "wood";
    });
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    const seen = Object.fromEntries(table.all.map((c) => [c.user.name as string, lastCardLines(c)]));
    expect(seen).toEqual(
      everyone(
        table,
        "Strike an object · Vibroblade SW-40 Inanimate (unattended), Large, Wood 5 cm · Base attack bonus + 3, Strength + 2, Inanimate (unattended) + 4 d20 8 + 9 = 17 vs Defense 4 → Hit Damage 13 − DR 5 = 8 against the object's 20 wound points",
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-41 SW-13: in a d20 combat the trip is Kara's attack action — a second special attack that round is refused", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await openD20Combat(table, SCENE, [
      { tokenId: TOK.kara, actorId: KARA },
      { tokenId: TOK.thug, actorId: THUG },
    ]);
    table.dice(18, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    table.dice(10, 15, 9);
    await press("trip");
    await answerPrompt(table, table.client(ALICE_ID));
    await press("disarm");
    expect(told(table.client(ALICE_ID)).at(-1)).toBe(
      "warn: Kara has already attacked this round (SW-13: one attack action, or a full attack as the round's full-round action).",
    );
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * Issue 33: the object strike's dialog offers the roll mode, as every other roll dialog (helpers/roll-mode.ts). The
 * strike is rolled and posted on the striker's client; v13 `ChatMessage.applyRollMode` (client/documents/
 * chat-message.mjs) applies the mode there: private and blind whisper the GMs, blind also hides the roll from its
 * roller (`isContentVisible`), self whispers the roller. Core draws a roll a user may not see "rolled privately".
 */
describe("scenario: the roll mode of the object strike (issue 33, SW-40)", () => {
  /** Alice strikes the wooden door (Large, wood, 5 cm) with her vibroblade in `mode`: the card's id. */
  async function aliceStrikesDoor(mode: string | null): Promise<string> {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    await alice.run(() =>
      G()
        .game.actors.get(KARA)
        .createEmbeddedDocuments("Item", [
          {
            ...itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade"),
          },
        ]),
    );
    await table.settle();
    table.dice(8, 6, 5);
    await press("object");
    const select = promptField(alice, "rollMode") as HTMLSelectElement;
    // The four v13 modes, the chat's own (public) chosen first.
    expect(
      alice.run(() => ({ options: [...select.options].map((o) => o.value), chosen: select.value })),
    ).toEqual({
      options: ["publicroll", "gmroll", "blindroll", "selfroll"],
      chosen: "publicroll",
    });
    alice.run(() => {
      (promptField(alice, "size") as HTMLSelectElement).value = "large";
      (promptField(alice, "substance") as HTMLSelectElement).value = "wood";
      if (mode) change(select, mode);
    });
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
    return alice.run(() => G().game.messages.contents.at(-1).id as string);
  }

  /** Who the message is whispered to and whether it is blind, on every client. */
  const posted = (messageId: string) =>
    onEveryClient(table, () => {
      const m = G().game.messages.get(messageId);
      return { whisper: [...m.whisper].sort(), blind: m.blind as boolean };
    });
  /** What each seat's chat log shows of the message (the card's lines' text run together, as `text` joins them). */
  const readBy = (messageId: string): Record<string, string> =>
    Object.fromEntries(table.all.map((c) => [c.user.name as string, text(renderMessage(c, messageId))]));
  const CARD =
    "Strike an object · Vibroblade SW-40Inanimate (unattended), Large, Wood 5 cm · Base attack bonus + 3, Strength + 2, Inanimate (unattended) + 4d20 8 + 9 = 17 vs Defense 4 → HitDamage 13 − DR 5 = 8 against the object's 20 wound points";
  /** Core's "rolled privately", the d20 and the damage drawn private. */
  const PRIVATE = `CHAT.PrivateRollContent${"????".repeat(2)}`;

  it("issue 33 SW-40: Alice strikes the door as a blind GM roll — whispered to the GMs, blind, on every client: the GMs read d20 8 + 9 = 17, 8 of 20 wound points; Alice and Bruno read it rolled privately", async () => {
    const id_ = await aliceStrikesDoor("blindroll");
    for (const v of Object.values(posted(id_)))
      expect(v).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: true });
    const read = readBy(id_);
    expect(read.Gamemaster).toBe(CARD);
    expect(read.Assistant).toBe(CARD);
    // Blind: not even its roller reads it (v13 isContentVisible).
    expect(read.Alice).toBe(PRIVATE);
    expect(read.Bruno).toBe(PRIVATE);
    // The dialog's choice was for this roll only: Alice's chat mode is unchanged.
    expect(table.client(ALICE_ID).run(() => G().game.settings.get("core", "rollMode"))).toBe("publicroll");
  });

  it("issue 33 SW-40: a self roll is Alice's alone; a private GM roll is the GMs' and Alice's, not Bruno's", async () => {
    let id_ = await aliceStrikesDoor("selfroll");
    for (const v of Object.values(posted(id_))) expect(v).toEqual({ whisper: [ALICE_ID], blind: false });
    let read = readBy(id_);
    expect(read.Alice).toBe(CARD);
    expect([read.Gamemaster, read.Assistant, read.Bruno]).toEqual([PRIVATE, PRIVATE, PRIVATE]);
    table.close();
    resetAppRecords();
    id_ = await aliceStrikesDoor("gmroll");
    for (const v of Object.values(posted(id_)))
      expect(v).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: false });
    read = readBy(id_);
    expect([read.Gamemaster, read.Assistant, read.Alice]).toEqual([CARD, CARD, CARD]);
    expect(read.Bruno).toBe(PRIVATE);
  });
});
