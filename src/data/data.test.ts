import { describe, expect, it } from "vitest";
import { applyStamina } from "../rules/index.js";
import { deriveActor } from "./actor/derived.js";
import { CHARACTER_SPEC, CREATURE_SPEC } from "./actor/specs.js";
import { DEFENSE_SPEC, POWER_SOURCE_SPEC, WEAPON_SPEC } from "./item/specs.js";
import { ACTOR_V2, isStaleSource, migrateSystem, needsMigration } from "./migrations.js";
import { validateData } from "./spec.js";

const character = (over: Record<string, unknown> = {}) => validateData(CHARACTER_SPEC, over);

describe("Character data", () => {
  it("fills every field with its initial value", () => {
    const { value, issues } = character();
    expect(issues).toEqual([]);
    expect(value).toMatchObject({
      race: "human",
      handedness: "right",
      stamina: { value: 45, max: 45 },
      holstered: false,
    });
    expect((value.abilities as Record<string, { value: number }>).dex).toEqual({ value: 45 });
    expect(value.d20).toMatchObject({ bab: 0, vitality: { value: 0, max: 0 } });
    expect(value.swn).toEqual({
      hd: 1,
      ac: 10,
      morale: 8,
      ab: 1,
      hp: { value: 5, max: 5 },
      moraleImmune: false,
      mech: false,
      notice: -1,
      lead: -1,
      save: 15,
    });
  });

  it("SF-X-11 a negative or >100 ability is clamped to 0–100 and a fraction rounded, as Foundry v13's NumberField cleans them (common/data/fields.mjs NumberField#_cleanType): not refused", () => {
    const low = character({ abilities: { dex: { value: -5 } } });
    expect(low.issues).toEqual([]);
    expect(low.value.abilities).toMatchObject({ dex: { value: 0 } });
    const high = character({ abilities: { rs: { value: 101 } } });
    expect(high.issues).toEqual([]);
    expect(high.value.abilities).toMatchObject({ rs: { value: 100 } });
    expect(character({ abilities: { str: { value: 40.5 } } }).value.abilities).toMatchObject({
      str: { value: 41 },
    });
    expect(character({ abilities: { str: { value: "55" } } }).value.abilities).toMatchObject({
      str: { value: 55 },
    });
    // What cleaning cannot mend is still refused.
    expect(character({ abilities: { str: { value: "abc" } } }).issues).toEqual([
      { path: "abilities.str.value", message: 'must be a number, not "abc"' },
    ]);
    expect(character({ race: "klingon" }).issues[0]?.message).toMatch(/must be one of human, dralasite/);
  });

  it("stamina.max 301 is cleaned to 300, as v13 does; the joint check still refuses Stamina above a clamped maximum", () => {
    expect(character({ stamina: { value: 40, max: 301 } }).value.stamina).toEqual({ value: 40, max: 300 });
    expect(character({ stamina: { value: 40, max: -5 } }).issues).toEqual([
      { path: "", message: "Stamina 40 is above its maximum 0" },
    ]);
  });

  it("SF-B-15 Stamina above its maximum is refused by the joint check", () => {
    expect(character({ stamina: { value: 50, max: 45 } }).issues).toEqual([
      { path: "", message: "Stamina 50 is above its maximum 45" },
    ]);
  });

  it("SF-B-15 the schema keeps any Stamina the damage rule writes: 10 − 150 = −140 is valid data", () => {
    const hit = applyStamina(10, 150);
    expect(hit).toEqual({ before: 10, after: -140, unconscious: true });
    expect(character({ stamina: { value: hit.after, max: 45 } }).issues).toEqual([]);
    expect(validateData(CREATURE_SPEC, { stamina: { value: -1000, max: 300 } }).issues).toEqual([]);
  });

  it("keeps fields it does not know (nothing is dropped)", () => {
    expect(character({ legacyNote: "keep me" }).value.legacyNote).toBe("keep me");
  });

  it("creatures carry size, speed and attack", () => {
    const { value, issues } = validateData(CREATURE_SPEC, { size: "giant", speed: "veryFast", attack: 60 });
    expect(issues).toEqual([]);
    expect(value).toMatchObject({ size: "giant", speed: "veryFast", attack: 60, damage: "1d10" });
  });
});

