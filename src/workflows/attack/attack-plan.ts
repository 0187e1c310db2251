/**
 * An attack from facts to outcome, with no Foundry in it: validate the declaration, ask the engine for every
 * modifier per target, apply the user's overrides, combine them for a burst, resolve the dice and plan the
 * damage. The Foundry workflow gathers the facts and rolls the dice; the chat card stores what this returns.
 */

import type { TargetInput } from "../../canvas/scene-facts.js";
import type { AttackResult, CardSpend, ShotResult } from "../../data/chat/attack-card.js";
import {
  type AlphaDawnVariant,
  type AmmoSpec,
  type AreaKind,
  type AttackerFacts,
  type AttackFacts,
  ammoFor,
  applyOverrides,
  burstDice,
  burstModifiers,
  type Check,
  CONCEALMENT_OVERRIDE,
  DEFAULT_DECLARATIONS,
  type Declarations,
  type DiceResults,
  darknessRefusal,
  isOverwatchShot,
  type Modifier,
  type PlannedAttackStep,
  type ResolutionEngine,
  RulesError,
  type StepDeclaration,
  type StepPlan,
  splitTotal,
  validateBurstTargets,
  validateConveyance,
  validateShots,
  type WeaponFacts,
  withMissChance,
} from "../../rules/index.js";

export interface AmmoState {
  /** `none` for weapons that use no ammunition (most melee weapons, thrown grenades counted as items). */
  readonly unit: AmmoSpec["unit"] | "none";
  readonly perShot: number;
  /** Per-SEU weapons (lasers): the power setting is the SEU per shot. */
  readonly perSeu: boolean;
  /** Rounds or SEU left where the weapon draws them (its clip or the power pack it is plugged into). */
  readonly remaining: number | null;
  readonly capacity: number | null;
  /** The item that holds them: the weapon itself or a power source. */
  readonly sourceId: string;
}

export interface AttackRequest {
  readonly engine: ResolutionEngine;
  readonly variant: AlphaDawnVariant;
  readonly attacker: AttackerFacts;
  readonly weapon: WeaponFacts;
  readonly ammo: AmmoState;
  readonly targets: readonly TargetInput[];
  readonly declarations: Declarations;
  /** Per target id: modifier id → new value (null removes it). A "*" key applies to every target. */
  readonly overrides?: Readonly<Record<string, Readonly<Record<string, number | null>>>>;
  /**
   * The same for the terms of the number the attack is rolled against (d20 Defense): a list apart from the
   * attack's, since both have a `dex` and a `size`.
   */
  readonly targetOverrides?: Readonly<Record<string, Readonly<Record<string, number | null>>>>;
  /**
   * Targets whose numbers the user may not see (an NPC a player cannot observe, issue "trust" R1-5): the dialog
   * shows none of their Defense terms, and their overrides are ignored but for the free concealment percentage,
   * which only ever raises the miss chance (review 14 H2: a player could rewrite an NPC's Defense unseen).
   */
  readonly secretTargets?: readonly string[];
  /** Fired last turn, for ½ rate-of-fire weapons. */
  readonly firedLastTurn?: boolean;
  /**
   * What the engine's attack steps are planned from (d20 full attacks and fire modes, SW-22, SW-35..37), where the
   * engine plans steps (`ResolutionEngine.attackSteps`); ignored by the others. Absent = one attack.
   */
  readonly plan?: StepRequest;
  /** SW-22: the weapons the attacker may fight with in the off hand (the dialog offers them). */
  readonly offHands?: readonly OffHandOption[];
  /**
   * An attack at the area where the target stands, where the engine aims at areas: a grenadelike throw at its square
   * (SW-38) or suppression fire (SW-43). Absent = at the creature.
   */
  readonly area?: AreaKind | null;
  /**
   * Issue 33: the roll mode the dialog's user picked (a v13 `CONFIG.Dice.rollModes` key); absent = the chat's mode
   * (helpers/roll-mode.ts). The card is posted in it.
   */
  readonly rollMode?: string;
}

