/**
 * Scenario (trust review H3, H4, H5, H7): bad input played from real clients. Each is refused with a clear
 * notification and loses nothing, or reaches other users' screens only as text, or does not reach a player at all.
 *
 *  - H3: the GM saves the Alpha Dawn overrides from a macro with `{"__proto__":{"toString":1}}`, then with an
 *    automatic-hit range of 1000: refused with a notification naming the entry; the stored value stays.
 *  - H4: the GM saves a Zebulon table whose name is 2,000,000 characters: refused; the stored table stays.
 *  - H5: Alice's skill item is named `<img src=x onerror=alert(1)>`; her skill check's flavor holds it as text.
 *  - H7: Alice rolls a blind Dexterity check (score 40, d100 12: a success, SF-B-24): the data her client holds
 *    has no score and no verdict; the GM's rendered message shows "40 (SF-B-24): Success".
 */
import { describe, expect, it } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, G, GM_ID, settingSource } from "./kit.js";

const EUSYL = "eusylBadInput001";
const SKILL = "evilSkillItem001";
const EVIL = "<img src=x onerror=alert(1)>";
let table: Table;
closeTableAfterEach(() => table);

const stored = (key: string) => {
  const s = table.server.world.settings.find((x) => x.key === `frontier-tactics.${key}`);
  return s ? JSON.parse(s.value) : undefined;
};

async function open(engine: "alphaDawn" | "zebulon") {
  table = await createTable({
    online: [GM_ID, ALICE_ID],
    world: {
      actors: [
        {
          _id: EUSYL,
          name: "Eusyl",
          type: "character",
          system: { abilities: { dex: { value: 40 } } },
          items: [{ _id: SKILL, name: EVIL, type: "skill", system: { level: 2 } }],
          ownership: { default: 0, [ALICE_ID]: 3 },
        },
      ],
      settings: [
        settingSource("settingEngine001", "engine", engine),
        settingSource("settingOverride1", "alphaDawnOverrides", { carefulAim: 10 }),
      ],
    },
  });
}

describe("scenario: bad input at the table", () => {
  it("H3 the GM's overrides with an inherited key or an out-of-range number are refused and nothing is stored", async () => {
    await open("alphaDawn");
    const gm = table.client(GM_ID);
    const before = table.server.log.length;
    await gm.run(() =>
      G().game.settings.set(
        "frontier-tactics",
        "alphaDawnOverrides",
        JSON.parse('{"__proto__":{"toString":1}}'),
      ),
    );
    await gm.run(() => G().game.settings.set("frontier-tactics", "alphaDawnOverrides", { autoHitMax: 1000 }));
    await table.settle();
    expect(table.server.log.length).toBe(before);
    expect(stored("alphaDawnOverrides")).toEqual({ carefulAim: 10 });
    const warned = gm.notifications.log.filter((n) => n.type === "warn").map((n) => n.message);
    expect(warned).toEqual([
      "The Alpha Dawn numbers could not be read: __proto__.",
      "The Alpha Dawn number autoHitMax must be a whole number from 0 to 100; nothing was saved.",
    ]);
    // A good value is still saved, and the engine reads it.
    await gm.run(() => G().game.settings.set("frontier-tactics", "alphaDawnOverrides", { autoHitMax: 10 }));
    await table.settle();
    expect(stored("alphaDawnOverrides")).toEqual({ autoHitMax: 10 });
    expect(table.unhandled).toEqual([]);
  });

  it("H4 a Zebulon table with a 2,000,000-character name is refused and the stored table stays", async () => {
    await open("zebulon");
    const gm = table.client(GM_ID);
    const good = gm.run(() => G().game.settings.get("frontier-tactics", "zebulonTable"));
    await gm.run(() =>
      G().game.settings.set("frontier-tactics", "zebulonTable", { ...good, name: "x".repeat(2_000_000) }),
    );
    await table.settle();
    expect(stored("zebulonTable")).toBeUndefined();
    expect(gm.notifications.log.map((n) => n.message)).toContain(
      "The table's name must be text of at most 100 characters.",
    );
    for (const c of table.all)
      expect(c.run(() => G().game.settings.get("frontier-tactics", "zebulonTable").name)).toBe(
        "Frontier Tactics default",
      );
  });

  it("H5 SF-Z-04 a skill named with markup is rolled: the flavor every client holds has it as text", async () => {
    await open("zebulon");
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    table.dice(10);
    const button = alice.run(() => document.querySelector<HTMLElement>('[data-action="skillCheck"]'));
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    // Issue 33: the message stores the rule ID and the skill's name in its flag; each page writes the title line
    // (check-verdict.ts), where the name is text: no element is made of it.
    for (const c of table.all) {
      const flavor = c.run(() => G().game.messages.contents.at(-1).flavor as string);
      expect(flavor).toBe("SF-Z-04");
      const shown = c.run(() => {
        const m = G().game.messages.contents.at(-1);
        const el = document.createElement("div");
        el.innerHTML = `<span class="flavor-text">${m.flavor}</span><div class="message-content"></div>`;
        G().Hooks.callAll("renderChatMessageHTML", m, el, {});
        const title = el.querySelector(".flavor-text")!;
        return { text: title.textContent ?? "", img: title.querySelector("img") !== null };
      });
      expect(shown.text.startsWith("<img src=x onerror=alert(1)> · ")).toBe(true);
      expect(shown.img).toBe(false);
    }
    expect(table.unhandled).toEqual([]);
  });

  it("H7 SF-B-24 a blind ability check: Alice's data has no score or verdict; the GM sees them", async () => {
    await open("alphaDawn");
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.settings.set("core", "rollMode", "blindroll"));
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    table.dice(12);
    const dex = alice.run(() =>
      document.querySelector<HTMLElement>('[data-action="abilityCheck"][data-ability="dex"]'),
    );
    alice.run(() => click(dex!));
    await alice.run(() => settleApps());
    await table.settle();
    const data = alice.run(() => JSON.stringify(G().game.messages.contents.at(-1)._source));
    expect(data).not.toMatch(/Success|Failure|\b40\b/);
    const shown = (id: string) =>
      table.client(id).run(() => {
        const m = G().game.messages.contents.at(-1);
        const el = document.createElement("div");
        el.innerHTML = `<div class="message-content"></div>`;
        G().Hooks.callAll("renderChatMessageHTML", m, el, {});
        return el.textContent?.trim();
      });
    expect(shown(GM_ID)).toBe("40 (SF-B-24): Success");
    expect(shown(ALICE_ID)).toBe("");
    expect(table.unhandled).toEqual([]);
  });

  it("H10 SF-B-15 lowering maximum Stamina below the current value lowers the current value with it", async () => {
    await open("alphaDawn");
    const alice = table.client(ALICE_ID);
    // Eusyl has the default 45 of 45; Alice sets the maximum to 30 (the sheet's max field).
    await alice.run(() => G().game.actors.get(EUSYL).update({ "system.stamina.max": 30 }));
    await table.settle();
    for (const c of table.all)
      expect(c.run(() => G().game.actors.get(EUSYL).system.stamina)).toMatchObject({ value: 30, max: 30 });
    expect(table.server.world.actors[0]!.system.stamina).toEqual({ value: 30, max: 30 });
    expect(alice.notifications.log.filter((n) => n.type === "error")).toEqual([]);
  });
});
