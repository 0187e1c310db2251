/**
 * Column shifts term by term (SF-Z-02, SF-Z-03), "cannot miss" (SF-X-33) and result shifts (SF-Z-07) in the Zebulon
 * engine, and the GM's Alpha Dawn numbers reaching it. Review rules-reachability #7, probes P8 and P10.
 */
import { describe, expect, it } from "vitest";
import { facts } from "../../../tests/fixtures/rules.js";
import { mergeTable } from "../alpha-dawn/table-overrides.js";
import { columnOf } from "../core/engine.js";
import { mod } from "../core/modifiers.js";
import { createEngine } from "../index.js";
import { createZebulonEngine } from "./engine.js";
import {
  finalColumn,
  modifierShifts,
  resultShift,
  validateColour,
  validateColumnShift,
  validateResultShift,
} from "./shifts.js";

const opts = { variant: "expanded" as const };

describe("SF-Z-02 SF-Z-03 each modifier becomes column shifts, then they are added", () => {
  it("SF-Z-02 SF-Z-03 seed 004: Beam Weapons 3 at a large target is +1 CS, column +3 → +4; +20 becomes +2 CS", () => {
    expect(finalColumn(3, [mod("size", "FT.Size.large", 5, "SF-X-25")]).column).toBe(4);
    expect(modifierShifts([mod("aim", "", 20, "SF-X-20")])).toBe(2);
  });

  it("SF-Z-02 SF-Z-03 probe P10: Short −10 and large +5 give 0 CS (not −1): skill 2 stays on column +2", () => {
    const mods = [mod("range", "FT.Range.s", -10, "SF-X-14"), mod("size", "FT.Size.large", 5, "SF-X-25")];
    expect(modifierShifts(mods)).toBe(0);
    expect(finalColumn(2, mods)).toEqual({ base: 2, shift: 0, column: 2, raw: 2 });
    // A medium target at the same range is −1 CS: the large target's +1 CS is kept.
    expect(finalColumn(2, [mods[0]!]).column).toBe(1);
  });

  it("SF-Z-03 through the engine: laser at 10 m (Short, 5/20/50…) on a large target, skill 2 → column +2, 45", () => {
    const engine = createZebulonEngine();
    const f = facts({ attacker: { skillLevel: 2 }, target: { distance: 10, size: "large" } });
    const mods = engine.attackModifiers(f, opts);
    expect(mods.map((m) => [m.id, m.value])).toEqual([
      ["range", -10],
      ["size", 5],
    ]);
    expect(engine.check(f, mods, opts)).toMatchObject({ column: 2, chance: 45, band: "s" });
  });

  it("SF-Z-03 the GM's Alpha Dawn numbers reach the Zebulon engine (a large target at +20 is +2 CS)", () => {
    const alphaDawn = mergeTable({ size: { large: 20 } });
    const f = facts({ attacker: { skillLevel: 2 }, target: { distance: 10, size: "large" } });
    for (const engine of [
      createZebulonEngine(undefined, alphaDawn),
      createEngine("zebulon", { alphaDawn }),
    ]) {
      const mods = engine.attackModifiers(f, opts);
      expect(mods.find((m) => m.id === "size")?.value).toBe(20);
      expect(columnOf(engine.check(f, mods, opts))).toBe(2 - 1 + 2);
    }
  });
});

describe("SF-X-33 cannot miss, SF-Z-07 result shifts in the Zebulon engine", () => {
  const engine = createZebulonEngine();
  const at = (cannotMiss: boolean, resultShift = 0, distance = 3, visible = true) => {
    const f = facts({
      attacker: { skillLevel: 3 },
      target: { distance, visible },
      declarations: { cannotMiss, resultShift },
    });
    return engine.check(f, engine.attackModifiers(f, opts), opts);
  };

  it("SF-X-33 probe P8: a shot that cannot miss is a yellow hit on a white roll; a colour is kept", () => {
    // Column +3: yellow ≤ 55; 80 is white.
    expect(engine.resolve(at(false), { d100: 80 })).toMatchObject({
      hit: false,
      colour: "white",
      auto: null,
    });
    expect(engine.resolve(at(true), { d100: 80 })).toMatchObject({
      hit: true,
      colour: "yellow",
      auto: "cannotMiss",
      damageFraction: 0.25,
    });
    expect(engine.resolve(at(true), { d100: 20 })).toMatchObject({ hit: true, colour: "blue", auto: null });
    // An impossible shot (out of sight) still misses.
    expect(engine.resolve(at(true, 0, 3, false), { d100: 80 })).toMatchObject({
      hit: false,
      colour: "white",
    });
  });

  it("SF-Z-07 +1 RS: green becomes blue, the card keeps green; cobalt stays cobalt; −1 RS: yellow stays yellow", () => {
    // Column +3: cobalt ≤ 6, blue ≤ 22, green ≤ 39, yellow ≤ 55.
    expect(engine.resolve(at(false, 1), { d100: 30 })).toMatchObject({
      colour: "blue",
      rolledColour: "green",
      damageFraction: 0.75,
    });
    const cobalt = engine.resolve(at(false, 1), { d100: 5 });
    expect(cobalt).toMatchObject({ colour: "cobalt", damageFraction: 1 });
    expect(cobalt.rolledColour).toBeUndefined();
    expect(engine.resolve(at(false, -1), { d100: 50 })).toMatchObject({ colour: "yellow", hit: true });
    expect(engine.resolve(at(false, -1), { d100: 60 })).toMatchObject({ colour: "white", hit: false });
    expect(engine.resolve(at(false, -2), { d100: 5 })).toMatchObject({
      colour: "green",
      rolledColour: "cobalt",
    });
  });

  it("SF-Z-07 the maximum damage is unchanged: a blue after +1 RS on an 80-point laser deals 60", () => {
    const f = facts({
      attacker: { skillLevel: 3 },
      target: { distance: 3 },
      declarations: { resultShift: 1 },
    });
    const out = engine.resolve(engine.check(f, engine.attackModifiers(f, opts), opts), { d100: 30 });
    expect(engine.damage(out, f.weapon, [], 8).rolled).toBe(60);
  });

  it("SF-Z-07 SF-Z-05 SF-Z-02 bad values are refused with the rule in the message", () => {
    expect(() => at(false, 4)).toThrow("SF-Z-07: a result shift is a whole number from −3 to +3, not 4");
    expect(() => validateResultShift(0.5)).toThrow(/SF-Z-07/);
    expect(resultShift("green", 9)).toBe("cobalt");
    expect(() => validateColour("purple")).toThrow(
      'SF-Z-05: "purple" is not a colour of the table (white, yellow, green, blue, cobalt)',
    );
    expect(validateColour("green")).toBe("green");
    expect(() => validateColumnShift(19)).toThrow(/SF-Z-02/);
    expect(validateColumnShift(-2)).toBe(-2);
  });
});
