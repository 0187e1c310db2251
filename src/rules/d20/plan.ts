/**
 * The plan of one d20 attack declaration (SW-02, SW-22, SW-35, SW-36, SW-37, ruling 4h): which attack rolls it makes,
 * at whom, with which extra terms, what action it takes and what ammunition it spends — decided and refused before
 * any die is rolled or any shot spent. This is the pure half of the full-attack dialog (design d20-swn.md §2.2 "an
 * engine-owned attack plan of steps"): each step's `extras` are the terms to add to the engine's attack terms for
 * that roll (which already hold the BAB), so the workflow resolves a step exactly like a single attack.
 */
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import {
  type AttackStep,
  DEFAULT_SHOTS_PER_ATTACK,
  type FireFeats,
  type FireMode,
  fireModeSteps,
  shotsForSteps,
  spendShots,
  type TwoWeaponInput,
  twoWeaponSteps,
} from "./full-attack.js";
import { checkBab } from "./weapon-checks.js";

export interface D20AttackDeclaration {
  readonly bab: number;
  /** A full attack (full-round action); false = one attack as an attack action. */
  readonly fullAttack: boolean;
  readonly mode: FireMode;
  /** Two weapons or a double weapon (SW-22); null/absent = one weapon. */
  readonly twoWeapon?: TwoWeaponInput | null;
  readonly feats?: FireFeats;
  readonly twoHanded?: boolean;
  readonly twoSizesSmaller?: boolean;
  readonly rifleOrTripod?: boolean;
  readonly weapon: {
    readonly ranged: boolean;
    readonly multifire: boolean;
    readonly autofire: boolean;
    /** A multifire/autofire-only weapon (repeating blasters, SW-35). */
    readonly autoOnly?: boolean;
    /** Ruling 4h: shots per attack roll, editable per weapon (1 by default). */
    readonly shotsPerAttack?: number;
  };
  /** One target id for every step, or one per step in order. */
  readonly targets: readonly string[];
  /** SW-02: the surprise round allows one attack or move action. */
  readonly surpriseRound?: boolean;
  /** Shots left in the weapon; null = not tracked (melee, or a weapon without ammunition). */
  readonly shotsAvailable?: number | null;
}

export interface PlannedStep extends AttackStep {
  readonly targetId: string;
  /** The terms this roll adds to the engine's attack terms: the iterative step below BAB, then the step's own. */
  readonly extras: readonly Modifier[];
}

export interface D20AttackPlan {
  readonly steps: readonly PlannedStep[];
  /** The action it takes (SW-13): one attack is an attack action; more is a full attack, a full-round action. */
  readonly action: "attack" | "fullRound";
  readonly shots: number;
  readonly shotsLeft: number | null;
}

const refuse = (key: string, message: string, data?: Record<string, string | number>): never => {
  throw new RulesError(key, message, data);
};

/** The terms a step adds to the engine's (which hold the BAB): the −5 steps below it (SW-22), then its own. */
export function stepExtras(step: AttackStep, bab: number): Modifier[] {
  const below = step.base - bab;
  const out: Modifier[] = [];
  if (below !== 0)
    out.push({ id: "iterative", label: "FT.D20.FullAttack.iterative", value: below, ruleId: "SW-22" });
  return out.concat(step.modifiers);
}

/**
 * Plans a d20 attack declaration, refusing what the rules do not allow before anything is spent:
 * - multifire/autofire only with a ranged weapon that has it, and only as a full attack (SW-35, SW-36);
 * - no full-round action in a surprise round (SW-02);
 * - two-weapon fighting is a full attack with one weapon mode (fire modes and two weapons are not combined: the seed
 *   gives no numbers for both at once);
 * - one target for all steps or one per step;
 * - enough shots for every attack (ruling 4h).
 */
export function planD20Attack(d: D20AttackDeclaration): D20AttackPlan {
  checkBab(d.bab);
  if (d.mode !== "single") {
    if (!d.weapon.ranged || !d.weapon[d.mode])
      refuse("FT.D20.FullAttack.noFireMode", `The weapon has no ${d.mode} setting`, { mode: d.mode });
    if (!d.fullAttack)
      refuse("FT.D20.FullAttack.modeNeedsFullAttack", `${d.mode} takes a full attack`, { mode: d.mode });
    if (d.twoWeapon)
      refuse("FT.D20.FullAttack.twoWeaponFireMode", "Two weapons do not combine with a fire mode");
  }
  if (d.twoWeapon && !d.fullAttack)
    refuse("FT.D20.FullAttack.twoWeaponNeedsFullAttack", "Fighting with two weapons takes a full attack");
  if (d.fullAttack && d.surpriseRound)
    refuse("FT.D20.FullAttack.surpriseRound", "The surprise round allows a single attack or move action");

  let steps: AttackStep[];
  if (d.twoWeapon) steps = twoWeaponSteps(d.bab, d.twoWeapon);
  else
    steps = fireModeSteps({
      bab: d.bab,
      mode: d.mode,
      feats: d.feats,
      twoHanded: d.twoHanded,
      twoSizesSmaller: d.twoSizesSmaller,
      rifleOrTripod: d.rifleOrTripod,
      autoOnly: d.weapon.autoOnly,
    });
  if (!d.fullAttack) steps = steps.slice(0, 1);

  if (d.targets.length !== 1 && d.targets.length !== steps.length)
    refuse(
      "FT.D20.FullAttack.targets",
      `${steps.length} attacks need one target or ${steps.length} targets, not ${d.targets.length}`,
    );
  const planned: PlannedStep[] = steps.map((s, i) => ({
    ...s,
    targetId: d.targets.length === 1 ? d.targets[0]! : d.targets[i]!,
    extras: stepExtras(s, d.bab),
  }));

  const shots = d.weapon.ranged
    ? shotsForSteps(steps, d.weapon.shotsPerAttack ?? DEFAULT_SHOTS_PER_ATTACK)
    : 0;
  const available = d.shotsAvailable ?? null;
  const shotsLeft = available === null ? null : spendShots(available, shots);
  return {
    steps: planned,
    action: steps.length > 1 || d.fullAttack ? "fullRound" : "attack",
    shots,
    shotsLeft,
  };
}
