import { describe, expect, it } from "vitest";
import { droppedObject } from "./dropped.js";

describe("SW-16 dropped objects", () => {
  it("SW-16: a target below within altitude ÷ 5 across is a drop — the fall in 20 m increments; farther across, or not below, no drop", () => {
    expect(droppedObject({ altitude: 24, lateral: 2 })).toEqual({
      distance: 24,
      increment: 20,
      kind: "dropped",
    });
    expect(droppedObject({ altitude: 25, lateral: 5 })).toEqual({
      distance: 25,
      increment: 20,
      kind: "dropped",
    });
    expect(droppedObject({ altitude: 24, lateral: 5 })).toBeNull();
    expect(droppedObject({ altitude: 0, lateral: 0 })).toBeNull();
    expect(droppedObject({ altitude: -10, lateral: 0 })).toBeNull();
    expect(droppedObject(undefined)).toBeNull();
  });

  it("SW-16: past altitude ÷ 5 across, a drop the throw cannot reach takes the lateral distance in the thrown increment (5 × at most); one the throw reaches is a throw", () => {
    const grenade = { rangeIncrement: 4 };
    // 24 m up, 10 m across: the throw (26 m) is past 5 × 4 m, so dropped, range 10 m in 4 m increments.
    expect(droppedObject({ altitude: 24, lateral: 10 }, grenade, { distance: 26 })).toEqual({
      distance: 10,
      increment: 4,
      kind: "thrown",
    });
    // 22 m across: the lateral distance past 5 × 4 m is out of a thrown weapon's 5 increments (rangePenalty's refusal).
    expect(droppedObject({ altitude: 24, lateral: 22 }, grenade, { distance: 32.6 })).toMatchObject({
      distance: 22,
    });
    // 3 m up, 10 m across: an ordinary throw reaches (10.4 m ≤ 20 m) — thrown, no −4.
    expect(droppedObject({ altitude: 3, lateral: 10 }, grenade, { distance: 10.4 })).toBeNull();
    expect(droppedObject({ altitude: 24, lateral: 10 })).toBeNull();
  });
});
