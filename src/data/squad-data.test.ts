/**
 * The `squad` actor (SWN-17): its data, validation, derived numbers and the update that keeps its HP and units
 * standing in step. Numbers from seed 003 and the design's SWN-17 tests.
 */
import { describe, expect, it } from "vitest";
import { ACTOR_SCHEMA_VERSION, SQUAD_SPEC } from "./actor/specs.js";
import { completeSquadSource, deriveSquad, syncSquadChange } from "./actor/squad-derived.js";
import { migrateSystem } from "./migrations.js";
import { validateData } from "./spec.js";

type Squad = Parameters<typeof deriveSquad>[0] & Record<string, unknown>;
const squad = (over: Record<string, unknown> = {}): Squad => {
  const { value, issues } = validateData(SQUAD_SPEC, over);
  expect(issues).toEqual([]);
  // validateData returns a plain record; with no issues it holds every field of the squad spec.
  return value as Squad;
};
const issuesOf = (data: unknown) =>
  validateData(SQUAD_SPEC, data).issues.map((i) => `${i.path}: ${i.message}`);

describe("squad data (SWN-17)", () => {
  it("SWN-17: a new squad is 5 units of HD 1 at 23 HP, AC 10, AB +1, save 15, morale 8, no Star Frontiers fields", () => {
    const s = squad();
    expect(s).toMatchObject({
      schemaVersion: ACTOR_SCHEMA_VERSION,
      swn: { hd: 1, ac: 10, ab: 1, save: 15, morale: 8 },
      units: { value: 5, max: 5 },
      hp: { value: 23 },
      weapon: { name: "", formula: "", ap: 0, tl: 3, heavy: false },
      sourceUuid: "",
      ledBy: "",
      notes: "",
    });
    expect(s).not.toHaveProperty("stamina");
    expect(s).not.toHaveProperty("abilities");
    expect(s).not.toHaveProperty("d20");
    expect(deriveSquad(s)).toMatchObject({
      hpMax: 23,
      living: 5,
      hexes: 2,
      damage: null,
      damageReason: "blank",
    });
  });

  it("SWN-17: 13 HP left is 3 units; a 1d8 weapon × 4 units is 18 flat damage, 9 at half; 1 hex per 3 units", () => {
    expect(deriveSquad(squad({ hp: { value: 13 } }))).toMatchObject({ hpMax: 23, living: 3, hexes: 1 });
    const four = deriveSquad(squad({ hp: { value: 18 }, weapon: { formula: "1d8", ap: 2 } }));
    expect(four.living).toBe(4);
    expect(four.damage).toEqual({ average: 4.5, full: 18, half: 9 });
    expect(four.ap).toBe(8);
    expect(four.hexes).toBe(2);
    expect(deriveSquad(squad({ hp: { value: 0 }, weapon: { formula: "1d8" } }))).toMatchObject({
      living: 0,
      damage: { full: 0, half: 0 },
    });
  });

  it("SWN-17: a weapon formula that is not one is refused; a bad one already stored gives no damage and says why", () => {
    expect(issuesOf({ weapon: { formula: "see notes" } })).toEqual([
      'weapon.formula: "see notes" is not a damage formula (write it like 2d10)',
    ]);
    const stored = deriveSquad({
      swn: { hd: 1 },
      units: { max: 5 },
      hp: { value: 23 },
      weapon: { formula: "2x", ap: 0 },
    });
    expect(stored.damage).toBeNull();
    expect(stored.damageReason).toEqual(expect.any(String));
    expect(stored.damageReason).not.toBe("blank");
  });

  it("SWN-17: a TL above 6, a morale outside 2–12, a negative HD or 0 units are clamped as Foundry v13's NumberField cleans them (common/data/fields.mjs NumberField#_cleanType), not refused", () => {
    const cleaned = (data: Record<string, unknown>) => {
      const { value, issues } = validateData(SQUAD_SPEC, data);
      expect(issues).toEqual([]);
      return value;
    };
    expect(cleaned({ weapon: { tl: 7 } }).weapon).toMatchObject({ tl: 6 });
    expect(cleaned({ swn: { morale: 13 } }).swn).toMatchObject({ morale: 12 });
    expect(cleaned({ swn: { hd: -1 } }).swn).toMatchObject({ hd: 0 });
    expect(cleaned({ units: { value: 0, max: 0 } }).units).toEqual({ value: 0, max: 1 });
    // Units and HP above the squad's are not refused here (a new 3-unit squad starts from the 5-unit defaults):
    // the document brings them into step (completeSquadSource, syncSquadChange).
    expect(issuesOf({ units: { max: 3 } })).toEqual([]);
  });

  it("SWN-17: a new squad of 3 units of HD 2 starts whole at 27 HP; one given 3 of 5 units starts at 13; HP given win", () => {
    const made = (given: Record<string, unknown>) => completeSquadSource(given, squad(given));
    expect(made({ units: { max: 3 }, swn: { hd: 2 } })).toEqual({ hp: { value: 27 }, units: { value: 3 } });
    expect(made({ units: { value: 3 } })).toEqual({ hp: { value: 13 }, units: { value: 3 } });
    expect(made({ hp: { value: 18 } })).toEqual({ hp: { value: 18 }, units: { value: 4 } });
    expect(made({ hp: { value: 40 } })).toEqual({ hp: { value: 23 }, units: { value: 5 } });
    expect(made({})).toBeNull();
  });

  it("deriving never throws on stray stored numbers (an HD that is not whole reads as 1)", () => {
    expect(() =>
      deriveSquad({
        swn: { hd: 1.5 },
        units: { max: -2 },
        hp: { value: Number.NaN },
        weapon: { formula: "1d6", ap: -1 },
      }),
    ).not.toThrow();
  });

  it("no migration touches a squad (its schema starts at the current version)", () => {
    expect(migrateSystem("Actor", "squad", { units: { value: 5, max: 5 } }).applied).toEqual([]);
  });
});

