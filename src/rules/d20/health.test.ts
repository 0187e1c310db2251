import { describe, expect, it } from "vitest";
import {
  applyVitalityWounds,
  checkDamageReduction,
  disabledStrain,
  dyingRound,
  fatiguedScores,
  fortitudeSave,
  knockedOutRounds,
  lostThisRound,
  recordWounds,
  type VitalityWoundsState,
  woundState,
} from "./health.js";

const heroic = (over: Partial<VitalityWoundsState> = {}): VitalityWoundsState => ({
  heroic: true,
  vitality: 12,
  wounds: 14,
  dr: 0,
  lostThisRound: 0,
  ...over,
});

describe("vitality then wounds (SW-10, SW-11)", () => {
  it("SW-10: Rorworr — the last 3 VP go with 2 left over: WP 14 → 12, fatigued, Fort DC 7; a 12 keeps him conscious", () => {
    const r = applyVitalityWounds(heroic({ vitality: 3 }), { amount: 5, effect: "normal" });
    expect(r).toMatchObject({
      before: { vitality: 3, wounds: 14 },
      after: { vitality: 0, wounds: 12 },
      vitalityLost: 3,
      woundsLost: 2,
      fatigued: true,
      fortitudeDC: 7,
      state: "ok",
    });
    expect(fortitudeSave(12, 7)).toEqual({ passed: true, knockedOut: false });
    expect(fortitudeSave(6, 7)).toEqual({ passed: false, knockedOut: true });
  });
  it("SW-10 SW-11: VP 5, WP 12, DR 3, hit 9 → VP 0, 4 over, DR takes 3 → WP 11, DC 6", () => {
    const r = applyVitalityWounds(heroic({ vitality: 5, wounds: 12, dr: 3 }), {
      amount: 9,
      effect: "normal",
    });
    expect(r).toMatchObject({
      after: { vitality: 0, wounds: 11 },
      vitalityLost: 5,
      drAbsorbed: 3,
      woundsLost: 1,
      fortitudeDC: 6,
    });
  });
  it("SW-11: VP 12, hit 5 → VP 7; DR never touches vitality, no fatigue, no save", () => {
    const r = applyVitalityWounds(heroic({ dr: 3 }), { amount: 5, effect: "normal" });
    expect(r).toMatchObject({
      after: { vitality: 7, wounds: 14 },
      drAbsorbed: 0,
      woundsLost: 0,
      fatigued: false,
      fortitudeDC: null,
    });
  });
  it("SW-11: an overflow smaller than the DR does no wound damage (VP 2, DR 3, hit 4)", () => {
    const r = applyVitalityWounds(heroic({ vitality: 2, dr: 3 }), { amount: 4, effect: "normal" });
    expect(r).toMatchObject({
      after: { vitality: 0, wounds: 14 },
      drAbsorbed: 2,
      woundsLost: 0,
      fortitudeDC: null,
    });
  });
  it("SW-10: wound hits of 3 then 4 in one round → DC 8, then DC 12; the next round the count starts again", () => {
    const log0 = null;
    const s = heroic({ vitality: 0 });
    const a = applyVitalityWounds(
      { ...s, lostThisRound: lostThisRound(log0, "c1", 4) },
      { amount: 3, effect: "normal" },
    );
    expect(a.fortitudeDC).toBe(8);
    const log1 = recordWounds(log0, "c1", 4, a.woundsLost);
    expect(log1).toEqual({ combatId: "c1", round: 4, lost: 3 });
    const b = applyVitalityWounds(
      { ...s, wounds: a.after.wounds, lostThisRound: lostThisRound(log1, "c1", 4) },
      { amount: 4, effect: "normal" },
    );
    expect(b).toMatchObject({ fortitudeDC: 12, lostThisRound: 7, after: { wounds: 7 } });
    const log2 = recordWounds(log1, "c1", 4, b.woundsLost);
    expect(log2.lost).toBe(7);
    expect(lostThisRound(log2, "c1", 5)).toBe(0);
    expect(lostThisRound(log2, "c2", 4)).toBe(0);
    expect(lostThisRound(log2, null, 4)).toBe(0);
    expect(recordWounds(log2, "c1", 5, 2)).toEqual({ combatId: "c1", round: 5, lost: 2 });
  });
});

