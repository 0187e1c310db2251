import { describe, expect, it } from "vitest";
import {
  checkMissChance,
  checkThreat,
  criticalEffect,
  type D20Check,
  type D20Dice,
  d20ChanceToHit,
  d20Hits,
  nextD20Die,
  resolveD20,
  struckCover,
} from "./resolve.js";

const check = (over: Partial<D20Check> = {}): D20Check => ({
  bonus: 5,
  target: 16,
  threat: 20,
  naturals: true,
  missChance: 0,
  ...over,
});

/** Rolls the dice the engine asks for, in order, from a script; fails if it asks for more than scripted. */
function play(c: D20Check, script: Partial<Record<keyof D20Dice, number>>) {
  let dice: D20Dice = {};
  const asked: string[] = [];
  for (let r = nextD20Die(c, dice); r; r = nextD20Die(c, dice)) {
    asked.push(r.key);
    const v = script[r.key];
    if (v === undefined) throw new Error(`asked for ${r.key}`);
    dice = { ...dice, [r.key]: v };
  }
  return { outcome: resolveD20(c, dice), asked };
}

describe("attack roll (SW-04) and naturals (SW-18)", () => {
  it("SW-04: d20 14 + 5 = 19 against Defense 16 hits; 10 + 5 = 15 misses; 11 + 5 = 16 hits (equal is enough)", () => {
    expect(play(check(), { d20: 14 }).outcome).toMatchObject({
      total: 19,
      target: 16,
      margin: 3,
      hit: true,
      auto: null,
    });
    expect(play(check(), { d20: 10 }).outcome).toMatchObject({ total: 15, hit: false, margin: -1 });
    expect(play(check(), { d20: 11 }).outcome.hit).toBe(true);
  });
  it("SW-18: a natural 1 always misses, even when 1 + bonus reaches Defense", () => {
    const { outcome } = play(check({ bonus: 20 }), { d20: 1 });
    expect(outcome).toMatchObject({ total: 21, hit: false, auto: "miss", critical: "none" });
  });
  it("SW-18: a natural 20 always hits and threatens, even when 20 + bonus falls short", () => {
    const { outcome, asked } = play(check({ bonus: -5, target: 30 }), { d20: 20, confirm: 19 });
    expect(outcome).toMatchObject({
      total: 15,
      hit: true,
      auto: "hit",
      critical: "threat",
      confirmTotal: 14,
    });
    expect(asked).toEqual(["d20", "confirm"]);
  });
  it("SW-18: with naturals off (optional rule) the numbers alone decide", () => {
    expect(d20Hits(1, 20, 16, false)).toBe(true);
    expect(d20Hits(20, -5, 30, false)).toBe(false);
    expect(play(check({ naturals: false, bonus: -5, target: 30 }), { d20: 20 }).outcome).toMatchObject({
      hit: false,
      auto: null,
      critical: "none",
    });
  });
});

describe("threats and confirmation (SW-18, ruling 4d)", () => {
  it("SW-18: a natural 20 that hits is confirmed by a second roll that hits (8 + 5 = 13 vs 16 fails, 12 + 5 hits)", () => {
    expect(play(check(), { d20: 20, confirm: 8 }).outcome.critical).toBe("threat");
    expect(play(check(), { d20: 20, confirm: 12 }).outcome).toMatchObject({
      critical: "confirmed",
      confirmRoll: 12,
      confirmTotal: 17,
    });
  });
  it("SW-18: threat range 19–20 (lightsaber) — a 19 that hits threatens; a 19 that misses cannot", () => {
    const saber = check({ threat: 19 });
    expect(play(saber, { d20: 19, confirm: 15 }).outcome.critical).toBe("confirmed");
    const { outcome, asked } = play(check({ threat: 19, bonus: -5 }), { d20: 19 });
    expect(outcome).toMatchObject({ hit: false, critical: "none", confirmRoll: null });
    expect(asked).toEqual(["d20"]);
  });
  it("SW-18: a roll below the threat range asks for no confirmation", () => {
    expect(play(check(), { d20: 18 }).asked).toEqual(["d20"]);
  });
  it("SW-18 ruling 4d: naturals apply to the confirmation roll — a natural 1 fails, a natural 20 confirms", () => {
    expect(play(check({ bonus: 20 }), { d20: 20, confirm: 1 }).outcome.critical).toBe("threat");
    expect(play(check({ bonus: -5, target: 30 }), { d20: 20, confirm: 20 }).outcome.critical).toBe(
      "confirmed",
    );
  });
  it("SW-18: a confirmed critical goes to wound points of a heroic target, drops an ordinary one to −1", () => {
    expect(criticalEffect("confirmed", true)).toBe("wounds");
    expect(criticalEffect("confirmed", false)).toBe("ordinaryToMinusOne");
    expect(criticalEffect("threat", true)).toBe("normal");
    expect(criticalEffect("none", false)).toBe("normal");
  });
  it("SW-18: a threat range outside 2–20 is refused before any die", () => {
    expect(() => checkThreat(1)).toThrow(/natural 2 to 20/);
    expect(() => checkThreat(21)).toThrow(/natural 2 to 20/);
    expect(() => checkThreat(19.5)).toThrow(/natural 2 to 20/);
    expect(() => nextD20Die(check({ threat: 0 }), {})).toThrow(/natural 2 to 20/);
    expect(checkThreat(2)).toBe(2);
  });
});

