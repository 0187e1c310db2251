/**
 * The real d20 initiative entries of hidden NPCs (T2-1D, SW-03), kept on the GM's machine only — the d20 analogue of
 * helpers/side-secrets.ts, for the same reasons: every document and every chat message reaches every client, so the
 * count, die and modifier may be in none of them. They live in a "client" setting, which v13 keeps in the browser's
 * localStorage (client/helpers/client-settings.mjs `#setClient`) and never sends to the server or another client.
 *
 * Shape: combat id → combatant id → seal id → entry. A combatant's `flags.<system>.init.sealed` names its current
 * sealed entry; an entry under another seal id (an older roll, another GM's) is never read. A lost entry (another
 * GM's browser, cleared storage) leaves the combatant in its ranked place, its count unknown to this GM.
 */
import { SYSTEM_ID } from "../constants.js";
import type { InitiativeEntry } from "../rules/d20/initiative.js";
import { clientSettings, SETTINGS } from "./settings.js";

type Store = Record<string, Record<string, Record<string, unknown>>>;

/** Sealed entries kept per combatant (the current one and a few before it, in case a write is refused). */
const KEEP_PER_COMBATANT = 4;

function read(): Store {
  try {
    const raw: unknown = clientSettings().get(SYSTEM_ID, SETTINGS.d20Secrets);
    return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Store) : {};
  } catch {
    // Before `init` registered the setting (a combat prepared that early has nothing kept yet).
    return {};
  }
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The entry this browser keeps for combatant `combatantId`'s sealed roll `sealId`, or null. */
export function keptEntry(combatId: string, combatantId: string, sealId: string): InitiativeEntry | null {
  if (!sealId) return null;
  const raw = read()[combatId]?.[combatantId]?.[sealId];
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
  if (!entries.size) return;
  const store = read();
  const next: Store = {};
  for (const [id, combatants] of Object.entries(store)) if (liveCombats.has(id)) next[id] = combatants;
  const combatants = { ...(next[combatId] ?? {}) };
  for (const [combatantId, { sealId, entry }] of entries) {
    const { id: _id, ...numbers } = entry;
    const kept = Object.entries(combatants[combatantId] ?? {}).filter(([k]) => k !== sealId);
    kept.push([sealId, numbers]);
    combatants[combatantId] = Object.fromEntries(kept.slice(-KEEP_PER_COMBATANT));
  }
  next[combatId] = combatants;
  await clientSettings().set(SYSTEM_ID, SETTINGS.d20Secrets, next);
}
