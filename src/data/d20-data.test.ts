/**
 * The d20 data (issue 14): the actor's `system.d20` block, the weapon and armour d20 blocks, their validation and
 * their migrations (actor v3, item v2), and the numbers the sheet derives from them with the pure d20 rules.
 */
import { describe, expect, it } from "vitest";
import { deriveD20 } from "./actor/d20-derived.js";
import { ACTOR_SCHEMA_VERSION, CHARACTER_SPEC, CREATURE_SPEC } from "./actor/specs.js";
import { DEFENSE_SPEC, ITEM_SCHEMA_VERSION, WEAPON_SPEC } from "./item/specs.js";
import { isStaleSource, migrateSystem, needsMigration } from "./migrations.js";
import { validateData } from "./spec.js";

type D20 = Parameters<typeof deriveD20>[0] & Record<string, unknown>;
const d20Of = (spec: typeof CHARACTER_SPEC | typeof CREATURE_SPEC, over: Record<string, unknown> = {}) => {
  const { value, issues } = validateData(spec, { d20: over });
  expect(issues).toEqual([]);
  return value.d20 as D20;
};
const issuesOf = (spec: Parameters<typeof validateData>[0], data: unknown) =>
  validateData(spec, data).issues.map((i) => `${i.path}: ${i.message}`);

describe("d20 actor block", () => {
  it("a new character is heroic, a new creature ordinary; DR 0, base speed by size, no feats, an empty wound log", () => {
    expect(d20Of(CHARACTER_SPEC)).toMatchObject({
      heroic: true,
      dodge: 0,
      dr: 0,
      speedBase: null,
      feats: { pointBlankShot: false, preciseShot: false },
      woundLog: { combatId: "", round: 0, lost: 0 },
      size: "medium",
    });
    expect(d20Of(CREATURE_SPEC).heroic).toBe(false);
  });

  it("SW-11 a negative DR is refused; SW-05 a size that is not one of the nine is refused; SW-12 a negative speed is cleaned to 0", () => {
    expect(issuesOf(CHARACTER_SPEC, { d20: { dr: -2 } })).toEqual([
      ": Damage reduction must be a whole number ≥ 0, not -2",
    ]);
    expect(issuesOf(CHARACTER_SPEC, { d20: { size: "giant" } })[0]).toMatch(
      /^d20\.size: must be one of fine, diminutive, tiny, small, medium, large, huge, gargantuan, colossal/,
    );
    // A negative base speed is cleaned to 0 as Foundry v13's NumberField clamps (common/data/fields.mjs).
    expect(issuesOf(CREATURE_SPEC, { d20: { speedBase: -1 } })).toEqual([]);
    expect(
      (validateData(CREATURE_SPEC, { d20: { speedBase: -1 } }).value.d20 as { speedBase: number }).speedBase,
    ).toBe(0);
  });

  it("SW-08 SW-01 SW-09 Dex 14, class +3, medium: Defense 15, flat-footed 13, touch 12; SW-05 small adds +1", () => {
    const d20 = d20Of(CHARACTER_SPEC, { abilities: { dex: 14 }, classDefense: 3 });
    expect(deriveD20(d20).defense).toEqual({ total: 15, flatFooted: 13, touch: 12 });
    expect(deriveD20({ ...d20, size: "small" }).defense).toEqual({ total: 16, flatFooted: 14, touch: 13 });
    expect(deriveD20(d20).defenseTerms.map((t) => [t.id, t.value])).toEqual([
      ["base", 10],
      ["class", 3],
      ["dex", 2],
    ]);
  });

  it("SW-08 worn armour caps the Dex bonus (max Dex 1 → Defense 14); SW-11 DR is the best of own and worn; SW-12 medium armour: 8 m", () => {
    const d20 = d20Of(CHARACTER_SPEC, { abilities: { dex: 14 }, classDefense: 3, dr: 1 });
    const armour = { active: true, d20: { category: "medium", dr: 3, maxDex: 1 } };
    const derived = deriveD20(d20, [armour, { active: false, d20: { category: "heavy", dr: 9, maxDex: 0 } }]);
    expect(derived).toMatchObject({
      maxDex: 1,
      dr: 3,
      armor: "medium",
      speed: { move: 8, double: 16, run: 32 },
    });
    expect(derived.defense.total).toBe(14);
    // Armour whose DR is not in the sources (null) adds none; the character's own DR stays.
    expect(deriveD20(d20, [{ active: true, d20: { category: "light", dr: null, maxDex: null } }]).dr).toBe(1);
  });

  it("SW-10 wound damage fatigues (Dex 14 → 12: Defense 14) and no run; 0 WP disabled, −1 dying, −10 dead; SW-12 no speed for Huge without a base speed", () => {
    const hurt = d20Of(CHARACTER_SPEC, {
      abilities: { dex: 14 },
      classDefense: 3,
      wounds: { value: 9, max: 12 },
    });
    const d = deriveD20(hurt);
    expect(d).toMatchObject({ fatigued: true, state: "ok", speed: { move: 10, run: null } });
    expect(d.mods.dex).toBe(1);
    expect(d.defense.total).toBe(14);
    const state = (value: number) => deriveD20({ ...hurt, wounds: { value, max: 12 } }).state;
    expect([state(0), state(-1), state(-9), state(-10)]).toEqual(["disabled", "dying", "dying", "dead"]);
    const huge = deriveD20({ ...hurt, size: "huge" });
    expect(huge).toMatchObject({ speed: null, speedProblem: "FT.D20.noSpeed" });
    expect(deriveD20({ ...hurt, size: "huge", speedBase: 12 }).speed?.move).toBe(12);
  });
});

