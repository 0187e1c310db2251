/**
 * Property tests over random inputs: the invariants the rules must keep whatever the numbers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facts } from "../../tests/fixtures/rules.js";
import { splitBurst } from "./alpha-dawn/burst.js";
import { applyDefenses, type DefenseState } from "./alpha-dawn/damage.js";
import { resolvePercentile } from "./alpha-dawn/resolve.js";
import { chanceToHit, expandedModifiers } from "./alpha-dawn/to-hit.js";
import { type CoverClass, DAMAGE_KINDS, type Movement, type SizeClass } from "./core/types.js";
import { rangeWithElevation } from "./geometry/range.js";
import { colourRank } from "./zebulon/shifts.js";
import { defaultResolutionTable, readColumn } from "./zebulon/table.js";

const movement = fc.constantFrom<Movement>("stationary", "walked", "ran", "dodged");
const cover = fc.constantFrom<CoverClass>("none", "soft", "hard");
const size = fc.constantFrom<SizeClass>("tiny", "small", "medium", "large", "giant");
const kinds = DAMAGE_KINDS;

const chance = (over: Parameters<typeof facts>[0]) => chanceToHit(expandedModifiers(facts(over)));
const RANK = { none: 0, soft: 1, hard: 2 } as const;

describe("Invariants", () => {
  it("SF-X-11 SF-X-12 the chance to hit never falls as DEX or skill rise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 250 }),
        (dex, lvl, d) => {
          const t = { distance: d };
          expect(chance({ attacker: { dex: dex + 1, skillLevel: lvl }, target: t })).toBeGreaterThanOrEqual(
            chance({ attacker: { dex, skillLevel: lvl }, target: t }),
          );
          expect(chance({ attacker: { dex, skillLevel: lvl + 1 }, target: t })).toBeGreaterThanOrEqual(
            chance({ attacker: { dex, skillLevel: lvl }, target: t }),
          );
        },
      ),
    );
  });

  it("SF-X-14 SF-X-22 SF-X-26 the chance never rises with distance, heavier cover, or a prone target", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 199 }),
        fc.integer({ min: 1, max: 50 }),
        cover,
        cover,
        fc.boolean(),
        movement,
        size,
        (d, step, c1, c2, prone, mv, sz) => {
          const base = { movement: mv, size: sz, prone };
          expect(
            chance({ target: { ...base, distance: Math.min(200, d + step), cover: c1 } }),
          ).toBeLessThanOrEqual(chance({ target: { ...base, distance: d, cover: c1 } }));
          const [lo, hi] = RANK[c1] <= RANK[c2] ? [c1, c2] : [c2, c1];
          expect(chance({ target: { ...base, distance: d, cover: hi } })).toBeLessThanOrEqual(
            chance({ target: { ...base, distance: d, cover: lo } }),
          );
          expect(chance({ target: { ...base, distance: d, cover: c1, prone: true } })).toBeLessThanOrEqual(
            chance({ target: { ...base, distance: d, cover: c1, prone: false } }),
          );
        },
      ),
    );
  });

  it("SF-B-13 a higher chance never turns a hit into a miss", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 150 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (c, up, roll) => {
          const lo = resolvePercentile(
            { chance: c, possible: true, cannotMiss: false, crowd: false },
            roll,
            "expanded",
          );
          const hi = resolvePercentile(
            { chance: c + up, possible: true, cannotMiss: false, crowd: false },
            roll,
            "expanded",
          );
          if (lo.hit) expect(hi.hit).toBe(true);
        },
      ),
    );
  });

  it("SF-X-24 a burst never deals more than it rolled, and loses fewer points than it has targets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 5, maxLength: 14 }),
        (n, dice) => {
          const s = splitBurst(dice, n);
          expect(s.each * n + s.lost).toBe(s.total);
          expect(s.each * n).toBeLessThanOrEqual(s.total);
          expect(s.lost).toBeGreaterThanOrEqual(0);
          expect(s.lost).toBeLessThan(n);
        },
      ),
    );
  });

  it("SF-X-36 damage after defenses is never negative and never above the rolled damage", () => {
    const rule = fc.record({
      kind: fc.constantFrom(...kinds),
      mode: fc.constantFrom("immune", "absorb", "halve", "stop" as const),
      seuPerHit: fc.integer({ min: 0, max: 3 }),
      pointsPerSeu: fc.integer({ min: 0, max: 10 }),
    });
    const defense = fc.record({
      id: fc.constantFrom("a", "b", "c"),
      name: fc.constant("D"),
      slot: fc.constantFrom("screen", "suit" as const),
      active: fc.boolean(),
      rules: fc.array(rule, { maxLength: 3 }),
      power: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      powerSourceId: fc.option(fc.constantFrom("p1", "p2"), { nil: null }),
      capacity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    }) as fc.Arbitrary<DefenseState>;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(...kinds),
        fc.array(defense, { maxLength: 4 }),
        (dmg, kind, defs) => {
          const r = applyDefenses(dmg, kind, defs);
          expect(r.taken).toBeGreaterThanOrEqual(0);
          expect(r.taken).toBeLessThanOrEqual(dmg);
          expect(Number.isInteger(r.taken)).toBe(true);
          for (const v of Object.values(r.drains)) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("SF-Z-04 on the default table a lower roll is never a worse colour, and a column further right never worse", () => {
    const table = defaultResolutionTable();
    fc.assert(
      fc.property(fc.integer({ min: -9, max: 8 }), fc.integer({ min: 1, max: 99 }), (col, roll) => {
        expect(colourRank(readColumn(table, col, roll))).toBeGreaterThanOrEqual(
          colourRank(readColumn(table, col, roll + 1)),
        );
        expect(colourRank(readColumn(table, col + 1, roll))).toBeGreaterThanOrEqual(
          colourRank(readColumn(table, col, roll)),
        );
      }),
    );
  });

  it("SF-X-15 the range with elevation is at least the longer leg and at most 1.5 times it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (h, v) => {
          const r = rangeWithElevation(h, v);
          const longer = Math.max(Math.abs(h), Math.abs(v));
          expect(r).toBeGreaterThanOrEqual(longer);
          expect(r).toBeLessThanOrEqual(longer * 1.5 + 1e-9);
        },
      ),
    );
  });
});
