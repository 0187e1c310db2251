import { describe, expect, it } from "vitest";
import type { AttackerFacts, TargetFacts } from "../core/facts.js";
import { asOverwatchShot, isOverwatchShot, withMissChance } from "./shot-facts.js";

// Only the blocks these functions read: the rest of the facts is the engine's (a partial literal, cast once).
const target = (d20?: { missChance?: number }) => ({ id: "t", ...(d20 ? { d20 } : {}) }) as TargetFacts;
const attacker = (swn?: { action: "" | "overwatch" }) =>
  ({ dex: 50, d20: { bab: 1, ...(swn ? { swn } : {}) } }) as AttackerFacts;

describe("the d20 blocks the attack workflow reshapes (SW-32, SWN-08)", () => {
  it("SW-32: the higher of the scene's and the user's miss chance applies, never the sum; no d20 block, no change", () => {
    expect(withMissChance(target({ missChance: 20 }), 50).d20?.missChance).toBe(50);
    expect(withMissChance(target({ missChance: 50 }), 20).d20?.missChance).toBe(50);
    expect(withMissChance(target({}), 20).d20?.missChance).toBe(20);
    const plain = target();
    expect(withMissChance(plain, 20)).toBe(plain);
  });

  it("SWN-08: an attacker with an SWN block is made the overwatch shot; one without is left as it is", () => {
    expect(isOverwatchShot(attacker({ action: "" }))).toBe(false);
    expect(isOverwatchShot(asOverwatchShot(attacker({ action: "" })))).toBe(true);
    const sw = attacker();
    expect(asOverwatchShot(sw)).toBe(sw);
    expect(isOverwatchShot(sw)).toBe(false);
  });
});
