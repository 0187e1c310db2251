import { describe, expect, it } from "vitest";
import { matchPreset, PRESETS, presetChanges, presetDiff } from "./presets.js";

describe("Rule presets", () => {
  const expanded = PRESETS.find((p) => p.id === "sfExpanded")!.settings;

  it("SF-Z-01 each preset matches itself; Zebulon's preset switches the engine", () => {
    for (const p of PRESETS) expect(matchPreset(p.settings)).toBe(p.id);
    expect(PRESETS.find((p) => p.id === "sfZebulon")!.settings.engine).toBe("zebulon");
    expect(PRESETS.find((p) => p.id === "sfBasic")!.settings.variant).toBe("basic");
  });

  it("SF-X-34 a GM who turns off the automatic miss has a modified Expanded preset", () => {
    const mine = { ...expanded, autoMiss: false };
    expect(presetDiff("sfExpanded", mine)).toEqual(["autoMiss"]);
    expect(matchPreset(mine)).toBeNull();
    expect(presetDiff("nonsense", mine)).toHaveLength(7);
  });

  it("SF-Z-01 a preset's changes over the current settings name the engine only when it differs", () => {
    expect(presetChanges(expanded, "sfZebulon")).toEqual(["engine", "autoHit", "autoMiss"]);
    expect(presetChanges(expanded, "sfBasic")).toEqual(["variant", "autoMiss", "strayShots", "crowdCover"]);
    expect(presetChanges(expanded, "sfExpanded")).toEqual([]);
    expect(presetChanges(expanded, "nonsense")).toEqual([]);
  });
});
