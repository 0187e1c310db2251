/**
 * Scenario (issue 33): the roll mode in every roll dialog. v13 lists the modes in `CONFIG.Dice.rollModes`
 * (client/config.mjs) and posts a roll in one with `ChatMessage.applyRollMode` (client/documents/chat-message.mjs):
 * private and blind whisper the GMs, blind also hides the roll from its roller (`isContentVisible`), self whispers
 * the roller. Core draws a roll a user may not see "rolled privately" (`_renderRollContent`, kit `coreBody`).
 *
 * Alice attacks the pirate from Eusyl's sheet (seed 000: ½ DEX 80 → +40 SF-X-11, 10 m with a laser pistol → Short
 * −10 SF-X-14, a pirate that has not moved → stationary +10 SF-X-17: 40 %); the dialog's footer offers the four modes, the chat's own first. She picks "Blind GM Roll":
 * the card is whispered to the GMs, blind; the GM reads the card, Alice and Bruno read "rolled privately". Her
 * shift-click ability check (SF-B-24) prompt offers the same select: a private GM roll is read by the GMs and her.
 */
import { afterEach, describe, expect, it } from "vitest";
import { change, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  coreBody,
  foeToken,
  G,
  GM_ID,
  id,
  onEveryClient,
  renderMessage,
  sceneSource,
  text,
  tokenSource,
} from "./kit.js";
import { lastCardLines, swnSettings } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { openSheet } from "./kit-grenades.js";
import { yard } from "./kit-yard.js";
import { answerPrompt, clickSheet, promptField } from "./kit-zebulon.js";

const { SCENE, EUSYL, TOK_PIRATE, PISTOL, world } = yard("RM");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
afterEach(async () => {
  const open = table?.all.find((c) => c.userId === ALICE_ID && attackDialog(c));
  if (open) await open.run(() => attackDialog(open).close());
});

const { attackDialog, aliceOpensAttack, field, aliceRolls } = attackDialogKit(() => table, {
  actor: EUSYL,
  target: TOK_PIRATE,
});

/** The roll-mode select of Alice's open dialog: its options (value) and the one chosen. */
function modeSelect(alice: Client): { options: string[]; chosen: string } {
  const select = field(alice, "rollMode");
  return alice.run(() => ({ options: [...select.options].map((o) => o.value), chosen: select.value }));
}

/** Who the message is whispered to and whether it is blind, the same on every client. */
function posted(messageId: string): { whisper: string[]; blind: boolean } {
  const seen = onEveryClient(table, () => {
    const m = G().game.messages.get(messageId);
    return { whisper: [...m.whisper].sort(), blind: m.blind as boolean };
  });
  const first = Object.values(seen)[0]!;
  for (const v of Object.values(seen)) expect(v).toEqual(first);
  return first;
}

/** What each seat's chat log shows of a message: the card's text, or core's "rolled privately". */
function readBy(messageId: string): Record<string, string> {
  return Object.fromEntries(table.all.map((c) => [c.user.name as string, text(renderMessage(c, messageId))]));
}

/** Core's "rolled privately" with each of `rolls` rolls drawn private ("???" formula, "?" total). */
const privately = (rolls: number): string => `CHAT.PrivateRollContent${"????".repeat(rolls)}`;
/** The attack's two rolls: the d100 and the damage. */
const PRIVATE = privately(2);

