/**
 * The migration runner (helpers/migrate.ts says what it does and why it works from the stored data), loaded on
 * `ready` by src/index.ts (issue 33: a lazy chunk, not part of the system's first load).
 */
import { SYSTEM_ID } from "../constants.js";
import { migrateSystem } from "../data/migrations.js";
import { CURRENT_MIGRATION, isRecord, type System, storedSources } from "./migrate.js";
import { getSetting, SETTINGS } from "./settings.js";

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
