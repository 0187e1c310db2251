import { describe, expect, it } from "vitest";
import { total } from "../core/modifiers.js";
import type { Footprint } from "../geometry/cover.js";
import {
  type AttackInput,
  attackModifiers,
  engagedWithAlly,
  flanks,
  footprintGap,
  isPointBlank,
  rangePenalty,
  withinReach,
} from "./attack.js";
import { D20_SIZES, type D20Condition } from "./tables.js";
import { checkRangeIncrement } from "./weapon-checks.js";

const fp = (x: number, y: number, w = 2): Footprint => ({ x, y, w, h: w });
const blaster = (over: Partial<AttackInput> = {}): AttackInput => ({
  melee: false,
  bab: 3,
  str: 1,
  dex: 2,
  size: "medium",
  distance: 20,
  rangeIncrement: 10,
  ...over,
});
const sword = (over: Partial<AttackInput> = {}): AttackInput =>
  blaster({ melee: true, distance: 2, ...over });
const byId = (input: AttackInput) =>
  Object.fromEntries(attackModifiers(input).modifiers.map((m) => [m.id, m.value]));

describe("range increments (SW-06, ruling 4c)", () => {
  it("SW-06: with a 10 m increment, 9 m is 0 (less than one increment is not penalised)", () => {
    expect(rangePenalty(9, 10)).toMatchObject({ increments: 0, penalty: 0, inRange: true });
  });
  it("SW-06: 10 m with a 10 m increment is −2 (one full increment)", () => {
    expect(rangePenalty(10, 10)).toMatchObject({ increments: 1, penalty: -2, inRange: true });
  });
  it("SW-06: 38 m with a 10 m increment is −6 (at least three increments but not four)", () => {
    expect(rangePenalty(38, 10)).toMatchObject({ increments: 3, penalty: -6, inRange: true });
  });
  it("SW-06 ruling 4c: 100 m with a 10 m increment is −20 and in range; 101 m is out of range", () => {
    expect(rangePenalty(100, 10)).toEqual({ increments: 10, penalty: -20, inRange: true, maxIncrements: 10 });
    expect(rangePenalty(101, 10)).toMatchObject({ inRange: false, penalty: 0, maxIncrements: 10 });
  });
  it("SW-06 ruling 4c: thrown weapons reach 5 increments — a grenade (4 m) at 20 m is −10, at 21 m out", () => {
    expect(rangePenalty(20, 4, "thrown")).toMatchObject({ increments: 5, penalty: -10, inRange: true });
    expect(rangePenalty(21, 4, "thrown").inRange).toBe(false);
    expect(rangePenalty(8, 4, "thrown").penalty).toBe(-4);
  });
  it("SW-16: a dropped object (increment 20 m) has no upper limit", () => {
    expect(rangePenalty(1000, 20, "dropped")).toMatchObject({ increments: 50, penalty: -100, inRange: true });
  });
  it("SW-06: canvas float noise does not move an exact multiple or a limit", () => {
    expect(rangePenalty(0.1 + 0.2, 0.3).increments).toBe(1);
    expect(rangePenalty(100.0000000001, 10).inRange).toBe(true);
  });
  it("SW-06: a d20 ranged weapon without a range increment, or a bad distance, is refused", () => {
    expect(() => checkRangeIncrement(null, "Blaster")).toThrow(/Blaster has no range increment/);
    expect(() => checkRangeIncrement(0)).toThrow(/no range increment/);
    expect(() => rangePenalty(10, Number.NaN)).toThrow(/no range increment/);
    expect(() => rangePenalty(-1, 10)).toThrow(/Distance/);
    expect(() => attackModifiers(blaster({ rangeIncrement: null }))).toThrow(/no range increment/);
  });
});