describe("a squad's HP and units move together on update (SWN-17, ruling 4f)", () => {
  const stored = () => squad();
  const sync = (changes: Record<string, unknown>, current: Squad = stored()) => {
    const c = { system: changes };
    syncSquadChange(current, c);
    return c.system;
  };

  it("SWN-17: HP set to 13 leaves 3 units; set to 30 is held to the pool 23", () => {
    expect(sync({ hp: { value: 13 } })).toMatchObject({ hp: { value: 13 }, units: { value: 3 } });
    expect(sync({ hp: { value: 30 } })).toMatchObject({ hp: { value: 23 }, units: { value: 5 } });
    expect(sync({ hp: { value: -4 } })).toMatchObject({ hp: { value: 0 }, units: { value: 0 } });
  });

  it("SWN-17: units set to 3 bring HP to 13 (3 whole units of HD 1); back to 5, the full 23", () => {
    expect(sync({ units: { value: 3 } })).toMatchObject({ hp: { value: 13 }, units: { value: 3 } });
    const three = squad({ hp: { value: 13 }, units: { value: 3, max: 5 } });
    expect(sync({ units: { value: 5 } }, three)).toMatchObject({ hp: { value: 23 }, units: { value: 5 } });
  });

  it("a whole form (every field sent) follows the field that changed", () => {
    expect(sync({ units: { value: 3, max: 5 }, hp: { value: 23 } })).toMatchObject({
      hp: { value: 13 },
      units: { value: 3 },
    });
    expect(sync({ units: { value: 5, max: 5 }, hp: { value: 13 } })).toMatchObject({
      hp: { value: 13 },
      units: { value: 3 },
    });
  });

  it("a smaller squad brings HP down to the new pool (4 units of HD 1: 18); a higher HD keeps the HP, units follow", () => {
    expect(sync({ units: { max: 4 } })).toMatchObject({ hp: { value: 18 }, units: { value: 4, max: 4 } });
    // 23 HP of HD 2 units (9 each) are 3 units (ruling 4f); the GM raises the HP on the sheet if they are all fresh.
    expect(sync({ swn: { hd: 2 } })).toEqual({ swn: { hd: 2 }, units: { value: 3 } });
    const changes = { name: "renamed" };
    syncSquadChange(stored(), changes);
    expect(changes).toEqual({ name: "renamed" });
  });
});
