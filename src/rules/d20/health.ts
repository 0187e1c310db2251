/**
 * The `vitalityWounds` health model (SW-10, SW-11, SW-18): what a d20 hit does to its target.
 *
 * 1. Damage comes off vitality points first; what is left over, and a confirmed critical on a heroic target, goes
 *    to wound points (SW-10, SW-18).
 * 2. Armour damage reduction reduces wound damage only, never vitality (SW-11): it is subtracted once per hit from
 *    the part of the hit that reaches wound points.
 * 3. Ordinary characters have no vitality (SW-10 "if the target has any"; design §4 "ordinary NPCs"): every hit
 *    is wound damage. A confirmed critical drops an ordinary foe to −1 wound points (SW-18), never raising them.
 * 4. Any wound damage fatigues (Str and Dex −2) and calls for a Fortitude save against 5 + the wound points lost
 *    this round; failing it knocks the character out for 1d4 rounds (SW-10). The round's count lives in a wound log
 *    `{ combatId, round, lost }` (design §2.3), written with the damage; a new round or combat starts it again.
 * 5. 0 WP is disabled, −1 to −9 dying (Fort DC 10 each round or lose 1, success stabilises), −10 or lower dead.
 * Pure: state in, state out; the workflow writes it.
 */
import { checkDie } from "../core/dice.js";
import { RulesError } from "../core/types.js";
import type { CriticalEffect } from "./resolve.js";

/** SW-10: the Fortitude DC is 5 + wound points lost this round. */
export const FORT_DC_BASE = 5;
/** SW-10: a dying character's save each round. */
export const DYING_DC = 10;
/** SW-10: dead at −10 wound points or lower. */
export const DEAD_AT = -10;
/** SW-18: an ordinary foe's wound points after a confirmed critical. */
export const ORDINARY_CRITICAL_WOUNDS = -1;
/** SW-10: fatigue is −2 Strength and −2 Dexterity. */
export const FATIGUE_PENALTY = -2;
/** SW-10: a disabled character who takes an attack action loses 1 wound point. */
export const DISABLED_STRAIN = 1;

export type WoundState = "ok" | "disabled" | "dying" | "dead";

/** SW-10: above 0 ok; 0 disabled; −1 to −9 dying; −10 or lower dead. */
export function woundState(wounds: number): WoundState {
  if (wounds > 0) return "ok";
  if (wounds === 0) return "disabled";
  if (wounds > DEAD_AT) return "dying";
  return "dead";
}

/** Throws unless the armour's damage reduction is a whole number ≥ 0 (issue 14: "a negative DR" is refused). */
export function checkDamageReduction(dr: number): number {
  if (!Number.isInteger(dr) || dr < 0)
    throw new RulesError("FT.D20.badDR", `Damage reduction must be a whole number ≥ 0, not ${dr}`, { dr });
  return dr;
}

export interface WoundLog {
  readonly combatId: string | null;
  readonly round: number;
  readonly lost: number;
}

/**
 * SW-10: the wound points already lost "in this round". Outside a combat (no combat id) there is no round to share,
 * so every hit counts alone.
 */
export function lostThisRound(log: WoundLog | null, combatId: string | null, round: number): number {
  if (!log || combatId === null || log.combatId !== combatId || log.round !== round) return 0;
  return log.lost;
}

/** SW-10: the wound log after a hit that took `lost` wound points in this round (the count restarts each round). */
export function recordWounds(
  log: WoundLog | null,
  combatId: string | null,
  round: number,
  lost: number,
): WoundLog {
  return { combatId, round, lost: lostThisRound(log, combatId, round) + lost };
}

export interface VitalityWoundsState {
  /** Has levels in a hero class (SW-18); ordinary characters have no vitality. */
  readonly heroic: boolean;
  readonly vitality: number;
  readonly wounds: number;
  /** Damage reduction of the armour worn (SW-11). */
  readonly dr: number;
  /** Wound points already lost this round, from {@link lostThisRound}. */
  readonly lostThisRound: number;
}

export interface IncomingHit {
  readonly amount: number;
  /** From `criticalEffect`: a normal hit, a critical to wound points, or an ordinary foe to −1. */
  readonly effect: CriticalEffect;
  /**
   * SW-44: a pulled blow whose attacker chose "to deal only vitality damage": the hit takes vitality points only (a
   * critical too); what would go past them to wound points is not dealt, so an ordinary foe (no vitality) takes none.
   */
  readonly vitalityOnly?: boolean;
}

