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
 * on their own copy) is never overwritten. Validated when entered and when imported (a malformed file changes nothing).
 */
import { isValidDice, RANGE_BANDS, type RangeTable, validateRangeTable } from "../../rules/index.js";

/** One weapon's entered numbers: its name (for the reader of an exported file) and field path → number. */
export interface GmWeaponEntry {
  readonly name: string;
  readonly numbers: { readonly [path: string]: number | string };
}
/** The setting's value: compendium UUID → entry. */
export type GmNumbers = { readonly [key: string]: GmWeaponEntry };

/** The exported file's header (a file of another kind is refused on import). */
export const GM_NUMBERS_KIND = "frontier-tactics.weaponNumbers";

interface FieldRule {
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
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

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

/** One value checked against its field's rule: the value to keep, or the reason it is refused. */
export function checkGmValue(path: string, value: unknown): { value: number | string } | { error: string } {
  const rule = GM_FIELDS[path];
  if (!rule) return { error: `"${path}" is not a number the GM enters` };
  if (rule.kind === "formula") {
    if (typeof value !== "string" || !isValidDice(value.trim()))
      return { error: `"${String(value)}" is not a damage formula (write it like 2d10)` };
    return { value: value.trim() };
  }
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n))
    return { error: `${path}: "${String(value)}" is not a number` };
  if (rule.kind === "int" && !Number.isInteger(n)) return { error: `${path}: ${n} is not a whole number` };
  if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
    return { error: `${path}: ${n} is outside ${rule.min ?? "…"}–${rule.max ?? "…"}` };
  return { value: n };
}

/** The ranges an entry gives, checked as a table that rises (SF-B range bands); null when it gives none. */
function rangeError(numbers: GmWeaponEntry["numbers"]): string | null {
  if (!RANGE_BANDS.some((b) => `ranges.${b}` in numbers)) return null;
  const band = (b: string): number | null => {
    const v = numbers[`ranges.${b}`];
    return typeof v === "number" ? v : null;
  };
  const table: RangeTable = { pb: band("pb"), s: band("s"), m: band("m"), l: band("l"), e: band("e") };
  try {
    validateRangeTable(table);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** One entry checked whole: its numbers cleaned, or the first reason it is refused. */
export function checkGmEntry(key: string, raw: unknown): { entry: GmWeaponEntry } | { error: string } {
  if (!key.startsWith("Compendium.")) return { error: `"${key}" is not a compendium weapon` };
  if (!isObj(raw) || !isObj(raw.numbers)) return { error: `${key}: no numbers` };
  const numbers: Record<string, number | string> = {};
  for (const [path, value] of Object.entries(raw.numbers)) {
    const checked = checkGmValue(path, value);
    if ("error" in checked) return { error: `${key}: ${checked.error}` };
    numbers[path] = checked.value;
  }
  const ranges = rangeError(numbers);
  if (ranges) return { error: `${key}: ${ranges}` };
  return { entry: { name: typeof raw.name === "string" ? raw.name : "", numbers } };
}

/** The setting's value as stored, each entry checked again (a hand-edited world never breaks preparation). */
export function readGmNumbers(value: unknown): GmNumbers {
  if (!isObj(value)) return {};
  const out: Record<string, GmWeaponEntry> = {};
  for (const [key, raw] of Object.entries(value)) {
    const checked = checkGmEntry(key, raw);
    if ("entry" in checked) out[key] = checked.entry;
  }
  return out;
}

/** The exported file: a header that says what it is, then the entries. */
export function exportGmNumbers(numbers: GmNumbers): string {
  return JSON.stringify({ kind: GM_NUMBERS_KIND, version: 1, weapons: numbers }, null, 2);
}

/**
 * An imported file merged over the world's numbers (an entry of the file replaces the world's for that weapon; the
 * others stay), or the reason the file is refused — then nothing is written.
 */
export function importGmNumbers(
  text: string,
  current: GmNumbers,
): { numbers: GmNumbers } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON (${(e as Error).message})` };
  }
  if (!isObj(parsed) || parsed.kind !== GM_NUMBERS_KIND || !isObj(parsed.weapons))
    return { error: `not a weapon-numbers file (its "kind" must be "${GM_NUMBERS_KIND}")` };
  const out: Record<string, GmWeaponEntry> = { ...current };
  for (const [key, raw] of Object.entries(parsed.weapons)) {
    const checked = checkGmEntry(key, raw);
    if ("error" in checked) return { error: checked.error };
    out[key] = checked.entry;
  }
  return { numbers: out };
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
