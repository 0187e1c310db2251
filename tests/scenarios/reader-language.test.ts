/**
 * Scenarios (issue 33): cards in the reader's language. One card, two pages: the GM's reads English, Bruno's a
 * second, test-only locale (tests/fixtures/lang/xx.json, as a translation module would give). What a card stores is
 * keys and numbers; each page writes its words at render.
 * - SF-B-24: Alice's ability check (STR 40, hard −10, d100 30): its title line and verdict.
 * - SF-Z-04, SF-Z-05: a Zebulon skill check's column, colour and "needs … Failure" (the title was the author's words).
 * - An attack card's "Spent 1 round" (singular, table-ux-2) and its result, per reader.
 */
import { describe, expect, it, vi } from "vitest";
import { DOZE_CARD } from "../fixtures/cards.js";
import { change } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  type CardIds,
  cardFor,
  closeTableAfterEach,
  deckThree,
  GM_ID,
  id,
  itemFromPack,
  postCard,
  renderMessage,
  settingSource,
  text,
} from "./kit.js";
import { reads } from "./kit-lang.js";
import { answerPrompt, clickSheet, lastMessageText, promptField } from "./kit-zebulon.js";

let table: Table;
vi.setConfig({ testTimeout: 40_000 });
closeTableAfterEach(() => table);

const SKILL = "beamSkillLang001";
const EUSYL = actorSource({
  _id: "eusylLanguage001",
  name: "Eusyl",
  owner: ALICE_ID,
  abilities: { str: 40, dex: 60, per: 55, sta: 50 },
  items: [itemFromPack("skills", "beam-weapons", SKILL, { level: 3 })],
});

const IDS: CardIds = {
  scene: id("sceneLang"),
  tokens: [id("tokLang1"), id("tokLang2"), id("tokLang3")],
  actor: id("eusylLangCard"),
};

async function open(engine: "alphaDawn" | "zebulon"): Promise<void> {
  const deck = deckThree(IDS);
  table = await createTable({
    online: [GM_ID, ALICE_ID, BRUNO_ID],
    world: {
      actors: [EUSYL, ...deck.actors],
      scenes: [deck.scene],
      settings: [settingSource("settingEngineLng", "engine", engine)],
    },
  });
  reads(table.client(BRUNO_ID));
}

const seenBy = () => Object.fromEntries(table.all.map((c) => [c.user.name as string, lastMessageText(c)]));

describe("scenario: one card, each reader's language (issue 33)", () => {
  it("SF-B-24: Alice's hard −10 Strength check reads English on the GM's and Alice's pages, the second locale on Bruno's", async () => {
    await open("alphaDawn");
    const alice = table.client(ALICE_ID);
    await clickSheet(table, alice, EUSYL._id, '[data-action="abilityCheck"][data-ability="str"]', {
      shift: true,
    });
    alice.run(() => change(promptField(alice, "adjustment") as HTMLInputElement, -10));
    table.dice(30);
    await answerPrompt(table, alice);
    const english = "Strength · hard −10 (SF-B-24) 30 (SF-B-24): Success";
    expect(seenBy()).toEqual({
      Gamemaster: english,
      Alice: english,
      Bruno: "Stärke · schwer −10 (SF-B-24) 30 (SF-B-24): Erfolg",
    });
    // The message holds no words of either language: the rule ID and the flag's key and number.
    const stored = alice.run(() => {
      const m = (globalThis as any).game.messages.contents.at(-1);
      return { flavor: m.flavor, check: m.flags["frontier-tactics"].check };
    });
    expect(stored).toEqual({ flavor: "SF-B-24", check: { key: "str", adjustment: -10 } });
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-04 SF-Z-05: a skill check's column, colour and verdict are each reader's (level 3, −1 CS, needs green, d100 40)", async () => {
    await open("zebulon");
    const alice = table.client(ALICE_ID);
    await clickSheet(table, alice, EUSYL._id, `li[data-item-id="${SKILL}"] [data-action="skillCheck"]`, {
      shift: true,
    });
    alice.run(() => change(promptField(alice, "shifts") as HTMLInputElement, -1));
    alice.run(() => change(promptField(alice, "required") as HTMLSelectElement, "green"));
    table.dice(40);
    await answerPrompt(table, alice);
    const english =
      "Beam Weapons · Column +2 (−1 CS, SF-Z-02) (SF-Z-04): Yellow · needs Green (SF-Z-05): Failure";
    expect(seenBy()).toEqual({
      Gamemaster: english,
      Alice: english,
      Bruno: "Beam Weapons · Spalte +2 (−1 CS, SF-Z-02) (SF-Z-04): Gelb · braucht Grün (SF-Z-05): Fehlschlag",
    });
    expect(table.unhandled).toEqual([]);
  });

  it("an attack card: 'Spent 1 round' (one, not 'rounds') and its hit, in each reader's language", async () => {
    await open("alphaDawn");
    const id = await postCard(table, table.client(ALICE_ID), cardFor(DOZE_CARD, IDS));
    const why = (name: string) =>
      text(renderMessage(table.all.find((c) => c.user.name === name)!, id).querySelector(".ft-why"));
    expect(why("Gamemaster")).toContain("Spent 1 round");
    expect(why("Gamemaster")).not.toContain("Spent 1 rounds");
    expect(why("Bruno")).toContain("Verbraucht 1 Patrone");
    expect(table.unhandled).toEqual([]);
  });
});
