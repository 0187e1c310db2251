import { SYSTEM_ID } from "../../constants.js";
import { type StoredCard, tokenIds } from "../../data/chat/attack-card.js";
import { isSquadCard } from "../../data/chat/parts/squad.js";
import { factsOf } from "../../data/item/facts.js";
import { isItemType } from "../../data/subtypes.js";
import type { HeldRequest } from "../../documents/combat/exchange.js";
import { isAttackMessage, tokenByUuid } from "../../documents/subtypes.js";
import { currentGame, gameOf } from "../../helpers/game.js";
import type { GMAnswer, GMRequestBody } from "../../helpers/gm-request.js";
import { notify } from "../../helpers/report.js";
import { type AttackEntry, admitEntry, attackEntries, attackEntry } from "../attack/attack-record.js";
import type { WriteBatch } from "../damage/apply-records.js";
import { turnOnFor } from "../damage/timed-status.js";
import { onGMQueue } from "./card-apply.js";
import { type GMPorts, gmApplyDamage, gmUndoDamage } from "./card-apply-gm.js";
import { bareHandsProblem, creatureProblem, squadCardProblem } from "./card-bounds.js";
import { cardProblem, damageCeiling, mergeApplied, undoneOf } from "./card-data.js";
import { gmApplyScaled } from "./card-scale.js";
import { cardDigest, sealOf } from "./card-seal.js";
import {
  cardOf,
  isUuid,
  itemLevelsOf,
  type Rest,
  setting,
  targetActor,
  targetState,
  undoneOn,
  unlandedOf,
} from "./card-targets.js";

type Msg = ChatMessage.Implementation;
type UserI = User.Implementation;
type ActorI = Actor.Implementation;

/**
 * The active GM: carry out `body` for `requester`, whom the server vouched for. Undo is a GM's; apply is the
 * card's author's or a GM's, and reaches tokens the requester does not own only when the world allows it. On a
 * Basic-game initiative tie the request is held on the combat and applied when the exchange ends (SF-B-05).
 */
