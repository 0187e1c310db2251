/**
 * The Zebulon's Guide column-shift engine (SF-Z-01..07) behind {@link ResolutionEngine}. It takes the same
 * Alpha Dawn modifier list (minus ½ Dexterity and the skill bonus, which the base column replaces) and converts
 * it to column shifts, so one modifier list serves both engines.
 */

import { applyDefenses, applyStamina, damageFormula } from "../alpha-dawn/damage.js";
import { normalizeD100 } from "../alpha-dawn/resolve.js";
import { expandedModifiers } from "../alpha-dawn/to-hit.js";
import { formatDice, maxRoll } from "../core/dice.js";
import type {
  Check,
  DamagePlan,
  DamageTarget,
  DiceResults,
  Outcome,
  ResolutionEngine,
  RuleOptions,
} from "../core/engine.js";
import type { AttackFacts, WeaponFacts } from "../core/facts.js";
import type { Modifier } from "../core/types.js";
import { rangeBand } from "../geometry/range.js";
import { baseColumn, colourDamage, DAMAGE_FRACTION, finalColumn } from "./shifts.js";
import { defaultResolutionTable, type ResolutionTable, readColumn, thresholds } from "./table.js";

/** Modifier ids the base column replaces. */
const REPLACED_BY_COLUMN = new Set(["base", "skill"]);

export function createZebulonEngine(table: ResolutionTable = defaultResolutionTable()): ResolutionEngine {
  return {
    id: "zebulon",
    attackModifiers(facts: AttackFacts, _options: RuleOptions): Modifier[] {
      return expandedModifiers(facts).filter((m) => !REPLACED_BY_COLUMN.has(m.id));
    },
    check(facts: AttackFacts, modifiers: readonly Modifier[], options: RuleOptions): Check {
      const band = rangeBand(facts.target.distance, facts.weapon.ranges);
      const base = baseColumn(facts.attacker.skillLevel, facts.weapon.heavy);
      const col = finalColumn(base, modifiers);
      return {
        engine: "zebulon",
        modifiers,
        chance: thresholds(table, col.column).yellow,
        column: col.column,
        band,
        possible: facts.target.visible && band !== null,
        cannotMiss: facts.declarations.cannotMiss,
        crowd: facts.target.crowd,
        variant: options.variant,
      };
    },
    resolve(check: Check, dice: DiceResults): Outcome {
      const roll = normalizeD100(dice.d100);
      const colour = check.possible ? readColumn(table, check.column ?? 0, roll) : "white";
      const hit = colour !== "white";
      return {
        engine: "zebulon",
        roll,
        chance: check.chance,
        hit,
        auto: null,
        strayHit: false,
        colour,
        damageFraction: DAMAGE_FRACTION[colour],
        band: check.band,
      };
    },
    damage(
      outcome: Outcome,
      weapon: WeaponFacts,
      target: DamageTarget,
      _dice: readonly number[],
      power: number | null,
    ): DamagePlan {
      const formula = damageFormula(weapon.damage, outcome.band, power);
      const rolled = outcome.hit && outcome.colour ? colourDamage(maxRoll(formula), outcome.colour) : 0;
      const defenses = applyDefenses(rolled, weapon.kind, target.defenses);
      return {
        formula: formatDice(formula),
        rolled,
        defenses,
        stamina: applyStamina(target.stamina, defenses.taken),
      };
    },
  };
}
