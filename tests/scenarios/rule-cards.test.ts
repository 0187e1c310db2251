/**
 * Scenario (issue 28, "Chat cards as typed messages … rendered per viewer"): the small cards are `rule` messages.
 * What is stored is the card's data — its kind, rule id, title and lines as i18n keys and text — and `content` is
 * "": every client draws the card from that data, in its OWN language, in the `renderChatMessageHTML` hook. A `rule`
 * message a player's console forges with a kind or key this system does not write draws a notice on every client,
 * never its data, and throws nothing.
 *
 * Cards: SW-03 (the GM begins a d20 encounter: one initiative card) and SWN-13 (a side's Morale band falls as its
 * members fall: the GM's browser posts the card).
 */
import { describe, expect, it } from "vitest";
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
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster, startByCount, swnSettings } from "./kit-d20.js";

let table: Table;
closeTableAfterEach(() => table);

/** The newest message as this client holds it: its type, stored content and `system` data. */
const lastStored = (c: Client) =>
  c.run(() => {
    const m = G().game.messages.contents.at(-1);
    return {
      id: m.id as string,
      type: m.type as string,
      content: m.content as string,
      system: m.system.toObject(),
    };
  });

/** The newest message's body as this client's chat log draws it: its title, paragraphs and list items. */
const lastDrawn = (c: Client): string => {
  const li = renderMessage(c, lastStored(c).id);
  return [...li.querySelectorAll(".message-content :is(h3, p, li)")].map((e) => text(e)).join(" ");
};

/**
 * This client's page speaks another language for `strings` (as a translation module's file would): v13
 * `Localization#localize` and `#format` read the page's own translations, so only this page changes.
 */
function speaks(c: Client, strings: Record<string, string>): void {
  c.run(() => {
    const i18n = G().game.i18n;
    const { localize, format } = i18n;
    i18n.localize = (k: string) => strings[k] ?? localize(k);
    i18n.format = (k: string, data: Record<string, string> = {}) =>
      k in strings
        ? strings[k]!.replace(/{(\w+)}/g, (_m: string, n: string) => data[n] ?? `{${n}}`)
        : format(k, data);
  });
}

/* -------------------------------------------- */
/*  SW-03: the d20 initiative card              */
/* -------------------------------------------- */

const D20_SCENE = id("sceneRC");
const KARA = id("actKaraRC");
const THUG = id("actThugRC");
const PISTOL = id("itmPistolRC");
const TOK = { kara: id("tokKaraRC"), thug: id("tokThugRC") };

const d20World = () => ({
  settings: [settingSource(id("setEngineRC"), "engine", "d20")],
  actors: [karaWithBlaster(KARA, PISTOL), d20Foe(THUG, "Thug", { ...HEROIC_POOLS, abilities: { dex: 12 } })],
  scenes: [
    sceneSource({
      _id: D20_SCENE,
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
      ],
    }),
  ],
});

/** The GM begins the encounter (Kara Dex 14: d20 12 + 2 = 14; the Thug Dex 12: d20 9 + 1 = 10). */
async function gmBeginsEncounter(): Promise<void> {
  await table.client(GM_ID).run(async () => {
    const combat = await G().Combat.create({ scene: D20_SCENE, active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { tokenId: TOK.kara, sceneId: D20_SCENE, actorId: KARA },
      { tokenId: TOK.thug, sceneId: D20_SCENE, actorId: THUG },
    ]);
  });
  await table.settle();
  table.dice(12, 9);
  await table.client(GM_ID).run(() => G().game.combat.startCombat());
  await table.settle();
}

const INITIATIVE_TEXT =
  "Initiative (d20 + Dex, kept for the whole combat) SW-03 Kara: d20 12 + 2 = 14 Thug: d20 9 + 1 = 10";

