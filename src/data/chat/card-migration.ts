/**
 * The attack card's migration, run ONCE per load and per write by the `attack` model's `migrateData`
 * (`models.ts`), so every reader of `m.system.card` gets a current card and none migrates it again (issue 28; it
 * was `readCard`, re-run at a dozen call sites).
 *
 * Foundry v13 runs `foundry.utils.expandObject` over the data of every create and every update
 * (client/data/client-backend.mjs, `#preCreateDocumentArray` and `#preUpdateDocumentArray`), and `expandObject`
 * splits every dotted key of every plain object, at any depth, into nested objects (common/utils/helpers.mjs,
 * `expandObject` → `setProperty`). Target ids are token UUIDs ("Scene.x.Token.y"), so the card keys nothing by
 * target id: each per-target value is a record in a list that carries its `targetId`.
 *
 * Version 1 cards keyed `result.damageByTarget` and `applied` by target id (stored as written or as Foundry expanded
 * them: `{Scene: {x: {Token: {y: 13}}}}`); version 1 and 2 kept full applied records. Both read as version 3: damage
 * as a list, every applied entry as a public mark (`legacy` for a full record). Version 3 is the shape stored now, so
 * the migration leaves its data as it is (it only normalises the marks, as reading always did): a card sealed by a
 * GM before issue 28 (a digest of this same output, `card-seal.ts`) still matches its seal.
 *
 * Core also runs `migrateData` on an update's partial changes (v13 client/data/client-backend.mjs
 * `#preUpdateDocumentArray`): only a whole card (one with its `result` and `targets`) is migrated; a partial change
 * of a few keys passes through as it is.
 */
import { type AppliedMark, CARD_VERSION, type TargetDamage, tokenIds } from "./attack-card.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isRecord = (v: unknown): v is Obj & { targetId: string } => isObj(v) && typeof v.targetId === "string";

/** A stored applied entry as a mark: a version 3 mark as it is, an older full record as a legacy mark. */
function toMark(v: Obj & { targetId: string }): AppliedMark {
  const ids = tokenIds(v.targetId) ?? { sceneId: "", tokenId: "" };
  const legacy = typeof v.staminaBefore === "number" || v.legacy === true;
  return {
    targetId: v.targetId,
    sceneId: typeof v.sceneId === "string" ? v.sceneId : ids.sceneId,
    tokenId: typeof v.tokenId === "string" ? v.tokenId : ids.tokenId,
    actorId: typeof v.actorId === "string" ? v.actorId : "",
    linked: v.linked === true,
    unconscious: v.unconscious === true,
    stunned: v.stunned === true,
    ...(legacy ? { legacy: true } : {}),
    ...(v.undone === true ? { undone: true } : {}),
    ...(v.scale === "half" || v.scale === "double" ? { scale: v.scale } : {}),
  };
}
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

/** Is this a whole stored attack card (of any version), not a partial change or something else? */
export function isWholeCard(raw: unknown): raw is Obj & { result: Obj; targets: unknown[] } {
  return isObj(raw) && isObj(raw.result) && Array.isArray(raw.targets);
}

/**
 * A stored card of any version in the current shape (version {@link CARD_VERSION}); anything that is not a whole
 * card is returned as it is (the schema's validation and the GM's `cardProblem` say what is wrong with it).
 */
export function migrateCard(raw: unknown): unknown {
  if (!isWholeCard(raw)) return raw;
  const { damageByTarget, ...result } = raw.result;
  const damage: TargetDamage[] = Array.isArray(result.damage)
    ? result.damage.filter(isDamage)
    : isObj(damageByTarget)
      ? leaves(damageByTarget, (v) => typeof v === "number").map(([targetId, d]) => ({
          targetId,
          damage: d as number, // a leaf is a number: `leaves` was asked for numbers
        }))
      : [];
  // A version 1 record carries its own targetId, so the (split) key it was stored under is not needed.
  const applied: AppliedMark[] = (
    Array.isArray(raw.applied)
      ? raw.applied.filter(isRecord)
      : isObj(raw.applied)
        ? leaves(raw.applied, isRecord).map(([, r]) => r as Obj & { targetId: string }) // `isRecord` leaves
        : []
  ).map(toMark);
  // The version it had, kept once (a card migrated before keeps its `migratedFrom`; a current card has none).
  const from =
    raw.version === CARD_VERSION ? {} : { migratedFrom: typeof raw.version === "number" ? raw.version : 1 };
  return {
    sceneId: null,
    rangeUnit: "m",
    ...raw,
    ...from,
    version: CARD_VERSION,
    result: { ...result, damage },
    applied,
  };
}
