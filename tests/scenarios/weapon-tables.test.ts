/**
 * Scenario (issues 33 and 32): the weapon-tables browser and the GM's world weapon-table editor, one window.
 *
 * 1. In each game the GM opens the browser from the compendium sidebar's button (v13 `renderCompendiumDirectory`) and
 *    sees every weapon, armour and defense of that game's packs, one row each, with the numbers the pack's items give
 *    — read from the packs' index (`getIndex({fields})`), no document loaded.
 * 2. Sort by a column (again to reverse) and filter by name and by kind.
 * 3. Alice opens it from her sheet and drags a row onto the sheet: the sheet's own drop creates the item, flagged
 *    with its compendium source (v13 `fromDropData`), on every client.
 * 4. Star Frontiers' "never guess": the Automatic Rifle has no ranges in the sources, so Alice's copy cannot fire.
 *    The GM enters its bands once for the world; Alice's copy now fires and the card gives the SF range band of the
 *    distance; her item sheet and the browser say "entered by the GM".
 * 5. Export, then import into a fresh world, restores them; a player cannot write the setting; a malformed import is
 *    refused with a clear error and the setting is unchanged; a number a source gives is never overwritten.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { dropData, humanClick, resetAppRecords, typeInto } from "../foundry/apps.js";
import { CompendiumDirectory } from "../foundry/compendium.js";
import { pendingDice, scriptDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import { PACK_ROOT, packEntry } from "../pack-data.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  rowText,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

type Src = Record<string, any>;

/** Every entry of a pack's YAML sources (folders left out). */
function packEntries(pack: string): Src[] {
  const dir = join(PACK_ROOT, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => YAML.parse(readFileSync(join(dir, f), "utf8")) as Src)
    .filter((e) => !String(e._key ?? "").startsWith("!folders"));
}

const RIFLE = packEntries("weapons").find((e) => e.name === "Automatic Rifle")!;
const RIFLE_UUID = `Compendium.frontier-tactics.weapons.Item.${RIFLE._id}`;
const PISTOL = packEntries("weapons").find((e) => e.name === "Laser Pistol")!;
const PISTOL_UUID = `Compendium.frontier-tactics.weapons.Item.${PISTOL._id}`;

const EUSYL = id("actWtEusyl");
const PIRATE = id("actWtPirate");
const SCENE = id("sceneWtRange");
const TOK_EUSYL = id("tokWtEusyl");
const TOK_PIRATE = id("tokWtPirate");
const ALICE_RIFLE = id("itmWtRifle");

/** The GM's bands for the Automatic Rifle, from their own book (no source available to the project gives them). */
const ENTERED = { "ranges.pb": 5, "ranges.s": 40, "ranges.m": 100, "ranges.l": 150, "ranges.e": 300 };

function world(engine: string, extra: Src = {}): Src {
  return {
    settings: [
      settingSource(id("setEngine"), "engine", engine),
      settingSource(id("setPhases"), "enforcePhases", false),
      ...(extra.settings ?? []),
    ],
    actors: [
      actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 60 },
        stamina: 45,
        // Alice's copy, as a drop from the compendium made it (v13 `fromDropData` flags `_stats.compendiumSource`).
        items: [
          {
            ...itemFromPack("weapons", "automatic-rifle", ALICE_RIFLE),
            _stats: { compendiumSource: RIFLE_UUID },
          },
        ],
      }),
      actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    ],
    // 5 m squares: the pirate stands 12 squares (60 m) east of Eusyl.
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Range",
        grid: { size: 100, distance: 5, units: "m" },
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 500, y: 500 }),
          tokenSource({ _id: TOK_PIRATE, name: "Pirate", actorId: PIRATE, actorLink: true, x: 1700, y: 500 }),
        ],
      }),
    ],
  };
}

/** The user opens the compendium sidebar and clicks its Weapon tables button; the browser's element. */
async function openFromSidebar(client: Client): Promise<HTMLElement> {
  const sidebar = await client.run(async () => {
    const app = new CompendiumDirectory();
    await app.render({ force: true });
    return app.element as HTMLElement;
  });
  await client.run(() => humanClick(sidebar, ".header-actions .ft-open-weapon-tables"));
  await table.settle();
  return browser(client);
}
const browser = (client: Client): HTMLElement =>
  client.run(() => G().foundry.applications.instances.get("ft-weapon-tables").element as HTMLElement);

/** The browser's rows as the user reads them: name → cells by column header. */
function rowsOf(el: HTMLElement, visibleOnly = true): { name: string; cells: Record<string, string> }[] {
  const heads = [...el.querySelectorAll("thead th")].map((th) => th.textContent!.trim());
  return [...el.querySelectorAll<HTMLElement>("tr.ft-wt-row")]
    .filter((tr) => !visibleOnly || !tr.hidden)
    .map((tr) => {
      const cells = [...tr.children].map((c) => c.textContent!.trim());
      return { name: cells[0]!, cells: Object.fromEntries(heads.map((h, i) => [h, cells[i]!])) };
    });
}
const cell = (el: HTMLElement, name: string, column: string): string =>
  rowsOf(el, false).find((r) => r.name === name)!.cells[column]!;

/** SF-B: each band in its place under "PB/S/M/L/E", "—" for a band the weapon has not (review-play 1.1). */
const bandsOf = (s: Src): string => {
  const b = ["pb", "s", "m", "l", "e"].map((k) => s.ranges?.[k]);
  return b.some((v) => v !== null && v !== undefined)
    ? `${b.map((v) => v ?? "—").join("/")} ${s.rangeUnit === "squares" ? "□" : "m"}`
    : s.missing?.includes("ranges")
      ? "n/s"
      : "—";
};
const num = (v: unknown, missing: boolean, suffix = "") =>
  v === null || v === undefined ? (missing ? "n/s" : "—") : `${v}${suffix}`;

/** RCR Table 7-2's damage: the dice, "special" where the book gives none, "n/s" where no available source does. */
const d20Damage = (e: Src): string =>
  e.system.d20.damage ||
  (e.system.d20.noDamageDice ? "special" : e.system.missing.includes("d20.damage") ? "n/s" : "—");

