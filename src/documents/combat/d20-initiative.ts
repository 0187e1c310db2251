/**
 * d20 initiative in a combat (SW-03, SW-01; issue 15, design d20-swn.md §3 "Individual mode"): each combatant rolls
 * d20 + Dex modifier once and keeps it for the whole combat; ties go to the higher Dexterity, then to a tie-break d20
 * rolled only for those still tied, in the same batch. One roll of any number of combatants is one batched Combatant
 * update and one chat message (the bench's d20 initiative figures). The Combat class (documents/combat.ts) supplies the
 * ports; the numbers come from `rules/d20/initiative.ts`.
 */
import {
  type InitiativeEntry,
  initiativeOrder,
  isFlatFooted,
  needsTieBreak,
  rollGroupInitiative,
  rollInitiative,
  withTieBreaks,
} from "../../rules/index.js";
import { combatState } from "./gm-state.js";

/** What a combatant keeps of its check beside its `initiative` (the count): the terms that break ties. */
export interface D20InitiativeFlag {
  readonly modifier: number;
  readonly dexScore: number;
  readonly tieBreak: number | null;
  readonly shift: number;
  /**
   * T2-1D: a hidden NPC's — the seal id of its real entry, which only the GM's browser keeps
   * (helpers/d20-secrets.ts); the count and these terms are then only its rank in the order (`rankSecretEntries`).
   */
  readonly sealed?: string;
}

/** A combatant about to roll. */
export interface Roller {
  readonly id: string;
  readonly name: string;
  readonly dexScore: number;
  /** Its numbers are the GM's (an NPC players may not see): the message says only that it rolled. */
  readonly secret: boolean;
  /**
   * SW-03 "the GM may make a single initiative check for a group of opponents": rollers with the same group roll one
   * d20 together, with the best member's bonus (ruling 4e). Absent: it rolls alone.
   */
  readonly group?: string;
}

/** One d20 as rolled, with what the chat message may attach. */
export interface RolledDie<R> {
  readonly value: number;
  readonly roll: R | null;
}

export interface D20InitiativePorts<R> {
  rollD20(): Promise<RolledDie<R>>;
  /** One batched write of every combatant that changed. */
  updateCombatants(
    updates: readonly { _id: string; initiative: number; init: D20InitiativeFlag }[],
  ): Promise<void>;
  /** One chat message: a line per roll; the rolls of combatants whose numbers are not secret. */
  postRolls(lines: readonly RollLine[], rolls: readonly R[]): Promise<void>;
}

export interface RollLine {
  readonly name: string;
  /** Null for a secret combatant: the line says only that it rolled. */
  readonly die: number | null;
  readonly modifier: number | null;
  readonly count: number | null;
  readonly tieBreak: number | null;
}

/** A combatant's entry from its stored count and flag (null when it has not rolled). */
export function entryOf(
  id: string,
  initiative: number | null | undefined,
  flag: D20InitiativeFlag | undefined,
  dexScore: number,
): InitiativeEntry | null {
  if (typeof initiative !== "number" || !Number.isFinite(initiative)) return null;
  return {
    id,
    count: initiative,
    modifier: flag?.modifier ?? 0,
    dexScore: flag?.dexScore ?? dexScore,
    tieBreak: flag?.tieBreak ?? null,
    shift: flag?.shift ?? 0,
  };
}

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

/**
 * SW-01: is this combatant flat-footed — in a combat whose combatants act on their own counts, started, and its first
 * turn not yet begun (the combat's `acted` list, written by the active GM at each turn's start)? Read from the
 * combat's data, so every client derives the same answer; nothing is written per combatant.
 */
export function flatFootedIn(combatant: Combatant.Implementation | null | undefined): boolean {
  const combat = combatant?.parent;
  if (!combat || !combatant?.id || combatState(combat).initiative !== "individual") return false;
  return isFlatFooted(combat.started, combatState(combat).acted ?? [], combatant.id);
}
