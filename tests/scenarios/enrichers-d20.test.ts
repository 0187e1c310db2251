/**
 * Scenarios (issue 33, review-play 2.4, 2.2 and rank 3): the enrichers in a Star Wars d20 and a Stars Without Number
 * world, played from a journal page a player reads (applications/enricher-html.ts, the games' `rollCheck`), and the
 * SWN sheet's Morale buttons' tooltips.
 * - d20: Alice's character Eusyl (Dex 14: +2) clicks "Dexterity check" with DC 15: d20 13 + 2 = 15, Success, on
 *   every page; in her chat's Private GM Roll mode (as the @Damage enricher's roll) it is whispered to the GMs and her.
 * - SWN: Kara (Notice 1, Wis 14: +1) clicks "Notice check" with DC 8: 2d6 [4, 3] + 2 = 9, Success; "Lead" with Cha 7
 *   (−1) and Lead 0: 2d6 [2, 3] − 1 = 4, no DC; an @Check[str] is no check in SWN (disabled, told why).
 * - @Rule[SF-X-24] reads "SF-X-24 Burst", @Rule[SWN-09] "SWN-09 Intimidate": the code and the rule's title.
 */
import { describe, expect, it, vi } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { JournalEntry } from "../foundry/compendium.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  renderMessage,
  settingSource,
  text,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";

let table: Table;
vi.setConfig({ testTimeout: 40_000 });
closeTableAfterEach(() => table);

const HERO = id("actHeroEnrD20");

async function open(swn: boolean): Promise<void> {
  table = await createTable({
    online: [GM_ID, ALICE_ID, BRUNO_ID],
    world: {
      settings: swn ? swnSettings("EnrD20") : [settingSource(id("setEngineEnrD20"), "engine", "d20")],
      actors: [
        actorSource({
          _id: HERO,
          name: swn ? "Kara" : "Eusyl",
          owner: ALICE_ID,
          system: swn
            ? { d20: { abilities: { wis: 14, cha: 7 } }, swn: { notice: 1, lead: 0 } }
            : { d20: { abilities: { dex: 14 } } },
        }),
      ],
    },
  });
  // Alice's assigned character (v13 User#character): whom a journal's buttons roll for on her page.
  await table.client(GM_ID).run(() => G().game.users.get(ALICE_ID).update({ character: HERO }));
  await table.settle();
}

/** The client opens a journal page holding `content` and gets its rendered body (as enrichers.test.ts). */
async function journal(c: Client, content: string): Promise<HTMLElement> {
  const el = await c.run(async () => {
    const pack = G().game.packs.get("frontier-tactics.rules");
    const entry = new JournalEntry(
      {
        _id: "enrichD20Journal",
        name: "Enrichers",
        pages: [{ _id: "enrichD20Page001", name: "Page", text: { content } }],
      },
      pack,
    );
    await entry.sheet.render({ force: true });
    return entry.sheet.element as HTMLElement;
  });
  await c.run(() => settleApps());
  return el;
}

/** Each check button on the page: its words, disabled with why or not. */
const checks = (el: HTMLElement): string[] =>
  [...el.querySelectorAll<HTMLElement>(".journal-page-content .ft-enricher")].map(
    (b) =>
      `${text(b)}${b.getAttribute("aria-disabled") === "true" ? ` (disabled: ${b.dataset.tooltipText})` : ""}`,
  );

const messages = (c: Client) => c.run(() => G().game.messages.size as number);

/** The user clicks the button (its listener is on the page's body and loads on first use); settled until `done`. */
const press = async (c: Client, el: HTMLElement, done: () => boolean) => {
  c.run(() => click(el));
  for (let i = 0; i < 200 && !done(); i++) {
    await table.settle();
    await c.run(() => settleApps());
  }
};

/** The last message's card as this client draws it. */
const lastCard = (c: Client): string => {
  const last = c.run(() => G().game.messages.contents.at(-1).id as string);
  return text(renderMessage(c, last).querySelector(".ft-check-roll") ?? renderMessage(c, last));
};

