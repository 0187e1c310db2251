/**
 * SW-42 (issue 31): the aiming action's ranged touch attack. Seed 002, "Aiming": "As a full-round action, you can try
 * to zero in on a target using a ranged weapon. … You cannot aim with a thrown weapon. To aim, make a ranged touch
 * attack against the target. (This touch attack is not an actual attack and causes no damage; it simply establishes
 * the aim.) … If the touch attack is successful, the target is denied its Dexterity bonus to Defense for your next
 * single attack with the weapon which you aimed. If the target moves more than 2 meters between the time you make the
 * ranged touch attack and your next single attack, he regains his Dexterity bonus and you gain no benefits from
 * aiming." Touch Attacks (SW-09): "your Defense does not include your class bonus". Pure.
 */
import type { Modifier } from "../core/types.js";
import { d20Hits } from "./resolve.js";
import {
  CONDITION_TABLE,
  D20_CONDITIONS,
  type D20Condition,
  type D20Size,
  FREE_STEP_M,
  SIZE_MODIFIER,
} from "./tables.js";

export interface AimTouchInput {
  /** The natural d20. */
  readonly d20: number;
  readonly bab: number;
  /** The attacker's Dexterity modifier (a ranged attack roll, SW-04). */
  readonly dex: number;
  readonly size: D20Size;
  /** The range penalty at the target's distance (SW-14, ≤ 0). */
  readonly range: number;
  /** The target's touch Defense (SW-09: 10 + Dex + size + dodge, no class bonus). */
  readonly touchDefense: number;
}

/** SW-42, SW-09: d20 + BAB + Dex + size + range against touch Defense; naturals as any attack roll (SW-18). */
export function aimTouchAttack(i: AimTouchInput): { bonus: number; total: number; hit: boolean } {
  const bonus = i.bab + i.dex + SIZE_MODIFIER[i.size] + i.range;
  return { bonus, total: i.d20 + bonus, hit: d20Hits(i.d20, bonus, i.touchDefense, true) };
}

/** SW-42: why a weapon cannot aim (an i18n key), or null: a ranged weapon, not thrown. */
export function aimWeaponProblem(attack: string): string | null {
  if (attack === "thrown") return "FT.D20.Aim.thrown";
  if (attack === "melee") return "FT.D20.Aim.ranged";
  return null;
}

/** SW-42: whether a kept aim still holds, the target having moved from (ax, ay) to (bx, by) metres since. */
export function aimStillHolds(ax: number, ay: number, bx: number, by: number): boolean {
  return aimHolds(Math.hypot(bx - ax, by - ay));
}

/** SW-42 (review 3, 2.3): metres a token walked along a path of points (metres), each leg in a straight line. */
export function pathMetres(points: readonly { readonly x: number; readonly y: number }[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++)
    sum += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return sum;
}

/** SW-42: "If the target moves more than 2 meters … he regains his Dexterity bonus": the summed moves drop the aim. */
export function aimMovedAway(movedMetres: number): boolean {
  return !aimHolds(movedMetres);
}

/**
 * SW-42 (review 3, 1.4), SW-01, SW-29: why a defender's Defense goes without its Dex bonus — one term of value 0 for
 * each condition that denies it (the SW-29 table's footnote b, flat-footed SW-01, an aim SW-42), so the card says
 * why and the GM's check of a player's card tells an honest denial from a Dex dropped by hand (an aimed one must be
 * backed by the GM's kept aim, games/d20/workflows/card-checks.ts). Helpless (SW-33) has its own Dex term (−5).
 */
export function dexDeniedTerms(conditions: ReadonlySet<D20Condition>): Modifier[] {
  return D20_CONDITIONS.filter(
    (c) => conditions.has(c) && c !== "defenderHelpless" && CONDITION_TABLE[c].losesDex,
  ).map((c) => ({
    id: `noDex.${c}`,
    label: `FT.D20.NoDex.${c}`,
    value: 0,
    ruleId: CONDITION_TABLE[c].ruleId,
  }));
}

/**
 * SW-42: the aim holds (the target stays denied its Dex) only if the target moved no more than 2 m since. Here, not in
 * actions.ts, so the GM's card checks (which load with the system) do not bring every action's rules with them.
 */
export function aimHolds(targetMovedMetres: number): boolean {
  return targetMovedMetres <= FREE_STEP_M + 1e-9;
}
