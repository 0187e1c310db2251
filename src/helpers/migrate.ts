/**
 * The migration runner: on `ready`, the active GM writes back the stored world documents whose data predates the
 * schema, so the migration is permanent. It works from what is STORED, never from what is in memory.
 *
 * Why the stored data is kept while documents are built: v13 migrates a document's source IN PLACE as it
 * constructs it (`DataModel#_initializeSource` → `migrateDataSafe`; the raw object from the world data, which is
 * `game.data.actors[i]` itself, is owned and mutated by the model), so afterwards neither `_source` nor
 * `game.data` shows the old shape, and a field the migration could not fix has already been replaced by its
 * fallback. FrontierActor and FrontierItem hand the raw data to {@link noteStoredSource} first; a world document
 * whose stored data is old (or whose owned items are) keeps a copy of that `system` here, keyed by id, which
 * also covers documents that then fail validation and are held by core as invalid
 * (`DocumentCollection#invalidDocumentIds`, `getInvalid`; client/documents/abstract/document-collection.mjs).
 *
 * The runner migrates each stored `system` with the pure migrations and writes it whole (`diff: false,
 * recursive: false`), as dnd5e's `migrateWorld` does with `persistSourceMigration` (module/migration.mjs), so
 * keys a migration moved (`staminaMax`) leave the database, and a value the migration cannot fix makes that
 * write fail validation (reported) instead of writing a fallback over the stored value. It covers world actors
 * (valid and invalid) and their items, world items (valid and invalid) and the ActorDelta of every unlinked token
 * on every scene (its `system` is an ObjectField core never migrates, so `_source.delta.system` is what is stored;
 * the synthetic actor's full migrated `system` is written into the delta, as dnd5e does). Each document has its
 * own try/catch; what failed is named to the GM, and the world setting is raised only when everything succeeded.
 *
 * The runner itself (`runMigrations`, migrate-run.ts) is loaded on `ready` (issue 33: not in the system's first load);
 * the noting, which documents' constructors call, stays here.
 *
 * Not walked: compendium packs (built at the current schema by scripts/packs.mjs) and items inside token deltas
 * (no Item migration exists yet).
 */
import { isStaleSource, MIGRATIONS, type Migration } from "../data/migrations.js";
import { perPage } from "./page-state.js";

export const CURRENT_MIGRATION = Math.max(0, ...MIGRATIONS.map((m) => m.version));

export type System = Record<string, unknown>;
export interface StoredItem {
  readonly type: string;
  readonly system: System;
}
export interface StoredActor extends StoredItem {
  /** Is the actor's own `system` old? */
  readonly stale: boolean;
  /** Its owned items whose stored `system` is old, by id. */
  readonly items: ReadonlyMap<string, StoredItem>;
}

/** Stored data of world actors and world items that predates the schema, by document id. */
export const storedSources = perPage(() => ({
  actors: new Map<string, StoredActor>(),
  items: new Map<string, StoredItem>(),
}));

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function copyOf(data: { type?: unknown; system?: unknown }): StoredItem {
  return { type: String(data.type), system: structuredClone(data.system) as System };
}

/**
 * Called by a document's `_initializeSource` with the data it is built from, before core migrates it. Only world
 * documents are noted (an owned item is noted through its actor, because v13 migrates embedded items inside the
 * actor's own migration, `EmbeddedCollectionField#migrateSource`, before each item is built; a token's synthetic
 * actor is built from already-migrated base data and its delta, which the runner reads from the token).
 */
export function noteStoredSource(doc: object, documentName: Migration["documentName"], data: unknown): void {
  if ((doc as { parent?: unknown }).parent) return;
  if (!isRecord(data) || "_source" in data || typeof data._id !== "string") return;
  const id = data._id;
  if (documentName === "Item") {
    if (isStaleSource("Item", data)) storedSources().items.set(id, copyOf(data));
    return;
  }
  const items = new Map<string, StoredItem>();
  if (Array.isArray(data.items))
    for (const i of data.items)
      if (isStaleSource("Item", i) && typeof i._id === "string") items.set(i._id, copyOf(i));
  const stale = isStaleSource("Actor", data);
  if (stale || items.size) storedSources().actors.set(id, { ...copyOf(data), stale, items });
}
