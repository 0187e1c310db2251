/**
 * Actor schemas (pure data): `character` and `creature` carry the Star Frontiers block and, in their own
 * SchemaFields, the d20 (`system.d20`) and Stars Without Number (`system.swn`) blocks of the superset schema
 * (architecture: switching the world's engine never loses data).
 */
import { ABILITY_KEYS, ABILITY_MAX, isValidDice } from "../../rules/index.js";
import { bool, html, int, type ModelSpec, type SchemaSpec, schema, str } from "../spec.js";

export const ACTOR_SCHEMA_VERSION = 2;

export const RACES = ["human", "dralasite", "vrusk", "yazirian", "other"] as const;
export const HANDEDNESS = ["right", "left", "ambidextrous"] as const;
export const SIZES = ["tiny", "small", "medium", "large", "giant"] as const;
export const ANIMAL_SPEEDS = ["slow", "medium", "fast", "veryFast"] as const;

const ability = (initial: number) => schema({ value: int(initial, { min: 0, max: ABILITY_MAX }) });

export function abilitiesSpec(initial = 45): Readonly<Record<string, ReturnType<typeof ability>>> {
  return Object.fromEntries(ABILITY_KEYS.map((k) => [k, ability(initial)]));
}

/** d20 block (SW-*): present on every actor, shown only when the d20 engine is active. */
const d20Spec = schema({
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
  size: str("medium", {
    choices: ["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"],
    blank: false,
  }),
});

/** Stars Without Number block (SWN-*). */
const swnSpec = schema({
  hd: int(1, { min: 0, max: 30 }),
  ac: int(10, { min: 0, max: 30 }),
  morale: int(8, { min: 2, max: 12 }),
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
  d20: d20Spec,
  swn: swnSpec,
} satisfies SchemaSpec;

function staminaJoint(data: Record<string, unknown>): string[] {
  const s = data.stamina as { value: number; max: number };
  return s.value > s.max ? [`Stamina ${s.value} is above its maximum ${s.max}`] : [];
}

export const CHARACTER_SPEC = {
  fields: {
    ...common,
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
