/**
 * The d20 engine (Star Wars d20 Revised, SW-*) behind {@link ResolutionEngine}: d20 + attack bonus against Defense
 * (SW-04, SW-08), the chance to hit as a percentage like every engine (design §2.2), the dice it needs asked one at
 * a time — the d20, a confirmation d20 only on a threat (SW-18), a d% only after a hit with a miss chance (SW-32)
 * — and the damage roll with Strength and point blank (SW-07, SW-15). What the hit does to the target (vitality,
 * wounds) is the target's health model (`rules/health/vitality-wounds.ts`), not this engine's.
 *
 * The attack terms and the Defense terms are two lists (`attackModifiers`, `targetModifiers`), so a user's override
 * of the attacker's `dex` never touches the defender's `dex`. The engine reads the `d20` blocks of the facts and
 * refuses facts without them clearly.
 *
 * The `swn` profile (ruling 1, issue 16) keeps the engine and changes its numbers: the sheet's attack bonus against
 * AC, no threats or confirmation, concealment as AC and hard cover as armour against the weapon's TL, the side's
 * Morale band on attacks and AC (`rules/swn/profile.ts`).
 */

import { checkDie } from "../core/dice.js";
import {
  type AreaKind,
  type Check,
  checkOfKind,
  type D20RollCheck,
  type DamageRoll,
  type DeclarationKey,
  type DiceResults,
  type DieRequest,
  dieOf,
  type Outcome,
  type ResolutionEngine,
  type RuleOptions,
  type StepDeclaration,
  type StepPlan,
} from "../core/engine.js";
import type {
  AttackFacts,
  D20AttackerFacts,
  D20TargetFacts,
  D20WeaponFacts,
  WeaponFacts,
} from "../core/facts.js";
import { total } from "../core/modifiers.js";
import { type Modifier, RulesError } from "../core/types.js";
import { type Concealment, concealmentTerm, coverArmour, grenadeCoverAc } from "../swn/cover.js";
import {
  armourAfterAp,
  hasHardCover,
  isConcealment,
  isMoraleBand,
  type SwnProfileId,
  sceneConcealment,
  swnAcTerms,
  swnAttackTerms,
} from "../swn/profile.js";
import { AID_BONUS, aimingModifiers, combinedFire, SUPPRESSED_PENALTY } from "./actions.js";
import { aimHolds, dexDeniedTerms } from "./aim.js";
import { attackModifiers, isPointBlank } from "./attack.js";
import { concealmentChance, d20Cover, degreeFromShare, highestMissChance } from "./cover.js";
import { d20DamageFromTerms, d20DamageTerms } from "./damage.js";
import { checkDeclarations, pulledAmount, pulledDamageOf } from "./declarations.js";
import { defenseModifiers } from "./defense.js";
import { droppedObject } from "./dropped.js";
import { disabledAttackProblem } from "./dying.js";
import { grenadeSquareDefense } from "./grenade.js";
import { planD20Attack } from "./plan.js";
import {
  type CoverSource,
  checkMissChance,
  checkThreat,
  type D20Dice,
  d20ChanceToHit,
  nextD20Die,
  resolveD20,
} from "./resolve.js";
import { ranThisRound } from "./speed.js";
import { suppressionAreaTerms } from "./suppression-area.js";
import { D20_CONDITIONS, D20_REACH_M, D20_SIZES, type D20Condition, type D20Size } from "./tables.js";
import { checkRangeIncrement } from "./weapon-checks.js";

/** SW-44: pulling a blow. */
const PULLING_BLOW = -4;

const EPS = 1e-9; // Float slack for distances measured on the canvas.

function blocks(facts: AttackFacts): { a: D20AttackerFacts; t: D20TargetFacts; w: D20WeaponFacts } {
  const a = facts.attacker.d20;
  const t = facts.target.d20;
  const w = facts.weapon.d20;
  if (!a || !t || !w)
    throw new RulesError(
      "FT.D20.noFacts",
      `The d20 engine needs the d20 numbers of ${!a ? "the attacker" : !t ? "the target" : "the weapon"}`,
    );
  return { a, t, w };
}

