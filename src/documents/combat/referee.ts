/**
 * The active GM's referee of what players write to the combat's combatants (issue 27 review): a count or tie-break a
 * player may not change (T2-2A), a mark the rules do not allow at this moment (T2-2B, T2-3E), a console's
 * `combatTurn` on a player's own write (T2-1A) — noted before the change lands, put back after it, the player told
 * why. Also the turn handed on when the acting combatant is deleted (review foundry-v13-combat-data-2 §3.3). Module
 * functions taking the combat (issue 29: documents/combat.ts split by concern).
 */
import { SYSTEM_ID } from "../../constants.js";
import { currentGame } from "../../helpers/game.js";
import { markAllowed, putBackValue, type RefereedMark, touchedMarks } from "../combatant/mark-referee.js";
import { writeCounts } from "./by-count.js";
import { HANDED_ON, localize, type Member, PUT_BACK, reportFailure, serial } from "./common.js";
import { orderIdsOf } from "./order.js";

type C = Combat.Implementation;

/**
 * Combat → combatant id → its count and tie-break terms before a player's change of them the rules do not allow
 * (T2-2A), noted by the active GM as the change arrives and written back once it has landed.
 */
const COUNTS_BEFORE = new WeakMap<object, Map<string, { initiative: number | null; init: unknown }>>();
/** Combats whose sealed ranks a player's own count (its first roll, before the start) has moved (T2-1D). */
const RERANK = new WeakSet<object>();
/**
 * Combat → combatant id → the marks a player is changing (T2-2B, T2-3E), as they were: noted by the active GM as the
 * change arrives, judged (`markAllowed`) once it has landed.
 */
const MARKS_BEFORE = new WeakMap<object, Map<string, Map<RefereedMark, unknown>>>();

/**
 * Active GM, before a change of combatants lands (`_preUpdateDescendantDocuments`): note what a player changes.
 * `replaced`: the update is not recursive (each object it names replaces the stored one).
 */
export function noteChange(
  combat: C,
  collection: string,
  changes: readonly object[],
  userId: string,
  replaced = false,
): void {
  noteCounts(combat, collection, changes, userId, replaced);
  noteMarks(combat, collection, changes, userId, replaced);
}

/** Active GM, after it landed (`_onUpdateDescendantDocuments`): put back what the rules do not allow. */
export function putBackChange(combat: C, userId: string): void {
  putBackCounts(combat, userId);
  rerankAfter(combat);
  putBackMarks(combat, userId);
}

/**
 * Active GM, after combatants were deleted (`_onDeleteDescendantDocuments`, §3.3): the turn every client handed on
 * locally (`handOnTurn`) is stored, before any remap of the phase.
 */
export function storeHandedOn(combat: C, options: object): void {
  if (!(options as { [HANDED_ON]?: boolean })[HANDED_ON]) return;
  const turn = combat.turn;
  void serial(combat, () => combat.update({ turn }, { diff: false, turnEvents: false })).catch(
    reportFailure(combat, "handOn"),
  );
}

/**
 * Review of issue 27 (T2-1A): a player's own Combatant write may carry core's `combatTurn` option, which every
 * client applies as the new turn (v13 client/documents/combatant.mjs `_preUpdateOperation` sets it only when the
 * caller did not, and client/documents/combat.mjs `#onModifyCombatants` applies it): a console could move the turn
 * with any flag write. On every page, before core reads it, a non-GM's `combatTurn` becomes what core computes
 * for an honest write — the acting combatant's place in the new order — so the turn stays with whoever acts.
 */
export function keepActingTurn(
  combat: C,
  collection: string,
  options: { combatTurn?: number },
  userId: string,
): void {
  if (collection !== "combatants" || typeof options.combatTurn !== "number") return;
  if (game.users?.get(userId)?.isGM) return;
  const acting = combat.combatant?.id;
  let at = -1;
  try {
    at = acting ? orderIdsOf(combat).indexOf(acting) : -1;
  } catch {
    at = -1;
  }
  if (at >= 0) options.combatTurn = at;
  else delete options.combatTurn;
}

/**
 * Active GM (T2-1D, review of issue 27): a player's own count landed among sealed combatants, whose documents hold
 * only ranks worked out around the counts before it; rank them again (`writeCounts` with no new entry, by-count.ts), so every
 * page — which sorts by the documents — orders as the real counts do.
 */
function rerankAfter(combat: C): void {
  if (!RERANK.has(combat) || !game.user?.isActiveGM) return;
  RERANK.delete(combat);
  void serial(combat, () => writeCounts(combat, [], new Set())).catch(reportFailure(combat, "rerank"));
}

