/**
 * SWN-13 (issue 16): the Morale band of the side a token fights on, as every client reads it from the side's
 * CombatantGroup (`system.morale.band`, written by the active GM, `games/swn/workflows/side-morale.ts`), for the attack facts
 * of its attacks and of the attacks at it. Small and static: the Morale workflow itself is loaded when first needed.
 */
import { isSide, sideIdOf } from "../documents/subtypes.js";
import { currentGame } from "../helpers/game.js";

/** Issue 30: the world's game keeps side Morale (SWN-12; its table says so, games/swn/index.ts). */
export const playsSideMorale = (): boolean => currentGame().sideMorale;

/** The name scene-facts.ts still asks by (the world plays SWN's side Morale). */
export const isSwn = playsSideMorale;

/** The band of the token's side in its combat ("careful" …), or null (no combat, no side, no Morale, not swn). */
export function bandOfToken(
  token: { readonly document: TokenDocument.Implementation } | null,
): string | null {
  if (!token || !playsSideMorale()) return null;
  const c = token.document.combatant;
  const id = c ? sideIdOf(c) : null;
  const group = id ? c?.parent?.groups.get(id) : undefined;
  const band = group && isSide(group) ? group.system.morale.band : "";
  return band || null;
}
