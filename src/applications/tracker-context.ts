/**
 * What the combat tracker shows, from plain data: one header per side (colour, die, modifier and whose it is,
 * total, surprised badge) with its combatants under it in turn order, and the phases of the round with the
 * current one marked. NPC side numbers can be hidden from players.
 */

import {
  type CombatView,
  hasRoll,
  rolledThisRound,
  type SideSecret,
  safeColour,
} from "../documents/combat/side-initiative.js";
import type { Phase, PhaseKind } from "../rules/index.js";

/** A row of core's tracker (its TurnContext); only the combatant id is read, the row goes to the template whole. */
export interface TurnLike {
  readonly id: string;
}

export interface SideHeader {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  /** "" until the side has a roll: letters rank the rolled sides only (no "C" before anyone rolled). */
  readonly letter: string;
  /** Says which letter moves first for the number of sides shown (SF-X-01; Basic SF-B-03). */
  readonly letterHint: string;
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
  /** The sides acting in the phase, each its letter and colour (the declare phase has them all, in order). */
  readonly letters: readonly { readonly letter: string; readonly colour: string }[];
  /** Names the sides in the order they act ("Declare: Robots, then Pirates, then Player characters"). */
  readonly tooltip: string;
  readonly current: boolean;
  readonly done: boolean;
}

/** The phases of one kind (declare, move, resolve; Basic: move-and-attack), under one short visible label. */
export interface PhaseGroup {
  readonly kind: PhaseKind;
  readonly label: string;
  readonly chips: readonly PhaseChip[];
}

/** An i18n format function (`game.i18n.format`); the pure default returns the key. */
export type Say = (key: string, data?: Record<string, string>) => string;

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
  /** Formats the tooltips (side order, letter hint); without it they are the i18n keys. */
  readonly say?: Say;
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
  const say: Say = opts.say ?? ((key) => key);
  const shown = opts.moveOrder.filter((sid) => opts.isGM || turns.some((t) => sideOf.get(t.id) === sid));
  const sideById = new Map(view.sides.map((s) => [s.id, s]));
  // Letters rank the sides that have a roll (SF-X-01, SF-B-03): before any roll there is no A, B or C.
  const ranked = shown.filter((sid) => {
    const s = sideById.get(sid);
    return !!s && hasRoll(s.system);
  });
  const letters = sideLetters(ranked, basic);
  const count = ranked.length;
  // The letter hint names the right letters for any number of sides: the last letter moves first (Expanded).
  const letterHint =
    count === 0
      ? ""
      : basic
        ? say("FT.Side.letterHintBasic", { last: String.fromCharCode(64 + count) })
        : say("FT.Side.letterHint", { first: String.fromCharCode(64 + count) });
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
        letter: letters[s.id] ?? "",
        letterHint,
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
  // No phases before any side the user sees has rolled (there is no order yet). A player gets no chip for a phase
  // of sides they cannot see: an empty chip would count the hidden sides (review 13c L3).
  const chips = (count ? opts.phases : []).map((p, i) => ({
    p,
    i,
    acting: p.sides.filter((id) => letters[id]),
  }));
  const phases: PhaseChip[] = chips
    .filter((c) => opts.isGM || c.acting.length)
    .map(({ p, i, acting }) => {
      const names = acting.map((id) =>
        say("FT.Phase.sideNamed", { name: sideById.get(id)?.name ?? "", letter: letters[id] ?? "" }),
      );
      return {
        index: i,
        kind: p.kind,
        label: `FT.Phase.${p.kind}`,
        sides: acting.map((id) => letters[id]).join(""),
        letters: acting.map((id) => ({
          letter: letters[id] ?? "",
          colour: safeColour(sideById.get(id)?.system.colour),
        })),
        tooltip: say(`FT.Phase.tip.${p.kind}`, { sides: names.join(say("FT.Phase.then")) }),
        current: i === opts.phaseIndex,
        done: i < opts.phaseIndex,
      };
    });
  const groups: PhaseGroup[] = [];
  for (const chip of phases) {
    const last = groups.at(-1);
    if (last?.kind === chip.kind) (last.chips as PhaseChip[]).push(chip);
    else groups.push({ kind: chip.kind, label: `FT.Phase.group.${chip.kind}`, chips: [chip] });
  }
  return { sides, loose, phases, phaseGroups: groups, currentPhase: phases.find((p) => p.current) ?? null };
}