/** A size named in the facts, checked against the nine d20 sizes (SW-05). */
function sizeOf(name: string): D20Size {
  if ((D20_SIZES as readonly string[]).includes(name)) return name as D20Size;
  throw new RulesError("FT.D20.badSize", `"${name}" is not a d20 size`, { size: name });
}

const isCondition = (c: string): c is D20Condition => (D20_CONDITIONS as readonly string[]).includes(c);

/** The SW-29 conditions of the attacker and the defender that apply to this attack (unknown names left out). */
function conditionsOf(a: D20AttackerFacts, t: D20TargetFacts): Set<D20Condition> {
  const out = new Set([...(a.conditions ?? []), ...(t.conditions ?? [])].filter(isCondition));
  // SW-29 "Defender Grappling (Attacker not)": the row is for an attacker outside the grapple.
  if (a.grappling) out.delete("defenderGrappling");
  // SW-12, SW-29: a target that moved more than a double move this round is running.
  if (ranThisRound(t.moved ?? 0, t.speed)) out.add("defenderRunning");
  // SW-33: a defender the user says is helpless (bound, asleep, paralysed).
  if (t.helpless) out.add("defenderHelpless");
  // SW-42: a shot after a successful aim denies the target its Dex — unless the target has moved more than 2 m since.
  if (a.aim && aimHolds(t.moved ?? 0)) out.add("defenderAimedAt");
  return out;
}

const melee = (w: D20WeaponFacts) => w.rangeIncrement === null;

/**
 * SW-22: a light weapon is smaller than its wielder (a Medium wielder's Small or Tiny knife). A weapon whose size is
 * not entered (not in the sources, ruling 2) is not taken as light.
 */
function isLight(weaponSize: string | null, wielderSize: string): boolean {
  return sizeSteps(weaponSize, wielderSize) < 0;
}

/** Size categories from the wielder's to the weapon's (negative: smaller); 0 when the weapon's is not entered. */
function sizeSteps(weaponSize: string | null, wielderSize: string): number {
  if (!weaponSize) return 0;
  return D20_SIZES.indexOf(sizeOf(weaponSize)) - D20_SIZES.indexOf(sizeOf(wielderSize));
}

/**
 * SW-27 combined fire (+1 per contributor, at most +5), SW-39 an ally's aid (+2), SW-42 an aimed shot's position and
 * support, which ease the range penalty (never past 0; a thrown weapon cannot aim).
 */
function assistTerms(facts: AttackFacts): Modifier[] {
  const { a, w } = blocks(facts);
  const out: Modifier[] = [];
  const combined = combinedFire(a.combinedFire ?? 0);
  if (combined) out.push(combined);
  if (a.aided || facts.target.d20?.aided)
    out.push({ id: "aid.attack", label: "FT.D20.Aid.attack", value: AID_BONUS, ruleId: "SW-39" });
  // SW-44: pulling a blow, −4, with a melee weapon (its lesser damage is applied by the card, damage.ts).
  if (a.pullingBlow && melee(w))
    out.push({ id: "pullingBlow", label: "FT.D20.Attack.pullingBlow", value: PULLING_BLOW, ruleId: "SW-44" });
  if (a.aim && !melee(w) && aimHolds(facts.target.d20?.moved ?? 0)) {
    const range = attackTerms(facts).modifiers.find((m) => m.id === "range")?.value ?? 0;
    out.push(
      ...aimingModifiers(
        range,
        a.aim.posture,
        a.aim.support,
        w.rangedKind === "thrown" ? "thrown" : "normal",
      ),
    );
  }
  return out;
}

/**
 * SW-30, ruling 3, ruling 4b: the target's cover bonus to Defense — the facts' own `cover` when given (a user's or
 * a test's), else graded from the scene's lattice (walls, low walls, posture against a ranged attack, creatures in
 * the way; the largest applies) and where it comes from (SW-31). A null bonus is total cover: no target.
 */
