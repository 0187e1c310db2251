/**
 * Property tests of the d20 rules: the invariants that must hold whatever the numbers (issue 14: naturals; chance
 * monotone in the bonus; cover never lowers Defense; damage is conserved through vitality, wounds and DR).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rangePenalty } from "./attack.js";
import { d20Cover, degreeFromShare } from "./cover.js";
import { defense } from "./defense.js";
import { applyVitalityWounds } from "./health.js";
import { d20ChanceToHit, d20Hits, resolveD20 } from "./resolve.js";
import { COVER_DEGREES, D20_SIZES } from "./tables.js";

const bonus = fc.integer({ min: -30, max: 40 });
const target = fc.integer({ min: 0, max: 50 });

describe("d20 invariants", () => {
  it("SW-18: with naturals a 1 never hits and a 20 always hits, whatever the bonus and Defense", () => {
    fc.assert(
      fc.property(bonus, target, (b, t) => {
        expect(d20Hits(1, b, t, true)).toBe(false);
        expect(d20Hits(20, b, t, true)).toBe(true);
        const one = resolveD20(
          { bonus: b, target: t, threat: 20, naturals: true, missChance: 0 },
          { d20: 1 },
        );
        expect(one.hit).toBe(false);
      }),
    );
  });

  it("SW-18: a threat or critical only ever comes with a hit", () => {
    fc.assert(
      fc.property(
        bonus,
        target,
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (b, t, threat, d20, confirm) => {
          const o = resolveD20(
            { bonus: b, target: t, threat, naturals: true, missChance: 0 },
            { d20, confirm },
          );
          if (o.critical !== "none") expect(o.hit).toBe(true);
          if (!o.hit) expect(o.confirmRoll).toBeNull();
        },
      ),
    );
  });

  it("SW-04 SW-32: the chance to hit never falls as the bonus rises, nor rises with Defense or miss chance", () => {
    fc.assert(
      fc.property(bonus, target, fc.integer({ min: 0, max: 100 }), fc.boolean(), (b, t, m, nat) => {
        expect(d20ChanceToHit(b + 1, t, nat, m)).toBeGreaterThanOrEqual(d20ChanceToHit(b, t, nat, m));
        expect(d20ChanceToHit(b, t + 1, nat, m)).toBeLessThanOrEqual(d20ChanceToHit(b, t, nat, m));
        expect(d20ChanceToHit(b, t, nat, Math.min(100, m + 10))).toBeLessThanOrEqual(
          d20ChanceToHit(b, t, nat, m),
        );
        const c = d20ChanceToHit(b, t, nat, m);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("SW-30: cover never lowers Defense, and more blocked rays never give less cover", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 16 }),
        fc.constantFrom("standing", "kneeling", "prone" as const),
        fc.boolean(),
        fc.integer({ min: -2, max: 10 }),
        fc.constantFrom(...D20_SIZES),
        (hard, low, posture, ranged, dex, size) => {
          const count = { hard, low: Math.min(low, 16 - hard), total: 16 };
          const c = d20Cover({ count, posture, ranged });
          const base = { classBonus: 2, dex, size };
          if (c.defense !== null)
            expect(defense({ ...base, cover: c.defense })).toBeGreaterThanOrEqual(defense(base));
          if (hard < 16)
            expect(COVER_DEGREES.indexOf(degreeFromShare(hard + 1, 16))).toBeGreaterThanOrEqual(
              COVER_DEGREES.indexOf(degreeFromShare(hard, 16)),
            );
        },
      ),
    );
  });

  it("SW-10 SW-11: vitality lost + wounds lost + DR absorbed = the damage of a normal or critical hit", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom("normal", "wounds" as const),
        (heroic, vitality, wounds, dr, amount, effect) => {
          const r = applyVitalityWounds(
            { heroic, vitality, wounds, dr, lostThisRound: 0 },
            { amount, effect },
          );
          expect(r.vitalityLost + r.woundsLost + r.drAbsorbed).toBe(amount);
          expect(r.after.vitality).toBeGreaterThanOrEqual(0);
          expect(r.fatigued).toBe(r.woundsLost > 0);
        },
      ),
    );
  });

  it("SW-06: the range penalty never improves with distance while in range", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        (d, extra, inc) => {
          const near = rangePenalty(d, inc);
          const far = rangePenalty(d + extra, inc);
          if (far.inRange) expect(far.penalty).toBeLessThanOrEqual(near.penalty);
          if (!near.inRange) expect(far.inRange).toBe(false);
        },
      ),
    );
  });
});
