import { describe, expect, it } from "vitest";
import { BURST_CARD } from "../../../tests/fixtures/cards.js";
import type { AppliedMark } from "../../data/chat/attack-card.js";
import { appliedOf, damageCeiling, damageOf, mergeApplied, readCard } from "./card-data.js";

const T = (n: number) => `Scene.s.Token.t${n}`;

/** Pirate 2's mark as a version 3 card stores it: applied, not knocked out, not stunned, no numbers. */
const MARK_T2: AppliedMark = {
  targetId: T(2),
  sceneId: "s",
  tokenId: "t2",
  actorId: "pirate2",
  linked: false,
  unconscious: false,
  stunned: false,
};

describe("Reading stored attack cards", () => {
  // Issue 28: the migration of v1/v2 cards moved to data/chat/card-migration.ts (its tests beside it).
  it("a current card reads as it is", () => {
    expect(readCard(structuredClone(BURST_CARD))).toEqual(BURST_CARD);
    expect(damageOf(BURST_CARD, T(1))).toBe(13);
    expect(damageOf(BURST_CARD, "Scene.s.Token.nobody")).toBe(0);
    expect(appliedOf(BURST_CARD, T(2))).toEqual(MARK_T2);
    expect(appliedOf(BURST_CARD, T(1))).toBeNull();
  });

  it("what is not an attack card reads as null", () => {
    expect(readCard(null)).toBeNull();
    expect(readCard("card")).toBeNull();
    expect(readCard({ result: {} })).toBeNull();
    expect(readCard({ targets: null, result: {} })).toBeNull();
  });

  it("SF-B-15 marks are added, replaced and removed by target", () => {
    const a = { ...MARK_T2, targetId: T(1), tokenId: "t1", unconscious: true };
    const b = { ...MARK_T2, targetId: T(3), tokenId: "t3", stunned: true };
    const list = mergeApplied(BURST_CARD.applied, [a, b]);
    const view = (l: readonly AppliedMark[]) => l.map((r) => [r.targetId, r.unconscious, r.stunned]);
    expect(view(list)).toEqual([
      [T(2), false, false],
      [T(1), true, false],
      [T(3), false, true],
    ]);
    expect(view(mergeApplied(list, [{ ...a, unconscious: false }], [T(2)]))).toEqual([
      [T(3), false, true],
      [T(1), false, false],
    ]);
  });
});

describe("What a weapon can do to one target from one card (issue 11, R1-1: a card forged at creation)", () => {
  const pistol = {
    name: "Laser Pistol",
    skill: "beam",
    heavy: false,
    ranges: { pb: 5, s: 10, m: 20, l: 40, e: 80 },
    rof: 2,
    burst: null,
    damage: { perSeu: { faces: 10, min: 1, max: 10 } },
    kind: "laser",
    blastRadius: 0,
  } as const;
  it("SF-X-36 a laser pistol at its highest setting, 10d10: 100 a shot, 200 for two shots", () => {
    expect(damageCeiling(pistol, 1, 1)).toBe(100);
    expect(damageCeiling(pistol, 2, 1)).toBe(200);
  });
  it("SF-X-24 an automatic pistol's burst at three: 5 + 2 = 7 d10, 70; its single shot 1d10 is less", () => {
    const auto = {
      ...pistol,
      name: "Automatic Pistol",
      damage: { formula: "1d10" },
      burst: { rounds: 10, baseDice: 5, bonusNeedsMount: false },
      kind: "projectile",
    } as const;
    expect(damageCeiling(auto, 1, 3)).toBe(70);
    expect(damageCeiling({ ...auto, burst: null }, 1, 3)).toBe(10);
  });
  it("SF-B-16 a formula with a bonus, and per-band formulas: the largest of them", () => {
    const bow = { ...pistol, damage: { formula: "1d10+2", perBand: { pb: "3d10" } } } as const;
    expect(damageCeiling(bow, 1, 1)).toBe(30);
    expect(damageCeiling({ ...pistol, damage: { formula: "1d10+2" } }, 1, 1)).toBe(12);
  });
});
