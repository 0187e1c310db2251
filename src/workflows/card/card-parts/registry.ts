/**
 * View parts of the attack card (issue 28): a game block of the card — its key, what it shows for a card and a
 * viewer, and its template partial (templates/chat/parts/*.hbs). `cardView` asks every registered part for its
 * context and the card's template draws each part that has one, so a later game module registers its own part
 * without touching the card. Each page draws the card for its own user (card-render.ts `viewerOf`).
 */
import type { AttackCardData, GrenadeCard } from "../../../data/chat/attack-card.js";

export type PartCard = AttackCardData & { grenade?: GrenadeCard | null };

/** What a part reads besides the card: the attacker's name as this page has it, for the viewing user. */
export interface PartOptions {
  readonly attackerName: string;
  readonly isGM: boolean;
}

export interface CardViewPart {
  /** The part's key: the card's template finds the part's context under `parts.<key>`. */
  readonly key: string;
  /** The partial's path under templates/ (e.g. "chat/parts/suppression.hbs"), loaded with the card's template. */
  readonly template: string;
  /** What the partial reads, or null when the card has no such block. */
  context(card: PartCard, opts: PartOptions): unknown;
}

const PARTS = new Map<string, CardViewPart>();

/** Register a view part (a later registration under the same key replaces the earlier one). */
export function registerCardViewPart(part: CardViewPart): void {
  PARTS.set(part.key, part);
}

export function cardViewParts(): readonly CardViewPart[] {
  return [...PARTS.values()];
}

/**
 * Each of `parts`' context for this card, by key (a part with nothing to show is left out): the parts of the card's
 * game (issue 30: `gameOf(card).card.parts`).
 */
export function partContexts(
  card: PartCard,
  opts: PartOptions,
  parts: readonly CardViewPart[] = [...PARTS.values()],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of parts) {
    const ctx = p.context(card, opts);
    if (ctx !== null && ctx !== undefined) out[p.key] = ctx;
  }
  return out;
}
