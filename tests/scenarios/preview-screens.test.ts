/**
 * Issue 33's new screens, played through the table harness as a user opens them, for `npm run previews` (review-play
 * 1.4): the harness's real HTML of each screen — the weapon tables of each game (SWN with its notice), the chat
 * card's context menu, the tracker's combatant menu, the object strike dialog with its roll mode, the SWN Morale
 * roll-mode prompt, a journal page with enricher buttons, and a check card in the reader's language (the test-only
 * second locale, tests/fixtures/lang/xx.json) beside the same card in English.
 *
 * Each test checks what the user sees on that screen; when FT_PREVIEW_DUMP names a directory (scripts/previews.ts
 * sets it) each screen is also written there as JSON (`{name, title, kind, classes, width, height, html}`), which the
 * previews draw in light and dark and audit with axe. A menu is drawn as v13's ContextMenu#render builds it
 * (client/applications/ux/context-menu.mjs: `nav#context-menu > menu.context-items > li.context-item`, the entry's
 * icon with `fa-fw`, then its localized name in a span), from the entries this user is offered.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  ContextMenu,
  change,
  click,
  contextEntries,
  openDialogs,
  resetAppRecords,
  settle as settleApps,
} from "../foundry/apps.js";
import { CompendiumDirectory, JournalEntry } from "../foundry/compendium.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  coreBody,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster, startByCount, swnSettings } from "./kit-d20.js";
import { openSheet } from "./kit-grenades.js";
import { reads } from "./kit-lang.js";
import { row, tracker } from "./kit-phases.js";
import { answerPrompt, clickSheet, promptField } from "./kit-zebulon.js";

let table: Table;
vi.setConfig({ testTimeout: 60_000 });
closeTableAfterEach(() => table, resetAppRecords);

interface Screen {
  name: string;
  title: string;
  kind: "app" | "chat" | "sidebar";
  classes: string;
  width: number;
  height: number;
  html: string;
}

/** Writes the screen for the previews when FT_PREVIEW_DUMP is set. */
function keep(screen: Screen): void {
  const dir = process.env.FT_PREVIEW_DUMP;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${screen.name}.json`), JSON.stringify(screen));
}

/** An app window's content and title, as `client` has it. */
const appParts = (client: Client, el: HTMLElement) =>
  client.run(() => ({
    title: text(el.querySelector(".window-title")) || "",
    classes: [...el.classList].filter((c) => c !== "application" && c !== "app").join(" "),
    html: (el.querySelector(".window-content") ?? el).innerHTML,
  }));

/** The menu `client`'s user gets on `target`, as v13's ContextMenu#render draws it (see header). */
function menuHtml(client: Client, target: HTMLElement): string {
  const entries = client.run(() => contextEntries(target));
  return client.run(() => {
    const d = G().document as Document;
    const nav = d.createElement("nav");
    nav.id = "context-menu";
    const menu = d.createElement("menu");
    menu.classList.add("context-items");
    nav.append(menu);
    for (const item of entries) {
      const li = d.createElement("li");
      li.className = "context-item";
      if (item.icon) {
        li.insertAdjacentHTML("afterbegin", String(item.icon));
        li.querySelector("i")?.classList.add("fa-fw");
      }
      const span = d.createElement("span");
      span.append(G().game.i18n.localize(item.name));
      li.append(span);
      menu.append(li);
    }
    return nav.outerHTML;
  });
}

/**
 * The chat message as `client`'s log draws it (as kit.ts `renderMessage`, with v13's header first:
 * client/documents/chat-message.mjs `renderHTML` puts the flavor in `.message-header .flavor-text`), then the
 * system's `renderChatMessageHTML` hook — which writes a check's title into that flavor (check-verdict.ts).
 */
function messageHtml(client: Client, messageId: string): string {
  return client.run(() => {
    const message = G().game.messages.get(messageId);
    const li = G().document.createElement("li") as HTMLElement;
    li.className = "chat-message message";
    li.dataset.messageId = messageId;
    const flavor = message.flavor ? `<span class="flavor-text">${message.flavor}</span>` : "";
    li.innerHTML = `<header class="message-header">${flavor}</header><div class="message-content">${coreBody(message)}</div>`;
    G().document.body.append(li);
    G().Hooks.callAll("renderChatMessageHTML", message, li, {});
    return li.innerHTML;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The weapon tables of each game.

const GAMES = [
  { game: "alphaDawn", settings: [settingSource(id("setEnginePvAd"), "engine", "alphaDawn")] },
  { game: "zebulon", settings: [settingSource(id("setEnginePvZe"), "engine", "zebulon")] },
  { game: "d20", settings: [settingSource(id("setEnginePvD2"), "engine", "d20")] },
  { game: "swn", settings: swnSettings("PvSwn") },
];

describe("previews of issue 33's screens, from the harness's real HTML", () => {
  it.each(GAMES)(
    "Issue 33: the weapon tables in $game, as the GM opens them from the compendium sidebar",
    async ({ game, settings }) => {
      table = await createTable({ online: [GM_ID], world: { settings } });
      const gm = table.client(GM_ID);
      const sidebar = await gm.run(async () => {
        const app = new CompendiumDirectory();
        await app.render({ force: true });
        return app.element as HTMLElement;
      });
      gm.run(() => click(sidebar.querySelector<HTMLElement>(".header-actions .ft-open-weapon-tables")!));
      await table.settle();
      await gm.run(() => settleApps());
      const el = gm.run(
        () => G().foundry.applications.instances.get("ft-weapon-tables").element as HTMLElement,
      );
      expect(el.querySelectorAll("tr.ft-wt-row").length).toBeGreaterThan(10);
      // SWN-15: the SWN world's notice, first; no other game has one.
      expect(!!el.querySelector(".ft-wt-notice")).toBe(game === "swn");
      keep({
        name: `issue33-weapon-tables-${game}`,
        kind: "app",
        width: 960,
        height: 900,
        ...appParts(gm, el),
      });
    },
  );

  // -------------------------------------------------------------------------------------------------------------
  // A check card in the reader's language, and the chat card's context menu (Star Frontiers Alpha Dawn).

  const SCENE = id("scenePvAd");
  const HERO = id("actHeroPv");
  const FOE = id("actFoePv");
  const GUN = id("itmGunPv");
  const TOK = { hero: id("tokHeroPv"), foe: id("tokFoePv") };
  const alphaDawn = async (online: string[] | "every") => {
    table = await createTable({
      online,
      world: {
        settings: [settingSource(id("setEnginePvAd2"), "engine", "alphaDawn")],
        actors: [
          actorSource({
            _id: HERO,
            name: "Eusyl",
            owner: ALICE_ID,
            stamina: 50,
            abilities: { dex: 50, str: 40 },
            items: [itemFromPack("weapons", "automatic-pistol", GUN)],
          }),
          actorSource({ _id: FOE, name: "Foe", stamina: 40 }),
        ],
        scenes: [
          sceneSource({
            _id: SCENE,
            name: "Hangar",
            tokens: [
              tokenSource({ _id: TOK.hero, name: "Eusyl", actorId: HERO, actorLink: true, ...cell(5, 5) }),
              foeToken(TOK.foe, "Foe", FOE, cell(6, 5)),
            ],
          }),
        ],
      },
    });
  };

  it("Issue 33 SF-B-24: Alice's hard −10 Strength check, in English on the GM's page and in the second locale on Bruno's", async () => {
    await alphaDawn([GM_ID, ALICE_ID, BRUNO_ID]);
    reads(table.client(BRUNO_ID));
    const alice = table.client(ALICE_ID);
    await clickSheet(table, alice, HERO, '[data-action="abilityCheck"][data-ability="str"]', { shift: true });
    alice.run(() => change(promptField(alice, "adjustment") as HTMLInputElement, -10));
    table.dice(30);
    await answerPrompt(table, alice);
    const msg = alice.run(() => G().game.messages.contents.at(-1).id as string);
    for (const [who, client] of [
      ["gm", table.client(GM_ID)],
      ["xx", table.client(BRUNO_ID)],
    ] as const) {
      const html = messageHtml(client, msg);
      for (const word of who === "xx"
        ? ["Stärke · schwer −10", "Erfolg"]
        : ["Strength · hard −10", "Success"])
        expect(html).toContain(word);
      keep({
        name: `issue33-check-card-${who}`,
        title: "Chat",
        kind: "chat",
        classes: "",
        width: 300,
        height: 260,
        html,
      });
    }
  });

  it("Issue 33: the chat card's context menu — the GM's on Alice's hit (×½, Undo, ×2, heal) and Alice's (Apply only)", async () => {
    await alphaDawn("every");
    const alice = table.client(ALICE_ID);
    alice.target(TOK.foe);
    table.dice(12, 7);
    await alice.run(() => G().game.system.api.attack(`Actor.${HERO}`, GUN, { fast: true }));
    await table.settle();
    const msg = alice.run(() => G().game.messages.contents.at(-1).id as string);
    // The GM has the Foe selected; Alice targets the Foe with her Eusyl selected (card-menu.test.ts).
    const control = (client: Client, tokenId: string) =>
      client.run(() => G().canvas.tokens.get(tokenId).control({ releaseOthers: true }));
    control(table.client(GM_ID), TOK.foe);
    alice.target(TOK.foe);
    control(alice, TOK.hero);
    for (const [who, client, offered] of [
      [
        "gm",
        table.client(GM_ID),
        ["FT.CardMenu.selected", "FT.CardMenu.half", "FT.CardMenu.double", "FT.CardMenu.heal"],
      ],
      ["player", alice, ["FT.CardMenu.selected", "FT.CardMenu.targeted"]],
    ] as const) {
      const li = renderMessage(client, msg);
      client.run(() => {
        const log = G().document.createElement("ol") as HTMLElement;
        log.className = "chat-log";
        G().document.body.append(log);
        log.append(li);
        const entries: unknown[] = [];
        G().Hooks.call("getChatMessageContextOptions", null, entries);
        new ContextMenu(log, ".message[data-message-id]", entries as Record<string, unknown>[], {
          jQuery: false,
        });
      });
      expect(client.run(() => contextEntries(li)).map((e) => e.name)).toEqual(offered);
      const menu = menuHtml(client, li);
      keep({
        name: `issue33-card-menu-${who}`,
        title: "Chat",
        kind: "chat",
        classes: "",
        width: 300,
        height: 700,
        html: `${messageHtml(client, msg)}${menu}`,
      });
    }
  });

  // -------------------------------------------------------------------------------------------------------------
  // The tracker's combatant menu and the object strike dialog (Star Wars d20).

  it("Issue 33 SW-34: the GM's combatant menu on the acting Guard, in the tracker", async () => {
    const SC = id("scenePvMenu");
    const KARA = id("actKaraPvMenu");
    const GUARD = id("actGuardPvMenu");
    const tok = { kara: id("tokKaraPvMenu"), guard: id("tokGuardPvMenu") };
    table = await createTable({
      online: [GM_ID, ALICE_ID],
      world: {
        settings: [settingSource(id("setEnginePvMenu"), "engine", "d20")],
        actors: [karaWithBlaster(KARA, id("itmPistolPvMenu")), d20Foe(GUARD, "Guard", HEROIC_POOLS)],
        scenes: [
          sceneSource({
            _id: SC,
            name: "Hangar",
            tokens: [
              tokenSource({ _id: tok.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
              foeToken(tok.guard, "Guard", GUARD, cell(12, 5)),
            ],
          }),
        ],
      },
    });
    await startByCount(
      table,
      SC,
      [
        { tokenId: tok.kara, actorId: KARA },
        { tokenId: tok.guard, actorId: GUARD },
      ],
      (name) => (name === "Guard" ? 18 : 14),
    );
    const gm = table.client(GM_ID);
    const el = await tracker(gm);
    const guard = row(el, "Guard");
    expect(gm.run(() => contextEntries(guard)).map((e) => e.name)).toContain("FT.D20.Initiative.delay");
    const menu = menuHtml(gm, guard);
    // Our part of the tracker (apps/tracker.hbs), as the other tracker previews show it (core's header is core's),
    // the row marked as v13's menu marks its target (`target.classList.add("context")`), and the menu after it: a
    // fixed menu is appended to the body (context-menu.mjs `_setFixedPosition`), not inside the row's flex line.
    const html = gm.run(() => {
      guard.classList.add("context");
      return `${(el.querySelector('[data-application-part="tracker"]') ?? el).outerHTML}${menu}`;
    });
    keep({
      name: "issue33-tracker-menu-gm",
      title: "Combat Tracker",
      kind: "sidebar",
      classes: "",
      width: 300,
      height: 700,
      html,
    });
  });

  it("Issue 33 SW-40: Alice's object strike dialog with its roll mode", async () => {
    const SC = id("scenePvStrike");
    const KARA = id("actKaraPvStrk");
    const THUG = id("actThugPvStrk");
    const tok = { kara: id("tokKaraPvStrk"), thug: id("tokThugPvStrk") };
    table = await createTable({
      online: [GM_ID, ALICE_ID],
      world: {
        settings: [settingSource(id("setEngPvStrike"), "engine", "d20")],
        actors: [
          actorSource({
            _id: KARA,
            name: "Kara",
            owner: ALICE_ID,
            system: { d20: { bab: 3, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
            items: [
              itemFromPack(
                "d20",
                "lightsaber",
                id("itmBladePv"),
                { d20: { damage: "2d6", threat: 20 } },
                "Vibroblade",
              ),
            ],
          }),
          d20Foe(THUG, "Thug", HEROIC_POOLS),
        ],
        scenes: [
          sceneSource({
            _id: SC,
            name: "Ledge",
            tokens: [
              tokenSource({ _id: tok.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
              foeToken(tok.thug, "Thug", THUG, cell(1, 5)),
            ],
          }),
        ],
      },
    });
    const alice = table.client(ALICE_ID);
    alice.target(tok.thug);
    const sheet = await openSheet(alice, KARA);
    alice.run(() =>
      click(sheet.querySelector<HTMLElement>('[data-action="specialAttack"][data-kind="object"]')!),
    );
    await alice.run(() => settleApps());
    await table.settle();
    const select = promptField(alice, "rollMode") as HTMLSelectElement;
    expect(alice.run(() => [...select.options].map((o) => o.value))).toEqual([
      "publicroll",
      "gmroll",
      "blindroll",
      "selfroll",
    ]);
    const dialog = alice.run(() => openDialogs().at(-1)!.element as HTMLElement);
    keep({
      name: "issue33-object-strike",
      kind: "app",
      width: 480,
      height: 700,
      ...dialogParts(alice, dialog),
    });
  });

  // -------------------------------------------------------------------------------------------------------------
  // The SWN Morale roll-mode prompt.

  it("Issue 33 SWN-10: Alice shift-clicks Read Morale on Kara's sheet: the roll-mode prompt", async () => {
    const SC = id("scenePvMor");
    const KARA = id("actKaraPvMor");
    const PIRATE = id("actPirPvMorale");
    const tok = { kara: id("tokKaraPvMor"), pirate: id("tokPirPvMorale") };
    table = await createTable({
      online: [GM_ID, ALICE_ID],
      world: {
        settings: swnSettings("PvMor"),
        actors: [
          actorSource({
            _id: KARA,
            name: "Kara",
            owner: ALICE_ID,
            system: { swn: { ab: 2, ac: 12, lead: 1, notice: 0, hp: { value: 12, max: 12 } } },
          }),
          actorSource({
            _id: PIRATE,
            name: "Boss",
            system: { swn: { ab: 1, ac: 12, morale: 8, hp: { value: 5, max: 5 } } },
          }),
        ],
        scenes: [
          sceneSource({
            _id: SC,
            name: "Docks",
            tokens: [
              tokenSource({ _id: tok.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
              foeToken(tok.pirate, "Boss", PIRATE, cell(8, 5)),
            ],
          }),
        ],
      },
    });
    await startByCount(
      table,
      SC,
      [
        { tokenId: tok.kara, actorId: KARA },
        { tokenId: tok.pirate, actorId: PIRATE },
      ],
      (name) => (name === "Kara" ? 20 : 10),
    );
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, KARA);
    const button = sheet.querySelector<HTMLElement>('[data-action="moraleAction"][data-kind="read"]')!;
    alice.run(() => click(button, { shiftKey: true }));
    await alice.run(() => settleApps());
    await table.settle();
    const select = promptField(alice, "rollMode") as HTMLSelectElement;
    expect(alice.run(() => select.value)).toBe("publicroll");
    const dialog = alice.run(() => openDialogs().at(-1)!.element as HTMLElement);
    keep({
      name: "issue33-morale-prompt",
      kind: "app",
      width: 400,
      height: 500,
      ...dialogParts(alice, dialog),
    });
  });

  // -------------------------------------------------------------------------------------------------------------
  // A journal page with each enricher, on Alice's page.

  it("Issue 33: a journal page with the check, attack, damage and rule enrichers, as Alice reads it", async () => {
    await alphaDawn([GM_ID, ALICE_ID]);
    await table.client(GM_ID).run(() => G().game.users.get(ALICE_ID).update({ character: HERO }));
    await table.settle();
    const alice = table.client(ALICE_ID);
    const content = [
      "<h2>Ambush at the hangar</h2>",
      "<p>Spot the sniper first: @Check[str -10]. Then return fire: @Attack[Automatic Pistol].</p>",
      "<p>The fuel tank bursts: @Damage[2d10] to everyone within 2 m. Bursts: @Rule[SF-X-24].</p>",
      '<p>Out of reach in Alpha Dawn: @Check[skill="Projectile Weapons" shifts=-1].</p>',
    ].join("");
    const el = await alice.run(async () => {
      const pack = G().game.packs.get("frontier-tactics.rules");
      const entry = new JournalEntry(
        {
          _id: "previewJournal01",
          name: "Hangar",
          pages: [{ _id: "previewJPage0001", name: "Hangar", text: { content } }],
        },
        pack,
      );
      await entry.sheet.render({ force: true });
      return entry.sheet.element as HTMLElement;
    });
    await alice.run(() => settleApps());
    expect(el.querySelectorAll(".ft-enricher").length).toBe(4);
    // The page's text as the journal sheet shows it (the harness's page list stands in for core's, left out).
    const page = alice.run(() => (el.querySelector(".journal-page-content") ?? el).outerHTML);
    keep({
      name: "issue33-journal-enrichers",
      title: "Hangar",
      kind: "app",
      classes: "journal-entry-page",
      width: 640,
      height: 400,
      html: page,
    });
  });
});

/** A DialogV2's title, and its content and buttons (without v13's <form>, which the preview's window already is). */
function dialogParts(client: Client, el: HTMLElement) {
  return client.run(() => ({
    title: text(el.querySelector(".window-title")) || "",
    classes: [...el.classList].filter((c) => c !== "application" && c !== "app").join(" "),
    html: [...(el.querySelector("form") ?? el.querySelector(".window-content") ?? el).children]
      .map((c) => (c.tagName === "FORM" ? c.innerHTML : c.outerHTML))
      .join(""),
  }));
}
