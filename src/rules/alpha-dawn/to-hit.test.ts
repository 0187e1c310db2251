import { describe, expect, it } from "vitest";
import { BASIC_GYROJET, facts } from "../../../tests/fixtures/rules.js";
import { applyOverrides, total } from "../core/modifiers.js";
import { basicSquareRange, rangeBand } from "../geometry/range.js";
import { applyDefenses, applyStamina } from "./damage.js";
import { createAlphaDawnEngine } from "./engine.js";
import { skillModifier } from "./skill.js";
import { ALPHA_DAWN_TABLE } from "./tables.js";
import {
  basicModifiers,
  burstModifiers,
  canAimCarefully,
  chanceToHit,
  effectiveCover,
  expandedModifiers,
} from "./to-hit.js";

const byId = (mods: readonly { id: string; value: number }[]) =>
  Object.fromEntries(mods.map((m) => [m.id, m.value]));

describe("Basic game chance to hit", () => {
  it("SF-B-09 SF-B-10 Eusyl, DEX 40, gyrojet pistol at 8 squares is Medium range, 20 %", () => {
    const squares = basicSquareRange({ x: 0, y: 0 }, { x: 8, y: 3 });
    expect(squares).toBe(8);
    const f = facts({ attacker: { dex: 40 }, weapon: BASIC_GYROJET, target: { distance: squares } });
    const mods = basicModifiers(f);
    expect(byId(mods)).toEqual({ base: 40, range: -20 });
    expect(mods.find((m) => m.id === "range")?.label).toBe("FT.Range.m");
    expect(chanceToHit(mods)).toBe(20);
  });

  it("SF-B-10 DEX 35 at Extreme range is −45 %", () => {
    const f = facts({ attacker: { dex: 35 }, weapon: BASIC_GYROJET, target: { distance: 25 } });
    expect(chanceToHit(basicModifiers(f))).toBe(-45);
  });

  it("SF-B-11 −10 when the attacker ran or rides a skimmer, not when walking", () => {
    const ran = basicModifiers(
      facts({ attacker: { dex: 50, movement: "ran" }, weapon: BASIC_GYROJET, target: { distance: 5 } }),
    );
    expect(byId(ran)).toEqual({ base: 50, range: -20, attackerMovement: -10 });
    const skimmer = basicModifiers(
      facts({ attacker: { inSkimmer: true }, weapon: BASIC_GYROJET, target: { distance: 5 } }),
    );
    expect(byId(skimmer).attackerMovement).toBe(-10);
    const walked = basicModifiers(facts({ weapon: BASIC_GYROJET, target: { distance: 5 } }));
    expect(byId(walked).attackerMovement).toBeUndefined();
  });

  it("SF-B-12 any cover is −10 in the Basic game, soft or hard alike", () => {
    for (const cover of ["soft", "hard"] as const) {
      const mods = basicModifiers(facts({ weapon: BASIC_GYROJET, target: { distance: 1, cover } }));
      expect(byId(mods)).toEqual({ base: 50, range: -10, cover: -10 });
    }
  });

  it("SF-B-10 beyond Extreme there is no range band: cannot hit", () => {
    expect(rangeBand(31, BASIC_GYROJET.ranges!)).toBeNull();
    const mods = basicModifiers(facts({ weapon: BASIC_GYROJET, target: { distance: 31 } }));
    expect(byId(mods)).toEqual({ base: 50 });
  });
});

