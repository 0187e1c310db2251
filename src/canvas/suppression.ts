/**
 * Suppression fire on the scene (SW-43): the areas suppressors keep on their Combatants until their next turn, and
 * whether a token stands in one that another side suppresses. The rules (`rules/d20/actions.ts`) decide; this reads
 * the combat and the token positions.
 *
 * The area lives on the suppressor's Combatant (`flags.frontier-tactics.suppressing`), written with the round's
 * ledger by the user who fired (the Combatant's owner may write its flags, common/documents/combatant.mjs), and
 * cleared by the active GM when that combatant's next turn starts (`FrontierCombat#_onStartTurn`).
 */
import { SYSTEM_ID } from "../constants.js";
import {
  insideArea,
  SUPPRESSION_AREA_M,
  type SuppressedArea,
  suppressedModifier,
} from "../rules/d20/actions.js";
import { D20_REACH_M } from "../rules/d20/tables.js";
import { sealedCard } from "../workflows/card-seal.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/**
 * What a suppressor's Combatant keeps: the suppression card it made. The Combatant's owner writes it (a player may
 * write any flag of their own Combatant), so nothing in it is trusted but the card's id: the area is read from that
 * card — sealed by a GM, a hit of suppression fire by this combatant's actor (`suppressedAreas`) — its size is the
 * rule's 4 m, its side the suppressor's token's disposition now (review of issue 15, H1).
 */
export interface SuppressingFlag {
  readonly sceneId: string;
  readonly messageId: string;
}

/** A token's side for suppression: its disposition (friendly, neutral, hostile, secret). */
export const sideOfToken = (token: TokenP): string => String(token.document.disposition);

/** The areas suppressed on `sceneId` in the combats there, each with its suppressor's combatant id. */
export function suppressedAreas(sceneId: string): SuppressedArea[] {
  const out: SuppressedArea[] = [];
  const scene = game.scenes?.get(sceneId);
  const grid = scene?.grid;
  const perMetre = grid?.distance ? grid.size / grid.distance : 1;
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    for (const c of combat.combatants) {
      const f = c.getFlag(SYSTEM_ID, "suppressing");
      if (!f || f.sceneId !== sceneId || typeof f.messageId !== "string") continue;
      const card = sealedCard(game.messages?.get(f.messageId));
      const token = c.token;
      if (
        !card?.suppression ||
        card.area !== "suppression" ||
        card.sceneId !== sceneId ||
        !c.actor ||
        card.actorUuid !== c.actor.uuid ||
        !token
      )
        continue;
      out.push({
        centre: { x: card.suppression.x, y: card.suppression.y },
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
    if (["unconscious", "dead", "dying", "stun"].some((s) => actor.statuses.has(s))) return false;
    const armed = actor.items.some(
      (i) => i.type === "weapon" && (i.system as { d20?: { attack?: string } }).d20?.attack === "melee",
    );
    if (!armed) return false;
    const gapX = Math.max(0, Math.abs(t.center.x - token.center.x) - (t.w + token.w) / 2);
    const gapY = Math.max(0, Math.abs(t.center.y - token.center.y) - (t.h + token.h) / 2);
    return Math.max(gapX, gapY) * perPixel < D20_REACH_M - 1e-6;
  });
}

/** Metres per pixel of the token's scene. */
function unitsPerPixelOf(token: TokenP): number {
  const grid = token.document.parent?.grid;
  return grid?.size ? grid.distance / grid.size : 1;
}

/**
 * SW-43: the suppression card of a combatant whose verified area (`suppressedAreas`) holds the token — the weapon it
 * may make a ranged attack of opportunity with, into that area — or null.
 */
export function suppressingInto(
  combatant: Combatant.Implementation,
  token: TokenP,
): { readonly weaponId: string | null } | null {
  const sceneId = token.document.parent?.id;
  if (!sceneId || !combatant.id) return null;
  const area = suppressedAreas(sceneId).find(
    (a) => a.suppressorId === combatant.id && insideArea(token.center, a),
  );
  if (!area) return null;
  const f = combatant.getFlag(SYSTEM_ID, "suppressing");
  const card = f ? sealedCard(game.messages?.get(f.messageId)) : null;
  return { weaponId: card?.weaponId ?? null };
}
