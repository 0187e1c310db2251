/**
 * The attack bonus of a d20 attack (SW-04) and the terms the scene adds to it: size (SW-05), range increments
 * (SW-06, ruling 4c), melee reach (SW-14), point blank (SW-15), improvised weapons (SW-16), shooting into melee
 * (SW-19), charge (SW-21), fighting defensively (SW-23), flanking (SW-26) and the conditions table (SW-29).
 *
 * Melee bonus = BAB + Str + size; ranged = BAB + Dex + size + range penalty (SW-04). Every term is a labelled
 * {@link Modifier} carrying its rule ID, so the dialog shows and overrides each one ("38 m, 3 increments −6").
 * The geometry here (reach, flanking, who is engaged) works on points and footprints in metres; it never reads a
 * token or a wall.
 */
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import type { Footprint } from "../geometry/cover.js";
import {
  CONDITION_TABLE,
  D20_CONDITIONS,
  D20_REACH_M,
  type D20Condition,
  type D20Size,
  MAX_INCREMENTS,
  POINT_BLANK_M,
  POINT_BLANK_SHOT_M,
  RANGE_PENALTY_PER_INCREMENT,
  type RangedKind,
  SIZE_MODIFIER,
} from "./tables.js";
import { checkRangeIncrement, POINT_BLANK_BONUS } from "./weapon-checks.js";

/** Float slack for distances measured on the canvas (38.000000001 m is still 3 increments, 10 m exactly is 1). */
const EPS = 1e-9;

export interface RangeResult {
  /** Full increments: ⌊distance ÷ increment⌋. */
  readonly increments: number;
  /** −2 per full increment; 0 when out of range. */
  readonly penalty: number;
  readonly inRange: boolean;
  /** The maximum in increments (null = no limit, a dropped object). */
  readonly maxIncrements: number | null;
}

/**
 * SW-06, ruling 4c: −2 per full range increment (⌊distance ÷ increment⌋) for every weapon, grenades included; the
 * maximum is inclusive — up to 10 increments for projectile and energy weapons, 5 for thrown ones, none for a
 * dropped object (SW-16). Seed: with a 10 m increment, 9 m → 0 and 38 m → −6; ruling 4c: 100 m → −20, 101 m out.
 * (Design §2.3 proposed `< 10 ×`; ruling 4c decided inclusive.)
 */
export function rangePenalty(
  distance: number,
  increment: number,
  kind: RangedKind = "projectile",
): RangeResult {
  checkRangeIncrement(increment);
  if (!Number.isFinite(distance) || distance < 0)
    throw new RulesError("FT.Error.badDistance", "Distance must be a finite number of at least 0");
  const maxIncrements = MAX_INCREMENTS[kind];
  const increments = Math.floor(distance / increment + EPS);
  const inRange = maxIncrements === null || distance <= maxIncrements * increment + EPS;
  return {
    increments,
    penalty: inRange && increments > 0 ? RANGE_PENALTY_PER_INCREMENT * increments : 0,
    inRange,
    maxIncrements,
  };
}

/**
 * SW-15: a ranged attack within 2 m (10 m with Point Blank Shot) is a point-blank shot: +1 on the attack and +1
 * on damage. "A target that's 2 meters away is considered to be at point-blank range": the limit is inclusive.
 */
export function isPointBlank(distance: number, pointBlankShot: boolean): boolean {
  return distance <= (pointBlankShot ? POINT_BLANK_SHOT_M : POINT_BLANK_M) + EPS;
}

/**
 * The gap between two footprints in the Chebyshev metric (the larger of the x and y gaps between their edges),
 * so diagonal neighbours on a square grid are as adjacent as orthogonal ones. 0 when they touch or overlap.
 */
export function footprintGap(a: Footprint, b: Footprint): number {
  const gx = Math.abs(a.x - b.x) - (a.w + b.w) / 2;
  const gy = Math.abs(a.y - b.y) - (a.h + b.h) / 2;
  return Math.max(0, gx, gy);
}

/**
 * SW-14: a melee attack reaches an enemy "within 2 meters of your position". Read on the 2 m grid the seed plays
 * on (issue 14: "melee within reach by distance and grid adjacency"): the target is in reach when less than the
 * reach separates the two bodies — adjacent squares, diagonals included, are in reach; one empty 2 m square
 * between them is not. A longer reach (a big creature) is passed in metres.
 */
export function withinReach(attacker: Footprint, target: Footprint, reach: number = D20_REACH_M): boolean {
  return footprintGap(attacker, target) < reach - EPS;
}

/**
 * SW-26: an ally "directly opposite" the attacker, on the other side of the target. Design §2.3: the ally is
 * within 45° of the line from the attacker through the target (the angle attacker–target–ally is at least 135°).
 * The ally must also threaten the target (within its reach, SW-14); the attack must be melee (the caller's check).
 */
export function flanks(
  attacker: Footprint,
  target: Footprint,
  ally: Footprint,
  allyReach: number = D20_REACH_M,
): boolean {
  if (!withinReach(ally, target, allyReach)) return false;
  const ax = attacker.x - target.x;
  const ay = attacker.y - target.y;
  const bx = ally.x - target.x;
  const by = ally.y - target.y;
  const la = Math.hypot(ax, ay);
  const lb = Math.hypot(bx, by);
  if (la < EPS || lb < EPS) return false;
  const cos = (ax * bx + ay * by) / (la * lb);
  return cos <= Math.cos((135 * Math.PI) / 180) + EPS;
}

