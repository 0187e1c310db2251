import { describe, expect, it } from "vitest";
import type { Modifier } from "../core/types.js";
import { squadAttack } from "./squad-attack.js";

const base = { ab: 0, targetAc: 10, formula: "1d8", units: 4 } as const;

describe("SWN-17 a squad's one attack (seed 003)", () => {
  it("SWN-17: against AC 10 (AB 0) a total of 7 deals nothing, 8 and 12 half, 13 full, a natural 20 full (ruling 4a)", () => {
    expect([7, 8, 12, 13].map((natural) => squadAttack({ ...base, natural }).hit)).toEqual([
      "none",
      "half",
      "half",
      "full",
    ]);
    // A natural 20 is full however far below the AC the total is.
    const twenty = squadAttack({ ...base, natural: 20, ab: -5, targetAc: 30 });
    expect([twenty.total, twenty.ac, twenty.hit]).toEqual([15, 30, "full"]);
    const d12 = squadAttack({ ...base, natural: 12, ab: 1, targetAc: 13 });
    expect([d12.total, d12.ac, d12.margin, d12.hit]).toEqual([13, 13, 0, "half"]);
  });

  it("SWN-17: a 1d8 weapon (average 4.5) × 4 units is 18 damage, 9 at half, 0 on none (ruling 4f: rounded up)", () => {
    const at = (natural: number) => squadAttack({ ...base, natural });
    expect([at(13), at(12), at(7)].map((r) => [r.average, r.full, r.flat, r.damage])).toEqual([
      [4.5, 18, 18, 18],
      [4.5, 18, 9, 9],
      [4.5, 18, 0, 0],
    ]);
    expect(squadAttack({ ...base, natural: 13, units: 3 }).damage).toBe(14);
    expect(squadAttack({ ...base, natural: 12, units: 3 }).damage).toBe(7);
  });

  it("SWN-17: a target's armour 2 × 4 units = 8 comes off (18 → 10); AP 1 × 4 = 4 takes 4 off it (18 → 14); AP beyond it leaves 18", () => {
    const full = { ...base, natural: 13, targetArmor: 2 };
    expect(squadAttack(full)).toMatchObject({ armour: 8, damage: 10 });
    expect(squadAttack({ ...full, ap: 1 })).toMatchObject({ armour: 4, damage: 14 });
    expect(squadAttack({ ...full, ap: 3 })).toMatchObject({ armour: 0, damage: 18 });
    // Half: 9 − 8 = 1.
    expect(squadAttack({ ...full, natural: 12 })).toMatchObject({ flat: 9, armour: 8, damage: 1 });
  });

  it("SWN-17 SWN-15: hard cover's armour 8 (thick stone) comes off less AP × units — 18 − 8 = 10; AP 1 × 4 leaves 4 of it: 14; never below 0", () => {
    const full = { ...base, natural: 13, coverArmour: 8 };
    expect(squadAttack(full)).toMatchObject({ cover: 8, damage: 10 });
    expect(squadAttack({ ...full, ap: 1 })).toMatchObject({ cover: 4, damage: 14 });
    expect(squadAttack({ ...full, natural: 12, coverArmour: 12 })).toMatchObject({ flat: 9, damage: 0 });
  });

  it("SWN-17 SWN-13: the side's band and other terms add to the total, the target's terms to its AC", () => {
    const band: Modifier = { id: "morale", label: "FT.SWN.Morale.x", value: -1, ruleId: "SWN-13" };
    const conceal: Modifier = { id: "concealment", label: "FT.SWN.Cover.partly", value: 2, ruleId: "SWN-14" };
    const r = squadAttack({ ...base, natural: 14, ab: 1, terms: [band], acTerms: [conceal] });
    expect([r.total, r.ac, r.margin, r.hit]).toEqual([14, 12, 2, "half"]);
    expect(r.terms.map((m) => m.id)).toEqual(["ab", "morale"]);
    expect(r.acTerms.map((m) => m.id)).toEqual(["ac", "concealment"]);
  });

  it("SWN-17: refuses a die that is not a d20's, units that are not whole, a formula that is not one", () => {
    expect(() => squadAttack({ ...base, natural: 21 })).toThrow();
    expect(() => squadAttack({ ...base, natural: 10, units: 1.5 })).toThrow();
    expect(() => squadAttack({ ...base, natural: 10, formula: "rifle" })).toThrow();
  });
});
