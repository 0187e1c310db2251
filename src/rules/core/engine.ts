/**
 * The one interface every resolution engine implements (architecture: "one engine interface, three
 * implementations"). The attack workflow never branches on the engine id.
 */

import type { DefenseResult, DefenseState, StaminaResult } from "../alpha-dawn/damage.js";
import type { AttackFacts, WeaponFacts } from "./facts.js";
import type { AlphaDawnVariant, Modifier, RangeBand } from "./types.js";

export type EngineId = "alphaDawn" | "zebulon" | "d20";

export interface RuleOptions {
  readonly variant: AlphaDawnVariant;
}

/** Everything needed to roll: the final modifiers and what they add up to in the engine's terms. */
export interface Check {
  readonly engine: EngineId;
  readonly modifiers: readonly Modifier[];
  /** Percentile engines: the chance to hit. Zebulon: the chance of any success on the final column. */
  readonly chance: number;
  /** Zebulon: the final column after shifts, −9 … +9. */
  readonly column: number | null;
  readonly band: RangeBand | null;
  /** Visible and in range. */
  readonly possible: boolean;
  readonly cannotMiss: boolean;
  readonly crowd: boolean;
  readonly variant: AlphaDawnVariant;
  /** Zebulon: the result shift declared for the attack (SF-Z-07), −3 … +3. */
  readonly resultShift?: number;
}

export interface DiceResults {
  readonly d100: number;
  /** Second d100 for a miss into a crowd (SF-X-35). */
  readonly stray?: number | null;
}

export type ResultColour = "white" | "yellow" | "green" | "blue" | "cobalt";

export interface Outcome {
  readonly engine: EngineId;
  readonly roll: number;
  readonly chance: number;
  readonly hit: boolean;
  /** Why the result did not follow the chance: 01–05, 96–00, a malfunction, or the referee's "cannot miss". */
  readonly auto: "hit" | "miss" | "malfunction" | "cannotMiss" | null;
  readonly strayHit: boolean;
  /** Zebulon colour; percentile hits are "cobalt"-equivalent full damage and report null. */
  readonly colour: ResultColour | null;
  /** Zebulon: the colour read on the table before a result shift moved it (SF-Z-07); absent when none did. */
  readonly rolledColour?: ResultColour;
  /** Share of the weapon's damage this result deals: 1 for a percentile hit, ¼…1 by colour in Zebulon. */
  readonly damageFraction: number;
  readonly band: RangeBand | null;
}

export interface DamageTarget {
  readonly stamina: number;
  readonly defenses: readonly DefenseState[];
}

export interface DamagePlan {
  readonly formula: string;
  /** Damage before defenses. */
  readonly rolled: number;
  readonly defenses: DefenseResult;
  readonly stamina: StaminaResult;
}

export interface ResolutionEngine {
  readonly id: EngineId;
  attackModifiers(facts: AttackFacts, options: RuleOptions): Modifier[];
  check(facts: AttackFacts, modifiers: readonly Modifier[], options: RuleOptions): Check;
  resolve(check: Check, dice: DiceResults): Outcome;
  /** `damageDice` are the weapon's dice as rolled; an engine that rates damage by result may ignore them. */
  damage(
    outcome: Outcome,
    weapon: WeaponFacts,
    target: DamageTarget,
    damageDice: readonly number[],
    powerSetting: number | null,
  ): DamagePlan;
}
