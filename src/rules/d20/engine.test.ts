import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facts } from "../../../tests/fixtures/rules.js";
import { checkOfKind } from "../core/engine.js";
import { applyOverrides, total } from "../core/modifiers.js";
import { createEngine } from "../index.js";
import { createD20Engine } from "./engine.js";

const opts = { variant: "expanded" as const };

/** A blaster pistol (3d6, 10 m increment, threat 20) in hands with BAB +3, Dex +2: +5 at 5 m. */
const blasterShot = (
  over: {
    target?: Record<string, unknown>;
    weapon?: Record<string, unknown>;
    attacker?: Record<string, unknown>;
    distance?: number;
  } = {},
) =>
  facts({
    attacker: { d20: { bab: 3, strMod: 1, dexMod: 2, size: "medium", ...over.attacker } },
    weapon: {
      name: "Blaster pistol",
      d20: { damage: "3d6", threat: 20, rangeIncrement: 10, rangedKind: "projectile", ...over.weapon },
    },
    target: {
      distance: over.distance ?? 5,
      d20: { classDefense: 4, dexMod: 2, size: "medium", ...over.target },
    },
  });

describe("the d20 engine through the seam (issue 14, step 3)", () => {
  const engine = createD20Engine();

  it("SW-04 SW-08 SW-32: +5 against Defense 16 is 50 %; with 20 % concealment 40 %", () => {
    const f = blasterShot();
    const attack = engine.attackModifiers(f, opts);
    const defense = engine.targetModifiers(f, opts);
    expect(attack.map((m) => [m.id, m.value])).toEqual([
      ["bab", 3],
      ["dex", 2],
    ]);
    expect(defense.map((m) => [m.id, m.value])).toEqual([
      ["base", 10],
      ["class", 4],
      ["dex", 2],
    ]);
    const check = engine.check(f, attack, opts, defense);
    expect(check).toMatchObject({ kind: "d20", bonus: 5, target: { value: 16 }, chance: 50, inRange: true });
    const fog = blasterShot({ target: { missChance: 20 } });
    expect(engine.check(fog, engine.attackModifiers(fog, opts), opts).chance).toBe(40);
  });

  it("SW-12 SW-29: a target that moved 25 m this round (more than its double move of 20 m) is running: it loses Dex (Defense 16 → 14) and the shot takes −2; 20 m is not running", () => {
    const at = (moved: number) => {
      const f = blasterShot({ target: { moved, speed: 10 } });
      const attack = engine.attackModifiers(f, opts);
      const defense = engine.targetModifiers(f, opts);
      return [total(attack), total(defense)];
    };
    expect(at(20)).toEqual([5, 16]);
    expect(at(25)).toEqual([3, 14]);
    // An unknown speed never reads as running.
    const f = blasterShot({ target: { moved: 99, speed: null } });
    expect(total(engine.targetModifiers(f, opts))).toBe(16);
  });

  it("SW-30 SW-32 ruling 3 ruling 4b: the scene's lattice graded by the engine — 12/16 hard +7; a low wall (8 low rays) +2 standing, +7 kneeling; prone +4 against a shot, 0 in melee; 8 soft rays 20 %, a higher free 30 % wins; 16 hard cannot be targeted", () => {
    const lattice = (o: Record<string, unknown>) => ({
      hard: 0,
      low: 0,
      soft: 0,
      total: 16,
      posture: "standing",
      inTheWay: [],
      ...o,
    });
    const coverTerm = (o: Record<string, unknown>, weapon?: Record<string, unknown>) => {
      const f = blasterShot({ target: { lattice: lattice(o) }, ...(weapon ? { weapon } : {}) });
      return engine.targetModifiers(f, opts).find((m) => m.id === "cover")?.value ?? 0;
    };
    expect(coverTerm({ hard: 12 })).toBe(7);
    expect(coverTerm({ low: 8 })).toBe(2);
    expect(coverTerm({ low: 8, posture: "kneeling" })).toBe(7);
    expect(coverTerm({ posture: "prone" })).toBe(4);
    expect(coverTerm({ posture: "prone" }, { rangeIncrement: null, grip: "primary" })).toBe(0);
    expect(coverTerm({ hard: 1 })).toBe(0);
    expect(coverTerm({}, undefined)).toBe(0);
    const check = (o: Record<string, unknown>, missChance?: number) => {
      const f = blasterShot({ target: { lattice: lattice(o), ...(missChance ? { missChance } : {}) } });
      return checkOfKind(engine.check(f, engine.attackModifiers(f, opts), opts), "d20");
    };
    expect(check({ soft: 8 }).missChance).toBe(20);
    expect(check({ soft: 8 }, 30).missChance).toBe(30);
    expect(check({ hard: 16 })).toMatchObject({ possible: false, chance: 0 });
    // An explicit cover bonus (the dialog's override) wins over the lattice.
    const f = blasterShot({ target: { lattice: lattice({ hard: 12 }), cover: 4 } });
    expect(engine.targetModifiers(f, opts).find((m) => m.id === "cover")?.value).toBe(4);
  });

  it("SW-06: range from the distance with a 10 m increment: 9 m → 0, 38 m → −6, 100 m → −20, 101 m out of range", () => {
    const at = (d: number) => {
      const f = blasterShot({ distance: d });
      const c = checkOfKind(engine.check(f, engine.attackModifiers(f, opts), opts), "d20");
      return [c.bonus, c.inRange, c.increments];
    };
    expect(at(9)).toEqual([5, true, 0]);
    expect(at(38)).toEqual([-1, true, 3]);
    expect(at(100)).toEqual([-15, true, 10]);
    // Out of range the attack is refused (inRange false), so no penalty is shown for it.
    expect(at(101)).toEqual([5, false, 10]);
  });

  it("SW-08 SW-05: the attacker's and the defender's dex and size are two lists: overriding one leaves the other", () => {
    const f = blasterShot({ attacker: { size: "small" }, target: { size: "large" } });
    const attack = applyOverrides(engine.attackModifiers(f, opts), { dex: 0 });
    const defense = engine.targetModifiers(f, opts);
    const c = checkOfKind(engine.check(f, attack, opts, defense), "d20");
    // Small attacker +1 on attack; large defender −1 on Defense: 3 + 0 + 1 = 4 against 10 + 4 + 2 − 1 = 15.
    expect([c.bonus, c.target.value]).toEqual([4, 15]);
  });

  it("SW-04 SW-18: the dice asked one at a time — d20, then a confirmation only on a threat that hit", () => {
    const f = blasterShot({ weapon: { threat: 19 } });
    const c = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(engine.nextDie(c, {})).toEqual({ key: "d20", formula: "1d20", ruleId: "SW-04" });
    expect(engine.nextDie(c, { d20: 12 })).toBeNull();
    expect(engine.nextDie(c, { d20: 19 })).toEqual({ key: "confirm", formula: "1d20", ruleId: "SW-18" });
    // Threat 19–20 confirmed: 19 + 5 = 24 hits, the confirmation 11 + 5 = 16 reaches Defense 16.
    expect(engine.resolve(c, { d20: 19, confirm: 11 })).toMatchObject({
      hit: true,
      total: 24,
      target: 16,
      margin: 8,
      critical: "confirmed",
    });
    expect(engine.resolve(c, { d20: 19, confirm: 10 })).toMatchObject({ hit: true, critical: "threat" });
    // 11 + 5 = 16 hits, 10 + 5 = 15 misses; a natural 1 misses whatever the bonus.
    expect(engine.resolve(c, { d20: 11 })).toMatchObject({ hit: true, critical: "none", margin: 0 });
    expect(engine.resolve(c, { d20: 10 })).toMatchObject({ hit: false, margin: -1 });
  });

  it("SW-32: after a hit on a concealed target the d% decides: 20 or less turns it into a miss", () => {
    const f = blasterShot({ target: { missChance: 20 } });
    const c = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(engine.nextDie(c, { d20: 15 })).toEqual({ key: "concealment", formula: "1d100", ruleId: "SW-32" });
    expect(engine.nextDie(c, { d20: 5 })).toBeNull();
    expect(engine.resolve(c, { d20: 15, concealment: 20 }).hit).toBe(false);
    expect(engine.resolve(c, { d20: 15, concealment: 21 }).hit).toBe(true);
  });

  it("SW-30: total cover cannot be targeted: not possible, a 20 does not hit, nothing more is rolled", () => {
    const f = blasterShot({ target: { cover: null } });
    const c = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect([c.possible, c.chance]).toEqual([false, 0]);
    expect(engine.nextDie(c, { d20: 20 })).toBeNull();
    expect(engine.resolve(c, { d20: 20 })).toMatchObject({ hit: false, critical: "none" });
  });

  it("SW-07 SW-15: damage is the dice plus the check's terms: 3d6 (4, 5, 6) + 1 at point blank = 16; nothing on a miss", () => {
    const f = blasterShot({ distance: 2 });
    const c = engine.check(f, engine.attackModifiers(f, opts), opts);
    const hit = engine.resolve(c, { d20: 15 });
    expect(hit.damageTerms?.map((m) => [m.id, m.value])).toEqual([["pointBlank", 1]]);
    expect(engine.damage(hit, f.weapon, [4, 5, 6], null)).toEqual({ formula: "3d6", rolled: 16 });
    expect(engine.damage(engine.resolve(c, { d20: 2 }), f.weapon, [4, 5, 6], null).rolled).toBe(0);
  });

  it("SW-07 SW-14: a two-handed melee hit adds Str ×1½ (+3 of +2), reach 2 m; a penalty keeps it at least 1", () => {
    const sword = { damage: "2d8", threat: 19, rangeIncrement: null, grip: "twoHanded" };
    const f = blasterShot({ distance: 2, weapon: sword, attacker: { strMod: 2 } });
    const c = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(c.inRange).toBe(true);
    expect(engine.damage(engine.resolve(c, { d20: 15 }), f.weapon, [3, 4], null).rolled).toBe(10);
    const weak = blasterShot({
      distance: 2,
      weapon: { ...sword, damage: "1d4", grip: "primary" },
      attacker: { strMod: -3 },
    });
    const w = engine.check(weak, engine.attackModifiers(weak, opts), opts);
    expect(engine.damage(engine.resolve(w, { d20: 18 }), weak.weapon, [1], null).rolled).toBe(1);
    const far = blasterShot({ distance: 4, weapon: sword });
    expect(engine.check(far, engine.attackModifiers(far, opts), opts).possible).toBe(false);
  });

  it("refuses facts without d20 numbers, a weapon without a range increment and an unknown size, clearly", () => {
    expect(() => engine.attackModifiers(facts(), opts)).toThrow(/d20 numbers of the attacker/);
    const noIncrement = blasterShot({ weapon: { rangeIncrement: 0 } });
    expect(() => engine.attackModifiers(noIncrement, opts)).toThrow(/no range increment/);
    const odd = blasterShot({ target: { size: "mediumish" } });
    expect(() => engine.targetModifiers(odd, opts)).toThrow(/"mediumish" is not a d20 size/);
  });

  it("SW-04: createEngine('d20') builds it (the settings do not offer it yet)", () => {
    expect(createEngine("d20").id).toBe("d20");
  });
});

describe("the d20 engine's chance is what its dice do (property)", () => {
  const engine = createD20Engine();
  it("SW-04 SW-18: for any BAB, Dex and Defense, the chance is 5 % per natural that resolve() calls a hit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -5, max: 8 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -5, max: 8 }),
        (bab, dex, classDefense, tdex) => {
          const f = blasterShot({ attacker: { bab, dexMod: dex }, target: { classDefense, dexMod: tdex } });
          const c = engine.check(f, engine.attackModifiers(f, opts), opts);
          let hits = 0;
          for (let n = 1; n <= 20; n++) if (engine.resolve(c, { d20: n, confirm: 1 }).hit) hits++;
          expect(c.chance).toBe(hits * 5);
        },
      ),
    );
  });
});
