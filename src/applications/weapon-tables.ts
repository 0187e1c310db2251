/**
 * # The weapon-tables browser and the GM's world weapon-table editor (issues 33 and 32), one AppV2 window
 *
 * Every weapon, armour and defense of the world's game in one table laid out like the printed tables: the game says
 * which packs and columns (`GameTable#weaponTable`, weapon-tables-seam.ts). Read from each pack's index with only the
 * fields the columns need — v13 client/documents/collections/compendium-collection.mjs `getIndex({fields})` — never by
 * loading every document. Sort by a column (click its header, again to reverse), filter by name and by kind; drag a
 * row onto a sheet: the drag data is v13's for a compendium document, `{type: "Item", uuid}` (client/documents/
 * abstract/client-document.mjs `toDragData`), which the sheet's own drop creates (`fromDropData` flags the copy with
 * `_stats.compendiumSource`).
 *
 * The GM's editor (issue 32, Star Frontiers' "never guess"): where a weapon names a number missing (no available
 * source gives it), the GM may enter it once for the world — kept in the world setting `weaponNumbers` (only a user who
 * may modify settings can write it: v13 client/helpers/client-settings.mjs `set` → `#setWorld`, a Setting document the
 * server refuses to anyone else) — and every copy uses it (data/models.ts `WeaponModel#prepareDerivedData`). The
 * browser marks such numbers "entered by the GM"; export and import move them between worlds as JSON (a malformed
 * file is refused whole, the setting untouched).
 *
 * An ApplicationV2 with the Handlebars mixin (v13 client/applications/api/application.mjs: `DEFAULT_OPTIONS.actions`
 * are clicks on `[data-action]`, `_onRender` after each render; handlebars-application.mjs: `PARTS` templates).
 * Loaded on first open (weapon-tables-open.ts), not with the system.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { SYSTEM_ID, templatePath } from "../constants.js";
import {
  applyGmNumbers,
  fillablePaths,
  type GmNumbers,
  gmFieldLabel,
  nameKey,
} from "../data/item/gm-numbers.js";
import {
  checkGmEntry,
  checkGmNumbers,
  exportGmNumbers,
  importGmNumbers,
} from "../data/item/gm-numbers-io.js";
import { keepClassName } from "../helpers/class-name.js";
import { currentGame } from "../helpers/game.js";
import { guarded, notify } from "../helpers/report.js";
import { clientSettings, getSetting, SETTINGS } from "../helpers/settings.js";
import { compareCells } from "../helpers/sortable.js";
import type { GameWeaponTable, IndexSystem, TableEntry } from "./weapon-tables-seam.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** One entry of the table, as built from a pack's index. */
interface Row {
  readonly uuid: string;
  /** The key of its GM numbers: the entry's uuid, or for an actor's weapon found in no item pack its name. */
  readonly key: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly cells: readonly { readonly text: string; readonly gm: boolean }[];
  readonly gmEntered: boolean;
  /** The GM's inputs for this entry's missing numbers (path, label, the value entered so far). */
  readonly fill: readonly { readonly path: string; readonly label: string; readonly value: string }[];
}

interface TablesContext {
  readonly game: string;
  /** Issue 33: the game's notice at the top (an i18n key), or "". */
  readonly notice: string;
  readonly isGM: boolean;
  readonly editing: boolean;
  readonly filter: string;
  readonly kind: string;
  readonly kinds: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
  readonly columns: readonly { readonly index: number; readonly label: string; readonly sort: string }[];
  readonly nameSort: string;
  readonly rows: readonly (Row & { readonly hidden: boolean })[];
  readonly width: number;
}

/** An index entry as v13 builds it: the compendium-index fields and the asked-for source fields. */
interface IndexEntry {
  readonly _id: string;
  readonly uuid: string;
  readonly name: string;
  readonly img?: string;
  readonly type?: string;
  readonly system?: IndexSystem;
  /** An actor pack's entry: its embedded items' source (asked for as the index field `items`). */
  readonly items?: readonly {
    _id: string;
    name: string;
    img?: string;
    type?: string;
    system?: IndexSystem;
  }[];
}

