/**
 * Rate of fire and declarations (SF-X-07, SF-X-16, SF-X-20, SF-X-27, SF-X-30..32).
 */

import type { AttackFacts } from "../core/facts.js";
import type { Movement } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { isWounded } from "./abilities.js";

export interface ShotLimit {
  readonly max: number;
  /** i18n key of what limits the shots. */
  readonly reason: string;
}

/**
 * Shots a character may declare this turn: the weapon's rate of fire, but one when wounded (SF-X-27), using a
 * scope (SF-X-16), aiming carefully (SF-X-20), after changing a laser's setting (SF-X-30) or firing a burst
 * (SF-X-24: a burst is one shot). A ½ rate (grenade rifle) fires on alternate turns.
 */
export function maxShots(facts: AttackFacts, firedLastTurn = false): ShotLimit {
  const { attacker, weapon, declarations: d } = facts;
  if (weapon.rof < 1)
    return firedLastTurn ? { max: 0, reason: "FT.Rof.reloading" } : { max: 1, reason: "FT.Rof.weapon" };
  if (d.burst) return { max: 1, reason: "FT.Rof.burst" };
  if (isWounded(attacker.stamina.value, attacker.stamina.max) && !attacker.anesthetic) {
    return { max: 1, reason: "FT.Rof.wounded" };
  }
  if (d.scope) return { max: 1, reason: "FT.Rof.scope" };
  if (d.carefulAim) return { max: 1, reason: "FT.Rof.carefulAim" };
  if (d.settingChanged) return { max: 1, reason: "FT.Rof.settingChanged" };
  return { max: Math.floor(weapon.rof), reason: "FT.Rof.weapon" };
}

/** Throws when the declared shots exceed what is allowed (SF-X-30). */
export function validateShots(facts: AttackFacts, firedLastTurn = false): void {
  const shots = facts.declarations.shots;
  const limit = maxShots(facts, firedLastTurn);
  if (!Number.isInteger(shots) || shots < 1 || shots > limit.max) {
    throw new RulesError("FT.Error.tooManyShots", `${shots} shots declared, at most ${limit.max} allowed`, {
      shots,
      max: limit.max,
      reason: limit.reason,
    });
  }
}

/**
 * Opportunity shots allowed by the declaration (SF-X-31): 2 declared → 1, 3 declared → up to 2, 1 declared or a
 * weapon of rate 1 → none.
 */
export function opportunityShots(declaredShots: number, rof: number): number {
  if (rof <= 1 || declaredShots <= 1) return 0;
  return Math.min(declaredShots - 1, 2);
}

/**
 * May a target be shot at as it moves through the field of fire (SF-X-31)? Running or dodging at least 5 m in
 * sight, walking at least 2 m; never a stationary target.
 */
export function opportunityEligible(targetMovement: Movement, metresInSight: number): boolean {
  switch (targetMovement) {
    case "ran":
    case "dodged":
      return metresInSight >= 5;
    case "walked":
      return metresInSight >= 2;
    default:
      return false;
  }
}

/** Area fire (SF-X-32): only with more than one shot declared, over an area at most 5 m wide. */
export function validateAreaFire(declaredShots: number, widthMetres: number): void {
  if (declaredShots <= 1)
    throw new RulesError("FT.Error.areaFireShots", "Area fire needs more than one shot declared");
  if (widthMetres > 5 || widthMetres <= 0) {
    throw new RulesError(
      "FT.Error.areaFireWidth",
      `An area of fire is at most 5 m wide, not ${widthMetres} m`,
      {
        width: widthMetres,
      },
    );
  }
}
