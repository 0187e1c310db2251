import { describe, expect, it } from "vitest";
import {
  conveyanceRules,
  declarationTiming,
  hospitalCost,
  meleeHold,
  meleeMover,
  minutesToTurns,
  spottingDistance,
  turnPlanProblem,
  turnsToSeconds,
  visionAids,
} from "./turn.js";

describe("The turn", () => {
  it("SF-B-01 a turn is 6 seconds and 10 turns make a minute; a doze grenade's hour is 600 turns", () => {
    expect(turnsToSeconds(10)).toBe(60);
    expect(minutesToTurns(60)).toBe(600);
    expect(minutesToTurns(0.5)).toBe(5);
  });

  it("SF-B-02 SF-B-20 move, fire, move and fire, reload or nothing — but not reload and fire, nor reload and run", () => {
    expect(turnPlanProblem({ movement: "walked", fires: true, reloads: false })).toBeNull();
    expect(turnPlanProblem({ movement: "stationary", fires: false, reloads: true })).toBeNull();
    expect(turnPlanProblem({ movement: "stationary", fires: true, reloads: true })).toBe(
      "FT.Error.reloadAfterFiring",
    );
    expect(turnPlanProblem({ movement: "ran", fires: false, reloads: true })).toBe(
      "FT.Error.reloadWhileRunning",
    );
  });

  it("SF-B-21 skimmer riders fire at −10 with cover, drivers cannot fire, monorail riders neither shoot nor are shot", () => {
    expect(conveyanceRules("skimmerRider")).toEqual({
      canFire: true,
      modifier: -10,
      cover: true,
      canBeShot: true,
    });
    expect(conveyanceRules("skimmerDriver")).toMatchObject({ canFire: false, cover: true });
    expect(conveyanceRules("monorail")).toMatchObject({ canFire: false, canBeShot: false });
    expect(conveyanceRules("onFoot")).toEqual({ canFire: true, modifier: 0, cover: false, canBeShot: true });
  });

  it("SF-B-23 hospital healing costs 1 credit per Stamina point", () => {
    expect(hospitalCost(27)).toBe(27);
    expect(() => hospitalCost(-1)).toThrow();
  });

  it("SF-X-03 spotting: 1 km and 0.5 km; ×3 with binoculars; ½ in fog", () => {
    expect(spottingDistance("none", "clear")).toEqual({ object: 1000, detail: 500 });
    expect(spottingDistance("binoculars", "clear")).toEqual({ object: 3000, detail: 1500 });
    expect(spottingDistance("scope", "fog")).toEqual({ object: 1500, detail: 750 });
    expect(spottingDistance("none", "rain")).toEqual({ object: 500, detail: 250 });
  });

  it("SF-X-07 declarations come after initiative, or before it when the sides cannot see each other", () => {
    expect(declarationTiming(true)).toBe("afterInitiative");
    expect(declarationTiming(false)).toBe("beforeInitiative");
  });

  it("SF-X-09 within 2 m of an opponent who declared melee you cannot move; if both declared, side B moves in", () => {
    expect(meleeHold(2, true)).toBe(true);
    expect(meleeHold(2.5, true)).toBe(false);
    expect(meleeHold(1, false)).toBe(false);
    expect(meleeMover(true, "B")).toBe(true);
    expect(meleeMover(true, "A")).toBe(false);
  });

  it("SF-X-23 infrared or light amplification ignore darkness; only infrared sees through smoke", () => {
    expect(visionAids({ dark: true, smoke: false, infrared: false, lightAmp: true })).toEqual({
      darknessMatters: false,
      smokeIsCover: false,
    });
    expect(visionAids({ dark: true, smoke: true, infrared: false, lightAmp: true })).toEqual({
      darknessMatters: false,
      smokeIsCover: true,
    });
    expect(visionAids({ dark: true, smoke: true, infrared: true, lightAmp: false })).toEqual({
      darknessMatters: false,
      smokeIsCover: false,
    });
    expect(visionAids({ dark: true, smoke: false, infrared: false, lightAmp: false }).darknessMatters).toBe(
      true,
    );
  });
});
