/**
 * The turn and what fits in it (SF-B-01, SF-B-02, SF-B-21, SF-B-23, SF-X-03, SF-X-07, SF-X-09, SF-X-23).
 */

import type { Conveyance, Movement } from "../core/types.js";
import { RulesError } from "../core/types.js";

/** A turn is six seconds; ten turns make a minute (SF-B-01). */
export const TURN_SECONDS = 6;
export const TURNS_PER_MINUTE = 10;

export function turnsToSeconds(turns: number): number {
  return turns * TURN_SECONDS;
}

/** Whole turns an effect of `minutes` lasts (a doze grenade's hour is 600 turns; an anesthetic's 5 hours 3000). */
export function minutesToTurns(minutes: number): number {
  return Math.round(minutes * TURNS_PER_MINUTE);
}

export interface TurnPlan {
  readonly movement: Movement;
  readonly fires: boolean;
  readonly reloads: boolean;
}

/**
 * In a turn a character may move, fire, move and fire, reload, or do nothing (SF-B-02); reloading takes the turn
 * without running or firing (SF-B-20). Returns the reason a plan is not allowed, or null.
 */
export function turnPlanProblem(plan: TurnPlan): string | null {
  if (plan.reloads && plan.fires) return "FT.Error.reloadAfterFiring";
  if (plan.reloads && (plan.movement === "ran" || plan.movement === "dodged"))
    return "FT.Error.reloadWhileRunning";
  return null;
}

export type { Conveyance } from "../core/types.js";

/**
 * Basic-game vehicles (SF-B-21): a skimmer rider fires at −10 and has cover; a driver cannot fire and has cover;
 * a monorail rider can neither shoot out nor be shot at from outside.
 */
export function conveyanceRules(c: Conveyance): {
  canFire: boolean;
  modifier: number;
  cover: boolean;
  canBeShot: boolean;
} {
  switch (c) {
    case "skimmerRider":
      return { canFire: true, modifier: -10, cover: true, canBeShot: true };
    case "skimmerDriver":
      return { canFire: false, modifier: 0, cover: true, canBeShot: true };
    case "monorail":
      return { canFire: false, modifier: 0, cover: true, canBeShot: false };
    default:
      return { canFire: true, modifier: 0, cover: false, canBeShot: true };
  }
}

/** Hospital healing costs 1 credit per Stamina point recovered (SF-B-23). */
export function hospitalCost(points: number): number {
  if (!Number.isInteger(points) || points < 0)
    throw new RulesError("FT.Error.badDamage", `Points must be 0 or more, not ${points}`, { value: points });
  return points;
}

export type Optics = "none" | "binoculars" | "magnigoggles" | "scope";
export type Weather = "clear" | "fog" | "rain" | "dust" | "shimmer";

/**
 * Spotting distances in metres (SF-X-03): a man-sized object at 1 km, details at 0.5 km; binoculars,
 * magnigoggles and scopes triple both; fog, rain, blowing dust or heat shimmer halve them (the referee may
 * reduce further).
 */
export function spottingDistance(optics: Optics, weather: Weather): { object: number; detail: number } {
  const m = (optics === "none" ? 1 : 3) * (weather === "clear" ? 1 : 0.5);
  return { object: 1000 * m, detail: 500 * m };
}

/**
 * Declarations (SF-X-07): before the first move, in movement order (side B first), so side A can react. If the
 * sides cannot see each other the referee may take declarations before the initiative roll.
 */
export function declarationTiming(canSeeEachOther: boolean): "afterInitiative" | "beforeInitiative" {
  return canSeeEachOther ? "afterInitiative" : "beforeInitiative";
}

/**
 * Melee distance (SF-X-09): a character who starts the turn within 2 m of an opponent who declared a melee attack
 * cannot move. If both declared melee, side B's character moves into the square.
 */
export function meleeHold(distanceMetres: number, opponentDeclaredMelee: boolean): boolean {
  return opponentDeclaredMelee && distanceMetres <= 2;
}

export function meleeMover(bothDeclaredMelee: boolean, mySide: "A" | "B"): boolean {
  return bothDeclaredMelee && mySide === "B";
}

/**
 * Darkness and smoke (SF-X-23): darkness does not affect an attacker with infrared or light amplification;
 * infrared also sees through smoke, haze and fog (which otherwise count as soft cover, SF-X-22).
 */
export function visionAids(opts: { dark: boolean; smoke: boolean; infrared: boolean; lightAmp: boolean }): {
  darknessMatters: boolean;
  smokeIsCover: boolean;
} {
  return {
    darknessMatters: opts.dark && !opts.infrared && !opts.lightAmp,
    smokeIsCover: opts.smoke && !opts.infrared,
  };
}