/** The dialog's full attack, fire mode and a target per step (ids of the request's targets). */
export interface StepRequest {
  readonly fullAttack: boolean;
  readonly mode: StepDeclaration["mode"];
  /** One target id per step; absent or of another length = the default (targets in turn, `defaultStepTargets`). */
  readonly targets?: readonly string[];
  readonly twoHands?: boolean;
  readonly braced?: boolean;
  /** SW-25: an attack of opportunity — one attack at the highest bonus, whatever the form says. */
  readonly aoo?: boolean;
  /** SW-22: the off-hand weapon's option id (`AttackRequest.offHands`); absent = one weapon. */
  readonly offHand?: string | null;
  /** SW-02: the attacker's combat is in its surprise round (set by the workflow, not the dialog). */
  readonly surpriseRound?: boolean;
}

/** One planned attack roll: its target, its own terms, the check it is rolled against, its weapon and damage. */
export interface PreparedStep extends PlannedAttackStep {
  readonly check: Check;
  /** The weapon it is made with: the attack's, or the off hand's (SW-22). */
  readonly weapon: WeaponFacts;
  /** Its damage dice on a hit ("" = none: suppression fire, a weapon without damage). */
  readonly formula: string;
}

/** SW-22: a weapon the attacker may fight with in the off hand (another weapon, or a double weapon's other end). */
export interface OffHandOption {
  /** The item's id, or `double` for the other end of the attack's own double weapon. */
  readonly id: string;
  readonly name: string;
  readonly weapon: WeaponFacts;
  readonly ammo: AmmoState;
  readonly double: boolean;
}

export interface TargetPlan {
  readonly id: string;
  readonly name: string;
  readonly modifiers: readonly Modifier[];
  /** The target number's terms after the user's overrides (d20 Defense); [] where the chance alone decides. */
  readonly targetModifiers: readonly Modifier[];
  readonly check: Check;
  readonly coverReason: TargetInput["coverReason"];
  /** Why this target cannot be hit (out of range, out of sight), or null. */
  readonly problem: string | null;
}

export interface PreparedAttack {
  readonly request: AttackRequest;
  readonly targets: readonly TargetPlan[];
  /** A burst's single check for all its targets (SF-X-24). */
  readonly burst: {
    readonly modifiers: readonly Modifier[];
    readonly check: Check;
    readonly dice: number;
  } | null;
  /** What the attack spends (SF-B-19, SF-X-24, SF-X-36). */
  readonly spend: CardSpend | null;
  /** Damage formula per hit (per target for per-band weapons), for the dialog and the roll. */
  readonly formula: Readonly<Record<string, string>>;
  /**
   * The attack rolls of an engine that plans steps (d20): each with its target and check, rolled in order; null
   * where each declared shot is a roll at the one target (the percentile engines).
   */
  readonly steps: readonly PreparedStep[] | null;
  /** The action the steps take (SW-13): an attack action, or a full-round action. */
  readonly action: StepPlan["action"] | null;
  /** SW-22, ruling 4h: what the off-hand weapon spends (another item than the attack's), and what it has now. */
  readonly offHandSpend: (NonNullable<PreparedAttack["spend"]> & { readonly remaining: number }) | null;
}

function factsFor(req: AttackRequest, t: TargetInput): AttackFacts {
  const facts = {
    attacker: req.attacker,
    weapon: req.weapon,
    target: withConcealment(t.facts, req.targetOverrides),
    declarations: req.declarations,
  };
  // SW-38, SW-43: an attack at an area sees none of the creature's cover, concealment or Defense.
  return req.area && req.engine.areaTarget ? req.engine.areaTarget(facts, req.area).facts : facts;
}

/**
 * SW-32: "use the one that would produce the highest miss chance" — a percentage the user enters in the dialog
 * (fog, darkness the scene does not know) competes with the scene's; the higher applies, never the sum. A target
 * without a d20 block is left as it is.
 */
function withConcealment(
  facts: TargetInput["facts"],
  overrides: AttackRequest["targetOverrides"],
): TargetInput["facts"] {
  const free = overrides?.[facts.id]?.[CONCEALMENT_OVERRIDE] ?? overrides?.["*"]?.[CONCEALMENT_OVERRIDE];
  return typeof free === "number" ? withMissChance(facts, free) : facts;
}

/**
 * Check the declaration and prepare every target's modifiers and check. Throws a {@link RulesError} for what
 * must stop the attack before anything is spent: no target, too many shots (SF-X-30, SF-X-27), a burst at more
 * than five or from a weapon that cannot fire one (SF-X-24), an empty weapon (SF-B-19), no target in range
 * and sight (SF-B-10, SF-B-08).
 */