export async function handleCardRequest(
  body: Extract<GMRequestBody, { kind: "apply" | "undo" }>,
  requester: UserI,
): Promise<GMAnswer> {
  const message = game.messages?.get(body.messageId);
  const card = message ? cardOf(message) : null;
  const all = (reason: string) => ({ applied: [], skipped: [{ id: "", reason }] });
  if (!message || !card) return all("FT.Card.gone");
  // T2-2F: what did not land of this card's earlier writes is written first (the GM's Finish sends an empty undo).
  if (requester.isGM && unlandedOf(body.messageId)) await onGMQueue(() => finishUnlanded(body.messageId));
  if (body.kind === "undo") {
    if (!requester.isGM) return all("FT.Card.notYours");
    return gmUndoDamage(body.messageId, body.ids, foundryGMPorts());
  }
  if (!requester.isGM && message.author?.id !== requester.id) return all("FT.Card.notYours");
  // Issue 33: ×½, ×2 and healing from the card's context menu are the GM's rulings (card-scale.ts says why).
  if (body.scale && !requester.isGM) return all("FT.CardMenu.gmOnly");
  const asked = body.ids.length ? [...new Set(body.ids)] : card.result.damage.map((d) => d.targetId);
  const onCard = new Set(card.targets.map((t) => t.id));
  const skipped: GMAnswer["skipped"] = [];
  const allowed = asked.filter((id) => {
    // A token hidden from players is never a player's target (scene-facts.ts); one on a player's card was not.
    if (!onCard.has(id) || (!message.author?.isGM && tokenByUuid(id)?.hidden)) {
      skipped.push({ id, reason: "FT.Card.notOnCard" });
      return false;
    }
    // Undone by a GM: the record on the target says so (the card's mark is its author's to write).
    if (
      !requester.isGM &&
      (undoneOf(card, id) || undoneOn(targetActor(id), body.messageId, tokenIds(id)?.tokenId ?? ""))
    ) {
      skipped.push({ id, reason: "FT.Card.undone" });
      return false;
    }
    if (requester.isGM || setting("playersApplyToAll")) return true;
    const actor = targetActor(id);
    if (actor?.testUserPermission(requester, "OWNER")) return true;
    skipped.push({ id, reason: "FT.Card.gmApplies" });
    return false;
  });
  if (!allowed.length) return { applied: [], skipped };
  // The GM's ruling is written now, not held for a tie's end (SF-B-05 holds the card's own hits).
  if (body.scale) {
    const r = await gmApplyScaled(body.messageId, allowed, body.scale, foundryGMPorts());
    return { applied: r.applied, skipped: [...skipped, ...r.skipped] };
  }
  const combat = game.combat;
  if (combat?.holdsDamage) {
    // T2-3C: the card is checked before anything is held — a card the GM would refuse is refused now, not told
    // "held" and refused at the exchange's end.
    const trusted = await onGMQueue(() => trustedCard(message));
    if (!trusted || "refused" in trusted) {
      const reason = trusted ? trusted.refused : "FT.Card.gone";
      const data = trusted && "data" in trusted ? trusted.data : undefined;
      return {
        applied: [],
        skipped: [...skipped, ...allowed.map((id) => ({ id, reason, ...(data ? { data } : {}) }))],
      };
    }
    // Only targets on that card are held (SF-B-05), one entry per card: nothing else waits for the round's end.
    // In the GM's one queue: two requests at once each read the held list after the other's write.
    await onGMQueue(() =>
      combat.holdDamage({ messageId: body.messageId, ids: allowed, byGM: requester.isGM }),
    );
    return { applied: [], skipped: [...skipped, ...allowed.map((id) => ({ id, reason: "FT.Card.held" }))] };
  }
  const r = await gmApplyDamage(body.messageId, allowed, foundryGMPorts(), requester.isGM);
  return { applied: r.applied, skipped: [...skipped, ...r.skipped] };
}

/**
 * The card as its author created it, or why it is not applied: its data is not what the GM sealed (or, with no
 * seal, it was changed after it was created), it is not the shape this system writes, or it is an attack its author
 * could not have rolled. A card never seen by a GM is sealed here, if unchanged since its creation (`_stats`, which
 * the server keeps: `DocumentStatsField.managedFields`).
 */
export async function trustedCard(
  m: Msg,
): Promise<StoredCard | { refused: string; data?: Record<string, string> } | null> {
  const card = cardOf(m);
  if (!card) return null;
  const seal = sealOf(m.id ?? "");
  const digest = cardDigest(m, card);
  if (seal ? seal !== digest : m._stats.modifiedTime !== m._stats.createdTime)
    return { refused: "FT.Card.tampered" };
  // T2-1C: a card the GM refused when it was posted (a replay of an earlier roll) stays refused.
  const entry = attackEntry(m.id ?? "");
  if (entry?.no) return { refused: entry.no };
  const preseal = seal ? null : presealProblem(m, card);
  if (preseal) return { refused: "FT.Card.invalid", data: { reason: preseal } };
  const problem = problemOf(m, card);
  if (problem) return { refused: "FT.Card.invalid", data: { reason: problem } };
  if (!seal) {
    const admitted = await writeSeal(m, card, digest);
    if (admitted?.no) return { refused: admitted.no };
  }
  return card;
}

/**
 * Why the GM would not apply this card as it stands (its shape, or a player's card the author could not have made),
 * or null. A card with a problem is neither sealed nor admitted to the record of attacks, so it spends no one's
 * allowance (review of issue 27: Bruno's empty card in Kara's name used up her attack for the round).
 */
function problemOf(m: Msg, card: StoredCard): string | null {
  return (
    cardProblem(card) ??
    (m.author?.isGM ? null : forgedProblem(card, m.author ?? null, m.speaker?.token ?? null))
  );
}

