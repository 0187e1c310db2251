/**
 * Scenarios (issue 33, table-ux-2 §4): inline enrichers in a journal page and in an item's text, drawn as buttons on
 * each reader's page and played by a click (applications/enrichers.ts, enricher-html.ts).
 * - Star Frontiers Alpha Dawn, a journal page with each enricher, Alice's character Eusyl (STR 40, an Automatic
 *   Pistol, Projectile Weapons 2): "Strength check −10" rolls SF-B-24 (d100 30 → 30: Success); "Attack: Automatic
 *   Pistol" at her target (shift-click: no dialog) posts the card (d100 12, 7 damage: Apply 7 → Stamina 40 → 33);
 *   "Damage 2d10" rolls 4 + 6 = 10 for every page; @Rule[SF-X-24] opens the Rule Index at Burst; the skill check is no
 *   check in Alpha Dawn: drawn disabled, and a click says why.
 * - Star Wars d20: the @Check is a button (it rolls: enrichers-d20.test.ts), a skill check is none there (disabled);
 *   @Rule[SW-21] is the Charge rule's reference.
 * - Zebulon's Guide: a skill check in the weapon's own text (the sheet's actor rolls it, no character needed):
 *   Projectile Weapons level 2, −1 CS → column +1 (SF-Z-02, SF-Z-04).
 */
import { describe, expect, it, vi } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { JournalEntry } from "../foundry/compendium.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { activate, closeJournals, openJournals } from "./kit-rulerefs.js";
import { lastMessageText } from "./kit-zebulon.js";

let table: Table;
vi.setConfig({ testTimeout: 40_000 });
closeTableAfterEach(() => table);

const SCENE = id("sceneEnrich");
const EUSYL = id("actEusylEnrich");
const FOE = id("actFoeEnrich");
const GUN = id("itmGunEnrich");
const SKILL = id("itmSkillEnrich");
const TOK = { eusyl: id("tokEusylEnrich"), foe: id("tokFoeEnrich") };

const PAGE = [
  "<p>Test: @Check[str -10]. Fire: @Attack[Automatic Pistol]. Hurt: @Damage[2d10].",
  'Rule: @Rule[SF-X-24]. Skill: @Check[skill="Projectile Weapons" shifts=-1]. Charge: @Rule[SW-21].</p>',
].join(" ");

async function open(engine: "alphaDawn" | "d20" | "zebulon", description = ""): Promise<void> {
  table = await createTable({
    online: [GM_ID, ALICE_ID, BRUNO_ID],
    world: {
      settings: [settingSource(id("setEngineEnrich"), "engine", engine)],
      actors: [
        actorSource({
          _id: EUSYL,
          name: "Eusyl",
          owner: ALICE_ID,
          abilities: { dex: 50, str: 40 },
          items: [
            itemFromPack("weapons", "automatic-pistol", GUN, { description }),
            itemFromPack("skills", "projectile-weapons", SKILL, { level: 2 }),
          ],
        }),
        actorSource({
          _id: FOE,
          name: "Foe",
          stamina: 40,
          items: [itemFromPack("weapons", "automatic-pistol", id("itmFoeGunEnrich"))],
        }),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Hangar",
          tokens: [
            tokenSource({ _id: TOK.eusyl, name: "Eusyl", actorId: EUSYL, actorLink: true, ...cell(5, 5) }),
            tokenSource({
              _id: TOK.foe,
              name: "Foe",
              actorId: FOE,
              actorLink: true,
              disposition: -1,
              ...cell(6, 5),
            }),
          ],
        }),
      ],
    },
  });
  // Alice's assigned character (v13 User#character): whom a journal's buttons roll for on her page.
  await table.client(GM_ID).run(() => G().game.users.get(ALICE_ID).update({ character: EUSYL }));
  await table.settle();
}