describe("concealment (SW-32)", () => {
  it("SW-32: 20 % concealment — the d% is rolled only after a hit; 15 conceals, 20 conceals, 21 hits", () => {
    const fog = check({ missChance: 20 });
    const a = play(fog, { d20: 14, concealment: 15 });
    expect(a.asked).toEqual(["d20", "concealment"]);
    expect(a.outcome).toMatchObject({ rollHit: true, hit: false, concealed: true, concealmentRoll: 15 });
    expect(play(fog, { d20: 14, concealment: 20 }).outcome.concealed).toBe(true);
    expect(play(fog, { d20: 14, concealment: 21 }).outcome).toMatchObject({ hit: true, concealed: false });
    expect(play(fog, { d20: 3 }).asked).toEqual(["d20"]);
  });
  it("SW-32 SW-18: a concealed hit loses its critical; the order is d20, confirm, d%", () => {
    const { outcome, asked } = play(check({ missChance: 50 }), { d20: 20, confirm: 15, concealment: 40 });
    expect(asked).toEqual(["d20", "confirm", "concealment"]);
    expect(outcome).toMatchObject({ hit: false, concealed: true, critical: "none" });
  });
  it("SW-32: a miss chance outside 0–100 is refused", () => {
    expect(() => checkMissChance(-1)).toThrow(/0–100/);
    expect(() => checkMissChance(101)).toThrow(/0–100/);
    expect(() => d20ChanceToHit(5, 16, true, Number.NaN)).toThrow(/0–100/);
  });
});

describe("dice in (SW-04)", () => {
  it("SW-04: a missing or impossible die is refused", () => {
    expect(() => resolveD20(check(), {})).toThrow(/d20 die was not rolled/);
    expect(() => resolveD20(check(), { d20: 21 })).toThrow(/d20 cannot show 21/);
    expect(() => resolveD20(check(), { d20: 20 })).toThrow(/confirm die was not rolled/);
    expect(() => resolveD20(check({ missChance: 10 }), { d20: 15, concealment: 0 })).toThrow(
      /d100 cannot show 0/,
    );
    expect(() => nextD20Die(check(), { d20: 0 })).toThrow(/d20 cannot show 0/);
    expect(() => resolveD20(check({ bonus: Number.NaN }), { d20: 3 })).toThrow(/numbers/);
  });
});

describe("chance to hit (SW-04, SW-18, SW-32)", () => {
  it("SW-04: +5 against Defense 16 is 50 %; with 20 % concealment (SW-32) 40 %", () => {
    expect(d20ChanceToHit(5, 16)).toBe(50);
    expect(d20ChanceToHit(5, 16, true, 20)).toBe(40);
  });
  it("SW-18: naturals keep every attack between 5 % and 95 %", () => {
    expect(d20ChanceToHit(-10, 30)).toBe(5);
    expect(d20ChanceToHit(30, 10)).toBe(95);
    expect(d20ChanceToHit(-10, 30, false)).toBe(0);
    expect(d20ChanceToHit(30, 10, false)).toBe(100);
  });
  it("SW-32: fractions of a per cent survive (+4 against 15 at 10 %: 50 % × 0.9 = 45 %; 55 % × 0.7 = 38.5 %)", () => {
    expect(d20ChanceToHit(4, 15, true, 10)).toBe(45);
    expect(d20ChanceToHit(5, 15, true, 30)).toBe(38.5);
  });
});

describe("striking the cover (SW-31)", () => {
  const miss = (total: number, target = 20, roll = 10) => ({
    roll,
    total,
    target,
    rollHit: total >= target,
    auto: null as "hit" | "miss" | null,
  });
  it("SW-31: behind ¾ cover (+7) against Defense 13 + 7 = 20: a 15 strikes the wall; a 12 misses everything", () => {
    expect(struckCover(miss(15), 7, "wall")).toEqual({ kind: "wall" });
    expect(struckCover(miss(13), 7, "wall")).toEqual({ kind: "wall" });
    expect(struckCover(miss(12), 7, "wall")).toEqual({ kind: "none" });
    expect(struckCover(miss(16), 4, "lowWall")).toEqual({ kind: "wall" });
  });
  it("SW-31: a hit, a natural 1 and posture cover strike nothing", () => {
    expect(struckCover(miss(21), 7, "wall")).toEqual({ kind: "none" });
    expect(struckCover({ ...miss(19, 20, 1), auto: "miss" }, 7, "wall")).toEqual({ kind: "none" });
    expect(struckCover(miss(18), 4, "posture")).toEqual({ kind: "none" });
    expect(struckCover(miss(18), 0, "none")).toEqual({ kind: "none" });
  });
  it("SW-31: a creature as cover takes the damage when the roll reaches its Defense", () => {
    const bystander = { id: "b1", defense: 16, dexAndDodge: 3 };
    expect(struckCover(miss(17), 4, "creature", bystander)).toEqual({
      kind: "creature",
      id: "b1",
      hurt: true,
    });
    expect(struckCover(miss(16), 4, "creature", bystander)).toEqual({
      kind: "creature",
      id: "b1",
      hurt: true,
    });
  });
  it("SW-31: when only its Dex or dodge kept the covering creature from being hit, it dodged: the target is hit", () => {
    const bystander = { id: "b1", defense: 19, dexAndDodge: 3 };
    expect(struckCover(miss(17), 4, "creature", bystander)).toEqual({ kind: "target" });
    expect(struckCover(miss(16), 4, "creature", bystander)).toEqual({ kind: "target" });
  });
  it("SW-31: below the covering creature's flat Defense the shot is stopped, nobody hurt", () => {
    const stolid = { id: "b2", defense: 19, dexAndDodge: 0 };
    expect(struckCover(miss(17), 4, "creature", stolid)).toEqual({ kind: "creature", id: "b2", hurt: false });
    expect(struckCover(miss(17), 4, "creature", null)).toEqual({ kind: "none" });
  });
});
