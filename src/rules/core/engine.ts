/**
 * The one interface every resolution engine implements (architecture: "one engine interface, three
 * implementations"). The attack workflow never branches on the engine id: it asks the engine for its modifiers and
 * check, rolls whichever dice the engine asks for (`nextDie`), resolves, and rolls the damage. What a hit does to
 * the target is not the engine's: it is the target's health model (`rules/health/`).
 *
 * Nothing here imports an engine's folder (a test in `core.test.ts` keeps it so).
 */

import type { AttackFacts, Declarations, PulledDamage, WeaponFacts } from "./facts.js";
import type { AlphaDawnVariant, Modifier, RangeBand, RuleId } from "./types.js";

export type EngineId = "alphaDawn" | "zebulon" | "d20";

export interface RuleOptions {
  readonly variant: AlphaDawnVariant;
}

/** What every check has, whatever the engine. */
interface CheckBase {
  readonly engine: EngineId;
  readonly modifiers: readonly Modifier[];
  /** The chance to hit, per cent, in every engine (the dialog, the card and the tracker show it). */
  readonly chance: number;
  /** Visible and in range. */
  readonly possible: boolean;
  /** Within the weapon's range (the workflow refuses a shot out of range by this, never by a band). */
  readonly inRange: boolean;
  /** Star Frontiers range band; null out of range and in engines without bands. */
  readonly band: RangeBand | null;
  readonly cannotMiss: boolean;
  readonly crowd: boolean;
}

/** Alpha Dawn: a d100 at or under the chance. */
export interface D100Check extends CheckBase {
  readonly kind: "percentile";
  readonly variant: AlphaDawnVariant;
  /** A miss may stray into the crowd and roll its stray d100 (SF-X-35): Expanded, one target, not a burst. */
  readonly stray: boolean;
}

/** Zebulon: a d100 read on a column of the Resolution Table. */
export interface ColumnCheck extends CheckBase {
  readonly kind: "column";
  /** The final column after shifts, −9 … +9. */
  readonly column: number;
  /** The result shift declared for the attack (SF-Z-07), −3 … +3. */
  readonly resultShift: number;
}

/** A target number a d20 total is compared with: Defense, AC, a grenade's square … with its labelled terms. */
export interface TargetNumber {
  readonly label: "defense" | "ac" | "square" | "area";
  readonly modifiers: readonly Modifier[];
  readonly value: number;
}

/** d20: d20 + bonus against a target number, with threats, confirmation and concealment. */
export interface D20RollCheck extends CheckBase {
  readonly kind: "d20";
  readonly bonus: number;
  readonly target: TargetNumber;
  /** The lowest natural d20 that threatens a critical (20 = only 20). */
  readonly threat: number;
  /** Concealment miss chance, per cent (0 = none). */
  readonly missChance: number;
  readonly naturals: boolean;
  /** Full range increments to the target (the range penalty's count); null in melee. */
  readonly increments: number | null;
  /** What a hit adds to its damage dice, known before the roll (Strength by grip, point blank). */
  readonly damageTerms: readonly Modifier[];
  /** Where the cover came from (SW-30, the largest applies): only a wall or a creature can be struck (SW-31). */
  readonly coverSource?: "none" | "wall" | "lowWall" | "posture" | "creature";
  /** SW-31: the token id of the creature used as cover (the first in the line of fire), when it is the cover. */
  readonly coverCreature?: string;
  /** SW-44: a pulled blow with a melee weapon, and the lesser damage its attacker chose. */
  readonly pulled?: PulledDamage;
  /** Threats and confirmation (SW-18); false under the `swn` profile (ruling 1). Absent = true. */
  readonly criticals?: boolean;
  /**
   * SWN-15: the hard cover's armour against this weapon (the best material), the weapon's AP, and whether the attack
   * ignores it (SWN-11 aimed shot, SWN-08 overwatch). Absent outside the `swn` profile.
   */
  readonly coverArmour?: {
    readonly value: number;
    readonly ap: number;
    readonly ignored: boolean;
    readonly terms: readonly Modifier[];
  };
}

export type Check = D100Check | ColumnCheck | D20RollCheck;

/** The Zebulon column of a check, or null for the other engines (what the card shows beside the chance). */
export function columnOf(check: Check): number | null {
  return check.kind === "column" ? check.column : null;
}

/** Every die an engine may ask for while resolving one attack roll. */
export type DieKey = "d100" | "stray" | "d20" | "confirm" | "concealment";

