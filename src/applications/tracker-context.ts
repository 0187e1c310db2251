/**
 * What the combat tracker shows, from plain data: one header per side (colour, die, modifier and whose it is,
 * total, surprised badge) with its combatants under it in turn order, and the phases of the round with the
 * current one marked. NPC side numbers can be hidden from players.
 */
import type { Phase, PhaseKind } from "../rules/index.js";
import {
  type CombatView,
  rolledThisRound,
  type SideSecret,
  safeColour,
} from "../workflows/side-initiative.js";

/** A row of core's tracker (its TurnContext); only the combatant id is read, the row goes to the template whole. */
export interface TurnLike {
  readonly id: string;
}

export interface SideHeader {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  readonly letter: string;
  readonly rolled: boolean;
  readonly d10: number | null;
  /** Null when the numbers are hidden from this user. */
  readonly modifier: number | null;
  readonly modifierSource: string;
  readonly holstered: boolean;
  readonly total: number | null;
  readonly surprised: boolean;
  readonly hideNumbers: boolean;
  /** GM only: a sealed side whose numbers this browser does not keep (rolled on another GM's client, or lost). */
  readonly numbersUnknown: boolean;
  readonly initiative: boolean;
  readonly active: boolean;
  readonly canRoll: boolean;
  readonly turns: TurnLike[];
}

export interface PhaseChip {
  readonly index: number;
  readonly kind: PhaseKind;
  readonly label: string;
  readonly sides: string;
  readonly current: boolean;
  readonly done: boolean;
}

export interface TrackerOptions {
  readonly isGM: boolean;
  readonly hideNpcNumbers: boolean;
  /** Side ids the user owns a member of. */
  readonly ownedSides: ReadonlySet<string>;
  readonly npcOnlySides: ReadonlySet<string>;
  readonly moveOrder: readonly string[];
  readonly initiativeSide: string | null;
  readonly phases: readonly Phase[];
  readonly phaseIndex: number;
  readonly activeCombatantId: string | null;
  /** GM only: the numbers of sealed sides (R1-5d), kept in the GM's browser; players have none. */
  readonly secrets?: ReadonlyMap<string, SideSecret>;
}

/** Letters by initiative: side A has initiative, then B, C… (SF-X-01, SF-X-05). */
export function sideLetters(moveOrder: readonly string[], basic: boolean): Record<string, string> {
  const strongestFirst = basic ? [...moveOrder] : [...moveOrder].reverse();
  return Object.fromEntries(strongestFirst.map((id, i) => [id, String.fromCharCode(65 + i)]));
}

/**
 * `turns` are the turns the user may see (core leaves hidden combatants out for players). A player is not shown a
 * side none of whose members they can see (the GM's hidden ambush), and letters count only the sides shown.
 */
export function buildTracker(
  view: CombatView,
  turns: readonly TurnLike[],
  opts: TrackerOptions,
  basic = false,
) {
  const byId = new Map(turns.map((t) => [t.id, t]));
  const sideOf = new Map(view.members.map((m) => [m.id, m.sideId]));
  const shown = opts.moveOrder.filter((sid) => opts.isGM || turns.some((t) => sideOf.get(t.id) === sid));
  const letters = sideLetters(shown, basic);
  const sides: SideHeader[] = shown
    .map((sid) => view.sides.find((s) => s.id === sid))
    .filter((s): s is NonNullable<typeof s> => !!s)
    .map((s) => {
      // A sealed side's numbers are not on the group at all; the GM reads them from the GM's browser.
      const numbers = s.system.sealed ? opts.secrets?.get(s.id) : s.system;
      const hide =
        !numbers || (!opts.isGM && (s.system.sealed || (opts.hideNpcNumbers && opts.npcOnlySides.has(s.id))));
      // SF-B-04: sides roll again every round, so last round's roll does not count as rolled.
      const rolled = rolledThisRound(s, view.round);
      const sideTurns = turns.filter((t) => sideOf.get(t.id) === s.id);
      return {
        id: s.id,
        name: s.name,
        colour: safeColour(s.system.colour),
        letter: letters[s.id] ?? "?",
        rolled,
        d10: hide ? null : numbers.roll,
        modifier: hide ? null : numbers.modifier,
        modifierSource: hide ? "" : numbers.modifierSource,
        holstered: !hide && numbers.holsteredPenalty !== 0,
        total: hide || !rolled || numbers.roll === null ? null : numbers.roll + numbers.modifier,
        surprised: s.system.surprised,
        hideNumbers: hide,
        numbersUnknown: opts.isGM && s.system.sealed && !numbers,
        initiative: opts.initiativeSide === s.id,
        active: sideTurns.some((t) => t.id === opts.activeCombatantId),
        canRoll: !rolled && (opts.isGM || opts.ownedSides.has(s.id)),
        turns: sideTurns,
      };
    });
  const placed = new Set(sides.flatMap((s) => s.turns.map((t) => t.id)));
  const loose = turns.filter((t) => !placed.has(t.id) && byId.has(t.id));
  const phases: PhaseChip[] = opts.phases.map((p, i) => ({
    index: i,
    kind: p.kind,
    label: `FT.Phase.${p.kind}`,
    sides: p.sides
      .map((id) => letters[id])
      .filter((l): l is string => !!l)
      .join(""),
    current: i === opts.phaseIndex,
    done: i < opts.phaseIndex,
  }));
  return { sides, loose, phases, currentPhase: phases[opts.phaseIndex] ?? null };
}