export interface VitalityWoundsResult {
  readonly before: { readonly vitality: number; readonly wounds: number };
  readonly after: { readonly vitality: number; readonly wounds: number };
  readonly vitalityLost: number;
  readonly woundsLost: number;
  /** Wound damage the armour stopped. */
  readonly drAbsorbed: number;
  /** Wound points lost this round, this hit included. */
  readonly lostThisRound: number;
  /** This hit did wound damage: the target is fatigued. */
  readonly fatigued: boolean;
  /** The Fortitude DC the target must make, or null (no wound damage, or already unconscious or dead). */
  readonly fortitudeDC: number | null;
  readonly state: WoundState;
}

/** SW-10, SW-11, SW-18: apply one hit to a vitality/wound-point target. */
export function applyVitalityWounds(state: VitalityWoundsState, hit: IncomingHit): VitalityWoundsResult {
  checkDamageReduction(state.dr);
  if (!Number.isInteger(hit.amount) || hit.amount < 0)
    throw new RulesError("FT.D20.badDamage", `Damage must be a whole number ≥ 0, not ${hit.amount}`, {
      amount: hit.amount,
    });
  const vitality = state.heroic ? Math.max(0, state.vitality) : 0;
  let vitalityLost = 0;
  let woundDamage = 0;
  let drAbsorbed = 0;
  let woundsAfter = state.wounds;

  if (hit.vitalityOnly) {
    vitalityLost = Math.min(hit.amount, vitality);
  } else if (hit.effect === "ordinaryToMinusOne" && !state.heroic) {
    woundsAfter = Math.min(state.wounds, ORDINARY_CRITICAL_WOUNDS);
  } else {
    // A critical on a heroic target skips vitality (SW-18); so does any hit on an ordinary one (no vitality).
    const toWounds = hit.effect === "normal" ? hit.amount - Math.min(hit.amount, vitality) : hit.amount;
    vitalityLost = hit.amount - toWounds;
    drAbsorbed = Math.min(state.dr, toWounds);
    woundDamage = toWounds - drAbsorbed;
    woundsAfter = state.wounds - woundDamage;
  }
  const woundsLost = state.wounds - woundsAfter;
  const lost = state.lostThisRound + woundsLost;
  const after = woundState(woundsAfter);
  const conscious = after === "ok" || after === "disabled";
  return {
    before: { vitality: state.vitality, wounds: state.wounds },
    after: { vitality: state.heroic ? vitality - vitalityLost : state.vitality, wounds: woundsAfter },
    vitalityLost,
    woundsLost,
    drAbsorbed,
    lostThisRound: lost,
    fatigued: woundsLost > 0,
    fortitudeDC: woundsLost > 0 && conscious ? FORT_DC_BASE + lost : null,
    state: after,
  };
}

/** SW-10: a Fortitude save succeeds when its total reaches the DC; failing it knocks the character out. */
export function fortitudeSave(
  saveTotal: number,
  dc: number,
): { readonly passed: boolean; readonly knockedOut: boolean } {
  const passed = saveTotal >= dc;
  return { passed, knockedOut: !passed };
}

/** SW-10: knocked out for 1d4 rounds. */
export function knockedOutRounds(d4: number): number {
  checkDie(d4, 4);
  return d4;
}

/**
 * SW-10: a dying character's round: Fort DC 10; a failure loses 1 wound point (perhaps to −10, dead), a success
 * stabilises. Only for a dying character.
 */
export function dyingRound(
  wounds: number,
  saveTotal: number,
): { readonly wounds: number; readonly stable: boolean; readonly state: WoundState } {
  if (woundState(wounds) !== "dying")
    throw new RulesError(
      "FT.D20.notDying",
      `Only a dying character (−1 to −9 WP) saves each round, not ${wounds}`,
      {
        wounds,
      },
    );
  if (saveTotal >= DYING_DC) return { wounds, stable: true, state: "dying" };
  const w = wounds - 1;
  return { wounds: w, stable: false, state: woundState(w) };
}

/** SW-10: a disabled character who takes an attack action takes 1 wound damage (and so starts dying). */
export function disabledStrain(wounds: number): number {
  return woundState(wounds) === "disabled" ? wounds - DISABLED_STRAIN : wounds;
}

/** SW-10: fatigue lowers Strength and Dexterity by 2 (scores, not modifiers). */
export function fatiguedScores(scores: { readonly str: number; readonly dex: number }): {
  str: number;
  dex: number;
} {
  return { str: Math.max(0, scores.str + FATIGUE_PENALTY), dex: Math.max(0, scores.dex + FATIGUE_PENALTY) };
}