describe("attack bonus (SW-04, SW-05)", () => {
  it("SW-04: ranged = BAB + Dex + size + range (3 + 2 − 2 at 20 m → +3)", () => {
    const t = attackModifiers(blaster());
    expect(t.modifiers).toEqual([
      { id: "bab", label: "FT.D20.Attack.bab", value: 3, ruleId: "SW-04" },
      { id: "dex", label: "FT.D20.Attack.dex", value: 2, ruleId: "SW-04" },
      { id: "range", label: "FT.D20.Attack.range", value: -4, ruleId: "SW-06" },
    ]);
    expect(total(t.modifiers)).toBe(1);
    expect(t.range).toMatchObject({ increments: 2 });
    expect(t.inRange).toBe(true);
  });
  it("SW-04: melee = BAB + Str + size; no range term", () => {
    const t = attackModifiers(sword());
    expect(byId(sword())).toEqual({ bab: 3, str: 1 });
    expect(t.range).toBeNull();
    expect(t.inRange).toBe(true);
  });
  it("SW-05: the size table on attack — Colossal −8 … Fine +8", () => {
    const got = Object.fromEntries(
      D20_SIZES.map((s) => [s, byId(sword({ bab: 0, str: 0, size: s })).size ?? 0]),
    );
    expect(got).toEqual({
      fine: 8,
      diminutive: 4,
      tiny: 2,
      small: 1,
      medium: 0,
      large: -1,
      huge: -2,
      gargantuan: -4,
      colossal: -8,
    });
  });
  it("SW-06: a target beyond the maximum is out of range", () => {
    const t = attackModifiers(blaster({ distance: 101 }));
    expect(t.inRange).toBe(false);
    expect(t.pointBlank).toBe(false);
  });
});

describe("point blank (SW-15)", () => {
  it("SW-15: within 2 m +1 on the attack; Point Blank Shot stretches it to 10 m", () => {
    expect(isPointBlank(2, false)).toBe(true);
    expect(isPointBlank(2.5, false)).toBe(false);
    expect(isPointBlank(10, true)).toBe(true);
    expect(isPointBlank(10.5, true)).toBe(false);
    expect(byId(blaster({ distance: 2 }))).toEqual({ bab: 3, dex: 2, pointBlank: 1 });
    const t = attackModifiers(blaster({ distance: 8, feats: { pointBlankShot: true } }));
    expect(t.pointBlank).toBe(true);
    expect(t.modifiers.find((m) => m.id === "pointBlank")).toMatchObject({ value: 1, ruleId: "SW-15" });
    expect(attackModifiers(blaster({ distance: 8 })).pointBlank).toBe(false);
  });
  it("SW-15: point blank is a ranged rule only", () => {
    expect(attackModifiers(sword()).pointBlank).toBe(false);
  });
});