/** An item's rendered sheet as its reader sees it: each named field's shown value, and whether it is flagged n/s. */
type SheetFields = Record<string, { value: string; flagged: boolean }>;

/** The item's own sheet, rendered on this client, read field by field (then closed). */
async function sheetFields(client: Client, uuid: string): Promise<{ type: string; fields: SheetFields }> {
  return client.run(async () => {
    const item = await G().fromUuid(uuid);
    await item.sheet.render({ force: true });
    const form = item.sheet.element as HTMLElement;
    const fields: SheetFields = {};
    for (const i of form.querySelectorAll<HTMLInputElement>("input[name], select[name]"))
      fields[i.name] = {
        value: i.type === "checkbox" ? String(i.checked) : i.value,
        flagged: !!i.closest(".ft-flag"),
      };
    await item.sheet.close();
    return { type: item.type as string, fields };
  });
}

/**
 * A number as the sheet shows it, written as the browser writes a cell: the value (with its unit), else "n/s" where
 * the sheet flags it as in no available source, else "—"; undefined when the sheet has no such field at all.
 */
const shown = (f: SheetFields, name: string, suffix = ""): string | undefined => {
  const x = f[name];
  if (!x) return undefined;
  return x.value !== "" ? `${x.value}${suffix}` : x.flagged ? "n/s" : "—";
};
/** SF-B: the bands of the sheet's band table, each in its place. */
const sheetBands = (f: SheetFields): string => {
  const b = ["pb", "s", "m", "l", "e"].map((k) => f[`system.ranges.${k}`]);
  if (b.some((x) => !x)) return "(no band table)";
  return b.some((x) => x!.value !== "")
    ? `${b.map((x) => x!.value || "—").join("/")} ${f["system.rangeUnit"]?.value === "squares" ? "□" : "m"}`
    : b[0]!.flagged
      ? "n/s"
      : "—";
};
/** Every item's sheet as read, by its name: its type and fields. */
type Sheets = readonly { name: string; type: string; fields: SheetFields }[];
/** The damage types a defense's sheet lists in its "protects against" rules. */
const ruleKinds = (f: SheetFields): string[] =>
  Object.entries(f)
    .filter(([k]) => /^system\.rules\.\d+\.kind$/.test(k))
    .map(([, v]) => v.value);
/** Star Frontiers (both games read the same items): the numbers of a weapon's or defense's sheet. */
const sfSheet = (type: string, f: SheetFields, all: Sheets): Record<string, string | undefined> => ({
  "Cost (Cr)": shown(f, "system.cost"),
  Mass: shown(f, "system.mass", " kg"),
  ...(type === "weapon"
    ? {
        "Range bands (PB/S/M/L/E)": sheetBands(f),
        // Review-play rank 3: the defenses whose own sheets say they act on this weapon's damage type, by name.
        Defense:
          all
            .filter(
              (d) => d.type === "defense" && ruleKinds(d.fields).includes(f["system.kind"]?.value ?? "?"),
            )
            .map((d) => d.name)
            .sort((a, b) => a.localeCompare(b))
            .join(", ") || "—",
        ROF: shown(f, "system.rof")?.replace(/^0\.5$/, "½"),
        ...(f["system.skill"]?.value === "melee"
          ? { "Melee mod.": shown(f, "system.meleeModifier")?.replace(/^([1-9])/, "+$1") }
          : {}),
      }
    : {}),
});
/** Star Wars d20 and SWN: the damage, range, cost and weight a weapon's or a suit's sheet shows. */
const d20Sheet = (type: string, f: SheetFields, swn: boolean): Record<string, string | undefined> => {
  const cost = { "Cost (Cr)": shown(f, "system.cost"), Weight: shown(f, "system.mass", " kg") };
  if (type !== "weapon")
    return swn
      ? cost
      : {
          ...cost,
          DR: shown(f, "system.d20.dr"),
          "Max Dex": shown(f, "system.d20.maxDex")?.replace(/^(\d)/, "+$1"),
        };
  const melee = f["system.d20.attack"]?.value === "melee";
  const damage = f["system.d20.damage"]?.value
    ? f["system.d20.damage"].value
    : f["system.d20.noDamageDice"]?.value === "true"
      ? "special"
      : f["system.d20.damage"]?.flagged
        ? "n/s"
        : "—";
  const range = melee ? "—" : shown(f, "system.d20.rangeIncrement", " m");
  if (swn)
    return {
      ...cost,
      Damage: damage,
      "Range (d20 increment: −2 per full one)": range,
      TL: shown(f, "system.swn.tl"),
      AP: f["system.swn.ap"]
        ? Number(f["system.swn.ap"].value)
          ? f["system.swn.ap"].value
          : "—"
        : undefined,
    };
  const threat = Number(f["system.d20.threat"]?.value || 20);
  const mult = Number(f["system.d20.critMultiplier"]?.value || 1);
  return {
    ...cost,
    Damage: damage,
    "Range increment": range,
    Critical: `${threat < 20 ? `${threat}–20` : "20"}${mult > 1 ? ` ×${mult}` : ""}`,
    "Stun DC": shown(f, "system.d20.stunDC"),
  };
};