/**
 * Active GM (T2-2B, T2-3E): note the marks — dodging, delay/ready, running, overwatch — a player's change of a
 * Combatant touches, as they are before it lands (`putBackMarks` judges them after).
 */
function noteMarks(
  combat: C,
  collection: string,
  changes: readonly object[],
  userId: string,
  replaced: boolean,
): void {
  if (collection !== "combatants" || !game.user?.isActiveGM || game.users?.get(userId)?.isGM) return;
  const noted = MARKS_BEFORE.get(combat) ?? new Map<string, Map<RefereedMark, unknown>>();
  for (const change of changes) {
    const id = (change as { _id?: unknown })._id;
    const c = typeof id === "string" ? combat.combatants.get(id) : undefined;
    if (!c?.id) continue;
    const marks = noted.get(c.id) ?? new Map<RefereedMark, unknown>();
    for (const key of touchedMarks(change, replaced))
      if (!marks.has(key)) marks.set(key, foundry.utils.deepClone(c.marks[key]));
    if (marks.size) noted.set(c.id, marks);
  }
  if (noted.size) MARKS_BEFORE.set(combat, noted);
}

/**
 * Active GM (T2-2B, T2-3E): a player's change of a mark the rules do not allow at this moment
 * (documents/combatant/mark-referee.ts) is written back as it was, in one update; the GM and the player are told.
 */
function putBackMarks(combat: C, userId: string): void {
  const noted = MARKS_BEFORE.get(combat);
  if (!noted?.size || !game.user?.isActiveGM) return;
  MARKS_BEFORE.delete(combat);
  const updates = new Map<string, Record<string, unknown>>();
  const putBack = (id: string, key: RefereedMark, before: unknown) =>
    updates.set(id, { ...(updates.get(id) ?? { _id: id }), [`system.${key}`]: putBackValue(before) });
  // Trust review 1.3: the marks that change other people's rolls, let through for their moment, are then judged by
  // the game against what the GM recorded (`GameTable.markBacked`), as they landed.
  const backed = currentGame().markBacked;
  const judged: { id: string; key: "defending" | "protecting"; before: unknown; after: unknown }[] = [];
  for (const [id, marks] of noted) {
    const c = combat.combatants.get(id);
    if (!c) continue;
    for (const [key, before] of marks) {
      const after = c.marks[key];
      if (!markAllowed(combat, c, key, before, after)) putBack(id, key, before);
      else if (backed && (key === "defending" || key === "protecting"))
        judged.push({ id, key, before, after: foundry.utils.deepClone(after) });
    }
  }
  if (!judged.length || !backed) {
    writeMarksBack(combat, userId, [...updates.values()]);
    return;
  }
  void (async () => {
    for (const j of judged) {
      const c = combat.combatants.get(j.id);
      if (c && !(await backed(combat, c, j.key, j.after))) putBack(j.id, j.key, j.before);
    }
    writeMarksBack(combat, userId, [...updates.values()]);
  })().catch(reportFailure(combat, "marks"));
}

/** Active GM: write the marks put back (T2-2B, T2-3E) in one update; the GM and the player are told. */
function writeMarksBack(combat: C, userId: string, updates: Record<string, unknown>[]): void {
  if (!updates.length) return;
  const user = game.users?.get(userId);
  console.warn(
    `${SYSTEM_ID} | ${user?.name ?? userId} set combatant marks the rules do not allow now; put back`,
  );
  ui.notifications?.warn(localize("FT.Combat.markPutBack"));
  // `diff: true` is core's default, named so the options share a key with core's type (a weak type otherwise).
  const putBack = { diff: true, [PUT_BACK]: { user: userId, reason: "FT.Combat.markPutBackYours" } };
  void serial(combat, () => combat.updateEmbeddedDocuments("Combatant", updates, putBack)).catch(
    reportFailure(combat, "marks"),
  );
}

/** The count's terms as a path: `flags.<system>.init`. */
const INIT_PATH = ["flags", SYSTEM_ID, "init"];

/**
 * Does a changed key (flattened) write the count or its terms: `initiative`, anything under `flags.<system>.init`,
 * or an ancestor of it deleted (`-=`) or replaced whole (`==`, v13 common/data/fields.mjs `ObjectField` and
 * `SchemaField` apply both; review state-29 R1-b: `flags.==frontier-tactics` and `flags.frontier-tactics.==init`
 * replaced the terms unseen).
 */
