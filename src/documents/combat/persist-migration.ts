/**
 * Issue 29: the flags of a combat saved by an earlier version are moved into the models on every client as it loads
 * (FrontierCombat / FrontierCombatant `migrateData`), in memory only. The active GM then writes the move once
 * (`persistMigrations`, at `ready`): each migrated document's `system` whole and a deletion of each old flag key, so the
 * database holds the models and no stale flag (as helpers/migrate.ts makes the actors' migrations permanent).
 *
 * What is noted is the whole stored source as the world builds the Combat (an update's changes are not: they have
 * no `combatants` list); a key is deleted only if the migration took it out of the flags (a value the model refused
 * stays where it was, data/flags-to-system.ts). The writes are `diff: false`: core's diff would find nothing to
 * change, the migrated values being already in memory (v13 client/data/client-backend.mjs `#preUpdateDocumentArray`).
 */
import { SYSTEM_ID } from "../../constants.js";
import { COMBAT_KEYS } from "../../data/combat/state.js";
import { COMBATANT_MARKS } from "../../data/combatant/marks.js";
import { perPage } from "../../helpers/page-state.js";
import type { Noted } from "./persist-writes.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** What was noted while the world loaded; `open` ends at `ready`, when it is written (active GM) or dropped. */
const NOTED = perPage(() => ({ open: true, combats: new Map<string, Noted>() }));

/** The old keys a source's flags hold. */
function oldKeys(source: unknown, keys: readonly string[]): string[] {
  const flags = isObj(source) && isObj(source.flags) ? source.flags[SYSTEM_ID] : undefined;
  return isObj(flags) ? keys.filter((k) => flags[k] !== undefined) : [];
}

function byId(list: unknown, keys: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (Array.isArray(list))
    for (const d of list) {
      const found = oldKeys(d, keys);
      if (found.length && isObj(d) && typeof d._id === "string") out.set(d._id, found);
    }
  return out;
}

/** Called by FrontierCombat's `migrateData` before it migrates: note a stored combat that holds old flag keys. */
export function noteOldFlags(source: Obj): void {
  if (!NOTED().open || typeof source._id !== "string" || !Array.isArray(source.combatants)) return;
  const noted: Noted = {
    combat: oldKeys(source, COMBAT_KEYS),
    combatants: byId(source.combatants, COMBATANT_MARKS),
    groups: byId(source.groups, ["moraleFactors"]),
  };
  if (noted.combat.length || noted.combatants.size || noted.groups.size)
    NOTED().combats.set(source._id, noted);
}

/**
 * At `ready`: the active GM makes each noted combat's migration permanent (one write per document kind). Every other
 * page drops what it noted and notes nothing more (a combat loaded later migrates in memory, and is written at the
 * active GM's next `ready`), so no page keeps a copy of old sources for the session.
 */
export async function persistMigrations(): Promise<void> {
  const page = NOTED();
  const noted = [...page.combats];
  page.combats.clear();
  page.open = false;
  if (!game.user?.isActiveGM || !noted.length) return;
  // Issue 33: the writes load only when there is something to write (persist-writes.ts).
  await (await import("./persist-writes.js")).writeMigrations(noted);
}

/** How many stored combats this page still keeps a note of (0 on every page once `ready` has run). */
export function notedCombats(): number {
  return NOTED().combats.size;
}