describe("critical hits on the health model (SW-18)", () => {
  it("SW-18 SW-11: a confirmed critical of 9 on a heroic target with DR 2 → 7 wound damage, vitality untouched", () => {
    const r = applyVitalityWounds(heroic({ dr: 2 }), { amount: 9, effect: "wounds" });
    expect(r).toMatchObject({
      after: { vitality: 12, wounds: 7 },
      vitalityLost: 0,
      drAbsorbed: 2,
      woundsLost: 7,
      fortitudeDC: 12,
    });
  });
  it("SW-18: a confirmed critical drops an ordinary target to −1 WP (dying: no save while unconscious)", () => {
    const r = applyVitalityWounds(heroic({ heroic: false, vitality: 0, wounds: 10, dr: 2 }), {
      amount: 9,
      effect: "ordinaryToMinusOne",
    });
    expect(r).toMatchObject({
      after: { wounds: -1 },
      woundsLost: 11,
      drAbsorbed: 0,
      state: "dying",
      fortitudeDC: null,
    });
  });
  it("SW-18: an ordinary foe already below −1 is not raised by a critical", () => {
    const r = applyVitalityWounds(heroic({ heroic: false, wounds: -4 }), {
      amount: 3,
      effect: "ordinaryToMinusOne",
    });
    expect(r).toMatchObject({ after: { wounds: -4 }, woundsLost: 0, fatigued: false });
  });
  it("SW-10: ordinary characters have no vitality — a normal hit of 6 with DR 2 is 4 wound damage", () => {
    const r = applyVitalityWounds(heroic({ heroic: false, vitality: 5, wounds: 10, dr: 2 }), {
      amount: 6,
      effect: "normal",
    });
    expect(r).toMatchObject({
      after: { vitality: 5, wounds: 6 },
      vitalityLost: 0,
      woundsLost: 4,
      fortitudeDC: 9,
    });
  });
});

describe("wound states (SW-10)", () => {
  it("SW-10: above 0 ok, 0 disabled, −1 to −9 dying, −10 dead", () => {
    expect([1, 0, -1, -9, -10, -15].map(woundState)).toEqual([
      "ok",
      "disabled",
      "dying",
      "dying",
      "dead",
      "dead",
    ]);
  });
  it("SW-10: a hit to exactly 0 WP disables (a save is still due); to −10 kills", () => {
    expect(
      applyVitalityWounds(heroic({ vitality: 0, wounds: 3 }), { amount: 3, effect: "normal" }),
    ).toMatchObject({
      state: "disabled",
      fortitudeDC: 8,
    });
    expect(
      applyVitalityWounds(heroic({ vitality: 0, wounds: 3 }), { amount: 13, effect: "normal" }),
    ).toMatchObject({
      state: "dead",
      fortitudeDC: null,
      after: { wounds: -10 },
    });
  });
  it("SW-10: a dying character's Fort DC 10 — a 10 stabilises, a 9 costs 1 WP; −9 failing is dead", () => {
    expect(dyingRound(-3, 10)).toEqual({ wounds: -3, stable: true, state: "dying" });
    expect(dyingRound(-3, 9)).toEqual({ wounds: -4, stable: false, state: "dying" });
    expect(dyingRound(-9, 2)).toEqual({ wounds: -10, stable: false, state: "dead" });
    expect(() => dyingRound(0, 15)).toThrow(/Only a dying character/);
  });
  it("SW-10: knocked out for 1d4 rounds; a disabled attacker loses 1 WP; fatigue is −2 Str and Dex", () => {
    expect(knockedOutRounds(3)).toBe(3);
    expect(() => knockedOutRounds(5)).toThrow(/d4 cannot show 5/);
    expect(disabledStrain(0)).toBe(-1);
    expect(disabledStrain(4)).toBe(4);
    expect(fatiguedScores({ str: 14, dex: 1 })).toEqual({ str: 12, dex: 0 });
  });
  it("SW-11: a negative or fractional DR, or bad damage, is refused", () => {
    expect(() => checkDamageReduction(-1)).toThrow(/Damage reduction/);
    expect(() => applyVitalityWounds(heroic({ dr: 1.5 }), { amount: 3, effect: "normal" })).toThrow(
      /Damage reduction/,
    );
    expect(() => applyVitalityWounds(heroic(), { amount: -3, effect: "normal" })).toThrow(/Damage must be/);
    expect(checkDamageReduction(0)).toBe(0);
  });
});
