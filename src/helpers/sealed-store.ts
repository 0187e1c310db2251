/**
 * The store behind the GM-browser secrets (documents/combat/side-secrets.ts for hidden sides, R1-5d; helpers/d20-secrets.ts
 * for hidden d20 counts, T2-1D): a "client" setting, which v13 keeps in the browser's localStorage
 * (client/helpers/client-settings.mjs `#setClient`) and never sends to the server or another client.
 *
 * Shape: combat id → key (a side or a combatant) → seal id → numbers. Only the numbers under the seal id a document
 * names now are read; each key keeps its last few, and combats no longer in the world are dropped when writing.
 */
import { SYSTEM_ID } from "../constants.js";
import { clientSettings, type SETTINGS } from "./settings.js";

type Store = Record<string, Record<string, Record<string, unknown>>>;

/** Sealed numbers kept per key (the current ones and a few before, in case a write is refused). */
const KEEP_PER_KEY = 4;

export function sealedStore(setting: typeof SETTINGS.sideSecrets | typeof SETTINGS.d20Secrets) {
  const read = (): Store => {
    try {
      const raw: unknown = clientSettings().get(SYSTEM_ID, setting);
      return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Store) : {};
    } catch {
      // Before `init` registered the setting (a combat prepared that early has nothing kept yet).
      return {};
    }
  };
  return {
    /** The raw numbers this browser keeps for `key`'s sealed roll `sealId`, or undefined. */
    kept(combatId: string, key: string, sealId: string): unknown {
      if (!sealId) return undefined;
      const bySeal = read()[combatId]?.[key];
      return bySeal && typeof bySeal === "object" ? bySeal[sealId] : undefined;
    },
    /** Keep the numbers of one combat's sealed rolls, by key; drop combats not in `liveCombats`. */
    async keep(
      combatId: string,
      rolls: Iterable<readonly [key: string, sealId: string, numbers: unknown]>,
      liveCombats: ReadonlySet<string>,
    ): Promise<void> {
      const next: Store = {};
      for (const [id, byKey] of Object.entries(read())) if (liveCombats.has(id)) next[id] = byKey;
      const byKey = { ...(next[combatId] ?? {}) };
      let any = false;
      for (const [key, sealId, numbers] of rolls) {
        if (!sealId) continue;
        any = true;
        const entries = Object.entries(byKey[key] ?? {}).filter(([k]) => k !== sealId);
        entries.push([sealId, numbers]);
        byKey[key] = Object.fromEntries(entries.slice(-KEEP_PER_KEY));
      }
      if (!any) return;
      next[combatId] = byKey;
      await clientSettings().set(SYSTEM_ID, setting, next);
    },
  };
}
