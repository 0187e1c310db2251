/**
 * The Zebulon's Guide column-shift engine (SF-Z-01..07) behind {@link ResolutionEngine}. It takes the same
 * Alpha Dawn modifier list (minus ½ Dexterity and the skill bonus, which the base column replaces), built from the
 * GM's Alpha Dawn table, and converts each modifier to column shifts, so one modifier list serves both engines.
 *
 * Choices where seed 004 is silent:
 * - A shot the referee rules cannot miss (SF-X-33) succeeds: a white result is read as yellow, the least success;
 *   a coloured result keeps its colour. There is no 96–00 malfunction on this table (that is Alpha Dawn's SF-X-34).
 * - A result shift (SF-Z-07) comes from the referee (the seed names no situation that gives one): the attack
 *   declares it, and the card keeps the colour read on the table and the colour after the shift.
 */

import { damageFormula } from "../alpha-dawn/damage.js";
import { normalizeD100 } from "../alpha-dawn/resolve.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "../alpha-dawn/tables.js";
import { expandedModifiers } from "../alpha-dawn/to-hit.js";
import { formatDice, maxRoll } from "../core/dice.js";
import {
  ALL_DECLARATIONS,
  type Check,
  checkOfKind,
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
import {
  baseColumn,
  colourDamage,
  DAMAGE_FRACTION,
  finalColumn,
  resultShift,
  validateResultShift,
} from "./shifts.js";
import { defaultResolutionTable, type ResolutionTable, readColumn, thresholds } from "./table.js";

/** Modifier ids the base column replaces. */
const REPLACED_BY_COLUMN = new Set(["base", "skill"]);

/**
 * @param table The resolution table (the GM's, or the default).
 * @param alphaDawn The Alpha Dawn numbers the modifiers are taken from, with the GM's overrides (SF-Z-03).
 */
export function createZebulonEngine(
  table: ResolutionTable = defaultResolutionTable(),
  alphaDawn: AlphaDawnTable = ALPHA_DAWN_TABLE,
): ResolutionEngine {
  return {
    id: "zebulon",
    reads: ALL_DECLARATIONS,
    initiative: "sides",
    attackModifiers(facts: AttackFacts, _options: RuleOptions): Modifier[] {
      return expandedModifiers(facts, alphaDawn).filter((m) => !REPLACED_BY_COLUMN.has(m.id));
    },
    // The chance alone decides: no target number.
    targetModifiers: () => [],
    check(facts: AttackFacts, modifiers: readonly Modifier[], _options: RuleOptions): Check {
      const band = rangeBand(facts.target.distance, facts.weapon.ranges);
      const base = baseColumn(facts.attacker.skillLevel, facts.weapon.heavy);
      const col = finalColumn(base, modifiers);
      return {
        engine: "zebulon",
        kind: "column",
        modifiers,
        chance: thresholds(table, col.column).yellow,
        column: col.column,
        band,
        inRange: band !== null,
        possible: facts.target.visible && band !== null,
        cannotMiss: facts.declarations.cannotMiss,
        crowd: facts.target.crowd,
        resultShift: validateResultShift(facts.declarations.resultShift ?? 0),
      };
    },
    nextDie(_check: Check, dice: DiceResults): DieRequest | null {
      // One d100 read on the column; the Zebulon's Guide has no stray shot (SF-X-35 is Alpha Dawn's).
      return typeof dice.d100 === "number" ? null : { key: "d100", formula: "1d100", ruleId: "SF-Z-04" };
    },
    resolve(check: Check, dice: DiceResults): Outcome {
      const c = checkOfKind(check, "column");
      const roll = normalizeD100(dieOf(dice, "d100"));
      const read = c.possible ? readColumn(table, c.column, roll) : "white";
      // SF-X-33: a shot that cannot miss succeeds at least yellow (only when it is possible at all).
      const forced = c.possible && c.cannotMiss && read === "white";
      const rolled = forced ? "yellow" : read;
      // SF-Z-07: cobalt stays cobalt, yellow never falls to white, a failure is not shifted.
      const colour = resultShift(rolled, c.resultShift);
      const hit = colour !== "white";
      return {
        engine: "zebulon",
        roll,
        chance: c.chance,
        hit,
        auto: forced ? "cannotMiss" : null,
        strayHit: false,
        colour,
        ...(colour !== rolled ? { rolledColour: rolled } : {}),
        damageFraction: DAMAGE_FRACTION[colour],
        band: c.band,
      };
    },
    // The weapon's dice as Alpha Dawn reads them: the colour takes its share of their maximum (SF-Z-06).
    damageFormula: (weapon, check, power) => formatDice(damageFormula(weapon.damage, check.band, power)),
    damage(
      outcome: Outcome,
      weapon: WeaponFacts,
      _dice: readonly number[],
      power: number | null,
    ): DamageRoll {
      const formula = damageFormula(weapon.damage, outcome.band, power);
      const rolled = outcome.hit && outcome.colour ? colourDamage(maxRoll(formula), outcome.colour) : 0;
      return { formula: formatDice(formula), rolled };
    },
  };
}
