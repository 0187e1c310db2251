import { describe, expect, it } from "vitest";
import { facts } from "../../../tests/fixtures/rules.js";
import { applyDefenses, applyStamina } from "../alpha-dawn/damage.js";
import { createAlphaDawnEngine } from "../alpha-dawn/engine.js";
import { columnOf } from "../core/engine.js";
import { mod } from "../core/modifiers.js";
import { createZebulonEngine } from "./engine.js";
import {
  baseColumn,
  colourDamage,
  finalColumn,
  meetsColour,
  pointsToShifts,
  resultShift,
  roundHalfAway,
} from "./shifts.js";
import {
  COLUMNS,
  columnLabel,
  defaultColumn,
  defaultResolutionTable,
  readColumn,
  validateResolutionTable,
} from "./table.js";

describe("Columns and shifts", () => {
  it("SF-Z-01 19 columns −X … +X; the base column is the skill level", () => {
    expect(COLUMNS).toHaveLength(19);
    expect([columnLabel(-9), columnLabel(-1), columnLabel(0), columnLabel(4), columnLabel(9)]).toEqual([
      "−X",
      "−1",
      "0",
      "+4",
      "+X",
    ]);
    expect(baseColumn(3, false)).toBe(3);
    expect(baseColumn(3, true)).toBe(2);
    expect(baseColumn(0, true)).toBe(-1);
    expect(() => baseColumn(-1, false)).toThrow();
  });

  it("SF-Z-01 SF-Z-02 the Rafflur example: Beam Weapons 3, large target +1 CS → column +4", () => {
    expect(finalColumn(3, [mod("size", "FT.Size.large", 5, "SF-X-25")])).toEqual({
      base: 3,
      shift: 1,
      column: 4,
      raw: 4,
    });
    expect(finalColumn(3, [], 1).column).toBe(4);
  });

  it("SF-Z-03 +20 in Alpha Dawn terms is +2 CS; −45 is −5; −5 is −1; 0 is 0", () => {
    expect(pointsToShifts(20)).toBe(2);
    expect(pointsToShifts(-45)).toBe(-5);
    expect(pointsToShifts(-5)).toBe(-1);
    expect(pointsToShifts(-4)).toBe(0);
    expect(pointsToShifts(0)).toBe(0);
    expect(roundHalfAway(-0.5)).toBe(-1);
  });

  it("SF-Z-02 shifting past +X resolves on +X, past −X on −X", () => {
    expect(finalColumn(6, [mod("a", "", 80, "SF-X-21")])).toEqual({ base: 6, shift: 8, column: 9, raw: 14 });
    expect(finalColumn(0, [mod("a", "", -120, "SF-X-14")])).toMatchObject({ column: -9, raw: -12 });
  });
});

describe("The default table", () => {
  const table = defaultResolutionTable();

  it("SF-Z-04 success threshold clamp(5, 95, 25 + 10c) and colour bands at 10/40/70 % of it", () => {
    expect(defaultColumn(0)).toEqual({ cobalt: 3, blue: 10, green: 18, yellow: 25 });
    expect(defaultColumn(3)).toEqual({ cobalt: 6, blue: 22, green: 39, yellow: 55 });
    expect(defaultColumn(9)).toEqual({ cobalt: 10, blue: 38, green: 67, yellow: 95 });
    expect(defaultColumn(-2)).toEqual({ cobalt: 1, blue: 2, green: 4, yellow: 5 });
    expect(defaultColumn(-9)).toEqual(defaultColumn(-2));
  });

  it("SF-Z-04 each colour boundary on columns 0, +3 and +X", () => {
    const cases: [number, number, string][] = [
      [0, 3, "cobalt"],
      [0, 4, "blue"],
      [0, 10, "blue"],
      [0, 11, "green"],
      [0, 18, "green"],
      [0, 19, "yellow"],
      [0, 25, "yellow"],
      [0, 26, "white"],
      [3, 6, "cobalt"],
      [3, 7, "blue"],
      [3, 22, "blue"],
      [3, 23, "green"],
      [3, 39, "green"],
      [3, 40, "yellow"],
      [3, 55, "yellow"],
      [3, 56, "white"],
      [9, 10, "cobalt"],
      [9, 11, "blue"],
      [9, 95, "yellow"],
      [9, 96, "white"],
      [9, 100, "white"],
    ];
    for (const [col, roll, colour] of cases)
      expect(readColumn(table, col, roll), `column ${col} roll ${roll}`).toBe(colour);
  });

  it("SF-Z-05 a task needing green succeeds on green, blue or cobalt", () => {
    expect(meetsColour("green", "green")).toBe(true);
    expect(meetsColour("cobalt", "green")).toBe(true);
    expect(meetsColour("yellow", "green")).toBe(false);
    expect(meetsColour("white", "yellow")).toBe(false);
  });

  it("SF-Z-04 the default table passes its own validation", () => {
    expect(validateResolutionTable(table)).toEqual(table);
  });

  it("SF-Z-04 a non-monotone row is rejected with a message naming the cell", () => {
    const bad = structuredClone(table) as { columns: Record<string, Record<string, number>> };
    bad.columns["4"] = { cobalt: 6, blue: 22, green: 39, yellow: 40 };
    expect(() => validateResolutionTable(bad)).toThrow(
      "Column +4, yellow (40) is below the column to its left (55)",
    );
    const order = structuredClone(table) as { columns: Record<string, Record<string, number>> };
    order.columns["0"]!.cobalt = 20;
    expect(() => validateResolutionTable(order)).toThrow("Column 0, cobalt (20) is above blue (10)");
    const missing = structuredClone(table) as { columns: Record<string, unknown> };
    delete missing.columns["9"];
    expect(() => validateResolutionTable(missing)).toThrow("Column +X is missing");
    const cell = structuredClone(table) as { columns: Record<string, Record<string, unknown>> };
    cell.columns["-9"]!.green = "x";
    expect(() => validateResolutionTable(cell)).toThrow("Column −X, green: must be a whole number 0–100");
    expect(() => validateResolutionTable(null)).toThrow(/object/);
    expect(() => validateResolutionTable({})).toThrow(/no columns/);
  });
});

