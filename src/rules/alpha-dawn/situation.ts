/**
 * What the scene cannot see, as facts a user sets (catalog: "A rule marked A is also available as S"): cover on a
 * map without flagged walls (SF-B-12, SF-X-22), how the target moved (a dodging target, SF-X-10, SF-X-17), a target
 * in a moving vehicle (SF-X-19), its size (SF-X-25), prone (SF-X-26), in a crowd or in melee (SF-X-35), a Basic-game
 * target riding a skimmer or a monorail (SF-B-21), in darkness or behind smoke, haze or fog (SF-X-23). A choice never carries a number: it changes a fact, and the
 * engine of the world turns the fact into its modifier (so Zebulon converts it like any other).
 */
import type { ResolutionEngine, RuleOptions } from "../core/engine.js";
import type { AttackerFacts, AttackFacts, TargetFacts } from "../core/facts.js";
import {
  type AlphaDawnVariant,
  type CoverClass,
  type Modifier,
  type Movement,
  RulesError,
  type SizeClass,
  type VehicleSpeed,
} from "../core/types.js";
import { type Conveyance, conveyanceRules } from "./turn.js";
import { darknessRefusal } from "./vision.js";

/** The facts of a target a user may set in the dialog. */
export interface TargetSituation {
  readonly movement: Movement;
  readonly cover: CoverClass;
  readonly vehicleMoving: boolean;
  readonly size: SizeClass;
  readonly prone: boolean;
  readonly crowd: boolean;
  readonly conveyance: Conveyance;
  /** SF-X-23: in darkness, behind smoke, haze or fog. */
  readonly dark: boolean;
  readonly smoke: boolean;
}

export type SituationFact = keyof TargetSituation;

const MOVEMENTS: readonly Movement[] = ["stationary", "walked", "ran", "dodged"];
const COVERS: readonly CoverClass[] = ["none", "soft", "hard"];
const SIZES: readonly SizeClass[] = ["tiny", "small", "medium", "large", "giant"];
const CONVEYANCES: readonly Conveyance[] = ["onFoot", "skimmerRider", "skimmerDriver", "monorail"];
const VEHICLES: readonly VehicleSpeed[] = ["none", "slow", "fast"];

/** Every value each fact may take (what a form may send). */
export const SITUATION_VALUES: { readonly [F in SituationFact]: readonly TargetSituation[F][] } = {
  movement: MOVEMENTS,
  cover: COVERS,
  vehicleMoving: [false, true],
  size: SIZES,
  prone: [false, true],
  crowd: [false, true],
  conveyance: CONVEYANCES,
  dark: [false, true],
  smoke: [false, true],
};

/** One thing a user may add to a target: a fact set to a value. */
export interface SituationChoice {
  /** `fact.value`, e.g. `cover.hard`, `movement.dodged`, `prone.true`. */
  readonly key: string;
  /** i18n key of the situation (`FT.Situation.*`). */
  readonly label: string;
  /** The modifiers the engine gives for it that the target does not have now. */
  readonly modifiers: readonly Modifier[];
  /** The modifiers the target has now that it would lose (a target that walked is no longer stationary, +10). */
  readonly removed: readonly Modifier[];
  /** A rule the choice breaks (a monorail rider cannot be shot, SF-B-21): its i18n key, or null. */
  readonly refusal: string | null;
  /** The rule ID of the refusal (SF-B-21, SF-X-23), or null. */
  readonly refusalRule: string | null;
}

/** The choices offered per variant, in the order the dialog lists them. */
const CHOICES: Readonly<Record<AlphaDawnVariant, readonly (readonly [SituationFact, string])[]>> = {
  // SF-B-12 any cover (a skimmer rider or driver has it too, SF-B-21); a monorail rider cannot be shot.
  basic: [
    ["cover", "soft"],
    ["conveyance", "skimmerRider"],
    ["conveyance", "monorail"],
  ],
  expanded: [
    ["cover", "soft"],
    ["cover", "hard"],
    ["movement", "stationary"],
    ["movement", "walked"],
    ["movement", "ran"],
    ["movement", "dodged"],
    ["vehicleMoving", "true"],
    ["size", "tiny"],
    ["size", "small"],
    ["size", "medium"],
    ["size", "large"],
    ["size", "giant"],
    ["prone", "true"],
    ["crowd", "true"],
    ["dark", "true"],
    ["smoke", "true"],
  ],
};

/** The target's situation as its facts have it. */
export function situationOf(t: TargetFacts): TargetSituation {
  return {
    movement: t.movement,
    cover: t.cover,
    vehicleMoving: t.vehicleMoving,
    size: t.size,
    prone: t.prone,
    crowd: t.crowd,
    conveyance: t.conveyance ?? "onFoot",
    dark: t.dark ?? false,
    smoke: t.smoke ?? false,
  };
}

