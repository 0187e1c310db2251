import { describe, expect, it } from "vitest";
import {
  bareHandAttacks,
  bareHandDamage,
  checkMeleeReach,
  checkMeleeWeapon,
  knockoutThreshold,
  MELEE_SITUATION_TABLE,
  type MeleeInput,
  meleeChance,
  meleeHits,
  meleeModifiers,
  meleeWeaponMissing,
} from "./melee.js";

const fist = (over: Partial<MeleeInput> = {}): MeleeInput => ({
  str: 45,
  dex: 60,
  bareHands: true,
  skillLevel: 0,
  weaponModifier: null,
  situations: [],
  ...over,
});

describe("melee chance (RT-6: rules-tables §6)", () => {
  it("RT-6: the base is the higher of ½ STR or ½ DEX, rounded up (STR 45 / DEX 60 → 30; STR 71 / DEX 40 → 36)", () => {
    expect(meleeChance(meleeModifiers(fist()))).toBe(30);
    expect(meleeChance(meleeModifiers(fist({ str: 71, dex: 40 })))).toBe(36);
  });

  it("RT-6: +10 per Martial Arts level bare-handed, +10 per Melee Weapons level with a weapon", () => {
    const bare = meleeModifiers(fist({ skillLevel: 2 }));
    expect(bare.find((m) => m.id === "skill")).toMatchObject({ value: 20, label: "FT.Melee.martialArts" });
    expect(meleeChance(bare)).toBe(50);
    const sword = meleeModifiers(fist({ bareHands: false, skillLevel: 3, weaponModifier: 0 }));
    expect(sword.find((m) => m.id === "skill")).toMatchObject({ value: 30, label: "FT.Melee.weaponSkill" });
    expect(meleeChance(sword)).toBe(60);
  });

  it("RT-6: a melee weapon's GM-entered modifier is added (the melee weapons table is not in the sources)", () => {
    expect(meleeChance(meleeModifiers(fist({ bareHands: false, weaponModifier: -5 })))).toBe(25);
  });

  it("RT-6: the situation modifiers are §6's numbers, each with its source label", () => {
    expect(
      Object.fromEntries(Object.entries(MELEE_SITUATION_TABLE).map(([k, v]) => [k, [v.value, v.source]])),
    ).toEqual({
      behindOrStunned: [20, "CE-M, YU-21 — VERIFIED-2"],
      battleRage: [20, "CE-M, YU-21, YU-45 — VERIFIED-2"],
      targetEncumbered: [10, "CE-M, YU-21 — VERIFIED-2"],
      attackerEncumbered: [-10, "CE-M, YU-21 — VERIFIED-2"],
      wounded: [-10, "CE-M — 1-SRC"],
      targetDefending: [-15, "CE-M — 1-SRC"],
    });
  });

  it("RT-6: from behind +20 and battle rage +20 lift 30 to 70; a defending target −15 and wounded −10 drop 30 to 5", () => {
    expect(meleeChance(meleeModifiers(fist({ situations: ["behindOrStunned", "battleRage"] })))).toBe(70);
    const low = meleeModifiers(fist({ situations: ["targetDefending", "wounded"] }));
    expect(low.map((m) => [m.id, m.value, m.ruleId])).toEqual([
      ["meleeBase", 30, "RT-6"],
      ["wounded", -10, "RT-6"],
      ["targetDefending", -15, "RT-6"],
    ]);
    expect(meleeChance(low)).toBe(5);
  });

  it("RT-6: encumbrance is +10 when the target is encumbered and −10 when the attacker is", () => {
    expect(meleeChance(meleeModifiers(fist({ situations: ["targetEncumbered"] })))).toBe(40);
    expect(meleeChance(meleeModifiers(fist({ situations: ["attackerEncumbered"] })))).toBe(20);
  });

  it("RT-6: the chance never falls below 0; a d100 at or under it hits (37 vs 37 hits, 38 misses)", () => {
    expect(meleeChance(meleeModifiers(fist({ str: 10, dex: 10, situations: ["targetDefending"] })))).toBe(0);
    expect(meleeHits(37, 37)).toBe(true);
    expect(meleeHits(38, 37)).toBe(false);
    expect(() => meleeHits(0, 37)).toThrow(/d100/);
  });
});

describe("melee reach, damage and attacks (RT-6, SF-X-09)", () => {
  it("RT-6 / SF-X-09: a target within 2 m can be attacked; at 2.5 m it is refused with the reason", () => {
    expect(() => checkMeleeReach(2, "Pirate")).not.toThrow();
    expect(() => checkMeleeReach(2.5, "Pirate")).toThrow(/2\.5 m away; melee reaches 2 m/);
  });

  it("RT-6: punching damage by Strength 1–20 → 1, 21–40 → 2, 41–60 → 3, 61–80 → 4, 81–100 → 5; Martial Arts +1 per level", () => {
    expect([1, 20, 21, 40, 41, 60, 61, 80, 81, 100].map((s) => bareHandDamage(s, 0))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(bareHandDamage(45, 2)).toBe(5);
  });

  it("RT-6: one bare-hand attack per arm–leg pair: Humans, Vrusk, Yazirians, Sathar 2; Dralasite 2 with 4–5 limbs, 3 with 6–7", () => {
    expect(["human", "vrusk", "yazirian", "sathar"].map((r) => bareHandAttacks(r as "human"))).toEqual([
      2, 2, 2, 2,
    ]);
    expect([4, 5, 6, 7, 8].map((n) => bareHandAttacks("dralasite", n))).toEqual([2, 2, 3, 3, 4]);
  });

  it("RT-6: Martial Arts nerve combat knocks out on 01–02 +1 per level, against the core races only", () => {
    expect(knockoutThreshold(0, true)).toBe(2);
    expect(knockoutThreshold(3, true)).toBe(5);
    expect(knockoutThreshold(3, false)).toBe(2);
  });

  it("RT-6 (rules-tables §18): a melee weapon without its damage or modifier is refused until the GM enters them", () => {
    expect(meleeWeaponMissing({ formula: "", modifier: null })).toEqual(["damage", "meleeModifier"]);
    expect(meleeWeaponMissing({ formula: "5d10", modifier: null })).toEqual(["meleeModifier"]);
    expect(() => checkMeleeWeapon("Sword", { formula: "", modifier: 0 })).toThrow(
      /Sword: damage not in the sources/,
    );
    expect(() => checkMeleeWeapon("Sonic Sword", { formula: "5d10", modifier: 0 })).not.toThrow();
  });
});
