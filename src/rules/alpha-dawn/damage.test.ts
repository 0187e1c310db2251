import { describe, expect, it } from "vitest";
import {
  applyDefenses,
  applyStamina,
  type DefenseState,
  damageFormula,
  rollDamage,
  staydose,
  stimdose,
} from "./damage.js";

const screen = (over: Partial<DefenseState>): DefenseState => ({
  id: "scr",
  name: "Screen",
  slot: "screen",
  active: true,
  rules: [],
  power: 50,
  powerSourceId: "belt",
  capacity: null,
  ...over,
});
const suit = (over: Partial<DefenseState>): DefenseState => ({
  id: "suit",
  name: "Suit",
  slot: "suit",
  active: true,
  rules: [],
  power: null,
  powerSourceId: null,
  capacity: null,
  ...over,
});

const ALBEDO_SCREEN = screen({
  id: "albedo",
  rules: [{ kind: "laser", mode: "absorb", seuPerHit: 0, pointsPerSeu: 5 }],
});
const INERTIA_SCREEN = screen({
  id: "inertia",
  rules: [
    { kind: "projectile", mode: "halve", seuPerHit: 2, pointsPerSeu: 0 },
    { kind: "needle", mode: "stop", seuPerHit: 0, pointsPerSeu: 0 },
  ],
});
const GAUSS_SCREEN = screen({
  id: "gauss",
  rules: [{ kind: "electric", mode: "immune", seuPerHit: 2, pointsPerSeu: 0 }],
});
const SKEINSUIT = suit({
  id: "skein",
  rules: [
    { kind: "projectile", mode: "halve", seuPerHit: 0, pointsPerSeu: 0 },
    { kind: "needle", mode: "stop", seuPerHit: 0, pointsPerSeu: 0 },
  ],
});
const ALBEDO_SUIT = suit({
  id: "albedoSuit",
  rules: [{ kind: "laser", mode: "halve", seuPerHit: 0, pointsPerSeu: 0 }],
  capacity: 100,
});

describe("Damage dice", () => {
  it("SF-B-16 a fixed formula, SF-X-36 per SEU with a power setting, per band for the sonic disruptor", () => {
    expect(damageFormula({ formula: "2d10" }, "m", null)).toEqual({ count: 2, faces: 10, bonus: 0 });
    expect(damageFormula({ perSeu: { faces: 10, min: 1, max: 10 } }, "s", 7)).toEqual({
      count: 7,
      faces: 10,
      bonus: 0,
    });
    expect(damageFormula({ perSeu: { faces: 10, min: 1, max: 10 } }, "s", null)).toEqual({
      count: 1,
      faces: 10,
      bonus: 0,
    });
    const sonic = { perBand: { pb: "6d10", s: "4d10", m: "2d10", l: "1d10" } };
    expect(["pb", "s", "m", "l"].map((b) => damageFormula(sonic, b as "pb", null).count)).toEqual([
      6, 4, 2, 1,
    ]);
    expect(() => damageFormula(sonic, "e", null)).toThrow(/no damage/);
    expect(() => damageFormula({ perSeu: { faces: 10, min: 1, max: 10 } }, "s", 11)).toThrow(
      /from 1 to 10, not 11/,
    );
    expect(() => damageFormula({ formula: "2x10" }, "s", null)).toThrow(/Malformed damage formula "2x10"/);
  });

  it("SF-B-15 the rolled damage is the dice plus bonus", () => {
    expect(rollDamage({ count: 2, faces: 10, bonus: 0 }, [10, 10])).toBe(20);
    expect(() => rollDamage({ count: 2, faces: 10, bonus: 0 }, [10])).toThrow(/Expected 2 dice, got 1/);
  });
});

