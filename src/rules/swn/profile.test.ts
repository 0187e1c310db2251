import { describe, expect, it } from "vitest";
import { facts } from "../../../tests/fixtures/rules.js";
import { checkOfKind } from "../core/engine.js";
import { total } from "../core/modifiers.js";
import { createEngine } from "../index.js";
import {
  bandTerms,
  concealmentFromMissChance,
  concealmentFromShare,
  swnAcTerms,
  swnAttackTerms,
} from "./profile.js";

const opts = { variant: "expanded" as const };

/** A TL4 laser rifle (1d10, 10 m increment) in hands with AB +2, at a target of AC 13 standing 8 m away. */
const laserShot = (
  over: {
    attacker?: Record<string, unknown>;
    target?: Record<string, unknown>;
    weapon?: Record<string, unknown>;
    distance?: number;
  } = {},
) =>
  facts({
    attacker: {
      d20: { bab: 5, strMod: 3, dexMod: 3, size: "medium", swn: { ab: 2, ...over.attacker } },
    },
    weapon: {
      name: "Laser rifle",
      d20: {
        damage: "1d10",
        threat: 20,
        rangeIncrement: 10,
        rangedKind: "projectile",
        swn: { tl: 4, ap: 0, heavy: false, energy: true, laser: true, ...over.weapon },
      },
    },
    target: {
      distance: over.distance ?? 8,
      d20: { classDefense: 4, dexMod: 2, size: "medium", swn: { ac: 13 }, ...over.target },
    },
  });

