/**
 * Issue 31 (final review, rank 2): card-terms.ts keeps by hand the to-hit terms the d20 engine writes, and the GM
 * refuses a player's card with any other — so a term the engine gains and the list lacks would refuse honest cards.
 * This property runs the Star Wars engine over random declarations, conditions, weapons and distances and holds every
 * to-hit term it writes to the list (its id, its rule ID, a rule-fixed number).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facts } from "../../../../tests/fixtures/rules.js";
import { createD20Engine, D20_CONDITIONS } from "../../../rules/index.js";
import { listProblem } from "./card-terms.js";

const opts = { variant: "expanded" as const };
const ATTACKER_SIDE = D20_CONDITIONS.filter((c) => c === "higherGround" || c.startsWith("attacker"));
const DEFENDER_SIDE = D20_CONDITIONS.filter((c) => c.startsWith("defender"));

describe("card-terms: the list is every to-hit term the d20 engine writes (issue 31)", () => {
  const engine = createD20Engine();

  it("SW-04 SW-15 SW-16 SW-19 SW-21 SW-23 SW-27 SW-29 SW-39 SW-42 SW-43 SW-44: every term of every attack row the engine writes is on the list, under its rule, at its number", () => {
    let rows = 0;
    fc.assert(
      fc.property(
        fc.record({
          melee: fc.boolean(),
          distance: fc.integer({ min: 1, max: 120 }),
          charging: fc.boolean(),
          fightingDefensively: fc.boolean(),
          pullingBlow: fc.boolean(),
          improvised: fc.boolean(),
          aided: fc.boolean(),
          suppressed: fc.boolean(),
          pointBlankShot: fc.boolean(),
          preciseShot: fc.boolean(),
          combinedFire: fc.integer({ min: 0, max: 7 }),
          aim: fc.option(
            fc.record({
              posture: fc.constantFrom("standing" as const, "kneeling" as const, "prone" as const),
              support: fc.constantFrom("none" as const, "improvised" as const, "fixed" as const),
            }),
          ),
          attackerConditions: fc.subarray(ATTACKER_SIDE),
          defenderConditions: fc.subarray(DEFENDER_SIDE),
          inMelee: fc.boolean(),
          flanked: fc.boolean(),
          size: fc.constantFrom("small", "medium", "large"),
        }),
        (x) => {
          const f = facts({
            attacker: {
              d20: {
                bab: 3,
                strMod: 1,
                dexMod: 2,
                size: x.size,
                charging: x.charging,
                fightingDefensively: x.fightingDefensively,
                pullingBlow: x.pullingBlow,
                improvised: x.improvised,
                aided: x.aided,
                suppressed: x.suppressed,
                pointBlankShot: x.pointBlankShot,
                preciseShot: x.preciseShot,
                combinedFire: x.combinedFire,
                aim: x.aim,
                conditions: x.attackerConditions,
              },
            },
            weapon: {
              name: x.melee ? "Vibroblade" : "Blaster pistol",
              d20: x.melee
                ? { damage: "2d6", threat: 20, rangeIncrement: null }
                : { damage: "3d6", threat: 20, rangeIncrement: 10, rangedKind: "projectile" },
            },
            target: {
              distance: x.melee ? 2 : x.distance,
              d20: {
                classDefense: 4,
                dexMod: 2,
                size: "medium",
                conditions: x.defenderConditions,
                inMelee: x.inMelee,
                flanked: x.flanked,
              },
            },
          });
          let terms: ReturnType<typeof engine.attackModifiers>;
          try {
            terms = engine.attackModifiers(f, opts);
          } catch {
            return; // a declaration the rules refuse (a charge with a pistol…) writes no card
          }
          rows++;
          expect(listProblem(terms)).toBeNull();
        },
      ),
      { numRuns: 600, seed: 31 },
    );
    expect(rows).toBeGreaterThan(100);
  });
});