/** The world's numbers, checked whole as every page reads them (review-trust 2.5: a malformed value, none). */
const gmNumbers = (): GmNumbers => {
  const checked = checkGmNumbers(getSetting(SETTINGS.weaponNumbers) ?? {});
  return "error" in checked ? {} : checked.numbers;
};

export class WeaponTables extends HandlebarsApplicationMixin(ApplicationV2<TablesContext>) {
  static override DEFAULT_OPTIONS = {
    id: "ft-weapon-tables",
    classes: ["frontier-tactics", "ft-weapon-tables"],
    window: { title: "FT.WeaponTables.title", resizable: true, icon: "fa-solid fa-table-list" },
    position: { width: 960, height: 640 },
    actions: {
      sort: WeaponTables.#onSort,
      toggleEdit: WeaponTables.#onToggleEdit,
      saveRow: guarded(WeaponTables.#onSaveRow),
      export: guarded(WeaponTables.#onExport),
      import: guarded(WeaponTables.#onImport),
    },
  };

  static override PARTS = {
    body: { template: templatePath("apps/weapon-tables.hbs"), scrollable: [".ft-wt-scroll"] },
  };

  /** Sorted by: -1 = the name, else a column's index; and the direction. */
  #sort = { column: -1, descending: false };
  #filter = "";
  #kind = "";
  #editing = false;
  /** The last rows built (the filter hides rows without a render). */
  #rows: Row[] = [];

  protected override async _prepareContext(): Promise<TablesContext> {
    const game_ = currentGame();
    const table = await game_.weaponTable();
    const rows = await buildRows(table, this.#editing && !!game.user?.isGM);
    const { column, descending } = this.#sort;
    const key = (r: Row) => (column < 0 ? r.name : (r.cells[column]?.text ?? ""));
    rows.sort((a, b) => {
      const c = compareCells(key(a), key(b));
      return (descending ? -c : c) || a.name.localeCompare(b.name);
    });
    this.#rows = rows;
    const dir = (i: number) => (column === i ? (descending ? "descending" : "ascending") : "none");
    return {
      game: game_.label,
      notice: table.notice ?? "",
      isGM: !!game.user?.isGM,
      editing: this.#editing,
      filter: this.#filter,
      kind: this.#kind,
      kinds: [
        { value: "", label: "FT.WeaponTables.all" },
        { value: "weapon", label: "TYPES.Item.weapon" },
        { value: "defense", label: "TYPES.Item.defense" },
      ].map((k) => ({ ...k, selected: k.value === this.#kind })),
      nameSort: dir(-1),
      columns: table.columns.map((c, index) => ({ index, label: c.label, sort: dir(index) })),
      rows: rows.map((r) => ({ ...r, hidden: !this.#shows(r) })),
      width: table.columns.length + 1,
    };
  }

  /** Does the filter (name or any cell, and the kind) show this row? */
  #shows(row: Row): boolean {
    if (this.#kind && row.type !== this.#kind) return false;
    const f = this.#filter.trim().toLowerCase();
    return (
      !f || row.name.toLowerCase().includes(f) || row.cells.some((c) => c.text.toLowerCase().includes(f))
    );
  }

  protected override async _onRender(
    context: DeepPartial<TablesContext>,
    options: DeepPartial<foundry.applications.api.ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    const root = this.element;
    // The filter hides rows as the user types (no render: the field keeps its focus).
    const filter = root.querySelector<HTMLInputElement>("input[name=filter]");
    const kind = root.querySelector<HTMLSelectElement>("select[name=kind]");
    const refilter = () => {
      this.#filter = filter?.value ?? "";
      this.#kind = kind?.value ?? "";
      for (const tr of root.querySelectorAll<HTMLElement>("tr[data-uuid]")) {
        const row = this.#rows.find((r) => r.uuid === tr.dataset.uuid);
        tr.hidden = !row || !this.#shows(row);
        const fill = root.querySelector<HTMLElement>(`tr[data-fill="${tr.dataset.uuid}"]`);
        if (fill) fill.hidden = tr.hidden;
      }
    };
    filter?.addEventListener("input", refilter);
    kind?.addEventListener("change", refilter);
    // A row dragged out carries v13's drag data of a compendium document.
    for (const tr of root.querySelectorAll<HTMLElement>("tr[data-uuid]")) {
      tr.addEventListener("dragstart", (event) => {
        event.dataTransfer?.setData("text/plain", JSON.stringify({ type: "Item", uuid: tr.dataset.uuid }));
      });
    }
  }

  static async #onSort(this: WeaponTables, _e: Event, target: HTMLElement): Promise<void> {
    const column = Number(target.dataset.column ?? -1);
    this.#sort = { column, descending: this.#sort.column === column && !this.#sort.descending };
    await this.render();
  }

  static async #onToggleEdit(this: WeaponTables): Promise<void> {
    if (!game.user?.isGM) return;
    this.#editing = !this.#editing;
    await this.render();
  }

  /** The GM's numbers of one weapon, written to the world setting (checked whole first; a blank input clears). */
  static async #onSaveRow(this: WeaponTables, _e: Event, target: HTMLElement): Promise<void> {
    // Review-trust 3.4: only the GM writes the world's numbers (a stale page or a console reaches this): told, not a
    // raw permission error.
    if (!game.user?.isGM) return notify("warn", "FT.WeaponTables.gmOnly");
    const uuid = target.dataset.uuid ?? "";
    const row = this.#rows.find((r) => r.uuid === uuid);
    if (!row) return;
    const current = gmNumbers();
    const numbers: Record<string, number | string> = { ...current[row.key]?.numbers };
    for (const input of this.element.querySelectorAll<HTMLInputElement>(
      `tr[data-fill="${uuid}"] input[data-path]`,
    )) {
      const path = input.dataset.path ?? "";
      if (input.value.trim() === "") delete numbers[path];
      else numbers[path] = input.value;
    }
    const next: Record<string, unknown> = { ...current };
    if (Object.keys(numbers).length) {
      const checked = checkGmEntry(row.key, { name: row.name, numbers });
      if ("error" in checked)
        return notify("error", "FT.WeaponTables.badNumber", { weapon: row.name, error: checked.error });
      next[row.key] = checked.entry;
    } else delete next[row.key];
    await clientSettings().set(SYSTEM_ID, SETTINGS.weaponNumbers, next);
    notify("info", "FT.WeaponTables.saved", { weapon: row.name });
    await this.render();
  }

  /** The world's numbers as a JSON file (and in the box, to copy). */
  static async #onExport(this: WeaponTables): Promise<void> {
    const json = exportGmNumbers(gmNumbers());
    const box = this.element.querySelector<HTMLTextAreaElement>("textarea[name=json]");
    if (box) box.value = json;
    foundry.utils.saveDataToFile?.(json, "application/json", "frontier-tactics-weapon-numbers.json");
  }

  /** A JSON file pasted in the box, merged over the world's numbers; a malformed one changes nothing. */
  static async #onImport(this: WeaponTables): Promise<void> {
    if (!game.user?.isGM) return notify("warn", "FT.WeaponTables.gmOnly");
    const text = this.element.querySelector<HTMLTextAreaElement>("textarea[name=json]")?.value ?? "";
    const result = importGmNumbers(text, gmNumbers());
    if ("error" in result) return notify("error", "FT.WeaponTables.importError", { error: result.error });
    await clientSettings().set(SYSTEM_ID, SETTINGS.weaponNumbers, { ...result.numbers });
    notify("info", "FT.WeaponTables.imported", { count: Object.keys(result.numbers).length });
    await this.render();
  }
}
keepClassName(WeaponTables, "WeaponTables");

/** A system pack's index with these fields (none for a pack the world lacks). */
async function packIndex(name: string, fields: string[]): Promise<Iterable<IndexEntry>> {
  const pack = game.packs?.get(`${SYSTEM_ID}.${name}`);
  if (!pack) return [];
  // fvtt-types 13.345 types `fields` as the document's own top-level keys; v13 takes any dotted source path.
  const getIndex = pack.getIndex as (o: { fields: string[] }) => Promise<Iterable<IndexEntry>>;
  return getIndex.call(pack, { fields });
}

/** The rows of a game's tables, from each of its packs' index (only the fields its columns read). */
async function buildRows(table: GameWeaponTable, editing: boolean): Promise<Row[]> {
  const fields = [...new Set(["system.missing", ...table.columns.flatMap((c) => c.fields)])];
  const numbers = gmNumbers();
  const found: Found[] = [];
  for (const name of table.packs) {
    for (const entry of await packIndex(name, fields)) {
      const type = entry.type ?? "";
      if (!table.types.includes(type)) continue;
      found.push({ uuid: entry.uuid, key: entry.uuid, entry, type });
    }
  }
  // Issue 32: the weapons of an actor pack that are in no item pack, once by name, where a GM may fill one.
  const named = new Set<string>();
  for (const name of table.actorWeapons?.packs ?? []) {
    // v13 indexes an embedded collection's fields on request ("items.name" → `items: [{_id, name}]`, foundryvtt#8773).
    const itemFields = ["items.name", "items.type", "items.img", ...fields.map((f) => `items.${f}`)];
    for (const actor of await packIndex(name, itemFields))
      for (const item of actor.items ?? []) {
        const system = item.system ?? {};
        if (item.type !== "weapon" || named.has(item.name) || !table.actorWeapons?.mine(system)) continue;
        if (!fillablePaths(system).length) continue;
        named.add(item.name);
        const uuid = `${actor.uuid}.Item.${item._id}`;
        found.push({ uuid, key: nameKey(item.name), entry: item, type: "weapon" });
      }
  }
  // A cell may name other entries (the weapons' Defense column): each cell sees them all.
  const all = found.map((f) => ({ type: f.type, name: f.entry.name, system: f.entry.system ?? {} }));
  return found.map((f) => row(table, f, all, numbers, editing));
}

/** An entry found in a pack's index, before its cells are drawn. */
interface Found {
  readonly uuid: string;
  readonly key: string;
  readonly entry: { readonly name: string; readonly img?: string; readonly system?: IndexSystem };
  readonly type: string;
}

/** One row: an entry's cells from its stored source with the GM's numbers applied as preparation applies them. */
function row(
  table: GameWeaponTable,
  { uuid, key, entry, type }: Found,
  all: readonly TableEntry[],
  numbers: GmNumbers,
  editing: boolean,
): Row {
  const source: IndexSystem = entry.system ?? {};
  // Only a weapon's numbers are applied to its copies (WeaponModel, data/models.ts): a suit's or screen's missing
  // numbers are not offered, rather than stored and never used (ready review 2.3).
  const fillable = type === "weapon" ? fillablePaths(source) : [];
  const system = structuredClone(source);
  const entered = numbers[key];
  const filled = entered ? applyGmNumbers(system, entered) : [];
  return {
    uuid,
    key,
    name: entry.name,
    img: entry.img ?? "",
    type,
    cells: table.columns.map((c) => ({
      text: c.cell(type, system, all),
      gm: !!c.gmPaths?.some((p) => filled.includes(p)),
    })),
    gmEntered: filled.length > 0,
    fill: editing
      ? fillable.map((path) => ({
          path,
          label: gmFieldLabel(path, game.i18n),
          value: String(entered?.numbers[path] ?? ""),
        }))
      : [],
  };
}

/** Open (or bring forward) the browser. */
export async function showWeaponTables(): Promise<WeaponTables> {
  const open = foundry.applications.instances.get("ft-weapon-tables");
  const app = open instanceof WeaponTables ? open : new WeaponTables();
  await app.render({ force: true });
  return app;
}
