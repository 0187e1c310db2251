/**
 * The combat by count (issue 15, SW-03: each combatant on its own d20 initiative count, kept all combat): rolling the
 * counts (one batched update and one message), sealing a hidden NPC's count (T2-1D), holding a turn (SW-34) and the
 * next round by count (SW-02 surprise round). Module functions taking the combat (issue 29: documents/combat.ts
 * split by concern). Issue 33: the rolls, the counts' write, "Act now"/"Trigger" and the start load on first use
 * (by-count-rolls.ts, behind the async functions below, whose callers already await them); what the turn order and
 * the tracker read synchronously stays (by-count-entries.ts).
 */
import { SYSTEM_ID } from "../../constants.js";
import type { InitiativeEntry } from "../../rules/index.js";
import { sealedEntryOf, unrolledOf } from "./by-count-entries.js";
import type { Member } from "./common.js";
import { combatState } from "./gm-state.js";

export { storedEntriesOf, unrolledOf } from "./by-count-entries.js";

type C = Combat.Implementation;

/**
 * SW-02: the turns that are not taken this round: in the surprise round, those who have not rolled (the unaware,
 * who roll when it ends); with "skip defeated", the defeated.
 */
export function passedOver(combat: C): boolean[] {
  const surprise = combat.inSurpriseRound;
  const skip = !!combat.settings.skipDefeated;
  return combat.turns.map(
    (t) => (surprise && !Number.isFinite(t.initiative ?? Number.NaN)) || (skip && !!t.isDefeated),
  );
}

/**
 * SW-34: the current combatant holds its turn — delaying (it acts later this round, at a lower count, when the GM
 * lets it in with "Act now") or readying an action (the GM's "Trigger" puts it before the combatant whose action
 * sets it off). Its owner or a GM; the turn passes on.
 */
export async function holdTurn(combat: C, state: "delaying" | "readied"): Promise<void> {
  const c = combat.combatant;
  if (!combat.byCount || !combat.started || !c || !(game.user?.isGM || c.isOwner)) return;
  await c.update({ system: { state } });
  await combat.nextTurn();
}

/**
 * SW-02, SW-03: the next round by count. Nothing is re-rolled; when the surprise round ends, those who sat it out
 * roll first and take their places (seed step 3), then core's next round starts from the top of the order.
 */
export async function nextRoundByCount(combat: C): Promise<void> {
  if (combat.inSurpriseRound) await rollByCount(combat, unrolledOf(combat));
  // SW-34 "Delaying Limits": a combatant still delaying when everyone else has acted forfeits the round's action.
  const forfeited = combat.combatants.contents.filter((c: Member) => c.holdState === "delaying");
  if (forfeited.length)
    await combat.updateEmbeddedDocuments(
      "Combatant",
      forfeited.map((c: Member) => ({
        _id: c.id ?? "",
        system: { state: "none" as const },
      })),
    );
  await Combat.prototype.nextRound.call(combat);
}

/**
 * T2-1D: the count to show for a combatant whose numbers are sealed — the real one on a GM's page that keeps it,
 * else null (its document holds only its rank). Undefined when it is not sealed.
 */
export function sealedCount(combat: C, combatantId: string): number | null | undefined {
  const c = combat.combatants.get(combatantId);
  if (!c?.getFlag(SYSTEM_ID, "init")?.sealed) return undefined;
  return sealedEntryOf(combat, c)?.count ?? null;
}

