/**
 * The `attack` ChatMessage subtype's schema (issue 28): `system.card` is a typed schema of every field the card's
 * types declare (`attack-card.ts`), its optional game blocks built from the registered parts (`parts/`). Foundry
 * cleans every stored card against it on load and on every write (v13 common/abstract/data.mjs `_initializeSource`:
 * `migrateDataSafe` → `cleanData`; `SchemaField#_cleanType` deletes the keys the schema does not name), so the card
 * every reader gets (`m.system.card`) is migrated (`card-migration.ts`, from the model's `migrateData`) and typed.
 *
 * Presence: see `card-fields.ts`. Only what the migration guarantees on every card (its version, scene, unit,
 * targets, result with its damage list, applied marks) is required; every other field stays absent when a card lacks
 * it, so a stored card cleans to itself and its GM seal (a digest of its data) holds.
 *
 * No field is bounded, rounded or limited to choices here: what the GM may apply (token UUIDs, whole damage within
 * bounds, a known kind) is `cardProblem`'s to say, on the GM, with a reason the card shows — a schema's rounding or
 * clamping would mend a forged number silently instead. The schema refuses what is not even the shape (text where a
 * number goes, NaN): v13 `DataModel#validate` on create throws, and the player's console gets that error.
 */
import { array, bool, type ModelSpec, nullable, num, optional, record, schema, str } from "../spec.js";
import type { AppliedMark, AttackCardData, CardStep, ShotResult } from "./attack-card.js";
import { CARD_VERSION } from "./attack-card.js";
import { MODIFIER, optNum, optStr, targetFields } from "./card-fields.js";
import { BUILTIN_CARD_PARTS } from "./parts/index.js";
import { partFields, registerCardPart } from "./parts/registry.js";

for (const part of BUILTIN_CARD_PARTS) registerCardPart(part);

/** A shot's outcome (rules/core/engine.ts `Outcome`), the d20 terms absent on percentile cards. */
const OUTCOME = schema({
  engine: str(),
  roll: num(0),
  chance: num(0),
  hit: bool(),
  auto: optStr(),
  strayHit: optional(bool()),
  colour: optStr(),
  rolledColour: optional(str()),
  damageFraction: optional(num(1)),
  band: optStr(),
  total: optional(num(0)),
  target: optional(num(0)),
  margin: optional(num(0)),
  critical: optional(str()),
  damageTerms: optional(array(MODIFIER)),
  coverArmour: optional(num(0)),
  /** SW-44: a pulled blow's lesser damage ("vitality" or "half"). */
  pulled: optional(str()),
} as const satisfies Record<keyof ShotResult["outcome"], unknown>);

const SHOT = schema({
  targetId: str(),
  outcome: OUTCOME,
  damage: num(0),
  formula: optional(str()),
} as const satisfies Record<keyof ShotResult, unknown>);

const MARK = schema({
  targetId: str(),
  sceneId: str(),
  tokenId: str(),
  actorId: str(),
  linked: bool(),
  unconscious: bool(),
  stunned: bool(),
  legacy: optional(bool()),
  undone: optional(bool()),
  scale: optional(str()),
} as const satisfies Record<keyof AppliedMark, unknown>);

const STEP = schema({
  id: str(),
  kind: str(),
  targetId: str(),
  weaponName: optional(str()),
  bonus: optNum(),
  extras: array(schema({ id: str(), label: str(), value: num(0), ruleId: str() })),
} as const satisfies Record<keyof CardStep, unknown>);

/** The keys of the card its parts give (`parts/`); every other key of `AttackCardData` is in {@link CARD_FIELDS}. */
type CardPartKeys = "suppression" | "stray";

/** The card's own fields (its parts are added from the registry). */
function cardFields() {
  return {
    version: num(CARD_VERSION),
    sceneId: nullable(str()),
    rangeUnit: str("m"),
    migratedFrom: optional(num(1)),
    rollId: optional(str()),
    reaction: optional(str()),
    offer: optional(str()),
    engine: optional(str()),
    profile: optStr(),
    variant: optional(str()),
    actorUuid: optional(str()),
    weaponId: optStr(),
    weaponName: optional(str()),
    kind: optional(str()),
    ignoresDR: optional(bool()),
    effectOnly: optional(schema({ stunDC: optNum() })),
    effect: optStr(),
    burst: optional(bool()),
    shots: optional(num(1)),
    powerSetting: optNum(),
    targets: array(schema(targetFields())),
    burstCheck: optional(
      nullable(schema({ chance: num(0), column: optNum(), modifiers: optional(array(MODIFIER)) })),
    ),
    d100: optional(array(num(0))),
    damageDice: optional(array(array(num(0)))),
    result: schema({
      shots: optional(array(SHOT)),
      burst: optional(nullable(schema({ total: num(0), each: num(0), lost: num(0), hit: bool() }))),
      damage: array(schema({ targetId: str(), damage: num(0) })),
    }),
    spent: optional(nullable(schema({ amount: num(0), unit: str(), sourceId: str() }))),
    applied: array(MARK),
    stunned: optional(array(str())),
    bareHands: optional(bool()),
    creature: optional(bool()),
    dice: optional(array(record(num(null, { nullable: true })))),
    area: optStr(),
    steps: optional(array(STEP)),
    offHandWeaponId: optStr(),
    action: optStr(),
  } as const satisfies Record<Exclude<keyof AttackCardData, CardPartKeys>, unknown>;
}

/** The whole card: its own fields and every registered part's (read when Foundry first builds the schema). */
export function attackCardFields() {
  return { ...cardFields(), ...partFields("card") };
}

/** The `attack` subtype's model: `system.card`. `fields` is read when the schema is built, after parts register. */
export const ATTACK_CARD_SPEC: ModelSpec = {
  get fields() {
    return { card: schema(attackCardFields()) };
  },
};
