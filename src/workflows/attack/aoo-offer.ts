/**
 * SW-25, SW-43 (issue 31, trust review 2.1, 2.2): the attacks of opportunity the active GM offered, and whether an
 * attack of opportunity answers one. The offer is the GM's own chat card (games/d20/workflows/provoke.ts posts it): a
 * message's author is the user who creates it — only a GM may name another (v13 common/data/fields.mjs
 * `DocumentAuthorField`, as card-draw.ts reads it) — and a player may update only a message it wrote (its author's
 * update permission), so an offer card a GM wrote holds what the GM offered — the threatening combatant, the mover,
 * the combat and round, the point where it provoked — where no player writes. A card a player wrote offers nothing.
 */
import type { RuleOffer } from "../../data/chat/rule-card.js";

/** The offer the GM posted as message `messageId`, or null when there is none (or a player wrote it). */
export function gmOffer(messageId: string): RuleOffer | null {
  const m = game.messages?.get(messageId);
  if (m?.type !== "rule" || !m.author?.isGM) return null;
  // A message of type "rule" holds the rule card model (src/index.ts registers it); fvtt-types does not narrow by type.
  const card = (m as ChatMessage.OfType<"rule">).system;
  return card.kind === "ft-aoo-offer" ? (card.offer ?? null) : null;
}

/** The offered combatant's actor, and the mover. */
function parts(offer: RuleOffer): { actorUuid: string | null; mover: TokenDocument.Implementation | null } {
  const combatant = game.combats?.get(offer.combatId)?.combatants.get(offer.combatantId);
  // A TokenDocument's uuid names a TokenDocument (v13 `fromUuidSync`).
  const mover = fromUuidSync(offer.tokenUuid) as TokenDocument.Implementation | null;
  return { actorUuid: combatant?.actor?.uuid ?? null, mover };
}

/**
 * Why an attack of opportunity by `actorUuid` at `targetUuids` does not answer offer `messageId` now (a
 * localization key), or null: the offer must be the GM's, for this actor's combatant, in its combat's round (a button
 * drawn in an earlier round is not), at the mover it names and no one else.
 */
export function offerMismatch(
  messageId: string,
  actorUuid: string,
  targetUuids: readonly string[],
  round: number | null = null,
): string | null {
  const offer = gmOffer(messageId);
  if (!offer) return "FT.D20.AoO.notOffered";
  const combat = game.combats?.get(offer.combatId);
  if (!combat?.started || (round ?? combat.round) !== offer.round) return "FT.D20.AoO.stale";
  const { actorUuid: offered, mover } = parts(offer);
  if (!offered || offered !== actorUuid || !mover) return "FT.D20.AoO.notOffered";
  if (!targetUuids.length || targetUuids.some((t) => t !== mover.uuid)) return "FT.D20.AoO.notOffered";
  return null;
}

/**
 * The distance (scene units) from the attacker's token to where the mover provoked: along the viewed grid when it is
 * the mover's scene (v13 `BaseGrid#measurePath`, as scene-facts.ts `distanceToPoint` reads it on the attacker's
 * client), else counted in squares by the larger side (v13's default equidistant diagonals). Null when the attacker
 * has no token on the mover's scene.
 */
export function offerDistance(messageId: string, actorUuid: string): number | null {
  const offer = gmOffer(messageId);
  if (!offer) return null;
  const { mover } = parts(offer);
  const scene = mover?.parent;
  const token = scene?.tokens.find((t) => t.actor?.uuid === actorUuid);
  if (!scene || !token) return null;
  const size = scene.grid?.size || 100;
  const from = {
    x: token.x + ((token.width ?? 1) * size) / 2,
    y: token.y + ((token.height ?? 1) * size) / 2,
  };
  const to = { x: offer.x, y: offer.y };
  const grid = canvas?.scene?.id === scene.id ? canvas?.grid : null;
  if (grid?.measurePath) return grid.measurePath([from, to], {}).distance;
  const perPixel = (scene.grid?.distance || 1) / size;
  return Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y)) * perPixel;
}
