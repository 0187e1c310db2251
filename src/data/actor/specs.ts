/**
 * Actor schemas (pure data): `character` and `creature` carry the Star Frontiers block and, in their own
 * SchemaFields, the d20 (`system.d20`) and Stars Without Number (`system.swn`) blocks of the superset schema
 * (architecture: switching the world's engine never loses data).
 */

import {
  ABILITY_KEYS,
  ABILITY_MAX,
  checkDamageReduction,
  D20_SIZES,
  isValidDice,
} from "../../rules/index.js";
import { bool, html, int, type ModelSpec, num, type SchemaSpec, schema, str } from "../spec.js";

export const ACTOR_SCHEMA_VERSION = 3;

export const RACES = ["human", "dralasite", "vrusk", "yazirian", "other"] as const;
export const HANDEDNESS = ["right", "left", "ambidextrous"] as const;
export const SIZES = ["tiny", "small", "medium", "large", "giant"] as const;
export const ANIMAL_SPEEDS = ["slow", "medium", "fast", "veryFast"] as const;

const ability = (initial: number) => schema({ value: int(initial, { min: 0, max: ABILITY_MAX }) });

export function abilitiesSpec(initial = 45): Readonly<Record<string, ReturnType<typeof ability>>> {
  return Object.fromEntries(ABILITY_KEYS.map((k) => [k, ability(initial)]));
}

/**
 * d20 block (SW-*): present on every actor, shown only when the d20 engine is active. What the pure d20 rules
 * (`rules/d20/`) read from the actor: the six abilities, BAB, class Defense bonus, dodge (SW-08), size (SW-05),
 * vitality and wound points with the round's wound log (SW-10), heroic or ordinary (SW-18), damage reduction not
 * from armour worn (SW-11; worn armour's DR comes from its item), base speed (SW-12; null = the seed's table by size
 * and armour), saves and the feats the rules test (Point Blank Shot SW-15, Precise Shot SW-19).
 * `heroic` is true for a new character and false for a new creature (an ordinary foe, SW-18).
 */
function d20Spec(heroic: boolean) {
  return schema({
    abilities: schema(
      Object.fromEntries(
        ["str", "dex", "con", "int", "wis", "cha"].map((k) => [k, int(10, { min: 1, max: 40 })]),
      ),
    ),
    bab: int(0, { min: 0, max: 40 }),
    classDefense: int(0, { min: 0, max: 40 }),
    vitality: schema({ value: int(0), max: int(0, { min: 0 }) }),
    wounds: schema({ value: int(10), max: int(10, { min: 0 }) }),
    saves: schema({ fort: int(0), ref: int(0), will: int(0) }),
    size: str("medium", { choices: D20_SIZES, blank: false }),
    /** SW-18: a hero-class character (a critical goes to wound points) or an ordinary one (to −1). */
    heroic: bool(heroic),
    /** SW-08: dodge bonuses to Defense (they stack; lost with the Dex bonus). */
    dodge: int(0, { min: 0, max: 40 }),
    /** SW-11: damage reduction of the character itself; a negative DR is refused. Worn armour's adds to it. */
    // Checked by the joint check (v13 would clamp −2 to 0 silently; a negative DR is refused and said, issue 14).
    dr: int(0),
    /** SW-12: base speed in metres; null = the seed's speed by size and armour. */
    speedBase: num(null, { min: 0, max: 1000, nullable: true }),
    feats: schema({
      pointBlankShot: bool(false),
      preciseShot: bool(false),
      // SW-37: the fire-mode feats (the seed's Multifire and Autofire tables).
      rapidShot: bool(false),
      multishot: bool(false),
      // SW-22: the two-weapon feats.
      ambidexterity: bool(false),
      twoWeaponFighting: bool(false),
    }),
    /** SW-10: wound points lost this round (the Fortitude DC is 5 + these); "" = no combat. */
    woundLog: schema({ combatId: str(""), round: int(0, { min: 0 }), lost: int(0, { min: 0 }) }),
  });
}