function coverOf(
  t: D20TargetFacts,
  w: D20WeaponFacts,
): { defense: number | null; source: CoverSource; creatureId?: string | null } {
  // A given `cover` says nothing of where it comes from (SW-31: "none", nothing to strike).
  if (t.cover !== undefined) return { defense: t.cover, source: "none" };
  if (!t.lattice) return { defense: 0, source: "none" };
  const { hard, low, total, posture, inTheWay } = t.lattice;
  return d20Cover({ count: { hard, low, total }, posture, ranged: !melee(w), inTheWay });
}

/** SW-32: the highest of the facts' miss chance (a region's, the dialog's) and the soft walls' concealment. */
function missChanceOf(t: D20TargetFacts): number {
  const soft = t.lattice ? concealmentChance(degreeFromShare(t.lattice.soft, t.lattice.total)) : 0;
  return highestMissChance([t.missChance ?? 0, soft]).chance;
}

/** SW-14: melee reaches the target within the reach (2 m unless a longer one is given). */
function inReach(facts: AttackFacts, w: D20WeaponFacts): boolean {
  return facts.target.distance <= (w.reach ?? D20_REACH_M) + EPS;
}

function attackTerms(facts: AttackFacts) {
  const { a, t, w } = blocks(facts);
  const isMelee = melee(w);
  if (!isMelee) checkRangeIncrement(w.rangeIncrement, facts.weapon.name);
  // SW-16: a throw at a target below is dropped, −4: the fall in 20 m increments, or past altitude ÷ 5 the lateral.
  const dropped = !isMelee && w.rangedKind === "thrown" ? droppedObject(t.drop, w, facts.target) : null;
  return attackModifiers({
    melee: isMelee,
    bab: a.bab,
    str: a.strMod,
    dex: a.dexMod,
    size: sizeOf(a.size),
    distance: dropped ? dropped.distance : facts.target.distance,
    rangeIncrement: dropped ? dropped.increment : w.rangeIncrement,
    rangedKind: dropped ? dropped.kind : (w.rangedKind ?? "projectile"),
    feats: { pointBlankShot: a.pointBlankShot ?? false, preciseShot: a.preciseShot ?? false },
    targetInMelee: t.inMelee ?? false,
    flanking: t.flanked ?? false,
    improvised: (a.improvised ?? false) || !!dropped,
    charging: a.charging ?? false,
    fightingDefensively: a.fightingDefensively ?? false,
    conditions: conditionsOf(a, t),
  });
}

/** SW-07, SW-15: Strength by grip (melee) and +1 at point blank (ranged), known before the roll. */
function damageTerms(facts: AttackFacts): Modifier[] {
  const { a, w } = blocks(facts);
  const isMelee = melee(w);
  return d20DamageTerms({
    str: a.strMod,
    grip: isMelee ? (w.grip ?? "primary") : "none",
    weaponSmallerThanWielder: w.smallerThanWielder ?? false,
    pointBlank: !isMelee && isPointBlank(facts.target.distance, a.pointBlankShot ?? false),
  });
}

/** The d20 dice among those rolled (the seam's keys are a superset; a null is a die not rolled). */
function d20Dice(dice: DiceResults): D20Dice {
  const out: Partial<Record<"d20" | "confirm" | "concealment", number>> = {};
  for (const k of ["d20", "confirm", "concealment"] as const) {
    const v = dice[k];
    if (typeof v === "number") out[k] = v;
  }
  return out;
}

/** The pure resolver's view of the seam's check. */
function rollCheck(c: D20RollCheck) {
  return {
    bonus: c.bonus,
    target: c.target.value,
    threat: c.threat,
    naturals: c.naturals,
    missChance: c.missChance,
    ...(c.criticals === false ? { criticals: false } : {}),
  };
}

