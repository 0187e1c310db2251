import { describe, expect, it } from "vitest";
import { planApplication } from "./apply-damage.js";
import type { TargetState, VitalityWoundsTarget } from "./apply-records.js";
import { planUndo } from "./undo-damage.js";

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

describe("The target's health model takes the hit (issue 14)", () => {
  const vw = (over: Partial<VitalityWoundsTarget> = {}): VitalityWoundsTarget => ({
    model: "vitalityWounds",
    vitality: { value: 3, max: 12 },
    wounds: { value: 14, max: 14 },
    heroic: true,
    dr: 2,
    lostThisRound: 0,
    ...over,
  });

  it("SW-10 SW-11: one card, two targets: the d20 hero takes 7 as VP 3 → 0, WP 14 → 12 (DR 2), Fort DC 7; the Star Frontiers pirate takes 7 off Stamina", () => {
    const plan = planApplication(
      MSG,
      { hero: 7, pirate: 7 },
      "projectile",
      [target("hero", 0, { health: vw() }), target("pirate", 30)],
      ["hero", "pirate"],
      new Set(),
      {},
    );
    const [hero, pirate] = plan.applied;
    expect(hero).toMatchObject({
      health: "vitalityWounds",
      rolled: 7,
      taken: 5,
      pools: [
        { pool: "vitality", before: 3, after: 0 },
        { pool: "wounds", before: 14, after: 12 },
      ],
      fortitudeDC: 7,
      fatigued: true,
      unconscious: false,
      steps: [{ name: "DR", before: 4, after: 2, seu: 0, failed: null }],
    });
    expect(hero!.staminaBefore).toBeUndefined();
    expect(pirate).toMatchObject({ staminaBefore: 30, staminaAfter: 23, taken: 7 });
    expect(pirate!.health).toBeUndefined();
    const [heroWrite, pirateWrite] = plan.batch.tokens.scene!;
    expect(heroWrite!["delta.system.d20.vitality.value"]).toBe(0);
    expect(heroWrite!["delta.system.d20.wounds.value"]).toBe(12);
    expect(heroWrite!["delta.system.stamina.value"]).toBeUndefined();
    expect(pirateWrite!["delta.system.stamina.value"]).toBe(23);
  });

  it("SW-18 SW-10: a confirmed critical on the card drops an ordinary foe to −1 wound points: unconscious, fatigued, dying", () => {
    const foe = target("foe", 0, {
      health: vw({ heroic: false, vitality: { value: 0, max: 0 }, wounds: { value: 10, max: 10 }, dr: 0 }),
    });
    const plan = planApplication(
      MSG,
      { foe: 3 },
      "projectile",
      [foe],
      ["foe"],
      new Set(),
      {},
      null,
      new Set(),
      {},
      {
        foe: "confirmed",
      },
    );
    expect(plan.applied[0]).toMatchObject({
      pools: [{ pool: "wounds", before: 10, after: -1 }],
      unconscious: true,
      statuses: ["unconscious", "fatigued", "dying"],
    });
    expect(plan.batch.statuses.foe).toEqual({ on: ["unconscious", "fatigued", "dying"], off: [] });
  });

  it("SW-10: two hits on one linked hero in one apply: the second meets what the first left and counts its wounds (DC 5 + 2 + 3)", () => {
    const linked = { linked: true, actorId: "hero", health: vw({ vitality: { value: 0, max: 12 }, dr: 0 }) };
    const plan = planApplication(
      MSG,
      { h1: 2, h2: 3 },
      "projectile",
      [target("h1", 0, linked), target("h2", 0, linked)],
      ["h1", "h2"],
      new Set(),
      {},
    );
    expect(plan.applied.map((r) => [r.pools, r.fortitudeDC])).toEqual([
      [[{ pool: "wounds", before: 14, after: 12 }], 7],
      [[{ pool: "wounds", before: 12, after: 9 }], 10],
    ]);
    expect(plan.batch.actors[0]!["system.d20.wounds.value"]).toBe(9);
  });

  it("SW-10: undo is the same for every model: each pool back by what it lost, within the card's damage and the maxima", () => {
    const applied = planApplication(
      MSG,
      { hero: 7 },
      "projectile",
      [target("hero", 0, { health: vw() })],
      ["hero"],
      new Set(),
      {},
    ).applied[0]!;
    const now = target("hero", 0, {
      health: vw({ vitality: { value: 0, max: 12 }, wounds: { value: 12, max: 14 } }),
    });
    const batch = planUndo(MSG, [applied], [now], {}, { hero: 7 });
    expect(batch.tokens.scene![0]).toMatchObject({
      "delta.system.d20.vitality.value": 3,
      "delta.system.d20.wounds.value": 14,
    });
    // A record claiming more than the card rolled puts back no more than the card's damage, pools in order.
    const forged = {
      ...applied,
      taken: 40,
      pools: [
        { pool: "vitality" as const, before: 12, after: 0 },
        { pool: "wounds" as const, before: 14, after: 0 },
      ],
    };
    const bounded = planUndo(
      MSG,
      [forged],
      [target("hero", 0, { health: vw({ vitality: { value: 0, max: 12 }, wounds: { value: 0, max: 14 } }) })],
      {},
      { hero: 7 },
    );
    expect(bounded.tokens.scene![0]).toMatchObject({
      "delta.system.d20.vitality.value": 7,
      "delta.system.d20.wounds.value": 0,
    });
  });

  it("SW-10: a disabled foe (WP 0) hit for 3 is dying at −3, no longer disabled; undo puts it back to disabled", () => {
    const foe = vw({ heroic: false, vitality: { value: 0, max: 0 }, wounds: { value: 0, max: 10 }, dr: 0 });
    const before = ["disabled", "fatigued"];
    const plan = planApplication(
      MSG,
      { foe: 3 },
      "projectile",
      [target("foe", 0, { health: foe, statuses: before })],
      ["foe"],
      new Set(),
      {},
    );
    expect(plan.batch.statuses.foe).toEqual({ on: ["unconscious", "dying"], off: ["disabled"] });
    const record = plan.applied[0]!;
    const after = {
      health: { ...foe, wounds: { value: -3, max: 10 } },
      statuses: ["fatigued", "unconscious", "dying"],
    };
    expect(planUndo(MSG, [record], [target("foe", 0, after)], {}, { foe: 3 }).statuses.foe).toEqual({
      on: ["disabled"],
      off: ["unconscious", "dying"],
    });
  });

  it("SW-10 SF-B-15: undo leaves unconscious on while the target is still down (wounds below 0), and turns it off once it is up", () => {
    const foe = vw({ heroic: false, vitality: { value: 0, max: 0 }, wounds: { value: 10, max: 10 }, dr: 0 });
    const record = planApplication(
      MSG,
      { foe: 12 },
      "projectile",
      [target("foe", 0, { health: foe })],
      ["foe"],
      new Set(),
      {},
    ).applied[0]!;
    expect(record).toMatchObject({
      pools: [{ pool: "wounds", before: 10, after: -2 }],
      statuses: ["unconscious", "fatigued", "dying"],
    });
    const on = ["unconscious", "fatigued", "dying"];
    const down = { health: { ...foe, wounds: { value: -2, max: 10 } }, statuses: on };
    expect(planUndo(MSG, [record], [target("foe", 0, down)], {}, { foe: 12 }).statuses.foe).toEqual({
      on: [],
      off: on,
    });
    // Another hit since left it at −5, and an undo bounded at 2 puts back 2: −3, still down and dying (and wounded,
    // so fatigued): every status stays.
    const worse = { health: { ...foe, wounds: { value: -5, max: 10 } }, statuses: on };
    const undo = planUndo(MSG, [record], [target("foe", 0, worse)], {}, { foe: 2 });
    expect(undo.tokens.scene![0]!["delta.system.d20.wounds.value"]).toBe(-3);
    expect(undo.statuses.foe).toBeUndefined();
    // An undo bounded at 10 puts it back to 5 of 10: up (unconscious and dying off) but still wounded (fatigued).
    const up = planUndo(MSG, [record], [target("foe", 0, worse)], {}, { foe: 10 });
    expect(up.statuses.foe).toEqual({ on: [], off: ["unconscious", "dying"] });
  });
});