describe("d20 weapon and armour blocks", () => {
  it("a new weapon: threat 20, ×1, single fire, no increment, no damage dice, not grenadelike, no burst radius or Reflex DC (SW-38: empty, not in the sources)", () => {
    const { value, issues } = validateData(WEAPON_SPEC, {});
    expect(issues).toEqual([]);
    expect(value.d20).toEqual({
      attack: "ranged",
      damage: "",
      threat: 20,
      critMultiplier: 1,
      rangeIncrement: null,
      fire: { single: true, multi: false, auto: false },
      twoHanded: false,
      rifle: false,
      size: "",
      grenade: false,
      double: false,
      burstRadius: null,
      reflexDC: null,
      // Issue 32: an item stored before these fields existed reads no stun setting, no damage type, no group.
      stunDC: null,
      damageType: "",
      group: "",
      ignoresDR: false,
      noDamageDice: false,
    });
  });

  it("SW-18 a threat range outside 2–20 is refused, 19–20 is kept; SW-06 a range increment of 0 or less is refused", () => {
    expect(issuesOf(WEAPON_SPEC, { d20: { threat: 1 } })).toEqual([
      ": A threat range starts at a natural 2 to 20, not 1",
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { threat: 21 } })).toEqual([
      ": A threat range starts at a natural 2 to 20, not 21",
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { threat: 19, rangeIncrement: 10 } })).toEqual([]);
    expect(issuesOf(WEAPON_SPEC, { d20: { rangeIncrement: 0 } })).toEqual([
      ": The d20 ranged weapon has no range increment",
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { rangeIncrement: -4 } })).toEqual([
      ": The d20 ranged weapon has no range increment",
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { damage: "3d" } })).toEqual([
      'd20.damage: "3d" is not a damage formula (write it like 2d10)',
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { fire: { single: false } } })).toEqual([
      ": A d20 weapon fires in at least one mode (single, multifire or autofire)",
    ]);
    expect(issuesOf(WEAPON_SPEC, { d20: { critMultiplier: 7 } })).toEqual([
      ": A critical multiplier is ×1 to ×6, not 7",
    ]);
  });

  it("SW-11 armour: a negative DR is refused; the category is light, medium or heavy (or none)", () => {
    expect(issuesOf(DEFENSE_SPEC, { d20: { dr: -1 } })).toEqual([
      ": Damage reduction must be a whole number ≥ 0, not -1",
    ]);
    expect(issuesOf(DEFENSE_SPEC, { d20: { category: "powered" } })[0]).toMatch(
      /^d20\.category: must be one of/,
    );
    // Issue 32: an armour stored before reads no check penalty and not powered.
    expect(validateData(DEFENSE_SPEC, {}).value.d20).toEqual({
      category: "",
      dr: null,
      maxDex: null,
      checkPenalty: null,
      powered: false,
    });
  });
});

