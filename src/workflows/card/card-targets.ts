/**
 * A card's targets as this client has them now (moved out of card-actions.ts, so the GM's side of the card —
 * card-gm.ts, d20-card-requests.ts — reads them without importing the card's buttons): the actor a target stands
 * for, its Stamina, screens, suits, health model and squad units (SWN-17), the record a card's hit left on it (its
 * pools, SW-10's Fortitude save and wound log, SF-X-42's doze tally), and what did not land of a GM's writes (T2-2F).
 */

import { cellCentres } from "../../canvas/cells.js";
import { squareGrid } from "../../canvas/grid-support.js";
import { SYSTEM_ID } from "../../constants.js";
import { squadHitDice } from "../../data/actor/squad-derived.js";
import { type AppliedMark, tokenIds } from "../../data/chat/attack-card.js";
import { type DefenseSystem, defenseState, screenPack } from "../../data/item/facts.js";
import { actorSystem, isItemType, isSquad } from "../../data/subtypes.js";
import { tokenByUuid } from "../../documents/subtypes.js";
import { currentGame, gameOf } from "../../helpers/game.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";
import { UNITS_PER_HEX, unitsLeft } from "../../rules/index.js";
import {
  APPLIED_STATUSES,
  type AppliedRecord,
  type AppliedStatus,
  actorKey,
  type ItemLevels,
  type TargetState,
  type WriteBatch,
} from "../damage/apply-records.js";
import { cardOfMessage } from "./card-seal.js";

type ActorI = Actor.Implementation;

/** The card stored on a message, in the current shape whichever version stored it (see `card-data.ts`). */
export const cardOf = cardOfMessage;

export const setting = (key: "playersApplyToAll" | "showNpcNumbers"): boolean =>
  !!clientSettings().get(SYSTEM_ID, SETTINGS[key]);

/** The actor a card target stands for on this client (the token's, or a linked actor whose token is gone). */
export function targetActor(
  id: string,
  mark?: Pick<AppliedMark, "linked" | "actorId"> | null,
): ActorI | null {
  const token = tokenByUuid(id);
  if (token?.actor) return token.actor;
  return mark?.linked ? (game.actors?.get(mark.actorId) ?? null) : null;
}

/**
 * SW-10, T2-3A: has this hit's Fortitude save been rolled? Any GM's mark on their own User (which no player may
 * write), or the save on the hit's record on the target (a save rolled before the GM's mark existed).
 */
export function fortitudeRolled(actor: ActorI, messageId: string, tokenId: string): boolean {
  const gm = (game.users?.contents ?? []).some(
    (u) => u.isGM && !!u.getFlag(SYSTEM_ID, "saves")?.[messageId]?.[tokenId],
  );
  return gm || !!rawRecord(actor, messageId, tokenId)?.fortitude;
}

/** This card's stored record on an actor for one token, as stored. */
function rawRecord(actor: ActorI, messageId: string, tokenId: string): Record<string, unknown> | null {
  const r: unknown = actor.getFlag(SYSTEM_ID, "hits")?.[messageId]?.[tokenId];
  return r && typeof r === "object" ? (r as Record<string, unknown>) : null;
}

/** Did a GM undo this card's hit on the actor's token (the record on the target says so)? */
export function undoneOn(actor: ActorI | null, messageId: string, tokenId: string): boolean {
  return !!actor && rawRecord(actor, messageId, tokenId)?.undone === true;
}

/** The turn now, as doze records name it: a running combat's round, or the world's time outside combat. */
function turnNow(): string {
  const c = game.combat;
  return c?.started ? `combat:${c.id}:${c.round}` : `time:${game.time?.worldTime ?? 0}`;
}

/**
 * SF-X-42: doze grenades on one creature count together while their gas lasts — the turn they burst (SF-B-18).
 * Our choice: count the OTHER doze cards applied to this token in this turn, from the records the GM wrote on the
 * target (each carries the turn it was applied in; undone ones do not count). The GM applies them one after the
 * other in one queue, so the second card's apply sees the first's record.
 */
function dozeTally(actor: ActorI, messageId: string, tokenId: string): { turn: string; earlier: number } {
  const turn = turnNow();
  const hits: unknown = actor.getFlag(SYSTEM_ID, "hits");
  let earlier = 0;
  if (hits && typeof hits === "object")
    for (const [id, byToken] of Object.entries(hits as Record<string, unknown>)) {
      if (id === messageId || !byToken || typeof byToken !== "object") continue;
      const r = (byToken as Record<string, unknown>)[tokenId] as
        | { undone?: unknown; doze?: { turn?: unknown } }
        | undefined;
      if (r && r.undone !== true && r.doze?.turn === turn) earlier++;
    }
  return { turn, earlier };
}

/** One pool change as a record stores it (`PoolChange`, rules/health/model.ts). */
function isPoolChange(p: unknown): boolean {
  if (!p || typeof p !== "object") return false;
  const c = p as Record<string, unknown>;
  return (
    (c.pool === "stamina" ||
      c.pool === "vitality" ||
      c.pool === "wounds" ||
      c.pool === "swnHp" ||
      c.pool === "hp") &&
    Number.isFinite(c.before) &&
    Number.isFinite(c.after)
  );
}