describe("Defenses: screen first, then suit", () => {
  it("SF-X-36 an albedo screen absorbs laser damage at 1 SEU per 5 points or fraction (11 points → 3 SEU)", () => {
    const r = applyDefenses(11, "laser", [ALBEDO_SCREEN]);
    expect(r).toMatchObject({ taken: 0, drains: { belt: 3 } });
  });

  it("SF-X-36 an albedo screen with 2 SEU left absorbs 10 points and lets the rest through", () => {
    const r = applyDefenses(17, "laser", [{ ...ALBEDO_SCREEN, power: 2 }]);
    expect(r).toMatchObject({ taken: 7, drains: { belt: 2 } });
  });

  it("SF-X-36 an unpowered screen does nothing", () => {
    const r = applyDefenses(17, "laser", [{ ...ALBEDO_SCREEN, power: 0 }]);
    expect(r.taken).toBe(17);
    expect(r.steps[0]?.failed).toBe("FT.Defense.noPower");
    const g = applyDefenses(12, "electric", [{ ...GAUSS_SCREEN, power: 1 }]);
    expect(g.taken).toBe(12);
  });

  it("SF-X-36 a gauss screen is immune to electrical attacks for 2 SEU", () => {
    expect(applyDefenses(30, "electric", [GAUSS_SCREEN])).toMatchObject({ taken: 0, drains: { belt: 2 } });
  });

  it("SF-X-36 an inertia screen halves; the wearer takes the smaller half (15 → 7) for 2 SEU", () => {
    expect(applyDefenses(15, "projectile", [INERTIA_SCREEN])).toMatchObject({
      taken: 7,
      drains: { belt: 2 },
    });
  });

  it("SF-X-36 inertia screen plus skeinsuit quarter bullet damage (40 → 20 → 10)", () => {
    const r = applyDefenses(40, "projectile", [SKEINSUIT, INERTIA_SCREEN]);
    expect(r.taken).toBe(10);
    expect(r.steps.map((s) => s.defenseId)).toEqual(["inertia", "skein"]);
  });

  it("SF-X-36 needles are stopped by a skeinsuit or an inertia screen, with no drain", () => {
    expect(applyDefenses(14, "needle", [SKEINSUIT])).toMatchObject({ taken: 0, drains: {} });
    expect(applyDefenses(14, "needle", [INERTIA_SCREEN])).toMatchObject({ taken: 0, drains: {} });
  });

  it("SF-X-36 a screen and a weapon on the same pack share its SEU: two screens see each other's drain", () => {
    const second = { ...INERTIA_SCREEN, id: "inertia2", power: 3 };
    const r = applyDefenses(20, "projectile", [{ ...INERTIA_SCREEN, power: 3 }, second]);
    // First halves 20 → 10 using 2 of 3 SEU; the second has only 1 left on the shared pack and fails.
    expect(r.taken).toBe(10);
    expect(r.steps[1]?.failed).toBe("FT.Defense.noPower");
  });

  it("SF-X-36 an albedo suit halves laser damage until its 100-point capacity is spent", () => {
    expect(applyDefenses(30, "laser", [ALBEDO_SUIT])).toMatchObject({ taken: 15, wear: { albedoSuit: 15 } });
    const worn = applyDefenses(30, "laser", [{ ...ALBEDO_SUIT, capacity: 4 }]);
    expect(worn).toMatchObject({ taken: 26, wear: { albedoSuit: 4 } });
    expect(applyDefenses(30, "laser", [{ ...ALBEDO_SUIT, capacity: 0 }]).steps[0]?.failed).toBe(
      "FT.Defense.wornOut",
    );
  });

  it("SF-X-36 defenses against other kinds, inactive ones and zero damage change nothing", () => {
    expect(applyDefenses(12, "sonic", [ALBEDO_SCREEN, SKEINSUIT]).taken).toBe(12);
    expect(applyDefenses(12, "laser", [{ ...ALBEDO_SCREEN, active: false }]).taken).toBe(12);
    expect(applyDefenses(0, "laser", [ALBEDO_SCREEN])).toMatchObject({ taken: 0, steps: [] });
    expect(() => applyDefenses(-1, "laser", [])).toThrow(/at least 0/);
  });
});

describe("Stamina and drugs", () => {
  it("SF-B-15 Eusyl: 35 − 8 = 27; at 9 a 12-point needle leaves −3 and unconscious; exactly 0 is unconscious", () => {
    expect(applyStamina(35, 8)).toEqual({ before: 35, after: 27, unconscious: false });
    expect(applyStamina(9, 12)).toEqual({ before: 9, after: -3, unconscious: true });
    expect(applyStamina(9, 9).unconscious).toBe(true);
  });

  it("SF-B-15 no floor: a 20d10 laser hit of 150 on 10 Stamina leaves −140", () => {
    expect(applyStamina(10, 150)).toEqual({ before: 10, after: -140, unconscious: true });
  });

  it("SF-B-22 Stimdose: +10, never above the original score, useless below 0; wakes a dozed character", () => {
    expect(stimdose(20, 45)).toEqual({ after: 30, gained: 10, wakes: true });
    expect(stimdose(40, 45)).toEqual({ after: 45, gained: 5, wakes: true });
    expect(stimdose(-1, 45)).toEqual({ after: -1, gained: 0, wakes: false });
    expect(stimdose(0, 45)).toEqual({ after: 10, gained: 10, wakes: true });
    expect(stimdose(30, 45, true)).toEqual({ after: 30, gained: 0, wakes: true });
  });

  it("SF-B-22 Staydose stabilises only a character at 0 or below", () => {
    expect(staydose(-5)).toEqual({ stabilized: true });
    expect(staydose(3)).toEqual({ stabilized: false });
  });
});
