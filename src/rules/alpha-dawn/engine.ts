/**
 * The Alpha Dawn percentile engine, Basic and Expanded (SF-B-*, SF-X-*), behind {@link ResolutionEngine}.
 */
import { formatDice } from "../core/dice.js";
import {
  ALL_DECLARATIONS,
  type Check,
  checkOfKind,
  type D100Check,
  type DamageRoll,
  type DiceResults,
  type DieRequest,
  dieOf,
  type Outcome,
  type ResolutionEngine,
  type RuleOptions,
} from "../core/engine.js";
import type { AttackFacts, WeaponFacts } from "../core/facts.js";
import type { Modifier } from "../core/types.js";
import { rangeBand } from "../geometry/range.js";
import { damageFormula, rollDamage } from "./damage.js";
import { type PercentileOutcome, resolvePercentile } from "./resolve.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";
import { alphaDawnModifiers, chanceToHit } from "./to-hit.js";

/**
 * A hit the referee's "cannot miss" gave (SF-X-33) is called so on the card, not "01–05": it is labelled only when the
 * roll would not have hit by itself (over the chance and over the automatic-hit range).
 */
function cannotMissLabel(r: PercentileOutcome, check: D100Check, table: AlphaDawnTable): Outcome["auto"] {
  if (r.auto !== "hit" || !check.cannotMiss) return r.auto;
  if (r.roll <= check.chance) return null;
  return r.roll <= table.autoHitMax ? "hit" : "cannotMiss";
}

export function createAlphaDawnEngine(table: AlphaDawnTable = ALPHA_DAWN_TABLE): ResolutionEngine {
  return {
    id: "alphaDawn",
    reads: ALL_DECLARATIONS,
    initiative: "sides",
    attackModifiers(facts: AttackFacts, options: RuleOptions): Modifier[] {
      return alphaDawnModifiers(facts, options.variant, table);
    },
    // The chance alone decides: no target number.
    targetModifiers: () => [],
    check(facts: AttackFacts, modifiers: readonly Modifier[], options: RuleOptions): Check {
      const band = rangeBand(facts.target.distance, facts.weapon.ranges);
      return {
        engine: "alphaDawn",
        kind: "percentile",
        modifiers,
        chance: chanceToHit(modifiers),
        band,
        inRange: band !== null,
        possible: facts.target.visible && band !== null,
        cannotMiss: facts.declarations.cannotMiss,
        crowd: facts.target.crowd,
        variant: options.variant,
        // SF-X-35 is an Expanded rule, and a burst's one roll at several targets has no stray.
        stray: options.variant === "expanded" && !facts.declarations.burst,
      };
    },
    nextDie(check: Check, dice: DiceResults): DieRequest | null {
      const c = checkOfKind(check, "percentile");
      if (typeof dice.d100 !== "number") return { key: "d100", formula: "1d100", ruleId: "SF-B-13" };
      // SF-X-35: an ordinary miss into a crowd rolls the stray d100 (a world without stray shots has chance 0).
      if (dice.stray !== undefined || !c.stray || !c.crowd || table.strayChance <= 0) return null;
      const r = resolvePercentile(c, dice.d100, c.variant, null, table);
      return !r.hit && r.auto === null ? { key: "stray", formula: "1d100", ruleId: "SF-X-35" } : null;
    },
    resolve(check: Check, dice: DiceResults): Outcome {
      const c = checkOfKind(check, "percentile");
      const r = resolvePercentile(c, dieOf(dice, "d100"), c.variant, dice.stray ?? null, table);
      return {
        engine: "alphaDawn",
        roll: r.roll,
        chance: r.chance,
        hit: r.hit,
        auto: cannotMissLabel(r, c, table),
        strayHit: r.strayHit,
        colour: null,
        damageFraction: r.hit ? 1 : 0,
        band: check.band,
      };
    },
    // SF-B-16, SF-X-36: one formula, per band (sonic weapons) or per SEU (lasers).
    damageFormula: (weapon, check, power) => formatDice(damageFormula(weapon.damage, check.band, power)),
    damage(outcome: Outcome, weapon: WeaponFacts, dice: readonly number[], power: number | null): DamageRoll {
      const formula = damageFormula(weapon.damage, outcome.band, power);
      return { formula: formatDice(formula), rolled: outcome.hit ? rollDamage(formula, dice) : 0 };
    },
  };
}
