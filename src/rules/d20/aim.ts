/**
 * SW-42 (issue 31): the aiming action's ranged touch attack. Seed 002, "Aiming": "As a full-round action, you can try
 * to zero in on a target using a ranged weapon. … You cannot aim with a thrown weapon. To aim, make a ranged touch
 * attack against the target. (This touch attack is not an actual attack and causes no damage; it simply establishes
 * the aim.) … If the touch attack is successful, the target is denied its Dexterity bonus to Defense for your next
 * single attack with the weapon which you aimed. If the target moves more than 2 meters between the time you make the
 * ranged touch attack and your next single attack, he regains his Dexterity bonus and you gain no benefits from
 * aiming." Touch Attacks (SW-09): "your Defense does not include your class bonus". Pure.
 */
import { aimHolds } from "./actions.js";
import { d20Hits } from "./resolve.js";
import { type D20Size, SIZE_MODIFIER } from "./tables.js";

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
