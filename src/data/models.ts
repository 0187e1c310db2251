/**
 * The TypeDataModels. Each is a thin shell over a pure {@link ModelSpec}: the schema is built from it,
 * `validateJoint` runs its joint checks, `migrateData` runs the pure migrations and derived data comes from
 * pure functions in `rules/`.
 */

import type { WeaponFacts } from "../rules/index.js";
import { type D20ArmorLike, type D20Derived, deriveD20 } from "./actor/d20-derived.js";
import { type ActorDerived, type ActorSourceLike, deriveActor, type SkillLike } from "./actor/derived.js";
import { CHARACTER_SPEC, CREATURE_SPEC, SQUAD_SPEC } from "./actor/specs.js";
import { deriveSquad, type SquadDerived } from "./actor/squad-derived.js";
import type { StoredCard } from "./chat/attack-card.js";
import { ATTACK_CARD_SPEC } from "./chat/attack-card-schema.js";
import { migrateCard } from "./chat/card-migration.js";
import { RULE_CARD_SPEC } from "./chat/rule-card.js";
import { SIDE_ROLL_SPEC } from "./chat/side-roll.js";
import { COMBAT_SPEC } from "./combat/state.js";
import { COMBATANT_SPEC } from "./combatant/marks.js";
import { SIDE_SPEC } from "./combatant-group/side.js";
import { buildSchema } from "./fields.js";
import { weaponFacts } from "./item/facts.js";
import { gmFill } from "./item/gm-fill.js";
import { ITEM_SPECS, type ItemType } from "./item/specs.js";
import { type Migration, migrateSystem } from "./migrations.js";
import type { ModelData, ModelSpec } from "./spec.js";
import { isItemType } from "./subtypes.js";

type Schema = foundry.data.fields.DataSchema;
type AnyObject = { readonly [K: string]: unknown };
type EmptyObject = Record<string, never>;

/**
 * Base class for every model of the system. The schema is built at run time from the subclass's pure spec, so its
 * TypeScript type is only `DataSchema`; the instance's fields are typed from the same spec ({@link ModelData}),
 * given to fvtt-types as the model's `BaseData`, and `Derived` is what `prepareDerivedData` adds.
 */
abstract class FrontierModel<
  M extends ModelSpec,
  Parent extends foundry.abstract.Document.Any,
  Derived extends AnyObject = EmptyObject,
  Data extends AnyObject = ModelData<M>,