/**
 * The request with every declaration its engine does not read back at its default (review 14b H1): a d20 attack
 * never becomes a Star Frontiers burst or several SF-X-30 shots because a default, a macro or the Declare phase set
 * them — the d20 dialog does not offer them, so nothing the user cannot see changes the attack.
 */
function withReadDeclarations(req: AttackRequest): AttackRequest {
  const reads = req.engine.reads;
  const own = req.declarations;
  const pick = <K extends keyof Declarations>(k: K): Declarations[K] =>
    reads.has(k) ? own[k] : DEFAULT_DECLARATIONS[k];
  const declarations: Declarations = {
    shots: pick("shots"),
    burst: pick("burst"),
    carefulAim: pick("carefulAim"),
    scope: pick("scope"),
    wrongHand: pick("wrongHand"),
    twoWeapons: pick("twoWeapons"),
    cannotMiss: pick("cannotMiss"),
    powerSetting: pick("powerSetting"),
    mounted: pick("mounted"),
    settingChanged: pick("settingChanged"),
    ...(reads.has("resultShift") && own.resultShift !== undefined ? { resultShift: own.resultShift } : {}),
  };
  return { ...req, declarations };
}

/** Ruling 4h: the off-hand weapon's ammunition for its attacks, refused before anything is spent when too little. */
function offHandUse(
  off: OffHandOption,
  attacks: number,
  powerSetting: number | null,
): PreparedAttack["offHandSpend"] {
  const a = off.ammo;
  if (a.unit === "none") return null;
  const one = ammoFor({ unit: a.unit, perShot: a.perShot, perSeu: a.perSeu }, 1, null, powerSetting);
  const amount = one.amount * attacks;
  if (a.remaining === null || amount === 0) return null;
  if (a.remaining < amount)
    throw new RulesError(
      a.remaining <= 0 ? "FT.Error.empty" : "FT.Error.notEnoughAmmo",
      `${off.name}: ${amount}`,
      {
        needed: amount,
        left: a.remaining,
        unit: one.unit,
      },
    );
  return { amount, unit: one.unit, sourceId: a.sourceId, remaining: a.remaining };
}

/** The default target of each step: the request's targets in turn (one target: every step at it). */
export function defaultStepTargets(targetIds: readonly string[], steps: number): string[] {
  return Array.from({ length: steps }, (_, i) => targetIds[i % targetIds.length]!);
}

/**
 * SW-22, SW-35..37, SW-02: the engine's attack steps, each at its target with its own check (the target's attack
 * terms plus the step's), where the engine plans steps; null where it does not. Refuses a step at a target that
 * cannot be hit (out of range or sight: named), more targets than attacks, and a step at a target not in the
 * request.
 */
