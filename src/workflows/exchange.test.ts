import { describe, expect, it, vi } from "vitest";
import { damageIsHeld, holdRequest, releaseHeld } from "./exchange.js";

describe("Simultaneous damage on a Basic initiative tie", () => {
  it("SF-B-05 damage is held only in the Basic game, in a started combat, on a tie", () => {
    expect(damageIsHeld({ variant: "basic", started: true, simultaneous: true })).toBe(true);
    expect(damageIsHeld({ variant: "expanded", started: true, simultaneous: true })).toBe(false);
    expect(damageIsHeld({ variant: "basic", started: false, simultaneous: true })).toBe(false);
    expect(damageIsHeld({ variant: "basic", started: true, simultaneous: false })).toBe(false);
  });

  it("SF-B-05 the same click is held once; all held damage lands at the end of the exchange, in order", async () => {
    let pending = holdRequest([], { messageId: "m1", ids: ["a", "b"] });
    pending = holdRequest(pending, { messageId: "m1", ids: ["b", "a"] });
    pending = holdRequest(pending, { messageId: "m2", ids: [] });
    expect(pending).toEqual([
      { messageId: "m1", ids: ["a", "b"] },
      { messageId: "m2", ids: [] },
    ]);
    const apply = vi.fn(async () => undefined);
    expect(await releaseHeld(pending, apply)).toBe(2);
    expect(apply.mock.calls.map((c) => (c as unknown as [{ messageId: string }])[0].messageId)).toEqual([
      "m1",
      "m2",
    ]);
  });
});
