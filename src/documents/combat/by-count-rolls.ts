/**
 * The combat by count's rolls and writes (issue 15, SW-03, SW-34, SW-02, T2-1D): rolling the counts (one batched
 * update and one message), sealing a hidden NPC's count, "Act now"/"Trigger", the start by count. Loaded on first use
 * by by-count.ts's async wrappers (issue 33: nothing here is read before a GM or player rolls or acts; every caller is
 * already async). Moved from by-count.ts unchanged.
 */
import { SYSTEM_ID } from "../../constants.js";
import { d20DexScore } from "../../data/actor/d20-facts.js";
import { keyed, line, literal, ruleCardMessage } from "../../data/chat/rule-card.js";
import { actorSystem } from "../../data/subtypes.js";
import { keepEntries } from "../../helpers/d20-secrets.js";
import {
  actAfter,
  type InitiativeEntry,
  initiativeOrder,
  rankSecretEntries,
  surpriseRound,
  triggerReady,
} from "../../rules/index.js";
import { sideIdOf } from "../subtypes.js";
import { entriesOf, sealedEntryOf, unrolledOf } from "./by-count-entries.js";
import { localize, type Member, serialByCount } from "./common.js";
import type { D20InitiativeFlag, D20InitiativePorts, Roller } from "./d20-initiative.js";
import { rollD20Initiative } from "./d20-initiative-roll.js";
import { combatState } from "./gm-state.js";

type C = Combat.Implementation;

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

/** The tie-break terms a combatant keeps beside its count (SW-03). */
function flagOf(e: InitiativeEntry): D20InitiativeFlag {
  return { modifier: e.modifier, dexScore: e.dexScore, tieBreak: e.tieBreak, shift: e.shift };
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