describe("Result shifts and damage", () => {
  it("SF-Z-07 result shifts never push yellow to white nor past cobalt; white stays white", () => {
    expect(resultShift("green", 1)).toBe("blue");
    expect(resultShift("blue", 3)).toBe("cobalt");
    expect(resultShift("cobalt", 1)).toBe("cobalt");
    expect(resultShift("yellow", -1)).toBe("yellow");
    expect(resultShift("blue", -5)).toBe("yellow");
    expect(resultShift("white", 2)).toBe("white");
  });

  it("SF-Z-06 damage fractions on an 80-point weapon: 80, 60, 40, 20, 0", () => {
    expect((["cobalt", "blue", "green", "yellow", "white"] as const).map((c) => colourDamage(80, c))).toEqual(
      [80, 60, 40, 20, 0],
    );
    expect(colourDamage(10, "blue")).toBe(7);
    expect(colourDamage(2, "yellow")).toBe(1);
    expect(() => colourDamage(-1, "blue")).toThrow();
  });
});

describe("SF-Z-01..06 the Zebulon engine through the shared interface", () => {
  const engine = createZebulonEngine();

  it("SF-Z-03 uses the Alpha Dawn modifier list without ½ DEX and skill, which the column replaces", () => {
    const f = facts({ attacker: { skillLevel: 3 }, target: { distance: 30, size: "large" } });
    const mods = engine.attackModifiers(f, { variant: "expanded" });
    expect(mods.map((m) => m.id)).toEqual(["range", "size"]);
    const check = engine.check(f, mods, { variant: "expanded" });
    // Each term on its own (SF-Z-03): −20 (medium range) → −2 CS, +5 (large) → +1 CS; column 3 − 2 + 1 = +2;
    // threshold 45.
    expect(check).toMatchObject({ column: 2, chance: 45, band: "m" });
  });

  it("SF-Z-06 a blue hit with a laser at setting 8 (max 80) deals 60 before defenses", () => {
    const f = facts({ attacker: { skillLevel: 3 }, target: { distance: 3 } });
    const check = engine.check(f, engine.attackModifiers(f, { variant: "expanded" }), {
      variant: "expanded",
    });
    expect(columnOf(check)).toBe(3);
    const out = engine.resolve(check, { d100: 20 });
    expect(out).toMatchObject({ hit: true, colour: "blue", damageFraction: 0.75 });
    const plan = engine.damage(out, f.weapon, [], 8);
    expect(plan).toEqual({ formula: "8d10", rolled: 60 });
    expect(applyStamina(70, applyDefenses(plan.rolled, f.weapon.kind, []).taken).after).toBe(10);
  });

  it("SF-Z-04 a white result misses and deals nothing; an impossible shot is white", () => {
    const f = facts({ target: { distance: 3 } });
    const check = engine.check(f, engine.attackModifiers(f, { variant: "expanded" }), {
      variant: "expanded",
    });
    const miss = engine.resolve(check, { d100: 99 });
    expect(miss).toMatchObject({ hit: false, colour: "white" });
    expect(engine.damage(miss, f.weapon, [], 1).rolled).toBe(0);
    const hidden = facts({ target: { distance: 3, visible: false } });
    const c2 = engine.check(hidden, [], { variant: "expanded" });
    expect(engine.resolve(c2, { d100: 1 }).hit).toBe(false);
  });

  it("SF-Z-03 both engines answer the same facts through the same interface", () => {
    const f = facts({ attacker: { dex: 50, skillLevel: 2 }, target: { distance: 30 } });
    for (const e of [createAlphaDawnEngine(), engine]) {
      const check = e.check(f, e.attackModifiers(f, { variant: "expanded" }), { variant: "expanded" });
      const out = e.resolve(check, { d100: 2 });
      expect(out.hit, e.id).toBe(true);
      expect(e.damage(out, f.weapon, [10], 1).rolled, e.id).toBeGreaterThan(0);
    }
  });
});
