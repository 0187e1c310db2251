/**
 * SW-03: a batch of d20 initiative checks in a combat — the dice, the group roll, the tie-break dice, one batched
 * Combatant update and one chat message (the bench's d20 initiative figures). Split from d20-initiative.ts (issue 33:
 * the first load): only the combat's rolls call it (by-count-rolls.ts, loaded on first use). Moved unchanged.
 */
import {
  type InitiativeEntry,
  initiativeOrder,
  needsTieBreak,
  rollGroupInitiative,
  rollInitiative,
  withTieBreaks,
} from "../../rules/index.js";
import type { D20InitiativeFlag, D20InitiativePorts, Roller } from "./d20-initiative.js";

const flagOf = (e: InitiativeEntry): D20InitiativeFlag => ({
  modifier: e.modifier,
  dexScore: e.dexScore,
  tieBreak: e.tieBreak,
  shift: e.shift,
});

/**
 * SW-03: roll `rollers` (those without a count; the caller picks them), break the ties among them and the entries
 * already in the combat (`kept`, which are never re-rolled — only given a tie-break die if a newcomer ties them),
 * write them in one batch and post one message. Returns the whole order.
 */
export async function rollD20Initiative<R>(
  rollers: readonly Roller[],
  kept: readonly InitiativeEntry[],
  ports: D20InitiativePorts<R>,
): Promise<InitiativeEntry[]> {
  if (!rollers.length) return initiativeOrder(kept);
  const rolls: R[] = [];
  const dice = new Map<string, number>();
  const groupDice = new Map<string, number>();
  for (const r of rollers) {
    const shared = r.group === undefined ? undefined : groupDice.get(r.group);
    if (shared !== undefined) {
      dice.set(r.id, shared);
      continue;
    }
    const d = await ports.rollD20();
    dice.set(r.id, d.value);
    if (r.group !== undefined) groupDice.set(r.group, d.value);
    if (d.roll && !r.secret) rolls.push(d.roll);
  }
  const groups = new Map<string, Roller[]>();
  for (const r of rollers)
    if (r.group !== undefined) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  const fresh = [
    ...rollers
      .filter((r) => r.group === undefined)
      .map((r) => rollInitiative({ id: r.id, dexScore: r.dexScore }, dice.get(r.id) ?? 0)),
    ...[...groups.entries()].flatMap(([g, members]) =>
      rollGroupInitiative(
        members.map((m) => ({ id: m.id, dexScore: m.dexScore })),
        groupDice.get(g) ?? 0,
      ),
    ),
  ];
  const all = [...kept, ...fresh];
  const tied = needsTieBreak(all);
  const tieDice: Record<string, number> = {};
  const secret = new Set(rollers.filter((r) => r.secret).map((r) => r.id));
  for (const id of tied) {
    const d = await ports.rollD20();
    tieDice[id] = d.value;
    if (d.roll && !secret.has(id)) rolls.push(d.roll);
  }
  const broken = withTieBreaks(all, tieDice);
  const changed = broken.filter((e) => dice.has(e.id) || e.id in tieDice);
  await ports.updateCombatants(changed.map((e) => ({ _id: e.id, initiative: e.count, init: flagOf(e) })));
  const byId = new Map(broken.map((e) => [e.id, e]));
  await ports.postRolls(
    rollers.map((r) => {
      const e = byId.get(r.id);
      return r.secret || !e
        ? { name: r.name, die: null, modifier: null, count: null, tieBreak: null }
        : {
            name: r.name,
            die: dice.get(r.id) ?? null,
            modifier: e.modifier,
            count: e.count,
            tieBreak: e.tieBreak,
          };
    }),
    rolls,
  );
  return initiativeOrder(broken);
}