/**
 * Seal a card and record it in the GM's record of attacks (attack-record.ts) in one User update. A card the record
 * has no entry for is admitted now: a replay of an earlier roll is recorded as refused, and not sealed. A GM's
 * rewrite of a card (`vouch`) seals it again and lifts a refusal: the GM's write is the GM's word. Returns the
 * card's entry.
 */
async function writeSeal(
  m: Msg,
  card: StoredCard,
  digest: string,
  vouch = false,
): Promise<AttackEntry | null> {
  const me = game.user;
  const messageId = m.id ?? "";
  if (!me?.isGM || !messageId) return null;
  const known = attackEntry(messageId);
  // The GM's own apply rewrites the card's marks only: its digest, seal and entry stay as they are.
  if (vouch && known && !known.no && sealOf(messageId) === digest) return known;
  const entry: AttackEntry =
    known && !vouch ? known : { ...(await admitEntry(m, card)), ...(vouch ? { no: null } : {}) };
  const update: Record<string, unknown> = {};
  if (!known || vouch) update[`flags.${SYSTEM_ID}.attacks.${messageId}`] = { ...entry, no: entry.no ?? null };
  if (!entry.no && sealOf(messageId) !== digest)
    update[`flags.${SYSTEM_ID}.seals.${messageId}`] = { d: digest, t: Date.now() };
  if (Object.keys(update).length) await me.update(update);
  // SW-10 (trust review 2.7): the cost of an attack action to its attacker is the GM's write, once, when admitted.
  if (!known && !entry.no && !entry.rx) await gameOf(card).card.admitted?.(card, m);
  return entry;
}

/**
 * When a GM's page becomes the active GM's: seal the cards posted while no GM watched, if unchanged since their
 * creation (and cards from before seals, version 1 and 2, that a GM wrote last — the rule they were applied under);
 * drop this GM's seals of cards that no longer exist. One User update.
 */
async function sealUnsealed(): Promise<void> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return;
  const update: Record<string, unknown> = {};
  // Oldest first, so an original is admitted before a replay of it.
  const messages: Msg[] = [...(game.messages?.contents ?? [])].sort((x, y) => x.timestamp - y.timestamp);
  const entries = attackEntries();
  for (const m of messages) {
    // One card that cannot be read (a player's forgery) is skipped, never the whole pass (issue 28 review).
    try {
      if (!isAttackMessage(m) || !m.id) continue;
      const card = cardOf(m);
      // T2-1C: every card on the log has its entry in the record of attacks, so a replay of it is known. A card a GM
      // sealed before there was a record was admitted under the rules of then (none is refused now); a card posted
      // while no GM watched is admitted now like any other (a replay of an earlier roll is refused).
      if (card && !entries.has(m.id) && !problemOf(m, card)) {
        const entry = await admitEntry(m, card, entries);
        const kept = sealOf(m.id) ? { ...entry, no: null } : entry;
        entries.set(m.id, kept);
        update[`flags.${SYSTEM_ID}.attacks.${m.id}`] = { ...kept, no: kept.no ?? null };
        if (kept.no) continue;
      }
      if (sealOf(m.id)) continue;
      // A player's card created with a Reflex save in it is never sealed (SW-38, review of issue 15).
      // Nor is a card the GM would not apply (issue 27: a problem card is neither sealed nor admitted).
      if (!card || presealProblem(m, card) || problemOf(m, card)) continue;
      const before = card.migratedFrom !== undefined; // issue 28: a version 1 or 2 card, migrated on load
      const lastBy = m._stats.lastModifiedBy ? game.users?.get(m._stats.lastModifiedBy) : null;
      if (m._stats.modifiedTime === m._stats.createdTime || (before && lastBy?.isGM))
        update[`flags.${SYSTEM_ID}.seals.${m.id}`] = { d: cardDigest(m, card), t: Date.now() };
    } catch (e) {
      console.warn(`${SYSTEM_ID} | card ${m.id ?? "?"} left unsealed:`, e);
    }
  }
  // A message core could not load (v13 `invalidDocumentIds`) still exists: its seal stays.
  const invalid = game.messages?.invalidDocumentIds ?? new Set<string>();
  for (const id of Object.keys(me.getFlag(SYSTEM_ID, "seals") ?? {}))
    if (!invalid.has(id) && !messages.some((m) => m.id === id))
      update[`flags.${SYSTEM_ID}.seals.-=${id}`] = null;
  // The entries of deleted cards are kept (a replay of a deleted card is still a replay), the newest KEEP_DELETED.
  const gone = Object.entries(me.getFlag(SYSTEM_ID, "attacks") ?? {})
    .filter(([id]) => !messages.some((m) => m.id === id))
    .sort(([, a], [, b]) => b.t - a.t);
  for (const [id] of gone.slice(KEEP_DELETED)) update[`flags.${SYSTEM_ID}.attacks.-=${id}`] = null;
  if (Object.keys(update).length) await me.update(update);
}

