/**
 * # Numbers the GM entered once for the world (issue 32, the world weapon-table editor)
 *
 * Star Frontiers' "never guess" rule (ruling 2): a number no available source gives stays empty and is named in the
 * item's `missing` list (15 of 38 weapons have no ranges, melee weapons no modifier). A GM with the printed book
 * enters such a number once for the world; it is kept in the world setting `weaponNumbers`, keyed by the weapon's
 * compendium entry (its UUID: a dropped copy keeps it as `_stats.compendiumSource`, v13
 * client/documents/abstract/client-document.mjs `fromDropData`), and every copy of that weapon uses it from then on
 * (`WeaponModel#prepareDerivedData`, data/models.ts). Pure: no Foundry, no setting read here.
 *
 * A number is used only where the item is empty AND names it missing: a number a source gives (or one the owner typed
 * on their own copy) is never overwritten. Validated when entered and when imported (gm-numbers-io.ts, loaded with the
 * browser: a malformed file changes nothing).
 */
import { RANGE_BANDS } from "../../rules/index.js";
import type { GmFiller } from "./gm-fill.js";

/** One weapon's entered numbers: its name (for the reader of an exported file) and field path → number. */
export interface GmWeaponEntry {
  readonly name: string;
  readonly numbers: { readonly [path: string]: number | string };
}
/** The setting's value: compendium UUID → entry. */
export type GmNumbers = { readonly [key: string]: GmWeaponEntry };

export interface FieldRule {
  /** The item's `missing` entry this field belongs to. */
  readonly missing: string;
  readonly kind: "int" | "num" | "formula";
  readonly min?: number;
  readonly max?: number;
}

/** The fields a GM may fill, by path, with the `missing` entry that must name them. */
export const GM_FIELDS: { readonly [path: string]: FieldRule } = {
  ...Object.fromEntries(RANGE_BANDS.map((b) => [`ranges.${b}`, { missing: "ranges", kind: "num", min: 0 }])),
  meleeModifier: { missing: "meleeModifier", kind: "int", min: -100, max: 100 },
  "damage.formula": { missing: "damage", kind: "formula" },
  rof: { missing: "rof", kind: "num", min: 0, max: 10 },
  cost: { missing: "cost", kind: "int", min: 0 },
  mass: { missing: "mass", kind: "num", min: 0 },
  // The d20 engine's numbers (SW-04 damage dice, SW-06 range increment), which the SWN profile reads as they are
  // (SWN-15: its one range step is the increment; the SWN weapons give neither), and SWN-15's tech level.
  "d20.damage": { missing: "d20.damage", kind: "formula" },
  "d20.rangeIncrement": { missing: "d20.rangeIncrement", kind: "num", min: 1 },
  "swn.tl": { missing: "swn.tl", kind: "int", min: 0, max: 6 },
};

/**
 * The key of a weapon that is in no compendium of its own (the SWN weapons exist only on the pregens of the actors
 * pack, issue 32): its name. Every weapon of that name in the world uses the entry (each only where it is empty and
 * names the field missing).
 */
export const NAME_KEY = "name:";
export const nameKey = (name: string): string => `${NAME_KEY}${name}`;

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function getPath(o: unknown, path: string): unknown {
  let at: unknown = o;
  for (const k of path.split(".")) at = isObj(at) ? at[k] : undefined;
  return at;
}
function setPath(o: Obj, path: string, value: unknown): void {
  const keys = path.split(".");
  let at: Obj = o;
  for (const k of keys.slice(0, -1)) {
    const next = at[k];
    if (!isObj(next)) return;
    at = next;
  }
  at[keys.at(-1) as string] = value;
}

/** Is this field empty on the item (no source gives it)? */
const empty = (v: unknown): boolean => v === null || v === undefined || v === "";

/** The fields of a weapon a GM may fill: the fillable fields its `missing` names that are still empty. */
export function fillablePaths(system: { readonly missing?: readonly string[] }): string[] {
  const missing = new Set(system.missing ?? []);
  return Object.entries(GM_FIELDS)
    .filter(([path, rule]) => missing.has(rule.missing) && empty(getPath(system, path)))
    .map(([path]) => path);
}

/**
 * The setting's value as stored, read for preparation: every entry whose numbers are numbers or formulas of fields a
 * GM may fill (the editor and the import checked them whole before the GM's client wrote them: gm-numbers-io.ts).
 */
export function readGmNumbers(value: unknown): GmNumbers {
  if (!isObj(value)) return {};
  const out: Record<string, GmWeaponEntry> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!isObj(raw) || !isObj(raw.numbers)) continue;
    const numbers: Record<string, number | string> = {};
    for (const [path, v] of Object.entries(raw.numbers))
      if (path in GM_FIELDS && (typeof v === "number" || typeof v === "string")) numbers[path] = v;
    out[key] = { name: typeof raw.name === "string" ? raw.name : "", numbers };
  }
  return out;
}

/**
 * Fill a weapon's empty, missing fields with the GM's numbers, in place (the prepared `system`, never its source).
 * `source` is the stored data (what the item's source leaves empty; by default the same object). Returns the paths
 * it filled: the item and the browser show them as "entered by the GM".
 */
export function applyGmNumbers(
  system: object & { readonly missing?: readonly string[] },
  entry: GmWeaponEntry,
  source: { readonly missing?: readonly string[] } = system,
): string[] {
  // What the stored data leaves empty (a model prepared again already holds the numbers it was given).
  const fillable = new Set(fillablePaths(source));
  const filled: string[] = [];
  for (const [path, value] of Object.entries(entry.numbers)) {
    if (!fillable.has(path)) continue;
    // A prepared model's fields are plain properties: written by path like any object.
    setPath(system as Obj, path, value);
    filled.push(path);
  }
  return filled;
}

/** The key of a weapon's entry: the compendium entry it came from, or its own UUID inside a compendium. */
export function gmNumbersKey(item: {
  readonly uuid?: string | null;
  readonly pack?: string | null;
  readonly _stats?: { readonly compendiumSource?: string | null } | null;
}): string | null {
  const source = item._stats?.compendiumSource;
  if (source?.startsWith("Compendium.")) return source;
  return item.pack && item.uuid ? item.uuid : null;
}

/** The filler of a world's numbers (data/item/gm-fill.ts): the setting read once, applied at each preparation. */
export function gmFiller(value: unknown): GmFiller | null {
  const numbers = readGmNumbers(value);
  if (!Object.keys(numbers).length) return null;
  return (system, item) => {
    const key = gmNumbersKey(item as Parameters<typeof gmNumbersKey>[0]); // `_stats` read as the key's reader types it.
    const entry = (key ? numbers[key] : undefined) ?? (item.name ? numbers[nameKey(item.name)] : undefined);
    return entry ? applyGmNumbers(system, entry, item._source.system) : [];
  };
}

export { gmFieldLabel } from "./gm-labels.js";
