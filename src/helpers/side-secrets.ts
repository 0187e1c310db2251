/**
 * The numbers of hidden NPC sides (R1-5d), kept on the GM's machine only.
 *
 * In v13 every document's data and every chat message (whispers and blind rolls included: `ChatMessage#visible`
 * only decides what the chat log shows) reaches every client, so the numbers may be in no document and no message.
 * They live in a client setting: v13's `ClientSettings` (client/helpers/client-settings.mjs, search id 8447867917)
 * reads and writes a "client" scope setting in `window.localStorage` (`#setClient`) and creates no Setting
 * document, so nothing of it reaches the server or another client. It survives a reload of the same browser.
 *
 * Shape: combat id → side id → seal id → numbers. A side's `system.sealId` names its current sealed roll; numbers
 * under another seal id (an older roll, a roll another GM made) are never read. What is lost (another GM's browser,
 * cleared storage) is reported by the caller: the side stays rolled, its numbers unknown, and the GM may re-roll or
 * edit it.
 */
import { SYSTEM_ID } from "../constants.js";
import { asSecret, type KeptSecret, type SideSecret } from "../workflows/side-initiative.js";
import { clientSettings, SETTINGS } from "./settings.js";

type Store = Record<string, Record<string, Record<string, unknown>>>;

/** Sealed rolls kept per side (the current one and a few before it, in case a write is refused). */
const KEEP_PER_SIDE = 4;

function read(): Store {
  const raw: unknown = clientSettings().get(SYSTEM_ID, SETTINGS.sideSecrets);
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Store) : {};
}

/** The numbers this browser keeps for a side's sealed roll `sealId`, or null. */
export function keptSecret(combatId: string, sideId: string, sealId: string): SideSecret | null {
  if (!sealId) return null;
  const bySeal = read()[combatId]?.[sideId];
  if (!bySeal || typeof bySeal !== "object") return null;
  return asSecret(bySeal[sealId]);
}

/**
 * Keep the numbers of sealed rolls of one combat. Combats no longer in the world (`liveCombats`) are dropped, and
 * each side keeps only its last few rolls.
 */
export async function keepSecrets(
  combatId: string,
  secrets: ReadonlyMap<string, KeptSecret>,
  liveCombats: ReadonlySet<string>,
): Promise<void> {
  if (!secrets.size) return;
  const store = read();
  const next: Store = {};
  for (const [id, sides] of Object.entries(store)) if (liveCombats.has(id)) next[id] = sides;
  const sides = { ...(next[combatId] ?? {}) };
  for (const [sideId, { sealId, ...numbers }] of secrets) {
    if (!sealId) continue;
    const entries = Object.entries(sides[sideId] ?? {}).filter(([k]) => k !== sealId);
    entries.push([sealId, numbers]);
    sides[sideId] = Object.fromEntries(entries.slice(-KEEP_PER_SIDE));
  }
  next[combatId] = sides;
  await clientSettings().set(SYSTEM_ID, SETTINGS.sideSecrets, next);
}