describe("scenario: the roll mode in the roll dialogs (issue 33)", () => {
  it("issue 33: a blind GM roll from the attack dialog — the GMs read the card, Alice and Bruno read it rolled privately", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    await aliceOpensAttack(alice, PISTOL);
    // The four v13 modes, the chat's own (public) chosen first.
    expect(modeSelect(alice)).toEqual({
      options: ["publicroll", "gmroll", "blindroll", "selfroll"],
      chosen: "publicroll",
    });
    alice.run(() => change(field(alice, "rollMode"), "blindroll"));
    // d100 08 hits at 40 %; the pistol's 1 SEU die shows 7.
    const cardId = await aliceRolls(alice, 8, 7);
    expect(posted(cardId)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: true });
    const read = readBy(cardId);
    expect(read.Gamemaster).toMatch(
      /Modifiers = 40% .* 8 ≤ 40 Hit 1d10 \[7\] = 7 dmg Apply 7 → Stamina 40 → 33$/,
    );
    expect(read.Assistant).toBe(read.Gamemaster);
    // Blind: not even its roller reads it (v13 isContentVisible: the author sees a whisper unless it is blind).
    expect(read.Alice).toBe(PRIVATE);
    expect(read.Bruno).toBe(PRIVATE);
    // Alice's chat mode is unchanged: the dialog's choice was for this roll only.
    expect(alice.run(() => G().game.settings.get("core", "rollMode"))).toBe("publicroll");
  });

  it("issue 33: the dialog starts at the chat's mode (a private GM roll): the card goes to the GMs and Alice, not Bruno", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    await aliceOpensAttack(alice, PISTOL);
    expect(modeSelect(alice).chosen).toBe("gmroll");
    const cardId = await aliceRolls(alice, 8, 7);
    expect(posted(cardId)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: false });
    const read = readBy(cardId);
    // Alice reads the card (with the GM's Apply for her to wait on), Bruno does not.
    expect(read.Alice).toMatch(/Modifiers = 40% .* 8 ≤ 40 Hit 1d10 \[7\] = 7 dmg GM applies$/);
    expect(read.Gamemaster).toMatch(/8 ≤ 40 Hit 1d10 \[7\] = 7 dmg Apply 7 → Stamina 40 → 33$/);
    expect(read.Bruno).toBe(PRIVATE);
  });

  it("issue 33 SF-B-24: the ability check prompt's roll mode — a self roll of STR 40 hard −10 is Alice's alone", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    await clickSheet(table, alice, EUSYL, '[data-action="abilityCheck"][data-ability="str"]', {
      shift: true,
    });
    alice.run(() => change(promptField(alice, "adjustment") as HTMLInputElement, -10));
    alice.run(() => change(promptField(alice, "rollMode") as HTMLSelectElement, "selfroll"));
    table.dice(30);
    await answerPrompt(table, alice);
    const id = alice.run(() => G().game.messages.contents.at(-1).id as string);
    expect(posted(id)).toEqual({ whisper: [ALICE_ID], blind: false });
    // What each seat's log draws: the flavor and verdict for Alice; core's "rolled privately" for everyone else.
    const seen = Object.fromEntries(
      table.all.map((c) => [
        c.user.name as string,
        c.run(() => {
          const m = G().game.messages.get(id);
          const el = G().document.createElement("div") as HTMLElement;
          const visible = m.isContentVisible;
          el.innerHTML = `<span class="flavor-text">${visible ? m.flavor : ""}</span><div class="message-content">${visible ? "" : coreBody(m)}</div>`;
          G().Hooks.callAll("renderChatMessageHTML", m, el, {});
          return `${text(el.querySelector(".flavor-text"))} ${text(el.querySelector(".message-content"))}`.trim();
        }),
      ]),
    );
    expect(seen.Alice).toBe("Strength · hard −10 (SF-B-24) 30 (SF-B-24): Success");
    for (const name of ["Gamemaster", "Assistant", "Bruno"]) expect(seen[name]).toBe(privately(1));
    expect(table.unhandled).toEqual([]);
  });
});

const KARA = id("actKaraRM");
const THUG = id("actThugRM");
const TOK_KARA = id("tokKaraRM");
const TOK_THUG = id("tokThugRM");

/** Seed 003: Kara (attack bonus +2, Alice's) beside a Thug (HD 2, AC 12) every player may observe. */
const swnWorld = () => ({
  settings: swnSettings("RM"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
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
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Dock",
      tokens: [
        tokenSource({ _id: TOK_KARA, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK_THUG, "Thug", THUG, cell(1, 5)),
      ],
    }),
  ],
});

describe("scenario: the roll mode of an SWN action's dialog (issue 33)", () => {
  it("issue 33 SWN-01: Alice's shove as a private GM roll — d20 10 + 2 = 12 vs AC 11 hits; the GMs and Alice read it, Bruno does not", async () => {
    table = await createTable({ world: swnWorld(), online: "every" });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_THUG);
    const sheet = await openSheet(alice, KARA);
    const shove = sheet.querySelector<HTMLElement>('[data-action="swnAction"][data-kind="shove"]');
    expect(shove).not.toBeNull();
    alice.run(() => click(shove!));
    await alice.run(() => settleApps());
    await table.settle();
    const select = promptField(alice, "rollMode") as HTMLSelectElement;
    expect(alice.run(() => select.value)).toBe("publicroll");
    alice.run(() => change(select, "gmroll"));
    table.dice(10);
    await answerPrompt(table, alice);
    const id = alice.run(() => G().game.messages.contents.at(-1).id as string);
    expect(posted(id)).toEqual({ whisper: [GM_ID, ASSISTANT_ID].sort(), blind: false });
    const line =
      "Shove SWN-01 Kara: d20 10 + 2 = 12 vs AC 11 (9 + HD 2) → Hit Thug is pushed 3 m back, in a direction Kara chooses (move the token).";
    for (const name of ["Gamemaster", "Assistant", "Alice"])
      expect(lastCardLines(table.all.find((c) => c.user.name === name)!)).toBe(line);
    expect(text(renderMessage(table.client(BRUNO_ID), id))).toBe(privately(1));
    expect(table.unhandled).toEqual([]);
  });
});
