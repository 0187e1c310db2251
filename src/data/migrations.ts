/**
 * Schema migrations as pure functions over a document's source. Each one moves data to its new place and
 * keeps every field it does not understand: migrations never drop data.
 */
import { isValidDice } from "../rules/index.js";

export interface Migration {
  /** The schema version this migration produces. */
  readonly version: number;
  readonly documentName: "Actor" | "Item";
  readonly types: readonly string[];
  readonly description: string;
  /**
   * Mutates nothing; returns the new `system` source. `partial`: the source is a token's ActorDelta `system` (only
   * the keys the token changed), so nothing is filled in from defaults and no version is stamped.
   */
  readonly migrate: (
    system: Readonly<Record<string, unknown>>,
    options?: { readonly partial?: boolean },
  ) => Record<string, unknown>;
  /**
   * Does this source still have the shape this migration replaces, whatever its `schemaVersion` says? A token's
   * delta merged over a migrated base actor carries the base's stamp but the delta's old values, and a partial
   * write made before the migration ran can leave an old key next to a new one.
   */
  readonly oldShape?: (system: Readonly<Record<string, unknown>>) => boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** An ability stored as a bare number, or as the text of a whole number ("55", from hand-edited JSON). */
function oldAbility(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return null;
}

/**
 * Version 2: the first drafts stored Stamina as `stamina: 37, staminaMax: 45` and each ability as a bare number
 * (`abilities.dex: 40`). Now Stamina is `{ value, max }` and each ability `{ value }`.
 *
 * Also cleaned: an object `stamina` left next to a stray `staminaMax` (a partial write made before the migration
 * had run: `{stamina: {value: 30}, staminaMax: 60}` keeps the maximum 60), and a v1 current Stamina above its
 * maximum (`{stamina: 50, staminaMax: 45}`): current Stamina never exceeds the maximum (SF-B-15), so it is
 * clamped to 45 rather than leaving a document that fails validation and is hidden as invalid.
 */
export const ACTOR_V2: Migration = {
  version: 2,
  documentName: "Actor",
  types: ["character", "creature"],
  description: "Stamina and abilities become objects",
  oldShape(system) {
    if (typeof system.stamina === "number" || "staminaMax" in system) return true;
    const abilities = system.abilities;
    return isRecord(abilities) && Object.values(abilities).some((v) => oldAbility(v) !== null);
  },
  migrate(system, { partial = false } = {}) {
    const out: Record<string, unknown> = { ...system };
    const strayMax = typeof system.staminaMax === "number" ? system.staminaMax : undefined;
    const stamina = system.stamina;
    let next: Record<string, unknown> | undefined;
    if (typeof stamina === "number") {
      next = { value: stamina };
      if (strayMax !== undefined) next.max = strayMax;
      else if (!partial) next.max = stamina;
    } else if (isRecord(stamina)) {
      next = { ...stamina };
      if (typeof next.max !== "number" && strayMax !== undefined) next.max = strayMax;
    } else if (stamina === undefined && strayMax !== undefined) {
      next = partial ? { max: strayMax } : { value: strayMax, max: strayMax };
    }
    if (next) {
      if (!partial && typeof next.value === "number" && typeof next.max === "number" && next.value > next.max)
        next.value = next.max;
      out.stamina = next;
    }
    delete out.staminaMax;
    const abilities = system.abilities;
    if (isRecord(abilities)) {
      const moved: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(abilities)) {
        const n = oldAbility(v);
        moved[k] = n === null ? v : { value: n };
      }
      out.abilities = moved;
    }
    // Never lowers a later stamp (a v3 document cleaned of a stray key stays v3).
    if (!partial)
      out.schemaVersion = Math.max(2, typeof system.schemaVersion === "number" ? system.schemaVersion : 0);
    return out;
  },
};

/**
 * A creature's damage became a checked formula (issue 13): a world whose creature holds text that is not one ("see
 * the notes", "2d") would fail validation and be hidden as invalid. The text moves to the end of the creature's
 * notes (nothing is lost) and the damage is left blank, "not in the sources": the sheet shows why the creature
 * cannot attack and the GM types the formula. Run for any source that still holds such text.
 *
 * Only where the notes are part of the source. v13 migrates an update's changes too (client/data/client-backend.mjs
 * `#preUpdateDocumentArray`: `schema._addTypes(doc._source, changes); documentClass.migrateData(changes)`), and a
 * partial change such as `{damage: "see notes"}` has no notes: appending to an empty string there would replace the
 * creature's stored notes. Left alone, such a change is refused by the damage check with its reason, and nothing
 * is lost. A token's delta holding old text is still found by `oldShape`; the runner migrates it merged with its
 * base actor, notes included (helpers/migrate.ts).
 */
export const CREATURE_DAMAGE: Migration = {
  version: 2,
  documentName: "Actor",
  types: ["creature"],
  description: "A creature's damage that is not a formula is left blank",
  oldShape: (system) =>
    typeof system.damage === "string" && system.damage !== "" && !isValidDice(system.damage),
  migrate: (system) => {
    const text = system.damage;
    if (typeof text !== "string" || text === "" || isValidDice(text)) return { ...system };
    if (!("notes" in system)) return { ...system };
    const safe = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const notes = typeof system.notes === "string" ? system.notes : "";
    return { ...system, damage: "", notes: `${notes}<p>Damage: ${safe}</p>` };
  },
};