/** The dice rolled for one attack roll so far, by key. */
export type DiceResults = Readonly<Partial<Record<DieKey, number | null>>>;

/** The next die the engine needs before it can resolve. */
export interface DieRequest {
  readonly key: DieKey;
  readonly formula: "1d20" | "1d100";
  readonly ruleId: RuleId;
}

/** The die `key` of `dice`; a die the engine asked for and the workflow did not roll is a bug, said clearly. */
export function dieOf(dice: DiceResults, key: DieKey): number {
  const v = dice[key];
  if (typeof v !== "number") throw new Error(`The ${key} die was not rolled`);
  return v;
}

export type ResultColour = "white" | "yellow" | "green" | "blue" | "cobalt";

export type Critical = "none" | "threat" | "confirmed";

export interface Outcome {
  readonly engine: EngineId;
  /** The natural roll that decided the hit (the d100, or the natural d20). */
  readonly roll: number;
  readonly chance: number;
  readonly hit: boolean;
  /** Why the result did not follow the chance: 01–05, 96–00, a malfunction, a natural, the referee's "cannot miss". */
  readonly auto: "hit" | "miss" | "malfunction" | "cannotMiss" | null;
  readonly strayHit: boolean;
  /** Zebulon colour; percentile hits are "cobalt"-equivalent full damage and report null. */
  readonly colour: ResultColour | null;
  /** Zebulon: the colour read on the table before a result shift moved it (SF-Z-07); absent when none did. */
  readonly rolledColour?: ResultColour;
  /** Share of the weapon's damage this result deals: 1 for a percentile hit, ¼…1 by colour in Zebulon. */
  readonly damageFraction: number;
  readonly band: RangeBand | null;
  /*
   * The d20 terms. Absent in the percentile engines (Alpha Dawn and Zebulon outcomes, and the cards that store
   * them, are unchanged), so a reader takes absence as "no total, no critical".
   */
  /** d20: the natural roll plus the bonus. */
  readonly total?: number;
  /** d20: the Defense (or AC) it was rolled against. */
  readonly target?: number;
  /** d20: total − target. */
  readonly margin?: number;
  /** d20: a threat, confirmed or not. */
  readonly critical?: Critical;
  /** d20: what the hit adds to its damage dice (Strength, point blank), each labelled with its rule. */
  readonly damageTerms?: readonly Modifier[];
  /** SWN-15: what the cover's armour (less the weapon's AP) takes off the damage; absent when none. */
  readonly coverArmour?: number;
  /** SW-44: a pulled blow's lesser damage — half (in `damage`), or vitality only (the target's health model). */
  readonly pulled?: PulledDamage;
}

/** What a hit deals before the target's own defenses: the rolled damage, for the target's health model. */
export interface DamageRoll {
  readonly formula: string;
  /** Damage before defenses (0 on a miss). */
  readonly rolled: number;
}

/**
 * What the attacker declares (SF-X-07's declarations) and the scene situations the user may add, by name: the dialog
 * offers only those the engine reads, so no control does nothing (a d20 attack has no careful aim or vehicle).
 */
export type DeclarationKey =
  | keyof Declarations
  | "movement"
  | "vehicle"
  | "visionAid"
  | "conveyance"
  | "situations";

/** Every declaration and situation: the Star Frontiers engines read them all. */
export const ALL_DECLARATIONS: ReadonlySet<DeclarationKey> = new Set<DeclarationKey>([
  "shots",
  "burst",
  "carefulAim",
  "scope",
  "wrongHand",
  "twoWeapons",
  "cannotMiss",
  "resultShift",
  "powerSetting",
  "mounted",
  "settingChanged",
  "movement",
  "vehicle",
  "visionAid",
  "conveyance",
  "situations",
]);

/**
 * A declaration of several attack rolls in one action (d20 full attacks and fire modes, SW-22, SW-35, SW-36, SW-37):
 * engine-neutral, so the workflow plans and rolls steps without asking which engine it is.
 */
export interface StepDeclaration {
  /** A full attack (full-round action); false = one attack. */
  readonly fullAttack: boolean;
  /** `single`, `multifire` or `autofire` (the engine refuses a mode the weapon lacks). */
  readonly mode: "single" | "multifire" | "autofire";
  /** One target id for every step, or one per step in order. */
  readonly targets: readonly string[];
  /** The surprise round allows one attack (SW-02). */
  readonly surpriseRound: boolean;
  /** SW-22: fighting with a second weapon in the off hand, or both ends of a double weapon. */
  readonly twoWeapon?: { readonly offHand: WeaponFacts; readonly double: boolean } | null;
  /** SW-35, SW-36 recoil: held in two hands; braced (a tripod or mount). Absent = as the weapon says. */
  readonly twoHands?: boolean;
  readonly braced?: boolean;
}

