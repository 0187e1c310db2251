/**
 * SW-41 (issue 31): the melee touch attack that starts a trip, an overrun's block and a grapple, and the grapple's
 * automatic loss. Seed 002, Trip: "Make a melee touch attack. If the attack succeeds, make a Strength check opposed
 * by the defender's Strength check or Dexterity check"; Overrun: "If he blocks you, make a trip attack against him";
 * Grapple: "You can make a melee touch attack to grab the target … If you fail to hit the target, you fail to start
 * the grapple. … You automatically lose if the target is two or more size categories larger than you are (but you
 * can still attempt to grab such a target, if that's all you want to do)." Touch Attacks (SW-09): "your Defense does
 * not include your class bonus. Your size modifier and Dexterity modifier apply normally." Pure.
 */
import { d20Hits } from "./resolve.js";
import { D20_SIZES, type D20Size, SIZE_MODIFIER } from "./tables.js";

export interface MeleeTouchInput {
  /** The natural d20. */
  readonly d20: number;
  readonly bab: number;
  /** The attacker's Strength modifier (a melee attack roll, SW-04). */
  readonly str: number;
  /** The attacker's size (its attack size modifier, SW-05). */
  readonly size: D20Size;
  /** The defender's touch Defense (SW-09: no class bonus). */
  readonly touchDefense: number;
}

export interface MeleeTouchResult {
  readonly bonus: number;
  readonly total: number;
  readonly hit: boolean;
}

/** SW-41, SW-09: d20 + BAB + Str + size against touch Defense; a natural 1 misses and a natural 20 hits (SW-18). */
export function meleeTouchAttack(i: MeleeTouchInput): MeleeTouchResult {
  const bonus = i.bab + i.str + SIZE_MODIFIER[i.size];
  return { bonus, total: i.d20 + bonus, hit: d20Hits(i.d20, bonus, i.touchDefense, true) };
}

/** SW-41: the special attacks that start with a melee touch attack (an overrun only when the defender blocks). */
export function startsWithTouch(kind: string, defenderBlocks: boolean): boolean {
  return kind === "trip" || kind === "grapple" || (kind === "overrun" && defenderBlocks);
}

/** SW-41: the grappler automatically loses the grapple check against a target two or more sizes larger. */
export function grappleAutoLoss(attacker: D20Size, defender: D20Size): boolean {
  return D20_SIZES.indexOf(defender) - D20_SIZES.indexOf(attacker) >= 2;
}
