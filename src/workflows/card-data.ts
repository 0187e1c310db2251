/**
 * The attack card as it is stored in a ChatMessage (`system.card`) and read back.
 *
 * Foundry v13 runs `foundry.utils.expandObject` over the data of every create and every update
 * (client/data/client-backend.mjs, `#preCreateDocumentArray` and `#preUpdateDocumentArray`), and `expandObject`
 * splits every dotted key of every plain object, at any depth, into nested objects (common/utils/helpers.mjs,
 * `expandObject` → `setProperty`). Target ids are token UUIDs ("Scene.x.Token.y"), so the card keys nothing by
 * target id: each per-target value is a record in a list that carries its `targetId`.
 *
 * Version 1 cards keyed `result.damageByTarget` and `applied` by target id. {@link readCard} reads both versions,
 * including a version 1 card that Foundry has already expanded (`{Scene: {x: {Token: {y: 13}}}}`), so cards posted
 * before this change still render, apply and undo; the next apply or undo stores them as version 2.
 */
import type { GrenadeCard } from "../applications/card-context.js";
import type { AppliedRecord } from "./apply-damage.js";
import type { AttackCardData } from "./attack-flow.js";
import type { TargetDamage } from "./attack-plan.js";

export const CARD_VERSION = 2;

/** A card as the GM and the card view read it (grenade cards carry the blast). */
export type StoredCard = AttackCardData & { readonly grenade?: GrenadeCard | null };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isRecord = (v: unknown): v is AppliedRecord => isObj(v) && typeof v.targetId === "string";
const isDamage = (v: unknown): v is TargetDamage =>
  isObj(v) && typeof v.targetId === "string" && typeof v.damage === "number";

/**
 * The leaves of an object that was keyed by target id, each with its key put back together: a key Foundry split
 * on its dots (`{Scene: {x: {Token: {y: 13}}}}`) and one it never saw (`{"Scene.x.Token.y": 13}`) both give
 * `["Scene.x.Token.y", 13]`.
 */
function leaves(
  node: Obj,
  isLeaf: (v: unknown) => boolean,
  path: readonly string[] = [],
): [string, unknown][] {
  if (path.length > 16) return [];
  return Object.entries(node).flatMap(([k, v]): [string, unknown][] => {
    const at = [...path, k];
    if (isLeaf(v)) return [[at.join("."), v]];
    return isObj(v) ? leaves(v, isLeaf, at) : [];
  });
}

/** A stored card in the current shape, from either version; null when it is not an attack card at all. */
export function readCard(raw: unknown): StoredCard | null {
  if (!isObj(raw) || !isObj(raw.result) || !Array.isArray(raw.targets)) return null;
  const { damageByTarget, ...result } = raw.result;
  const damage: TargetDamage[] = Array.isArray(result.damage)
    ? result.damage.filter(isDamage)
    : isObj(damageByTarget)
      ? leaves(damageByTarget, (v) => typeof v === "number").map(([targetId, d]) => ({
          targetId,
          damage: d as number,
        }))
      : [];
  // A version 1 record carries its own targetId, so the (split) key it was stored under is not needed.
  const applied: AppliedRecord[] = Array.isArray(raw.applied)
    ? raw.applied.filter(isRecord)
    : isObj(raw.applied)
      ? leaves(raw.applied, isRecord).map(([, r]) => r as AppliedRecord)
      : [];
  // Stored JSON: checked for what this reader migrates (result, targets, applied); the rest is the card attack.ts wrote.
  return {
    sceneId: null,
    rangeUnit: "m",
    ...raw,
    version: CARD_VERSION,
    result: { ...result, damage },
    applied,
  } as unknown as StoredCard;
}

/** Damage before defenses for one target (0 when the card has none for it). */
export function damageOf(card: Pick<AttackCardData, "result">, targetId: string): number {
  return card.result.damage.find((d) => d.targetId === targetId)?.damage ?? 0;
}

/** What was applied to one target, or null. */
export function appliedOf(card: Pick<AttackCardData, "applied">, targetId: string): AppliedRecord | null {
  return card.applied.find((r) => r.targetId === targetId) ?? null;
}

/** The applied records after adding (or replacing) `set` and removing the records of `clear`. */
export function mergeApplied(
  current: readonly AppliedRecord[],
  set: readonly AppliedRecord[],
  clear: readonly string[] = [],
): AppliedRecord[] {
  const drop = new Set([...clear, ...set.map((r) => r.targetId)]);
  return [...current.filter((r) => !drop.has(r.targetId)), ...set];
}
