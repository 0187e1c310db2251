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

import { sealedStore } from "../../helpers/sealed-store.js";
import { SETTINGS } from "../../helpers/settings.js";
import { asSecret, type KeptSecret, type SideSecret } from "./side-initiative.js";

const store = sealedStore(SETTINGS.sideSecrets);

/** The numbers this browser keeps for a side's sealed roll `sealId`, or null. */
export function keptSecret(combatId: string, sideId: string, sealId: string): SideSecret | null {
  const raw = store.kept(combatId, sideId, sealId);
  return raw === undefined ? null : asSecret(raw);
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
  const rolls = [...secrets].map(([sideId, { sealId, ...numbers }]) => [sideId, sealId, numbers] as const);
  await store.keep(combatId, rolls, liveCombats);
}
