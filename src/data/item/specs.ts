/**
 * Item schemas (pure data): weapon, defense, powerSource, gear, skill, race. Joint checks reuse the rules'
 * validators, so a malformed damage formula or a range table that does not rise is refused with a clear
 * message, in Foundry and in the pack check alike.
 */

import {
  ABILITY_KEYS,
  ARMOR_CATEGORIES,
  checkCritMultiplier,
  checkDamageReduction,
  checkRangeIncrement,
  checkThreat,
  D20_SIZES,
  DAMAGE_KINDS,
  isValidDice,
  RANGE_BANDS,
  type RangeTable,
  validateRangeTable,
  WEAPON_SKILLS,
} from "../../rules/index.js";
import { array, bool, html, int, type ModelSpec, num, type SchemaSpec, schema, str } from "../spec.js";

export const ITEM_SCHEMA_VERSION = 2;

export { DAMAGE_KINDS, WEAPON_SKILLS };
export const DEFENSE_MODES = ["immune", "absorb", "halve", "stop"] as const;
export const POWER_KINDS = [
  "powerclip",
  "beltpack",
  "backpack",
  "parabattery",
  "bulletclip",
  "needleclip",
  "jetclip",
  "belt",
  "grenadeBullet",
  "grenadeShell",
  "rocket",
  "quiver",
] as const;
export const PSAS = ["military", "technological", "biosocial"] as const;

const formulaCheck = (v: string) =>
  v === "" || isValidDice(v) ? null : `"${v}" is not a damage formula (write it like 2d10)`;

/** Fields every catalogue item carries: cost, mass, where the numbers come from, which are missing. */
const catalogue = {
  schemaVersion: int(ITEM_SCHEMA_VERSION, { min: 0 }),
  cost: int(null, { min: 0, nullable: true }),
  mass: num(null, { min: 0, nullable: true }),
  /** Source citation (rules-tables source keys). */
  source: str(""),
  /** Field paths whose numbers are "not in the sources available" — never guessed, never zero. */
  missing: array(str("")),
  description: html(),
} satisfies SchemaSpec;

const band = () => num(null, { min: 0, nullable: true });

/** How a d20 weapon attacks (SW-04, SW-06): in melee, ranged (10 increments at most) or thrown (5 at most). */
export const D20_ATTACK_KINDS = ["melee", "ranged", "thrown"] as const;
/** RCR Table 7-2's damage types (issue 32); "" = none given (a net, a sling's stone). */
export const D20_DAMAGE_TYPES = [
  "energy",
  "ion",
  "bludgeoning",
  "piercing",
  "slashing",
  "slashingPiercing",
] as const;
/** RCR Table 7-2's weapon groups (the proficiency a wielder needs; issue 32). */
export const D20_WEAPON_GROUPS = [
  "blasterPistols",
  "blasterRifles",
  "heavy",
  "slugthrowers",
  "simple",
  "primitive",
  "vibro",
  "exotic",
] as const;
/** Worn armour's category for speed (SW-12); "" = not armour the d20 rules read. */
export const D20_ARMOR_CATEGORIES = ARMOR_CATEGORIES.filter((c) => c !== "none");

/**
 * A weapon's d20 numbers (SW-04..07, SW-15, SW-18, SW-35, SW-36), beside the Star Frontiers ones (switching the
 * engine loses nothing). Every number the sources do not give stays empty and is listed in `missing` (ruling 2):
 * the damage dice, the range increment (null = not in the sources; a ranged attack without one is refused).
 * `threat` is the lowest natural that threatens (SW-18: 20 unless the weapon says more, 19 for a lightsaber);
 * `critMultiplier` is read only by an optional rule (1 in RCR). `rifle`: in the blaster rifles group (SW-35).
 */
