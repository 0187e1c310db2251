import { describe, expect, it } from "vitest";
import { planApplication, planUndo, type TargetState } from "./apply-damage.js";

const MSG = "cardMessage00001";
const target = (id: string, value: number, over: Partial<TargetState> = {}): TargetState => ({
  id,
  name: id,
  sceneId: "scene",
  tokenId: `${id}Token`,
  actorId: `${id}Actor`,
  linked: false,
  stamina: { value, max: 45 },
  defenses: [],
  ...over,
});

describe("Planning an apply (issue 11, review R2-2, R2-4)", () => {
  it("SF-B-15 R2-4: a grenade total below 0 (1d10−5 rolled 2) is 0 for that target; the other still takes its 13", () => {
    const plan = planApplication(
      MSG,
      { a: -3, b: 13 },
      "explosive",
      [target("a", 30), target("b", 30)],
      ["a", "b"],
      new Set(),
      {},
    );
    expect(plan.applied.map((r) => [r.targetId, r.rolled, r.taken, r.staminaAfter])).toEqual([
      ["a", 0, 0, 30],
      ["b", 13, 13, 17],
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it("SF-B-15 R2-2: two tokens of one linked actor in one burst: the second hit meets what the first left (30 → 17 → 4), one write", () => {
    const linked = { linked: true, actorId: "hero" };
    const plan = planApplication(
      MSG,
      { t1: 13, t2: 13 },
      "projectile",
      [target("t1", 30, linked), target("t2", 30, linked)],
      ["t1", "t2"],
      new Set(),
      {},
    );
    expect(plan.applied.map((r) => [r.staminaBefore, r.staminaAfter])).toEqual([
      [30, 17],
      [17, 4],
    ]);
    expect(plan.batch.actors).toHaveLength(1);
    expect(plan.batch.actors[0]!["system.stamina.value"]).toBe(4);
  });

  it("SF-B-15 R1-1 f: undo restores no more than the card rolled, and never above the maximum", () => {
    const forged = {
      targetId: "a",
      name: "a",
      rolled: 13,
      taken: 40,
      staminaBefore: 72,
      staminaAfter: 32,
      unconscious: false,
      drains: {},
      wear: {},
      steps: [],
    };
    const batch = planUndo(MSG, [forged], [target("a", 32)], {}, { a: 13 });
    expect(batch.tokens.scene![0]!["delta.system.stamina.value"]).toBe(45);
    const capped = planUndo(MSG, [forged], [target("a", 40)], {}, { a: 13 });
    expect(capped.tokens.scene![0]!["delta.system.stamina.value"]).toBe(45);
    const bounded = planUndo(MSG, [forged], [target("a", 20)], {}, { a: 13 });
    expect(bounded.tokens.scene![0]!["delta.system.stamina.value"]).toBe(33);
  });
});