/** This card's record on an actor for one token, if it is one this system wrote (numbers where numbers go). */
export function recordOn(actor: ActorI, messageId: string, tokenId: string): AppliedRecord | null {
  const r = rawRecord(actor, messageId, tokenId);
  if (!r || r.undone === true) return null;
  const o = r;
  // A Stamina record has its two numbers; another health model's record lists the pools it changed (issue 14).
  const pools = o.pools;
  const poolsOk = Array.isArray(pools) && pools.every((p) => isPoolChange(p));
  const nums =
    ["rolled", "taken"].every((k) => Number.isFinite(o[k])) &&
    (poolsOk || ["staminaBefore", "staminaAfter"].every((k) => Number.isFinite(o[k])));
  const maps = [o.drains, o.wear].every(
    (m) => !!m && typeof m === "object" && Object.values(m).every((v) => Number.isFinite(v)),
  );
  if (!nums || !maps || !Array.isArray(o.steps)) return null;
  const statuses = Array.isArray(o.statuses)
    ? o.statuses.filter((s): s is AppliedStatus => (APPLIED_STATUSES as readonly unknown[]).includes(s))
    : [];
  // SW-10: the wound log's share is a count of wound points; anything else is dropped (undo then leaves the log).
  const log = o.woundLog as Record<string, unknown> | null | undefined;
  const woundLog =
    log && typeof log.combatId === "string" && Number.isInteger(log.round) && Number.isInteger(log.lost)
      ? { combatId: log.combatId, round: log.round as number, lost: Math.max(0, log.lost as number) }
      : null;
  // SW-10: a failed Fortitude save on this hit knocked the target out (d20-fortitude.ts writes `fortitude`).
  const save = o.fortitude as Record<string, unknown> | null | undefined;
  const knockedOut = !!save && typeof save === "object" && save.passed === false;
  // SWN-17: a squad's units, three counts (dropped when they are not).
  const q = o.squad as Record<string, unknown> | null | undefined;
  const squad =
    q && ["unitsHit", "unitsBefore", "unitsAfter"].every((k) => Number.isInteger(q[k]))
      ? {
          unitsHit: q.unitsHit as number,
          unitsBefore: q.unitsBefore as number,
          unitsAfter: q.unitsAfter as number,
        }
      : undefined;
  return {
    // Stored JSON whose numbers, maps and steps were checked just above; the rest is what planApplication wrote.
    ...(o as unknown as AppliedRecord),
    statuses,
    woundLog,
    knockedOut,
    ...(squad ? { squad } : { squad: undefined }),
  };
}

