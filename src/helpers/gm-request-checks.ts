/**
 * The active GM's check of a request's shape (helpers/gm-request.ts): everything in a request came from another
 * user's client. Loaded with the first request the GM answers (issue 33: not in the system's first load).
 */
import { type CardScale, type GMRequestBody, ID } from "./gm-request-body.js";

const MAX_IDS = 50;
/** A token's UUID, "Scene.<id>.Token.<id>". */
const TOKEN = /^Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}$/;
/** The GM's rulings a card's Apply may carry (the card's context menu, card-scale.ts). */
const SCALES: readonly unknown[] = ["half", "double", "heal"] satisfies CardScale[];
const isScale = (v: unknown): v is CardScale => SCALES.includes(v);

/** Why a request body is not one this system sends, or null. Everything in it came from another user's client. */
export function requestProblem(raw: unknown): string | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return "not an object";
  const r = raw as Record<string, unknown>;
  if (r.kind === "nextRound") {
    if (typeof r.combatId !== "string" || !ID.test(r.combatId)) return "combat id";
    if (!Number.isInteger(r.round) || (r.round as number) < 0 || (r.round as number) > 10_000) return "round";
    return null;
  }
  if (r.kind === "intimidate" || r.kind === "readMorale") {
    if (typeof r.combatId !== "string" || !ID.test(r.combatId)) return "combat id";
    if (typeof r.actorId !== "string" || !ID.test(r.actorId)) return "actor id";
    if (r.kind === "intimidate" && (typeof r.sideId !== "string" || !ID.test(r.sideId))) return "side id";
    // Issue 33: a roll mode, when given, is text (the GM keeps it only if it is one of v13's: roll-mode-asked.ts).
    if (r.rollMode !== undefined && typeof r.rollMode !== "string") return "roll mode";
    return null;
  }
  if (r.kind === "drug") {
    if (typeof r.actorId !== "string" || !ID.test(r.actorId)) return "actor id";
    if (typeof r.itemId !== "string" || !ID.test(r.itemId)) return "item id";
    const target = typeof r.target === "string" ? r.target : "";
    if (!/^(Scene\.[A-Za-z0-9]{16}\.Token|Actor)\.[A-Za-z0-9]{16}$/.test(target)) return "target";
    return null;
  }
  if (r.kind === "coupDeGrace") {
    if (typeof r.tokenUuid !== "string" || !TOKEN.test(r.tokenUuid)) return "token";
    if (typeof r.target !== "string" || !TOKEN.test(r.target)) return "target";
    if (typeof r.itemId !== "string" || !ID.test(r.itemId)) return "item id";
    return null;
  }
  if (r.kind === "aim") {
    if (typeof r.tokenUuid !== "string" || !TOKEN.test(r.tokenUuid)) return "token";
    if (typeof r.target !== "string" || !TOKEN.test(r.target)) return "target";
    if (typeof r.itemId !== "string" || !ID.test(r.itemId)) return "item id";
    return null;
  }
  if (r.kind === "provoke") {
    if (typeof r.tokenUuid !== "string" || !TOKEN.test(r.tokenUuid)) return "token";
    if (typeof r.target !== "string" || !TOKEN.test(r.target)) return "target";
    if (r.action !== "grapple" && r.action !== "disarm") return "action";
    return null;
  }
  if (r.kind === "aid") {
    if (typeof r.tokenUuid !== "string" || !TOKEN.test(r.tokenUuid)) return "token";
    if (typeof r.target !== "string" || !TOKEN.test(r.target)) return "target";
    return null;
  }
  if (r.kind === "structure") {
    if (typeof r.tokenUuid !== "string" || !TOKEN.test(r.tokenUuid)) return "token";
    for (const k of ["wallId", "itemId"]) if (typeof r[k] !== "string" || !ID.test(r[k] as string)) return k;
    for (const k of ["shots", "seu"])
      if (!Number.isInteger(r[k]) || (r[k] as number) < 0 || (r[k] as number) > 100) return k;
    return null;
  }
  if (
    r.kind !== "apply" &&
    r.kind !== "undo" &&
    r.kind !== "stray" &&
    r.kind !== "fortitude" &&
    r.kind !== "reflex" &&
    r.kind !== "suppress" &&
    r.kind !== "coverHit"
  )
    return "unknown kind";
  if (
    (r.kind === "fortitude" || r.kind === "reflex" || r.kind === "coverHit") &&
    (!Array.isArray(r.ids) || r.ids.length !== 1)
  )
    return "target list";
  if (typeof r.messageId !== "string" || !ID.test(r.messageId)) return "message id";
  if (r.scale !== undefined && (r.kind !== "apply" || !isScale(String(r.scale)))) return "scale";
  if (!Array.isArray(r.ids) || r.ids.length > MAX_IDS) return "target list";
  if (!r.ids.every((id) => typeof id === "string" && id.length <= 64)) return "target id";
  return null;
}