describe("Expanded chance to hit", () => {
  it("SF-X-11 ½ DEX rounded up, SF-X-12 +10 per skill level", () => {
    const mods = expandedModifiers(facts({ attacker: { dex: 45, skillLevel: 3 }, target: { distance: 3 } }));
    expect(byId(mods)).toEqual({ base: 23, skill: 30, range: 0 });
    expect(mods.map((m) => m.ruleId)).toEqual(["SF-X-11", "SF-X-12", "SF-X-14"]);
  });

  it("SF-X-13 level-3 gyrojet gives +20 with a grenade mortar; untrained heavy laser −10", () => {
    expect(skillModifier(3, true)).toBe(20);
    expect(skillModifier(0, true)).toBe(-10);
    expect(skillModifier(1, true)).toBe(0);
    expect(skillModifier(3, false)).toBe(30);
    const mortar = expandedModifiers(
      facts({
        attacker: { skillLevel: 3 },
        weapon: { heavy: true, skill: "gyrojet" },
        target: { distance: 3 },
      }),
    );
    expect(mortar.find((m) => m.id === "skill")).toMatchObject({ value: 20, ruleId: "SF-X-13" });
    const laser = expandedModifiers(
      facts({ attacker: { skillLevel: 0 }, weapon: { heavy: true }, target: { distance: 3 } }),
    );
    expect(laser.find((m) => m.id === "skill")).toMatchObject({ value: -10, ruleId: "SF-X-13" });
    expect(() => skillModifier(-1, false)).toThrow(RangeError);
  });

  it("SF-X-14 range modifiers per band in metres (laser pistol 5/20/50/100/200)", () => {
    const at = (distance: number) => byId(expandedModifiers(facts({ target: { distance } }))).range;
    expect([at(0), at(5), at(6), at(20), at(21), at(50), at(51), at(100), at(101), at(200)]).toEqual([
      0, 0, -10, -10, -20, -20, -40, -40, -80, -80,
    ]);
    expect(at(201)).toBeUndefined();
  });

  it("SF-X-16 a telescopic sight uses the next closer band, never at PB or Short", () => {
    const scoped = (distance: number) =>
      byId(expandedModifiers(facts({ target: { distance }, declarations: { scope: true } })));
    expect(scoped(150)).toMatchObject({ range: -80, scope: 40 });
    expect(scoped(80)).toMatchObject({ range: -40, scope: 20 });
    expect(scoped(30)).toMatchObject({ range: -20, scope: 10 });
    expect(scoped(15).scope).toBeUndefined();
    expect(scoped(3).scope).toBeUndefined();
  });

  it("SF-X-17 movement: stationary target +10, running −10, dodging −20; attacker never gets +10", () => {
    const m = (
      a: "stationary" | "walked" | "ran" | "dodged",
      t: "stationary" | "walked" | "ran" | "dodged",
    ) => byId(expandedModifiers(facts({ attacker: { movement: a }, target: { distance: 3, movement: t } })));
    expect(m("stationary", "stationary")).toMatchObject({ targetMovement: 10 });
    expect(m("stationary", "stationary").attackerMovement).toBeUndefined();
    expect(m("ran", "dodged")).toMatchObject({ attackerMovement: -10, targetMovement: -20 });
    expect(m("dodged", "ran")).toMatchObject({ attackerMovement: -20, targetMovement: -10 });
    expect(m("walked", "walked").targetMovement).toBeUndefined();
  });

  it("SF-X-18 running animals use the animal modifiers instead", () => {
    const mods = (animal: "medium" | "fast" | "veryFast") =>
      byId(expandedModifiers(facts({ target: { distance: 3, movement: "ran", animal } })));
    expect([
      mods("medium").targetMovement,
      mods("fast").targetMovement,
      mods("veryFast").targetMovement,
    ]).toEqual([-10, -20, -30]);
    const still = byId(
      expandedModifiers(facts({ target: { distance: 3, movement: "stationary", animal: "fast" } })),
    );
    expect(still.targetMovement).toBe(10);
  });

  it("SF-X-19 moving vehicle target −10; attacker in a vehicle −10, above 150 m/turn −20", () => {
    expect(
      byId(expandedModifiers(facts({ target: { distance: 3, vehicleMoving: true } }))).vehicleTarget,
    ).toBe(-10);
    expect(
      byId(expandedModifiers(facts({ attacker: { vehicle: "slow" }, target: { distance: 3 } })))
        .attackerVehicle,
    ).toBe(-10);
    expect(
      byId(expandedModifiers(facts({ attacker: { vehicle: "fast" }, target: { distance: 3 } })))
        .attackerVehicle,
    ).toBe(-20);
  });

  it("SF-X-20 careful aim +15 only standing still with one shot, not for bursts or thrown weapons", () => {
    const aim = (a: object, d: object, w: object = {}) =>
      byId(
        expandedModifiers(
          facts({
            attacker: a,
            target: { distance: 3 },
            declarations: { carefulAim: true, ...d },
            weapon: w,
          }),
        ),
      ).carefulAim;
    expect(aim({ movement: "stationary" }, {})).toBe(15);
    expect(aim({ movement: "walked" }, {})).toBeUndefined();
    expect(aim({ movement: "stationary" }, { shots: 2 })).toBeUndefined();
    expect(
      aim(
        { movement: "stationary" },
        { burst: true },
        { burst: { rounds: 10, baseDice: 5, bonusNeedsMount: false } },
      ),
    ).toBeUndefined();
    expect(aim({ movement: "stationary" }, {}, { skill: "thrown" })).toBeUndefined();
    expect(canAimCarefully(facts({ attacker: { movement: "stationary", vehicle: "slow" } }))).toBe(false);
  });

  it("SF-X-21 firing a burst +20; a machine gun keeps it only when mounted", () => {
    const auto = { rof: 3, burst: { rounds: 10, baseDice: 5, bonusNeedsMount: false } };
    expect(
      byId(expandedModifiers(facts({ weapon: auto, target: { distance: 3 }, declarations: { burst: true } })))
        .burst,
    ).toBe(20);
    const mg = { rof: 1, burst: { rounds: 20, baseDice: 10, bonusNeedsMount: true } };
    expect(
      byId(expandedModifiers(facts({ weapon: mg, target: { distance: 3 }, declarations: { burst: true } })))
        .burst,
    ).toBeUndefined();
    expect(
      byId(
        expandedModifiers(
          facts({ weapon: mg, target: { distance: 3 }, declarations: { burst: true, mounted: true } }),
        ),
      ).burst,
    ).toBe(20);
  });

  it("SF-X-22 soft cover −10, hard cover −20", () => {
    expect(byId(expandedModifiers(facts({ target: { distance: 3, cover: "soft" } }))).cover).toBe(-10);
    expect(byId(expandedModifiers(facts({ target: { distance: 3, cover: "hard" } }))).cover).toBe(-20);
  });

  it("SF-X-26 prone in tall grass is −15, prone behind a log is −20", () => {
    const grass = expandedModifiers(facts({ target: { distance: 3, prone: true, cover: "soft" } }));
    expect((byId(grass).cover ?? 0) + (byId(grass).prone ?? 0)).toBe(-15);
    const log = expandedModifiers(facts({ target: { distance: 3, prone: true, cover: "hard" } }));
    expect((byId(log).cover ?? 0) + (byId(log).prone ?? 0)).toBe(-20);
    expect(byId(expandedModifiers(facts({ target: { distance: 3, prone: true } }))).prone).toBe(-5);
  });

  it("SF-X-25 target size Tiny −10 … Giant +10", () => {
    const s = (size: "tiny" | "small" | "medium" | "large" | "giant") =>
      byId(expandedModifiers(facts({ target: { distance: 3, size } }))).size ?? 0;
    expect(["tiny", "small", "medium", "large", "giant"].map((x) => s(x as "tiny"))).toEqual([
      -10, -5, 0, 5, 10,
    ]);
  });

  it("SF-X-27 wounded at exactly half Stamina −10; an anesthetic cancels it", () => {
    expect(
      byId(
        expandedModifiers(facts({ attacker: { stamina: { value: 25, max: 50 } }, target: { distance: 3 } })),
      ).wounded,
    ).toBe(-10);
    expect(
      byId(
        expandedModifiers(facts({ attacker: { stamina: { value: 26, max: 50 } }, target: { distance: 3 } })),
      ).wounded,
    ).toBeUndefined();
    expect(
      byId(
        expandedModifiers(
          facts({ attacker: { stamina: { value: 10, max: 50 }, anesthetic: true }, target: { distance: 3 } }),
        ),
      ).wounded,
    ).toBeUndefined();
  });

  it("SF-X-28 wrong hand −10 unless ambidextrous (Vrusk); SF-X-29 two pistols −10 each plus wrong hand", () => {
    expect(
      byId(expandedModifiers(facts({ target: { distance: 3 }, declarations: { wrongHand: true } })))
        .wrongHand,
    ).toBe(-10);
    expect(
      byId(
        expandedModifiers(
          facts({
            attacker: { ambidextrous: true },
            target: { distance: 3 },
            declarations: { wrongHand: true },
          }),
        ),
      ).wrongHand,
    ).toBeUndefined();
    const offHand = byId(
      expandedModifiers(
        facts({ target: { distance: 3 }, declarations: { twoWeapons: true, wrongHand: true } }),
      ),
    );
    expect(offHand).toMatchObject({ twoWeapons: -10, wrongHand: -10 });
  });

  it("SF-X-35 a target in a crowd counts as soft cover, and hard cover still wins", () => {
    const crowd = expandedModifiers(facts({ target: { distance: 3, crowd: true } }));
    expect(crowd.find((m) => m.id === "cover")).toMatchObject({
      value: -10,
      ruleId: "SF-X-35",
      label: "FT.Modifier.crowd",
    });
    expect(effectiveCover("hard", true)).toBe("hard");
    expect(effectiveCover("soft", true)).toBe("soft");
    expect(effectiveCover("none", false)).toBe("none");
  });

  it("SF-X-38 thrown weapons: ½ DEX + 10 × Thrown skill, only range, movement, wrong hand and wounds", () => {
    const grenade = {
      skill: "thrown" as const,
      ranges: { pb: 5, s: 10, m: 15, l: 25, e: 50 },
      kind: "explosive" as const,
    };
    const mods = expandedModifiers(
      facts({
        attacker: { dex: 51, skillLevel: 2, movement: "ran", stamina: { value: 10, max: 50 } },
        weapon: grenade,
        target: { distance: 12, cover: "hard", prone: true, size: "large", movement: "stationary" },
        declarations: { wrongHand: true, carefulAim: true, scope: true },
      }),
    );
    expect(byId(mods)).toEqual({
      base: 26,
      skill: 20,
      range: -20,
      attackerMovement: -10,
      targetMovement: 10,
      wounded: -10,
      wrongHand: -10,
    });
    expect(
      mods.every((m) => ["SF-X-38", "SF-X-14", "SF-X-17", "SF-X-27", "SF-X-28"].includes(m.ruleId)),
    ).toBe(true);
  });

  it("SF-X-27 SF-X-28 overrides: a number replaces a modifier, null removes it, extras are added", () => {
    const mods = expandedModifiers(facts({ target: { distance: 30, cover: "soft" } }));
    const changed = applyOverrides(mods, { cover: null, range: -10 }, [
      { id: "gm", label: "FT.Modifier.gm", value: 5, ruleId: "SF-X-33" },
    ]);
    expect(byId(changed)).toEqual({ base: 25, range: -10, gm: 5 });
    expect(changed.find((m) => m.id === "range")?.overridden).toBe(true);
    expect(() => applyOverrides(mods, { range: Number.NaN })).toThrow(/not a number/);
    expect(total(changed)).toBe(20);
  });
});