/** How many entries of deleted cards the GM's record of attacks keeps (the newest). */
const KEEP_DELETED = 200;

/**
 * Why a card a player's client created is not one their dice made, or null: the attack must be in the name of an
 * actor its author owns, with a weapon that actor has; its damage kind and effect must be the weapon's, no target
 * may take more than the weapon can do (`damageCeiling`), and only a thrown explosive stuns (SF-X-40), only those
 * its blast's ring names. The dice themselves are rolled in the player's browser, as Foundry's are.
 */
function forgedProblem(card: StoredCard, author: UserI | null, speakerToken: string | null): string | null {
  const attacker = isUuid(card.actorUuid) ? fromUuidSync(card.actorUuid) : null;
  if (!(attacker instanceof Actor) || !author || !attacker.testUserPermission(author, "OWNER"))
    return "attacker";
  // SF-X-33: "cannot miss" is the referee's call (the dialog draws it for a GM only); a player's card that carries
  // it was not made by the dialog.
  if (card.result.shots?.some((s) => s.outcome.auto === "cannotMiss"))
    return "cannot miss is for the referee alone (SF-X-33)";
  // SF-Z-07: so is a result shift (a colour moved from the one read on the table).
  if (card.result.shots?.some((s) => s.outcome.rolledColour && s.outcome.rolledColour !== s.outcome.colour))
    return "a result shift is for the referee alone (SF-Z-07)";
  // SWN-17: a squad's attack has no weapon item: it is bounded by the squad's own flat damage × its units standing.
  if (isSquadCard(card)) return squadCardProblem(card, attacker);
  // SW-20: a game's unarmed strike is bounded by the game's own check (its table's `unarmed`): a full attack of
  // strikes is several attack rolls; it stuns no one and throws no grenade.
  const unarmed = gameOf(card).unarmed;
  if (card.bareHands && unarmed.kind === "strike") {
    if (card.burst || (card.stunned ?? []).length || card.grenade) return "one unarmed strike";
    return unarmed.cardProblem(card, attacker);
  }
  // A punch or a creature's bite is one attack at one target that stuns no one and throws no grenade.
  if (card.bareHands || card.creature) {
    if (card.targets.length !== 1 || card.shots !== 1 || card.burst) return "one attack at one target";
    if ((card.stunned ?? []).length || card.grenade) return "stun list";
    return card.bareHands ? bareHandsProblem(card, attacker) : creatureProblem(card, attacker);
  }
  // By id (a weapon renamed since the roll is still it); a card from before ids were stored, by name.
  const weapon = card.weaponId
    ? attacker.items.get(card.weaponId)
    : attacker.items.find((i) => isItemType(i, "weapon") && i.name === card.weaponName);
  if (!weapon || !isItemType(weapon, "weapon")) return "the weapon is no longer on the attacker";
  const facts = factsOf(weapon.name ?? "", weapon.system);
  if (facts.kind !== card.kind) return `damage kind ${card.kind}`;
  if ((weapon.system.effect || null) !== (card.effect ?? null)) return `effect ${String(card.effect)}`;
  // SW-22: a card with two weapons is bounded by the stronger of them (the off hand's by its own item), which must be
  // one the dialog offers (no grenade, d20 damage dice), with exactly one off-hand step.
  const offItem = card.offHandWeaponId ? attacker.items.get(card.offHandWeaponId) : null;
  if (card.offHandWeaponId && (!offItem || !isItemType(offItem, "weapon")))
    return "the off-hand weapon is no longer on the attacker";
  // SW-22, ruling 1, SW-38: the game's own checks (the off hand, the profile, each step, a grenade's numbers).
  const offWeapon = offItem && isItemType(offItem, "weapon") ? offItem : null;
  const gameProblem = gameOf(card).card.weaponProblem(
    card,
    attacker,
    weapon.system,
    offWeapon?.system ?? null,
    speakerToken,
  );
  if (gameProblem) return gameProblem;
  const offFacts = offWeapon ? factsOf(offWeapon.name ?? "", offWeapon.system) : null;
  const ceiling = Math.max(
    damageCeiling(facts, card.shots, card.targets.length, gameOf(card).card.damageMax(facts)),
    offFacts
      ? damageCeiling(offFacts, card.shots, card.targets.length, gameOf(card).card.damageMax(offFacts))
      : 0,
  );
  const over = card.result.damage.find((d) => d.damage > ceiling);
  if (over) return `damage ${over.damage} above ${ceiling}`;
  const ring = new Set((card.grenade?.ring ?? []).map((r) => r.id));
  if ((card.stunned ?? []).some((id) => card.effect !== "explosive" || !ring.has(id))) return "stun list";
  return null;
}

