import { describe, expect, it } from "vitest";
import { BURST_CARD } from "../../../tests/fixtures/cards.js";
import { cardView, GM_VIEWER } from "./card-context.js";

describe("Attack card view", () => {
  it("SF-X-24 a burst card: one roll, the split and lost points, a row per target with its range and cover", () => {
    const v = cardView(BURST_CARD, {
      viewer: { ...GM_VIEWER, isGM: false, isAuthor: true },
      attackerName: "Eusyl",
      unit: "m",
    });
    expect(v.burst).toMatchObject({
      total: 40,
      each: 13,
      lost: 1,
      hit: true,
      targets: 3,
      dice: 7,
      roll: 30,
      chance: 35,
    });
    expect(
      v.targets.map((t) => [t.name, t.distanceText, t.coverLabel, t.damage, t.canApply, t.canUndo]),
    ).toEqual([
      ["Pirate 1", "12 m", "FT.Cover.none", 13, true, false],
      ["Pirate 2", "14 m", "FT.Cover.soft", 13, false, false],
      ["Pirate 3", "13 m", "FT.Cover.none", 13, true, false],
    ]);
    expect(v.anyToApply).toBe(true);
  });

  it("SF-B-15 applied targets are marked applied (no numbers) and only the GM may undo", () => {
    const gm = cardView(BURST_CARD, { viewer: GM_VIEWER, attackerName: "Eusyl", unit: "m" });
    expect(gm.targets[1]).toMatchObject({
      canApply: false,
      canUndo: true,
      // A version 3 card's public mark: applied, the outcome, no numbers (issue "trust", R1-5).
      applied: { targetId: "Scene.s.Token.t2", unconscious: false, stunned: false },
    });
    const player = cardView(BURST_CARD, {
      viewer: { ...GM_VIEWER, isGM: false, isAuthor: false },
      attackerName: "Eusyl",
      unit: "m",
    });
    expect(player.targets.every((t) => !t.canApply && !t.canUndo)).toBe(true);
  });
});