> extends foundry.abstract.TypeDataModel<Schema, Parent, Data, Derived> {
  // Set by each subclass (declared here only, so the base class defines none of them).
  /** The pure description the schema is built from. */
  declare static readonly spec: ModelSpec;
  /** The document this model is the `system` of, and its subtype (they choose the migrations). */
  declare static readonly systemOf:
    | Migration["documentName"]
    | "Combat"
    | "Combatant"
    | "CombatantGroup"
    | "ChatMessage";
  declare static readonly type: string;

  static override defineSchema(): Schema {
    return buildSchema(this.spec.fields);
  }

  /**
   * The system's migrations first, then core's (`DataModel.migrateData` runs the schema's field migrations). It
   * must be `super`: called on TypeDataModel itself, core's `this.schema` reaches the abstract `defineSchema` and
   * throws, and `migrateDataSafe` swallows that as a warning on every load and update.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const documentName = this.systemOf;
    const { system, applied } =
      documentName === "Actor" || documentName === "Item"
        ? migrateSystem(documentName, this.type, source)
        : { system: source, applied: [] as number[] };
    if (applied.length) {
      // No version is stamped into data that had none. Core runs this on an update's partial changes too (v13
      // client/data/client-backend.mjs `#preUpdateDocumentArray` migrates the changes once `_addTypes` gave them
      // the document's type): a stamp there would claim a version for a document whose stored data never had that
      // migration. A whole source without one gets the current version from the schema's initial value when it
      // is cleaned.
      if (!("schemaVersion" in source)) delete system.schemaVersion;
      // Keys a migration moved elsewhere are removed; every other key is kept (migrations never drop data).
      for (const k of Object.keys(source)) if (!(k in system)) delete source[k];
      Object.assign(source, system);
    }
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>): void {
    const errors = this.spec.joint?.(data) ?? [];
    if (errors.length) throw new Error(errors.join("; "));
  }
}

type ActorDerivedData = { derived: ActorDerived & { d20: D20Derived } };

/**
 * Derived data of a character or creature: from the pure rules, with the skill levels of the actor's skill items and
 * (d20, issue 14) the armour it wears.
 */
function deriveFor(
  model: ActorSourceLike & { d20: Parameters<typeof deriveD20>[0] },
  actor: Actor.Implementation | null | undefined,
): ActorDerivedData["derived"] {
  const skills: SkillLike[] = [];
  const armor: D20ArmorLike[] = [];
  for (const item of actor?.items ?? []) {
    if (isItemType(item, "skill")) skills.push(item.system);
    if (isItemType(item, "defense")) armor.push(item.system);
  }
  return { ...deriveActor(model, skills), d20: deriveD20(model.d20, armor) };
}

export class CharacterModel extends FrontierModel<
  typeof CHARACTER_SPEC,
  Actor.Implementation,
  ActorDerivedData
> {
  static override readonly spec = CHARACTER_SPEC;
  static override readonly systemOf = "Actor";
  static override readonly type = "character";

  override prepareDerivedData(): void {
    this.derived = deriveFor(this, this.parent);
  }
}

export class CreatureModel extends FrontierModel<
  typeof CREATURE_SPEC,
  Actor.Implementation,
  ActorDerivedData
> {
  static override readonly spec = CREATURE_SPEC;
  static override readonly systemOf = "Actor";
  static override readonly type = "creature";

  override prepareDerivedData(): void {
    this.derived = deriveFor(this, this.parent);
  }
}

/**
 * The `squad` actor (SWN-17): no Star Frontiers fields, so none of the character's derived data; its own, from the
 * pure SWN rules (`deriveSquad`), which never throws — a blank or bad weapon formula leaves the damage null with the
 * reason. `hp.max` is derived (4.5 × HD per unit, rounded up), as the sheet and the health model read it.
 */
export class SquadModel extends FrontierModel<
  typeof SQUAD_SPEC,
  Actor.Implementation,
  { derived: SquadDerived; hp: { max: number } }
> {
  static override readonly spec = SQUAD_SPEC;
  static override readonly systemOf = "Actor";
  static override readonly type = "squad";

  override prepareDerivedData(): void {
    this.derived = deriveSquad(this);
    this.hp.max = this.derived.hpMax;
  }
}

abstract class ItemModel<T extends ItemType, Derived extends AnyObject = EmptyObject> extends FrontierModel<
  (typeof ITEM_SPECS)[T],
  Item.Implementation,
  Derived
> {
  static override readonly systemOf = "Item";
}

/**
 * A weapon. Its facts (the numbers the rules take, `weaponFacts`: name, ranges, damage, the d20 block) are the
 * item's: worked out on first read and kept on this model, so every reader on this page shares one copy until the
 * item changes (issue 29; review architecture-2 §4 counted them built 3 times on the attacker's client). They read
 * only the item's name and `system` — no actor data, no setting — and this model lives exactly as long as those:
 * v13 builds a new one each time the item is initialised (common/data/fields.mjs `TypeDataField#initialize`:
 * `new cls(value, {parent: model})`), which `DataModel#updateSource` and `reset` do (common/abstract/data.mjs), on
 * the item's update and, through `EmbeddedCollection#initialize` (common/abstract/embedded-collection.mjs), on its
 * actor's. Worked out on read, not in `prepareDerivedData`: preparation runs for every weapon of an actor on every
 * update of that actor, on every client, while most clients never read a weapon's facts.
 *
 * Issue 32: a number the GM entered once for the world (data/item/gm-numbers.ts) fills the weapon's empty, missing
 * field when it is prepared, before any fact is read; `gmEntered` names the fields it filled. When the setting
 * changes, every weapon is initialised again (helpers/gm-numbers-use.ts `reprepareWeapons`), so its facts go with it.
 */
export class WeaponModel extends ItemModel<"weapon", { gmEntered: readonly string[] }> {
  static override readonly spec = ITEM_SPECS.weapon;
  static override readonly type = "weapon";

  override prepareDerivedData(): void {
    // The prepared system is this model: the filled numbers live here, never in `_source`.
    this.gmEntered = this.parent ? gmFill(this, this.parent) : [];
  }

  /** This weapon's facts, shared (frozen: a reader that changes them would change every other reader's). */
  get facts(): WeaponFacts {
    let facts = KEPT_FACTS.get(this);
    if (!facts) {
      facts = deepFreeze(weaponFacts(this.parent?.name ?? "", this));
      KEPT_FACTS.set(this, facts);
    }
    return facts;
  }

  /**
   * The same model initialised again in place (`DataModel#reset`, or `updateSource` on the model itself, common/
   * abstract/data.mjs, both end in `_initialize`) has new numbers: its kept facts go. Kept in a WeakMap, not a class
   * field, because the DataModel constructor calls `_initialize` before a subclass's fields exist.
   */
  protected override _initialize(...args: Parameters<ItemModel<"weapon">["_initialize"]>): void {
    super._initialize(...args);
    KEPT_FACTS.delete(this);
  }
}

/** Each weapon model's facts, worked out on first read (`WeaponModel#facts`). */
const KEPT_FACTS = new WeakMap<WeaponModel, WeaponFacts>();

function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) if (v && typeof v === "object") deepFreeze(v);
  return Object.freeze(value);
}

