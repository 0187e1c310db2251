/**
 * Damage: the weapon's dice (fixed, per range band, or per SEU with a power setting), then the target's
 * defenses in order — screen first, then suit (rules-tables §7) — then Stamina (SF-B-15).
 */
import { type DiceFormula, parseDice, sumDice } from "../core/dice.js";
import type { WeaponDamageSpec } from "../core/facts.js";
import { type RangeBand, RulesError } from "../core/types.js";

/*
 * What a hit does to the target — its screen, its suit, its Stamina — is the target's health model, not the
 * engine's: it lives in `rules/health/stamina.ts` (moved there unchanged, issue 14) and is re-exported here for the
 * code that reads it by its old address.
 */
export {
  applyDefenses,
  applyStamina,
  type DefenseMode,
  type DefenseResult,
  type DefenseRule,
  type DefenseState,
  type DefenseStep,
  type StaminaResult,
} from "../health/stamina.js";

/** The dice a hit rolls: per band (sonic disruptor), per SEU (laser) or one formula (SF-B-16, SF-X-36). */
export function damageFormula(
  spec: WeaponDamageSpec,
  band: RangeBand | null,
  powerSetting: number | null,
): DiceFormula {
  if (spec.perSeu) {
    const { faces, min, max } = spec.perSeu;
    const seu = powerSetting ?? min;
    if (!Number.isInteger(seu) || seu < min || seu > max) {
      throw new RulesError(
        "FT.Error.powerSetting",
        `Power setting must be from ${min} to ${max}, not ${seu}`,
        {
          min,
          max,
          value: seu,
        },
      );
    }
    return { count: seu, faces, bonus: 0 };
  }
  if (spec.perBand && band && spec.perBand[band]) return parseDice(spec.perBand[band]);
  if (spec.formula) return parseDice(spec.formula);
  throw new RulesError("FT.Error.noDamage", "This weapon has no damage for that range");
}

/** Total damage of a hit from its dice (SF-B-15). */
export function rollDamage(formula: DiceFormula, dice: readonly number[]): number {
  return Math.max(0, sumDice(formula, dice));
}

/**
 * Stimdose (SF-B-22): +10 Stamina for three hours, never above the uninjured score; useless below 0.
 * On a character knocked out by a doze grenade it only wakes them (SF-B-18).
 */
export function stimdose(
  current: number,
  max: number,
  dozed = false,
): { after: number; gained: number; wakes: boolean } {
  if (dozed) return { after: current, gained: 0, wakes: true };
  if (current < 0) return { after: current, gained: 0, wakes: false };
  const after = Math.min(max, current + 10);
  return { after, gained: after - current, wakes: after > 0 };
}

/** Staydose (SF-B-15/22): keeps an unconscious, dying character alive until healed. */
export function staydose(current: number): { stabilized: boolean } {
  return { stabilized: current <= 0 };
}
