/**
 * A GM's changes to the Alpha Dawn numbers (rules: "make the number data so a GM can change it"): a partial
 * table merged over the defaults, checked key by key so a typo is reported and nothing else is lost.
 */
import { RulesError } from "../core/types.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";

type Key = keyof AlphaDawnTable;
type Entries = [string, unknown][];

/** Is `k` one of the table's numbers or groups (as `table[k] !== undefined` tells for a plain table)? */
function isKey(table: AlphaDawnTable, k: string): k is Key {
  return Object.hasOwn(table, k);
}

/** A group of numbers with one entry changed (the group keeps its own keys: `k` was checked against it). */
function withEntry<T extends Readonly<Record<string, number>>>(group: T, k: string, v: number): T {
  return { ...group, [k]: v };
}

/**
 * The range each number may take: a d100 modifier is a whole number from −100 to +100; the automatic hit range
 * ends at 0–100 (0: off), the automatic miss range starts at 1–101 (101: off), a stray chance is 0–100 %.
 */
export function rangeOf(key: string): readonly [number, number] {
  if (key === "autoHitMax" || key === "strayChance") return [0, 100];
  if (key === "autoMissMin") return [1, 101];
  return [-100, 100];
}

function checkNumber(key: string, value: unknown, path: string): number {
  const [min, max] = rangeOf(key);
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new RulesError(
      "FT.Error.tableOverrideRange",
      `"${path}" must be a whole number from ${min} to ${max}, not ${JSON.stringify(value) ?? String(value)}`,
      { key: path, min, max },
    );
  }
  return value;
}

export function mergeTable(overrides: unknown, base: AlphaDawnTable = ALPHA_DAWN_TABLE): AlphaDawnTable {
  if (overrides === null || overrides === undefined) return base;
  if (typeof overrides !== "object" || Array.isArray(overrides)) {
    throw new RulesError("FT.Error.tableOverrides", "The Alpha Dawn overrides must be an object");
  }
  const out: { -readonly [K in Key]: AlphaDawnTable[K] } = { ...base };
  /** Each value keeps its default's kind (checked below), which is what TypeScript sees of `out[key]`. */
  const set = <K extends Key>(key: K, value: AlphaDawnTable[K]) => {
    out[key] = value;
  };
  const entries: Entries = Object.entries(overrides);
  for (const [key, value] of entries) {
    if (!isKey(base, key))
      throw new RulesError("FT.Error.tableOverrides", `Unknown Alpha Dawn number "${key}"`, { key });
    const current = base[key];
    if (typeof current === "number") {
      set(key, checkNumber(key, value, key));
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new RulesError("FT.Error.tableOverrides", `"${key}" must be an object`, { key });
    }
    let inner = { ...current };
    const innerEntries: Entries = Object.entries(value);
    for (const [k, v] of innerEntries) {
      if (!Object.hasOwn(inner, k))
        throw new RulesError("FT.Error.tableOverrides", `Unknown entry "${key}.${k}"`, {
          key: `${key}.${k}`,
        });
      inner = withEntry(inner, k, checkNumber(key, v, `${key}.${k}`));
    }
    set(key, inner);
  }
  return out;
}