describe("Derived actor values", () => {
  const base = {
    abilities: { str: { value: 35 }, dex: { value: 45 }, rs: { value: 41 } },
    stamina: { value: 25, max: 50 },
    movement: { walk: null, run: null },
  };

  it("SF-X-04 SF-X-11 SF-X-27 IM rounds up, ½ DEX rounds up, wounded at exactly half", () => {
    const d = deriveActor({ ...base, race: "vrusk", handedness: "right" }, []);
    expect(d).toMatchObject({
      initiativeModifier: 5,
      rangedBase: 23,
      meleeBase: 23,
      wounded: true,
      unconscious: false,
    });
    expect(deriveActor({ ...base, stamina: { value: 26, max: 50 } }, []).wounded).toBe(false);
  });

  it("SF-B-06 SF-X-28 movement from the race unless set; Vrusk are ambidextrous", () => {
    expect(deriveActor({ ...base, race: "vrusk" }, [])).toMatchObject({
      walk: 15,
      run: 35,
      ambidextrous: true,
    });
    expect(deriveActor({ ...base, race: "dralasite" }, [])).toMatchObject({
      walk: 5,
      run: 20,
      ambidextrous: false,
    });
    expect(deriveActor({ ...base, race: "human", movement: { walk: 12, run: null } }, [])).toMatchObject({
      walk: 12,
      run: 30,
    });
    expect(deriveActor({ ...base, race: "human", handedness: "ambidextrous" }, []).ambidextrous).toBe(true);
  });

  it("SF-X-12 weapon skill levels come from skill items, the highest of each", () => {
    const d = deriveActor(base, [
      { weaponSkill: "beam", level: 2 },
      { weaponSkill: "beam", level: 4 },
      { weaponSkill: "", level: 6 },
    ]);
    expect(d.skills).toEqual({ beam: 4, gyrojet: 0, projectile: 0, thrown: 0, melee: 0 });
  });
});

describe("Item data", () => {
  it("SF-B-16 a malformed damage formula is refused with a clear message", () => {
    const { issues } = validateData(WEAPON_SPEC, { damage: { formula: "2d" } });
    expect(issues).toEqual([
      { path: "damage.formula", message: '"2d" is not a damage formula (write it like 2d10)' },
    ]);
    expect(validateData(WEAPON_SPEC, { damage: { perBand: { pb: "6x10" } } }).issues[0]?.path).toBe(
      "damage.perBand.pb",
    );
  });

  it("SF-X-14 range bands must rise", () => {
    const { issues } = validateData(WEAPON_SPEC, { ranges: { pb: 5, s: 5, m: 50, l: 100, e: 200 } });
    expect(issues[0]?.message).toMatch(/Range band s must be larger/);
    expect(validateData(WEAPON_SPEC, { skill: "melee" }).issues).toEqual([]);
  });

  it("SF-B-19 ammunition left above capacity is refused", () => {
    expect(validateData(WEAPON_SPEC, { ammo: { capacity: 20, remaining: 21 } }).issues[0]?.message).toBe(
      "Ammunition left (21) is more than the capacity (20)",
    );
    expect(validateData(POWER_SOURCE_SPEC, { capacity: 50, remaining: 51 }).issues[0]?.message).toBe(
      "51 left is more than the capacity 50",
    );
  });

  it("SF-X-36 defense rules validate their kind and mode", () => {
    expect(
      validateData(DEFENSE_SPEC, { rules: [{ kind: "laser", mode: "absorb", pointsPerSeu: 5 }] }).issues,
    ).toEqual([]);
    expect(validateData(DEFENSE_SPEC, { rules: [{ kind: "laser", mode: "reflect" }] }).issues[0]?.path).toBe(
      "rules[0].mode",
    );
  });
});

