/**
 * Suppression fire on the scene (SW-43): the areas suppressors threaten until their next turn, and whether a token
 * stands in one that another side suppresses. The rules (`rules/d20/actions.ts`) decide; this reads where they are.
 *
 * Authority (review of issue 15, H1): a Combatant's owner may write its flags, and a player's client creates its own
 * cards, so neither is where an area lives. After a suppression card, its author asks the active GM
 * (`workflows/card/d20-card-requests.ts`), who checks the card as it checks any card to apply (seal, author, weapon),
 * measures the area around its target's token itself, and writes it on its own User (`flags.frontier-tactics.
 * suppressing`, keyed by combatant id), which no player may write (common/documents/user.mjs `#canUpdate`: players
 * may only modify themselves). An area holds until its suppressor's next turn: it is read only while the combat is
 * in the round it was made, or in the next before that combatant's turn.
 */

import { currentGame } from "../helpers/game.js";
import {
  D20_REACH_M,
  insideArea,
  SUPPRESSION_AREA_M,
  type SuppressedArea,
  suppressedModifier,
} from "../rules/index.js";
import { suppressionOf } from "./suppressing.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

export { type SuppressingEntry, suppressionOf } from "./suppressing.js";

/** A token's side for suppression: its disposition (friendly, neutral, hostile, secret). */
export const sideOfToken = (token: TokenP): string => String(token.document.disposition);

/** The areas suppressed on `sceneId` in the combats there, each with its suppressor's combatant id. */
export function suppressedAreas(sceneId: string): SuppressedArea[] {
  const out: SuppressedArea[] = [];
  const grid = game.scenes?.get(sceneId)?.grid;
  const perMetre = grid?.distance ? grid.size / grid.distance : 1;
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    for (const c of combat.combatants) {
      const e = suppressionOf(c);
      const token = c.token;
      if (!e || e.sceneId !== sceneId || !token) continue;
      out.push({
        centre: { x: e.x, y: e.y },
        side: String(token.disposition),
        size: SUPPRESSION_AREA_M * perMetre,
        suppressorId: c.id ?? "",
      });
    }
  }
  return out;
}

/** SW-43: the token stands in an area another side suppresses (−1 on its attacks, however many). */
export function isSuppressed(token: TokenP): boolean {
  const sceneId = token.document.parent?.id;
  if (!sceneId) return false;
  return suppressedModifier(token.center, sideOfToken(token), suppressedAreas(sceneId)) !== null;
}

/**
 * SW-43: a combatant's suppression whose area holds the token, a foe of its side — the weapon it may make a ranged
 * attack of opportunity with, into that area — or null.
 */
export function suppressingInto(
  combatant: Combatant.Implementation,
  token: TokenP,
  /** Where the token's centre stood (scene pixels) when it provoked, if not where it is now (issue 31). */
  at: { readonly x: number; readonly y: number } = token.center,
): { readonly weaponId: string | null } | null {
  const sceneId = token.document.parent?.id;
  const own = combatant.token;
  if (!sceneId || !combatant.id || !own) return null;
  if (!(own.disposition * token.document.disposition < 0)) return null;
  const area = suppressedAreas(sceneId).find((a) => a.suppressorId === combatant.id && insideArea(at, a));
  if (!area) return null;
  return { weaponId: suppressionOf(combatant)?.weaponId ?? null };
}

/**
 * SW-25 (issue 15): a foe threatens the token — an opposing token (friendly against hostile) within the 2 m melee reach
 * (SW-14) of its edge, among the tokens this user may involve (a hidden one is not told). What the dialog reads to warn
 * that an action which provokes draws an attack of opportunity.
 */
export function isThreatened(token: TokenP, tokens: readonly TokenP[]): boolean {
  const d = token.document.disposition;
  const perPixel = unitsPerPixelOf(token);
  return tokens.some((t) => {
    if (t === token || !t.actor) return false;
    const e = t.document.disposition;
    if (!(d * e < 0)) return false;
    // SW-25: a creature threatens with a melee weapon ("never … with ranged weapons"), and only while it can act.
    const actor = t.actor;
    if (cannotThreaten(actor)) return false;
    const armed = currentGame().meleeWeapons(actor).length > 0;
    if (!armed) return false;
    const gapX = Math.max(0, Math.abs(t.center.x - token.center.x) - (t.w + token.w) / 2);
    const gapY = Math.max(0, Math.abs(t.center.y - token.center.y) - (t.h + token.h) / 2);
    return Math.max(gapX, gapY) * perPixel < D20_REACH_M - 1e-6;
  });
}

/** SW-25: a combatant down (unconscious, dead, dying, stunned) threatens nothing and makes no attack of opportunity. */
export function cannotThreaten(actor: Actor.Implementation): boolean {
  return ["unconscious", "dead", "dying", "stun"].some((s) => actor.statuses.has(s));
}

/** Metres per pixel of the token's scene. */
function unitsPerPixelOf(token: TokenP): number {
  const grid = token.document.parent?.grid;
  return grid?.size ? grid.distance / grid.size : 1;
}