/** The client opens a journal page holding `content` (a page of the rules pack's kind) and gets its rendered body. */
async function journal(c: Client, content: string): Promise<HTMLElement> {
  const el = await c.run(async () => {
    const pack = G().game.packs.get("frontier-tactics.rules");
    const entry = new JournalEntry(
      {
        _id: "enricherJournal1",
        name: "Enrichers",
        pages: [{ _id: "enricherPage0001", name: "Page", text: { content } }],
      },
      pack,
    );
    await entry.sheet.render({ force: true });
    return entry.sheet.element as HTMLElement;
  });
  await c.run(() => settleApps());
  return el;
}

/** Each enricher button (and rule reference) on the page: its words, kind and whether it is disabled with why. */
function buttons(el: HTMLElement): string[] {
  return [
    ...el.querySelectorAll<HTMLElement>(".journal-page-content .ft-enricher, .journal-page-content .ft-rule"),
  ].map(
    (b) =>
      `${b.dataset.ftEnricher ?? "rule"}: ${text(b)}${b.getAttribute("aria-disabled") === "true" ? ` (disabled: ${b.dataset.tooltipText})` : ""}`,
  );
}

/**
 * The user clicks the button. Its listener is on the page's body, as core's inline rolls' (v13
 * `TextEditor.activateListeners`), and loads what it runs on first use: no app action tracks it, so the table is
 * settled until `done` holds (or 200 rounds have passed: the check after this then fails with what it sees).
 */
const press = async (c: Client, el: HTMLElement, done: () => boolean, init: Record<string, unknown> = {}) => {
  c.run(() => click(el, init));
  for (let i = 0; i < 200 && !done(); i++) {
    await table.settle();
    await c.run(() => settleApps());
  }
};
const messages = (c: Client) => c.run(() => G().game.messages.size as number);