describe("scenario: @Check rolls in Star Wars d20 and SWN; @Rule names its rule (issue 33, review-play 2.4, rank 3)", () => {
  it("issue 33 review-play 2.4: in a d20 world Alice's journal page @Check[dex dc=15] rolls Eusyl's Dexterity check — d20 13 + 2 = 15 vs DC 15: Success on every page, in her chat's roll mode; @Rule[SF-X-24] reads 'SF-X-24 Burst'", async () => {
    await open(false);
    const alice = table.client(ALICE_ID);
    const page = await journal(alice, "<p>Leap: @Check[dex dc=15]. Rule: @Rule[SF-X-24].</p>");
    expect(checks(page)).toEqual(["Dexterity check"]);
    // Rank 3: the rule's code (the reference rule-refs.ts decorates) and its title in the reader's language.
    expect(text(page.querySelector(".journal-page-content .ft-rule-cite"))).toBe("SF-X-24 Burst");
    expect(page.querySelector<HTMLElement>(".ft-rule-cite .ft-rule")?.dataset.ftRule).toBe("SF-X-24");
    table.dice(13);
    await press(
      alice,
      page.querySelector<HTMLElement>("[data-ft-enricher=check]")!,
      () => messages(table.client(BRUNO_ID)) === 1,
    );
    expect(onEveryClient(table, () => lastCard(table.client(G().game.userId)))).toEqual(
      everyone(table, "Eusyl: Dexterity check d20 13 + 2 = 15 vs DC 15: Success"),
    );
    expect(onEveryClient(table, () => G().game.messages.contents.at(-1).rolls[0].total)).toEqual(
      everyone(table, 15),
    );
    // The chat's roll mode, as the @Damage enricher's roll (v13 client/documents/chat-message.mjs, code index id
    // 18719148835, `applyRollMode`: a private roll whispers the GM users): Alice reads it as its author, Bruno does not.
    await alice.run(() => G().game.settings.set("core", "rollMode", "gmroll"));
    table.dice(4);
    await press(
      alice,
      page.querySelector<HTMLElement>("[data-ft-enricher=check]")!,
      () => messages(table.client(GM_ID)) === 2,
    );
    expect(
      onEveryClient(table, () => {
        const m = G().game.messages.contents.at(-1);
        return `${m.whisper.includes(GM_ID)} ${m.whisper.includes(BRUNO_ID)} ${m.isContentVisible}`;
      }),
    ).toEqual({ Gamemaster: "true false true", Alice: "true false true", Bruno: "true false false" });
    expect(lastCard(table.client(GM_ID))).toBe("Eusyl: Dexterity check d20 4 + 2 = 6 vs DC 15: Failure");
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 review-play 2.4 SWN-09: in an SWN world @Check[skill=Notice dc=8] rolls Kara's 2d6 [4, 3] + Notice 1 + Wis +1 = 9: Success; Lead with Cha 7: 2d6 [2, 3] − 1 = 4; @Check[str] is no check; @Rule[SWN-09] reads 'SWN-09 Intimidate'", async () => {
    await open(true);
    const alice = table.client(ALICE_ID);
    const page = await journal(
      alice,
      "<p>@Check[skill=Notice dc=8] @Check[cha skill=Lead]{Rally} @Check[str] @Rule[SWN-09]</p>",
    );
    expect(checks(page)).toEqual([
      "Notice check",
      "Rally",
      "Strength check (disabled: No such check in d20 + SWN additions.)",
    ]);
    expect(text(page.querySelector(".journal-page-content .ft-rule-cite"))).toBe("SWN-09 Intimidate");
    const at = (n: number) => page.querySelectorAll<HTMLElement>("[data-ft-enricher=check]")[n]!;
    table.dice(4, 3);
    await press(alice, at(0), () => messages(table.client(BRUNO_ID)) === 1);
    expect(onEveryClient(table, () => lastCard(table.client(G().game.userId)))).toEqual(
      everyone(table, "Kara: Notice/Wisdom check 2d6 [4, 3] + 2 = 9 vs DC 8: Success"),
    );
    table.dice(2, 3);
    await press(alice, at(1), () => messages(table.client(BRUNO_ID)) === 2);
    expect(lastCard(table.client(BRUNO_ID))).toBe("Kara: Lead/Charisma check 2d6 [2, 3] − 1 = 4");
    // No bare attribute check in SWN: told why, nothing rolled.
    await press(alice, at(2), () => told(alice).length > 0);
    expect(told(alice)).toContain("warn: No such check in d20 + SWN additions.");
    expect(messages(alice)).toBe(2);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 final review 1: in a d20 world Alice's macro api.check(Eusyl, 'dex', 0, {dc: 15}) rolls the d20 check — d20 13 + 2 = 15 vs DC 15: Success on every page, not Star Frontiers' d100; an SF adjustment or a bad dc is told and rolls nothing", async () => {
    await open(false);
    const alice = table.client(ALICE_ID);
    table.dice(13);
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "dex", 0, { dc: 15 }));
    await table.settle();
    expect(onEveryClient(table, () => lastCard(table.client(G().game.userId)))).toEqual(
      everyone(table, "Eusyl: Dexterity check d20 13 + 2 = 15 vs DC 15: Success"),
    );
    expect(onEveryClient(table, () => G().game.messages.contents.at(-1).rolls[0].formula)).toEqual(
      everyone(table, "1d20 + 2"),
    );
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "dex", -10));
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "dex", 0, { dc: 1.5 }));
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: A check in d20 (Star Wars RCR) takes no ±5/10/15 adjustment (Star Frontiers'): give its difficulty as dc instead.",
      "warn: The check's dc must be a whole number from 0 to 99, not 1.5: nothing is rolled.",
    ]);
    expect(messages(alice)).toBe(1);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 final review 1: in an SWN world api.check(Kara, 'wis', 0, {skill: 'Notice', dc: 8}) rolls 2d6 [4, 3] + 2 = 9: Success; a bare attribute check is no check in SWN", async () => {
    await open(true);
    const alice = table.client(ALICE_ID);
    table.dice(4, 3);
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "wis", 0, { skill: "Notice", dc: 8 }));
    await table.settle();
    expect(onEveryClient(table, () => lastCard(table.client(G().game.userId)))).toEqual(
      everyone(table, "Kara: Notice/Wisdom check 2d6 [4, 3] + 2 = 9 vs DC 8: Success"),
    );
    await alice.run(() => G().game.system.api.check(`Actor.${HERO}`, "str", 0));
    await table.settle();
    expect(told(alice)).toEqual(["warn: No such check in d20 + SWN additions."]);
    expect(messages(alice)).toBe(1);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 review-play 2.2 SWN-09 SWN-10: the SWN sheet's Intimidate and Read Morale buttons say what they roll and that shift-click picks the roll mode", async () => {
    await open(true);
    const sheet = await openSheet(table.client(ALICE_ID), HERO);
    const tip = (kind: string) =>
      table.client(ALICE_ID).run(() => {
        const b = sheet.querySelector<HTMLElement>(`[data-action="moraleAction"][data-kind="${kind}"]`);
        return G().game.i18n.localize(b?.dataset.tooltip ?? "") as string;
      });
    expect(tip("intimidate")).toBe(
      "SWN-09: intimidate the side of your one target — the GM rolls 2d6 + your Lead and Charisma against its Morale. Shift-click: choose the roll mode",
    );
    expect(tip("read")).toBe(
      "SWN-10 (a Move): the GM rolls 2d6 + your Notice and the better of Wisdom and Charisma against 6; on a success you learn the Morale of every side in sight. Shift-click: choose the roll mode",
    );
  });
});
