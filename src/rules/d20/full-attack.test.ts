import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fireModeSteps,
  fireModeTableCell,
  shotsForSteps,
  spendShots,
  twoWeaponPenalties,
  twoWeaponSteps,
} from "./full-attack.js";
import { iterativeBonuses } from "./weapon-checks.js";

/**
 * The seed's Multifire Table and Autofire Table (seed 002, "Multiple Ranged Attacks"), copied row by row as printed:
 * base attack bonus, then the four columns — the weapon alone, with Rapid Shot, with Multishot, with both feats.
 */
const MULTIFIRE_TABLE = `
+0 -4/-4 -6/-6/-6 -2/-2 -4/-4/-4
+1 -3/-3 -5/-5/-5 -1/-1 -3/-3/-3
+2 -2/-2 -4/-4/-4 +0/+0 -2/-2/-2
+3 -1/-1 -3/-3/-3 +1/+1 -1/-1/-1
+4 +0/+0 -2/-2/-2 +2/+2 +0/+0/+0
+5 +1/+1 -1/-1/-1 +3/+3 +1/+1/+1
+6 +2/+2/-3 +0/+0/+0/-5 +4/+4/-1 +2/+2/+2/-3
+7 +3/+3/-2 +1/+1/+1/-4 +5/+5/+0 +3/+3/+3/-2
+8 +4/+4/-1 +2/+2/+2/-3 +6/+6/+1 +4/+4/+4/-1
+9 +5/+5/+0 +3/+3/+3/-2 +7/+7/+2 +5/+5/+5/+0
+10 +6/+6/+1 +4/+4/+4/-1 +8/+8/+3 +6/+6/+6/+1
+11 +7/+7/+2/-3 +5/+5/+5/+0/-5 +9/+9/+4/-1 +7/+7/+7/+2/-3
+12 +8/+8/+3/-2 +6/+6/+6/+1/-4 +10/+10/+5/+0 +8/+8/+8/+3/-2
+13 +9/+9/+4/-1 +7/+7/+7/+2/-3 +11/+11/+6/+1 +9/+9/+9/+4/-1
+14 +10/+10/+5/+0 +8/+8/+8/+3/-2 +12/+12/+7/+2 +10/+10/+10/+5/+0
+15 +11/+11/+6/+1 +9/+9/+9/+4/-1 +13/+13/+8/+3 +11/+11/+11/+6/+1
+16 +12/+12/+7/+2/-3 +10/+10/+10/+5/+0/-5 +14/+14/+9/+4/-1 +12/+12/+12/+7/+2/-3
+17 +13/+13/+8/+3/-2 +11/+11/+11/+6/+1/-4 +15/+15/+10/+5/+0 +13/+13/+13/+8/+3/-2
+18 +14/+14/+9/+4/-1 +12/+12/+12/+7/+2/-3 +16/+16/+11/+6/+1 +14/+14/+14/+9/+4/-1
+19 +15/+15/+10/+5/+0 +13/+13/+13/+8/+3/-2 +17/+17/+12/+7/+2 +15/+15/+15/+10/+5/+0
+20 +16/+16/+11/+6/+1 +14/+14/+14/+9/+4/-1 +18/+18/+13/+8/+3 +16/+16/+16/+11/+6/+1
`;
const AUTOFIRE_TABLE = `
+0 -6/-6/-6 -8/-8/-8/-8 -4/-4/-4 -6/-6/-6/-6
+1 -5/-5/-5 -7/-7/-7/-7 -3/-3/-3 -5/-5/-5/-5
+2 -4/-4/-4 -6/-6/-6/-6 -2/-2/-2 -4/-4/-4/-4
+3 -3/-3/-3 -5/-5/-5/-5 -1/-1/-1 -3/-3/-3/-3
+4 -2/-2/-2 -4/-4/-4/-4 +0/+0/+0 -2/-2/-2/-2
+5 -1/-1/-1 -3/-3/-3/-3 +1/+1/+1 -1/-1/-1/-1
+6 +0/+0/+0/-5 -2/-2/-2/-2/-7 +2/+2/+2/-3 +0/+0/+0/+0/-5
+7 +1/+1/+1/-4 -1/-1/-1/-1/-6 +3/+3/+3/-2 +1/+1/+1/+1/-4
+8 +2/+2/+2/-3 +0/+0/+0/+0/-5 +4/+4/+4/-1 +2/+2/+2/+2/-3
+9 +3/+3/+3/-2 +1/+1/+1/+1/-4 +5/+5/+5/+0 +3/+3/+3/+3/-2
+10 +4/+4/+4/-1 +2/+2/+2/+2/-3 +6/+6/+6/+1 +4/+4/+4/+4/-1
+11 +5/+5/+5/+0/-5 +3/+3/+3/+3/-2/-7 +7/+7/+7/+2/-3 +5/+5/+5/+5/+0/-5
+12 +6/+6/+6/+1/-4 +4/+4/+4/+4/-1/-6 +8/+8/+8/+3/-2 +6/+6/+6/+6/+1/-4
+13 +7/+7/+7/+2/-3 +5/+5/+5/+5/+0/-5 +9/+9/+9/+4/-1 +7/+7/+7/+7/+2/-3
+14 +8/+8/+8/+3/-2 +6/+6/+6/+6/+1/-4 +10/+10/+10/+5/+0 +8/+8/+8/+8/+3/-2
+15 +9/+9/+9/+4/-1 +7/+7/+7/+7/+2/-3 +11/+11/+11/+6/+1 +9/+9/+9/+9/+4/-1
+16 +10/+10/+10/+5/+0/-5 +8/+8/+8/+8/+3/-2/-7 +12/+12/+12/+7/+2/-3 +10/+10/+10/+10/+5/+0/-5
+17 +11/+11/+11/+6/+1/-4 +9/+9/+9/+9/+4/-1/-6 +13/+13/+13/+8/+3/-2 +11/+11/+11/+11/+6/+1/-4
+18 +12/+12/+12/+7/+2/-3 +10/+10/+10/+10/+5/+0/-5 +14/+14/+14/+9/+4/-1 +12/+12/+12/+12/+7/+2/-3
+19 +13/+13/+13/+8/+3/-2 +11/+11/+11/+11/+6/+1/-4 +15/+15/+15/+10/+5/+0 +13/+13/+13/+13/+8/+3/-2
+20 +14/+14/+14/+9/+4/-1 +12/+12/+12/+12/+7/+2/-3 +16/+16/+16/+11/+6/+1 +14/+14/+14/+14/+9/+4/-1
`;

