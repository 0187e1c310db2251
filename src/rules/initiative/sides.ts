/**
 * Side initiative (SF-B-03..05, SF-X-01, SF-X-02, SF-X-04..06): each side rolls 1d10 once, adds one member's
 * Initiative modifier, and the totals decide who moves and who resolves first.
 */
import { checkDie } from "../core/dice.js";
import type { AlphaDawnVariant } from "../core/types.js";
import { RulesError } from "../core/types.js";

export interface SideMember {
  readonly id: string;
  readonly name: string;
  readonly rs: number;
  readonly initiativeModifier: number;
  /** Weapon holstered or slung when the side rolls (SF-X-06). */
  readonly holstered: boolean;
  readonly isPlayerCharacter: boolean;
  /** Stable tie-break inside a side (creation order). */
  readonly sort: number;
}

export interface SideModifier {
  readonly value: number;
  /** Whose Initiative modifier it is. */
  readonly memberId: string | null;
  readonly memberName: string;
  readonly base: number;
  /** −3 when the member whose modifier the side uses rolls with a holstered or slung weapon (SF-X-06). */
  readonly holsteredPenalty: number;
  readonly ruleId: "SF-B-04" | "SF-X-04";
}

export const HOLSTERED_PENALTY = -3;

/**
 * The modifier a side adds to its d10: Basic — the Initiative modifier of the member with the highest Reaction
 * Speed (SF-B-04); Expanded — the highest Initiative modifier on the side (SF-X-04), each member's own modifier
 * lowered by 3 when that member rolls with a holstered or slung weapon (SF-X-06: "the character must subtract 3 from
 * his Initiative modifier"; for a group, the −3 reaches the whole group only through the modifier the group uses).
 * So one holstered guard with IM 3 does not drag down a side led by a member with a drawn weapon and IM 7.
 */
export function sideModifier(members: readonly SideMember[], variant: AlphaDawnVariant): SideModifier {
  const ruleId = variant === "basic" ? "SF-B-04" : "SF-X-04";
  if (members.length === 0) {
    return { value: 0, memberId: null, memberName: "", base: 0, holsteredPenalty: 0, ruleId };
  }
  const penalty = (m: SideMember) => (variant === "expanded" && m.holstered ? HOLSTERED_PENALTY : 0);
  const own = (m: SideMember) => m.initiativeModifier + penalty(m);
  let best = members[0]!;
  for (const m of members) {
    const better =
      variant === "basic"
        ? m.rs > best.rs || (m.rs === best.rs && m.initiativeModifier > best.initiativeModifier)
        : own(m) > own(best) || (own(m) === own(best) && m.rs > best.rs);
    if (better) best = m;
  }
  const holsteredPenalty = penalty(best);
  return {
    value: best.initiativeModifier + holsteredPenalty,
    memberId: best.id,
    memberName: best.name,
    base: best.initiativeModifier,
    holsteredPenalty,
    ruleId,
  };
}

export interface SideRoll {
  readonly id: string;
  readonly d10: number;
  readonly modifier: number;
  /** Highest single Reaction Speed on the side (Basic tie-break, SF-B-05). */
  readonly highestRs: number;
  readonly surprised: boolean;
}

export function sideTotal(d10: number, modifier: number): number {
  checkDie(d10, 10);
  return d10 + modifier;
}

export interface SideOrder {
  /** Side ids in the order they move: the first entry is the first mover this round. */
  readonly moveOrder: readonly string[];
  /** Side A, the side with initiative; null in a Basic-game tie (SF-B-05). */
  readonly initiative: string | null;
  /** Basic-game tie: damage from both sides takes effect only after both have fired (SF-B-05). */
  readonly simultaneousDamage: boolean;
  /** Sides whose totals tied and could not be separated by the rules; the GM decides (re-roll). */
  readonly unresolvedTies: readonly (readonly string[])[];
}

/**
 * What orders one side, without its dice: its total (or any number that orders totals the same way), its tie-break
 * (Expanded: the modifier; Basic: the highest Reaction Speed, or again any number that orders them the same way
 * among sides of equal total) and surprise. A GM-computed rank of a hidden side is such a key (see `rankSides`).
 */
export interface SideKey {
  readonly id: string;
  readonly total: number;
  readonly tieBreak: number;
  readonly surprised: boolean;
}

/** The ordering key of a rolled side (SF-X-04: a tie goes to the higher modifier; SF-B-05: the highest RS). */
export function sideKey(r: SideRoll, variant: AlphaDawnVariant): SideKey {
  return {
    id: r.id,
    total: sideTotal(r.d10, r.modifier),
    tieBreak: variant === "expanded" ? r.modifier : r.highestRs,
    surprised: r.surprised,
  };
}

/**
 * Order the sides for a round.
 *
 * Expanded (SF-X-01, SF-X-04, SF-X-05): the lowest total moves first and the highest is side A; a tie goes to
 * the higher modifier. Sides attack in the reverse order (A resolves first).
 * Basic (SF-B-03, SF-B-05): the side with initiative moves and attacks first; on a tie neither has initiative,
 * the side with the highest single Reaction Speed acts first and damage waits until both have fired.
 * Surprise (SF-X-02): in round 1 a surprised side automatically loses initiative.
 */
