/**
 * # The weapon tables of a game (issue 33's browser, issue 32's editor)
 *
 * Each game lays out its weapon, armour and defense tables as its books print them: which compendium packs hold its
 * entries, and the columns (what each reads from an entry's index, and the text of its cell). The browser
 * (weapon-tables.ts) asks the world's game for them — `GameTable#weaponTable`, loaded with the browser — and reads
 * only those fields of each pack's index (v13 `CompendiumCollection#getIndex({fields})`), never the documents.
 */
import type { DeepPartial } from "fvtt-types/utils";
import type { DefenseSystem, WeaponSystem } from "../data/item/facts.js";

/**
 * An index entry's `system`, as the pack stores it: a weapon's or a defense's (only the fields the columns asked for
 * are there, so every field may be absent).
 */
export type IndexSystem = DeepPartial<WeaponSystem> & DeepPartial<DefenseSystem>;

/** An entry of the table as the columns read it: its item type, its name and its (index) system. */
export interface TableEntry {
  readonly type: string;
  readonly name: string;
  readonly system: IndexSystem;
}

/** One column: its header (an i18n key), the index fields it reads, its cell, and the GM-fillable paths it shows. */
export interface WeaponTableColumn {
  readonly id: string;
  readonly label: string;
  /** Index fields (dotted paths under the entry, e.g. "system.ranges"). */
  readonly fields: readonly string[];
  /**
   * The cell's text for an entry (its type, its prepared-like system); "" for a column the entry has nothing in.
   * `all` is every entry of the table, for a cell that names others (Star Frontiers' Defense column of a weapon).
   */
  readonly cell: (type: string, system: IndexSystem, all: readonly TableEntry[]) => string;
  /** The fields (data/item/gm-numbers.ts paths) a GM may fill in this column. */
  readonly gmPaths?: readonly string[];
}

export interface GameWeaponTable {
  /** The system's packs (their names in system.json) whose entries it lists. */
  readonly packs: readonly string[];
  /** The item types it lists. */
  readonly types: readonly string[];
  readonly columns: readonly WeaponTableColumn[];
  /** Issue 33: a notice shown at the top of the browser (an i18n key), e.g. whose numbers the listed weapons carry. */
  readonly notice?: string;
  /**
   * Issue 32: actor packs whose actors carry this game's weapons found in no item pack (the SWN weapons, on the
   * pregens; `mine` tells the game's from another's): each such weapon a GM may fill is listed once, by name, and its
   * numbers are keyed by its name (data/item/gm-numbers.ts).
   */
  readonly actorWeapons?: {
    readonly packs: readonly string[];
    readonly mine: (system: IndexSystem) => boolean;
  };
}

declare module "../helpers/game.js" {
  interface GameTable {
    /** Issue 33: the game's weapon tables (applications/weapon-tables-seam.ts), loaded with the browser. */
    readonly weaponTable: () => Promise<GameWeaponTable>;
  }
}

/** Does the entry say no available source gives this field (its `missing` list, ruling 2: never guessed)? */
export const isMissing = (s: IndexSystem, key: string): boolean => (s.missing ?? []).includes(key);
export const isWeapon = (type: string): boolean => type === "weapon";
/** A cell's words in this user's language. */
export const localize = (key: string): string => game.i18n?.localize(key) ?? key;

/** "—" for a number no entry gives; "n/s" when the entry says no available source gives it. */
export function numberCell(value: number | string | null | undefined, missing: boolean, suffix = ""): string {
  if (value === null || value === undefined) return missing ? "n/s" : "—";
  return `${value}${suffix}`;
}

/** The cost column every game's table prints. */
export const costColumn: WeaponTableColumn = {
  id: "cost",
  label: "FT.WeaponTables.col.cost",
  fields: ["system.cost"],
  cell: (_t, s) => numberCell(s.cost, isMissing(s, "cost")),
  gmPaths: ["cost"],
};

/** The mass column in kilograms, headed as the game's books head it (Star Frontiers' mass, d20's weight). */
export function massColumn(id: string, label: string): WeaponTableColumn {
  return {
    id,
    label,
    fields: ["system.mass"],
    cell: (_t, s) => numberCell(s.mass, isMissing(s, "mass"), " kg"),
    gmPaths: ["mass"],
  };
}