/**
 * SW-19: "Two characters are engaged in melee if they are enemies and are adjacent to each other" (an
 * unconscious or immobilised ally does not count unless being attacked: the caller leaves those out). True when
 * any of the shooter's allies is within reach of the target.
 */
export function engagedWithAlly(target: Footprint, shooterAllies: readonly Footprint[]): boolean {
  return shooterAllies.some((a) => withinReach(a, target));
}

/** SW-19 −4; SW-16 −4 improvised; SW-21 +2 charge; SW-23 −4 fighting defensively. */
export const SHOOTING_INTO_MELEE = -4;
export const IMPROVISED_WEAPON = -4;
export const CHARGE_ATTACK = 2;
export const FIGHTING_DEFENSIVELY_ATTACK = -4;

export interface AttackInput {
  readonly melee: boolean;
  readonly bab: number;
  /** Strength modifier (melee) and Dexterity modifier (ranged), after fatigue (SW-10). */
  readonly str: number;
  readonly dex: number;
  readonly size: D20Size;
  /** Metres to the target (ranged: range with elevation, as today). */
  readonly distance: number;
  /** Ranged only. */
  readonly rangeIncrement?: number | null;
  readonly rangedKind?: RangedKind;
  readonly feats?: { readonly pointBlankShot?: boolean; readonly preciseShot?: boolean };
  /** The target is engaged in melee with an ally of the shooter (SW-19), from {@link engagedWithAlly}. */
  readonly targetInMelee?: boolean;
  /** A flanking ally stands opposite (SW-26), from {@link flanks}. */
  readonly flanking?: boolean;
  readonly improvised?: boolean;
  readonly charging?: boolean;
  readonly fightingDefensively?: boolean;
  /** Attacker and defender conditions (SW-29). */
  readonly conditions?: ReadonlySet<D20Condition>;
}

export interface AttackTerms {
  readonly modifiers: Modifier[];
  /** Ranged: the range result; null for melee. */
  readonly range: RangeResult | null;
  /** False when a ranged target is beyond the maximum range (melee reach is {@link withinReach}, the caller's). */
  readonly inRange: boolean;
  readonly pointBlank: boolean;
}

/**
 * Every term of the attack bonus (SW-04): BAB, Str (melee) or Dex (ranged), size (SW-05), range (SW-06), point
 * blank (SW-15), improvised (SW-16), into melee (SW-19, not with Precise Shot), charge (SW-21), fighting
 * defensively (SW-23), flanking (SW-26, melee only) and the SW-29 conditions for melee or ranged. Kneeling and
 * prone defenders against ranged attacks are cover, not an attack term (SW-30, ruling 4b: see `cover.ts`).
 */
export function attackModifiers(input: AttackInput): AttackTerms {
  const mods: Modifier[] = [];
  const push = (m: Modifier) => {
    if (m.value !== 0) mods.push(m);
  };
  push({ id: "bab", label: "FT.D20.Attack.bab", value: input.bab, ruleId: "SW-04" });
  push(
    input.melee
      ? { id: "str", label: "FT.D20.Attack.str", value: input.str, ruleId: "SW-04" }
      : { id: "dex", label: "FT.D20.Attack.dex", value: input.dex, ruleId: "SW-04" },
  );
  push({ id: "size", label: "FT.D20.size", value: SIZE_MODIFIER[input.size], ruleId: "SW-05" });

  let range: RangeResult | null = null;
  let pointBlank = false;
  if (!input.melee) {
    const inc = checkRangeIncrement(input.rangeIncrement);
    range = rangePenalty(input.distance, inc, input.rangedKind ?? "projectile");
    push({ id: "range", label: "FT.D20.Attack.range", value: range.penalty, ruleId: "SW-06" });
    pointBlank = range.inRange && isPointBlank(input.distance, input.feats?.pointBlankShot ?? false);
    if (pointBlank)
      push({
        id: "pointBlank",
        label: "FT.D20.Attack.pointBlank",
        value: POINT_BLANK_BONUS,
        ruleId: "SW-15",
      });
    if (input.targetInMelee && !input.feats?.preciseShot)
      push({
        id: "intoMelee",
        label: "FT.D20.Attack.intoMelee",
        value: SHOOTING_INTO_MELEE,
        ruleId: "SW-19",
      });
  }
  if (input.improvised)
    push({ id: "improvised", label: "FT.D20.Attack.improvised", value: IMPROVISED_WEAPON, ruleId: "SW-16" });
  if (input.charging && input.melee)
    push({ id: "charge", label: "FT.D20.Attack.charge", value: CHARGE_ATTACK, ruleId: "SW-21" });
  if (input.fightingDefensively)
    push({
      id: "fightingDefensively",
      label: "FT.D20.Attack.fightingDefensively",
      value: FIGHTING_DEFENSIVELY_ATTACK,
      ruleId: "SW-23",
    });

  const conditions = new Set(input.conditions ?? []);
  if (input.flanking) conditions.add("flanking");
  for (const c of D20_CONDITIONS) {
    if (!conditions.has(c)) continue;
    const row = CONDITION_TABLE[c];
    const value = input.melee ? row.melee : (row.ranged ?? 0);
    push({ id: `condition.${c}`, label: `FT.D20.Condition.${c}`, value, ruleId: row.ruleId });
  }
  return { modifiers: mods, range, inRange: range?.inRange ?? true, pointBlank };
}