/**
 * Stars Without Number block (SWN-*), read by the d20 engine's `swn` profile (ruling 1): hit dice, AC, the attack
 * bonus (an NPC's AB, or a PC's total with skill and attribute), hit points, Morale (SWN-12: its side's base is its
 * highest member's), immunity to Morale (robots, some creatures) and the skills the Morale checks read.
 */
const swnSpec = schema({
  hd: int(1, { min: 0, max: 30 }),
  ac: int(10, { min: 0, max: 30 }),
  morale: int(8, { min: 2, max: 12 }),
  ab: int(1, { min: -10, max: 30 }),
  hp: schema({ value: int(5, { min: 0 }), max: int(5, { min: 0 }) }),
  moraleImmune: bool(false),
  /** SWN-03, SWN-06: a mech (its Protect and its vehicle charge are a mech's actions). */
  mech: bool(false),
  /**
   * SWN-10, SWN-09: the Notice and Lead skill levels (−1 untrained … 4) the GM adds to Read Morale and Intimidate,
   * with the best allowed attribute's modifier from the d20 block's abilities (`rules/swn/morale.ts`).
   */
  notice: int(-1, { min: -1, max: 4 }),
  lead: int(-1, { min: -1, max: 4 }),
  /**
   * SWN-16: the Evasion saving throw's target (d20 meeting it saves) — a PC's Evasion save, an NPC's one save number
   * (seed 003: a squad's "Saving Throw: The same basic number as for a single NPC", `SQUAD_SPEC.swn.save`).
   */
  save: int(15, { min: 2, max: 20 }),
});

const common = {
  schemaVersion: int(ACTOR_SCHEMA_VERSION, { min: 0 }),
  abilities: schema(abilitiesSpec()),
  /**
   * SF-B-15: damage is subtracted from Stamina with no floor (0 or less is unconscious and dying), so `value` has
   * no minimum: a floor here made v13 refuse the whole damage write for a big hit (the update's dry run fails).
   */
  stamina: schema({ value: int(45), max: int(45, { min: 0, max: 300 }) }),
  /** SF-X-06: weapon holstered or slung when rolling initiative. */
  holstered: bool(false),
  /** SF-X-27: an anesthetic cancels the wound penalty. */
  anesthetic: bool(false),
  notes: html(),
  swn: swnSpec,
} satisfies SchemaSpec;

function staminaJoint(data: Record<string, unknown>): string[] {
  const s = data.stamina as { value: number; max: number };
  const errors = s.value > s.max ? [`Stamina ${s.value} is above its maximum ${s.max}`] : [];
  // SW-11: the d20 block's damage reduction, with the rules' own words.
  const dr = (data.d20 as { dr: number }).dr;
  try {
    checkDamageReduction(dr);
  } catch (e) {
    errors.push((e as Error).message);
  }
  return errors;
}

export const CHARACTER_SPEC = {
  fields: {
    ...common,
    d20: d20Spec(true),
    race: str("human", { choices: RACES, blank: false }),
    handedness: str("right", { choices: HANDEDNESS, blank: false }),
    /** Movement per turn in metres; null = the race's (rules-tables §9). */
    movement: schema({
      walk: int(null, { min: 0, nullable: true }),
      run: int(null, { min: 0, nullable: true }),
    }),
    credits: int(0, { min: 0 }),
  },
  joint: staminaJoint,
} satisfies ModelSpec;

/** The same words as a weapon's damage check (data/item/specs.ts), so the GM reads one message for both. */
const creatureFormulaCheck = (v: string) =>
  v === "" || isValidDice(v) ? null : `"${v}" is not a damage formula (write it like 2d10)`;

