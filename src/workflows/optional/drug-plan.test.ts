import { describe, expect, it } from "vitest";
import { drugOf, planDrug, STIMDOSE_TURNS } from "./drug-plan.js";

const t = (value: number, max: number, unconscious = false, stabilized = false) => ({
  stamina: { value, max },
  unconscious,
  stabilized,
});

describe("Stimdose and Staydose (SF-B-22, SF-B-15, SF-B-18)", () => {
  it("finds the drug by its rule or its name", () => {
    expect(drugOf({ name: "Stimdose", system: { uses: "SF-B-22" } })).toBe("stimdose");
    expect(drugOf({ name: "Hypo (stimdose)", system: { uses: "" } })).toBe("stimdose");
    expect(drugOf({ name: "Staydose", system: { uses: "SF-B-15" } })).toBe("staydose");
    expect(drugOf({ name: "Binoculars", system: { uses: "SF-X-23" } })).toBeNull();
  });

  it("SF-B-18: a Stimdose wakes a dozed character and restores no Stamina", () => {
    expect(planDrug("stimdose", t(30, 30, true), 1)).toEqual({
      ok: true,
      drug: "stimdose",
      stamina: 30,
      gained: 0,
      wake: true,
      stabilize: false,
    });
  });

  it("SF-B-22: +10 Stamina, never above the original score; refused below 0, at full Stamina, or with none left", () => {
    expect(planDrug("stimdose", t(20, 45), 2)).toMatchObject({
      ok: true,
      stamina: 30,
      gained: 10,
      wake: false,
    });
    expect(planDrug("stimdose", t(40, 45), 1)).toMatchObject({ ok: true, stamina: 45, gained: 5 });
    // At 0 the character is unconscious from wounds: +10 brings them round.
    expect(planDrug("stimdose", t(0, 45, true), 1)).toMatchObject({ ok: true, stamina: 10, wake: true });
    expect(planDrug("stimdose", t(-3, 45, true), 1)).toEqual({
      ok: false,
      reason: "FT.Drug.stimdoseBelowZero",
    });
    expect(planDrug("stimdose", t(45, 45), 1)).toEqual({ ok: false, reason: "FT.Drug.stimdoseNoEffect" });
    expect(planDrug("stimdose", t(20, 45), 0)).toEqual({ ok: false, reason: "FT.Drug.noneLeft" });
    expect(STIMDOSE_TURNS).toBe(1800);
  });

  it("SF-B-15: a Staydose keeps a dying character alive, and only a dying one, once", () => {
    expect(planDrug("staydose", t(-4, 45, true), 1)).toMatchObject({
      ok: true,
      stabilize: true,
      stamina: -4,
    });
    expect(planDrug("staydose", t(12, 45), 1)).toEqual({ ok: false, reason: "FT.Drug.staydoseNotDying" });
    expect(planDrug("staydose", t(-4, 45, true, true), 1)).toEqual({
      ok: false,
      reason: "FT.Drug.staydoseAlready",
    });
  });
});
