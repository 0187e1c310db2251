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
 * Not walked: compendium packs (built at the current schema by scripts/packs.mjs) and items inside token deltas
 * (no Item migration exists yet).
 */
import { SYSTEM_ID } from "../constants.js";
import { isStaleSource, MIGRATIONS, type Migration, migrateSystem } from "../data/migrations.js";
import { perPage } from "./page-state.js";
import { getSetting, SETTINGS } from "./settings.js";

export const CURRENT_MIGRATION = Math.max(0, ...MIGRATIONS.map((m) => m.version));

type System = Record<string, unknown>;
interface StoredItem {
  readonly type: string;
  readonly system: System;
}
interface StoredActor extends StoredItem {
  /** Is the actor's own `system` old? */
  readonly stale: boolean;
  /** Its owned items whose stored `system` is old, by id. */
  readonly items: ReadonlyMap<string, StoredItem>;
}

/** Stored data of world actors and world items that predates the schema, by document id. */
const storedSources = perPage(() => ({
  actors: new Map<string, StoredActor>(),
  items: new Map<string, StoredItem>(),
}));

const isRecord = (v: unknown): v is Record<string, unknown> =>
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

const WHOLE = { diff: false, recursive: false } as const;

/**
 * What the runner reads of a world collection. fvtt-types types `getInvalid` per document name with overloads the
 * two callers below cannot narrow to, so they pass `game.actors`/`game.items` through this shape (a cast each).
 */
interface Collection<D> {
  get(id: string): D | undefined;
  invalidDocumentIds?: Set<string>;
  getInvalid?(id: string, options?: { strict?: boolean }): D | undefined;
}

/** The live document, or core's temporary instance of an invalid one. */
function documentOf<D>(collection: Collection<D> | undefined, id: string): D | undefined {
  return (
    collection?.get(id) ?? (collection?.invalidDocumentIds?.has(id) ? collection.getInvalid?.(id) : undefined)
  );
}

/** A document that could not be migrated, named for the GM. */
interface Failure {
  readonly label: string;
  readonly error: unknown;
}

/**
 * Run one document's write. A write the client refuses (its dry run fails validation: core shows the error and
 * resolves with nothing instead of throwing) counts as a failure too.
 */
async function attempt(failed: Failure[], label: string, write: () => Promise<unknown>): Promise<void> {
  try {
    const result = await write();
    if (!result || (Array.isArray(result) && result.length === 0))
      throw new Error("the write was refused (the migrated data is not valid)");
  } catch (error) {
    failed.push({ label, error });
  }
}

async function migrateWorldActors(failed: Failure[]): Promise<number> {
  let count = 0;
  for (const [id, stored] of storedSources().actors) {
    const actor = documentOf(game.actors as unknown as Collection<Actor.Implementation>, id);
    if (!actor) continue;
    count++;
    const label = `${game.i18n?.localize("DOCUMENT.Actor") ?? "Actor"} ${actor.name} [${id}]`;
    if (stored.stale) {
      const system = migrateSystem("Actor", stored.type, stored.system).system;
      await attempt(failed, label, () => actor.update({ system } as Actor.UpdateData, WHOLE));
    }
    for (const [itemId, item] of stored.items) {
      const system = migrateSystem("Item", item.type, item.system).system;
      await attempt(failed, `${label} · ${itemId}`, () =>
        actor.updateEmbeddedDocuments("Item", [{ _id: itemId, system } as Item.UpdateData], WHOLE),
      );
    }
  }
  return count;
}

async function migrateWorldItems(failed: Failure[]): Promise<number> {
  let count = 0;
  for (const [id, stored] of storedSources().items) {
    const item = documentOf(game.items as unknown as Collection<Item.Implementation>, id);
    if (!item) continue;
    count++;
    const system = migrateSystem("Item", stored.type, stored.system).system;
    await attempt(failed, `${game.i18n?.localize("DOCUMENT.Item") ?? "Item"} ${item.name} [${id}]`, () =>
      item.update({ system } as Item.UpdateData, WHOLE),
    );
  }
  return count;
}

/** The unlinked tokens whose stored delta still has an old shape, and the delta's migrated `system`. */
function staleDeltas(): { token: TokenDocument.Implementation; scene: string; delta: System }[] {
  const out: { token: TokenDocument.Implementation; scene: string; delta: System }[] = [];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      if (token.actorLink) continue;
      const stored = (token._source as { delta?: { system?: unknown } }).delta?.system;
      const type = token.baseActor?.type;
      if (!isRecord(stored) || !type) continue;
      const { system, applied } = migrateSystem("Actor", type, stored, { partial: true });
      if (applied.length) out.push({ token, scene: scene.name, delta: system });
    }
  }
  return out;
}

async function migrateTokenDeltas(failed: Failure[]): Promise<number> {
  const todo = staleDeltas();
  for (const { token, scene, delta } of todo) {
    await attempt(failed, `${token.name} (${scene}) [${token.id}]`, async () => {
      const base = token.baseActor;
      const actor = token.actor;
      if (!base || !actor) throw new Error(`token ${token.id} has no actor`);
      // The synthetic actor's data from what is stored: the (migrated) base merged with the migrated delta.
      const merged = foundry.utils.mergeObject(base.toObject().system as System, delta, { inplace: false });
      const system = migrateSystem("Actor", base.type, merged).system;
      return actor.update({ system } as Actor.UpdateData, WHOLE);
    });
  }
  return todo.length;
}

export async function runMigrations(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const done = getSetting(SETTINGS.migrationVersion);
  if (done >= CURRENT_MIGRATION) return;
  const pending = storedSources().actors.size + storedSources().items.size + staleDeltas().length;
  if (pending) ui.notifications?.info(game.i18n?.localize("FT.Migration.start") ?? "");
  const failed: Failure[] = [];
  const migrated =
    (await migrateWorldActors(failed)) +
    (await migrateWorldItems(failed)) +
    (await migrateTokenDeltas(failed));
  if (failed.length) {
    for (const f of failed) console.error(`${SYSTEM_ID} | migration of ${f.label} failed`, f.error);
    // Not marked done: the next start tries again, from the stored data, which nothing has overwritten.
    ui.notifications?.error("FT.Migration.failed", {
      format: { names: failed.map((f) => f.label).join(", ") },
      permanent: true,
    });
    return;
  }
  await game.settings?.set(SYSTEM_ID, SETTINGS.migrationVersion, CURRENT_MIGRATION);
  // The copies are no longer needed: everything they held is stored migrated now.
  storedSources().actors.clear();
  storedSources().items.clear();
  if (migrated) ui.notifications?.info(game.i18n?.localize("FT.Migration.done") ?? "");
}