const GAMES: {
  engine: string;
  profile?: string;
  packs: string[];
  /** Issue 32: the weapons of the actors pack found in no item pack (the SWN pregens'), once by name. */
  actorWeapons?: string[];
  expect: (e: Src) => Record<string, string | undefined>;
  /** Issue 33's "Done when": the numbers the item's own rendered sheet shows, by the browser's column. */
  sheet: (type: string, f: SheetFields, all: Sheets) => Record<string, string | undefined>;
}[] = [
  {
    engine: "alphaDawn",
    packs: ["weapons", "grenades", "defenses"],
    expect: (e) => ({
      "Cost (Cr)": num(e.system.cost, e.system.missing.includes("cost")),
      Mass: num(e.system.mass, e.system.missing.includes("mass"), " kg"),
      ...(e.type === "weapon" ? { "Range bands (PB/S/M/L/E)": bandsOf(e.system) } : {}),
    }),
    sheet: sfSheet,
  },
  {
    engine: "zebulon",
    packs: ["weapons", "grenades", "defenses"],
    expect: (e) => (e.type === "weapon" ? { "Range bands (PB/S/M/L/E)": bandsOf(e.system) } : {}),
    sheet: sfSheet,
  },
  {
    engine: "d20",
    packs: ["d20"],
    expect: (e) =>
      e.type === "weapon"
        ? {
            Damage: d20Damage(e),
            "Range increment":
              e.system.d20.attack === "melee" ? "—" : num(e.system.d20.rangeIncrement, false, " m"),
            Weight: num(e.system.mass, e.system.missing.includes("mass"), " kg"),
          }
        : {
            DR: num(e.system.d20.dr, false),
            "Cost (Cr)": num(e.system.cost, e.system.missing.includes("cost")),
          },
    sheet: (type, f) => d20Sheet(type, f, false),
  },
  {
    engine: "d20",
    profile: "swn",
    packs: ["d20"],
    actorWeapons: ["Knife (SWN)", "Laser Pistol (SWN)", "Laser Rifle (SWN)"],
    expect: (e) =>
      e.type === "weapon"
        ? {
            // As the item sheet flags it: an empty TL is one no available source gives (review-play 1.2).
            TL: num(e.system.swn?.tl, true),
            Damage: d20Damage(e),
            // Review-ux 3.10: the range the SWN profile plays, said to be the d20 increment.
            "Range (d20 increment: −2 per full one)":
              e.system.d20.attack === "melee" ? "—" : num(e.system.d20.rangeIncrement, false, " m"),
            "Range increment": undefined,
          }
        : // SWN armour is the wearer's AC: no d20 DR column.
          { DR: undefined },
    sheet: (type, f) => d20Sheet(type, f, true),
  },
];

