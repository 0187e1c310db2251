/**
 * The attack dialog's pure context (src/applications/attack-dialog-context.ts): which target "sets the burst's
 * chance" (SF-X-24), review 13b L2.
 */
import { describe, expect, it } from "vitest";
import { dialogContext, REFEREE } from "../src/applications/attack-dialog-context.js";
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

describe("the attack dialog asks the game's table (issue 30)", () => {
  it("SF-Z-01 SW-08 SWN-02: each game's dialog section — Zebulon's columns, d20 Defense with SW-32's miss chance, SWN's AC without it", async () => {
    const { d20SinglePrep, singlePrep, swnSinglePrep, zebulonPrep } = await import("./fixtures/dialog.js");
    const view = (p: ReturnType<typeof singlePrep>) => {
      const c = dialogContext(p, null, "m", {}, undefined, REFEREE);
      return {
        game: c.engineLabel,
        columns: c.zebulon,
        defense: c.defenseLabel,
        terms: c.targets[0]?.defense.map((m) => m.ruleId),
        plan: !!c.plan,
        help: !!c.assist,
        swn: !!c.assist?.swn,
        aim: c.assist?.aimLabel ?? null,
        cannotMiss: c.cannotMissRule,
      };
    };
    expect(view(singlePrep())).toEqual({
      game: "FT.Engine.alphaDawn",
      columns: false,
      defense: "",
      terms: [],
      plan: false,
      help: false,
      swn: false,
      aim: null,
      cannotMiss: "SF-X-33",
    });
    expect(view(zebulonPrep())).toMatchObject({
      game: "FT.Engine.zebulon",
      columns: true,
      cannotMiss: "SF-X-33",
    });
    expect(view(d20SinglePrep())).toMatchObject({
      game: "FT.Engine.d20",
      columns: false,
      defense: "FT.D20UI.defense",
      terms: ["SW-08", "SW-08", "SW-08", "SW-32"],
      help: true,
      swn: false,
      aim: "FT.D20.Aim.aimed",
      cannotMiss: null,
    });
    expect(view(swnSinglePrep())).toMatchObject({
      game: "FT.Profile.swnEngine",
      defense: "FT.SWN.ac",
      help: true,
      swn: true,
      // SW-42 under ruling 1: AC has no Dex to deny, so the box says what the aim still does.
      aim: "FT.SWN.Aim.aimed",
      cannotMiss: null,
    });
    expect(view(swnSinglePrep()).terms).not.toContain("SW-32");
  });

  it("SF-X-33: the referee's 'cannot miss' is offered to a GM only, and a player's form is read without it", async () => {
    const { requestFromForm } = await import("../src/applications/attack-dialog-form.js");
    const p = burstPrep();
    expect(dialogContext(p, null, "m", {}, undefined, REFEREE).declares.cannotMiss).toBe(true);
    expect(dialogContext(p).declares.cannotMiss).toBe(false);
    const form = { "decl.burst": true, "decl.cannotMiss": true };
    expect(requestFromForm(p.request, form).declarations.cannotMiss).toBe(false);
    expect(requestFromForm(p.request, form, new Map(), REFEREE).declarations.cannotMiss).toBe(true);
  });
});