function planSteps(
  req: AttackRequest,
  targets: readonly TargetPlan[],
): { steps: PreparedStep[]; action: StepPlan["action"]; off: OffHandOption | null } | null {
  const engine = req.engine;
  if (!engine.attackSteps) return null;
  // SW-38, SW-43: a grenade is one throw at one square; suppression fire one attack roll at one area, a full-round
  // action the surprise round does not allow (SW-02).
  if (req.area === "suppression" && req.plan?.surpriseRound)
    throw new RulesError("FT.D20.FullAttack.surpriseRound", "The surprise round allows a single attack");
  const asked: StepRequest = req.plan && !req.area ? req.plan : { fullAttack: false, mode: "single" };
  // SW-25 an attack of opportunity, SWN-08 an overwatch shot: one attack, whatever the dialog asks.
  const single = asked.aoo || isOverwatchShot(req.attacker);
  const p: StepRequest = single ? { ...asked, fullAttack: false, mode: "single", offHand: null } : asked;
  // SW-22: the off-hand weapon the user chose among those the workflow offered (a double weapon's other end too).
  const off = p.offHand ? req.offHands?.find((o) => o.id === p.offHand) : undefined;
  if (p.offHand && !off)
    throw new RulesError("FT.D20.FullAttack.noOffHand", `No off-hand weapon ${p.offHand}`, { id: p.offHand });
  const first = req.targets[0]!;
  const declare = (ids: readonly string[]) =>
    engine.attackSteps!(factsFor(req, first), {
      fullAttack: p.fullAttack,
      mode: p.mode,
      targets: ids,
      surpriseRound: p.surpriseRound ?? false,
      ...(p.twoHands === undefined ? {} : { twoHands: p.twoHands }),
      ...(p.braced === undefined ? {} : { braced: p.braced }),
      ...(off ? { twoWeapon: { offHand: off.weapon, double: off.double } } : {}),
    });
  const ids = targets.map((t) => t.id);
  // How many attacks the declaration makes, then a target for each.
  const count = declare([ids[0]!]).steps.length;
  if (ids.length > count)
    throw count === 1
      ? new RulesError("FT.Error.oneTargetOnly", "One attack, one target")
      : new RulesError("FT.D20.FullAttack.moreTargetsThanAttacks", "More targets than attacks", {
          targets: ids.length,
          attacks: count,
        });
  const chosen =
    p.targets && p.targets.length === count && p.targets.every((id) => ids.includes(id))
      ? p.targets
      : defaultStepTargets(ids, count);
  const plan = declare(chosen);
  const options = { variant: req.variant };
  const all = req.overrides?.["*"] ?? {};
  const steps = plan.steps.map((step): PreparedStep => {
    const i = ids.indexOf(step.targetId);
    const t = targets[i]!;
    if (t.problem) throw new RulesError(t.problem, `${t.name}: ${t.problem}`, { target: t.name });
    // SW-22: the off-hand attack is made with the off-hand weapon (its range, its damage); the rest with the main one.
    const weapon = step.kind === "offHand" && off ? off.weapon : req.weapon;
    const f = { ...factsFor(req, req.targets[i]!), weapon };
    const mods =
      weapon === req.weapon
        ? t.modifiers
        : applyOverrides(engine.attackModifiers(f, options), { ...all, ...(req.overrides?.[t.id] ?? {}) });
    const check = engine.check(f, [...mods, ...step.extras], options, t.targetModifiers);
    if (!check.inRange)
      throw new RulesError("FT.Error.outOfRange", `${t.name} is out of range of ${weapon.name}`, {
        target: t.name,
      });
    let formula = "";
    // SW-43: suppression fire threatens the area; its roll deals no damage.
    if (req.area !== "suppression")
      try {
        formula = engine.damageFormula(weapon, check, req.declarations.powerSetting);
      } catch {
        formula = "";
      }
    return { ...step, check, weapon, formula };
  });
  return { steps, action: req.area === "suppression" ? "fullRound" : plan.action, off: off ?? null };
}