const COLUMNS = [{}, { rapidShot: true }, { multishot: true }, { rapidShot: true, multishot: true }] as const;

function parseTable(text: string): { bab: number; cells: number[][] }[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const [bab, ...cells] = line.trim().split(/\s+/);
      return { bab: Number(bab), cells: cells.map((c) => c.split("/").map(Number)) };
    });
}

describe("SW-37 the multifire and autofire tables by BAB", () => {
  for (const [mode, text] of [
    ["multifire", MULTIFIRE_TABLE],
    ["autofire", AUTOFIRE_TABLE],
  ] as const) {
    const rows = parseTable(text);
    it(`SW-37: the seed's ${mode} table has 21 rows (BAB +0 to +20) of 4 cells: 84 cells`, () => {
      expect(rows.map((r) => r.bab)).toEqual(Array.from({ length: 21 }, (_, i) => i));
      expect(rows.every((r) => r.cells.length === 4)).toBe(true);
    });
    for (const row of rows)
      it(`SW-37: ${mode} at BAB +${row.bab}: all four cells from the one formula`, () => {
        row.cells.forEach((cell, c) => {
          expect(fireModeTableCell(mode, row.bab, COLUMNS[c]!)).toEqual(cell);
        });
      });
  }

  it("SW-37: 168 cells in all, every one equal to the formula", () => {
    let n = 0;
    for (const [mode, text] of [
      ["multifire", MULTIFIRE_TABLE],
      ["autofire", AUTOFIRE_TABLE],
    ] as const)
      for (const row of parseTable(text))
        row.cells.forEach((cell, c) => {
          if (JSON.stringify(fireModeTableCell(mode, row.bab, COLUMNS[c]!)) === JSON.stringify(cell)) n++;
        });
    expect(n).toBe(168);
  });

  it("SW-37 property: every attack of a cell is monotone in BAB, and the feats add attacks, never bonus", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom("multifire" as const, "autofire" as const),
        fc.boolean(),
        fc.boolean(),
        (bab, mode, rapidShot, multishot) => {
          const lo = fireModeTableCell(mode, bab, { rapidShot, multishot });
          const hi = fireModeTableCell(mode, bab + 1, { rapidShot, multishot });
          expect(hi.length).toBeGreaterThanOrEqual(lo.length);
          lo.forEach((b, i) => {
            expect(hi[i]!).toBeGreaterThan(b);
          });
          const plain = fireModeTableCell(mode, bab, {});
          expect(lo.length).toBe(plain.length + (rapidShot ? 1 : 0));
          expect(lo[0]).toBe(plain[0]! + (rapidShot ? -2 : 0) + (multishot ? 2 : 0));
        },
      ),
    );
  });
});

