import { describe, expect, it } from "vitest";
import type { D20AttackerFacts } from "../core/facts.js";
import { checkDeclarations, type DeclaredAttack } from "./declarations.js";

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
});
