/**
 * A GM's changes to the Alpha Dawn numbers (rules: "make the number data so a GM can change it"): a partial
 * table merged over the defaults, checked key by key so a typo is reported and nothing else is lost.
 */
import { RulesError } from "../core/types.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";

export function mergeTable(overrides: unknown, base: AlphaDawnTable = ALPHA_DAWN_TABLE): AlphaDawnTable {
  if (overrides === null || overrides === undefined) return base;
  if (typeof overrides !== "object" || Array.isArray(overrides)) {
    throw new RulesError("FT.Error.tableOverrides", "The Alpha Dawn overrides must be an object");
  }
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides as Record<string, unknown>)) {
    const current = (base as unknown as Record<string, unknown>)[key];
    if (current === undefined)
      throw new RulesError("FT.Error.tableOverrides", `Unknown Alpha Dawn number "${key}"`, { key });
    if (typeof current === "number") {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new RulesError("FT.Error.tableOverrides", `"${key}" must be a number`, { key });
      }
      out[key] = value;
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new RulesError("FT.Error.tableOverrides", `"${key}" must be an object`, { key });
    }
    const inner: Record<string, number> = { ...(current as Record<string, number>) };
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!(k in inner))
        throw new RulesError("FT.Error.tableOverrides", `Unknown entry "${key}.${k}"`, {
          key: `${key}.${k}`,
        });
      if (typeof v !== "number" || !Number.isFinite(v)) {
        throw new RulesError("FT.Error.tableOverrides", `"${key}.${k}" must be a number`, {
          key: `${key}.${k}`,
        });
      }
      inner[k] = v;
    }
    out[key] = inner;
  }
  return out as unknown as AlphaDawnTable;
}