export function orderSides(rolls: readonly SideRoll[], variant: AlphaDawnVariant, round: number): SideOrder {
  return orderKeys(
    rolls.map((r) => sideKey(r, variant)),
    variant,
    round,
  );
}

/** {@link orderSides} from the sides' keys: the same order from the numbers or from ranks that order like them. */
export function orderKeys(keys: readonly SideKey[], variant: AlphaDawnVariant, round: number): SideOrder {
  const ids = new Set<string>();
  for (const r of keys) {
    if (ids.has(r.id)) throw new RulesError("FT.Error.duplicateSide", `Side ${r.id} is listed twice`);
    ids.add(r.id);
  }
  if (keys.length === 0)
    return { moveOrder: [], initiative: null, simultaneousDamage: false, unresolvedTies: [] };
  const surpriseCounts = round <= 1;
  // Strength: higher = better initiative. Surprised sides lose initiative in round 1.
  const key = (r: SideKey): number[] => [surpriseCounts && r.surprised ? 0 : 1, r.total, r.tieBreak];
  const compare = (a: SideKey, b: SideKey): number => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  };
  const strongestFirst = [...keys].sort((a, b) => compare(b, a) || a.id.localeCompare(b.id));
  const unresolved: string[][] = [];
  for (let i = 0; i < strongestFirst.length; ) {
    let j = i + 1;
    while (j < strongestFirst.length && compare(strongestFirst[i]!, strongestFirst[j]!) === 0) j++;
    if (j - i > 1) unresolved.push(strongestFirst.slice(i, j).map((r) => r.id));
    i = j;
  }
  const top = strongestFirst[0]!;
  const second = strongestFirst[1];
  if (variant === "basic") {
    const tiedTop = second !== undefined && key(top)[0] === key(second)[0] && top.total === second.total;
    return {
      moveOrder: strongestFirst.map((r) => r.id),
      initiative: tiedTop ? null : top.id,
      simultaneousDamage: tiedTop,
      unresolvedTies: unresolved,
    };
  }
  const tiedTop = second !== undefined && compare(top, second) === 0;
  return {
    moveOrder: [...strongestFirst].reverse().map((r) => r.id),
    initiative: tiedTop ? null : top.id,
    simultaneousDamage: false,
    unresolvedTies: unresolved,
  };
}

/** A side's public rank: orders like its key, tells nothing more (see {@link rankSides}). */
export interface SideRank {
  /** 1 for the lowest; sides share a number only when the rules need the tie to be seen. */
  readonly total: number;
  /** 1 for the lowest tie-break among sides of the same `total` rank. */
  readonly tieBreak: number;
}

/**
 * Ranks that order the sides exactly as their keys do (surprise left out: it is public and counts in round 1 only),
 * for sides whose numbers players may not see. Expanded: total and modifier are folded into one dense rank, so two
 * sides share a rank only in a full tie (which the GM must break, SF-X-05). Basic: the total's own dense rank, which
 * the rules make public when the two best tie (no initiative, damage held, SF-B-05), then the RS rank within it.
 */
export function rankSides(keys: readonly SideKey[], variant: AlphaDawnVariant): Map<string, SideRank> {
  const dense = (values: readonly number[]) => {
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    return (v: number) => sorted.indexOf(v) + 1;
  };
  const out = new Map<string, SideRank>();
  if (variant === "expanded") {
    const pairs = [...new Set(keys.map((k) => `${k.total}|${k.tieBreak}`))]
      .map((s) => s.split("|").map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const k of keys) {
      const r = pairs.findIndex(([t, b]) => t === k.total && b === k.tieBreak) + 1;
      out.set(k.id, { total: r, tieBreak: 1 });
    }
    return out;
  }
  const totalRank = dense(keys.map((k) => k.total));
  for (const k of keys) {
    const same = keys.filter((o) => o.total === k.total).map((o) => o.tieBreak);
    out.set(k.id, { total: totalRank(k.total), tieBreak: dense(same)(k.tieBreak) });
  }
  return out;
}

export type PhaseKind = "declare" | "move" | "resolve" | "act";

export interface Phase {
  readonly kind: PhaseKind;
  /** Sides acting in this phase, in order. */
  readonly sides: readonly string[];
}

/**
 * The phases of a round (SF-X-01 Expanded: declarations B first, B moves, A moves, A resolves, B resolves;
 * SF-B-03 Basic: each side moves then attacks, initiative side first).
 */
export function roundPhases(order: SideOrder, variant: AlphaDawnVariant): Phase[] {
  if (variant === "basic") return order.moveOrder.map((id) => ({ kind: "act" as const, sides: [id] }));
  return [
    { kind: "declare", sides: order.moveOrder },
    ...order.moveOrder.map((id) => ({ kind: "move" as const, sides: [id] })),
    ...[...order.moveOrder].reverse().map((id) => ({ kind: "resolve" as const, sides: [id] })),
  ];
}

/** Inside a side: player characters first, then a stable order. */
export function memberOrder(members: readonly SideMember[]): SideMember[] {
  return [...members].sort(
    (a, b) =>
      Number(b.isPlayerCharacter) - Number(a.isPlayerCharacter) ||
      a.sort - b.sort ||
      a.id.localeCompare(b.id),
  );
}

/** Surprise lasts the first round only (SF-X-02): a surprised side may only move and take cover. */
export function surpriseActive(surprised: boolean, round: number): boolean {
  return surprised && round <= 1;
}
