import { describe, expect, it } from "vitest";
import { grappleAutoLoss, meleeTouchAttack, startsWithTouch } from "./touch.js";

describe("SW-41 the melee touch attack of a trip, an overrun's block and a grapple", () => {
  it("SW-41 SW-09: d20 + BAB + Str + size against touch Defense; a natural 1 misses, a natural 20 hits", () => {
    const at = { bab: 6, str: 2, size: "medium" as const, touchDefense: 12 };
    expect(meleeTouchAttack({ ...at, d20: 4 })).toEqual({ bonus: 8, total: 12, hit: true });
    expect(meleeTouchAttack({ ...at, d20: 3 })).toEqual({ bonus: 8, total: 11, hit: false });
    expect(meleeTouchAttack({ ...at, d20: 1, touchDefense: 2 }).hit).toBe(false);
    expect(meleeTouchAttack({ ...at, d20: 20, touchDefense: 40 }).hit).toBe(true);
    // A Small attacker's +1 size modifier (SW-05).
    expect(meleeTouchAttack({ ...at, size: "small", d20: 3 }).hit).toBe(true);
  });

  it("SW-41: trip and grapple start with it, an overrun only when the defender blocks, a bantha rush or disarm never", () => {
    expect(["trip", "grapple", "banthaRush", "disarm"].map((k) => startsWithTouch(k, true))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([startsWithTouch("overrun", true), startsWithTouch("overrun", false)]).toEqual([true, false]);
  });

  it("SW-41: a grapple is lost automatically against a target two or more size categories larger", () => {
    expect(grappleAutoLoss("medium", "large")).toBe(false);
    expect(grappleAutoLoss("medium", "huge")).toBe(true);
    expect(grappleAutoLoss("small", "large")).toBe(true);
    expect(grappleAutoLoss("large", "medium")).toBe(false);
  });
});
