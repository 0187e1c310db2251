/**
 * Rule presets (architecture: Settings): a preset writes the engine, the Alpha Dawn variant and a bundle of
 * optional-rule toggles; the menu shows "modified" when the GM's settings differ from the chosen bundle.
 * Pure data and functions; the settings menu applies them.
 */

export interface OptionalRules {
  /** SF-B-14 / SF-X-33: 01–05 always hits (a referee may forbid impossible shots). */
  readonly autoHit: boolean;
  /** SF-X-34: 96–00 always misses (Expanded). */
  readonly autoMiss: boolean;
  /** SF-X-35: a miss into a crowd has 25% to hit someone else. */
  readonly strayShots: boolean;
  /** SF-X-35: living tokens in the line of fire give soft cover. */
  readonly crowdCover: boolean;
}

export interface RuleSettings extends OptionalRules {
  readonly engine: "alphaDawn" | "zebulon" | "d20";
  readonly variant: "basic" | "expanded";
  /** The d20 engine's profile (ruling 1): Star Wars RCR (`sw`) or the SWN additions (`swn`). */
  readonly profile: "sw" | "swn";
}

export interface Preset {
  readonly id: string;
  readonly label: string;
  readonly source: string;
  readonly settings: RuleSettings;
}

export const PRESETS: readonly Preset[] = [
  {
    id: "sfBasic",
    label: "FT.Preset.sfBasic",
    source: "Star Frontiers Basic Game (SF-B-*)",
    settings: {
      engine: "alphaDawn",
      variant: "basic",
      autoHit: true,
      autoMiss: false,
      strayShots: false,
      crowdCover: false,
      profile: "sw",
    },
  },
  {
    id: "sfExpanded",
    label: "FT.Preset.sfExpanded",
    source: "Star Frontiers Expanded Game (SF-X-*)",
    settings: {
      engine: "alphaDawn",
      variant: "expanded",
      autoHit: true,
      autoMiss: true,
      strayShots: true,
      crowdCover: true,
      profile: "sw",
    },
  },
  {
    id: "sfZebulon",
    label: "FT.Preset.sfZebulon",
    source: "Zebulon's Guide Resolution Table (SF-Z-*) with the Expanded modifiers",
    settings: {
      engine: "zebulon",
      variant: "expanded",
      autoHit: false,
      autoMiss: false,
      strayShots: true,
      crowdCover: true,
      profile: "sw",
    },
  },
  {
    // Issue 14: the d20 engine (SW-*). The Star Frontiers optional rules are off: d20 has its own naturals
    // (SW-04: a natural 1 misses, a natural 20 hits) and no stray shots or crowd cover.
    id: "swRcr",
    label: "FT.Preset.swRcr",
    source: "Star Wars d20 Revised combat (SW-*)",
    settings: {
      engine: "d20",
      variant: "expanded",
      autoHit: false,
      autoMiss: false,
      strayShots: false,
      crowdCover: false,
      profile: "sw",
    },
  },
  {
    // Issue 16, ruling 1: the d20 engine with the SWN profile — AC, HP, HD, attack bonus and Morale from the
    // sheets' SWN block, with the seed's additions (side Morale, concealment and cover armour, squads).
    id: "swnAdditions",
    label: "FT.Preset.swnAdditions",
    source: "d20 with the Stars Without Number additions (SWN-*)",
    settings: {
      engine: "d20",
      variant: "expanded",
      autoHit: false,
      autoMiss: false,
      strayShots: false,
      crowdCover: false,
      profile: "swn",
    },
  },
];

export const DEFAULT_PRESET = "sfExpanded";

/** Keys of the settings a preset writes. */
export const PRESET_KEYS = [
  "engine",
  "variant",
  "autoHit",
  "autoMiss",
  "strayShots",
  "crowdCover",
  "profile",
] as const;

/** The settings that differ from the preset's bundle (empty = not modified). */
export function presetDiff(presetId: string, current: RuleSettings): string[] {
  const p = PRESETS.find((x) => x.id === presetId);
  if (!p) return [...PRESET_KEYS];
  return PRESET_KEYS.filter((k) => p.settings[k] !== current[k]);
}

/** The first preset the current settings match exactly, or null. */
export function matchPreset(current: RuleSettings): string | null {
  return PRESETS.find((p) => presetDiff(p.id, current).length === 0)?.id ?? null;
}

/** The settings a preset changes when applied over `current`. */
export function presetChanges(current: RuleSettings, presetId: string): (typeof PRESET_KEYS)[number][] {
  const p = PRESETS.find((x) => x.id === presetId);
  return p ? PRESET_KEYS.filter((k) => p.settings[k] !== current[k]) : [];
}