describe("Migrations", () => {
  const old = {
    stamina: 37,
    staminaMax: 45,
    abilities: { dex: 40, rs: 50 },
    race: "vrusk",
    custom: { a: 1 },
  };

  it("the example migration moves Stamina and abilities into objects and keeps everything else", () => {
    const { system, applied } = migrateSystem("Actor", "character", old);
    // Version 3 (the d20 block's defaults, issue 14) follows; d20-data.test.ts checks what it adds.
    expect(applied).toEqual([2, 3]);
    expect(system).toMatchObject({
      stamina: { value: 37, max: 45 },
      abilities: { dex: { value: 40 }, rs: { value: 50 } },
      race: "vrusk",
      custom: { a: 1 },
      schemaVersion: 3,
    });
    expect(validateData(CHARACTER_SPEC, system).issues).toEqual([]);
    expect(old.stamina).toBe(37);
  });

  it("is idempotent and leaves current data and other types alone", () => {
    const { system } = migrateSystem("Actor", "character", old);
    expect(migrateSystem("Actor", "character", system).applied).toEqual([]);
    expect(needsMigration("Actor", "character", system)).toBe(false);
    expect(needsMigration("Item", "gear", { stamina: 3 })).toBe(false);
    expect(ACTOR_V2.migrate({ stamina: 10 })).toMatchObject({ stamina: { value: 10, max: 10 } });
  });

  it("tells a stored v1 source (what a document is built from) from current data and from built documents", () => {
    expect(isStaleSource("Actor", { _id: "a", type: "character", system: old })).toBe(true);
    const { system } = migrateSystem("Actor", "character", old);
    expect(isStaleSource("Actor", { _id: "a", type: "character", system })).toBe(false);
    expect(isStaleSource("Item", { _id: "i", type: "gear", system: { stamina: 3 } })).toBe(false);
    // A built document (it has `_source`) was migrated already; partial or typeless data is not a stored source.
    expect(isStaleSource("Actor", { _source: {}, type: "character", system: old })).toBe(false);
    expect(isStaleSource("Actor", { system: old })).toBe(false);
    expect(isStaleSource("Actor", null)).toBe(false);
  });

  it("ACTOR_V2 clamps a v1 current Stamina above its maximum, so the actor stays valid (50 of 45 → 45 of 45)", () => {
    const { system } = migrateSystem("Actor", "character", { stamina: 50, staminaMax: 45 });
    expect(system.stamina).toEqual({ value: 45, max: 45 });
    expect(validateData(CHARACTER_SPEC, system).issues).toEqual([]);
  });

  it("ACTOR_V2 cleans an object stamina next to a stray staminaMax, even with a version stamp", () => {
    const left = { stamina: { value: 30 }, staminaMax: 60, schemaVersion: 3 };
    expect(needsMigration("Actor", "creature", left)).toBe(true);
    const { system } = migrateSystem("Actor", "creature", left);
    expect(system).toEqual({ stamina: { value: 30, max: 60 }, schemaVersion: 3 });
    // A max already in the object wins over the stray one.
    expect(ACTOR_V2.migrate({ stamina: { value: 30, max: 50 }, staminaMax: 60 }).stamina).toEqual({
      value: 30,
      max: 50,
    });
  });

  it("ACTOR_V2 reads an ability stored as the text of a number ('55' → 55), and leaves other text alone", () => {
    const { system } = migrateSystem("Actor", "character", { abilities: { dex: "55", rs: "fast" } });
    expect(system.abilities).toEqual({ dex: { value: 55 }, rs: "fast" });
  });

  it("a token delta migrates only what it holds: no maximum invented, no stamp", () => {
    const r = migrateSystem("Actor", "creature", { stamina: 20 }, { partial: true });
    expect(r).toEqual({ system: { stamina: { value: 20 } }, applied: [2] });
    expect(migrateSystem("Actor", "creature", { staminaMax: 70 }, { partial: true }).system).toEqual({
      stamina: { max: 70 },
    });
    // A delta with nothing old is left alone, stamp or not.
    expect(migrateSystem("Actor", "creature", { stamina: { value: 5 } }, { partial: true }).applied).toEqual(
      [],
    );
  });
});

describe("migration: a creature's damage that is not a formula", () => {
  it("is left blank, so the creature loads instead of failing validation; a formula is kept", async () => {
    const { migrateSystem } = await import("./migrations.js");
    // A stored creature has its notes (the schema fills them); the text is appended to them.
    expect(
      migrateSystem("Actor", "creature", { schemaVersion: 2, damage: "see notes", notes: "<p>Old.</p>" })
        .system,
    ).toMatchObject({ damage: "", notes: "<p>Old.</p><p>Damage: see notes</p>" });
    expect(
      migrateSystem("Actor", "creature", { schemaVersion: 2, damage: "2d", notes: "" }).system.damage,
    ).toBe("");
    expect(migrateSystem("Actor", "creature", { schemaVersion: 2, damage: "2d10" }).system.damage).toBe(
      "2d10",
    );
    expect(migrateSystem("Actor", "creature", { schemaVersion: 3, damage: "2d10" }).applied).toEqual([]);
    expect(migrateSystem("Actor", "character", { schemaVersion: 2, damage: "x" }).system.damage).toBe("x");
  });

  it("leaves an update's partial change without notes alone (v13 migrates update changes: client-backend.mjs #preUpdateDocumentArray), so the stored notes are never replaced", async () => {
    const { migrateSystem } = await import("./migrations.js");
    expect(migrateSystem("Actor", "creature", { damage: "see notes" }).system).toEqual({
      damage: "see notes",
      schemaVersion: 3,
    });
  });
});