export function isUuid(s: string): s is string & Parameters<typeof fromUuidSync>[0] {
  return /^(Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/.test(s);
}

/** The card section of the game a message's card was rolled under (the world's, for a card this page has not). */
function cardGame(messageId: string) {
  const message = game.messages?.get(messageId);
  const card = message ? cardOf(message) : null;
  return (card ? gameOf(card) : currentGame()).card;
}

/**
 * A card target as it is now on this client (its Stamina, screens and suits, this card's record on it), or null
 * when it is gone. What the GM's apply plans from, and what the Apply preview plans from on each client.
 */
export function targetState(messageId: string, uuid: string, mark?: AppliedMark | null): TargetState | null {
  const token = tokenByUuid(uuid);
  const actor = targetActor(uuid, mark ?? null);
  const ids2 = tokenIds(uuid);
  // SWN-17: a squad's one pool of hit points (its units follow from it).
  if (actor && ids2 && isSquad(actor)) {
    const q = actor.system;
    const hd = squadHitDice(q);
    const linked = token ? !!token.actorLink : true;
    return {
      id: uuid,
      name: token?.name ?? actor.name ?? "",
      sceneId: ids2.sceneId,
      tokenId: ids2.tokenId,
      actorId: linked ? (actor.id ?? "") : (token?.actorId ?? ""),
      linked,
      stamina: { value: 0, max: 0 },
      defenses: [],
      health: {
        model: "squad",
        hp: q.hp.value,
        hd,
        units: { value: q.units.value, max: q.units.max },
        ...areaUnitsOf(messageId, uuid, token, unitsLeft(q.hp.value, hd, q.units.max)),
      },
      recorded: recordOn(actor, messageId, ids2.tokenId),
      undone: undoneOn(actor, messageId, ids2.tokenId),
      statuses: [...actor.statuses],
    };
  }
  const sys = actorSystem(actor);
  if (!actor || !sys || !ids2) return null;
  const packs = actor.items.contents
    .filter((i) => isItemType(i, "powerSource"))
    .map((i) => ({ id: i.id ?? "", kind: i.system.kind }));
  const defenses = actor.items.contents
    .filter((i) => isItemType(i, "defense"))
    .map((i) => {
      const d: DefenseSystem = i.system;
      const packId = screenPack(d, packs);
      const pack = packId ? actor.items.get(packId) : null;
      const power = pack && isItemType(pack, "powerSource") ? (pack.system.remaining ?? 0) : 0;
      return defenseState(i.id ?? "", i.name ?? "", d, power, packId);
    });
  const linked = token ? !!token.actorLink : true;
  return {
    id: uuid,
    name: token?.name ?? actor.name ?? "",
    sceneId: ids2.sceneId,
    tokenId: ids2.tokenId,
    actorId: linked ? (actor.id ?? "") : (token?.actorId ?? ""),
    linked,
    stamina: { value: sys.stamina.value, max: sys.stamina.max },
    defenses,
    // Issue 14, ruling 1: the pools the card's game hits (vitality and wound points, SWN hit points), asked of the
    // game the card was rolled under (planCard picks the model by the card).
    ...cardGame(messageId).health(sys, () => roundNow(ids2.sceneId, ids2.tokenId)),
    recorded: recordOn(actor, messageId, ids2.tokenId),
    undone: undoneOn(actor, messageId, ids2.tokenId),
    statuses: [...actor.statuses],
    doze: dozeTally(actor, messageId, ids2.tokenId),
  };
}

/**
 * SWN-17: the units of a squad a d20 grenade card's burst reaches, measured here from where the card says it burst
 * and the squad token's grid cells now — 3 units to each cell within the radius, at least one cell (the burst caught
 * it), at most those standing — never the card's own count (a player's card is its author's word). Nothing for a
 * card without a burst, or a squad the burst did not catch.
 */
function areaUnitsOf(
  messageId: string,
  uuid: string,
  token: TokenDocument.Implementation | null | undefined,
  standing: number,
): { areaUnits?: number } {
  const message = game.messages?.get(messageId);
  const card = message ? cardOf(message) : null;
  const g = card?.grenade;
  const scene = token?.parent;
  // SWN-17: only a burst of the card's game's own (a d20 grenade's, SW-38) multiplies by the units it reaches.
  if (
    !card ||
    !g ||
    !gameOf(card).card.burst(card) ||
    !token ||
    !scene ||
    !g.caught.some((c) => c.id === uuid)
  )
    return {};
  const size = scene.grid.size;
  squareGrid(scene, "squadBurst"); // Squares only (review ui-canvas-2 §3.3): a hex scene is warned about.
  const radius = (g.radius * size) / (scene.grid.distance || 1);
  const inside = cellCentres(token.x, token.y, token.width ?? 1, token.height ?? 1, size).filter(
    (c) => Math.hypot(c.x - g.landing.x, c.y - g.landing.y) <= radius + 1e-6,
  ).length;
  // No cell within the radius: the burst's edge reached it (× 1, the single hit).
  if (!inside) return {};
  return { areaUnits: Math.max(1, Math.min(standing, UNITS_PER_HEX * inside)) };
}

/**
 * The combat and round the target is fighting in now, for its d20 wound log (SW-10: the wound points lost "this
 * round"): the started combat that has the token as a combatant — not the combat the GM happens to be viewing
 * (review 14 L4) — else the active one; null outside combat.
 */
function roundNow(sceneId: string, tokenId: string): { combatId: string; round: number } | null {
  const combats = game.combats?.contents ?? [];
  const c =
    combats.find(
      (x) => x.started && x.combatants.some((cb) => cb.tokenId === tokenId && cb.sceneId === sceneId),
    ) ??
    game.combats?.active ??
    null;
  return c?.id ? { combatId: c.id, round: c.round ?? 0 } : null;
}

/** What each target's power sources and suits hold now, by actor key. */
export function itemLevelsOf(targets: readonly (TargetState | null)[]): Record<string, ItemLevels> {
  const out: Record<string, ItemLevels> = {};
  for (const t of targets) {
    if (!t) continue;
    const actor = targetActor(t.id, t);
    if (!actor) continue;
    const power: Record<string, number> = {};
    const powerMax: Record<string, number> = {};
    const capacity: Record<string, number> = {};
    const capacityMax: Record<string, number> = {};
    for (const i of actor.items) {
      if (isItemType(i, "powerSource") && typeof i.system.remaining === "number") {
        power[i.id ?? ""] = i.system.remaining;
        if (typeof i.system.capacity === "number") powerMax[i.id ?? ""] = i.system.capacity;
      }
      if (isItemType(i, "defense") && i.system.capacity.value != null) {
        capacity[i.id ?? ""] = i.system.capacity.value;
        if (i.system.capacity.max != null) capacityMax[i.id ?? ""] = i.system.capacity.max;
      }
    }
    out[actorKey(t)] = { power, capacity, powerMax, capacityMax };
  }
  return out;
}

export type Rest = Pick<WriteBatch, "items" | "statuses">;

export function unlandedOf(messageId: string): Rest | null {
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const r = u.getFlag(SYSTEM_ID, "unlanded")?.[messageId];
    if (r && (Object.keys(r.items ?? {}).length || Object.keys(r.statuses ?? {}).length))
      return { items: r.items ?? {}, statuses: r.statuses ?? {} };
  }
  return null;
}
