/**
 * Issue 33: the GM's rulings from an attack card's context menu (card-menu.ts) — half or double the card's damage,
 * or its damage as healing — carried out on the active GM's page (loaded with card-gm.ts, never at startup).
 *
 * The rule chosen (dnd5e's damage application lets whoever may update the token's actor apply any multiplier; here
 * the GM referee checks the rules instead): none of the four games halves, doubles or turns into healing a hit
 * after it is rolled — SF-X-24 screens and suits, SW-11 damage reduction and SWN-17 squads already shape the number
 * the card holds — so ×½, ×2 and healing are the GM's rulings. A player's request for one is refused
 * (`FT.CardMenu.gmOnly`, card-gm.ts), whoever owns the token. Only the card's own targets take it, each by its own
 * number on the card (a token the card did not hit has no number: `FT.Card.notOnCard`).
 *
 * ×½ and ×2 are the card's hit at another size: the same plan as Apply (`planCard`: screens, suits, Stamina; d20
 * vitality then wounds, SW-10/SW-11; SWN hit points, ruling 1; a squad's pool, SWN-17), its record and mark, so it
 * is applied once and Undo takes it back. ½ rounds down. Healing adds the card's number back to the pools the
 * card's health model hits, the last-hit first (d20: wound points, then vitality), never above the maximum; it is
 * not the card's hit, so it writes no record and its statuses stay for the GM. A squad is not healed from a card:
 * SWN-17 heals it one unit at a time (the squad sheet's heal).
 */
import type { AttackCardData, DamageScale } from "../../data/chat/attack-card.js";
import type { CardScale } from "../../helpers/gm-request-body.js";
import { healthModelOf, type PoolKey } from "../../rules/index.js";
import type { TargetState } from "../damage/apply-records.js";
import { emptyBatch, poolMax, poolPath, updateFor } from "../damage/apply-records.js";
import { onGMQueue } from "./card-apply.js";
import { type ApplyResponse, type GMPorts, gmApplyDamage } from "./card-apply-gm.js";
import { damageOf, scaled } from "./card-data.js";

/** The GM's ports with the card's damage scaled as loaded; its marks are saved on the card as it was checked. */
function scaledPorts(ports: GMPorts, scale: DamageScale): GMPorts {
  /** The card as loaded and checked, unscaled (these ports serve one request: one load, then its save). */
  let checked: AttackCardData | null = null;
  return {
    ...ports,
    loadCard: async (messageId) => {
      const card = await ports.loadCard(messageId);
      if (!card || "refused" in card) return card;
      checked = card;
      const damage = card.result.damage.map((d) => ({ ...d, damage: scaled(d.damage, scale) }));
      return { ...card, result: { ...card.result, damage } };
    },
    // The card's stored numbers stay its own: only the marks of the targets hit change. Written over the card as it
    // was checked, never as the message holds it now (GMPorts `saveApplied`, review B1): not loaded again.
    saveApplied: async (messageId, set, clear) => {
      if (checked) await ports.saveApplied(messageId, set, clear, checked);
    },
  };
}

/** GM: the card's damage to `ids` at `scale` (the requester is a GM: card-gm.ts refuses a player's). */
export function gmApplyScaled(
  messageId: string,
  ids: readonly string[],
  scale: CardScale,
  ports: GMPorts,
): Promise<ApplyResponse> {
  // Each mark says the ruling it was applied under, so Undo gives back the scaled number (review-final-trust 1.1).
  if (scale !== "heal") return gmApplyDamage(messageId, ids, scaledPorts(ports, scale), true, scale);
  return onGMQueue(() => healNow(messageId, ids, ports));
}

/** The pools healing fills, in order, for a target of a card of `model` (the pools that card's hits go to). */
function healPools(t: TargetState, model: ReturnType<typeof healthModelOf>): PoolKey[] {
  if (model === "hitPoints") return t.swnHp || t.health?.model === "hitPoints" ? ["swnHp"] : [];
  if (model === "vitalityWounds") return t.health?.model === "vitalityWounds" ? ["wounds", "vitality"] : [];
  return ["stamina"];
}

function poolValue(t: TargetState, pool: PoolKey): number {
  const h = t.health;
  if (pool === "stamina") return t.stamina.value;
  if (pool === "hp") return 0;
  if (pool === "swnHp") return (h?.model === "hitPoints" ? h : t.swnHp)?.hp.value ?? 0;
  return h?.model === "vitalityWounds" ? h[pool].value : 0;
}

async function healNow(messageId: string, ids: readonly string[], ports: GMPorts): Promise<ApplyResponse> {
  const card = await ports.loadCard(messageId);
  if (!card) return { applied: [], skipped: [{ id: "", reason: "FT.Card.gone" }] };
  if ("refused" in card)
    return {
      applied: [],
      skipped: [{ id: "", reason: card.refused, ...(card.data ? { data: card.data } : {}) }],
    };
  const model = healthModelOf(card.engine, card.profile);
  const onCard = new Set(card.result.damage.map((d) => d.targetId));
  const wanted = [...new Set(ids.length ? ids : onCard)];
  const skipped: ApplyResponse["skipped"] = [];
  const targets = await ports.loadTargets(
    messageId,
    wanted.filter((id) => onCard.has(id)),
  );
  const batch = emptyBatch();
  const healed: string[] = [];
  for (const id of wanted) if (!onCard.has(id)) skipped.push({ id, reason: "FT.Card.notOnCard" });
  for (const t of targets) {
    if (!t) continue;
    // SWN-17: a squad heals one unit at a time (its sheet's heal, squad-heal.ts), never a card's number at once.
    if (t.health?.model === "squad") {
      skipped.push({ id: t.id, reason: "FT.CardMenu.squadHeal" });
      continue;
    }
    let left = damageOf(card, t.id);
    const writes: [string, number][] = [];
    for (const pool of healPools(t, model)) {
      const now = poolValue(t, pool);
      const to = Math.min(poolMax(t, pool), now + left);
      if (to <= now) continue;
      writes.push([poolPath(pool), to]);
      left -= to - now;
    }
    // Review-final-trust 3.1: a target whose pools are all full (or that has none this card's hits take) is told so,
    // never reported healed, and nothing is written for it.
    if (!writes.length) {
      skipped.push({ id: t.id, reason: "FT.CardMenu.nothingToHeal" });
      continue;
    }
    const { update, prefix } = updateFor(batch, t);
    for (const [path, to] of writes) update[`${prefix}${path}`] = to;
    healed.push(t.id);
  }
  const { failed } = await ports.write(batch);
  return {
    applied: healed.filter((id) => !failed.includes(id)),
    skipped: [...skipped, ...failed.map((id) => ({ id, reason: "FT.Card.writeFailed" }))],
  };
}