/** The body as checked, with nothing but its own keys (a forged request may carry more). */
export function bodyOf(raw: Record<string, unknown>): GMRequestBody {
  if (raw.kind === "nextRound")
    return { kind: "nextRound", combatId: String(raw.combatId), round: Number(raw.round) };
  if (raw.kind === "intimidate")
    return {
      kind: "intimidate",
      combatId: String(raw.combatId),
      actorId: String(raw.actorId),
      sideId: String(raw.sideId),
      ...(typeof raw.rollMode === "string" ? { rollMode: raw.rollMode } : {}),
    };
  if (raw.kind === "readMorale")
    return {
      kind: "readMorale",
      combatId: String(raw.combatId),
      actorId: String(raw.actorId),
      ...(typeof raw.rollMode === "string" ? { rollMode: raw.rollMode } : {}),
    };
  if (raw.kind === "drug")
    return {
      kind: "drug",
      actorId: String(raw.actorId),
      itemId: String(raw.itemId),
      target: String(raw.target),
    };
  if (raw.kind === "coupDeGrace")
    return {
      kind: "coupDeGrace",
      tokenUuid: String(raw.tokenUuid),
      target: String(raw.target),
      itemId: String(raw.itemId),
    };
  if (raw.kind === "aim")
    return {
      kind: "aim",
      tokenUuid: String(raw.tokenUuid),
      target: String(raw.target),
      itemId: String(raw.itemId),
    };
  if (raw.kind === "provoke")
    return {
      kind: "provoke",
      tokenUuid: String(raw.tokenUuid),
      target: String(raw.target),
      action: raw.action === "disarm" ? "disarm" : "grapple",
    };
  if (raw.kind === "aid")
    return {
      kind: "aid",
      tokenUuid: String(raw.tokenUuid),
      target: String(raw.target),
      choice: raw.choice === "defense" ? "defense" : "attack",
    };
  if (raw.kind === "structure")
    return {
      kind: "structure",
      tokenUuid: String(raw.tokenUuid),
      wallId: String(raw.wallId),
      itemId: String(raw.itemId),
      shots: Number(raw.shots),
      seu: Number(raw.seu),
    };
  const message = { messageId: String(raw.messageId), ids: (raw.ids as string[]).slice() };
  if (raw.kind === "stray") return { kind: "stray", ...message };
  if (raw.kind === "fortitude") return { kind: "fortitude", ...message };
  if (raw.kind === "reflex") return { kind: "reflex", ...message };
  if (raw.kind === "suppress") return { kind: "suppress", ...message };
  if (raw.kind === "coverHit") return { kind: "coverHit", ...message };
  // An unknown scale never reaches here: `requestProblem` refused it ("scale"; card-menu.test.ts, review-final-trust 3.2).
  if (raw.kind === "apply" && isScale(raw.scale)) return { kind: "apply", ...message, scale: raw.scale };
  return { kind: raw.kind === "undo" ? "undo" : "apply", ...message };
}