describe("the swn profile of the d20 engine (ruling 1, issue 16)", () => {
  const engine = createEngine("d20", {}, "swn");

  it("SW-04 SW-08: AB +2 against AC 13 — the sheet's numbers replace BAB, Dex, size and class Defense (55 %)", () => {
    const f = laserShot();
    const attack = engine.attackModifiers(f, opts);
    const ac = engine.targetModifiers(f, opts);
    expect(attack.map((m) => [m.id, m.value])).toEqual([["ab", 2]]);
    expect(ac.map((m) => [m.id, m.value])).toEqual([["ac", 13]]);
    const check = checkOfKind(engine.check(f, attack, opts, ac), "d20");
    expect(check).toMatchObject({ bonus: 2, target: { value: 13 }, chance: 50, criticals: false });
    // Ruling 4c still applies: 38 m is 3 increments, −6.
    expect(total(engine.attackModifiers(laserShot({ distance: 38 }), opts))).toBe(-4);
  });

  it("SWN-13: a Tactical Retreat attacker takes −2; a Panicked target +1 AC, a Fearless one −1", () => {
    expect(total(engine.attackModifiers(laserShot({ attacker: { band: "tacticalRetreat" } }), opts))).toBe(0);
    const panicked = laserShot({ target: { swn: { ac: 13, band: "panicked" } } });
    expect(total(engine.targetModifiers(panicked, opts))).toBe(14);
    const fearless = laserShot({ target: { swn: { ac: 13, band: "fearless" } } });
    expect(total(engine.targetModifiers(fearless, opts))).toBe(12);
    expect(bandTerms("careful")).toEqual({ attack: [], ac: [] });
    expect(bandTerms(null)).toEqual({ attack: [], ac: [] });
  });

  it("SWN-14 ruling 5: a target 'mostly obscured' (12 of 16 rays behind walls) is AC 13 + 4 = 17; a 30 % region is mostly, 20 % partly, 50 % totally; the highest applies", () => {
    expect(concealmentFromShare(12, 16)).toBe("mostly");
    expect(concealmentFromShare(4, 16)).toBe("partly");
    expect(concealmentFromShare(1, 16)).toBe("none");
    expect(concealmentFromShare(16, 16)).toBe("totally");
    expect([20, 30, 50].map(concealmentFromMissChance)).toEqual(["partly", "mostly", "totally"]);
    const f = laserShot({
      target: {
        swn: { ac: 13 },
        lattice: { hard: 0, low: 0, soft: 12, total: 16, posture: "standing", inTheWay: [] },
        missChance: 20,
      },
    });
    expect(engine.targetModifiers(f, opts).map((m) => [m.id, m.value])).toEqual([
      ["ac", 13],
      ["concealment", 4],
    ]);
    // No SW-32 miss-chance die under swn: concealment is AC.
    const check = checkOfKind(engine.check(f, engine.attackModifiers(f, opts), opts), "d20");
    expect(check.missChance).toBe(0);
  });

  it("SWN-15: a target behind a concrete pillar (thick stone, 8 vs TL3) takes 8 off a TL3 rifle's hit, nothing off the TL4 laser's; a heavy TL3 weapon counts TL4", () => {
    const pillar = {
      hard: 6,
      low: 0,
      soft: 0,
      total: 16,
      posture: "standing",
      inTheWay: [],
      materials: ["thickStone"],
    };
    const at = (weapon: Record<string, unknown>) => {
      const f = laserShot({ target: { swn: { ac: 13 }, lattice: pillar }, weapon });
      const c = checkOfKind(engine.check(f, engine.attackModifiers(f, opts), opts), "d20");
      return c.coverArmour;
    };
    expect(at({ tl: 3, energy: false, laser: false })).toMatchObject({ value: 8, ap: 0, ignored: false });
    expect(at({})).toMatchObject({ value: 0 });
    expect(at({ tl: 3, heavy: true, energy: false, laser: false })).toMatchObject({ value: 0 });
    // The hit: a natural 15 (+2 = 17 against AC 13 + 4 partly … the pillar's 6 rays are ½, partly, +2 → 15) hits;
    // 9 damage less the pillar's 8 is 1; AP 3 lowers the armour to 5 (4 damage).
    const f = laserShot({ target: { swn: { ac: 13 }, lattice: pillar }, weapon: { tl: 3, laser: false } });
    const check = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(checkOfKind(check, "d20").target.value).toBe(15);
    const out = engine.resolve(check, { d20: 15 });
    expect(out).toMatchObject({ hit: true, critical: "none", coverArmour: 8 });
    expect(engine.damage(out, f.weapon, [9], null).rolled).toBe(1);
    const ap = laserShot({
      target: { swn: { ac: 13 }, lattice: pillar },
      weapon: { tl: 3, laser: false, ap: 3 },
    });
    const apOut = engine.resolve(engine.check(ap, engine.attackModifiers(ap, opts), opts), { d20: 15 });
    expect(engine.damage(apOut, ap.weapon, [9], null).rolled).toBe(4);
  });

  it("SWN-11 SWN-08: an aimed shot takes −4 and an overwatch shot −2; both ignore the pillar's armour but not its concealment", () => {
    const pillar = {
      hard: 6,
      low: 0,
      soft: 0,
      total: 16,
      posture: "standing",
      inTheWay: [],
      materials: ["thickStone"],
    };
    for (const [action, penalty] of [
      ["aimedShot", -4],
      ["overwatch", -2],
    ] as const) {
      const f = laserShot({
        attacker: { action },
        target: { swn: { ac: 13, overwatch: "in" }, lattice: pillar },
        weapon: { tl: 3, laser: false },
      });
      const attack = engine.attackModifiers(f, opts);
      expect(total(attack)).toBe(2 + penalty);
      const check = checkOfKind(engine.check(f, attack, opts), "d20");
      expect(check.target.value).toBe(15);
      expect(check.coverArmour).toMatchObject({ value: 8, ignored: true });
      const out = engine.resolve(check, { d20: 19 });
      expect(out.coverArmour).toBeUndefined();
      expect(engine.damage(out, f.weapon, [9], null).rolled).toBe(9);
    }
  });

  it("SWN-08: an overwatch shot needs the overwatch held and the target inside its arc — refused otherwise", () => {
    const shot = (overwatch?: string) =>
      laserShot({
        attacker: { action: "overwatch" },
        target: { swn: { ac: 13, ...(overwatch ? { overwatch } : {}) } },
      });
    const check = (f: ReturnType<typeof laserShot>) => engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(() => check(shot("out"))).toThrow(/outside the overwatch arc/);
    expect(() => check(shot("none"))).toThrow(/No overwatch held/);
    expect(() => check(shot())).toThrow(/No overwatch held/);
    expect(checkOfKind(check(shot("in")), "d20").bonus).toBe(0);
  });

  it("ruling 1: no threats under swn — a natural 20 hits without asking for a confirmation die", () => {
    const f = laserShot();
    const check = engine.check(f, engine.attackModifiers(f, opts), opts);
    expect(engine.nextDie(check, { d20: 20 })).toBeNull();
    expect(engine.resolve(check, { d20: 20 })).toMatchObject({ hit: true, critical: "none" });
    // The sw profile still asks.
    const sw = createEngine("d20");
    expect(sw.nextDie(sw.check(f, sw.attackModifiers(f, opts), opts), { d20: 20 })?.key).toBe("confirm");
  });

  it("SW-04: a sheet without SWN numbers is refused clearly under swn; a fractional AB or AC is refused", () => {
    const f = facts({
      attacker: { d20: { bab: 1, strMod: 0, dexMod: 0, size: "medium" } },
      weapon: { d20: { damage: "1d8", threat: 20, rangeIncrement: 10 } },
      target: { distance: 5, d20: { classDefense: 0, dexMod: 0, size: "medium" } },
    });
    expect(() => engine.attackModifiers(f, opts)).toThrow(/SWN numbers of the attacker/);
    expect(() => swnAttackTerms({ d20Terms: [], ab: 1.5 })).toThrow(/whole number/);
    expect(() => swnAcTerms({ d20Terms: [], ac: Number.NaN, concealment: "none" })).toThrow(/whole number/);
  });
});