/** SW-03: "characters who join a battle already in progress roll initiative at that time" (active GM). */
export async function rollLateJoiners(combat: C, joined: readonly Member[], userId: string): Promise<void> {
  const ids = new Set(joined.map((c) => c.id ?? ""));
  // SW-03 "counts are kept for the whole combat" (T2-2A; re-review of issue 29 F1): a combatant a player takes out
  // and adds again (the token HUD's combat toggle) gets back the count it had, not a fresh d20; what a player's
  // own new combatant arrives with (a count, the count's terms, a mark) is not theirs to set after the start —
  // cleared, and the count rolled here as any late joiner's.
  const byPlayer = !game.users?.get(userId)?.isGM;
  const left = LEFT.get(combat);
  const fixes: Record<string, unknown>[] = [];
  for (const c of joined) {
    const kept = left?.get(keyOf(c));
    if (kept) {
      left?.delete(keyOf(c));
      fixes.push({
        _id: c.id,
        initiative: kept.initiative,
        ...(kept.init === undefined
          ? { [`flags.${SYSTEM_ID}.-=init`]: null }
          : { [`flags.${SYSTEM_ID}.init`]: kept.init }),
        ...(byPlayer ? CLEAR_MARKS : {}),
      });
    } else if (byPlayer && (c._source.initiative !== null || c.getFlag(SYSTEM_ID, "init") !== undefined))
      fixes.push({ _id: c.id, initiative: null, [`flags.${SYSTEM_ID}.-=init`]: null, ...CLEAR_MARKS });
    else if (byPlayer && hasMarks(c)) fixes.push({ _id: c.id, ...CLEAR_MARKS });
  }
  if (fixes.length) await combat.updateEmbeddedDocuments("Combatant", fixes);
  await rollByCount(
    combat,
    unrolledOf(combat, (c) => ids.has(c.id ?? "")),
  );
}

/** A combatant's marks as a new one has them (data/combatant/marks.ts). */
const CLEAR_MARKS = {
  "system.state": "none",
  "system.dodging": null,
  "system.declared": null,
  "system.turn": null,
  "system.running": null,
  "system.overwatch": null,
  "system.protecting": null,
  "system.defending": null,
} as const;

/** Does a combatant hold any mark (a player's new one usually holds none: then nothing is written)? */
function hasMarks(c: Member): boolean {
  const m = c.marks;
  return (
    m.state !== "none" ||
    m.dodging !== null ||
    !!m.declared ||
    !!m.turn ||
    !!m.running ||
    !!m.overwatch ||
    !!m.protecting ||
    !!m.defending
  );
}

/** Who a combatant is across leaving and joining again: its token, or its actor. */
const keyOf = (c: Member): string => c.tokenId ?? c.actorId ?? "";

/** Active GM: the counts of combatants that left a started combat by count, by token (page state of this GM). */
const LEFT = new WeakMap<object, Map<string, { initiative: number | null; init: unknown }>>();

/** Active GM, before combatants leave a started combat by count: keep their counts for a return (SW-03). */
export function noteLeaving(combat: C, ids: readonly string[]): void {
  if (!combat.byCount || !combat.started || !game.user?.isActiveGM) return;
  const left = LEFT.get(combat) ?? new Map<string, { initiative: number | null; init: unknown }>();
  for (const id of ids) {
    const c = combat.combatants.get(id);
    if (!c || c._source.initiative === null) continue;
    left.set(keyOf(c), {
      initiative: c._source.initiative ?? null,
      init: foundry.utils.deepClone(c.getFlag(SYSTEM_ID, "init")),
    });
  }
  LEFT.set(combat, left);
}

/** GM, before the start (SW-02): mark a combatant unaware, or aware again (on the Combat, which only a GM writes). */
export async function setUnaware(combat: C, combatantId: string, unaware: boolean): Promise<void> {
  if (!game.user?.isGM || combat.started || !combat.combatants.has(combatantId)) return;
  const others = (combatState(combat).unaware ?? []).filter((id) => id !== combatantId);
  await combat.update({ system: { unaware: unaware ? [...others, combatantId] : others } });
}

/** The rolls and writes, loaded on first use (issue 33). */
const rolls = () => import("./by-count-rolls.js");

/** SW-34, GM: "Act now" / "Trigger" (by-count-rolls.ts). */
export async function actFromHold(combat: C, id: string): Promise<void> {
  return (await rolls()).actFromHold(combat, id);
}

/** SW-03, T2-1D: write these combatants' entries in one Combatant update (by-count-rolls.ts). */
export async function writeCounts(
  combat: C,
  changed: readonly { entry: InitiativeEntry; state?: "none" }[],
  secret: ReadonlySet<string>,
): Promise<void> {
  return (await rolls()).writeCounts(combat, changed, secret);
}

/** SW-03: roll the d20 initiative of `ids`; one batched update and one message (by-count-rolls.ts). */
export async function rollByCount(combat: C, ids: readonly string[]): Promise<void> {
  return (await rolls()).rollByCount(combat, ids);
}

/** SW-02, SW-03: the start by count: a surprise round, or everyone's roll (by-count-rolls.ts). */
export async function startByCount(combat: C): Promise<void> {
  return (await rolls()).startByCount(combat);
}