describe("SF-X-24 burst: one roll, any penalty for one target applies to all", () => {
  it("keeps the worst value per modifier and drops bonuses not every target earns", () => {
    const a = [
      { id: "range", label: "", value: -10, ruleId: "SF-X-14" as const },
      { id: "targetMovement", label: "", value: 10, ruleId: "SF-X-17" as const },
    ];
    const b = [
      { id: "range", label: "", value: -20, ruleId: "SF-X-14" as const },
      { id: "cover", label: "", value: -10, ruleId: "SF-X-22" as const },
    ];
    expect(byId(burstModifiers([a, b]))).toEqual({ range: -20, cover: -10 });
    const both = [a, a.map((m) => ({ ...m }))];
    expect(byId(burstModifiers(both))).toEqual({ range: -10, targetMovement: 10 });
    expect(burstModifiers([])).toEqual([]);
  });
});

describe("Alpha Dawn engine through the shared interface", () => {
  const engine = createAlphaDawnEngine();

  it("SF-B-13 SF-B-14 Eusyl's shot: 20 % and a roll of 13 hits; 2d10 rolling 12 takes 12 Stamina", () => {
    const f = facts({ attacker: { dex: 40 }, weapon: BASIC_GYROJET, target: { distance: 8 } });
    const mods = engine.attackModifiers(f, { variant: "basic" });
    const check = engine.check(f, mods, { variant: "basic" });
    expect(check.chance).toBe(20);
    const out = engine.resolve(check, { d100: 13 });
    expect(out).toMatchObject({ hit: true, auto: null, roll: 13, band: "m" });
    const plan = engine.damage(out, f.weapon, [5, 7], null);
    expect(plan).toEqual({ formula: "2d10", rolled: 12 });
    // What the hit does to the target is its health model's (screens and suits, then Stamina), not the engine's.
    expect(applyStamina(35, applyDefenses(plan.rolled, f.weapon.kind, []).taken)).toEqual({
      before: 35,
      after: 23,
      unconscious: false,
    });
  });

  it("SF-B-14 DEX 35 at Extreme is −45 % yet a roll of 03 hits", () => {
    const f = facts({ attacker: { dex: 35 }, weapon: BASIC_GYROJET, target: { distance: 25 } });
    const check = engine.check(f, engine.attackModifiers(f, { variant: "basic" }), { variant: "basic" });
    expect(check.chance).toBe(-45);
    expect(engine.resolve(check, { d100: 3 })).toMatchObject({ hit: true, auto: "hit" });
    expect(engine.resolve(check, { d100: 6 })).toMatchObject({ hit: false, auto: null });
  });

  it("SF-B-14 out of range or out of sight: even 01 does not hit", () => {
    const far = facts({ weapon: BASIC_GYROJET, target: { distance: 31 } });
    const c1 = engine.check(far, engine.attackModifiers(far, { variant: "basic" }), { variant: "basic" });
    expect(c1.possible).toBe(false);
    expect(engine.resolve(c1, { d100: 1 }).hit).toBe(false);
    const hidden = facts({ target: { distance: 3, visible: false } });
    const c2 = engine.check(hidden, engine.attackModifiers(hidden, { variant: "expanded" }), {
      variant: "expanded",
    });
    expect(engine.resolve(c2, { d100: 1 }).hit).toBe(false);
  });

  it("SF-B-15 damage to 0 or less leaves the target unconscious (Eusyl at 9 takes 12 → −3)", () => {
    const f = facts({ weapon: { damage: { formula: "2d10" }, kind: "needle" } });
    const out = engine.resolve(engine.check(f, [], { variant: "basic" }), { d100: 1 });
    const plan = engine.damage(out, f.weapon, [6, 6], null);
    expect(applyStamina(9, applyDefenses(plan.rolled, f.weapon.kind, []).taken)).toEqual({
      before: 9,
      after: -3,
      unconscious: true,
    });
  });

  it("SF-X-36 per-SEU damage: a laser set to 3 rolls 3d10; no damage on a miss", () => {
    const f = facts({ target: { distance: 3 } });
    const check = engine.check(f, engine.attackModifiers(f, { variant: "expanded" }), {
      variant: "expanded",
    });
    const hit = engine.resolve(check, { d100: 10 });
    expect(engine.damage(hit, f.weapon, [4, 5, 6], 3)).toMatchObject({
      formula: "3d10",
      rolled: 15,
    });
    const miss = engine.resolve(check, { d100: 90 });
    expect(engine.damage(miss, f.weapon, [], 3).rolled).toBe(0);
  });

  it("uses the table it was given (a GM's numbers)", () => {
    const custom = createAlphaDawnEngine({
      ...ALPHA_DAWN_TABLE,
      range: { pb: 5, s: 0, m: -10, l: -30, e: -60 },
    });
    const f = facts({ attacker: { dex: 40 }, weapon: BASIC_GYROJET, target: { distance: 8 } });
    expect(
      custom.check(f, custom.attackModifiers(f, { variant: "basic" }), { variant: "basic" }).chance,
    ).toBe(30);
  });
});