/** What an area attack aims at: a grenade's square (SW-38) or a suppressed area (SW-43). */
export type AreaKind = "grenade" | "suppression";

/** One attack roll of a planned action: at whom, and the terms it adds to the attack's own (labelled, by rule). */
export interface PlannedAttackStep {
  readonly id: string;
  /** `iterative`, `extra` (fire mode), `rapidShot`, `primary`, `offHand`. */
  readonly kind: string;
  readonly targetId: string;
  readonly extras: readonly Modifier[];
}

export interface StepPlan {
  readonly steps: readonly PlannedAttackStep[];
  /** The action it takes: one attack, or a full-round action. */
  readonly action: "attack" | "fullRound";
}

export interface ResolutionEngine {
  readonly id: EngineId;
  /** The d20 engine's profile (ruling 1): `sw` or `swn`; absent for the percentile engines. */
  readonly profile?: "sw" | "swn";
  /** The declarations and situations this engine's attack reads (the dialog offers only these). */
  readonly reads: ReadonlySet<DeclarationKey>;
  /**
   * How a combat in this engine's world orders its turns (fixed when the combat is made): by side (Star Frontiers,
   * SF-X-01) or each combatant on its own count (d20, SW-03).
   */
  readonly initiative: "sides" | "individual";
  /**
   * The attack rolls an action makes (d20: iterative attacks and fire modes), or absent where an attack is one roll
   * per declared shot (the percentile engines). Throws a RulesError for what the rules refuse.
   */
  attackSteps?(facts: AttackFacts, declaration: StepDeclaration): StepPlan;
  /**
   * An attack aimed at an area where the target stands rather than at the creature — a grenadelike throw at its 2 m
   * square (d20: Defense 5, SW-38) or suppression fire at a 4 m × 4 m area (Defense 10, SW-43): the facts as the
   * area sees them (no cover, no concealment, no creature's Defense) and its target terms. Throws a RulesError when
   * the weapon cannot (suppression without multifire or autofire). Absent where grenades are thrown at the creature
   * (Star Frontiers).
   */
  areaTarget?(
    facts: AttackFacts,
    kind: AreaKind,
  ): { readonly facts: AttackFacts; readonly terms: Modifier[] };
  attackModifiers(facts: AttackFacts, options: RuleOptions): Modifier[];
  /**
   * The terms of the number the attack is rolled against (d20: Defense), a list apart from the attack's, so a
   * user's override of the attacker's `dex` or `size` never touches the defender's. [] where the chance alone
   * decides (Alpha Dawn, Zebulon).
   */
  targetModifiers(facts: AttackFacts, options: RuleOptions): Modifier[];
  /** `target`: the target number's terms after the user's overrides; the engine's own when absent. */
  check(
    facts: AttackFacts,
    modifiers: readonly Modifier[],
    options: RuleOptions,
    target?: readonly Modifier[],
  ): Check;
  /**
   * The next die to roll for `check` given those rolled so far, or null when `resolve` has all it needs. The
   * workflow loops on it, so only the dice the attack really needs are rolled (and shown).
   */
  nextDie(check: Check, dice: DiceResults): DieRequest | null;
  resolve(check: Check, dice: DiceResults): Outcome;
  /**
   * The damage dice a hit on this check rolls (`2d10`, `3d6`), for the dialog and the roll; throws a RulesError
   * when the weapon has none for it (an Alpha Dawn weapon with no damage at that band).
   */
  damageFormula(weapon: WeaponFacts, check: Check, powerSetting: number | null): string;
  /** `damageDice` are the weapon's dice as rolled; an engine that rates damage by result may ignore them. */
  damage(
    outcome: Outcome,
    weapon: WeaponFacts,
    damageDice: readonly number[],
    powerSetting: number | null,
  ): DamageRoll;
}

/** The engine's check of its own kind, or a clear error (a check from another engine reached it). */
export function checkOfKind<K extends Check["kind"]>(check: Check, kind: K): Extract<Check, { kind: K }> {
  if (check.kind !== kind) throw new Error(`A ${check.kind} check reached a ${kind} engine`);
  return check as Extract<Check, { kind: K }>;
}
