/**
 * What an attacker may declare of its own attack (issue 31): a charge (SW-21), fighting defensively (SW-23) and
 * pulling a blow (SW-44), each checked against the attack it is declared with — the plan (one attack or a full
 * attack), the weapon (melee or ranged), the attacker (fatigued, SW-10) and the round (the surprise round, SW-02).
 * A declaration the rules do not allow is refused with a RulesError the dialog shows (it stays open), never dropped
 * silently. Pure: no Foundry, no dice.
 */
import type { D20AttackerFacts, PulledDamage } from "../core/facts.js";
import { RulesError } from "../core/types.js";
import { allowedInSurpriseRound } from "./actions.js";

/** SW-21: "You must move at least 4 meters" before a charge's attack. */
export const CHARGE_MIN_METRES = 4;

/** The attack a declaration is made with: its plan as the dialog asks it, and its weapon. */
export interface DeclaredAttack {
  /** A full attack (full-round action), a fire mode or a second weapon: more than one attack. */
  readonly fullAttack: boolean;
  readonly mode: "single" | "multifire" | "autofire";
  readonly twoWeapon: boolean;
  /** The surprise round allows one attack or move action (SW-02). */
  readonly surpriseRound: boolean;
  /** A melee weapon (no range increment). */
  readonly melee: boolean;
  /** The engine's profile: `swn` plays none of these declarations (ruling 1, issue 31). */
  readonly profile?: "sw" | "swn";
}

/**
 * Issue 31: what the `swn` profile refuses outright. Seed 003's charge is its own action (SWN-02 "Charge (Person)":
 * "Uses both Move and Action … takes 1d6 damage or your weapon damage, whichever is higher, and is knocked prone"),
 * so no SW-21 charge beside it; SWN has no SW-23 fighting defensively; and SW-44's "only vitality damage" has no
 * vitality under SWN's hit points (ruling 1: "vitality/wounds … apply only under the `sw` profile").
 */
const NOT_SWN = [
  ["charging", "FT.SWN.Declared.charging", "SW-21"],
  ["fightingDefensively", "FT.SWN.Declared.fightingDefensively", "SW-23"],
  ["pullingBlow", "FT.SWN.Declared.pullingBlow", "SW-44"],
] as const;

/** More than one attack roll: a full attack, a fire mode (SW-35, SW-36: each a full attack) or two weapons. */
const severalAttacks = (d: DeclaredAttack) => d.fullAttack || d.mode !== "single" || d.twoWeapon;

/**
 * SW-21, SW-23, SW-44, SW-10, SW-02: refuses what the attacker declared of its own attack when the rules do not
 * allow it with this attack.
 * - SW-21 charge: "After moving, you may make a single melee attack" — a melee weapon; "you only get to make one
 *   attack during a charge" — refused with a full attack (the user unticks one, rather than having the extra
 *   attacks dropped unseen); "A fatigued character can't run or charge" (SW-10); a full-round action, which the
 *   surprise round does not allow (SW-02, `allowedInSurpriseRound`).
 * - SW-23: "You can choose to fight defensively when making a full attack" — refused on a single attack.
 * - SW-44: "When using a melee weapon, a character may opt to pull the blow" — refused with a ranged weapon.
 * - Under the `swn` profile none of the three is played ({@link NOT_SWN}).
 */
export function checkDeclarations(a: D20AttackerFacts, d: DeclaredAttack): void {
  if (d.profile === "swn")
    for (const [k, key, rule] of NOT_SWN)
      if (a[k]) throw new RulesError(key, `Stars Without Number plays no ${rule} declaration`);
  if (a.charging) {
    if (!d.melee) throw new RulesError("FT.D20.Charge.melee", "A charge ends in a melee attack (SW-21)");
    if (severalAttacks(d)) throw new RulesError("FT.D20.Charge.single", "A charge makes one attack (SW-21)");
    if (a.fatigued)
      throw new RulesError("FT.D20.Charge.fatigued", "A fatigued character can't charge (SW-10)");
    if (d.surpriseRound && !allowedInSurpriseRound("charge"))
      throw new RulesError("FT.D20.Charge.surprise", "No charge in the surprise round (SW-02)");
    // "You must move at least 4 meters … and may move up to double your speed" (the straight line is the GM's).
    const max = a.speed == null ? Number.POSITIVE_INFINITY : 2 * a.speed;
    if (a.moved !== undefined && (a.moved < CHARGE_MIN_METRES || a.moved > max))
      throw new RulesError("FT.D20.Charge.distance", "A charge moves 4 m to twice the speed first (SW-21)", {
        moved: Math.round(a.moved * 10) / 10,
        max: Number.isFinite(max) ? max : "—",
      });
  }
  if (a.fightingDefensively && !severalAttacks(d))
    throw new RulesError(
      "FT.D20.FightDefensively.fullAttack",
      "Fighting defensively goes with a full attack (SW-23)",
    );
  if (a.pullingBlow && !d.melee)
    throw new RulesError("FT.D20.PullBlow.melee", "A blow is pulled with a melee weapon (SW-44)");
}

/**
 * SW-44: a pulled blow's damage — "deal damage normally, but only deal half damage" (rounded down, as the d20 rules
 * round, and never below 1 on a hit that dealt any: SW-07 "a hit still deals 1 point"); "only vitality damage" keeps
 * the amount (the target's health model deals it to vitality only).
 */
export function pulledAmount(amount: number, pulled: PulledDamage | undefined): number {
  if (pulled !== "half" || amount <= 0) return amount;
  return Math.max(1, Math.floor(amount / 2));
}

/** SW-44: the lesser damage a pulled blow with this weapon deals, or undefined (no pulled blow, or not in melee). */
export function pulledDamageOf(a: D20AttackerFacts, melee: boolean): PulledDamage | undefined {
  return a.pullingBlow && melee ? (a.pulledDamage ?? "vitality") : undefined;
}
