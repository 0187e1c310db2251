/**
 * The attack dialog's pure context (src/applications/attack-dialog-context.ts): which target "sets the burst's
 * chance" (SF-X-24), review 13b L2.
 */
import { describe, expect, it } from "vitest";
import { dialogContext } from "../src/applications/attack-dialog-context.js";
import { prepareAttack } from "../src/workflows/attack/attack-plan.js";
import { burstPrep, zebulonBurstPrep } from "./fixtures/dialog.js";

const sets = (p: ReturnType<typeof burstPrep>) =>
  dialogContext(p).targets.map((t) => `${t.id} ${t.setsBurst}`);

describe("the attack dialog: the target that sets the burst (SF-X-24)", () => {
  it("SF-X-24 SF-Z-03: three targets all clamped to Zebulon's 5 % by a −100 range: equal chances, but none has the burst's cover and prone, so none sets it", () => {
    const p = prepareAttack({ ...zebulonBurstPrep().request, overrides: { "*": { range: -100 } } });
    expect([p.burst?.check.chance, ...p.targets.map((t) => t.check.chance)]).toEqual([5, 5, 5, 5]);
    expect(sets(p)).toEqual(["Pirate 1 false", "Pirate 2 false", "Pirate 3 false"]);
  });

  it("SF-X-24 SF-X-22: with Pirate 3 no longer prone, Pirate 2's soft cover is the burst's only extra: Pirate 2 sets it, alone", () => {
    const base = burstPrep().request;
    const targets = base.targets.map((t) =>
      t.facts.id === "Pirate 3" ? { ...t, facts: { ...t.facts, prone: false } } : t,
    );
    const p = prepareAttack({ ...base, targets });
    expect(p.burst?.check.chance).toBe(35);
    expect(sets(p)).toEqual(["Pirate 1 false", "Pirate 2 true", "Pirate 3 false"]);
  });
});
