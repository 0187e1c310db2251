import { describe, expect, it } from "vitest";
import { conditionsFromStatuses, onHigherGround } from "./conditions.js";

describe("SW-29 conditions from statuses", () => {
  it("SW-29: a defender's kneeling, climbing, grappling, pinned, prone and stun name their rows", () => {
    const all = new Set(["kneeling", "climbing", "grappling", "pinned", "prone", "stun", "concealed"]);
    expect(conditionsFromStatuses(all, "defender")).toEqual([
      "defenderProne",
      "defenderStunned",
      "defenderKneeling",
      "defenderClimbing",
      "defenderGrappling",
      "defenderPinned",
    ]);
  });
  it("SW-29: an attacker's prone and concealed name theirs; its kneeling or climbing name nothing", () => {
    expect(
      conditionsFromStatuses(new Set(["prone", "concealed", "kneeling", "climbing"]), "attacker"),
    ).toEqual(["attackerProne", "attackerConcealed"]);
    expect(conditionsFromStatuses(new Set(), "attacker")).toEqual([]);
  });
  it("SW-29: higher ground is any positive difference of elevation", () => {
    expect(onHigherGround(3, 0)).toBe(true);
    expect(onHigherGround(0.5, 0)).toBe(true);
    expect(onHigherGround(0, 0)).toBe(false);
    expect(onHigherGround(0, 3)).toBe(false);
  });
});
