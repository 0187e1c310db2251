/**
 * The d20 grenade block of a stored card (SW-38), read by the card's view on every page; the code that writes it
 * (d20-grenade.ts) loads with the first thrown grenade.
 */
import type { D20GrenadeBlock, GrenadeCard } from "../../../data/chat/attack-card.js";

/** The d20 grenade block of a stored card, if it is one. */
export function d20GrenadeOf(card: { readonly grenade?: GrenadeCard | null }): D20GrenadeBlock | null {
  return card.grenade?.d20 ?? null;
}
