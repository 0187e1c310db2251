import { describe, expect, it } from "vitest";
import { attacker, facts, target } from "../../../tests/fixtures/rules.js";
import { createAlphaDawnEngine } from "./engine.js";
import { situationChoices } from "./situation.js";
import { expandedModifiers } from "./to-hit.js";
import { darknessRefusal, smokeHides, visionAidFromGear, withVisionAid } from "./vision.js";

const byId = (mods: readonly { id: string; value: number; label: string; ruleId: string }[]) =>
  Object.fromEntries(mods.map((m) => [m.id, [m.value, m.label, m.ruleId]]));

describe("SF-X-23 vision aids", () => {
  it("SF-X-23 a target in darkness cannot be seen without infrared or light amplification", () => {
    expect(darknessRefusal(attacker(), target({ dark: true }))).toBe("FT.Error.darkness");
    expect(darknessRefusal(attacker({ visionAid: "none" }), target({ dark: true }))).toBe(
      "FT.Error.darkness",
    );
    expect(darknessRefusal(attacker({ visionAid: "lightAmp" }), target({ dark: true }))).toBeNull();
    expect(darknessRefusal(attacker({ visionAid: "infrared" }), target({ dark: true }))).toBeNull();
    expect(darknessRefusal(attacker(), target())).toBeNull();
  });

  it("SF-X-23 SF-X-22 smoke, haze or fog is soft cover −10 unless the attacker has infrared", () => {
    const smoky = (visionAid: "none" | "infrared" | "lightAmp") =>
      expandedModifiers(facts({ attacker: { dex: 80, visionAid }, target: { distance: 10, smoke: true } }));
    // ½ DEX +40, laser pistol Short −10, target walked 0, smoke −10.
    expect(byId(smoky("none"))).toEqual({
      base: [40, "FT.Modifier.halfDex", "SF-X-11"],
      range: [-10, "FT.Range.s", "SF-X-14"],
      cover: [-10, "FT.Modifier.smoke", "SF-X-22"],
    });
    expect(byId(smoky("lightAmp")).cover).toEqual([-10, "FT.Modifier.smoke", "SF-X-22"]);
    expect(byId(smoky("infrared")).cover).toBeUndefined();
    expect(smokeHides(attacker({ visionAid: "infrared" }), target({ smoke: true }))).toBe(false);
  });

  it("SF-X-23 smoke does not stack with other cover: hard cover stays −20, soft −10 once", () => {
    const hard = expandedModifiers(facts({ target: { smoke: true, cover: "hard" } }));
    expect(byId(hard).cover).toEqual([-20, "FT.Cover.hard", "SF-X-22"]);
    const crowd = expandedModifiers(facts({ target: { smoke: true, crowd: true } }));
    expect(byId(crowd).cover).toEqual([-10, "FT.Modifier.smoke", "SF-X-22"]);
  });

  it("SF-X-23 the dialog offers darkness as a refusal naming the rule, and smoke with its −10", () => {
    const engine = createAlphaDawnEngine();
    const choices = situationChoices(engine, facts(), { variant: "expanded" });
    const dark = choices.find((c) => c.key === "dark.true");
    expect(dark).toEqual({
      key: "dark.true",
      label: "FT.Situation.dark.true",
      modifiers: [],
      removed: [],
      refusal: "FT.Error.darkness",
      refusalRule: "SF-X-23",
    });
    const smoke = choices.find((c) => c.key === "smoke.true");
    expect(smoke?.modifiers.map((m) => [m.value, m.ruleId])).toEqual([[-10, "SF-X-22"]]);
    // With infrared neither changes anything: neither is offered.
    const ir = situationChoices(engine, facts({ attacker: { visionAid: "infrared" } }), {
      variant: "expanded",
    });
    expect(ir.map((c) => c.key)).not.toContain("dark.true");
    expect(ir.map((c) => c.key)).not.toContain("smoke.true");
    // The Basic game has no vision rules.
    const basic = situationChoices(engine, facts(), { variant: "basic" });
    expect(basic.map((c) => c.key)).not.toContain("dark.true");
  });

  it("SF-X-23 the vision aid comes from the gear, infrared first; Magnigoggles are no vision aid", () => {
    expect(visionAidFromGear(["Infrared Goggles"])).toBe("infrared");
    expect(visionAidFromGear(["IR goggles"])).toBe("infrared");
    expect(visionAidFromGear(["Light Amplification Goggles"])).toBe("lightAmp");
    expect(visionAidFromGear(["Light Amplification Goggles", "Infrared Goggles"])).toBe("infrared");
    expect(visionAidFromGear(["Magnigoggles", "Binoculars", "Stirrup"])).toBe("none");
    expect(withVisionAid(attacker(), "lightAmp").visionAid).toBe("lightAmp");
    expect(withVisionAid(attacker({ visionAid: "infrared" }), "x-ray").visionAid).toBe("infrared");
  });
});
