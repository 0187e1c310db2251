import { describe, expect, it } from "vitest";
import type { D20AttackerFacts } from "../core/facts.js";
import { checkDeclarations, type DeclaredAttack, pulledAmount, pulledDamageOf } from "./declarations.js";
import { applyVitalityWounds } from "./health.js";

const a: D20AttackerFacts = { bab: 11, strMod: 2, dexMod: 1, size: "medium" };
const one: DeclaredAttack = {
  fullAttack: false,
  mode: "single",
  twoWeapon: false,
  surpriseRound: false,
  melee: true,
};
const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return (e as { key?: string }).key;
  }
  return null;
};

describe("d20 declarations (issue 31)", () => {
  it("SW-21: a charge is one melee attack, not while fatigued (SW-10) nor in the surprise round (SW-02)", () => {
    const c = { ...a, charging: true };
    expect(refusal(() => checkDeclarations(c, one))).toBeNull();
    expect(refusal(() => checkDeclarations(c, { ...one, fullAttack: true }))).toBe("FT.D20.Charge.single");
    expect(refusal(() => checkDeclarations(c, { ...one, twoWeapon: true }))).toBe("FT.D20.Charge.single");
    expect(refusal(() => checkDeclarations(c, { ...one, melee: false }))).toBe("FT.D20.Charge.melee");
    expect(refusal(() => checkDeclarations({ ...c, fatigued: true }, one))).toBe("FT.D20.Charge.fatigued");
    expect(refusal(() => checkDeclarations(c, { ...one, surpriseRound: true }))).toBe(
      "FT.D20.Charge.surprise",
    );
  });
  it("SW-23: fighting defensively only with a full attack (or a fire mode)", () => {
    const f = { ...a, fightingDefensively: true };
    expect(refusal(() => checkDeclarations(f, one))).toBe("FT.D20.FightDefensively.fullAttack");
    expect(refusal(() => checkDeclarations(f, { ...one, fullAttack: true }))).toBeNull();
    expect(refusal(() => checkDeclarations(f, { ...one, mode: "autofire", melee: false }))).toBeNull();
  });
  it("SW-44: a blow is pulled with a melee weapon only", () => {
    const p = { ...a, pullingBlow: true };
    expect(refusal(() => checkDeclarations(p, one))).toBeNull();
    expect(refusal(() => checkDeclarations(p, { ...one, melee: false }))).toBe("FT.D20.PullBlow.melee");
  });
  it("SW-44: a pulled blow deals half (14 → 7, 1 → 1) or only vitality damage (VP 10, WP 14: 14 → VP 0, WP 14; a critical too; an ordinary foe none)", () => {
    expect(pulledAmount(14, "half")).toBe(7);
    expect(pulledAmount(1, "half")).toBe(1);
    expect(pulledAmount(0, "half")).toBe(0);
    expect(pulledAmount(14, "vitality")).toBe(14);
    expect(pulledDamageOf({ ...a, pullingBlow: true }, true)).toBe("vitality");
    expect(pulledDamageOf({ ...a, pullingBlow: true, pulledDamage: "half" }, false)).toBeUndefined();
    const state = { heroic: true, vitality: 10, wounds: 14, dr: 0, lostThisRound: 0 };
    const hit = applyVitalityWounds(state, { amount: 14, effect: "normal", vitalityOnly: true });
    expect([hit.after, hit.fatigued, hit.fortitudeDC]).toEqual([{ vitality: 0, wounds: 14 }, false, null]);
    const crit = applyVitalityWounds(state, { amount: 6, effect: "wounds", vitalityOnly: true });
    expect(crit.after).toEqual({ vitality: 4, wounds: 14 });
    const ordinary = applyVitalityWounds(
      { ...state, heroic: false },
      { amount: 6, effect: "normal", vitalityOnly: true },
    );
    expect(ordinary.after).toEqual({ vitality: 10, wounds: 14 });
  });
});
