import { describe, expect, it } from "vitest";
import { burstPrep } from "../../tests/fixtures/dialog.js";
import { type PreparedAttack, prepareAttack } from "../workflows/attack-plan.js";
import { dialogContext, dialogNumbers, recompute, requestFromForm } from "./attack-dialog-context.js";

/** The form as FormDataExtended reads it when it shows `prep` (numbers for number inputs, booleans for boxes). */
function formOf(prep: PreparedAttack, change: Record<string, unknown> = {}): Record<string, unknown> {
  const d = prep.request.declarations;
  const form: Record<string, unknown> = {
    "decl.shots": String(d.shots),
    "decl.burst": d.burst,
    "decl.carefulAim": d.carefulAim,
    "decl.scope": d.scope,
    "decl.twoWeapons": d.twoWeapons,
    "decl.wrongHand": d.wrongHand,
    "decl.cannotMiss": d.cannotMiss,
    "attacker.movement": prep.request.attacker.movement,
  };
  for (const t of prep.targets) for (const m of t.modifiers) form[`mod.${t.id}.${m.id}`] = m.value;
  return { ...form, ...change };
}

const start = burstPrep();
const ran = prepareAttack({ ...start.request, attacker: { ...start.request.attacker, movement: "ran" } });
const mod = (p: PreparedAttack, target: number, id: string) =>
  p.targets[target]!.modifiers.find((m) => m.id === id);

describe("The attack dialog's form", () => {
  it("SF-X-17 a value the engine recomputes after a declaration changes follows the engine; it is not the user's", () => {
    const dodged = recompute(ran.request, formOf(ran, { "attacker.movement": "dodged" }), ran);
    expect(mod(dodged.prep, 0, "attackerMovement")).toMatchObject({ value: -20 });
    expect(dodged.edits.size).toBe(0);
    // The form now shows −20; back to running, the engine's −10 returns (no override was taken from the form).
    const back = recompute(
      ran.request,
      formOf(dodged.prep, { "attacker.movement": "ran" }),
      dodged.prep,
      dodged.edits,
    );
    expect(mod(back.prep, 0, "attackerMovement")).toEqual(mod(ran, 0, "attackerMovement"));
    expect(back.prep.burst?.check.chance).toBe(ran.burst?.check.chance);
  });

  it("SF-X-14 SF-X-24 a modifier the user typed stays theirs through later changes, even when rows come and go", () => {
    const typed = recompute(start.request, formOf(start, { "mod.Pirate 1.range": -5 }), start);
    expect(mod(typed.prep, 0, "range")).toMatchObject({ value: -5, overridden: true });
    expect(typed.prep.targets[0]!.check.chance).toBe(start.targets[0]!.check.chance + 5);

    // Running adds a row (attackerMovement): the typed range survives.
    const running = recompute(
      start.request,
      formOf(typed.prep, { "attacker.movement": "ran" }),
      typed.prep,
      typed.edits,
    );
    expect(mod(running.prep, 0, "range")).toMatchObject({ value: -5, overridden: true });
    expect(mod(running.prep, 0, "attackerMovement")).toMatchObject({ value: -10 });

    // The request the Roll button sends carries the override.
    const req = requestFromForm(start.request, formOf(running.prep), running.edits);
    expect(req.overrides?.["Pirate 1"]).toEqual({ range: -5 });
  });

  it("SF-X-24 a number a rule refuses is shown as an error and changes nothing", () => {
    const bad = recompute(start.request, formOf(start, { "decl.burst": false }), start);
    expect(bad.error).toBe("FT.Error.oneTarget");
    expect(bad.prep).toBe(start);
  });

  it("SF-X-24 only a change of rows redraws the body; otherwise the numbers are written in place", () => {
    const before = dialogNumbers(dialogContext(start));
    const typed = recompute(start.request, formOf(start, { "mod.Pirate 1.range": -5 }), start);
    const after = dialogNumbers(dialogContext(typed.prep));
    expect(after.layout).toBe(before.layout);
    expect(before.fields["t0.chance"]).toBe("45");
    expect(after.fields["t0.chance"]).toBe("50");
    expect(after.fields["burst.chance"]).toBe(String(typed.prep.burst!.check.chance));
    expect(after.modifiers.find((m) => m.name === "mod.Pirate 1.range")).toEqual({
      name: "mod.Pirate 1.range",
      value: -5,
      overridden: true,
    });
    const running = recompute(start.request, formOf(start, { "attacker.movement": "ran" }), start);
    expect(dialogNumbers(dialogContext(running.prep)).layout).not.toBe(before.layout);
  });
});
