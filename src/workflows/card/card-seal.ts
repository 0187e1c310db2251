/**
 * The seals of attack cards (moved out of card-actions.ts so the scene's readers can check a card without importing
 * the card buttons): the digest of a card and the newest seal a GM wrote for it, and whether a card is as it was sealed.
 */
import { SYSTEM_ID } from "../../constants.js";
import type { StoredCard } from "../../data/chat/attack-card.js";
import { isAttackMessage } from "../../documents/subtypes.js";
import { sha256 } from "../../helpers/sha256.js";
import { readCard } from "./card-data.js";

type Msg = ChatMessage.Implementation;

/**
 * The attack card of a message: `m.system.card`, which the `attack` model migrated and typed when the message was
 * loaded or written (issue 28), or null when it is not a whole card (`readCard`).
 */
export const cardOfMessage = (m: Msg): StoredCard | null =>
  isAttackMessage(m) ? readCard(m.system.card) : null;

/**
 * The seal of a card: a digest of its author and its data (all but the public marks, which the GM rewrites), in
 * canonical JSON. A player who changes the card — whenever, with or without a GM online — changes the digest and
 * cannot change the seal.
 */
export function cardDigest(m: Msg, card: StoredCard): string {
  // Issue 28: the digest is over the typed card (`m.system.card`, migrated and cleaned by the attack model), and it
  // is NOT versioned: for every card this system wrote, the typed card equals what `readCard` gave before issue 28
  // (the migration is that same code, moved; the schema names every field a card carries and fills in no absent
  // one — data/chat/card-migration.test.ts checks both), so a seal a GM wrote before still matches and an old
  // sealed card still applies and undoes (tests/scenarios/card-versions.test.ts). A second seal format would have
  // to be told apart from a forged one for as long as old cards exist; an equal digest needs nothing.
  // `migratedFrom` is the migration's own note, not the author's data: left out, as the GM-written marks are.
  const { applied: _marks, migratedFrom: _from, ...data } = card;
  return sha256(canonicalJSON({ author: m._source.author ?? null, card: data })).slice(0, 40);
}

/** JSON with every object's keys sorted, so the same data always gives the same text. */
export function canonicalJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJSON((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The seals live on GM users' own User documents (`flags.<system>.seals`), which no player may write (common/
 * documents/user.mjs `#canUpdate`: "Players may only modify themselves"). With several GMs, the newest seal of any
 * of them counts (a GM's correction of a card outranks the seal another GM wrote before).
 */
export function sealOf(messageId: string): string | null {
  let best: { d: string; t: number } | null = null;
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const seal = u.getFlag(SYSTEM_ID, "seals")?.[messageId];
    if (seal && typeof seal.d === "string" && (!best || seal.t > best.t)) best = seal;
  }
  return best?.d ?? null;
}
