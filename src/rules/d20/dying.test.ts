import { describe, expect, it } from "vitest";
import { disabledActionProblem, rollsDyingSave, strainsDisabled } from "./dying.js";
import { disabledStrain, dyingRound } from "./health.js";

describe("SW-10 dying and disabled in play", () => {
  it("SW-10: a dying character (−1 to −9) rolls its DC 10 save each round, unless stable or dead", () => {
    expect(rollsDyingSave(-1, new Set())).toBe(true);
    expect(rollsDyingSave(-9, new Set(["dying", "unconscious"]))).toBe(true);
    expect(rollsDyingSave(-3, new Set(["stable"]))).toBe(false);
    expect(rollsDyingSave(0, new Set())).toBe(false);
    expect(rollsDyingSave(-10, new Set())).toBe(false);
    expect(dyingRound(-9, 9)).toEqual({ wounds: -10, stable: false, state: "dead" });
    expect(dyingRound(-2, 10)).toEqual({ wounds: -2, stable: true, state: "dying" });
  });
  it("SW-10: disabled at 0 WP: a move or an attack action, no full-round action; an attack costs 1 WP", () => {
    expect(disabledActionProblem(0, "move")).toBeNull();
    expect(disabledActionProblem(0, "attack")).toBeNull();
    expect(disabledActionProblem(0, "fullRound")).toBe("FT.D20.Disabled.noFullRound");
    expect(disabledActionProblem(1, "fullRound")).toBeNull();
    expect(strainsDisabled(0, "attack")).toBe(true);
    expect(strainsDisabled(0, "move")).toBe(false);
    expect(strainsDisabled(3, "attack")).toBe(false);
    expect(disabledStrain(0)).toBe(-1);
  });
});

describe("SW-10 a disabled attacker's plan", () => {
  it("SW-10: disabled, a single attack passes; a full attack, a fire mode, two weapons or a charge is refused", async () => {
    const { disabledAttackProblem } = await import("./dying.js");
    const one = { fullAttack: false, mode: "single" };
    expect(disabledAttackProblem({ disabled: true }, one)).toBeNull();
    expect(disabledAttackProblem({}, { fullAttack: true, mode: "single" })).toBeNull();
    for (const d of [
      { fullAttack: true, mode: "single" },
      { fullAttack: true, mode: "autofire" },
      { fullAttack: false, mode: "single", twoWeapon: {} },
    ])
      expect(disabledAttackProblem({ disabled: true }, d)?.key).toBe("FT.D20.Disabled.noFullRound");
    expect(disabledAttackProblem({ disabled: true, charging: true }, one)?.key).toBe(
      "FT.D20.Disabled.noFullRound",
    );
  });
});
