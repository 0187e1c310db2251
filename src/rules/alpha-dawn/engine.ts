/**
 * The Alpha Dawn percentile engine, Basic and Expanded (SF-B-*, SF-X-*), behind {@link ResolutionEngine}.
 */
import { formatDice } from "../core/dice.js";
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
import { applyDefenses, applyStamina, damageFormula, rollDamage } from "./damage.js";
import { type PercentileOutcome, resolvePercentile } from "./resolve.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";
import { alphaDawnModifiers, chanceToHit } from "./to-hit.js";

/**
 * A hit the referee's "cannot miss" gave (SF-X-33) is called so on the card, not "01–05": it is labelled only when the
 * roll would not have hit by itself (over the chance and over the automatic-hit range).
 */
function cannotMissLabel(r: PercentileOutcome, check: Check, table: AlphaDawnTable): Outcome["auto"] {
  if (r.auto !== "hit" || !check.cannotMiss) return r.auto;
  if (r.roll <= check.chance) return null;
  return r.roll <= table.autoHitMax ? "hit" : "cannotMiss";
}

export function createAlphaDawnEngine(table: AlphaDawnTable = ALPHA_DAWN_TABLE): ResolutionEngine {
  return {
    id: "alphaDawn",
    attackModifiers(facts: AttackFacts, options: RuleOptions): Modifier[] {
      return alphaDawnModifiers(facts, options.variant, table);
    },
    check(facts: AttackFacts, modifiers: readonly Modifier[], options: RuleOptions): Check {
      const band = rangeBand(facts.target.distance, facts.weapon.ranges);
      return {
        engine: "alphaDawn",
        modifiers,
        chance: chanceToHit(modifiers),
        column: null,
        band,
        possible: facts.target.visible && band !== null,
        cannotMiss: facts.declarations.cannotMiss,
        crowd: facts.target.crowd,
        variant: options.variant,
      };
    },
    resolve(check: Check, dice: DiceResults): Outcome {
      const r = resolvePercentile(check, dice.d100, check.variant, dice.stray ?? null, table);
      return {
        engine: "alphaDawn",
        roll: r.roll,
        chance: r.chance,
        hit: r.hit,
        auto: cannotMissLabel(r, check, table),
        strayHit: r.strayHit,
        colour: null,
        damageFraction: r.hit ? 1 : 0,
        band: check.band,
      };
    },
    damage(
      outcome: Outcome,
      weapon: WeaponFacts,
      target: DamageTarget,
      dice: readonly number[],
      power: number | null,
    ): DamagePlan {
      const formula = damageFormula(weapon.damage, outcome.band, power);
      const rolled = outcome.hit ? rollDamage(formula, dice) : 0;
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
