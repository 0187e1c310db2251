/**
 * Issue 29: state that worlds saved by earlier versions kept in a document's flags (`flags.frontier-tactics.<key>`)
 * is now its `system` (a data model). This moves it, in place, on a document's source — whole, as it is loaded, or an
 * update's changes (v13 client/data/client-backend.mjs `#preUpdateDocumentArray` migrates those too) — called by the
 * document class's `migrateData`: a system model's own migration sees only the `system` object (v13
 * common/data/fields.mjs `TypeDataField#migrateSource` hands the model `source.system`), while `Document.migrateData`
 * sees the whole source, flags included.
 *
 * - Each moved flag key is REMOVED from the source, so nothing reads a stale copy.
 * - A key `system` already holds wins (it was written after an earlier load moved the flag); the flag is stale.
 * - A flag value the model would refuse is not moved: it stays where it was and the document loads (bad input loses
 *   nothing and breaks nothing).
 * - A deletion key (`-=state`) is no key of the model and passes through as it is.
 */
import { SYSTEM_ID } from "../constants.js";
import { type ModelSpec, validateData } from "./spec.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** One key's value as the model cleans it, or undefined when the model would refuse it. */
function cleanKey(spec: ModelSpec, key: string, value: unknown): unknown {
  const field = spec.fields[key];
  if (!field) return undefined;
  const { value: cleaned, issues } = validateData({ fields: { [key]: field } }, { [key]: value });
  return issues.length ? undefined : cleaned[key];
}

/** Move the model's keys from the source's flags into its `system`. Returns the keys moved. */
export function moveFlagsIntoSystem<K extends string>(source: Obj, spec: ModelSpec, keys: readonly K[]): K[] {
  const flags = isObj(source.flags) ? source.flags[SYSTEM_ID] : undefined;
  if (!isObj(flags)) return [];
  const moved: K[] = [];
  for (const key of keys) {
    if (!(key in flags) || flags[key] === undefined) continue;
    const system = isObj(source.system) ? source.system : {};
    if (key in system) {
      delete flags[key]; // stale: written since
      continue;
    }
    const value = cleanKey(spec, key, flags[key]);
    if (value === undefined) continue;
    system[key] = value;
    source.system = system;
    delete flags[key];
    moved.push(key);
  }
  return moved;
}