const weaponD20 = schema({
  attack: str("ranged", { choices: D20_ATTACK_KINDS, blank: false }),
  damage: str("", { check: formulaCheck }),
  // Checked by the joint check, not by min/max: v13's NumberField clamps an out-of-range number while cleaning
  // (21 would be stored as 20 without a word), and issue 14 wants such a number refused and said.
  threat: int(20),
  critMultiplier: int(1),
  rangeIncrement: num(null, { nullable: true }),
  fire: schema({ single: bool(true), multi: bool(false), auto: bool(false) }),
  twoHanded: bool(false),
  rifle: bool(false),
  /** The weapon's size category (SW-07 two-handed Strength, SW-22 light weapons); "" = not in the sources. */
  size: str("", { choices: D20_SIZES }),
  /**
   * SW-38: grenadelike — thrown at a 2 m square (Defense 5), bursting where it lands. Its burst radius (m) and the
   * Reflex save's DC are the grenade's own, not in the seed (ruling 2): empty until entered, and refused while empty.
   */
  grenade: bool(false),
  /** SW-22: a double weapon (both ends attack; the off hand as if light). */
  double: bool(false),
  burstRadius: num(null, { nullable: true }),
  reflexDC: num(null, { nullable: true }),
  /**
   * Issue 32, RCR Table 7-2's other columns (read by no rule yet, shown on the sheet): the stun setting's Fortitude DC
   * (null = no stun setting), the damage type and the weapon group. Added with their defaults: an item stored before
   * has none of them and reads as "no stun setting, no type, no group" (the DataModel fills a missing field).
   */
  stunDC: int(null, { min: 0, max: 40, nullable: true }),
  damageType: str("", { choices: D20_DAMAGE_TYPES }),
  group: str("", { choices: D20_WEAPON_GROUPS }),
  /**
   * Issue 32, SW-11: "lightsabers ignore the damage reduction of armour and objects" (rules-tables §19.2): the hit's
   * wound damage is applied with no DR taken off. False by default (an item stored before reads as an ordinary weapon).
   */
  ignoresDR: bool(false),
  /**
   * Issue 32: the weapon's source gives it no damage dice (RCR Table 7-2: stun grenade "— (stun only)", net and
   * electro-net "special", combat gloves): it attacks, rolls no damage, and its effect is the GM's. False by default:
   * a weapon left without dice is one the GM has not finished, refused until they are entered.
   */
  noDamageDice: bool(false),
});

interface WeaponD20 {
  readonly threat: number;
  readonly critMultiplier: number;
  readonly rangeIncrement: number | null;
  readonly fire: Readonly<Record<string, boolean>>;
}

/** The rules' own check as a list of messages (empty when it passes). */
export function ruleErrors(check: () => unknown): string[] {
  try {
    check();
    return [];
  } catch (e) {
    return [(e as Error).message];
  }
}

/**
 * The d20 weapon numbers the rules would refuse, refused when written (issue 14): a threat range outside 2–20
 * (SW-18), a critical multiplier outside ×1–×6, a range increment of 0 m or less (SW-06; empty is allowed: not in
 * the sources, and a ranged attack without one is refused by the rules), and a weapon with no fire mode.
 */
export function weaponD20Errors(d20: WeaponD20): string[] {
  const errors = [
    ...ruleErrors(() => checkThreat(d20.threat)),
    ...ruleErrors(() => checkCritMultiplier(d20.critMultiplier)),
  ];
  if (d20.rangeIncrement !== null) errors.push(...ruleErrors(() => checkRangeIncrement(d20.rangeIncrement)));
  if (!d20.fire.single && !d20.fire.multi && !d20.fire.auto)
    errors.push("A d20 weapon fires in at least one mode (single, multifire or autofire)");
  return errors;
}