function touchesCount(key: string): boolean {
  const parts = key.split(".");
  if (parts[0] === "initiative" && parts.length === 1) return true;
  for (let i = 0; i < parts.length && i < INIT_PATH.length; i++) {
    const forced = /^(==|-=)/.test(parts[i]!);
    if (parts[i]!.replace(/^(==|-=)/, "") !== INIT_PATH[i]) return false;
    if (forced) return true; // this key deletes or replaces the terms or an ancestor of them
  }
  return parts.length >= INIT_PATH.length;
}

/**
 * Active GM (T2-2A, SW-03 "counts are kept for the whole combat"): note the count and tie-break terms of every
 * combatant whose `initiative` or `flags.<system>.init` a player is changing when the rules do not let them —
 * once the combat has started, or once it has a count (a re-roll is the GM's), or for a combatant the GM marked
 * unaware (SW-02: it rolls when the surprise round ends). The owner may write both (v13 common/documents/
 * combatant.mjs `#canUpdate`), so the server lets it through; `putBackCounts` writes the noted values back.
 * Before the start, an owner's first roll of their own count stands.
 */
function noteCounts(
  combat: C,
  collection: string,
  changes: readonly object[],
  userId: string,
  replaced: boolean,
): void {
  if (collection !== "combatants" || !combat.byCount || !game.user?.isActiveGM) return;
  if (game.users?.get(userId)?.isGM) return;
  const noted = COUNTS_BEFORE.get(combat) ?? new Map<string, { initiative: number | null; init: unknown }>();
  for (const change of changes) {
    const flat = foundry.utils.flattenObject(change) as Record<string, unknown>;
    const id = typeof flat._id === "string" ? flat._id : "";
    const c = combat.combatants.get(id);
    if (!c || noted.has(id)) continue;
    // Flags written anew (a non-recursive update naming them) replace the count's terms with whatever they hold.
    const touches = (replaced && "flags" in change) || Object.keys(flat).some(touchesCount);
    if (!touches) continue;
    const counted = Number.isFinite(c._source.initiative ?? Number.NaN);
    if (!combat.started && !counted && !combat.isUnaware(id)) {
      // The count stands; the sealed combatants' ranks are worked out again around it (`rerankAfter`).
      if (combat.combatants.contents.some((m: Member) => !!m.getFlag(SYSTEM_ID, "init")?.sealed))
        RERANK.add(combat);
      continue;
    }
    noted.set(id, {
      initiative: c._source.initiative ?? null,
      init: foundry.utils.deepClone(c.getFlag(SYSTEM_ID, "init")),
    });
  }
  if (noted.size) COUNTS_BEFORE.set(combat, noted);
}

/** Active GM (T2-2A): write back the counts `noteCounts` noted, in one update; the GM and the player are told. */
function putBackCounts(combat: C, userId: string): void {
  const noted = COUNTS_BEFORE.get(combat);
  if (!noted?.size || !game.user?.isActiveGM) return;
  COUNTS_BEFORE.delete(combat);
  const updates = [...noted].map(([id, was]) => ({
    _id: id,
    initiative: was.initiative,
    ...(was.init === undefined
      ? { [`flags.${SYSTEM_ID}.-=init`]: null }
      : { [`flags.${SYSTEM_ID}.init`]: was.init }),
  }));
  const user = game.users?.get(userId);
  console.warn(`${SYSTEM_ID} | ${user?.name ?? userId} changed initiative counts; put back`);
  ui.notifications?.warn(localize("FT.Combat.countPutBack"));
  // `diff: true` is core's default, named so the options share a key with core's type (a weak type otherwise).
  const putBack = { diff: true, [PUT_BACK]: { user: userId, reason: "FT.Combat.countPutBackYours" } };
  void serial(combat, () => combat.updateEmbeddedDocuments("Combatant", updates, putBack)).catch(
    reportFailure(combat, "counts"),
  );
}

/**
 * Review foundry-v13-combat-data-2 §3.3: v13's `Combatant._preDeleteOperation` (client/documents/combatant.mjs,
 * search id 18918656215) means to hand the turn to the next survivor (else the one before) when the acting
 * combatant is deleted, but compares with `this.turn` in a static method, so it hands it to no one. Every client's
 * `#onModifyCombatants` then keeps the old index — past the end when the acting combatant was the last, which moves
 * every client to the next round LOCALLY (and runs, on the active GM, the turn events of a round the server never
 * started: movement cleared). Every client, before the deletion and from the same data, sets the hand-on core
 * intends on the operation (`combatTurn`, `turnEvents`, read by core's `#onModifyCombatants`: the pre- and
 * post-delete events get the same options object, client/data/client-backend.mjs `#handleDeleteDocuments`, search
 * id 8223665884); the active GM then stores that turn (`_onDeleteDescendantDocuments`).
 */