/** The `swn` block of a side of the facts, or a clear error (the `swn` profile reads the sheets' SWN numbers). */
function swnBlocks(facts: AttackFacts) {
  const a = facts.attacker.d20?.swn;
  const t = facts.target.d20?.swn;
  if (!a || !t)
    throw new RulesError(
      "FT.SWN.noFacts",
      `The SWN profile needs the SWN numbers of ${!a ? "the attacker" : "the target"}`,
    );
  return { a, t };
}

const bandOf = (b: string | null | undefined) => (isMoraleBand(b) ? b : null);

/** SWN-16: a grenade's base AC (before the target's concealment). */
const GRENADE_AC = grenadeCoverAc("none");

/**
 * SWN-14, ruling 5: the target's concealment — the highest of the rays the walls obscure (hard, low or soft: most
 * cover also hides), a region's SW-32 obscurement mapped, and the dialog's.
 */
function swnConcealment(t: D20TargetFacts): Concealment {
  const given = t.swn?.concealment;
  return sceneConcealment(t.lattice, t.missChance ?? 0, isConcealment(given) ? given : "none");
}

/**
 * SWN-15, ruling 4g: the armour of the hard cover between the attacker and the target — the best of the materials
 * of the walls that give it hard cover (one grazing ray is not cover, ruling 3) — against this weapon; SWN-11 and
 * SWN-08 ignore it.
 */
function swnCoverArmour(facts: AttackFacts): NonNullable<D20RollCheck["coverArmour"]> {
  const l = facts.target.d20?.lattice;
  const w = facts.weapon.d20?.swn ?? { tl: 0, ap: 0, heavy: false, energy: false, laser: false };
  const hard = hasHardCover(l);
  const action = facts.attacker.d20?.swn?.action ?? null;
  const ignored = action === "aimedShot" || action === "overwatch";
  const materials = l?.materials ?? [];
  if (hard && materials.length && !ignored && w.tl === null)
    throw new RulesError("FT.SWN.noTl", `${facts.weapon.name} has no tech level`, {
      weapon: facts.weapon.name,
    });
  const term = hard && w.tl !== null ? coverArmour(materials, { ...w, tl: w.tl }) : null;
  return { value: term?.value ?? 0, ap: w.ap, ignored, terms: term ? [term] : [] };
}

const D20_READS: ReadonlySet<DeclarationKey> = new Set<DeclarationKey>([
  "cannotMiss",
  "powerSetting",
  "settingChanged",
]);

export interface D20EngineOptions {
  /** `sw` (Star Wars RCR) or `swn` (the SWN additions, ruling 1). */
  readonly profile?: SwnProfileId;
}