describe("d20 migrations", () => {
  it("actor v3: an old v2 character keeps every value and, having vitality points, is heroic; the rest is the schema's default", () => {
    const old = {
      schemaVersion: 2,
      stamina: { value: 30, max: 45 },
      d20: { bab: 4, classDefense: 3, vitality: { value: 12, max: 18 }, abilities: { dex: 14 } },
      custom: "kept",
    };
    expect(isStaleSource("Actor", { _id: "a", type: "character", system: old })).toBe(true);
    const { system, applied } = migrateSystem("Actor", "character", old);
    expect(applied).toEqual([3]);
    expect(system).toEqual({
      schemaVersion: ACTOR_SCHEMA_VERSION,
      stamina: { value: 30, max: 45 },
      custom: "kept",
      d20: {
        bab: 4,
        classDefense: 3,
        vitality: { value: 12, max: 18 },
        abilities: { dex: 14 },
        heroic: true,
      },
    });
    expect(validateData(CHARACTER_SPEC, system).issues).toEqual([]);
    expect(needsMigration("Actor", "character", system)).toBe(false);
    expect(ACTOR_SCHEMA_VERSION).toBe(3);
  });

  it("actor v3 on an update's partial changes (no schemaVersion): a Stamina write or a DR write gains no d20 defaults that would overwrite the stored ones", () => {
    expect(migrateSystem("Actor", "creature", { stamina: { value: 30 } }).system).toEqual({
      stamina: { value: 30 },
      schemaVersion: 3,
    });
    expect(migrateSystem("Actor", "creature", { d20: { dr: 2 } }).system.d20).toEqual({ dr: 2 });
    expect(migrateSystem("Item", "weapon", { cost: 1 }).system).toEqual({ cost: 1, schemaVersion: 2 });
    expect(migrateSystem("Item", "weapon", { d20: { threat: 19 } }).system.d20).toEqual({ threat: 19 });
    // Review 14 L2: a macro's vitality maximum on an ordinary foe does not make it heroic.
    expect(migrateSystem("Actor", "creature", { d20: { vitality: { max: 10 } } }).system.d20).toEqual({
      vitality: { max: 10 },
    });
  });

  it("actor v3: a stored heroic flag is kept; without vitality nothing is written (the schema gives a creature ordinary, a character heroic); a v1 source runs v2 then v3", () => {
    expect(migrateSystem("Actor", "creature", { schemaVersion: 2 }).system).toEqual({ schemaVersion: 3 });
    expect(
      migrateSystem("Actor", "creature", { schemaVersion: 2, d20: { heroic: false, vitality: { max: 9 } } })
        .system.d20,
    ).toEqual({ heroic: false, vitality: { max: 9 } });
    const v1 = migrateSystem("Actor", "creature", { stamina: 20, staminaMax: 30 });
    // v2's two migrations (Stamina, the creature's damage text) run before v3.
    expect(v1.applied).toEqual([2, 2, 3]);
    expect(v1.system).toMatchObject({ stamina: { value: 20, max: 30 }, schemaVersion: 3 });
    // A token's delta holds only what it changed: nothing is filled in.
    expect(migrateSystem("Actor", "creature", { d20: { bab: 2 } }, { partial: true }).applied).toEqual([]);
  });

  it("item v2: an old weapon's attack kind follows its skill — a melee weapon attacks in melee, a thrown one is thrown — and a stored d20 number is kept", () => {
    const sword = { schemaVersion: 1, skill: "melee", damage: { formula: "2d10" }, cost: 150 };
    expect(isStaleSource("Item", { _id: "i", type: "weapon", system: sword })).toBe(true);
    const { system, applied } = migrateSystem("Item", "weapon", sword);
    expect(applied).toEqual([2]);
    expect(system).toEqual({ ...sword, schemaVersion: ITEM_SCHEMA_VERSION, d20: { attack: "melee" } });
    expect(validateData(WEAPON_SPEC, system).issues).toEqual([]);
    expect(
      (migrateSystem("Item", "weapon", { skill: "thrown" }).system.d20 as { attack: string }).attack,
    ).toBe("thrown");
    expect((migrateSystem("Item", "weapon", { skill: "beam" }).system.d20 as { attack: string }).attack).toBe(
      "ranged",
    );
    expect(
      migrateSystem("Item", "weapon", { skill: "beam", d20: { attack: "melee", threat: 19 } }).system.d20,
    ).toEqual({ attack: "melee", threat: 19 });
    expect(migrateSystem("Item", "defense", { slot: "suit", active: true }).system).toEqual({
      slot: "suit",
      active: true,
      schemaVersion: 2,
    });
    // Other item types have no d20 block and nothing to migrate.
    expect(needsMigration("Item", "gear", { schemaVersion: 1 })).toBe(false);
    expect(needsMigration("Item", "weapon", system)).toBe(false);
  });
});