/** Armour's d20 numbers (SW-08 maximum Dex, SW-11 damage reduction, SW-12 speed); null = not in the sources. */
const defenseD20 = schema({
  category: str("", { choices: D20_ARMOR_CATEGORIES }),
  dr: int(null, { nullable: true }),
  maxDex: int(null, { min: 0, max: 40, nullable: true }),
  /**
   * Issue 32, RCR Table 7-3: the armour check penalty (0 or less; null = not in the sources) and powered armour (the
   * table's fourth class; its speed is that of its category). Read by no rule yet: shown on the sheet. Defaults for an
   * item stored before: no penalty known, not powered.
   */
  checkPenalty: int(null, { min: -20, max: 0, nullable: true }),
  powered: bool(false),
});

export const WEAPON_SPEC = {
  fields: {
    ...catalogue,
    skill: str("beam", { choices: WEAPON_SKILLS, blank: false }),
    heavy: bool(false),
    kind: str("laser", { choices: DAMAGE_KINDS, blank: false }),
    damage: schema({
      formula: str("", { check: formulaCheck }),
      perBand: schema(Object.fromEntries(RANGE_BANDS.map((b) => [b, str("", { check: formulaCheck })]))),
      perSeu: schema({
        enabled: bool(false),
        faces: int(10, { min: 2 }),
        min: int(1, { min: 1 }),
        max: int(10, { min: 1 }),
      }),
      special: str(""),
    }),
    ranges: schema(Object.fromEntries(RANGE_BANDS.map((b) => [b, band()]))),
    rangeUnit: str("m", { choices: ["m", "squares"], blank: false }),
    /** Shots per turn; 0.5 = every other turn. */
    rof: num(1, { min: 0, max: 10, nullable: true }),
    burst: schema({
      capable: bool(false),
      rounds: int(10, { min: 1 }),
      baseDice: int(5, { min: 1 }),
      bonusNeedsMount: bool(false),
    }),
    ammo: schema({
      unit: str("rounds", { choices: ["rounds", "seu", "none"], blank: false }),
      perShot: int(1, { min: 0 }),
      capacity: int(null, { min: 0, nullable: true }),
      remaining: int(null, { min: 0, nullable: true }),
      /** Id of the power source item feeding the weapon (SF-X-36); blank = its own clip. */
      powerSource: str(""),
    }),
    structural: schema({
      per: str("none", { choices: ["shot", "seu", "none"], blank: false }),
      amount: int(0, { min: 0 }),
      placedAmount: int(null, { min: 0, nullable: true }),
    }),
    blastRadius: num(0, { min: 0 }),
    /** A special effect the apply button carries out: doze knocks out (SF-B-18, SF-X-42). */
    effect: str("", { choices: ["doze", "stun", "poison", "smoke", "tangle", "explosive"], blank: true }),
    equipped: bool(true),
    /** Melee weapons: the to-hit modifier of the melee weapons table (rules-tables §6: not found, GM-entered). */
    meleeModifier: int(null, { min: -100, max: 100, nullable: true }),
    /** A melee weapon that can also be thrown (seed 000: knives and spears), with `ranges` as its thrown ranges. */
    throwable: bool(false),
    d20: weaponD20,
    /**
     * SWN-15, SWN-17 (the d20 engine's `swn` profile): the weapon's tech level (null = not in the sources; the cover's
     * armour needs it), armour piercing, heavy (counts one TL higher), energy and laser (the liquid and particulates
     * rows of the materials table).
     */
    swn: schema({
      tl: int(null, { min: 0, max: 6, nullable: true }),
      ap: int(0, { min: 0, max: 30 }),
      heavy: bool(false),
      energy: bool(false),
      laser: bool(false),
    }),
  },
  joint(data) {
    const errors: string[] = [];
    const ranges = data.ranges as RangeTable;
    const skill = data.skill as string;
    if ((skill !== "melee" || data.throwable) && RANGE_BANDS.some((b) => ranges[b] !== null)) {
      try {
        validateRangeTable(ranges);
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    const dmg = data.damage as { perSeu: { enabled: boolean; min: number; max: number } };
    if (dmg.perSeu.enabled && dmg.perSeu.min > dmg.perSeu.max)
      errors.push("Power setting minimum is above its maximum");
    const ammo = data.ammo as { capacity: number | null; remaining: number | null };
    if (ammo.capacity !== null && ammo.remaining !== null && ammo.remaining > ammo.capacity) {
      errors.push(`Ammunition left (${ammo.remaining}) is more than the capacity (${ammo.capacity})`);
    }
    errors.push(...weaponD20Errors(data.d20 as WeaponD20));
    return errors;
  },
} satisfies ModelSpec;

export const DEFENSE_SPEC = {
  fields: {
    ...catalogue,
    slot: str("screen", { choices: ["screen", "suit"], blank: false }),
    rules: array(
      schema({
        kind: str("laser", { choices: DAMAGE_KINDS, blank: false }),
        mode: str("halve", { choices: DEFENSE_MODES, blank: false }),
        seuPerHit: int(0, { min: 0 }),
        pointsPerSeu: int(0, { min: 0 }),
      }),
    ),
    /** Points a suit absorbs before it is destroyed; null = not limited or not known. */
    capacity: schema({
      value: int(null, { min: 0, nullable: true }),
      max: int(null, { min: 0, nullable: true }),
    }),
    active: bool(false),
    powerSource: str(""),
    d20: defenseD20,
  },
  joint(data) {
    const dr = (data.d20 as { dr: number | null }).dr;
    return dr !== null ? ruleErrors(() => checkDamageReduction(dr)) : [];
  },
} satisfies ModelSpec;

export const POWER_SOURCE_SPEC = {
  fields: {
    ...catalogue,
    kind: str("powerclip", { choices: POWER_KINDS, blank: false }),
    unit: str("seu", { choices: ["seu", "rounds"], blank: false }),
    capacity: int(null, { min: 0, nullable: true }),
    remaining: int(null, { min: 0, nullable: true }),
    quantity: int(1, { min: 0 }),
  },
  joint(data) {
    const c = data.capacity as number | null;
    const r = data.remaining as number | null;
    return c !== null && r !== null && r > c ? [`${r} left is more than the capacity ${c}`] : [];
  },
} satisfies ModelSpec;

export const GEAR_SPEC = {
  fields: { ...catalogue, quantity: int(1, { min: 0 }), uses: str("") },
} satisfies ModelSpec;

export const SKILL_SPEC = {
  fields: {
    schemaVersion: int(ITEM_SCHEMA_VERSION, { min: 0 }),
    psa: str("military", { choices: PSAS, blank: false }),
    level: int(1, { min: 0, max: 6 }),
    /** The weapon skill this skill gives levels in, if any (SF-X-12). */
    weaponSkill: str("", { choices: WEAPON_SKILLS, blank: true }),
    source: str(""),
    description: html(),
  },
} satisfies ModelSpec;

export const RACE_SPEC = {
  fields: {
    schemaVersion: int(ITEM_SCHEMA_VERSION, { min: 0 }),
    key: str("human", { choices: ["human", "dralasite", "vrusk", "yazirian", "other"], blank: false }),
    abilityModifiers: schema(Object.fromEntries(ABILITY_KEYS.map((k) => [k, int(0, { min: -20, max: 20 })]))),
    walk: int(10, { min: 0 }),
    run: int(30, { min: 0 }),
    perHourKm: num(5, { min: 0 }),
    ambidextrous: bool(false),
    abilities: html(),
    source: str(""),
    missing: array(str("")),
  },
} satisfies ModelSpec;

export const ITEM_SPECS = {
  weapon: WEAPON_SPEC,
  defense: DEFENSE_SPEC,
  powerSource: POWER_SOURCE_SPEC,
  gear: GEAR_SPEC,
  skill: SKILL_SPEC,
  race: RACE_SPEC,
} as const;
export type ItemType = keyof typeof ITEM_SPECS;
