/**
 * The migration runner: on `ready`, the active GM writes back the stored world documents whose data predates the
 * schema, so the migration is permanent.
 *
 * Why the documents are marked while they are built: v13 migrates a document's source IN PLACE as it constructs it
 * (`DataModel#_initializeSource` → `migrateDataSafe`; the raw object from the world data is owned and mutated by
 * the model), so afterwards neither `_source` nor the world data shows the old shape. FrontierActor and
 * FrontierItem hand the raw source to `noteStoredSource` first; the runner writes `toObject().system` back for the
 * marked ones, replacing `system` whole (`diff: false, recursive: false`), so keys a migration moved (such as
 * `staminaMax`) leave the database too. The world setting is raised only when every write succeeded.
 *
 * Not walked: unlinked tokens' actor deltas (a synthetic actor is migrated in memory on every load) and
 * compendium packs (built at the current schema by scripts/packs.mjs).
 */
import { SYSTEM_ID } from "../constants.js";
import { isStaleSource, MIGRATIONS, type Migration } from "../data/migrations.js";
import { getSetting, SETTINGS } from "./settings.js";

export const CURRENT_MIGRATION = Math.max(0, ...MIGRATIONS.map((m) => m.version));

/** Documents built from stored data older than the schema (world actors and items, and their items). */
const stale = new WeakSet<object>();

/**
 * Items of an actor that were stale when the actor was built. v13 migrates an actor's embedded items inside the
 * actor's own migration (`EmbeddedCollectionField#migrateSource`), before each item is constructed, so an owned
 * item's `_initializeSource` already sees migrated data: the actor notes its items' raw state instead.
 */
const staleItems = new WeakMap<object, Set<string>>();

/** Called by a document's `_initializeSource` with the data it is built from, before core migrates it. */
export function noteStoredSource(doc: object, documentName: Migration["documentName"], data: unknown): void {
  if (isStaleSource(documentName, data)) stale.add(doc);
  if (documentName !== "Actor" || !data || typeof data !== "object") return;
  const items = (data as { items?: unknown }).items;
  if (!Array.isArray(items)) return;
  const ids = items
    .filter((i) => isStaleSource("Item", i))
    .map((i) => (i as { _id?: unknown })._id)
    .filter((id): id is string => typeof id === "string");
  if (ids.length) staleItems.set(doc, new Set(ids));
}

/** Was this owned item stale when its actor was built (or itself when built on its own)? */
function itemIsStale(actor: object, item: { id: string | null }): boolean {
  return stale.has(item) || (!!item.id && !!staleItems.get(actor)?.has(item.id));
}

/** Was this document built from stored data older than the schema? */
export function builtFromStaleSource(doc: object): boolean {
  return stale.has(doc);
}

const WHOLE = { diff: false, recursive: false } as const;

/** Write back one actor and its items if they were built from old data; true if anything was written. */
async function persistActor(actor: Actor.Implementation): Promise<boolean> {
  let wrote = false;
  if (stale.has(actor)) {
    await actor.update({ system: actor.toObject().system }, WHOLE);
    wrote = true;
  }
  const items = [...actor.items]
    .filter((i) => itemIsStale(actor, i))
    .map((i) => ({ _id: i.id, system: i.toObject().system }));
  if (items.length) {
    await actor.updateEmbeddedDocuments("Item", items, WHOLE);
    wrote = true;
  }
  return wrote;
}

export async function runMigrations(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const done = getSetting(SETTINGS.migrationVersion);
  if (done >= CURRENT_MIGRATION) return;
  const actors = [...(game.actors ?? [])];
  const items = [...(game.items ?? [])].filter((i) => stale.has(i));
  const todo = actors.filter((a) => stale.has(a) || [...a.items].some((i) => itemIsStale(a, i)));
  if (todo.length || items.length) ui.notifications?.info(game.i18n?.localize("FT.Migration.start") ?? "");
  const failed: string[] = [];
  for (const actor of todo) {
    try {
      await persistActor(actor);
    } catch (err) {
      failed.push(actor.name);
      console.error(`${SYSTEM_ID} | migration of actor ${actor.name} failed`, err);
    }
  }
  for (const item of items) {
    try {
      await item.update({ system: item.toObject().system }, WHOLE);
    } catch (err) {
      failed.push(item.name);
      console.error(`${SYSTEM_ID} | migration of item ${item.name} failed`, err);
    }
  }
  if (failed.length) {
    // Not marked done: the next start tries again (the documents still load migrated in memory).
    ui.notifications?.error(
      game.i18n?.format("FT.Migration.failed", { names: failed.join(", ") }) ?? failed.join(", "),
      { permanent: true },
    );
    return;
  }
  await game.settings?.set(SYSTEM_ID, SETTINGS.migrationVersion, CURRENT_MIGRATION);
  if (todo.length || items.length) ui.notifications?.info(game.i18n?.localize("FT.Migration.done") ?? "");
}
