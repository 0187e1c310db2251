/**
 * Issue 32: the GM's weapon numbers checked whole, exported and imported as JSON (the world weapon-table editor's
 * file). Pure; loaded with the browser (applications/weapon-tables.ts), not at startup.
 */
import { isValidDice, RANGE_BANDS, type RangeTable, validateRangeTable } from "../../rules/index.js";
import { GM_FIELDS, type GmNumbers, type GmWeaponEntry, isObj, NAME_KEY } from "./gm-numbers.js";

/** The exported file's header (a file of another kind is refused on import). */
const GM_NUMBERS_KIND = "frontier-tactics.weaponNumbers";

/** One value checked against its field's rule: the value to keep, or the reason it is refused. */
function checkGmValue(path: string, value: unknown): { value: number | string } | { error: string } {
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
  if (!key.startsWith("Compendium.") && !(key.startsWith(NAME_KEY) && key.length > NAME_KEY.length))
    return { error: `"${key}" is not a compendium weapon` };
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

/**
 * Review-trust 2.5 (fixa): the world setting as stored, checked whole as the editor and the import check it: its
 * numbers, or the first reason it is refused (then nothing of it is used). A macro's `game.settings.set` or an older
 * world could store anything.
 */
export function checkGmNumbers(value: unknown): { numbers: GmNumbers } | { error: string } {
  if (!isObj(value)) return { error: "not an object of weapons" };
  const out: Record<string, GmWeaponEntry> = {};
  for (const [key, raw] of Object.entries(value)) {
    const checked = checkGmEntry(key, raw);
    if ("error" in checked) return checked;
    out[key] = checked.entry;
  }
  return { numbers: out };
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