describe("scenario: the weapon-tables browser (issue 33)", () => {
  it.each(GAMES)(
    "Issue 33: in $engine $profile the GM opens it from the compendium sidebar and sees every weapon, armour and defense of the game's packs with their numbers, read from the index",
    async (g) => {
      const settings = g.profile ? [settingSource(id("setProfile"), "profile", g.profile)] : [];
      table = await createTable({ online: [GM_ID], world: world(g.engine, { settings }) });
      const gm = table.client(GM_ID);
      const el = await openFromSidebar(gm);
      const entries = g.packs.flatMap(packEntries).filter((e) => e.type === "weapon" || e.type === "defense");
      const rows = rowsOf(el);
      expect(rows.map((r) => r.name).sort()).toEqual(
        [...entries.map((e) => e.name), ...(g.actorWeapons ?? [])].sort(),
      );
      for (const e of entries) {
        const row = rows.find((r) => r.name === e.name)!;
        for (const [column, value] of Object.entries(g.expect(e)))
          expect([e.name, column, row.cells[column]]).toEqual([e.name, column, value]);
      }
      // Read from each pack's index with the columns' fields; no pack loaded a document.
      const packs = gm.run(() =>
        g.packs.map((p) => {
          const pack = G().game.packs.get(`frontier-tactics.${p}`);
          return { requests: pack.indexRequests.length, fields: pack.indexRequests[0], loaded: pack.size };
        }),
      );
      for (const p of packs) {
        expect(p.requests).toBeGreaterThan(0);
        expect(p.fields).toContain("system.missing");
        expect(p.loaded).toBe(0);
      }
      expect(table.unhandled).toEqual([]);
    },
  );

  it.each(GAMES)(
    "Issue 33 (review-play 1.1, 1.2, rank 3): in $engine $profile EVERY row of the browser shows the same numbers as that item's own rendered sheet (cost, weight, each range band in its place, damage, ...; a Star Frontiers weapon's Defense names the defenses whose sheets act on its damage type)",
    async (g) => {
      const settings = g.profile ? [settingSource(id("setProfile"), "profile", g.profile)] : [];
      table = await createTable({ online: [GM_ID], world: world(g.engine, { settings }) });
      const gm = table.client(GM_ID);
      const el = await openFromSidebar(gm);
      const rows = [...el.querySelectorAll<HTMLElement>("tr.ft-wt-row")];
      const byName = new Map(rowsOf(el, false).map((r) => [r.name, r.cells]));
      expect(rows.length).toBeGreaterThan(20);
      const sheets: { name: string; type: string; fields: SheetFields }[] = [];
      for (const tr of rows)
        sheets.push({
          name: tr.querySelector("th")!.textContent!.trim(),
          ...(await sheetFields(gm, tr.dataset.uuid!)),
        });
      let compared = 0;
      for (const { name, type, fields } of sheets) {
        const cells = byName.get(name)!;
        for (const [column, value] of Object.entries(g.sheet(type, fields, sheets))) {
          expect([name, column, cells[column]]).toEqual([name, column, value]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(rows.length * 2);
      expect(table.unhandled).toEqual([]);
    },
    120_000,
  );

  it("Issue 33: a row shows the numbers its item sheet shows (the Laser Pistol's cost and mass, its bands, the defense against it; the Gyrojet Pistol's bands in their places)", async () => {
    table = await createTable({ online: [GM_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    const el = await openFromSidebar(gm);
    const sheet = await gm.run(async () => {
      const item = await G().fromUuid(PISTOL_UUID);
      await item.sheet.render({ force: true });
      const form = item.sheet.element as HTMLElement;
      const v = (n: string) => form.querySelector<HTMLInputElement>(`[name="${n}"]`)?.value;
      return {
        cost: v("system.cost"),
        mass: v("system.mass"),
        bands: ["pb", "s", "m", "l", "e"].map((b) => v(`system.ranges.${b}`)),
      };
    });
    expect(cell(el, "Laser Pistol", "Cost (Cr)")).toBe(sheet.cost);
    expect(cell(el, "Laser Pistol", "Mass")).toBe(`${sheet.mass} kg`);
    expect(cell(el, "Laser Pistol", "Range bands (PB/S/M/L/E)")).toBe(`${sheet.bands.join("/")} m`);
    // Review-play 1.1: a weapon with no PB band keeps each band in its place (pack: pb null, s 1, m 10, l 20, e 30).
    expect(cell(el, "Gyrojet Pistol (Basic Game)", "Range bands (PB/S/M/L/E)")).toBe("—/1/10/20/30 □");
    expect(cell(el, "Doze Grenade (Basic Game)", "Range bands (PB/S/M/L/E)")).toBe("—/1/3/5/10 □");
    // Review-play rank 3: the printed table's Defense against a laser is albedo; the packs' albedo items, by name.
    expect(cell(el, "Laser Pistol", "Defense")).toBe("Albedo Screen, Albedo Suit");
  });

  it("Issue 33: sort by a column (again to reverse) and filter by name and by kind", async () => {
    table = await createTable({ online: [GM_ID], world: world("d20") });
    const gm = table.client(GM_ID);
    let el = await openFromSidebar(gm);
    await humanClick(el, 'thead button[data-action="sort"][data-column="11"]'); // Weight
    await table.settle();
    el = browser(gm);
    const weights = rowsOf(el).map((r) => r.cells.Weight!);
    const numbers = weights.filter((w) => w !== "—" && w !== "n/s").map((w) => Number.parseFloat(w));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(el.querySelector('th[aria-sort="ascending"]')?.textContent?.trim()).toBe("Weight");
    await humanClick(el, 'thead button[data-action="sort"][data-column="11"]');
    await table.settle();
    el = browser(gm);
    const down = rowsOf(el)
      .map((r) => r.cells.Weight!)
      .filter((w) => w !== "—" && w !== "n/s")
      .map((w) => Number.parseFloat(w));
    expect(down).toEqual([...numbers].sort((a, b) => b - a));
    // Filter: "blaster" in the name; then armour only.
    typeInto(el.querySelector<HTMLInputElement>("input[name=filter]")!, "blaster");
    // The filter reads the name and every cell (the ion rifle is in the Blaster rifles group).
    const shown = rowsOf(el);
    expect(shown.length).toBeGreaterThan(3);
    for (const r of shown) expect(Object.values(r.cells).join(" ").toLowerCase()).toContain("blaster");
    expect(shown.map((r) => r.name)).not.toContain("Vibroblade");
    typeInto(el.querySelector<HTMLInputElement>("input[name=filter]")!, "");
    const kind = el.querySelector<HTMLSelectElement>("select[name=kind]")!;
    kind.value = "defense";
    kind.dispatchEvent(new (kind.ownerDocument.defaultView as any).Event("change", { bubbles: true }));
    expect(
      rowsOf(el)
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      packEntries("d20")
        .filter((e) => e.type === "defense")
        .map((e) => e.name)
        .sort(),
    );
  });

  it("Issue 33: Alice drags a row from the browser (opened from her sheet) onto her sheet; every client sees the item, flagged with its compendium source", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn") });
    const alice = table.client(ALICE_ID);
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    const sheet = alice.run(() => G().game.actors.get(EUSYL).sheet.element as HTMLElement);
    await alice.run(() => humanClick(sheet, 'button[data-action="weaponTables"]'));
    await table.settle();
    const el = browser(alice);
    // The player sees the tables, not the GM's editor.
    expect(el.querySelector('[data-action="toggleEdit"]')).toBeNull();
    expect(el.querySelector("textarea[name=json]")).toBeNull();
    const row = el.querySelector<HTMLElement>(`tr[data-uuid="${PISTOL_UUID}"]`)!;
    expect(row.getAttribute("draggable")).toBe("true");
    const store = new Map<string, string>();
    const start = new (row.ownerDocument.defaultView as any).Event("dragstart", { bubbles: true });
    Object.defineProperty(start, "dataTransfer", {
      value: { setData: (t: string, v: string) => store.set(t, v) },
    });
    alice.run(() => row.dispatchEvent(start));
    const data = JSON.parse(store.get("text/plain")!);
    expect(data).toEqual({ type: "Item", uuid: PISTOL_UUID });
    alice.run(() => dropData(sheet.querySelector(".window-content") ?? sheet, data));
    await table.settle();
    expect(
      onEveryClient(table, () => {
        const item = G().game.actors.get(EUSYL).items.getName("Laser Pistol");
        return { source: item?._stats.compendiumSource, ranges: item?.system.ranges };
      }),
    ).toEqual({
      Gamemaster: { source: PISTOL_UUID, ranges: PISTOL.system.ranges },
      Alice: { source: PISTOL_UUID, ranges: PISTOL.system.ranges },
    });
    expect(table.unhandled).toEqual([]);
  });
});

/** The GM types the bands into the browser's editor row of the Automatic Rifle and saves. */
async function enterRifleBands(gm: Client): Promise<void> {
  let el = await openFromSidebar(gm);
  await humanClick(el, '[data-action="toggleEdit"]');
  await table.settle();
  el = browser(gm);
  for (const [path, value] of Object.entries(ENTERED))
    typeInto(
      el.querySelector<HTMLInputElement>(`tr[data-fill="${RIFLE_UUID}"] input[data-path="${path}"]`)!,
      value,
    );
  await humanClick(el, `button[data-action="saveRow"][data-uuid="${RIFLE_UUID}"]`);
  await table.settle();
}

const stored = (client: Client): unknown =>
  client.run(() => G().game.settings.get("frontier-tactics", "weaponNumbers"));

describe("scenario: the GM's world weapon-table editor (issue 32)", () => {
  it("Issue 32: the GM enters the Automatic Rifle's missing bands once; Alice's copy then fires (SF range band Medium at 60 m) and says 'entered by the GM'", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Before: no source gives the rifle's ranges (ruling 2): Alice's Attack is disabled.
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    const attackButton = () =>
      alice.run(() => {
        const el = G().game.actors.get(EUSYL).sheet.element as HTMLElement;
        return el.querySelector<HTMLButtonElement>(`tr[data-item-id="${ALICE_RIFLE}"] button.ft-attack`)!
          .disabled;
      });
    expect(attackButton()).toBe(true);

    await enterRifleBands(gm);
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges),
    ).toEqual({
      Gamemaster: { pb: 5, s: 40, m: 100, l: 150, e: 300 },
      Alice: { pb: 5, s: 40, m: 100, l: 150, e: 300 },
    });
    // Stored in the world setting only: the item's own data still has no ranges.
    expect(
      alice.run(() => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE)._source.system.ranges.m),
    ).toBeNull();
    expect((stored(alice) as Src)[RIFLE_UUID].numbers).toEqual(ENTERED);

    // Alice's sheet: Attack enabled; her item sheet says the GM entered them.
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    expect(attackButton()).toBe(false);
    const note = await alice.run(async () => {
      const item = G().game.actors.get(EUSYL).items.get(ALICE_RIFLE);
      await item.sheet.render({ force: true });
      return (item.sheet.element as HTMLElement).querySelector(".ft-gm-entered-note")?.textContent?.trim();
    });
    // Ready review 2.2: the sheet's labels, not the field paths.
    expect(note).toBe("Entered by the GM for this world: PB, S, M, L, E.");
    // The browser marks the cell.
    const el = browser(gm);
    expect(cell(el, "Automatic Rifle", "Range bands (PB/S/M/L/E)")).toBe("5/40/100/150/300 m");
    expect(el.querySelector(`tr[data-uuid="${RIFLE_UUID}"] td.ft-gm-entered`)).not.toBeNull();

    // SF-B range bands: 60 m is past Short (≤40) and within Medium (≤100).
    scriptDice(90, 5);
    const msg = await attack(table, alice, EUSYL, ALICE_RIFLE, [TOK_PIRATE]);
    expect([msg, told(alice)]).toEqual([expect.any(String), []]);
    expect(rowText(alice, msg!, "Pirate")).toContain("Medium");
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("Issue 32 (ready review 2.2, 2.3): Enter missing numbers labels each input with the sheet's words, and offers weapons only — a suit's or screen's missing numbers are not offered, since no copy would use them", async () => {
    table = await createTable({ online: [GM_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    let el = await openFromSidebar(gm);
    await humanClick(el, '[data-action="toggleEdit"]');
    await table.settle();
    el = browser(gm);
    const labels = [...el.querySelectorAll(`tr[data-fill="${RIFLE_UUID}"] label`)].map((l) =>
      l.textContent?.trim(),
    );
    expect(labels).toEqual(["PB", "S", "M", "L", "E", "Cost (Cr)", "Mass"]);
    // The Skeinsuit misses its cost, mass and capacity: no editor row for it, nor for any other defense.
    const fillTypes = [...el.querySelectorAll<HTMLElement>("tr.ft-wt-fill")].map(
      (r) => el.querySelector<HTMLElement>(`tr.ft-wt-row[data-uuid="${r.dataset.fill}"]`)?.dataset.type,
    );
    expect(fillTypes.length).toBeGreaterThan(10);
    expect(new Set(fillTypes)).toEqual(new Set(["weapon"]));
    expect(table.unhandled).toEqual([]);
  });

  it("Issue 32 (review-play 2.5): a screen's sheet says its missing numbers are typed on the item (Weapon tables' editor offers weapons only); a weapon's still names the editor", async () => {
    table = await createTable({ online: [GM_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    const screen = packEntries("defenses").find((e) => e.name === "Albedo Screen")!;
    const noteOf = (uuid: string) =>
      gm.run(async () => {
        const item = await G().fromUuid(uuid);
        await item.sheet.render({ force: true });
        const note = (item.sheet.element as HTMLElement).querySelector(".ft-missing-note");
        await item.sheet.close();
        return note ? text(note as HTMLElement) : null;
      });
    expect(await noteOf(`Compendium.frontier-tactics.defenses.Item.${screen._id}`)).toBe(
      "Numbers marked with a dashed outline are not in the sources available. The GM types them from the book on this item's sheet, on each copy in the world (Weapon tables fills in weapons' numbers only).",
    );
    expect(await noteOf(RIFLE_UUID)).toBe(
      "Numbers marked with a dashed outline are not in the sources available. The GM enters a weapon's from the book once for the world: Weapon tables (Compendium tab) → Enter missing numbers → Save.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("Issue 32: export, then import into a fresh world, restores the numbers; a number a source gives is never overwritten", async () => {
    table = await createTable({ online: [GM_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    await enterRifleBands(gm);
    let el = browser(gm);
    await humanClick(el, '[data-action="export"]');
    const json = el.querySelector<HTMLTextAreaElement>("textarea[name=json]")!.value;
    expect(JSON.parse(json)).toEqual({
      kind: "frontier-tactics.weaponNumbers",
      version: 1,
      weapons: { [RIFLE_UUID]: { name: "Automatic Rifle", numbers: ENTERED } },
    });
    table.close();
    resetAppRecords();

    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn") });
    const gm2 = table.client(GM_ID);
    expect(stored(gm2)).toEqual({});
    el = await openFromSidebar(gm2);
    // The file, plus a cost for the Laser Pistol, whose cost its source gives (it must stay the source's).
    const file = JSON.parse(json);
    file.weapons[PISTOL_UUID] = { name: "Laser Pistol", numbers: { cost: 1 } };
    typeInto(el.querySelector<HTMLTextAreaElement>("textarea[name=json]")!, JSON.stringify(file));
    await humanClick(el, '[data-action="import"]');
    await table.settle();
    expect((stored(gm2) as Src)[RIFLE_UUID].numbers).toEqual(ENTERED);
    expect(
      table.client(ALICE_ID).run(() => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges),
    ).toEqual({
      pb: 5,
      s: 40,
      m: 100,
      l: 150,
      e: 300,
    });
    const pistolCost = await gm2.run(async () => (await G().fromUuid(PISTOL_UUID)).system.cost);
    expect(pistolCost).toBe(PISTOL.system.cost);
    expect(cell(browser(gm2), "Laser Pistol", "Cost (Cr)")).toBe(String(PISTOL.system.cost));
  });

  it("Issue 32: a world that already has the GM's numbers uses them on every page once it is ready", async () => {
    const settings = [
      settingSource(id("setNumbers"), "weaponNumbers", {
        [RIFLE_UUID]: { name: "Automatic Rifle", numbers: ENTERED },
      }),
    ];
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn", { settings }) });
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.gmEntered),
    ).toEqual({
      Gamemaster: Object.keys(ENTERED),
      Alice: Object.keys(ENTERED),
    });
    expect(
      table.client(ALICE_ID).run(() => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges.m),
    ).toBe(100);
  });

  it("Issue 32: a player cannot write the world's weapon numbers (a world setting: the server refuses her)", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn") });
    const alice = table.client(ALICE_ID);
    await alice
      .run(() =>
        G().game.settings.set("frontier-tactics", "weaponNumbers", {
          [RIFLE_UUID]: { name: "Automatic Rifle", numbers: ENTERED },
        }),
      )
      .catch(() => undefined);
    await table.settle();
    expect(onEveryClient(table, () => G().game.settings.get("frontier-tactics", "weaponNumbers"))).toEqual({
      Gamemaster: {},
      Alice: {},
    });
    expect(alice.run(() => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges.m)).toBeNull();
  });

  it("Issue 32: a malformed import (not JSON; bands that do not rise) is refused with a clear error, the setting unchanged", async () => {
    table = await createTable({ online: [GM_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    await enterRifleBands(gm);
    const before = stored(gm);
    const el = browser(gm);
    const box = () => browser(gm).querySelector<HTMLTextAreaElement>("textarea[name=json]")!;
    typeInto(box(), "{ not json");
    await humanClick(el, '[data-action="import"]');
    await table.settle();
    expect(told(gm).at(-1)).toMatch(
      /^error: Import refused: not JSON .*The world's numbers are unchanged\.$/,
    );
    expect(stored(gm)).toEqual(before);
    const falling = {
      kind: "frontier-tactics.weaponNumbers",
      version: 1,
      weapons: { [RIFLE_UUID]: { name: "Automatic Rifle", numbers: { ...ENTERED, "ranges.m": 20 } } },
    };
    typeInto(box(), JSON.stringify(falling));
    await humanClick(browser(gm), '[data-action="import"]');
    await table.settle();
    expect(told(gm).at(-1)).toMatch(
      /^error: Import refused: Compendium\.frontier-tactics\.weapons\.Item\.\w+: .*unchanged\.$/,
    );
    expect(stored(gm)).toEqual(before);
    // The text the GM pasted is still in the box (nothing lost).
    expect(box().value).toBe(JSON.stringify(falling));
  });

  it("review-trust 2.5: a player the GM granted SETTINGS_MODIFY cannot set the world's weapon numbers: her page refuses it, her browser's Import tells her no, and a write that skips her page is put back by the GM's", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn") });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await gm.run(() =>
      G()
        .game.users.get(ALICE_ID)
        .update({ permissions: { SETTINGS_MODIFY: true } }),
    );
    await table.settle();
    const numbers = { [RIFLE_UUID]: { name: "Automatic Rifle", numbers: ENTERED } };
    // Her console: her own page refuses the write and tells her why.
    await alice
      .run(() => G().game.settings.set("frontier-tactics", "weaponNumbers", numbers))
      .catch(() => undefined);
    await table.settle();
    expect(told(alice)).toContain(
      "warn: Only the GM writes the world's weapon numbers: nothing was changed.",
    );
    // Her browser's Import (no button on her page; a stale page or a console reaches its action): told no, not a raw
    // error.
    await openFromSidebar(alice);
    await alice.run(() => {
      const app = G().foundry.applications.instances.get("ft-weapon-tables");
      return app.options.actions.import.call(app, new Event("click"), app.element);
    });
    await table.settle();
    expect(told(alice).at(-1)).toBe(
      "warn: Only the GM writes the world's weapon numbers: nothing was changed.",
    );
    expect(onEveryClient(table, () => G().game.settings.get("frontier-tactics", "weaponNumbers"))).toEqual({
      Gamemaster: {},
      Alice: {},
    });
    // A modified page skips that refusal: the server takes her write (she has SETTINGS_MODIFY); the GM's page puts it
    // back and tells the GM who.
    await table.server.request({
      action: "create",
      type: "Setting",
      parentUuid: null,
      data: [{ key: "frontier-tactics.weaponNumbers", value: JSON.stringify(numbers) }],
      options: {},
      userId: ALICE_ID,
    });
    await table.settle();
    await table.settle();
    expect(told(gm)).toContain(
      "warn: Alice is not a GM: their change to the world's weapon numbers was put back.",
    );
    expect(onEveryClient(table, () => G().game.settings.get("frontier-tactics", "weaponNumbers"))).toEqual({
      Gamemaster: {},
      Alice: {},
    });
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges.m),
    ).toEqual({ Gamemaster: null, Alice: null });
    expect(table.unhandled).toEqual([]);
  });

  it("review-trust 2.5: a stored value a macro or an older world left malformed (a band that is not a number) is used not at all, and the GM is told why", async () => {
    const settings = [
      settingSource(id("setNumbers"), "weaponNumbers", {
        [RIFLE_UUID]: { name: "Automatic Rifle", numbers: { ...ENTERED, "ranges.s": "abc" } },
      }),
    ];
    table = await createTable({ online: [GM_ID, ALICE_ID], world: world("alphaDawn", { settings }) });
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(ALICE_RIFLE).system.ranges.m),
    ).toEqual({ Gamemaster: null, Alice: null });
    expect(told(table.client(GM_ID)).filter((t) => t.startsWith("error"))).toEqual([
      `error: The world's weapon numbers are malformed (${RIFLE_UUID}: ranges.s: &quot;abc&quot; is not a number): none of them is used. Correct them in the weapon tables (Edit, or Import a good file).`,
    ]);
    expect(told(table.client(ALICE_ID)).filter((t) => t.startsWith("error"))).toEqual([]);
  });
});

/** Issue 32 (SWN): the SWN weapons are in no item pack; they are on the SWN pregens of the actors pack. */
const pregenWeapon = (file: string, name: string): Src => {
  const item = (
    packEntries("actors").find((a) => a._key === `!actors!${packEntry("actors", file)._id}`)!.items as Src[]
  ).find((i) => i.name === name)!;
  const { _key, ...data } = structuredClone(item);
  return data;
};
const JUNO = id("actWtJuno");
const BOSS = id("actWtBoss");
const RENA = id("actWtRena");
const JUNO_PISTOL = id("itmWtJunoPistol");
const BOSS_PISTOL = id("itmWtBossPistol");
const RENA_RIFLE = id("itmWtRenaRifle");
const LASER_PISTOL = "name:Laser Pistol (SWN)";
/** What the GM types for the SWN laser pistol, from their own book (no source available to the project gives it). */
const SWN_ENTERED = { "d20.damage": "1d6", "d20.rangeIncrement": "10", "swn.tl": "4" };

/** An SWN world: Alice's Juno and the GM's Raider Boss each carry a laser pistol, Rena a laser rifle (the pregens'). */
function swnWorld(): Src {
  const weapon = (file: string, name: string, _id: string, system: Src = {}) => {
    const w = pregenWeapon(file, name);
    return { ...w, _id, system: { ...w.system, ...system, d20: { ...w.system.d20, ...system.d20 } } };
  };
  return {
    settings: [...swnSettings("WtSwn"), settingSource(id("setPhasesWtSwn"), "enforcePhases", false)],
    actors: [
      actorSource({
        _id: JUNO,
        name: "Juno",
        owner: ALICE_ID,
        items: [weapon("juno-ash-swn-expert", "Laser Pistol (SWN)", JUNO_PISTOL)],
      }),
      // The GM typed the damage on this copy from his book: a number the item gives is never overwritten.
      actorSource({
        _id: BOSS,
        name: "Raider Boss",
        items: [weapon("raider-boss-swn-npc", "Laser Pistol (SWN)", BOSS_PISTOL, { d20: { damage: "2d6" } })],
      }),
      actorSource({
        _id: RENA,
        name: "Rena",
        items: [weapon("rena-okoye-swn-warrior", "Laser Rifle (SWN)", RENA_RIFLE)],
      }),
    ],
  };
}

/** Each world copy's prepared numbers, what the GM filled, and its stored damage. */
const swnCopies = () =>
  onEveryClient(table, () =>
    [
      [JUNO, JUNO_PISTOL],
      [BOSS, BOSS_PISTOL],
      [RENA, RENA_RIFLE],
    ].map(([a, i]) => {
      const w = G().game.actors.get(a).items.get(i);
      const s = w.system;
      return `${w.name}: ${s.d20.damage || "-"} ${s.d20.rangeIncrement ?? "-"} m TL ${s.swn.tl ?? "-"} [${s.gmEntered.join(",")}] stored ${w._source.system.d20.damage || "-"}/${w._source.system.d20.rangeIncrement ?? "-"}`;
    }),
  );

/** The GM opens the browser, presses "Enter missing numbers", types into the laser pistol's row and saves. */
async function enterLaserPistol(gm: Client, numbers: Record<string, string>): Promise<HTMLElement> {
  let el = await openFromSidebar(gm);
  // Opened again, the browser comes forward as it was: the GM presses "Enter missing numbers" only when it is off.
  if (el.querySelector('[data-action="toggleEdit"]')?.getAttribute("aria-pressed") !== "true") {
    await humanClick(el, '[data-action="toggleEdit"]');
    await table.settle();
  }
  el = browser(gm);
  const uuid = [...el.querySelectorAll<HTMLElement>("tr.ft-wt-row")].find(
    (tr) => tr.querySelector("th")?.textContent?.trim() === "Laser Pistol (SWN)",
  )!.dataset.uuid!;
  expect(
    [...el.querySelectorAll<HTMLInputElement>(`tr[data-fill="${uuid}"] input[data-path]`)].map(
      (i) => i.dataset.path,
    ),
  ).toEqual(["cost", "mass", "d20.damage", "d20.rangeIncrement", "swn.tl"]);
  for (const [path, value] of Object.entries(numbers))
    typeInto(
      el.querySelector<HTMLInputElement>(`tr[data-fill="${uuid}"] input[data-path="${path}"]`)!,
      value,
    );
  await humanClick(el, `button[data-action="saveRow"][data-uuid="${uuid}"]`);
  await table.settle();
  return browser(gm);
}

describe("scenario: the GM's world numbers for the SWN weapons (issue 32)", () => {
  it("Issue 32 SWN-15 SW-04 SW-06: the GM enters the SWN laser pistol's missing damage, range increment and TL once in Weapon tables; every laser pistol of the world uses them on every client, marked 'entered by the GM', the stored item still empty; Alice's item sheet says so; a damage the item gives (the Raider Boss's 2d6) is kept; the laser rifle keeps its n/s", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: swnWorld() });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // Before: the browser lists the pregens' SWN weapons once each, their missing numbers n/s.
    let el = await openFromSidebar(gm);
    for (const name of ["Laser Pistol (SWN)", "Laser Rifle (SWN)", "Knife (SWN)"])
      expect(rowsOf(el, false).filter((r) => r.name === name)).toHaveLength(1);
    expect(
      ["Damage", "Range (d20 increment: −2 per full one)", "TL"].map((c) =>
        cell(el, "Laser Pistol (SWN)", c),
      ),
    ).toEqual(["n/s", "n/s", "n/s"]);
    el = await enterLaserPistol(gm, SWN_ENTERED);
    expect(stored(alice)).toEqual({
      [LASER_PISTOL]: {
        name: "Laser Pistol (SWN)",
        numbers: { "d20.damage": "1d6", "d20.rangeIncrement": 10, "swn.tl": 4 },
      },
    });
    expect(swnCopies()).toEqual({
      Gamemaster: [
        "Laser Pistol (SWN): 1d6 10 m TL 4 [d20.damage,d20.rangeIncrement,swn.tl] stored -/-",
        "Laser Pistol (SWN): 2d6 10 m TL 4 [d20.rangeIncrement,swn.tl] stored 2d6/-",
        "Laser Rifle (SWN): - - m TL - [] stored -/-",
      ],
      Alice: [
        "Laser Pistol (SWN): 1d6 10 m TL 4 [d20.damage,d20.rangeIncrement,swn.tl] stored -/-",
        "Laser Pistol (SWN): 2d6 10 m TL 4 [d20.rangeIncrement,swn.tl] stored 2d6/-",
        "Laser Rifle (SWN): - - m TL - [] stored -/-",
      ],
    });
    // The browser's cells, marked; the rifle still n/s.
    expect(
      ["Damage", "Range (d20 increment: −2 per full one)", "TL"].map((c) =>
        cell(el, "Laser Pistol (SWN)", c),
      ),
    ).toEqual(["1d6", "10 m", "4"]);
    const pistolRow = [...el.querySelectorAll<HTMLElement>("tr.ft-wt-row")].find(
      (tr) => tr.querySelector("th")?.textContent?.trim() === "Laser Pistol (SWN)",
    )!;
    expect(pistolRow.querySelectorAll("td.ft-gm-entered")).toHaveLength(3);
    expect(cell(el, "Laser Rifle (SWN)", "Damage")).toBe("n/s");
    // Alice's item sheet says the GM entered them (the quick-start scenario fires the pistol with them).
    const note = await alice.run(async () => {
      const item = G().game.actors.get(JUNO).items.get(JUNO_PISTOL);
      await item.sheet.render({ force: true });
      return (item.sheet.element as HTMLElement).querySelector(".ft-gm-entered-note")?.textContent?.trim();
    });
    expect(note).toBe("Entered by the GM for this world: Damage, Range incr. (m), TL.");
    expect(table.unhandled).toEqual([]);
  });

  it("Issue 32 SW-06 SWN-15: a range increment of 0 or a TL of 9 for the SWN laser pistol is refused with a clear error, the setting unchanged; the export names the weapon by its name and imports into a fresh SWN world", async () => {
    table = await createTable({ online: [GM_ID], world: swnWorld() });
    const gm = table.client(GM_ID);
    await enterLaserPistol(gm, { ...SWN_ENTERED, "d20.rangeIncrement": "0" });
    expect(stored(gm)).toEqual({});
    expect(told(gm).at(-1)).toBe(
      "error: Laser Pistol (SWN): name:Laser Pistol (SWN): d20.rangeIncrement: 0 is outside 1–…. Nothing was saved.",
    );
    await enterLaserPistol(gm, { ...SWN_ENTERED, "swn.tl": "9" });
    expect(stored(gm)).toEqual({});
    expect(told(gm).at(-1)).toBe(
      "error: Laser Pistol (SWN): name:Laser Pistol (SWN): swn.tl: 9 is outside 0–6. Nothing was saved.",
    );
    const el = await enterLaserPistol(gm, SWN_ENTERED);
    await humanClick(el, '[data-action="export"]');
    const json = browser(gm).querySelector<HTMLTextAreaElement>("textarea[name=json]")!.value;
    expect(JSON.parse(json).weapons).toEqual({
      [LASER_PISTOL]: {
        name: "Laser Pistol (SWN)",
        numbers: { "d20.damage": "1d6", "d20.rangeIncrement": 10, "swn.tl": 4 },
      },
    });
    table.close();
    resetAppRecords();
    table = await createTable({ online: [GM_ID, ALICE_ID], world: swnWorld() });
    const gm2 = table.client(GM_ID);
    const fresh = await openFromSidebar(gm2);
    fresh.querySelector<HTMLTextAreaElement>("textarea[name=json]")!.value = json;
    await humanClick(fresh, '[data-action="import"]');
    await table.settle();
    expect(swnCopies().Alice![0]).toBe(
      "Laser Pistol (SWN): 1d6 10 m TL 4 [d20.damage,d20.rangeIncrement,swn.tl] stored -/-",
    );
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: the SWN world's weapon tables say whose numbers they list (issue 33)", () => {
  const NOTICE =
    "These are the Star Wars d20 weapons, with the Star Wars d20 game's numbers — not Stars Without Number's. A Stars Without Number weapon (marked “(SWN)”) has only the numbers your GM enters with “Enter missing numbers”.";
  /** The notice at the top of the browser as this user reads it, or null when there is none. */
  const noticeOf = (el: HTMLElement): { text: string; first: boolean } | null => {
    const n = el.querySelector<HTMLElement>(".ft-wt-notice");
    return n ? { text: text(n), first: n === el.querySelector(".ft-wt")?.firstElementChild } : null;
  };

  it("Issue 33 SWN-15: in an SWN world Alice and the GM open Weapon tables and read first that the Blaster Pistol and the other d20 rows carry Star Wars d20 numbers, the SWN ones the GM's to enter", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID], world: swnWorld() });
    for (const id_ of [ALICE_ID, GM_ID]) {
      const el = await openFromSidebar(table.client(id_));
      expect([id_, noticeOf(el)]).toEqual([id_, { text: NOTICE, first: true }]);
      // The rows it speaks of: a d20 pack weapon at its d20 numbers, and an SWN one with none entered.
      expect(rowsOf(el, false).some((r) => r.name === "Blaster Pistol")).toBe(true);
      expect(cell(el, "Laser Pistol (SWN)", "Damage")).toBe("n/s");
    }
    expect(table.unhandled).toEqual([]);
  });

  it.each(["alphaDawn", "d20"])(
    "Issue 33: in a %s world the browser shows no such notice (its packs hold its own game's numbers)",
    async (engine) => {
      table = await createTable({ online: [GM_ID], world: world(engine) });
      expect(noticeOf(await openFromSidebar(table.client(GM_ID)))).toBeNull();
      expect(table.unhandled).toEqual([]);
    },
  );
});
