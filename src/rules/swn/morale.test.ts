import { describe, expect, it } from "vitest";
import {
  checkIntimidateThisRound,
  checkReadThisRound,
  intimidate,
  lossSteps,
  moraleBand,
  moraleCheckBonus,
  moraleModifiers,
  readMorale,
  sideMorale,
  swnAttributeMod,
} from "./morale.js";

describe("SWN-12 SWN-13 side Morale (seed 003)", () => {
  it("SWN-13: the bands at 2, 3, 5, 6, 9, 10, 12, 13 — Panicked −4 Atk +1 AC, Tactical Retreat −2, Careful, Bold +2, Fearless +4 −1 AC", () => {
    expect([2, 3, 5, 6, 9, 10, 12, 13].map((v) => moraleBand(v).band)).toEqual([
      "panicked",
      "tacticalRetreat",
      "tacticalRetreat",
      "careful",
      "careful",
      "bold",
      "bold",
      "fearless",
    ]);
    const m = (v: number) => {
      const t = moraleModifiers(v);
      return [t.attack[0]?.value ?? 0, t.ac[0]?.value ?? 0, t.attack[0]?.ruleId ?? t.ac[0]?.ruleId ?? null];
    };
    expect([2, 4, 7, 11, 13].map(m)).toEqual([
      [-4, 1, "SWN-13"],
      [-2, 0, "SWN-13"],
      [0, 0, null],
      [2, 0, "SWN-13"],
      [4, -1, "SWN-13"],
    ]);
  });

  it("SWN-12: 20 % of the forces, rounded up, per step — a side of 7 steps by 2: 2 lost is one, 4 two, 6 three", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((lost) => lossSteps(7, 7 - lost))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(lossSteps(40, 30)).toBe(1);
    expect(lossSteps(0, 0)).toBe(0);
  });

  it("SWN-12 SWN-13 SWN-09: the walk through a fight — base 8, leader present 9 (Careful), losses 8 and 7, the leader down 5 (Tactical Retreat), intimidated 4 then 3 next round (a second the same round refused), 6 of 7 lost 2 (Panicked)", () => {
    const leader = (down: boolean) => ({ kind: "ordinary" as const, presentAtStart: true, down });
    const at = (now: number, down = false, intimidated = 0) =>
      sideMorale({ base: 8, leader: leader(down), members: { start: 7, now }, intimidated })!.value;
    expect(at(7)).toBe(9);
    expect(moraleBand(at(7)).band).toBe("careful");
    expect([at(5), at(3)]).toEqual([8, 7]);
    expect(at(3, true)).toBe(5);
    expect(moraleBand(5).band).toBe("tacticalRetreat");
    // Intimidate (SWN-09): against the current Morale 5, a total of 5 succeeds; a second this round is refused.
    expect(intimidate(5, 5, false).success).toBe(true);
    expect(at(3, true, 1)).toBe(4);
    expect(() => intimidate(9, 4, true)).toThrow("intimidated this round");
    expect(at(3, true, 2)).toBe(3);
    expect(at(1, true, 2)).toBe(2);
    expect(moraleBand(at(1, true, 2)).band).toBe("panicked");
  });

  it("SWN-12: a great leader +2 present, −4 down; home ground +2; surprised −1; outgunned as the GM counts; HP losses when they are the larger; robots immune", () => {
    const f = (input: Parameters<typeof sideMorale>[0]) => sideMorale(input)!;
    expect(f({ base: 7, leader: { kind: "great", presentAtStart: true, down: false } }).value).toBe(9);
    expect(f({ base: 7, leader: { kind: "great", presentAtStart: true, down: true } }).value).toBe(5);
    expect(f({ base: 7, homeGround: true, surprised: true, outgunned: -2 }).value).toBe(6);
    // 5 members, none down, but 60 of 100 HP lost: three steps.
    expect(f({ base: 9, members: { start: 5, now: 5 }, hp: { start: 100, now: 40 } }).value).toBe(6);
    expect(f({ base: 9, homeGround: true }).factors.map((m) => [m.id, m.value, m.ruleId])).toEqual([
      ["base", 9, "SWN-12"],
      ["homeGround", 2, "SWN-12"],
    ]);
    expect(sideMorale({ base: 8, immune: true })).toBeNull();
  });

  it("SWN-10: Read Morale succeeds on 6 or more", () => {
    expect([5, 6, 9].map((t) => readMorale(t).success)).toEqual([false, true, true]);
  });

  it("SWN-09 SWN-10: a Morale check's bonus is the skill plus the best allowed attribute's SWN modifier; one read per round", () => {
    expect([3, 4, 7, 8, 13, 14, 17, 18, 25].map(swnAttributeMod)).toEqual([-2, -1, -1, 0, 0, 1, 1, 2, 2]);
    // Notice 0, Wis 14 (+1), Cha 10 (0): +1; untrained Lead (−1) with Cha 18: +1.
    expect(moraleCheckBonus(0, [14, 10])).toBe(1);
    expect(moraleCheckBonus(-1, [18])).toBe(1);
    expect(() => checkReadThisRound(2, 2, "Kara")).toThrow("Kara has read Morale this round (SWN-10)");
    expect(() => checkReadThisRound(1, 2, "Kara")).not.toThrow();
    expect(() => checkReadThisRound(undefined, 1, "Kara")).not.toThrow();
    expect(() => checkIntimidateThisRound(3, 3, "Kara")).toThrow(
      "Kara has tried to intimidate this round (SWN-09)",
    );
    expect(() => checkIntimidateThisRound(2, 3, "Kara")).not.toThrow();
  });
});