/**
 * Why a player's card is refused and never sealed, checked before its first seal only: a save already in it (SW-38),
 * or a card of a game this world's players do not write — it would choose which game's checks it gets (review of
 * issue 30); a card sealed before the world changed game keeps its seal.
 */
function presealProblem(m: Msg, card: StoredCard): string | null {
  if (m.author?.isGM) return null;
  if (gameOf(card).card.gmWritten(card)) return "saves";
  return currentGame().cardsFrom.includes(gameOf(card).id) ? null : "a card of another game";
}

/** The GM's ports: targets are token UUIDs on the card; records live on the targets. */
export function foundryGMPorts(): GMPorts {
  return {
    loadCard: async (messageId) => {
      const m = game.messages?.get(messageId);
      return m ? await trustedCard(m) : null;
    },
    loadTargets: async (messageId, ids, marks = []) =>
      ids.map((uuid) =>
        targetState(
          messageId,
          uuid,
          marks.find((m) => m.targetId === uuid),
        ),
      ),
    itemLevels: async (targets) => itemLevelsOf(targets),
    write: (batch, messageId) => writeBatch(batch, messageId),
    saveApplied: async (messageId, set, clear, basis) => {
      const m = game.messages?.get(messageId);
      if (!m) return;
      // The card as it was checked when loaded, never what the message holds now (its author may have changed it
      // meanwhile): a GM's write of that would look like the GM's (review B1).
      const updated: StoredCard = { ...basis, applied: mergeApplied(basis.applied, set, clear) };
      // T2-3A: an undone hit's save is no longer rolled (the hit applied again calls for its own save).
      const saves = game.user?.getFlag(SYSTEM_ID, "saves")?.[messageId] ?? {};
      const drop = set.filter((mk) => mk.undone && saves[mk.tokenId]);
      if (drop.length)
        await game.user?.update(
          Object.fromEntries(
            drop.map((mk) => [`flags.${SYSTEM_ID}.saves.${messageId}.-=${mk.tokenId}`, null]),
          ),
        );
      // recursive: false replaces the stored card whole, so an undone target's mark is really replaced.
      await m.update({ system: { card: updated } }, { recursive: false });
    },
  };
}

