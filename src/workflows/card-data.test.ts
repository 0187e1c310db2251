import { describe, expect, it } from "vitest";
import { BURST_CARD, BURST_CARD_V1 } from "../../tests/fixtures/cards.js";
import { appliedOf, damageOf, mergeApplied, readCard } from "./card-data.js";

const T = (n: number) => `Scene.s.Token.t${n}`;

describe("Reading stored attack cards", () => {
  it("SF-X-24 a version 2 card reads as it is", () => {
    expect(readCard(structuredClone(BURST_CARD))).toEqual(BURST_CARD);
    expect(damageOf(BURST_CARD, T(1))).toBe(13);
    expect(damageOf(BURST_CARD, "Scene.s.Token.nobody")).toBe(0);
    expect(appliedOf(BURST_CARD, T(2))?.taken).toBe(6);
    expect(appliedOf(BURST_CARD, T(1))).toBeNull();
  });

  it("SF-X-24 a version 1 card, stored as written or as Foundry expanded it, reads as version 2", () => {
    // Version 1 did not record the scene: the card is read without one, in metres.
    const asV2 = { ...BURST_CARD, sceneId: null, rangeUnit: "m" };
    expect(readCard(structuredClone(BURST_CARD_V1))).toEqual(asV2);
    const expanded = {
      ...BURST_CARD_V1,
      result: {
        ...BURST_CARD_V1.result,
        damageByTarget: { Scene: { s: { Token: { t1: 13, t2: 13, t3: 13 } } } },
      },
      applied: { Scene: { s: { Token: { t2: BURST_CARD.applied[0] } } } },
    };
    expect(readCard(expanded)).toEqual(asV2);
  });

  it("what is not an attack card reads as null", () => {
    expect(readCard(null)).toBeNull();
    expect(readCard("card")).toBeNull();
    expect(readCard({ result: {} })).toBeNull();
    expect(readCard({ targets: null, result: {} })).toBeNull();
  });

  it("SF-B-15 records are added, replaced and removed by target", () => {
    const a = { ...BURST_CARD.applied[0]!, targetId: T(1), taken: 1 };
    const b = { ...BURST_CARD.applied[0]!, targetId: T(3), taken: 3 };
    const list = mergeApplied(BURST_CARD.applied, [a, b]);
    expect(list.map((r) => [r.targetId, r.taken])).toEqual([
      [T(2), 6],
      [T(1), 1],
      [T(3), 3],
    ]);
    expect(mergeApplied(list, [{ ...a, taken: 9 }], [T(2)]).map((r) => [r.targetId, r.taken])).toEqual([
      [T(3), 3],
      [T(1), 9],
    ]);
  });
});