/**
 * Version 3 (issue 14): the d20 block gains what the d20 rules read — heroic or ordinary (SW-18), dodge, damage
 * reduction (SW-11), base speed (SW-12), the Point Blank Shot and Precise Shot feats, the round's wound log (SW-10).
 * `heroic` keeps any stored value; otherwise an actor with vitality points is heroic (ordinary characters have none,
 * SW-10), and one without takes the schema's default for its type (a character heroic, a creature ordinary).
 */
function actorV3(type: "character" | "creature"): Migration {
  return {
    version: 3,
    documentName: "Actor",
    types: [type],
    description: "The d20 block gains heroic, dodge, DR, base speed, feats and the wound log",
    // Only what the schema's own defaults cannot say: an actor that already had vitality points is heroic. The
    // other new fields are filled by the schema when a stored source is cleaned. This also runs on an update's
    // partial changes (they carry no schemaVersion, so they read as version 1): writing defaults here would
    // overwrite the stored DR, dodge, feats and wound log on every Stamina hit.
    migrate(system, { partial = false } = {}) {
      const out: Record<string, unknown> = { ...system };
      if (partial) return out;
      const d20 = isRecord(system.d20) ? system.d20 : null;
      const vitality = d20 && isRecord(d20.vitality) ? d20.vitality.max : undefined;
      // Only a stored d20 block (its BAB and class bonus with it): an update's changes naming a vitality maximum
      // must not turn a stored ordinary foe heroic (review 14 L2).
      const whole = !!d20 && typeof d20.bab === "number" && typeof d20.classDefense === "number";
      if (whole && d20 && typeof d20.heroic !== "boolean" && typeof vitality === "number" && vitality > 0)
        out.d20 = { ...d20, heroic: true };
      out.schemaVersion = 3;
      return out;
    },
  };
}
export const ACTOR_V3_CHARACTER = actorV3("character");
export const ACTOR_V3_CREATURE = actorV3("creature");

/** A Star Frontiers weapon skill → how the weapon attacks under d20 (SW-04, SW-06 thrown weapons: 5 increments). */
function d20AttackOf(skill: unknown): "melee" | "ranged" | "thrown" {
  if (skill === "melee") return "melee";
  if (skill === "thrown") return "thrown";
  return "ranged";
}

/**
 * Item version 2 (issue 14): weapons gain a d20 block (damage dice, threat range, critical multiplier, range
 * increment, fire modes, two-handed, rifle, size) and defense items an armour block (category, DR, maximum Dex).
 * Old documents gain the defaults: every d20 number the item never had stays empty ("not in the sources", ruling 2,
 * never converted from Star Frontiers numbers), a weapon's attack kind follows its Star Frontiers skill (a melee
 * weapon attacks in melee, a thrown one is thrown), the threat is the rule's natural 20 (SW-18).
 */
function itemV2(type: "weapon" | "defense"): Migration {
  return {
    version: 2,
    documentName: "Item",
    types: [type],
    description: "Weapons and defenses gain their d20 blocks",
    // Only the weapon's attack kind, which follows its skill; the schema fills the other defaults when a stored
    // source is cleaned. This also runs on an update's partial changes (no schemaVersion reads as version 1), so it
    // must not write defaults: they would overwrite a stored threat range or increment on every ammunition update.
    migrate(system, { partial = false } = {}) {
      const out: Record<string, unknown> = { ...system };
      if (partial) return out;
      const d20 = isRecord(system.d20) ? system.d20 : {};
      if (type === "weapon" && d20.attack === undefined && system.skill !== undefined)
        out.d20 = { ...d20, attack: d20AttackOf(system.skill) };
      out.schemaVersion = 2;
      return out;
    },
  };
}

export const ITEM_V2_WEAPON = itemV2("weapon");
export const ITEM_V2_DEFENSE = itemV2("defense");

export const MIGRATIONS: readonly Migration[] = [
  ACTOR_V2,
  CREATURE_DAMAGE,
  ACTOR_V3_CHARACTER,
  ACTOR_V3_CREATURE,
  ITEM_V2_WEAPON,
  ITEM_V2_DEFENSE,
];

/**
 * Apply every migration newer than the source's `schemaVersion` (absent = 1), and any whose old shape the source
 * still has. `partial`: a token's delta (no stamp of its own): only the migrations whose old shape it has.
 */
export function migrateSystem(
  documentName: Migration["documentName"],
  type: string,
  system: Readonly<Record<string, unknown>>,
  { partial = false }: { readonly partial?: boolean } = {},
): { system: Record<string, unknown>; applied: number[] } {
  let current: Record<string, unknown> = { ...system };
  const applied: number[] = [];
  const from = typeof system.schemaVersion === "number" ? system.schemaVersion : 1;
  for (const m of MIGRATIONS) {
    if (m.documentName !== documentName || !m.types.includes(type)) continue;
    const newer = !partial && m.version > from;
    if (!newer && !m.oldShape?.(current)) continue;
    current = m.migrate(current, { partial });
    applied.push(m.version);
  }
  return { system: current, applied };
}

/** Does any migration apply to this source? */
export function needsMigration(
  documentName: Migration["documentName"],
  type: string,
  system: Readonly<Record<string, unknown>>,
): boolean {
  return migrateSystem(documentName, type, system).applied.length > 0;
}

/**
 * Is `data` a stored document source (plain data, not a built document) whose `system` a migration would change?
 * This is what a document is built from before core migrates it in place.
 */
export function isStaleSource(documentName: Migration["documentName"], data: unknown): boolean {
  if (!data || typeof data !== "object" || "_source" in data) return false;
  const { type, system } = data as { type?: unknown; system?: unknown };
  if (typeof type !== "string" || !system || typeof system !== "object") return false;
  return needsMigration(documentName, type, system as Record<string, unknown>);
}
