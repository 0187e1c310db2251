/**
 * The GM's record of attacks (issue 27, review T2-1C): for each attack card a GM admitted, kept on the GM's own User
 * (`flags.<system>.attacks`), which no player may write (v13 common/documents/user.mjs `#canUpdate`: "Players may only
 * modify themselves") — the roll it came from, its attacker, the combat, round and turn it was posted in, its shots
 * and the ammunition it says it spent, and why it was refused, if it was.
 *
 * A card is its author's client's word. A literal replay — the same card (and so the same dice) posted again by the
 * same author as a new message, whatever its targets — is refused: its roll key matches an earlier card's. Every new
 * attack card carries a random `rollId` (attack.ts), so two honest attacks never share a key even when their dice do.
 */
import { SYSTEM_ID } from "../../constants.js";
import type { StoredCard } from "../../data/chat/attack-card.js";
import { gameOf } from "../../helpers/game.js";
import { sha256 } from "../../helpers/sha256.js";
import { canonicalJSON } from "../card/card-seal.js";
import { offerDistance, offerMismatch } from "./aoo-offer.js";

type Msg = ChatMessage.Implementation;

/** One admitted (or refused) attack, by message id. */
export interface AttackEntry {
  /** The roll key: author and card data, without its marks, targets' ids or scene (`rollKey`). */
  readonly k: string;
  /** The card's author (user id). */
  readonly by: string;
  /** The attacker (actor UUID). */
  readonly a: string;
  /** The combat, round and turn it was posted in; null outside a started combat. */
  readonly c: string | null;
  readonly r: number | null;
  readonly tn: number | null;
  readonly s: number;
  /** SW-25, SWN-08: the reaction the card says it is (an attack of opportunity, an overwatch shot); absent: an action. */
  readonly rx?: "aoo" | "overwatch" | null;
  /** The ammunition the card says it spent, and what that item held when the GM admitted it. */
  readonly sp: { readonly id: string; readonly n: number; readonly left: number | null } | null;
  readonly t: number;
  /** Why the GM refused it (a localization key); absent when admitted. */
  readonly no?: string | null;
}

/**
 * The roll key of a card: a digest of its author and its data without the GM's marks, the target ids and the scene
 * (a replay aimed at other tokens is still the same roll). Review T2-1C: "rolls or card digest (without targetId)".
 */
export function rollKey(m: Msg, card: StoredCard): string {
  const { applied: _marks, sceneId: _scene, ...data } = card;
  let json = canonicalJSON({ author: m._source.author ?? null, card: data });
  // Each target's id, wherever the card names it (targets, damage, steps, grenade lists), by its place on the card.
  card.targets.forEach((t, i) => {
    if (t.id) json = json.split(JSON.stringify(t.id)).join(JSON.stringify(`#${i}`));
  });
  return sha256(json).slice(0, 40);
}

/** Every GM's record, newest entry per message id. */
export function attackEntries(): Map<string, AttackEntry> {
  const out = new Map<string, AttackEntry>();
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const all = u.getFlag(SYSTEM_ID, "attacks") ?? {};
    for (const [id, e] of Object.entries(all))
      if (e && typeof e.k === "string" && (!out.get(id) || (out.get(id)?.t ?? 0) < e.t)) out.set(id, e);
  }
  return out;
}

/** The GM's record of one message's card, if any. */
export const attackEntry = (messageId: string): AttackEntry | null => attackEntries().get(messageId) ?? null;

/**
 * The combat and turn the attacker fights in now: a started combat that has it. Not narrowed by the card's scene,
 * which is the author's word (review of issue 27: a card naming another scene escaped the round's allowance).
 */
function combatOf(
  card: StoredCard,
): { c: string; r: number; tn: number; byCount: boolean; defending: boolean } | null {
  const isAttacker = (c: Combatant.Implementation) => c.actor?.uuid === card.actorUuid;
  const combat = game.combats?.find((c) => c.started && c.combatants.some(isAttacker));
  if (!combat?.id) return null;
  // The round and turn the GM's writes left, not a player's write not yet put back (`FrontierCombat#settled`).
  const r = combat.settled.round;
  const marks = combat.combatants.find(isAttacker)?.marks;
  // SW-17, SWN-06 (trust review 1.3): total defense or a mech's Protect held for this round is the round's action, in
  // which "you don't actually make an attack".
  const defending =
    !!marks &&
    ((marks.defending?.totalDefense && marks.defending.round === r) || marks.protecting?.round === r);
  return { c: combat.id, r, tn: combat.settled.turn, byCount: !!combat.byCount, defending };
}

/**
 * SW-13, SW-25, SWN-08 (T2-1C): in a combat by count, an attacker's round holds one attack action (an attack or a full
 * attack, one card), one attack of opportunity and one overwatch shot. The player's own client enforces this from
 * its Combatant's ledger, which its owner may write (turn-ledger.ts); the GM counts the cards it admitted instead.
 */
function overAllowance(
  known: ReadonlyMap<string, AttackEntry>,
  id: string,
  actor: string,
  at: { c: string; r: number },
  rx: AttackEntry["rx"],
): boolean {
  return [...known].some(
    ([other, e]) =>
      other !== id &&
      !e.no &&
      e.a === actor &&
      e.c === at.c &&
      e.r === at.r &&
      (e.rx ?? null) === (rx ?? null),
  );
}