describe("SW-22 full attack and two-weapon fighting", () => {
  it("SW-22: iterative attacks by BAB — +6/+1 (Vor'en Kurn), +0 alone, +5 alone, +11/+6/+1, +20/+15/+10/+5", () => {
    expect(iterativeBonuses(6)).toEqual([6, 1]);
    expect(iterativeBonuses(0)).toEqual([0]);
    expect(iterativeBonuses(5)).toEqual([5]);
    expect(iterativeBonuses(11)).toEqual([11, 6, 1]);
    expect(iterativeBonuses(20)).toEqual([20, 15, 10, 5]);
    expect(() => iterativeBonuses(-1)).toThrow();
    expect(() => iterativeBonuses(2.5)).toThrow();
    expect(fireModeSteps({ bab: 6, mode: "single" }).map((s) => s.bonus)).toEqual([6, 1]);
    expect(() => fireModeSteps({ bab: 6, mode: "single", feats: { rapidShot: true } })).toThrow();
  });

  it("SW-22: the seed's two-weapon table, all 8 rows (primary / off hand)", () => {
    const rows: [boolean, boolean, boolean, number, number][] = [
      // light off hand, Ambidexterity, Two-Weapon Fighting → primary, off hand
      [false, false, false, -6, -10],
      [true, false, false, -4, -8],
      [false, true, false, -6, -6],
      [false, false, true, -4, -8],
      [true, true, false, -4, -4],
      [true, false, true, -2, -6],
      [false, true, true, -4, -4],
      [true, true, true, -2, -2],
    ];
    for (const [offHandLight, ambidexterity, twoWeaponFighting, primary, offHand] of rows)
      expect(twoWeaponPenalties({ offHandLight, ambidexterity, twoWeaponFighting })).toEqual({
        primary,
        offHand,
      });
    // A double weapon counts as a light off hand.
    expect(
      twoWeaponPenalties({
        offHandLight: false,
        ambidexterity: false,
        twoWeaponFighting: true,
        doubleWeapon: true,
      }),
    ).toEqual({ primary: -2, offHand: -6 });
  });

  it("SW-22: two weapons at BAB +6 with Two-Weapon Fighting: +2 / −3 primary, then +6 − 8 = −2 off hand", () => {
    const steps = twoWeaponSteps(6, { offHandLight: false, ambidexterity: false, twoWeaponFighting: true });
    expect(steps.map((s) => [s.kind, s.bonus])).toEqual([
      ["primary", 2],
      ["primary", -3],
      ["offHand", -2],
    ]);
    expect(steps[2]!.modifiers.map((m) => [m.id, m.value, m.ruleId])).toEqual([
      ["twoWeaponOffHand", -8, "SW-22"],
    ]);
  });
});

describe("SW-35 autofire and SW-36 multifire", () => {
  it("SW-35: an autofire pistol in one hand, not braced: −10 on each of 3 attacks (BAB +0)", () => {
    const steps = fireModeSteps({ bab: 0, mode: "autofire", twoHanded: false, rifleOrTripod: false });
    expect(steps.map((s) => s.bonus)).toEqual([-10, -10, -10]);
    expect(steps[0]!.modifiers.map((m) => [m.id, m.value])).toEqual([
      ["autofire", -6],
      ["oneHanded", -2],
      ["unbraced", -2],
    ]);
    // A weapon two sizes smaller than its wielder ignores the one-hand penalty.
    expect(
      fireModeSteps({
        bab: 0,
        mode: "autofire",
        twoHanded: false,
        twoSizesSmaller: true,
        rifleOrTripod: false,
      }).map((s) => s.bonus),
    ).toEqual([-8, -8, -8]);
  });

  it("SW-35 SW-36: a heavy repeating blaster (multifire/autofire-only) without a tripod: multifire −6, autofire −8", () => {
    const heavy = { bab: 0, twoHanded: true, rifleOrTripod: false, autoOnly: true } as const;
    expect(fireModeSteps({ ...heavy, mode: "multifire" }).map((s) => s.bonus)).toEqual([-6, -6]);
    expect(fireModeSteps({ ...heavy, mode: "autofire" }).map((s) => s.bonus)).toEqual([-8, -8, -8]);
    // An ordinary multifire weapon, unbraced, takes only the one-hand penalty on multifire.
    expect(fireModeSteps({ bab: 0, mode: "multifire", rifleOrTripod: false }).map((s) => s.bonus)).toEqual([
      -4, -4,
    ]);
    expect(fireModeSteps({ bab: 0, mode: "multifire", twoHanded: false }).map((s) => s.bonus)).toEqual([
      -6, -6,
    ]);
  });

  it("SW-36: multifire at BAB +6 is +2 / +2 / −3, the extra attack at the highest BAB", () => {
    const steps = fireModeSteps({ bab: 6, mode: "multifire" });
    expect(steps.map((s) => [s.id, s.kind, s.base, s.bonus])).toEqual([
      ["attack1", "iterative", 6, 2],
      ["attack2", "extra", 6, 2],
      ["attack3", "iterative", 1, -3],
    ]);
  });

  it("ruling 4h: one shot per attack, editable per weapon; a plan the magazine cannot feed is refused before spending", () => {
    const steps = fireModeSteps({ bab: 6, mode: "autofire", feats: { rapidShot: true } }); // 5 attacks
    expect(steps).toHaveLength(5);
    expect(shotsForSteps(steps)).toBe(5);
    expect(shotsForSteps(steps, 3)).toBe(15);
    expect(spendShots(20, 5)).toBe(15);
    expect(() => spendShots(4, 5)).toThrow(/needs 5 shots; 4 left/);
    expect(() => shotsForSteps(steps, -1)).toThrow();
  });
});