export const CREATURE_SPEC = {
  fields: {
    ...common,
    d20: d20Spec(false),
    size: str("medium", { choices: SIZES, blank: false }),
    /** Movement category: running animals are harder to hit (SF-X-18). */
    speed: str("medium", { choices: ANIMAL_SPEEDS, blank: false }),
    movement: schema({ walk: int(10, { min: 0 }), run: int(30, { min: 0 }) }),
    /** The creature's chance to hit (d100 at or under it); target size (SF-X-25) adds to it. */
    attack: int(50, { min: 0, max: 200 }),
    /** Its natural attack's damage formula (SF-B-16): a typo is refused, blank means "not in the sources". */
    damage: str("1d10", { check: creatureFormulaCheck }),
  },
  joint: staminaJoint,
} satisfies ModelSpec;

export type RaceKey = (typeof RACES)[number];
export type Handedness = (typeof HANDEDNESS)[number];

/**
 * SWN-17: a Stars Without Number squad — one token for several NPCs of one kind. It has none of the Star Frontiers
 * fields (no Stamina, no abilities): its numbers are the NPC's (`swn`), its size (`units`), its one hit-point pool
 * (`hp.value`; the maximum, 4.5 × HD per unit rounded up, is derived) and its one weapon, whose average damage × the
 * units standing is the squad's flat damage. `sourceUuid` is the NPC it was made from; `ledBy` the actor leading it
 * (SWN-19, the Authority focus: one squad at a time).
 */
export const SQUAD_SPEC = {
  fields: {
    schemaVersion: int(ACTOR_SCHEMA_VERSION, { min: 0 }),
    swn: schema({
      hd: int(1, { min: 0, max: 30 }),
      ac: int(10, { min: 0, max: 30 }),
      /** The squad's attack bonus: its one attack roll (SWN-17). */
      ab: int(1, { min: -10, max: 30 }),
      /** The one saving throw of a single NPC (SWN-17). */
      save: int(15, { min: 2, max: 20 }),
      morale: int(8, { min: 2, max: 12 }),
    }),
    units: schema({ value: int(5, { min: 0, max: 100 }), max: int(5, { min: 1, max: 100 }) }),
    /**
     * SWN-17: the squad's hit points; 5 units of HD 1 hold 23 (4.5 × 5, rounded up). `max` is derived (the pool,
     * `SquadModel.prepareDerivedData`) whatever is stored; it is in the schema so that v13 offers `hp` as a token bar
     * (`TokenDocument.getTrackedAttributes`: a bar is a schema with `value` and `max`, client/documents/token.mjs).
     */
    hp: schema({ value: int(23, { min: 0 }), max: int(23, { min: 0 }) }),
    weapon: schema({
      name: str(""),
      /** Checked as a creature's damage is: a typo is refused, blank means "not in the sources". */
      formula: str("", { check: creatureFormulaCheck }),
      /** Armour piercing, multiplied by units like the damage (SWN-17). */
      ap: int(0, { min: 0, max: 100 }),
      /** The weapon's tech level (cover armour "X vs TLn", SWN-15). */
      tl: int(3, { min: 0, max: 6 }),
      /** A heavy weapon counts one TL higher against cover (ruling 4g). */
      heavy: bool(false),
    }),
    /** The NPC (an actor's uuid) the squad was made from; "" = none. */
    sourceUuid: str(""),
    /** SWN-19: the actor (uuid) whose Authority focus leads this squad; "" = nobody. */
    ledBy: str(""),
    notes: html(),
  },
  joint: squadJoint,
} satisfies ModelSpec;

/**
 * SWN-17: a squad's HP and units standing are kept in step by the document (`completeSquadSource` on create,
 * `syncSquadChange` on update: data/actor/squad-derived.ts), not refused here. A joint check refusing "units above
 * the size" or "HP above the pool" would refuse `Actor.create({ type: "squad", system: { units: { max: 3 } } })`
 * (the defaults are 5 units and 23 HP) before the document could adjust it.
 */
function squadJoint(_data: Record<string, unknown>): string[] {
  return [];
}