describe("shooting into melee (SW-19), flanking (SW-26), reach (SW-14)", () => {
  it("SW-19: −4 into a melee with an ally; Precise Shot removes it; not for melee attacks", () => {
    expect(byId(blaster({ targetInMelee: true })).intoMelee).toBe(-4);
    expect(byId(blaster({ targetInMelee: true, feats: { preciseShot: true } })).intoMelee).toBeUndefined();
    expect(byId(sword({ targetInMelee: true })).intoMelee).toBeUndefined();
  });
  it("SW-19: the target is engaged when an ally of the shooter is adjacent to it (diagonals included)", () => {
    const target = fp(10, 10);
    expect(engagedWithAlly(target, [fp(12, 10)])).toBe(true);
    expect(engagedWithAlly(target, [fp(12, 12)])).toBe(true);
    expect(engagedWithAlly(target, [fp(14, 10), fp(10, 16)])).toBe(false);
    expect(engagedWithAlly(target, [])).toBe(false);
  });
  it("SW-14: melee reaches adjacent squares (diagonals too), not across an empty 2 m square", () => {
    const me = fp(0, 0);
    expect(withinReach(me, fp(2, 0))).toBe(true);
    expect(withinReach(me, fp(2, 2))).toBe(true);
    expect(withinReach(me, fp(4, 0))).toBe(false);
    expect(withinReach(me, fp(3.5, 0))).toBe(true);
    expect(withinReach(me, fp(4, 0), 4)).toBe(true);
    expect(footprintGap(me, fp(6, 1))).toBe(4);
    expect(footprintGap(me, fp(1, 0))).toBe(0);
  });
  it("SW-26: +2 in melee with an ally directly opposite; nothing at range", () => {
    const target = fp(10, 10);
    expect(flanks(fp(8, 10), target, fp(12, 10))).toBe(true);
    expect(flanks(fp(8, 8), target, fp(12, 12))).toBe(true);
    expect(byId(sword({ flanking: true }))["condition.flanking"]).toBe(2);
    expect(byId(blaster({ flanking: true }))["condition.flanking"]).toBeUndefined();
    expect(attackModifiers(sword({ flanking: true })).modifiers.at(-1)).toMatchObject({
      id: "condition.flanking",
      ruleId: "SW-26",
    });
  });
  it("SW-26: an ally beside the attacker, at 90°, or out of reach does not flank (design: within 45° of opposite)", () => {
    const target = fp(10, 10);
    expect(flanks(fp(8, 10), target, fp(10, 12))).toBe(false);
    expect(flanks(fp(8, 10), target, fp(8, 12))).toBe(false);
    expect(flanks(fp(8, 10), target, fp(16, 10))).toBe(false);
    expect(flanks(fp(8, 10), target, fp(16, 10), 6)).toBe(true);
    expect(flanks(fp(10, 10), target, fp(12, 10))).toBe(false);
  });
});

describe("conditions (SW-29) and declared actions (SW-16, SW-21, SW-23)", () => {
  const melee = (...c: D20Condition[]) => byId(sword({ bab: 0, str: 0, conditions: new Set(c) }));
  const ranged = (...c: D20Condition[]) =>
    byId(blaster({ bab: 0, dex: 0, distance: 5, conditions: new Set(c) }));
  it("SW-29: the melee column — higher ground +1, attacker prone −4, kneeling +2, prone +4, stunned +2, pinned +4", () => {
    expect(melee("higherGround")).toEqual({ "condition.higherGround": 1 });
    expect(melee("attackerProne")).toEqual({ "condition.attackerProne": -4 });
    expect(melee("defenderKneeling")).toEqual({ "condition.defenderKneeling": 2 });
    expect(melee("defenderProne")).toEqual({ "condition.defenderProne": 4 });
    expect(melee("defenderStunned", "defenderClimbing")).toEqual({
      "condition.defenderStunned": 2,
      "condition.defenderClimbing": 2,
    });
    expect(melee("defenderPinned")).toEqual({ "condition.defenderPinned": 4 });
    expect(melee("attackerConcealed")).toEqual({ "condition.attackerConcealed": 2 });
    expect(melee("defenderHelpless")).toEqual({ "condition.defenderHelpless": 4 });
    expect(melee("defenderRunning", "defenderFlatFooted", "defenderGrappling")).toEqual({});
  });
  it("SW-29: the ranged column — running −2, pinned −4, concealed attacker +2; kneeling and prone are cover (ruling 4b)", () => {
    expect(ranged("defenderRunning")).toEqual({ "condition.defenderRunning": -2 });
    expect(ranged("defenderPinned")).toEqual({ "condition.defenderPinned": -4 });
    expect(ranged("attackerConcealed")).toEqual({ "condition.attackerConcealed": 2 });
    expect(ranged("defenderKneeling", "defenderProne", "higherGround", "attackerProne")).toEqual({});
  });
  it("SW-16 SW-21 SW-23: improvised −4, charge +2 (melee), fighting defensively −4", () => {
    expect(
      byId(sword({ bab: 0, str: 0, improvised: true, charging: true, fightingDefensively: true })),
    ).toEqual({
      improvised: -4,
      charge: 2,
      fightingDefensively: -4,
    });
    expect(byId(blaster({ bab: 0, dex: 0, distance: 5, charging: true }))).toEqual({});
  });
});
