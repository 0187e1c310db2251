/**
 * Issue 29: a world saved by an earlier version kept a Combatant's marks in its flags (`flags.frontier-tactics.state`,
 * `.dodging`, `.declared`, `.turn`, `.running`, `.overwatch`); they are now its `system` (marks.ts). This moves them,
 * once per load, in the document class's `migrateData` (documents/combatant.ts): a system model's own migration sees
 * only the `system` object (v13 common/data/fields.mjs `TypeDataField#migrateSource` hands the model
 * `source.system`), while `Document.migrateData` sees the whole source, flags included.
 *
 * - A key `system` already holds wins (it was written after an earlier load migrated the flag); the flag is stale.
 * - Each moved flag key is REMOVED from the source, so nothing reads a stale copy.
 * - A flag value the model would refuse (not a mark an earlier version wrote) is not moved: it stays where it was, and
 *   the combatant loads (bad input loses nothing and breaks nothing).
 * - v13 also runs `migrateData` on an update's changes (client/data/client-backend.mjs `#preUpdateDocumentArray`):
 *   a write of an old flag key (an old macro) becomes a write of the mark, which the GM's referee then judges.
 *   A deletion key (`-=state`) is not a mark and passes through as it is.
 */
import { SYSTEM_ID } from "../../constants.js";
import { validateData } from "../spec.js";
import { COMBATANT_MARKS, COMBATANT_SPEC, type CombatantMark } from "./marks.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** One mark's value as the model cleans it, or undefined when the model would refuse it. */
function cleanMark(key: CombatantMark, value: unknown): unknown {
  const { value: cleaned, issues } = validateData(
    { fields: { [key]: COMBATANT_SPEC.fields[key] } },
    { [key]: value },
  );
  return issues.length ? undefined : cleaned[key];
}

/**
 * Move the marks of a Combatant's source (whole or an update's changes) from its flags into its `system`, in place.
 * Returns the keys it moved.
 */
export function migrateCombatantMarks(source: Obj): CombatantMark[] {
  const flags = isObj(source.flags) ? source.flags[SYSTEM_ID] : undefined;
  if (!isObj(flags)) return [];
  const moved: CombatantMark[] = [];
  for (const key of COMBATANT_MARKS) {
    if (!(key in flags) || flags[key] === undefined) continue;
    const system = isObj(source.system) ? source.system : {};
    if (key in system) {
      delete flags[key]; // stale: the mark was written since
      continue;
    }
    const value = cleanMark(key, flags[key]);
    if (value === undefined) continue;
    system[key] = value;
    source.system = system;
    delete flags[key];
    moved.push(key);
  }
  return moved;
}