describe("scenario: enrichers in journals and item text roll as the sheet does (issue 33)", () => {
  it("SF-B-24 SF-B-13 SF-X-24: Alice's journal page — the check, the attack, the damage, the rule reference; the skill check is none in Alpha Dawn", async () => {
    await open("alphaDawn");
    const alice = table.client(ALICE_ID);
    const page = await journal(alice, PAGE);
    expect(buttons(page)).toEqual([
      "check: Strength check −10",
      "attack: Attack: Automatic Pistol",
      "damage: Damage 2d10",
      "rule: SF-X-24",
      "check: Projectile Weapons check (disabled: No such check in Star Frontiers Alpha Dawn (percentile).)",
      "rule: SW-21",
    ]);
    const at = (kind: string, n = 0) =>
      page.querySelectorAll<HTMLElement>(`[data-ft-enricher="${kind}"]`)[n]!;
    // SF-B-24: d100 30 against STR 40 − 10: every page reads the check, in its own words.
    table.dice(30);
    await press(alice, at("check"), () => messages(table.client(BRUNO_ID)) === 1);
    expect(onEveryClient(table, () => lastMessageText(table.client(G().game.userId)))).toEqual(
      everyone(table, "Strength · hard −10 (SF-B-24) 30 (SF-B-24): Success"),
    );
    // SF-B-13: the attack at her target, shift-clicked (no dialog): d100 12 hits, 7 damage.
    alice.target(TOK.foe);
    table.dice(12, 7);
    await press(alice, at("attack"), () => messages(table.client(GM_ID)) === 2, { shiftKey: true });
    const cardId = alice.run(() => G().game.messages.contents.at(-1).id as string);
    expect(onEveryClient(table, () => G().game.messages.get(cardId)?.type)).toEqual(
      everyone(table, "attack"),
    );
    expect(
      text(
        targetBlock(renderMessage(table.client(GM_ID), cardId), "Foe").querySelector(
          '[data-ft-action="apply"]',
        ),
      ),
    ).toBe("Apply 7 → Stamina 40 → 33");
    // The damage roll: 2d10, 4 + 6 = 10, on every page.
    table.dice(4, 6);
    await press(alice, at("damage"), () => messages(table.client(BRUNO_ID)) === 3);
    expect(
      onEveryClient(table, () => {
        const r = G().game.messages.contents.at(-1).rolls[0];
        return `${r.formula} = ${r.total}`;
      }),
    ).toEqual(everyone(table, "2d10 = 10"));
    // Review-ux 3.7: the card says what was rolled, in each reader's language.
    expect(onEveryClient(table, () => lastMessageText(table.client(G().game.userId)))).toEqual(
      everyone(table, "Damage 2d10: 4 + 6 = 10"),
    );
    // No skill check in Alpha Dawn: the click is told why and rolls nothing.
    const before = alice.run(() => G().game.messages.size as number);
    await press(alice, at("check", 1), () => told(alice).length > 0);
    expect(told(alice)).toContain("warn: No such check in Star Frontiers Alpha Dawn (percentile).");
    expect(alice.run(() => G().game.messages.size as number)).toBe(before);
    // SF-X-24: the reference opens the Rule Index at the rule.
    await activate(
      table,
      alice,
      page.querySelector<HTMLElement>('.journal-page-content .ft-rule[data-ft-rule="SF-X-24"]')!,
      "click",
    );
    expect(openJournals(alice).map((j) => j.at)).toContain("sf-x-24 SF-X-24");
    await closeJournals(alice);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21: in a Star Wars d20 world the ability check is a button (review-play 2.4: it rolls, enrichers-d20.test.ts), the skill check is none (disabled, told why) and @Rule[SW-21] is the Charge rule's reference", async () => {
    await open("d20");
    const bruno = table.client(BRUNO_ID);
    const page = await journal(
      bruno,
      '<p>@Check[str] and @Check[skill="Projectile Weapons"] and @Rule[SW-21] and @Rule[XX-99]</p>',
    );
    expect(buttons(page)).toEqual([
      "check: Strength check",
      "check: Projectile Weapons check (disabled: No such check in d20 (Star Wars RCR).)",
      "rule: SW-21",
    ]);
    expect(page.querySelector<HTMLElement>('.ft-rule[data-ft-rule="SW-21"]')?.dataset.tooltipText).toBe(
      "SW-21 · Charge — Star Wars d20 Revised combat",
    );
    // An unknown rule ID stays as written.
    expect(text(page.querySelector(".journal-page-content"))).toContain("@Rule[XX-99]");
    expect(table.unhandled).toEqual([]);
  });

  it("SF-Z-02 SF-Z-04: a Zebulon skill check in the weapon's own text rolls for the sheet's actor, its owner (a toggled editor draws the button; level 2, −1 CS → column +1)", async () => {
    await open("zebulon", '<p>Practice: @Check[skill="Projectile Weapons" shifts=-1]{Drill}</p>');
    const alice = table.client(ALICE_ID);
    // Not Alice's character this time: the item's own actor rolls.
    await table.client(GM_ID).run(() => G().game.users.get(ALICE_ID).update({ character: null }));
    await table.settle();
    await alice.run(() => G().game.actors.get(EUSYL).items.get(GUN).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    const sheet = alice.run(() => G().game.actors.get(EUSYL).items.get(GUN).sheet.element as HTMLElement);
    const drill = sheet.querySelector<HTMLElement>('[data-ft-enricher="check"]');
    expect(text(drill)).toBe("Drill");
    table.dice(20);
    await press(alice, drill!, () => messages(table.client(BRUNO_ID)) === 1);
    expect(onEveryClient(table, () => lastMessageText(table.client(G().game.userId)))).toEqual(
      everyone(table, "Projectile Weapons · Column +1 (−1 CS, SF-Z-02) (SF-Z-04): Green"),
    );
    // v13's toggled editor (prosemirror-editor.mjs): the pen opens the raw text for editing, where no button is drawn.
    const editor = sheet.querySelector<HTMLElement>('prose-mirror[name="system.description"]')!;
    expect(editor.querySelector('[data-ft-enricher="check"]')).not.toBeNull();
    alice.run(() => editor.querySelector<HTMLButtonElement>("button.toggle")!.click());
    expect(editor.querySelector('[data-ft-enricher="check"]')).toBeNull();
    expect(text(editor.querySelector(".editor-content"))).toBe(
      'Practice: @Check[skill="Projectile Weapons" shifts=-1]{Drill}',
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-24 review-trust 2.1: an @Check in the Foe's text (an actor Alice does not own) rolls for her own character; an @Attack with the Foe's weapon UUID attacks with Eusyl's weapon of that name; the tooltip says who rolls", async () => {
    await open("alphaDawn");
    const alice = table.client(ALICE_ID);
    const foeGun = `Actor.${FOE}.Item.${id("itmFoeGunEnrich")}`;
    // The Foe's text, enriched on Alice's page as its sheet would (relativeTo the Foe).
    const el = await alice.run(async () => {
      const html = await G().foundry.applications.ux.TextEditor.implementation.enrichHTML(
        `<p>@Check[str] and @Attack[${foeGun}]{Open the map}</p>`,
        { relativeTo: G().game.actors.get(FOE) },
      );
      const div = document.createElement("div");
      div.innerHTML = html;
      document.body.append(div);
      return div;
    });
    const [check, attackButton] = [...el.querySelectorAll<HTMLElement>(".ft-enricher")];
    expect([check!.dataset.tooltipText, attackButton!.dataset.tooltipText]).toEqual([
      "Your selected token or character rolls",
      "Your selected token or character rolls",
    ]);
    // SF-B-24: d100 30 against Eusyl's STR 40 (not the Foe's).
    table.dice(30);
    await press(alice, check!, () => messages(table.client(BRUNO_ID)) === 1);
    expect(alice.run(() => G().game.messages.contents.at(-1).speaker.actor)).toBe(EUSYL);
    // The attack: Eusyl's own Automatic Pistol at her target (shift: no dialog); no write to the Foe's gun.
    alice.target(TOK.foe);
    table.dice(12, 7);
    await press(alice, attackButton!, () => messages(table.client(GM_ID)) === 2, { shiftKey: true });
    expect(alice.run(() => G().game.messages.contents.at(-1).speaker.actor)).toBe(EUSYL);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("review-trust 2.2: a link a player wrote in raw HTML with the enricher's class and data does nothing when the GM clicks it (only buttons the page built roll); a sealed button whose formula was changed to a huge one is ignored too", async () => {
    await open("alphaDawn");
    const gm = table.client(GM_ID);
    // The GM plays the Foe (their assigned character): whom a journal's @Damage speaks for on their page.
    await gm.run(() => G().game.users.get(GM_ID).update({ character: FOE }));
    await table.settle();
    const forged = [
      `<p><a class="ft-enricher" data-ft-enricher="check" data-ability="str" data-actor-uuid="Actor.${FOE}">Next page</a>`,
      `<a class="ft-enricher" data-ft-enricher="damage" data-formula="2d10">Map</a> @Damage[2d10]</p>`,
    ].join(" ");
    const page = await journal(gm, forged);
    const links = [...page.querySelectorAll<HTMLElement>(".journal-page-content a.ft-enricher")];
    expect(links.map((a) => text(a))).toEqual(["Next page", "Map", "Damage 2d10"]);
    for (const a of links.slice(0, 2)) {
      gm.run(() => click(a));
      for (let i = 0; i < 20; i++) await table.settle();
    }
    expect(onEveryClient(table, () => G().game.messages.size as number)).toEqual(everyone(table, 0));
    // The real button, its formula changed by a script to a thousand-die roll: ignored as well.
    links[2]!.dataset.formula = "999d1000";
    gm.run(() => click(links[2]!));
    for (let i = 0; i < 20; i++) await table.settle();
    expect(gm.run(() => G().game.messages.size as number)).toBe(0);
    // As built, it rolls.
    links[2]!.dataset.formula = "2d10";
    table.dice(4, 6);
    await press(gm, links[2]!, () => messages(table.client(BRUNO_ID)) === 1);
    expect(table.client(BRUNO_ID).run(() => G().game.messages.contents.at(-1).rolls[0].total)).toBe(10);
    expect(told(gm).filter((t) => !t.startsWith("info"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
