/**
 * The TypeDataModels. Each is a thin shell over a pure {@link ModelSpec}: the schema is built from it,
 * `validateJoint` runs its joint checks, `migrateData` runs the pure migrations and derived data comes from
 * pure functions in `rules/`.
 */
import { type ActorDerived, deriveActor } from "./actor/derived.js";
import { CHARACTER_SPEC, CREATURE_SPEC } from "./actor/specs.js";
import { ATTACK_CARD_SPEC } from "./chat/attack-card.js";
import { SIDE_SPEC } from "./combatant-group/side.js";
import { buildSchema } from "./fields.js";
import { ITEM_SPECS, type ItemType } from "./item/specs.js";
import { type Migration, migrateSystem } from "./migrations.js";
import type { ModelSpec } from "./spec.js";

type Schema = foundry.data.fields.DataSchema;
type AnyDoc = foundry.abstract.Document.Any;

/** Base class for every model of the system. */
function modelClass(
  spec: ModelSpec,
  documentName: Migration["documentName"] | "CombatantGroup" | "ChatMessage",
  type: string,
) {
  return class extends foundry.abstract.TypeDataModel<Schema, AnyDoc> {
    static readonly spec = spec;
    static readonly type = type;

    static override defineSchema(): Schema {
      return buildSchema(spec.fields);
    }

    /**
     * The system's migrations first, then core's (`DataModel.migrateData` runs the schema's field migrations). It
     * must be `super`: called on TypeDataModel itself, core's `this.schema` reaches the abstract `defineSchema` and
     * throws, and `migrateDataSafe` swallows that as a warning on every load and update.
     */
    static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
      const { system, applied } =
        documentName === "Actor" || documentName === "Item"
          ? migrateSystem(documentName, type, source)
          : { system: source, applied: [] as number[] };
      if (applied.length) {
        // Keys a migration moved elsewhere are removed; every other key is kept (migrations never drop data).
        for (const k of Object.keys(source)) if (!(k in system)) delete source[k];
        Object.assign(source, system);
      }
      return super.migrateData(source);
    }

    static override validateJoint(data: Record<string, unknown>): void {
      const errors = spec.joint?.(data) ?? [];
      if (errors.length) throw new Error(errors.join("; "));
    }
  };
}

/** Shape of `actor.system` for characters and creatures (declared here, used by the sheets and workflows). */
export interface ActorSystem {
  schemaVersion: number;
  abilities: Record<string, { value: number }>;
  stamina: { value: number; max: number };
  holstered: boolean;
  anesthetic: boolean;
  notes: string;
  race?: string;
  handedness?: string;
  size?: string;
  speed?: string;
  attack?: number;
  damage?: string;
  movement: { walk: number | null; run: number | null };
  d20: Record<string, unknown>;
  swn: { hd: number; ac: number; morale: number };
  derived: ActorDerived;
}

function actorModel(spec: ModelSpec, type: string) {
  return class extends modelClass(spec, "Actor", type) {
    override prepareDerivedData(): void {
      const self = this as unknown as ActorSystem & {
        parent?: { items?: Iterable<{ type: string; system: unknown }> };
      };
      const skills: { weaponSkill: string; level: number }[] = [];
      for (const item of self.parent?.items ?? []) {
        if (item.type === "skill") skills.push(item.system as { weaponSkill: string; level: number });
      }
      self.derived = deriveActor(self, skills);
    }
  };
}

export const CharacterModel = actorModel(CHARACTER_SPEC, "character");
export const CreatureModel = actorModel(CREATURE_SPEC, "creature");

export const ItemModels = Object.fromEntries(
  (Object.keys(ITEM_SPECS) as ItemType[]).map((t) => [t, modelClass(ITEM_SPECS[t], "Item", t)]),
) as Record<ItemType, ReturnType<typeof modelClass>>;

/** The `side` CombatantGroup subtype (SF-X-04/05). */
export const SideModel = modelClass(SIDE_SPEC, "CombatantGroup", "side");

/** The `attack` ChatMessage subtype (the attack card). */
export const AttackCardModel = modelClass(ATTACK_CARD_SPEC, "ChatMessage", "attack");
