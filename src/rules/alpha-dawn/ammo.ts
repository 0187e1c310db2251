/**
 * Ammunition and power (SF-B-19, SF-B-20, SF-X-36, SF-X-37): clips hold rounds, power sources hold SEU shared
 * by every weapon and screen plugged into them.
 */

import type { Movement } from "../core/types.js";
import { RulesError } from "../core/types.js";

export interface AmmoUse {
  /** Rounds (bullets, needles, jets, grenades) or SEU. */
  readonly amount: number;
  readonly unit: "rounds" | "seu";
}

export interface AmmoSpec {
  /** `rounds`: a clip of N shots; `seu`: N SEU per shot, or the power setting for per-SEU weapons. */
  readonly unit: "rounds" | "seu";
  readonly perShot: number;
  /** Per-SEU weapons (lasers): the power setting is the SEU per shot. */
  readonly perSeu: boolean;
}

/** What one declaration spends: `shots` single shots, or one burst of `burstRounds`. */
export function ammoFor(
  spec: AmmoSpec,
  shots: number,
  burstRounds: number | null,
  powerSetting: number | null,
): AmmoUse {
  if (burstRounds !== null) return { amount: burstRounds, unit: spec.unit };
  const per = spec.perSeu ? (powerSetting ?? spec.perShot) : spec.perShot;
  return { amount: per * shots, unit: spec.unit };
}

/** Take `use` from a clip or power source holding `remaining`; an empty weapon cannot fire (SF-B-19). */
export function spend(remaining: number, use: AmmoUse): number {
  if (use.amount <= 0) return remaining;
  if (remaining < use.amount) {
    throw new RulesError(
      remaining <= 0 ? "FT.Error.empty" : "FT.Error.notEnoughAmmo",
      `Needs ${use.amount} ${use.unit}, has ${remaining}`,
      { needed: use.amount, left: Math.max(0, remaining), unit: use.unit },
    );
  }
  return remaining - use.amount;
}

/** How many whole shots are left. */
export function shotsLeft(remaining: number, perShot: number): number {
  return perShot <= 0 ? Number.POSITIVE_INFINITY : Math.floor(remaining / perShot);
}

/**
 * Reloading (SF-B-20, SF-X-37) takes the turn: no running (and no dodging in the Expanded game) and no firing
 * that turn. Returns the reason it is not allowed, or null.
 */
export function reloadBlocked(movement: Movement, firedThisTurn: boolean): string | null {
  if (firedThisTurn) return "FT.Error.reloadAfterFiring";
  if (movement === "ran" || movement === "dodged") return "FT.Error.reloadWhileRunning";
  return null;
}

/** Only laser pistols and rifles share Basic-game powerpacks (SF-B-19); in the Expanded game any weapon that
 * takes a powerclip or pack shares beltpacks and backpacks with screens (SF-X-36). */
export function canShareBasicPowerpack(a: string, b: string): boolean {
  const lasers = new Set(["laserPistol", "laserRifle"]);
  return a === b || (lasers.has(a) && lasers.has(b));
}