export class DefenseModel extends ItemModel<"defense"> {
  static override readonly spec = ITEM_SPECS.defense;
  static override readonly type = "defense";
}
export class PowerSourceModel extends ItemModel<"powerSource"> {
  static override readonly spec = ITEM_SPECS.powerSource;
  static override readonly type = "powerSource";
}
export class GearModel extends ItemModel<"gear"> {
  static override readonly spec = ITEM_SPECS.gear;
  static override readonly type = "gear";
}
export class SkillModel extends ItemModel<"skill"> {
  static override readonly spec = ITEM_SPECS.skill;
  static override readonly type = "skill";
}
export class RaceModel extends ItemModel<"race"> {
  static override readonly spec = ITEM_SPECS.race;
  static override readonly type = "race";
}

export const ItemModels = {
  weapon: WeaponModel,
  defense: DefenseModel,
  powerSource: PowerSourceModel,
  gear: GearModel,
  skill: SkillModel,
  race: RaceModel,
} satisfies Record<ItemType, unknown>;

/** The `side` CombatantGroup subtype (SF-X-04/05). */
export class SideModel extends FrontierModel<typeof SIDE_SPEC, CombatantGroup.Implementation> {
  static override readonly spec = SIDE_SPEC;
  static override readonly systemOf = "CombatantGroup";
  static override readonly type = "side";
}

/**
 * A Combat's `system` (issue 29; core's `base` type): the state only a GM sets (`combat/state.ts`). The state of
 * worlds saved before is moved here from the flags by the document class (documents/combat.ts `migrateData`).
 */
export class CombatModel extends FrontierModel<typeof COMBAT_SPEC, Combat.Implementation> {
  static override readonly spec = COMBAT_SPEC;
  static override readonly systemOf = "Combat";
  static override readonly type = "base";
}

/**
 * A Combatant's `system` (issue 29; core's `base` type, the only one a combatant has): the marks its owner may
 * declare (`combatant/marks.ts`), each refereed by the active GM. The marks of worlds saved before are moved here from
 * the flags by the document class (documents/combatant.ts `migrateData`), which sees the flags; this model sees only
 * `system`.
 */
export class CombatantModel extends FrontierModel<typeof COMBATANT_SPEC, Combatant.Implementation> {
  static override readonly spec = COMBATANT_SPEC;
  static override readonly systemOf = "Combatant";
  static override readonly type = "base";
}

/**
 * The `attack` ChatMessage subtype (the attack card): `system.card`, typed by `attack-card-schema.ts` (built from the
 * card's parts) and migrated here, once, as Foundry loads or writes the message — so `m.system.card` is a current
 * card and no reader migrates it again. Its data type is the card's own (`StoredCard`): the schema is built from the
 * parts registry at run time, so its TypeScript shape cannot be derived from it; the schema's files check, key by
 * key, that every key the card's types declare is a field (`satisfies Record<keyof …>`).
 */
export class AttackCardModel extends FrontierModel<
  typeof ATTACK_CARD_SPEC,
  ChatMessage.Implementation,
  EmptyObject,
  { card: StoredCard }
> {
  static override readonly spec = ATTACK_CARD_SPEC;
  static override readonly systemOf = "ChatMessage";
  static override readonly type = "attack";

  /**
   * v1/v2 cards → the current card (`migrateCard`), in place: v13 `DataModel.migrateDataSafe` ignores the return
   * value (common/abstract/data.mjs). It runs on the stored source before `cleanData`, and on an update's changes
   * (client/data/client-backend.mjs `#preUpdateDocumentArray`), where only a whole card is migrated.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    if ("card" in source) source.card = migrateCard(source.card);
    return super.migrateData(source);
  }
}

/**
 * The `rule` ChatMessage subtype (issue 28): a small card's kind, rule id, title and lines as i18n keys and text,
 * typed by `chat/rule-card.ts`; every client draws it in its own language (`workflows/card/rule-card.ts`).
 */
export class RuleCardModel extends FrontierModel<typeof RULE_CARD_SPEC, ChatMessage.Implementation> {
  static override readonly spec = RULE_CARD_SPEC;
  static override readonly systemOf = "ChatMessage";
  static override readonly type = "rule";
}

/**
 * The `sideRoll` ChatMessage subtype (issue 28): a side's initiative roll (SF-X-04), typed by `chat/side-roll.ts`;
 * every client draws it in its own language (`workflows/card/side-roll-card.ts`).
 */
export class SideRollModel extends FrontierModel<typeof SIDE_ROLL_SPEC, ChatMessage.Implementation> {
  static override readonly spec = SIDE_ROLL_SPEC;
  static override readonly systemOf = "ChatMessage";
  static override readonly type = "sideRoll";
}

/** `system` of a character or a creature, with its derived data. */
export type { ActorSystem } from "./subtypes.js";