export function handOnTurn(combat: C, ids: readonly string[], options: object): void {
  // The delete operation's options, as core's #onModifyCombatants reads them (fvtt-types 13.345 types the delete
  // options without core's combatTurn / turnEvents).
  const op = options as { combatTurn?: number; turnEvents?: boolean; [HANDED_ON]?: boolean };
  const acting = combat.combatant;
  if (!acting?.id || !ids.includes(acting.id) || typeof op.combatTurn === "number") return;
  const skip = !!combat.settings.skipDefeated;
  const at = combat.turn ?? 0;
  let prev: Member | null = null;
  let next: Member | null = null;
  combat.turns.forEach((t, i) => {
    if (ids.includes(t.id ?? "") || (skip && t.isDefeated)) return;
    if (i < at) prev = t;
    if (!next && i >= at) next = t;
  });
  const survivor = next ?? prev;
  if (!survivor) return;
  op.combatTurn = combat.turns.filter((t) => !ids.includes(t.id ?? "")).indexOf(survivor);
  op.turnEvents = survivor === next;
  op[HANDED_ON] = true;
}

/**
 * Review state-29 R1-a: v13 lets a player write their own combatants through the Combat itself
 * (`combat.update({ combatants: [...] })`: common/documents/combat.mjs `#canUpdate` checks each entry against the
 * Combatant's own permission), and such a write fires no descendant event, so neither the marks' nor the counts'
 * referee sees it. Neither this system nor core has a player write combatants that way (core's own `resetAll`, the
 * one user of the path, is the GM's), so the active GM puts back what it named of each combatant. Every page receives
 * the write through the Combat's `updateSource` (client/data/client-backend.mjs `#handleUpdateDocuments`) before its
 * `_onUpdate`: the active GM notes the combatants there, and puts them back in `_onUpdate`, where the writer's id is
 * the server's.
 */
const THROUGH_COMBAT = new WeakMap<object, Map<string, Record<string, unknown>>>();

/**
 * Active GM, in the Combat's `updateSource`: what a write names of each combatant (its count, defeated mark, `system`,
 * `flags`), as it stands before the write. The earliest note of a combatant is kept until the next `_onUpdate` (v13
 * `#handleUpdateDocuments` applies every change of a batch before the first `_onUpdate`), and the writer's own dry
 * run is passed over.
 */
export function noteCombatantsWrite(combat: C, changes: unknown, options: { dryRun?: boolean } = {}): void {
  if (options.dryRun || !game.user?.isActiveGM || !changes || typeof changes !== "object") return;
  if (!("combatants" in changes) || !Array.isArray(changes.combatants)) return;
  const noted = THROUGH_COMBAT.get(combat) ?? new Map<string, Record<string, unknown>>();
  for (const entry of changes.combatants as unknown[]) {
    if (!entry || typeof entry !== "object" || !("_id" in entry) || typeof entry._id !== "string") continue;
    const c = combat.combatants.get(entry._id);
    if (!c) continue;
    const before = noted.get(entry._id) ?? {};
    const src: Record<string, unknown> = { ...c._source };
    for (const key of ["initiative", "defeated", "system", "flags"])
      if (key in entry && !(key in before)) before[key] = foundry.utils.deepClone(src[key] ?? null);
    if (Object.keys(before).length) noted.set(entry._id, before);
  }
  if (noted.size) THROUGH_COMBAT.set(combat, noted);
}

/** Active GM, in the Combat's `_onUpdate`: what a player wrote of combatants through the Combat is put back. */
export function putBackCombatantsWrite(combat: C, changed: object, userId: string): void {
  const noted = THROUGH_COMBAT.get(combat);
  THROUGH_COMBAT.delete(combat);
  if (!noted || !("combatants" in changed) || !game.user?.isActiveGM || game.users?.get(userId)?.isGM) return;
  const updates = [...noted]
    .filter(([id]) => combat.combatants.has(id))
    .map(([_id, before]) => ({ _id, ...before }));
  if (!updates.length) return;
  const user = game.users?.get(userId);
  console.warn(`${SYSTEM_ID} | ${user?.name ?? userId} wrote combatants through the combat; put back`);
  ui.notifications?.warn(localize("FT.Combat.markPutBack"));
  // What the write named, as it was (`recursive: false`: what the write added to `system` or `flags` goes too).
  const putBack = { recursive: false, [PUT_BACK]: { user: userId, reason: "FT.Combat.markPutBackYours" } };
  void serial(combat, () => combat.updateEmbeddedDocuments("Combatant", updates, putBack)).catch(
    reportFailure(combat, "combatants"),
  );
}