export function prepareAttack(request: AttackRequest): PreparedAttack {
  const req = withReadDeclarations(request);
  if (req.targets.length === 0) throw new RulesError("FT.Error.noTarget", "Target at least one token");
  // SF-B-21: a skimmer driver or a monorail rider does not fire; a monorail rider is not shot at.
  validateConveyance(
    req.variant,
    req.attacker,
    req.targets.map((t) => t.facts),
  );
  const d = req.declarations;
  if (d.burst) {
    if (!req.weapon.burst)
      throw new RulesError("FT.Error.noBurst", `${req.weapon.name} cannot fire a burst`, {
        weapon: req.weapon.name,
      });
    validateBurstTargets(req.targets.length);
  } else if (req.targets.length > 1 && !req.engine.attackSteps) {
    // An engine without Star Frontiers bursts (d20) is not told to declare one.
    if (!req.engine.reads.has("burst"))
      throw new RulesError("FT.Error.oneTargetOnly", "One attack, one target");
    throw new RulesError("FT.Error.oneTarget", "Only a burst can be aimed at several targets");
  }
  validateShots(factsFor(req, req.targets[0]!), req.firedLastTurn ?? false);

  const options = { variant: req.variant };
  const all = req.overrides?.["*"] ?? {};
  const targets: TargetPlan[] = req.targets.map((t) => {
    const f = factsFor(req, t);
    const mods = applyOverrides(req.engine.attackModifiers(f, options), {
      ...all,
      ...(req.overrides?.[t.facts.id] ?? {}),
    });
    const square = req.area && req.engine.areaTarget ? req.engine.areaTarget(f, req.area).terms : null;
    const defense = applyOverrides(
      square ?? req.engine.targetModifiers(f, options),
      req.secretTargets?.includes(t.facts.id)
        ? {}
        : { ...(req.targetOverrides?.["*"] ?? {}), ...(req.targetOverrides?.[t.facts.id] ?? {}) },
    );
    const check = req.engine.check(f, mods, options, defense);
    const problem = !t.facts.visible
      ? "FT.Error.outOfSight"
      : // SF-X-23: in darkness, unseen without infrared or light amplification.
        (darknessRefusal(req.attacker, t.facts) ?? (check.inRange ? null : "FT.Error.outOfRange"));
    return {
      id: t.facts.id,
      name: t.facts.name,
      modifiers: mods,
      targetModifiers: defense,
      check,
      coverReason: t.coverReason,
      problem,
    };
  });
  const planned = planSteps(req, targets);
  const steps = planned?.steps ?? null;
  const off = planned?.off ?? null;
  // SW-22: another weapon's off-hand attacks spend its own ammunition; a double weapon's both ends are one item.
  const offSteps = off && !off.double ? (steps ?? []).filter((s) => s.kind === "offHand").length : 0;
  const offHandSpend = off && offSteps ? offHandUse(off, offSteps, d.powerSetting) : null;
  const { unit, perShot, perSeu } = req.ammo;
  // Ruling 4h: a planned action spends what one attack does for each of its attack rolls.
  const rolls = steps ? steps.length - offSteps : d.burst ? 1 : d.shots;
  const use =
    unit === "none"
      ? null
      : ammoFor(
          { unit, perShot, perSeu },
          steps ? 1 : rolls,
          d.burst ? req.weapon.burst!.rounds : null,
          d.powerSetting,
        );
  const amount = use ? (steps ? use.amount * rolls : use.amount) : 0;
  if (use && req.ammo.remaining !== null && req.ammo.remaining < amount) {
    throw new RulesError(
      req.ammo.remaining <= 0 ? "FT.Error.empty" : "FT.Error.notEnoughAmmo",
      `Needs ${amount} ${use.unit}`,
      {
        needed: amount,
        left: req.ammo.remaining,
        unit: use.unit,
      },
    );
  }

  if (!steps && targets.every((t) => t.problem)) {
    const p = targets[0]!.problem!;
    throw new RulesError(p, p === "FT.Error.outOfRange" ? "Out of range" : "Out of sight", {
      target: targets[0]!.name,
    });
  }
  if (d.burst && targets.some((t) => t.problem)) {
    const bad = targets.find((t) => t.problem)!;
    throw new RulesError(bad.problem!, `${bad.name}: ${bad.problem}`, { target: bad.name });
  }

  let burst: PreparedAttack["burst"] = null;
  if (d.burst) {
    const mods = burstModifiers(targets.map((t) => t.modifiers));
    const first = req.targets[0]!;
    const check = {
      ...req.engine.check(factsFor(req, first), mods, options),
      crowd: targets.some((t) => t.check.crowd),
    };
    burst = { modifiers: mods, check, dice: burstDice(req.weapon.burst!, targets.length) };
  }
  const formula: Record<string, string> = {};
  for (const t of targets) {
    if (d.burst) formula[t.id] = `${burst!.dice}d10`;
    else {
      try {
        // SW-43: suppression fire threatens the area; its roll deals no damage.
        formula[t.id] =
          req.area === "suppression" ? "" : req.engine.damageFormula(req.weapon, t.check, d.powerSetting);
      } catch {
        formula[t.id] = "";
      }
    }
  }
  return {
    request: req,
    targets,
    burst,
    spend: use && amount > 0 ? { amount, unit: use.unit, sourceId: req.ammo.sourceId } : null,
    formula,
    steps,
    action: planned?.action ?? null,
    offHandSpend,
  };
}

export interface AttackDice {
  /**
   * The dice each shot's roll asked for, by key (a burst is one shot): Alpha Dawn's d100 and, on a miss into a
   * crowd, its stray d100 (SF-X-35); Zebulon's d100; d20's d20, confirmation and concealment dice.
   */
  readonly rolls: readonly DiceResults[];
  /** Damage dice per shot for a single target; for a burst, the one pool of d10s. */
  readonly damage: readonly (readonly number[])[];
}

/** The check each shot is rolled against: the burst's one check, or the single target's. */
export function shotCheck(prep: PreparedAttack): Check {
  return prep.burst ? prep.burst.check : prep.targets[0]!.check;
}