/**
 * Write a batch and say which targets' Stamina did not land. Each group is its own request: a refused or invalid
 * write (v13's client skips a document whose update fails validation and reports it) fails only its own targets,
 * and the others stay applied with their records. Items and statuses follow; their failure is reported, the hit
 * and its record stand.
 */
async function writeBatch(batch: WriteBatch, messageId?: string): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  const carried = (key: string) => batch.carries[key] ?? [];
  // The batch is dotted-path update data (`"system.stamina.value": 17`), valid for Foundry (expandObject) but not
  // expressible in fvtt-types' UpdateData: the two document writes below cast it for that reason only.
  if (batch.actors.length) {
    let written = new Set<string>();
    try {
      const docs = await Actor.implementation.updateDocuments(batch.actors as never);
      written = new Set(docs.map((d) => d.id ?? ""));
    } catch (e) {
      console.error(`${SYSTEM_ID} |`, e);
    }
    for (const u of batch.actors) if (!written.has(u._id)) failed.push(...carried(`actor:${u._id}`));
  }
  for (const [sceneId, updates] of Object.entries(batch.tokens)) {
    let written = new Set<string>();
    try {
      const docs =
        (await game.scenes?.get(sceneId)?.updateEmbeddedDocuments("Token", updates as never)) ?? [];
      written = new Set(docs.map((d) => d.id ?? ""));
    } catch (e) {
      console.error(`${SYSTEM_ID} |`, e);
    }
    for (const u of updates) if (!written.has(u._id)) failed.push(...carried(`token:${sceneId}.${u._id}`));
  }
  const landed = (key: string) => carried(key).every((id) => !failed.includes(id));
  const items = Object.fromEntries(Object.entries(batch.items).filter(([key]) => landed(key)));
  const statuses = Object.fromEntries(Object.entries(batch.statuses).filter(([id]) => !failed.includes(id)));
  const left = await writeRest({ items, statuses });
  if (messageId) await keepUnlanded(messageId, left);
  return { failed };
}

/** The actor of a batch's item key (`actor:<id>` or `token:<scene>.<token>`). */
function actorOfKey(key: string): ActorI | null {
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const [sceneId, tokenId] = rest.split(".");
  return kind === "actor"
    ? (game.actors?.get(rest) ?? null)
    : (game.scenes?.get(sceneId ?? "")?.tokens.get(tokenId ?? "")?.actor ?? null);
}

/** Does the item hold each value the update wrote? (Dotted paths, as the batch writes them.) */
function holds(item: Item.Implementation | undefined, update: Record<string, unknown>): boolean {
  if (!item) return false;
  const { _id, ...rest } = update;
  const flat = foundry.utils.flattenObject(rest) as Record<string, unknown>;
  return Object.entries(flat).every(([path, v]) => foundry.utils.getProperty(item._source, path) === v);
}

/**
 * Issue 27, T2-2F: write the items and statuses of an apply or an undo and return what did not land. A write can be
 * skipped without a throw — v13 client/data/client-backend.mjs `#preUpdateDocumentArray` drops a document silently
 * when a `preUpdate` hook returns false or its changes fail validation (and an update that changes nothing) — so each
 * item is read back after its write, and each status from the actor's statuses after its toggle.
 */
