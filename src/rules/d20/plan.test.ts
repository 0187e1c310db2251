import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type D20AttackDeclaration, planD20Attack } from "./plan.js";

const rifle = { ranged: true, multifire: true, autofire: true };
const base: D20AttackDeclaration = {
  bab: 6,
  fullAttack: true,
  mode: "single",
  weapon: rifle,
  targets: ["t1"],
};

describe("the d20 attack plan (SW-22, SW-35, SW-36, SW-02, ruling 4h)", () => {
  it("SW-22: a full attack of three at BAB +11 — +11/+6/+1 as the BAB term plus −5 and −10 steps, one shot each", () => {
    const p = planD20Attack({ ...base, bab: 11, shotsAvailable: 10 });
    expect(p.action).toBe("fullRound");
    expect(p.steps.map((s) => [s.id, s.targetId, s.bonus])).toEqual([
      ["attack1", "t1", 11],
      ["attack2", "t1", 6],
      ["attack3", "t1", 1],
    ]);
    expect(p.steps.map((s) => s.extras.map((m) => [m.id, m.value, m.ruleId]))).toEqual([
      [],
      [["iterative", -5, "SW-22"]],
      [["iterative", -10, "SW-22"]],
    ]);
    expect(p).toMatchObject({ shots: 3, shotsLeft: 7 });
    // One attack as an attack action: just the first step.
    const one = planD20Attack({ ...base, bab: 11, fullAttack: false });
    expect(one.action).toBe("attack");
    expect(one.steps).toHaveLength(1);
  });

  it("SW-35: an autofire full attack at two targets — BAB +6 is +0/+0/+0/−5, each step at its own target", () => {
    const p = planD20Attack({ ...base, mode: "autofire", targets: ["a", "a", "b", "b"], shotsAvailable: 4 });
    expect(p.steps.map((s) => [s.targetId, s.kind, s.bonus])).toEqual([
      ["a", "iterative", 0],
      ["a", "extra", 0],
      ["b", "extra", 0],
      ["b", "iterative", -5],
    ]);
    expect(p.steps[3]!.extras.map((m) => [m.id, m.value])).toEqual([
      ["iterative", -5],
      ["autofire", -6],
    ]);
    expect(p).toMatchObject({ shots: 4, shotsLeft: 0 });
    // Ruling 4h: three shots left cannot feed four attacks — refused before anything is spent.
    expect(() => planD20Attack({ ...base, mode: "autofire", shotsAvailable: 3 })).toThrow(
      /needs 4 shots; 3 left/,
    );
    // Shots per attack are the weapon's: 2 each → 8.
    expect(planD20Attack({ ...base, mode: "autofire", weapon: { ...rifle, shotsPerAttack: 2 } }).shots).toBe(
      8,
    );
    // One target per step or one for all, nothing between.
    expect(() => planD20Attack({ ...base, mode: "autofire", targets: ["a", "b"] })).toThrow(/4 attacks/);
  });

  it("SW-35 SW-36: fire modes need the weapon's setting, a ranged weapon and a full attack; not with two weapons", () => {
    expect(() =>
      planD20Attack({ ...base, mode: "autofire", weapon: { ...rifle, autofire: false } }),
    ).toThrow();
    expect(() => planD20Attack({ ...base, mode: "multifire", fullAttack: false })).toThrow(/full attack/);
    expect(() =>
      planD20Attack({
        ...base,
        mode: "multifire",
        twoWeapon: { offHandLight: true, ambidexterity: false, twoWeaponFighting: false },
      }),
    ).toThrow();
  });

  it("SW-22: two weapons at BAB +6, light off hand with Ambidexterity: +2/−3 and +2, melee spends no shots", () => {
    const p = planD20Attack({
      ...base,
      weapon: { ranged: false, multifire: false, autofire: false },
      twoWeapon: { offHandLight: true, ambidexterity: true, twoWeaponFighting: false },
      targets: ["a", "b", "a"],
    });
    expect(p.steps.map((s) => [s.kind, s.targetId, s.bonus])).toEqual([
      ["primary", "a", 2],
      ["primary", "b", -3],
      ["offHand", "a", 2],
    ]);
    expect(p).toMatchObject({ shots: 0, shotsLeft: null });
    const twoWeapon = { offHandLight: true, ambidexterity: false, twoWeaponFighting: false };
    expect(() => planD20Attack({ ...base, fullAttack: false, twoWeapon })).toThrow(/full attack/);
  });

  it("SW-02: no full attack in the surprise round; a single attack is allowed", () => {
    expect(() => planD20Attack({ ...base, surpriseRound: true })).toThrow(/surprise round/);
    expect(planD20Attack({ ...base, fullAttack: false, surpriseRound: true }).steps).toHaveLength(1);
  });

  it("SW-22 property: every step's bonus is BAB + the sum of its extras", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom("single" as const, "multifire" as const, "autofire" as const),
        fc.boolean(),
        fc.boolean(),
        (bab, mode, twoHanded, rifleOrTripod) => {
          const p = planD20Attack({ ...base, bab, mode, twoHanded, rifleOrTripod });
          for (const s of p.steps) expect(s.bonus).toBe(bab + s.extras.reduce((t, m) => t + m.value, 0));
        },
      ),
    );
  });
});
