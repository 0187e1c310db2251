/**
 * SWN-13 (issue 16): the Morale band of the side a token fights on, as every client reads it from the side's
 * CombatantGroup (`system.morale.band`, written by the active GM, `workflows/optional/side-morale.ts`), for the attack facts
 * of its attacks and of the attacks at it. Small and static: the Morale workflow itself is loaded when first needed.
 */
import { isSide, sideIdOf } from "../documents/subtypes.js";
import { currentProfile, getSetting, SETTINGS } from "../helpers/settings.js";

/** The world resolves attacks with the d20 engine's swn profile (ruling 1). */
export const isSwn = (): boolean => getSetting(SETTINGS.engine) === "d20" && currentProfile() === "swn";

/** The band of the token's side in its combat ("careful" …), or null (no combat, no side, no Morale, not swn). */
export function bandOfToken(
  token: { readonly document: TokenDocument.Implementation } | null,
): string | null {
  if (!token || !isSwn()) return null;
  const c = token.document.combatant;
  const id = c ? sideIdOf(c) : null;
  const group = id ? c?.parent?.groups.get(id) : undefined;
  const band = group && isSide(group) ? group.system.morale.band : "";
  return band || null;
}