/** Resolve the dice: each shot at the single target, or the burst's one roll for every target. */
export function resolveAttack(prep: PreparedAttack, dice: AttackDice): AttackResult {
  const { engine } = prep.request;
  const shots: ShotResult[] = [];
  if (prep.burst) {
    const outcome = engine.resolve(prep.burst.check, dice.rolls[0] ?? {});
    const pool = dice.damage[0] ?? [];
    // The engine turns the burst's dice into its damage (Alpha Dawn: their sum; Zebulon: the colour's share of
    // the maximum), then it is split evenly and the remainder lost (SF-X-24). No branch on the engine.
    const burstWeapon = { ...prep.request.weapon, damage: { formula: `${prep.burst.dice}d10` } };
    const total = outcome.hit ? engine.damage(outcome, burstWeapon, pool, null).rolled : 0;
    const split = splitTotal(total, prep.targets.length);
    for (const t of prep.targets) {
      shots.push({ targetId: t.id, outcome, damage: split.each, formula: prep.formula[t.id] ?? "" });
    }
    return {
      shots,
      burst: { total, each: split.each, lost: split.lost, hit: outcome.hit },
      damage: prep.targets.map((t) => ({ targetId: t.id, damage: split.each })),
    };
  }
  if (prep.steps) return resolveSteps(prep, prep.steps, dice);
  const t = prep.targets[0]!;
  const n = prep.request.declarations.shots;
  if (dice.rolls.length !== n)
    throw new RulesError("FT.Error.diceCount", `Expected ${n} attack rolls, got ${dice.rolls.length}`, {
      expected: n,
      got: dice.rolls.length,
    });
  let total = 0;
  for (let i = 0; i < n; i++) {
    const outcome = engine.resolve(t.check, dice.rolls[i]!);
    let damage = 0;
    if (outcome.hit && prep.formula[t.id]) {
      damage = engine.damage(
        outcome,
        prep.request.weapon,
        dice.damage[i] ?? [],
        prep.request.declarations.powerSetting,
      ).rolled;
    }
    shots.push({ targetId: t.id, outcome, damage, formula: prep.formula[t.id] ?? "" });
    total += damage;
  }
  return { shots, burst: null, damage: [{ targetId: t.id, damage: total }] };
}

/** SW-22, SW-35..37: each step at its own target against its own check; damage summed per target hit. */
function resolveSteps(prep: PreparedAttack, steps: readonly PreparedStep[], dice: AttackDice): AttackResult {
  const { engine, declarations } = prep.request;
  if (dice.rolls.length !== steps.length)
    throw new RulesError(
      "FT.Error.diceCount",
      `Expected ${steps.length} attack rolls, got ${dice.rolls.length}`,
      { expected: steps.length, got: dice.rolls.length },
    );
  const shots: ShotResult[] = [];
  const sums = new Map<string, number>();
  steps.forEach((step, i) => {
    const outcome = engine.resolve(step.check, dice.rolls[i]!);
    const formula = step.formula;
    const damage =
      outcome.hit && formula
        ? engine.damage(outcome, step.weapon, dice.damage[i] ?? [], declarations.powerSetting).rolled
        : 0;
    shots.push({ targetId: step.targetId, outcome, damage, formula });
    sums.set(step.targetId, (sums.get(step.targetId) ?? 0) + damage);
  });
  return { shots, burst: null, damage: [...sums].map(([targetId, damage]) => ({ targetId, damage })) };
}

/** The check each attack roll is made against, in order: a planned step's own, else the shot check. */
export function rollChecks(prep: PreparedAttack): Check[] {
  if (prep.steps) return prep.steps.map((s) => s.check);
  const n = prep.burst ? 1 : prep.request.declarations.shots;
  return Array.from({ length: n }, () => shotCheck(prep));
}

/** Number of damage dice a shot needs (to roll them in Foundry before resolving): `at` a target, or a step's own. */
export function damageDiceNeeded(
  prep: PreparedAttack,
  at: string | PreparedStep,
): { count: number; faces: number } | null {
  const f = typeof at === "string" ? prep.formula[at] : at.formula;
  if (!f) return null;
  const m = /^(\d+)d(\d+)/.exec(f);
  return m ? { count: Number(m[1]), faces: Number(m[2]) } : null;
}