/** What the attacker's item holds now of the ammunition the card spent (a weapon's clip or a power pack). */
function leftOf(card: StoredCard): number | null {
  const spent = card.spent;
  if (!spent?.sourceId) return null;
  const actor = fromUuidSync(card.actorUuid as Parameters<typeof fromUuidSync>[0]);
  const item = actor instanceof Actor ? actor.items.get(spent.sourceId) : null;
  // A weapon's clip or a power pack's charge (data/item models): whichever the item has.
  const sys = item?.system as { ammo?: { remaining?: unknown }; remaining?: unknown } | undefined;
  const left = sys?.ammo?.remaining ?? sys?.remaining;
  return typeof left === "number" ? left : null;
}

/**
 * SW-25 (issue 31, trust review 2.1): does a player's attack-of-opportunity card that names an offer not answer it?
 * The offer must be a GM's offer card (aoo-offer.ts), to this attacker, in the round the GM's writes left, at the mover
 * and no one else, and the card's distance the one from the attacker to where the mover provoked (a point the author
 * made up never sets it). A card naming no offer is the tracker's own attack of opportunity, under the checks every
 * card has (one a round, above) and the game's basis on the scene (`unfounded`: the attacker threatens the target
 * or the target provoked it this round).
 */
function unoffered(card: StoredCard, round: number | null): boolean {
  if (!card.offer) return false;
  if (
    offerMismatch(
      card.offer,
      card.actorUuid,
      card.targets.map((t) => t.id),
      round,
    )
  )
    return true;
  const d = offerDistance(card.offer, card.actorUuid);
  return d === null || card.targets.some((t) => t.distance === null || Math.abs(t.distance - d) > 0.01);
}

/**
 * The GM's entry for a card being admitted now, and why it is refused (or null): a player's card whose roll key an
 * earlier admitted card of the same author (in `known`: the GM's record) already has. A GM's card is the GM's word (a
 * GM may post a card again on purpose).
 */
export async function admitEntry(
  m: Msg,
  card: StoredCard,
  known: ReadonlyMap<string, AttackEntry> = attackEntries(),
): Promise<AttackEntry> {
  const k = rollKey(m, card);
  const id = m.id ?? "";
  const by = m._source.author ?? "";
  const replay =
    !m.author?.isGM && [...known].some(([other, e]) => other !== id && e.k === k && e.by === by && !e.no);
  const at = combatOf(card);
  const rx = card.reaction === "aoo" || card.reaction === "overwatch" ? card.reaction : null;
  const over =
    !replay && !m.author?.isGM && !!at?.byCount && overAllowance(known, id, card.actorUuid, at, rx);
  const defending = !replay && !over && !m.author?.isGM && !!at?.byCount && !rx && at.defending;
  const notOffered = !replay && !over && !m.author?.isGM && rx === "aoo" && unoffered(card, at?.r ?? null);
  // SW-25, SW-21 (issue 31): a player's card needs its basis on the scene, as the game reads it (an attack of
  // opportunity answering no offer, a charge).
  const unfounded =
    !replay && !over && !defending && !notOffered && !m.author?.isGM
      ? ((await gameOf(card).card.unfounded?.(card, m.speaker?.token ?? null)) ?? null)
      : null;
  const spent = card.spent;
  return {
    k,
    by,
    a: card.actorUuid,
    c: at?.c ?? null,
    r: at?.r ?? null,
    tn: at?.tn ?? null,
    s: card.shots,
    rx,
    sp: spent?.sourceId ? { id: spent.sourceId, n: spent.amount, left: leftOf(card) } : null,
    t: Date.now(),
    ...(replay
      ? { no: "FT.Card.replayed" }
      : over
        ? { no: "FT.Card.overAllowance" }
        : defending
          ? { no: "FT.Card.defending" }
          : notOffered
            ? { no: "FT.Card.aooNotOffered" }
            : unfounded
              ? { no: unfounded }
              : {}),
  };
}

/**
 * SW-13 (issue 31, trust review 1.2): has `actorUuid` an admitted attack action (no reaction) in the GM's record for
 * round `round` of combat `combatId`? The GM's word on "the round's action is spent", which no player writes.
 */
export function actedThisRound(actorUuid: string, combatId: string, round: number): boolean {
  return [...attackEntries().values()].some(
    (e) => !e.no && e.a === actorUuid && e.c === combatId && e.r === round && !(e.rx ?? null),
  );
}

/**
 * SW-33, SW-13 (issue 31, trust review 1.2): the active GM records an action it carried out itself (a coup de grace,
 * no attack card) in its record of attacks, as an admitted attack action of `actorUuid` in the combat's settled
 * round — so a later attack card of that round is refused as over allowance (`overAllowance`). Its key is not a roll
 * key: no card replays it.
 */
export async function recordGMAction(
  actorUuid: string,
  by: string,
  combat: Combat.Implementation,
  kind: string,
): Promise<void> {
  const me = game.user;
  if (!me?.isGM || !combat.id) return;
  const id = foundry.utils.randomID();
  const entry: AttackEntry = {
    k: `${kind}:${id}`,
    by,
    a: actorUuid,
    c: combat.id,
    r: combat.settled.round,
    tn: combat.settled.turn,
    s: 1,
    rx: null,
    sp: null,
    t: Date.now(),
    no: null,
  };
  await me.update({ [`flags.${SYSTEM_ID}.attacks.${id}`]: entry });
}
