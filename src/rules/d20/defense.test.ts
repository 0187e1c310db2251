import { describe, expect, it } from "vitest";
import {
  abilityModifier,
  type DefenseInput,
  defense,
  defenseModifiers,
  defenseSummary,
  losesDexBonus,
} from "./defense.js";
import { D20_SIZES, type D20Condition, SIZE_MODIFIER } from "./tables.js";

const hero = (over: Partial<DefenseInput> = {}): DefenseInput => ({
  classBonus: 3,
  dex: 2,
  size: "medium",
  ...over,
});
const conds = (...c: D20Condition[]) => new Set<D20Condition>(c);

describe("Defense (SW-08, SW-01, SW-09)", () => {
  it("SW-08 SW-01 SW-09: Defense 10 + 3 + 2 = 15; 13 flat-footed; 12 against a touch attack", () => {
    expect(defense(hero())).toBe(15);
    expect(defense(hero({ conditions: conds("defenderFlatFooted") }))).toBe(13);
    expect(defense(hero(), { touch: true })).toBe(12);
    expect(defenseSummary(hero())).toEqual({ total: 15, flatFooted: 13, touch: 12 });
  });

  it("SW-08: every term is a labelled modifier with its rule ID", () => {
    expect(defenseModifiers(hero())).toEqual([
      { id: "base", label: "FT.D20.Defense.base", value: 10, ruleId: "SW-08" },
      { id: "class", label: "FT.D20.Defense.class", value: 3, ruleId: "SW-08" },
      { id: "dex", label: "FT.D20.Defense.dex", value: 2, ruleId: "SW-08" },
    ]);
  });

  it("SW-08: the class bonus stays when flat-footed; only a touch attack drops it (SW-09)", () => {
    const ff = defenseModifiers(hero({ conditions: conds("defenderFlatFooted") }));
    expect(ff.map((m) => m.id)).toEqual(["base", "class"]);
    const touchFF = defense(hero({ conditions: conds("defenderFlatFooted") }), { touch: true });
    expect(touchFF).toBe(10);
  });

  it("SW-01: a flat-footed defender keeps a Dex penalty (only a bonus is lost)", () => {
    expect(defense(hero({ dex: -1, conditions: conds("defenderFlatFooted") }))).toBe(12);
  });

  it("SW-08: armour caps the Dex bonus (max Dex +1 → 14); dodge bonuses stack and are not capped", () => {
    expect(defense(hero({ maxDex: 1 }))).toBe(14);
    expect(defense(hero({ maxDex: 1, dodge: 1, totalDefense: true }))).toBe(19);
  });

  it("SW-08 SW-17 SW-23: dodge, total defense and fighting defensively go with the Dex bonus", () => {
    const input = hero({ dodge: 1, totalDefense: true, fightingDefensively: true });
    expect(defense(input)).toBe(15 + 1 + 4 + 2);
    expect(defense({ ...input, conditions: conds("defenderFlatFooted") })).toBe(13);
  });

  it("SW-21: a charging character has −2 Defense, even flat-footed", () => {
    expect(defense(hero({ charging: true }))).toBe(13);
    expect(defense(hero({ charging: true, conditions: conds("defenderStunned") }))).toBe(11);
  });

  it("SW-29: stunned, climbing, running, grappling, pinned and a concealed attacker deny Dex; kneeling and prone do not", () => {
    for (const c of [
      "defenderStunned",
      "defenderClimbing",
      "defenderRunning",
      "defenderGrappling",
      "defenderPinned",
      "attackerConcealed",
    ] as const) {
      expect(losesDexBonus(conds(c))).toBe(true);
      expect(defense(hero({ conditions: conds(c) }))).toBe(13);
    }
    expect(losesDexBonus(conds("defenderKneeling", "defenderProne", "higherGround"))).toBe(false);
    expect(defense(hero({ conditions: conds("defenderProne") }))).toBe(15);
  });

  it("SW-33: a helpless defender's Dex counts as 0 (−5), whatever his Dex bonus", () => {
    const mods = defenseModifiers(hero({ conditions: conds("defenderHelpless") }));
    expect(mods.find((m) => m.id === "dex")).toMatchObject({ value: -5, ruleId: "SW-33" });
    expect(defense(hero({ conditions: conds("defenderHelpless"), dodge: 2 }))).toBe(8);
  });

  it("SW-30: the cover bonus is a Defense term", () => {
    const mods = defenseModifiers(hero({ cover: 7 }));
    expect(mods.at(-1)).toEqual({ id: "cover", label: "FT.D20.Defense.cover", value: 7, ruleId: "SW-30" });
    expect(defense(hero({ cover: 7 }))).toBe(22);
  });

  it("SW-05: the size table on Defense — Colossal −8 … Fine +8", () => {
    const got = Object.fromEntries(
      D20_SIZES.map((s) => [s, defense({ classBonus: 0, dex: 0, size: s }) - 10]),
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
    expect(defenseModifiers({ classBonus: 0, dex: 0, size: "huge" }).at(-1)).toMatchObject({
      id: "size",
      value: SIZE_MODIFIER.huge,
      ruleId: "SW-05",
    });
  });

  it("SW-08: ability modifiers are ⌊(score − 10) ÷ 2⌋; a bad score is refused", () => {
    expect([3, 7, 10, 11, 14, 15, 18].map(abilityModifier)).toEqual([-4, -2, 0, 0, 2, 2, 4]);
    expect(() => abilityModifier(-1)).toThrow(/whole number/);
    expect(() => abilityModifier(12.5)).toThrow(/whole number/);
  });
});

describe("SW-39 aid another, the Defense choice", () => {
  it("SW-39: '+2 circumstance bonus … to his Defense': 10 + 3 + 2 + 2 = 17, and it stays when the defender loses its Dex (flat-footed: 15)", () => {
    const base = { classBonus: 3, dex: 2, size: "medium" as const, aidedDefense: true };
    expect(defense(base)).toBe(17);
    expect(defense({ ...base, conditions: new Set(["defenderFlatFooted" as const]) })).toBe(15);
    expect(defense({ ...base, aidedDefense: false })).toBe(15);
  });
});
