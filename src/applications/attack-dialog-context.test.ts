import { describe, expect, it } from "vitest";
import { burstPrep } from "../../tests/fixtures/dialog.js";
import { type PreparedAttack, prepareAttack } from "../workflows/attack/attack-plan.js";
import { dialogContext, dialogNumbers } from "./attack-dialog-context.js";
import { recompute, requestFromForm } from "./attack-dialog-form.js";
import { modifierRows, parseSigned } from "./attack-dialog-rows.js";

/**
 * The form as FormDataExtended reads it when it shows `prep` (strings for the modifiers' text inputs, signed as
 * shown, booleans for boxes).
 */
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
  const rows = modifierRows(prep);
  for (const m of [...rows.shared, ...rows.perTarget.flat()]) form[m.name] = m.shown;
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

  it("SF-X-22 SF-X-24 a modifier the user typed stays theirs through later changes, even when rows come and go", () => {
    // Pirate 2's soft cover is its own row (the others have none): typed −5.
    const typed = recompute(start.request, formOf(start, { "mod.Pirate 2.cover": "-5" }), start);
    expect(mod(typed.prep, 1, "cover")).toMatchObject({ value: -5, overridden: true });
    expect(typed.prep.targets[1]!.check.chance).toBe(start.targets[1]!.check.chance + 5);

    // Running adds a row (attackerMovement, shared): the typed cover survives.
    const running = recompute(
      start.request,
      formOf(typed.prep, { "attacker.movement": "ran" }),
      typed.prep,
      typed.edits,
    );
    expect(mod(running.prep, 1, "cover")).toMatchObject({ value: -5, overridden: true });
    expect(mod(running.prep, 1, "attackerMovement")).toMatchObject({ value: -10 });

    // The request the Roll button sends carries the override.
    const req = requestFromForm(start.request, formOf(running.prep), running.edits);
    expect(req.overrides?.["Pirate 2"]).toEqual({ cover: -5 });
  });

  it("SF-X-14 SF-X-24 a shared modifier is one field; its override changes every target and outranks an earlier per-target one", () => {
    const rows = modifierRows(start);
    expect(rows.shared.map((m) => `${m.name} ${m.shown}`)).toEqual([
      "mod.*.base +25",
      "mod.*.skill +10",
      "mod.*.range −10",
      "mod.*.burst +20",
    ]);
    expect(rows.perTarget.map((r) => r.map((m) => `${m.name} ${m.shown} ${m.burstRole}`))).toEqual([
      [],
      ["mod.Pirate 2.cover −10 sets"],
      ["mod.Pirate 3.prone −5 sets"],
    ]);
    // Short −10 typed as −5 (U+2212) in the shared row: every target gains 5, and so does the burst.
    const typed = recompute(start.request, formOf(start, { "mod.*.range": "−5" }), start);
    expect(typed.error).toBeNull();
    expect(
      typed.prep.targets.map((t) => mod(typed.prep, typed.prep.targets.indexOf(t), "range")?.value),
    ).toEqual([-5, -5, -5]);
    expect(typed.prep.targets.map((t) => t.check.chance)).toEqual([50, 40, 45]);
    expect(typed.prep.burst?.check.chance).toBe(35);
    expect(requestFromForm(start.request, formOf(typed.prep), typed.edits).overrides).toEqual({
      "*": { range: -5 },
    });

    // Pirate 1's range typed earlier as −10 (its own value, so the row is still shared): setting the shared row
    // to −5 sets it for Pirate 1 too, the earlier per-target value does not win.
    const earlier = new Map([
      ["mod.Pirate 1.range", { targetId: "Pirate 1", modifierId: "range", raw: "-10" }],
    ]);
    const pinned = recompute(start.request, formOf(start), start, earlier);
    expect(requestFromForm(start.request, formOf(pinned.prep), pinned.edits).overrides).toEqual({
      "Pirate 1": { range: -10 },
    });
    expect(modifierRows(pinned.prep).shared.find((m) => m.id === "range")?.name).toBe("mod.*.range");
    const all = recompute(
      start.request,
      formOf(pinned.prep, { "mod.*.range": "-5" }),
      pinned.prep,
      pinned.edits,
    );
    expect(all.prep.targets.map((t) => t.check.chance)).toEqual([50, 40, 45]);
    expect([...all.edits.keys()]).toEqual(["mod.*.range"]);
  });

  it("SF-X-24 typed modifiers: +20, -10, −10 and ‒10 are numbers; empty removes the modifier; words are refused", () => {
    expect(["+20", "-10", "−10", "‒10", " 15 ", "0", 7].map(parseSigned)).toEqual([
      20, -10, -10, -10, 15, 0, 7,
    ]);
    expect(parseSigned("")).toBeNull();
    expect(parseSigned("ten")).toBeUndefined();
    expect(parseSigned("1e3")).toBeUndefined();
    const bad = recompute(start.request, formOf(start, { "mod.Pirate 2.cover": "ten" }), start);
    expect(bad.error).toBe("FT.Error.badModifier");
    const gone = recompute(start.request, formOf(start, { "mod.Pirate 3.prone": "" }), start);
    expect(gone.prep.targets[2]!.modifiers.some((m) => m.id === "prone")).toBe(false);
  });

  it("SF-X-24 a number a rule refuses is shown as an error and changes nothing", () => {
    const bad = recompute(start.request, formOf(start, { "decl.burst": false }), start);
    expect(bad.error).toBe("FT.Error.oneTarget");
    expect(bad.prep).toBe(start);
  });

  it("SF-X-24 only a change of rows redraws the body; otherwise the numbers are written in place", () => {
    const before = dialogNumbers(dialogContext(start));
    const typed = recompute(start.request, formOf(start, { "mod.Pirate 2.cover": "-5" }), start);
    const after = dialogNumbers(dialogContext(typed.prep));
    expect(after.layout).toBe(before.layout);
    // A burst shows one chance (SF-X-24), not one per target.
    expect(before.fields["burst.chance"]).toBe("30");
    expect(before.fields["t0.chance"]).toBeUndefined();
    expect(after.fields["burst.chance"]).toBe("35");
    expect(after.modifiers.find((m) => m.name === "mod.Pirate 2.cover")).toEqual({
      name: "mod.Pirate 2.cover",
      value: "−5",
      overridden: true,
    });
    const running = recompute(start.request, formOf(start, { "attacker.movement": "ran" }), start);
    expect(dialogNumbers(dialogContext(running.prep)).layout).not.toBe(before.layout);
  });
});
