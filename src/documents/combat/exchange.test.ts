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
      { messageId: "m1", ids: ["a", "b"], byGM: false },
      { messageId: "m2", ids: [], byGM: false },
    ]);
    const apply = vi.fn(async () => undefined);
    expect(await releaseHeld(pending, apply)).toEqual({ released: 2, failed: [] });
    expect(apply.mock.calls.map((c) => (c as unknown as [{ messageId: string }])[0].messageId)).toEqual([
      "m1",
      "m2",
    ]);
  });

  it("SF-B-05 one entry per card however often it is clicked: the union of its targets, all of them once asked", () => {
    let pending = holdRequest([], { messageId: "m1", ids: ["a"] });
    for (let i = 0; i < 200; i++) pending = holdRequest(pending, { messageId: "m1", ids: ["b", "a"] });
    expect(pending).toEqual([{ messageId: "m1", ids: ["a", "b"], byGM: false }]);
    pending = holdRequest(pending, { messageId: "m1", ids: [] });
    pending = holdRequest(pending, { messageId: "m1", ids: ["c"] });
    expect(pending).toEqual([{ messageId: "m1", ids: [] }].map((p) => ({ ...p, byGM: false })));
  });

  it("SF-B-05 issue 11: a GM's and a player's requests on one card are held apart, so each is applied as theirs", () => {
    let pending = holdRequest([], { messageId: "m1", ids: ["a"] });
    pending = holdRequest(pending, { messageId: "m1", ids: ["a"], byGM: true });
    expect(pending).toEqual([
      { messageId: "m1", ids: ["a"], byGM: false },
      { messageId: "m1", ids: ["a"], byGM: true },
    ]);
  });

  it("SF-B-05 a held request that fails does not stop the others and is handed back", async () => {
    const pending = [
      { messageId: "bad", ids: ["x"] },
      { messageId: "m2", ids: [] },
    ];
    const apply = vi.fn(async (r: { messageId: string }) => {
      if (r.messageId === "bad") throw new Error("Damage must be a whole number of at least 0, not -1");
    });
    expect(await releaseHeld(pending, apply)).toEqual({
      released: 1,
      failed: [{ messageId: "bad", ids: ["x"] }],
    });
    expect(apply).toHaveBeenCalledTimes(2);
  });
});
