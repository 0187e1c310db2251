/**
 * Issue 29: the active GM's one write of each noted combat's migration (persist-migration.ts `persistMigrations`,
 * at `ready`): each migrated document's `system` whole and a deletion of each old flag key, `diff: false` (core's
 * diff would find nothing to change, the migrated values being already in memory: v13 client/data/client-backend.mjs
 * `#preUpdateDocumentArray`). Loaded only when a world holds such a combat (issue 33: the first load). Moved unchanged.
 */
import { SYSTEM_ID } from "../../constants.js";

/** What a stored combat held in old flag keys: its own, each combatant's and each side's, by id. */
export interface Noted {
  readonly combat: readonly string[];
  readonly combatants: ReadonlyMap<string, readonly string[]>;
  readonly groups: ReadonlyMap<string, readonly string[]>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The update that writes a migrated document: its `system` whole, and each old key it no longer holds deleted. */
function persisted(
  doc: { _source: { system?: unknown; flags?: unknown } },
  keys: readonly string[],
): Obj | null {
  const flags = isObj(doc._source.flags) ? doc._source.flags[SYSTEM_ID] : undefined;
  const gone = keys.filter((k) => !isObj(flags) || flags[k] === undefined);
  if (!gone.length) return null;
  const update: Obj = { system: foundry.utils.deepClone(doc._source.system) };
  for (const k of gone) update[`flags.${SYSTEM_ID}.-=${k}`] = null;
  return update;
}

/** Active GM, at `ready`: write each noted combat's migration (one write per document kind). */
export async function writeMigrations(noted: readonly (readonly [string, Noted])[]): Promise<void> {
  for (const [id, n] of noted) {
    const combat = game.combats?.get(id);
    if (!combat) continue;
    try {
      const own = persisted(combat, n.combat);
      if (own) await combat.update(own, { diff: false });
      const members = [...n.combatants].flatMap(([cid, keys]) => {
        const c = combat.combatants.get(cid);
        const u = c ? persisted(c, keys) : null;
        return u ? [{ _id: cid, ...u }] : [];
      });
      if (members.length) await combat.updateEmbeddedDocuments("Combatant", members, { diff: false });
      const sides = [...n.groups].flatMap(([gid, keys]) => {
        const g = combat.groups.get(gid);
        const u = g ? persisted(g, keys) : null;
        return u ? [{ _id: gid, ...u }] : [];
      });
      if (sides.length) await combat.updateEmbeddedDocuments("CombatantGroup", sides, { diff: false });
    } catch (e) {
      console.error(`${SYSTEM_ID} | combat ${id}: its migrated state could not be written`, e);
    }
  }
}