/** Read one fact's value from a form string (`"true"`, `"dodged"` …); undefined when it is not one of its values. */
export function parseSituationValue<F extends SituationFact>(
  fact: F,
  raw: unknown,
): TargetSituation[F] | undefined {
  const values = SITUATION_VALUES[fact] as readonly unknown[];
  const v = raw === true || raw === "true" ? true : raw === false || raw === "false" ? false : raw;
  return values.includes(v) ? (v as TargetSituation[F]) : undefined;
}

/** `fact.value` → the fact and its value, or null for anything else. */
export function parseSituationKey(key: unknown): { fact: SituationFact; value: unknown } | null {
  if (typeof key !== "string") return null;
  const dot = key.indexOf(".");
  if (dot < 0) return null;
  const fact = key.slice(0, dot) as SituationFact;
  if (!(fact in SITUATION_VALUES)) return null;
  const value = parseSituationValue(fact, key.slice(dot + 1));
  return value === undefined ? null : { fact, value };
}

/** The target facts with a situation set. */
export function withSituation(t: TargetFacts, s: Partial<TargetSituation>): TargetFacts {
  return { ...t, ...s };
}

const sameModifier = (a: Modifier, b: Modifier) =>
  a.id === b.id && a.value === b.value && a.label === b.label && a.ruleId === b.ruleId;

/**
 * What a user may add to this target under the active variant and engine: every situation the target is not in
 * already, with the modifiers the engine gives for it (and does not give now). A situation the rules give nothing
 * for here (prone behind hard cover, size in the Basic game) is not offered; a refusal (a monorail rider) is, and
 * so is one that only takes a modifier away (a target that walked loses the stationary +10).
 */
export function situationChoices(
  engine: ResolutionEngine,
  facts: AttackFacts,
  options: RuleOptions,
): SituationChoice[] {
  const now = situationOf(facts.target);
  const before = engine.attackModifiers(facts, options);
  const out: SituationChoice[] = [];
  for (const [fact, raw] of CHOICES[options.variant]) {
    const value = parseSituationValue(fact, raw);
    if (value === undefined || now[fact] === value) continue;
    const target = withSituation(facts.target, { [fact]: value });
    const conveyance = targetRefusal(options.variant, target);
    // SF-X-23: a target in darkness cannot be seen without infrared or light amplification.
    const refusal = conveyance ?? darknessRefusal(facts.attacker, target);
    const after = engine.attackModifiers({ ...facts, target }, options);
    const modifiers = after.filter((m) => !before.some((b) => sameModifier(b, m)));
    const removed = before.filter((b) => !after.some((m) => m.id === b.id));
    if (modifiers.length === 0 && removed.length === 0 && !refusal) continue;
    const refusalRule = conveyance ? "SF-B-21" : refusal ? "SF-X-23" : null;
    out.push({
      key: `${fact}.${raw}`,
      label: `FT.Situation.${fact}.${raw}`,
      modifiers,
      removed,
      refusal,
      refusalRule,
    });
  }
  return out;
}

/** Why this target cannot be shot at, by the rules of the variant (SF-B-21 monorail), or null. */
export function targetRefusal(variant: AlphaDawnVariant, t: TargetFacts): string | null {
  if (variant !== "basic") return null;
  return conveyanceRules(t.conveyance ?? "onFoot").canBeShot ? null : "FT.Error.monorailTarget";
}

/**
 * SF-B-21, checked before anything is spent: a skimmer driver cannot fire, a monorail rider can neither shoot out
 * nor be shot at from outside. Throws a {@link RulesError} naming the rule.
 */
export function validateConveyance(
  variant: AlphaDawnVariant,
  attacker: AttackerFacts,
  targets: readonly TargetFacts[],
): void {
  if (variant !== "basic") return;
  const c = attacker.conveyance ?? "onFoot";
  if (!conveyanceRules(c).canFire) {
    const key = c === "monorail" ? "FT.Error.monorailAttacker" : "FT.Error.skimmerDriver";
    throw new RulesError(key, `SF-B-21: a ${c} cannot fire`, { rule: "SF-B-21" });
  }
  const shielded = targets.find((t) => targetRefusal(variant, t));
  if (shielded)
    throw new RulesError("FT.Error.monorailTarget", `SF-B-21: ${shielded.name} rides a monorail`, {
      rule: "SF-B-21",
    });
}

/** The attacker's facts with what the user set: their vehicle (SF-X-19) and their Basic-game conveyance (SF-B-21). */
export function withConveyance(
  a: AttackerFacts,
  set: { vehicle?: unknown; conveyance?: unknown },
): AttackerFacts {
  const vehicle = VEHICLES.includes(set.vehicle as VehicleSpeed) ? (set.vehicle as VehicleSpeed) : a.vehicle;
  const conveyance = CONVEYANCES.includes(set.conveyance as Conveyance)
    ? (set.conveyance as Conveyance)
    : (a.conveyance ?? "onFoot");
  // SF-B-11: riding a skimmer costs the rider −10, as running does.
  return { ...a, vehicle, conveyance, inSkimmer: conveyance === "skimmerRider" };
}