async function writeRest(rest: Rest): Promise<Rest> {
  const items: Record<string, WriteBatch["items"][string]> = {};
  for (const [key, updates] of Object.entries(rest.items)) {
    const actor = actorOfKey(key);
    try {
      await actor?.updateEmbeddedDocuments("Item", updates as never);
    } catch (e) {
      console.error(`${SYSTEM_ID} | screens and packs of ${actor?.name} not updated`, e);
    }
    const after = actorOfKey(key);
    const missed = updates.filter((u) => !holds(after?.items.get(u._id), u));
    if (missed.length) items[key] = missed;
  }
  const statuses: Record<string, WriteBatch["statuses"][string]> = {};
  for (const [id, s] of Object.entries(rest.statuses)) {
    const actor = targetActor(id) ?? null;
    try {
      for (const status of s.on) {
        const turns = s.turns?.[status];
        // A doze's sleep and a stun carry their duration (SF-B-18, SF-X-40); other statuses are toggled as before.
        if (actor && turns) await turnOnFor(actor, status, turns, status === "unconscious");
        else
          await actor?.toggleStatusEffect(status, {
            active: true,
            overlay: status === "unconscious" || status === "dead",
          });
      }
      for (const status of s.off) await actor?.toggleStatusEffect(status, { active: false });
    } catch (e) {
      console.error(`${SYSTEM_ID} |`, e);
    }
    // Read again: an unlinked token's actor may be a new object once its delta changed.
    const now = targetActor(id) ?? null;
    const on = s.on.filter((x) => !now?.statuses.has(x));
    const off = s.off.filter((x) => !!now?.statuses.has(x));
    if (on.length || off.length) statuses[id] = { on, off, ...(s.turns ? { turns: s.turns } : {}) };
  }
  return { items, statuses };
}

/**
 * Keep (or clear) what did not land of a card's writes on the active GM's User, and tell the GM which targets it
 * concerns: the card then offers the GM "Finish", and the card's next Apply or Undo finishes it first (T2-2F).
 */
async function keepUnlanded(messageId: string, left: Rest): Promise<void> {
  const me = game.user;
  if (!me?.isGM) return;
  const keys = [...Object.keys(left.items), ...Object.keys(left.statuses)];
  const had = !!me.getFlag(SYSTEM_ID, "unlanded")?.[messageId];
  if (!keys.length) {
    if (had) await me.update({ [`flags.${SYSTEM_ID}.unlanded.-=${messageId}`]: null });
    return;
  }
  const names = [
    ...Object.keys(left.items).map((k) => actorOfKey(k)?.name ?? k),
    ...Object.keys(left.statuses).map((id) => targetActor(id)?.name ?? id),
  ];
  notify("warn", "FT.Card.unlanded", { target: [...new Set(names)].join(", ") });
  // Replaced whole: the update's `-=` first, then the new value (what is left now is all that is left).
  if (had) await me.update({ [`flags.${SYSTEM_ID}.unlanded.-=${messageId}`]: null });
  await me.update({ [`flags.${SYSTEM_ID}.unlanded.${messageId}`]: left });
}

/** The active GM: write what did not land of a card's writes before, and keep what still does not (T2-2F). */
export async function finishUnlanded(messageId: string): Promise<boolean> {
  const pending = unlandedOf(messageId);
  if (!pending) return false;
  await keepUnlanded(messageId, await writeRest(pending));
  return true;
}

/**
 * Seal a card a GM saw posted or rewritten (`watchCards` in card-hooks.ts, which took `digest` from the event's own
 * state, before any later write could land). A player's card created with a Reflex save already in it is not sealed:
 * the GM writes the saves (SW-38); nor is a card the GM would not apply, unless a GM wrote it (`vouch`).
 */
export async function sealCard(m: Msg, card: StoredCard, digest: string, vouch: boolean): Promise<void> {
  if (!m.id) return;
  if (!sealOf(m.id) && presealProblem(m, card)) return;
  if (!vouch && problemOf(m, card)) return;
  await onGMQueue(() => writeSeal(m, card, digest, vouch));
}

/** When this page becomes the active GM's: seal what was posted while no GM watched (`sealUnsealed`). */
export const sealOnReady = (): Promise<void> => onGMQueue(sealUnsealed);

/** SF-B-05: apply a card held for a Basic-game tie once the exchange ends (documents/combat.ts `releaseDamage`). */
export const applyHeld = (r: HeldRequest) => gmApplyDamage(r.messageId, r.ids, foundryGMPorts(), !!r.byGM);
