/**
 * The real d20 initiative entries of hidden NPCs (T2-1D, SW-03), kept on the GM's machine only — the d20 analogue of
 * documents/combat/side-secrets.ts, for the same reasons: every document and every chat message reaches every client, so the
 * count, die and modifier may be in none of them. They live in a "client" setting, which v13 keeps in the browser's
 * localStorage (client/helpers/client-settings.mjs `#setClient`) and never sends to the server or another client.
 *
 * Shape: combat id → combatant id → seal id → entry. A combatant's `flags.<system>.init.sealed` names its current
 * sealed entry; an entry under another seal id (an older roll, another GM's) is never read. A lost entry (another
 * GM's browser, cleared storage) leaves the combatant in its ranked place, its count unknown to this GM.
 */
import type { InitiativeEntry } from "../rules/index.js";
import { sealedStore } from "./sealed-store.js";
import { SETTINGS } from "./settings.js";

const store = sealedStore(SETTINGS.d20Secrets);

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The entry this browser keeps for combatant `combatantId`'s sealed roll `sealId`, or null. */
export function keptEntry(combatId: string, combatantId: string, sealId: string): InitiativeEntry | null {
  const raw = store.kept(combatId, combatantId, sealId);
  if (!raw || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  const count = num(e.count);
  const modifier = num(e.modifier);
  const dexScore = num(e.dexScore);
  const shift = num(e.shift);
  if (count === null || modifier === null || dexScore === null || shift === null) return null;
  return { id: combatantId, count, modifier, dexScore, tieBreak: num(e.tieBreak), shift };
}

/**
 * Keep the real entries of one combat's sealed combatants, by seal id. Combats no longer in the world
 * (`liveCombats`) are dropped; each combatant keeps only its last few entries.
 */
export async function keepEntries(
  combatId: string,
  entries: ReadonlyMap<string, { sealId: string; entry: InitiativeEntry }>,
  liveCombats: ReadonlySet<string>,
): Promise<void> {
  const rolls = [...entries].map(([combatantId, { sealId, entry }]) => {
    const { id: _id, ...numbers } = entry;
    return [combatantId, sealId, numbers] as const;
  });
  await store.keep(combatId, rolls, liveCombats);
}
