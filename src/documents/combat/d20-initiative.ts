/**
 * d20 initiative in a combat (SW-03, SW-01; issue 15, design d20-swn.md §3 "Individual mode"): each combatant rolls
 * d20 + Dex modifier once and keeps it for the whole combat; ties go to the higher Dexterity, then to a tie-break d20
 * rolled only for those still tied, in the same batch. One roll of any number of combatants is one batched Combatant
 * update and one chat message (the bench's d20 initiative figures). The Combat class (documents/combat.ts) supplies the
 * ports; the numbers come from `rules/d20/initiative.ts`. Issue 33: the roll itself (`rollD20Initiative`) is in
 * d20-initiative-roll.ts, loaded with the combat's rolls (by-count-rolls.ts) on first use; the entries the turn order
 * reads and flat-footed (SW-01) stay here.
 */
import { type InitiativeEntry, isFlatFooted } from "../../rules/index.js";
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
