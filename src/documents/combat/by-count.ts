/**
 * The combat by count (issue 15, SW-03: each combatant on its own d20 initiative count, kept all combat): rolling the
 * counts (one batched update and one message), sealing a hidden NPC's count (T2-1D), holding a turn (SW-34) and the
 * next round by count (SW-02 surprise round). Module functions taking the combat (issue 29: documents/combat.ts
 * split by concern).
 */
import { SYSTEM_ID } from "../../constants.js";
import { d20DexScore } from "../../data/actor/d20-facts.js";
import { keyed, line, literal, ruleCardMessage } from "../../data/chat/rule-card.js";
import { actorSystem } from "../../data/subtypes.js";
import { keepEntries, keptEntry } from "../../helpers/d20-secrets.js";
import {
  actAfter,
  type InitiativeEntry,
  initiativeOrder,
  rankSecretEntries,
  surpriseRound,
  triggerReady,
} from "../../rules/index.js";
import { sideIdOf } from "../subtypes.js";
import { localize, type Member, serialByCount } from "./common.js";
import {
  type D20InitiativeFlag,
  type D20InitiativePorts,
  entryOf,
  type Roller,
  rollD20Initiative,
} from "./d20-initiative.js";
import { combatState } from "./gm-state.js";

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
 * SW-34, GM: the delaying combatant `id` acts now, right after the current combatant, whose count it takes for the
 * rest of the combat ("Act now"); or the readied combatant `id` acts now, before the current one, on its count
 * ("Trigger"). The counts (and the places within a count) are written in one Combatant update that keeps the turn
 * where it was (core's `combatTurn`), then the turn goes to `id`.
 */
export async function actFromHold(combat: C, id: string): Promise<void> {
  if (!game.user?.isGM || !combat.byCount || !combat.started) return;
  const held = combat.combatants.get(id);
  const current = combat.combatant;
  const state = held?.holdState;
  if (!held || !current || current.id === id || (state !== "delaying" && state !== "readied")) return;
  const before = new Map(entriesOf(combat).map((e) => [e.id, e]));
  const order =
    state === "delaying"
      ? actAfter([...before.values()], [id], current.id ?? "")
      : triggerReady([...before.values()], id, current.id ?? "");
  const moved = (e: InitiativeEntry) => {
    const was = before.get(e.id);
    return e.id === id || !was || was.count !== e.count || was.shift !== e.shift;
  };
  await writeCounts(
    combat,
    order.filter(moved).map((e) => (e.id === id ? { entry: e, state: "none" as const } : { entry: e })),
    new Set(),
  );
  const turn = combat.turns.findIndex((t) => t.id === id);
  if (turn >= 0 && turn !== combat.turn) await combat.update({ turn }, { direction: 1 });
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

/** The d20 roll, the counts' write and the initiative card, as d20-initiative.ts asks for them (SW-03). */
function d20Ports(combat: C, secret: ReadonlySet<string>): D20InitiativePorts<Roll> {
  return {
    rollD20: async () => {
      const roll = await new Roll("1d20").evaluate();
      return { value: roll.total ?? 1, roll };
    },
    updateCombatants: async (updates) => {
      await writeCounts(
        combat,
        updates.map((u) => ({ entry: { id: u._id, count: u.initiative, ...u.init } })),
        secret,
      );
    },
    postRolls: async (lines, rolls) => {
      const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
      // SW-03: one line per combatant; a secret count (a hidden NPC's) says only that it rolled.
      await ChatMessage.create(
        ruleCardMessage(
          {
            kind: "ft-d20-initiative",
            ruleId: "SW-03",
            title: keyed("FT.D20.Initiative.title"),
            lines: lines.map((l) =>
              line(
                l.count === null
                  ? [literal(`${l.name}:`), keyed("FT.D20.Initiative.rolledSecret")]
                  : [
                      literal(`${l.name}: d20 ${l.die} ${sign(l.modifier ?? 0)} = ${l.count}`),
                      ...(l.tieBreak === null
                        ? []
                        : [
                            keyed("FT.D20.Initiative.tieBroken", {
                              label: { key: "FT.D20.Initiative.tieBreak" },
                              value: String(l.tieBreak),
                            }),
                          ]),
                    ],
                "",
              ),
            ),
          },
          { rolls: [...rolls] },
        ),
      );
    },
  };
}

/**
 * SW-03, T2-1D: write these combatants' entries (and a held turn's new state) in ONE Combatant update. A hidden
 * NPC's (`secret`, or one already sealed whose real entry this GM's browser keeps) goes to the GM's browser under
 * a new seal id (helpers/d20-secrets.ts); its document gets only its rank in the order (`rankSecretEntries`), and
 * every sealed combatant whose rank the change moves is re-ranked in the same update, so every client sorts as
 * the rules do. A sealed combatant whose entry this browser lost keeps its rank, as a fixed point.
 */
export async function writeCounts(
  combat: C,
  changed: readonly { entry: InitiativeEntry; state?: "none" }[],
  secret: ReadonlySet<string>,
): Promise<void> {
  const real = new Map(entriesOf(combat).map((e) => [e.id, e]));
  for (const { entry } of changed) real.set(entry.id, entry);
  const known = new Set<string>(secret);
  for (const c of combat.combatants.contents) if (c.id && sealedEntryOf(combat, c)) known.add(c.id);
  const ranks = known.size ? rankSecretEntries(initiativeOrder([...real.values()]), known) : new Map();
  const fresh = new Map(changed.map((c) => [c.entry.id, c]));
  const kept = new Map<string, { sealId: string; entry: InitiativeEntry }>();
  const updates: Combatant.UpdateData[] = [];
  for (const [id, entry] of real) {
    const change = fresh.get(id);
    const rank = ranks.get(id);
    const c = combat.combatants.get(id);
    if (!c) continue;
    const state = change?.state ? { system: { state: change.state } } : {};
    if (!rank) {
      if (change)
        updates.push({
          _id: id,
          initiative: entry.count,
          flags: { [SYSTEM_ID]: { init: flagOf(entry) } },
          ...state,
        });
      continue;
    }
    const was = c.getFlag(SYSTEM_ID, "init");
    const sealId = change || !was?.sealed ? foundry.utils.randomID() : was.sealed;
    if (sealId !== was?.sealed) kept.set(id, { sealId, entry });
    const init = { ...flagOf(rank), sealed: sealId };
    const same =
      c.initiative === rank.count &&
      was?.sealed === sealId &&
      was.shift === init.shift &&
      was.dexScore === init.dexScore &&
      (was.tieBreak ?? null) === init.tieBreak;
    if (!same || change)
      updates.push({ _id: id, initiative: rank.count, flags: { [SYSTEM_ID]: { init } }, ...state });
  }
  // Kept before the write that names the new seal ids goes out, so this GM's page sorts by them as it lands.
  if (kept.size && combat.id)
    await keepEntries(combat.id, kept, new Set((game.combats?.contents ?? []).map((c) => c.id ?? "")));
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/**
 * SW-03: roll the d20 initiative of `ids` (those this user may write; the GM's "reroll" re-rolls), keeping every
 * other combatant's count; one batched update and one message.
 */
export async function rollByCount(combat: C, ids: readonly string[]): Promise<void> {
  const user = game.user;
  if (!user) return;
  const wanted = new Set(ids);
  const group = !!combatState(combat).groupRoll;
  const rollers: Roller[] = combat.combatants.contents
    .filter((c: Member) => wanted.has(c.id ?? "") && (user.isGM || mayRollOwn(combat, c)))
    .map((c: Member) => ({
      id: c.id ?? "",
      name: c.name ?? "",
      dexScore: d20DexScore(actorSystem(c.actor)),
      // SW-03: with the GM's "roll opponents as one", a side's NPCs share one d20.
      ...(group && !c.hasPlayerOwner ? { group: sideIdOf(c) ?? "npcs" } : {}),
      // A hidden combatant, or an NPC some player may not observe (as `keepsNumbersSecret` in attack.ts): the
      // message says only that it rolled, and carries none of its dice.
      secret:
        c.hidden ||
        (!c.hasPlayerOwner &&
          (game.users?.contents ?? []).some((u) => !u.isGM && !c.actor?.testUserPermission(u, "OBSERVER"))),
    }));
  // A player asked for a count the rules keep (a re-roll, or any roll after the start): said, not rolled.
  if (
    !user.isGM &&
    rollers.length < wanted.size &&
    combat.combatants.some((c) => wanted.has(c.id ?? "") && c.isOwner)
  )
    ui.notifications?.warn(localize("FT.Combat.rerollIsGM"));
  const rolling = new Set(rollers.map((r) => r.id));
  await serialByCount(combat, () =>
    rollD20Initiative(
      rollers,
      entriesOf(combat).filter((e) => !rolling.has(e.id)),
      d20Ports(combat, new Set(rollers.filter((r) => r.secret).map((r) => r.id))),
    ).then(() => undefined),
  );
}

/**
 * SW-03, SW-02: may this (player) user roll `c`'s count? Only its owner, before the start, while it has none and
 * the GM has not marked it unaware; re-rolls and every count after the start are the GM's (T2-2A; the active GM
 * puts back any other change: `noteCounts`, referee.ts).
 */
function mayRollOwn(combat: C, c: Member): boolean {
  return (
    c.isOwner &&
    !combat.started &&
    !Number.isFinite(c.initiative ?? Number.NaN) &&
    !combat.isUnaware(c.id ?? "")
  );
}

/**
 * SW-03: the combatants' entries (count, Dex, tie-break) for those that rolled. Module functions, not private
 * methods: core prepares the combat (and sorts its turns) inside the base constructor, before a subclass's private
 * members exist.
 */
function entriesOf(combat: C, real = true) {
  return combat.combatants.contents.flatMap((c: Member) => {
    const e =
      (real ? sealedEntryOf(combat, c) : null) ??
      entryOf(c.id ?? "", c.initiative, c.getFlag(SYSTEM_ID, "init"), d20DexScore(actorSystem(c.actor)));
    return e ? [e] : [];
  });
}

/** The entries as the documents hold them (a sealed combatant's rank, never its kept count): the turn order. */
export const storedEntriesOf = (combat: C) => entriesOf(combat, false);

/**
 * T2-1D: on a GM's page, the real entry of a sealed combatant that this browser keeps (helpers/d20-secrets.ts);
 * null elsewhere: a player's page (and a GM's that lost it) orders by the rank on the document.
 */
function sealedEntryOf(combat: C, c: Member): InitiativeEntry | null {
  const sealed = c.getFlag(SYSTEM_ID, "init")?.sealed;
  if (!sealed || !game.user?.isGM || !combat.id || !c.id) return null;
  return keptEntry(combat.id, c.id, sealed);
}

/** The tie-break terms a combatant keeps beside its count (SW-03). */
function flagOf(e: InitiativeEntry): D20InitiativeFlag {
  return { modifier: e.modifier, dexScore: e.dexScore, tieBreak: e.tieBreak, shift: e.shift };
}

/** Combatants without a count yet (SW-03: at the start, and a late joiner). */
export function unrolledOf(combat: C, filter: (c: Member) => boolean = () => true): string[] {
  return combat.combatants.contents
    .filter((c: Member) => !Number.isFinite(c.initiative ?? Number.NaN) && filter(c))
    .map((c: Member) => c.id ?? "");
}

/**
 * SW-02: if some but not all are aware, round 1 is a surprise round: only the aware roll (and act) now. SW-03:
 * otherwise whoever has not rolled rolls now. SW-01: nobody has acted yet (all flat-footed).
 */
export async function startByCount(combat: C): Promise<void> {
  const start = surpriseRound(
    combat.combatants.contents.map((c: Member) => ({
      id: c.id ?? "",
      aware: !combat.isUnaware(c.id ?? ""),
    })),
  );
  const rollers = new Set(start.rollers);
  await rollByCount(
    combat,
    unrolledOf(combat, (c) => rollers.has(c.id ?? "")),
  );
  await combat.update({ system: { acted: [], surprise: start.surprise } });
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