describe("scenario: the small cards are typed `rule` messages, drawn per viewer (issue 28)", () => {
  it("SW-03: the initiative card stores its data and no HTML; every client draws the same text, and a client whose language differs draws its own words", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await gmBeginsEncounter();
    // What every client holds: a `rule` message with no stored HTML, its data typed.
    const stored = lastStored(table.client(ALICE_ID));
    expect(stored.type).toBe("rule");
    expect(stored.content).toBe("");
    expect(stored.system).toEqual({
      version: 1,
      kind: "ft-d20-initiative",
      ruleId: "SW-03",
      title: [{ key: "FT.D20.Initiative.title", text: "", data: [] }],
      lines: [
        { cls: "", parts: [{ key: "", text: "Kara: d20 12 + 2 = 14", data: [] }] },
        { cls: "", parts: [{ key: "", text: "Thug: d20 9 + 1 = 10", data: [] }] },
      ],
    });
    // Every client draws the same card from it.
    const drawn = Object.fromEntries(table.all.map((c) => [c.user.name as string, lastDrawn(c)]));
    expect(drawn).toEqual(everyone(table, INITIATIVE_TEXT));
    // Bruno's page speaks another language: his card says his words; the others' are unchanged.
    speaks(table.client(BRUNO_ID), { "FT.D20.Initiative.title": "Iniciativa (d20 + Des)" });
    expect(lastDrawn(table.client(BRUNO_ID))).toBe(
      "Iniciativa (d20 + Des) SW-03 Kara: d20 12 + 2 = 14 Thug: d20 9 + 1 = 10",
    );
    expect(lastDrawn(table.client(ALICE_ID))).toBe(INITIATIVE_TEXT);
    expect(lastDrawn(table.client(GM_ID))).toBe(INITIATIVE_TEXT);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-03: a `rule` message Alice's console forges — a kind, a key or a version this system does not write — draws a notice on every client, none of its data, and throws nothing; data that is not text is drawn as text", async () => {
    table = await createTable({ world: d20World(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const forge = (system: Record<string, unknown>) =>
      table.client(ALICE_ID).run(() =>
        G().ChatMessage.create({
          type: "rule",
          content: "",
          system: {
            kind: "ft-d20-initiative",
            ruleId: "SW-03",
            title: [{ key: "FT.D20.Initiative.title", text: "", data: [] }],
            lines: [{ cls: "", parts: [{ key: "", text: "Kara: d20 20 + 2 = 22", data: [] }] }],
            ...system,
          },
        }),
      );
    const NOTICE = "This card's data is not one this system writes; it is not shown.";
    for (const bad of [
      { kind: "ft-evil-card" },
      { lines: [{ cls: "", parts: [{ key: '<img src="x" onerror="alert(1)">', text: "", data: [] }] }] },
      {
        lines: [
          {
            cls: "",
            parts: [
              {
                key: "FT.SWN.Morale.bandLine",
                text: "",
                data: [{ name: "band", value: "<b>x</b>", i18n: true }],
              },
            ],
          },
        ],
      },
      { ruleId: "<i>SW-03</i>" },
      { lines: [{ cls: '"><img src=x>', parts: [] }] },
      { version: 99 },
    ]) {
      await forge(bad);
      await table.settle();
      for (const c of table.all) {
        const li = renderMessage(c, lastStored(c).id);
        expect(text(li.querySelector(".message-content"))).toBe(NOTICE);
        expect(li.querySelector("img, b, i")).toBeNull();
      }
    }
    // A well-formed one from the same console draws as written: what it says is text, escaped.
    await forge({ lines: [{ cls: "", parts: [{ key: "", text: "<b>Kara</b>: d20 20", data: [] }] }] });
    await table.settle();
    for (const c of table.all) {
      const li = renderMessage(c, lastStored(c).id);
      expect(li.querySelector("b")).toBeNull();
      expect(text(li.querySelector("li li"))).toBe("<b>Kara</b>: d20 20");
    }
    // Data that is not text (a number, an object) is cast to text when Foundry cleans it (v13 common/data/fields.mjs
    // `StringField#_cast`: `String(value)`), and drawn as that text, escaped.
    await forge({
      title: [{ key: "FT.SWN.Intimidate.title", text: "", data: [{ name: "side", value: 42, i18n: false }] }],
      lines: [{ cls: "", parts: [{ key: "", text: { evil: "<b>x</b>" }, data: [] }] }],
    });
    await table.settle();
    for (const c of table.all) expect(lastDrawn(c)).toBe("Intimidate 42 SW-03 [object Object]");
    expect(table.unhandled).toEqual([]);
  });
});

/* -------------------------------------------- */
/*  SWN-13: a side's Morale card                */
/* -------------------------------------------- */

const SWN_SCENE = id("sceneRCSwn");
const HERO = id("actKaraRCSwn");
const PIRATES = ["Boss", "Ash", "Bly", "Cole", "Dax"] as const;
const pirateId = (n: string) => id(`actPir${n}RC`);
const pirateTok = (n: string) => id(`tokPir${n}RC`);
const HERO_TOK = id("tokKaraRCSwn");

const swnWorld = () => ({
  settings: swnSettings("RC"),
  actors: [
    actorSource({
      _id: HERO,
      name: "Kara",
      owner: ALICE_ID,
      system: { swn: { ab: 2, ac: 12, hp: { value: 12, max: 12 } } },
    }),
    ...PIRATES.map((n) => ({
      ...actorSource({
        _id: pirateId(n),
        name: n,
        system: { swn: { ab: 1, ac: 12, morale: 8, hp: { value: 5, max: 5 } } },
      }),
      ownership: { default: 2 },
    })),
  ],
  scenes: [
    sceneSource({
      _id: SWN_SCENE,
      name: "Docks",
      tokens: [
        tokenSource({ _id: HERO_TOK, name: "Kara", actorId: HERO, actorLink: true, ...cell(0, 5) }),
        ...PIRATES.map((n, i) =>
          tokenSource({
            _id: pirateTok(n),
            name: n,
            actorId: pirateId(n),
            actorLink: true,
            disposition: -1,
            ...cell(8, 2 + i),
          }),
        ),
      ],
    }),
  ],
});

describe("scenario: a Morale card is a typed `rule` message, drawn per viewer (issue 28, SWN-13)", () => {
  it("SWN-13: the pirates' Morale falls as they fall — the card stores keys and names, no number and no HTML; each client draws it in its language", async () => {
    table = await createTable({ world: swnWorld(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    await startByCount(
      table,
      SWN_SCENE,
      [
        { tokenId: HERO_TOK, actorId: HERO },
        ...PIRATES.map((n) => ({ tokenId: pirateTok(n), actorId: pirateId(n) })),
      ],
      (name) => (name === "Kara" ? 20 : 10),
    );
    const rules = () =>
      table
        .client(GM_ID)
        .run(() => G().game.messages.filter((m: { type: string }) => m.type === "rule").length as number);
    const before = rules();
    // The GM fells the Boss, Ash and Bly (the GM's browser works out the band and posts the card).
    for (const n of ["Boss", "Ash", "Bly"]) {
      await table
        .client(GM_ID)
        .run(() => G().game.actors.get(pirateId(n)).update({ "system.swn.hp.value": 0 }));
      await table.settle();
    }
    expect(rules()).toBe(before + 1);
    const stored = lastStored(table.client(ALICE_ID));
    expect(stored.type).toBe("rule");
    expect(stored.content).toBe("");
    expect(stored.system).toEqual({
      version: 1,
      kind: "ft-morale-card",
      ruleId: "SWN-13",
      title: [
        { key: "FT.SWN.Morale.fell", text: "", data: [{ name: "side", value: "Hostile side", i18n: false }] },
      ],
      lines: [
        {
          cls: "ft-result",
          parts: [
            {
              key: "FT.SWN.Morale.bandLine",
              text: "",
              data: [
                { name: "side", value: "Hostile side", i18n: false },
                { name: "band", value: "FT.SWN.Morale.tacticalRetreat", i18n: true },
                { name: "effects", value: "FT.SWN.Morale.attackTerm", i18n: true },
                { name: "value", value: "−2", i18n: false },
                { name: "attack", value: "−2", i18n: false },
                { name: "ac", value: "0", i18n: false },
              ],
            },
          ],
        },
      ],
    });
    const ENGLISH = "Hostile side: Morale falls SWN-13 Hostile side: Tactical retreat — −2 to attack";
    expect(Object.fromEntries(table.all.map((c) => [c.user.name as string, lastDrawn(c)]))).toEqual(
      everyone(table, ENGLISH),
    );
    // Alice's page speaks another language: the band's name and the effect are hers.
    speaks(table.client(ALICE_ID), {
      "FT.SWN.Morale.tacticalRetreat": "Retirada táctica",
      "FT.SWN.Morale.attackTerm": "{value} al ataque",
    });
    expect(lastDrawn(table.client(ALICE_ID))).toBe(
      "Hostile side: Morale falls SWN-13 Hostile side: Retirada táctica — −2 al ataque",
    );
    expect(lastDrawn(table.client(GM_ID))).toBe(ENGLISH);
    expect(table.unhandled).toEqual([]);
  });
});
