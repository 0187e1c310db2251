/**
 * The migration runner: on `ready`, the active GM brings stored world documents up to the current schema.
 * Data models already migrate on load (`migrateData`); this writes the result back so it is permanent.
 */
import { SYSTEM_ID } from "../constants.js";
import { MIGRATIONS, migrateSystem } from "../data/migrations.js";
import { getSetting, SETTINGS } from "./settings.js";

export const CURRENT_MIGRATION = Math.max(0, ...MIGRATIONS.map((m) => m.version));

export async function runMigrations(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const done = getSetting<number>(SETTINGS.migrationVersion);
  if (done >= CURRENT_MIGRATION) return;
  ui.notifications?.info(game.i18n?.localize("FT.Migration.start") ?? "");
  for (const actor of game.actors ?? []) {
    const source = actor._source as unknown as { type: string; system: Record<string, unknown> };
    const { system, applied } = migrateSystem("Actor", source.type, source.system);
    if (applied.length) await actor.update({ system } as Actor.UpdateData, { diff: false, recursive: false });
  }
  await game.settings?.set(
    SYSTEM_ID as never,
    SETTINGS.migrationVersion as never,
    CURRENT_MIGRATION as never,
  );
  ui.notifications?.info(game.i18n?.localize("FT.Migration.done") ?? "");
}
