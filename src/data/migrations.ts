/**
 * Schema migrations as pure functions over a document's source. Each one moves data to its new place and
 * keeps every field it does not understand: migrations never drop data.
 */

export interface Migration {
  /** The schema version this migration produces. */
  readonly version: number;
  readonly documentName: "Actor" | "Item";
  readonly types: readonly string[];
  readonly description: string;
  /** Mutates nothing; returns the new `system` source. */
  readonly migrate: (system: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/**
 * Version 2 (example migration): the first drafts stored Stamina as `stamina: 37, staminaMax: 45` and each ability
 * as a bare number (`abilities.dex: 40`). Now Stamina is `{ value, max }` and each ability `{ value }`.
 */
export const ACTOR_V2: Migration = {
  version: 2,
  documentName: "Actor",
  types: ["character", "creature"],
  description: "Stamina and abilities become objects",
  migrate(system) {
    const out: Record<string, unknown> = { ...system };
    if (typeof system.stamina === "number") {
      const max = typeof system.staminaMax === "number" ? system.staminaMax : system.stamina;
      out.stamina = { value: system.stamina, max };
      delete out.staminaMax;
    }
    const abilities = system.abilities;
    if (abilities && typeof abilities === "object") {
      const next: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(abilities as Record<string, unknown>))
        next[k] = typeof v === "number" ? { value: v } : v;
      out.abilities = next;
    }
    out.schemaVersion = 2;
    return out;
  },
};

export const MIGRATIONS: readonly Migration[] = [ACTOR_V2];

/** Apply every migration newer than the source's `schemaVersion` (absent = 1). */
export function migrateSystem(
  documentName: Migration["documentName"],
  type: string,
  system: Readonly<Record<string, unknown>>,
): { system: Record<string, unknown>; applied: number[] } {
  let current: Record<string, unknown> = { ...system };
  const applied: number[] = [];
  const from = typeof system.schemaVersion === "number" ? system.schemaVersion : 1;
  for (const m of MIGRATIONS) {
    if (m.documentName !== documentName || !m.types.includes(type) || m.version <= from) continue;
    current = m.migrate(current);
    applied.push(m.version);
  }
  return { system: current, applied };
}

/** Does any migration apply to this source? */
export function needsMigration(
  documentName: Migration["documentName"],
  type: string,
  system: Readonly<Record<string, unknown>>,
): boolean {
  return migrateSystem(documentName, type, system).applied.length > 0;
}

/**
 * Is `data` a stored document source (plain data, not a built document) whose `system` a migration would change?
 * This is what a document is built from before core migrates it in place.
 */
export function isStaleSource(documentName: Migration["documentName"], data: unknown): boolean {
  if (!data || typeof data !== "object" || "_source" in data) return false;
  const { type, system } = data as { type?: unknown; system?: unknown };
  if (typeof type !== "string" || !system || typeof system !== "object") return false;
  return needsMigration(documentName, type, system as Record<string, unknown>);
}