describe("Alpha Dawn asks for the dice it needs (the engine seam's nextDie)", () => {
  const engine = createAlphaDawnEngine();
  const crowd = facts({ target: { distance: 3, crowd: true } });
  const opts = { variant: "expanded" as const };
  const check = engine.check(crowd, engine.attackModifiers(crowd, opts), opts);

  it("SF-B-13 SF-X-35 a d100 first; an ordinary miss into a crowd then asks for the stray d100, which decides", () => {
    expect(check.chance).toBeGreaterThan(0);
    expect(engine.nextDie(check, {})).toEqual({ key: "d100", formula: "1d100", ruleId: "SF-B-13" });
    expect(engine.nextDie(check, { d100: 90 })).toEqual({
      key: "stray",
      formula: "1d100",
      ruleId: "SF-X-35",
    });
    expect(engine.nextDie(check, { d100: 90, stray: 20 })).toBeNull();
    expect(engine.resolve(check, { d100: 90, stray: 20 })).toMatchObject({ hit: false, strayHit: true });
    expect(engine.resolve(check, { d100: 90, stray: 26 })).toMatchObject({ hit: false, strayHit: false });
  });

  it("SF-X-35 no stray die on a hit, an automatic miss (96–00), in the Basic game, for a burst or with chance 0", () => {
    expect(engine.nextDie(check, { d100: 3 })).toBeNull();
    expect(engine.nextDie(check, { d100: 97 })).toBeNull();
    const basic = engine.check(crowd, [], { variant: "basic" });
    expect(engine.nextDie(basic, { d100: 90 })).toBeNull();
    const burst = facts({ target: { distance: 3, crowd: true }, declarations: { burst: true } });
    expect(engine.nextDie(engine.check(burst, [], opts), { d100: 90 })).toBeNull();
    const noStrays = createAlphaDawnEngine({ ...ALPHA_DAWN_TABLE, strayChance: 0 });
    expect(noStrays.nextDie(noStrays.check(crowd, [], opts), { d100: 90 })).toBeNull();
    const alone = facts({ target: { distance: 3 } });
    expect(engine.nextDie(engine.check(alone, [], opts), { d100: 90 })).toBeNull();
  });

  it("SF-B-14 out of range is the check's inRange, not a band the workflow reads", () => {
    const far = facts({ weapon: BASIC_GYROJET, target: { distance: 31 } });
    const c = engine.check(far, [], { variant: "basic" });
    expect({ inRange: c.inRange, possible: c.possible, band: c.band }).toEqual({
      inRange: false,
      possible: false,
      band: null,
    });
  });
});