export function createD20Engine(options: D20EngineOptions = {}): ResolutionEngine {
  const swn = options.profile === "swn";
  const engine: ResolutionEngine = {
    id: "d20",
    profile: swn ? "swn" : "sw",
    // The d20 attack reads the referee's "cannot miss" and the weapon's power use; full attacks, fire modes and
    // conditions are its own (SW-22, SW-29 as Defense and attack terms), not Star Frontiers' declarations.
    reads: D20_READS,
    // SW-03: d20 + Dex per combatant, kept for the whole combat.
    initiative: "individual",
    // SW-22, SW-35, SW-36, SW-37, SW-02: a full attack's iterative attacks and the fire modes' extra attacks, each
    // with its own terms, at one target or one per step (plan.ts). Ammunition is the workflow's (ruling 4h: each
    // step spends what one attack does).
    attackSteps(facts: AttackFacts, d: StepDeclaration): StepPlan {
      const { a, w } = blocks(facts);
      // SW-42: the aim is for "your next single attack", with a ranged weapon.
      if (a.aim && melee(w))
        throw new RulesError("FT.D20.Aim.ranged", "An aimed shot is made with a ranged weapon (SW-42)");
      if (a.aim && (d.fullAttack || d.mode !== "single" || d.twoWeapon))
        throw new RulesError("FT.D20.Aim.single", "An aimed shot is a single attack (SW-42)");
      // SWN-11, SWN-08: an aimed shot and an overwatch shot are one attack.
      if (a.swn?.action && (d.fullAttack || d.mode !== "single" || d.twoWeapon))
        throw new RulesError("FT.SWN.Action.single", "An aimed shot or an overwatch shot is a single attack");
      // SW-10 (issue 31): disabled, its round is one move or attack action — no full attack, no charge. Not under
      // `swn`: its hit points have no wounds, and an SWN actor's hidden d20 wounds never matter (ruling 1).
      const disabled = swn ? null : disabledAttackProblem(a, d);
      if (disabled) throw disabled;
      // SW-21, SW-23, SW-44, SW-10, SW-02: the attacker's own declarations against this plan and weapon.
      const declared = { fullAttack: d.fullAttack, mode: d.mode, twoWeapon: !!d.twoWeapon };
      checkDeclarations(a, {
        ...declared,
        surpriseRound: d.surpriseRound,
        melee: melee(w),
        profile: swn ? "swn" : "sw",
      });
      const fire = w.fire ?? { single: true, multi: false, auto: false };
      const plan = planD20Attack({
        bab: a.bab,
        fullAttack: d.fullAttack,
        mode: d.mode,
        feats: d.mode === "single" ? {} : { rapidShot: a.rapidShot, multishot: a.multishot },
        // SW-35, SW-36: held as the user says, else as the weapon is held (its "two-handed": issue 31 — seed 002
        // "−2 if the weapon is not wielded in two hands"); a weapon two sizes smaller takes no one-hand penalty.
        twoHanded: d.twoHands ?? w.twoHanded ?? true,
        twoSizesSmaller: sizeSteps(w.size ?? null, a.size) <= -2,
        rifleOrTripod: d.braced || (w.rifle ?? false),
        weapon: {
          ranged: !melee(w),
          multifire: fire.multi,
          autofire: fire.auto,
          autoOnly: !fire.single,
        },
        targets: d.targets,
        surpriseRound: d.surpriseRound,
        shotsAvailable: null,
        twoWeapon: d.twoWeapon
          ? {
              offHandLight: isLight(d.twoWeapon.offHand.d20?.size ?? null, a.size),
              ambidexterity: a.ambidexterity ?? false,
              twoWeaponFighting: a.twoWeaponFighting ?? false,
              doubleWeapon: d.twoWeapon.double,
            }
          : null,
      });
      return {
        action: plan.action,
        steps: plan.steps.map((s) => ({ id: s.id, kind: s.kind, targetId: s.targetId, extras: s.extras })),
      };
    },
    // SW-38: a grenadelike weapon is thrown at a 2 m square of Defense 5 with the range penalty; SW-43 suppression
    // fire, only from a multifire or autofire weapon, at a 4 m × 4 m area of Defense 10. The area has no cover, no
    // concealment and none of the creature's Defense.
    areaTarget(facts: AttackFacts, kind: AreaKind) {
      const t = facts.target;
      let terms: Modifier[];
      if (kind === "grenade" && swn) {
        // SWN-16: a grenade at a target is thrown at AC 10 + the target's concealment (a hit ignores cover armour).
        const c = t.d20 ? concealmentTerm(swnConcealment(t.d20)) : null;
        terms = [
          { id: "area", label: "FT.SWN.Grenade.ac", value: GRENADE_AC, ruleId: "SWN-16" },
          ...(c ? [c] : []),
        ];
      } else if (kind === "grenade") terms = grenadeSquareDefense();
      // SW-43, SW-10: a multifire or autofire weapon; not while disabled (a full-round action; not under `swn`).
      else terms = suppressionAreaTerms(facts.weapon.d20?.fire, !swn && !!facts.attacker.d20?.disabled);
      // Only the ground: no conditions, movement, melee or flanking of the creature standing on it.
      const ground = {
        classDefense: 0,
        dexMod: 0,
        size: "medium",
        cover: 0,
        missChance: 0,
        ...(swn ? { swn: { ac: 0 } } : {}),
        // SW-16: a grenade dropped on the square below is still dropped.
        ...(t.d20?.drop ? { drop: t.d20.drop } : {}),
      };
      return { facts: { ...facts, target: { ...t, d20: ground } }, terms };
    },
    attackModifiers(facts: AttackFacts, _options: RuleOptions): Modifier[] {
      const { a } = blocks(facts);
      // SW-43: inside an area another side suppresses, −1 on attacks, however many suppress it.
      const suppressed: Modifier[] = a.suppressed
        ? [
            {
              id: "suppressed",
              label: "FT.D20.Suppression.suppressed",
              value: SUPPRESSED_PENALTY,
              ruleId: "SW-43",
            },
          ]
        : [];
      const terms = [...attackTerms(facts).modifiers, ...suppressed, ...assistTerms(facts)];
      if (!swn) return terms;
      const s = swnBlocks(facts).a;
      return swnAttackTerms({ d20Terms: terms, ab: s.ab, band: bandOf(s.band), action: s.action ?? null });
    },
    targetModifiers(facts: AttackFacts, _options: RuleOptions): Modifier[] {
      const { a, t, w } = blocks(facts);
      const sw = defenseModifiers(
        {
          classBonus: t.classDefense,
          dex: t.dexMod,
          size: sizeOf(t.size),
          maxDex: t.maxDex ?? null,
          dodge: t.dodge ?? 0,
          conditions: conditionsOf(a, t),
          cover: coverOf(t, w).defense ?? 0,
          totalDefense: t.totalDefense ?? false,
          fightingDefensively: t.fightingDefensively ?? false,
          charging: t.charging ?? false,
          aidedDefense: t.aidedDefense ?? false,
        },
        { touch: w.touch ?? false },
      );
      if (!swn) return [...sw, ...dexDeniedTerms(conditionsOf(a, t))]; // SW-42, review 3 (1.4): why no Dex
      const s = swnBlocks(facts).t;
      return swnAcTerms({
        d20Terms: sw,
        ac: s.ac,
        band: bandOf(s.band),
        concealment: swnConcealment(t),
        protectedBy: !!s.protectedBy,
      });
    },
    check(
      facts: AttackFacts,
      modifiers: readonly Modifier[],
      options: RuleOptions,
      target: readonly Modifier[] = engine.targetModifiers(facts, options),
    ): Check {
      const { a, t, w } = blocks(facts);
      const pulled = pulledDamageOf(a, melee(w));
      // SWN-17 meat shields: a friendly squad in the line of fire — no direct attack (an area's facts have no shield).
      if (swn && t.swn?.shieldedBy)
        throw new RulesError("FT.SWN.Squad.meatShield", `${t.swn.shieldedBy} shields ${facts.target.name}`, {
          squad: t.swn.shieldedBy,
          target: facts.target.name,
        });
      // SWN-08: an overwatch shot needs the overwatch held and the target in its 60° arc.
      if (swn && facts.attacker.d20?.swn?.action === "overwatch" && t.swn?.overwatch !== "in")
        throw new RulesError(
          t.swn?.overwatch === "out" ? "FT.SWN.Overwatch.outside" : "FT.SWN.Overwatch.none",
          t.swn?.overwatch === "out"
            ? `${facts.target.name} is outside the overwatch arc`
            : "No overwatch held",
          { target: facts.target.name },
        );
      const terms = attackTerms(facts);
      const inRange = melee(w) ? inReach(facts, w) : terms.inRange;
      // SW-30: total cover cannot be targeted (the scene reports it as a null cover bonus).
      const cover = coverOf(t, w);
      const targetable = cover.defense !== null;
      const bonus = total(modifiers);
      const value = total(target);
      // SWN-14: under the `swn` profile concealment is AC (in the target terms), never a miss chance.
      const missChance = swn ? 0 : checkMissChance(missChanceOf(t));
      const naturals = true;
      return {
        engine: "d20",
        kind: "d20",
        modifiers,
        chance: targetable ? d20ChanceToHit(bonus, value, naturals, missChance) : 0,
        possible: facts.target.visible && inRange && targetable,
        inRange,
        band: null,
        cannotMiss: facts.declarations.cannotMiss,
        crowd: facts.target.crowd,
        bonus,
        target: { label: "defense", modifiers: target, value },
        threat: checkThreat(w.threat),
        missChance,
        naturals,
        increments: terms.range?.increments ?? null,
        damageTerms: swn ? [] : damageTerms(facts),
        coverSource: cover.source,
        ...(cover.creatureId ? { coverCreature: cover.creatureId } : {}),
        ...(swn ? { criticals: false, coverArmour: swnCoverArmour(facts) } : {}),
        // SW-20: no critical hit with an unarmed strike (no Martial Arts feat on the sheets).
        ...(w.unarmed ? { criticals: false } : {}),
        ...(pulled ? { pulled } : {}),
      };
    },
    nextDie(check: Check, dice: DiceResults): DieRequest | null {
      const c = checkOfKind(check, "d20");
      // An impossible attack rolls its d20 (the card shows it) and nothing after.
      if (!c.possible)
        return typeof dice.d20 === "number" ? null : { key: "d20", formula: "1d20", ruleId: "SW-04" };
      return nextD20Die(rollCheck(c), d20Dice(dice));
    },
    resolve(check: Check, dice: DiceResults): Outcome {
      const c = checkOfKind(check, "d20");
      const armour =
        c.coverArmour && !c.coverArmour.ignored ? armourAfterAp(c.coverArmour.value, c.coverArmour.ap) : 0;
      const base = {
        engine: "d20" as const,
        chance: c.chance,
        strayHit: false,
        colour: null,
        band: null,
        target: c.target.value,
        damageTerms: c.damageTerms,
        ...(armour ? { coverArmour: armour } : {}),
        ...(c.pulled ? { pulled: c.pulled } : {}),
      };
      if (!c.possible) {
        // Out of reach, out of sight or behind total cover: even a natural 20 does not hit.
        const roll = dieOf(dice, "d20");
        checkDie(roll, 20);
        const sum = roll + c.bonus;
        return {
          ...base,
          roll,
          hit: false,
          auto: null,
          damageFraction: 0,
          total: sum,
          margin: sum - c.target.value,
          critical: "none",
        };
      }
      const r = resolveD20(rollCheck(c), d20Dice(dice));
      return {
        ...base,
        roll: r.roll,
        hit: r.hit,
        auto: r.auto,
        damageFraction: r.hit ? 1 : 0,
        total: r.total,
        margin: r.margin,
        critical: r.critical,
      };
    },
    damageFormula(weapon: WeaponFacts, _check: Check, _power: number | null): string {
      const w = weapon.d20;
      if (!w)
        throw new RulesError("FT.D20.noFacts", `The d20 engine needs the d20 numbers of ${weapon.name}`);
      return w.damage;
    },
    damage(
      outcome: Outcome,
      weapon: WeaponFacts,
      dice: readonly number[],
      _power: number | null,
    ): DamageRoll {
      const w = weapon.d20;
      if (!w)
        throw new RulesError("FT.D20.noFacts", `The d20 engine needs the d20 numbers of ${weapon.name}`);
      if (!outcome.hit || !w.damage) return { formula: w.damage, rolled: 0 }; // issue 32: no dice, no damage
      const d = d20DamageFromTerms(
        w.damage,
        dice,
        outcome.damageTerms ?? [],
        outcome.critical ?? "none",
        w.critMultiplier ?? 1,
      );
      // SWN-15: the cover's armour, less the weapon's AP, comes off the hit; SW-44: a pulled blow's half damage.
      const rolled = Math.max(0, d.amount - (outcome.coverArmour ?? 0));
      return { formula: w.damage, rolled: pulledAmount(rolled, outcome.pulled) };
    },
  };
  return engine;
}
