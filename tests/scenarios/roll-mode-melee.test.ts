/**
 * Scenario (issue 33, review-ux 2.2 and 2.4): the Star Frontiers melee and punch dialog offers the roll mode as every
 * other attack dialog does, and the prompts' roll-mode select is named by its label. v13 posts a roll in a mode with
 * `ChatMessage.applyRollMode` (client/documents/chat-message.mjs): a private GM roll whispers the GMs.
 *
 * Kara (STR 45, DEX 60 → melee base 30, rules-tables §6) punches the pirate 1 m away from behind (+20 → 50 %): d100
 * 25 hits, 3 damage (STR 41–60). Alice picks "Private GM Roll": the card is whispered to the GMs on every client.
 */
import { describe, expect, it } from "vitest";
import { answerDialog, change, openDialogs, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  alleyWorld,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  onEveryClient,
} from "./kit.js";
import { clickSheet } from "./kit-zebulon.js";

const SCENE = id("sceneRMMelee");
const KARA = id("actKaraRMM");
const PIRATE = id("actPirateRMM");
const TOK_KARA = id("tokKaraRMM");
const TOK_NEAR = id("tokNearRMM");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = () =>
  alleyWorld({ scene: SCENE, kara: KARA, pirate: PIRATE, tokKara: TOK_KARA, tokNear: TOK_NEAR });

describe("scenario: the roll mode in the Star Frontiers melee dialog (issue 33)", () => {
  it("RT-6 SF-X-09: Alice's punch from behind as a private GM roll (50 %, d100 25, 3 damage) is whispered to the GMs; the select is named by its label", async () => {
    table = await createTable({ world: world(), online: "every" });
    const alice = table.client(ALICE_ID);
    alice.target(TOK_NEAR);
    await clickSheet(table, alice, KARA, '[data-action="punch"]');
    const seen = alice.run(() => {
      const dialog = openDialogs().at(-1);
      if (!dialog) throw new Error("no melee dialog");
      const select = dialog.element.querySelector<HTMLSelectElement>('select[name="rollMode"]');
      if (!select) return null;
      const label = dialog.element.querySelector<HTMLLabelElement>(`label[for="${select.id}"]`);
      return {
        options: [...select.options].map((o) => o.value),
        chosen: select.value,
        name: select.id ? (label?.textContent ?? "") : "",
      };
    });
    expect(seen).toEqual({
      options: ["publicroll", "gmroll", "blindroll", "selfroll"],
      chosen: "publicroll",
      name: "Roll mode",
    });
    alice.run(() => {
      const dialog = openDialogs().at(-1)!;
      dialog.element.querySelector<HTMLInputElement>(
        'input[name="situation"][value="behindOrStunned"]',
      )!.checked = true;
      change(dialog.element.querySelector<HTMLSelectElement>('select[name="rollMode"]')!, "gmroll");
      table.dice(25);
      answerDialog("ok");
    });
    await alice.run(() => settleApps());
    await table.settle();
    expect(table.unhandled).toEqual([]);
    const posted = onEveryClient(table, () => {
      const m = G().game.messages.contents.at(-1);
      return { type: m?.type, whisper: [...(m?.whisper ?? [])].sort(), blind: !!m?.blind };
    });
    for (const v of Object.values(posted))
      expect(v).toEqual({ type: "attack", whisper: [GM_ID, ASSISTANT_ID].sort(), blind: false });
    // The GM's card: 50 % (30 + 20 from behind), d100 25 hits for the punch's 3.
    const card = table.client(GM_ID).run(() => {
      const c = G().game.messages.contents.at(-1).system.card;
      return { chance: c.targets[0].chance, d100: [...c.d100], damage: c.result.shots[0].damage };
    });
    expect(card).toEqual({ chance: 50, d100: [25], damage: 3 });
  });
});
