/**
 * World settings: the resolution engine (requires reload), the Alpha Dawn variant, and the GM's tables.
 */

import { SYSTEM_ID } from "../constants.js";
import {
  ALPHA_DAWN_TABLE,
  createEngine,
  defaultResolutionTable,
  type EngineId,
  type ResolutionEngine,
  type ResolutionTable,
  validateResolutionTable,
} from "../rules/index.js";

export const SETTINGS = {
  engine: "engine",
  variant: "variant",
  zebulonTable: "zebulonTable",
  hideNpcInitiative: "hideNpcInitiative",
  migrationVersion: "migrationVersion",
} as const;

type Settings = {
  get(ns: string, key: string): unknown;
  register(ns: string, key: string, data: Record<string, unknown>): void;
};
const settings = () => (game as unknown as { settings: Settings }).settings;

export function registerSettings(): void {
  const s = settings();
  s.register(SYSTEM_ID, SETTINGS.engine, {
    name: "FT.Settings.engine.name",
    hint: "FT.Settings.engine.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { alphaDawn: "FT.Engine.alphaDawn", zebulon: "FT.Engine.zebulon" },
    default: "alphaDawn",
    requiresReload: true,
  });
  s.register(SYSTEM_ID, SETTINGS.variant, {
    name: "FT.Settings.variant.name",
    hint: "FT.Settings.variant.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { basic: "FT.Variant.basic", expanded: "FT.Variant.expanded" },
    default: "expanded",
  });
  s.register(SYSTEM_ID, SETTINGS.zebulonTable, {
    scope: "world",
    config: false,
    type: Object,
    default: defaultResolutionTable(),
  });
  s.register(SYSTEM_ID, SETTINGS.hideNpcInitiative, {
    name: "FT.Settings.hideNpcInitiative.name",
    hint: "FT.Settings.hideNpcInitiative.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  s.register(SYSTEM_ID, SETTINGS.migrationVersion, {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

export function getSetting<T>(key: (typeof SETTINGS)[keyof typeof SETTINGS]): T {
  return settings().get(SYSTEM_ID, key) as T;
}

export function currentVariant(): "basic" | "expanded" {
  return getSetting<string>(SETTINGS.variant) === "basic" ? "basic" : "expanded";
}

/** The world's engine with the GM's tables. A broken stored table falls back to the default, with a warning. */
export function currentEngine(): ResolutionEngine {
  const id = getSetting<EngineId>(SETTINGS.engine);
  let zebulon: ResolutionTable;
  try {
    zebulon = validateResolutionTable(getSetting<unknown>(SETTINGS.zebulonTable));
  } catch (e) {
    console.warn(`${SYSTEM_ID} | stored resolution table is invalid, using the default:`, e);
    zebulon = defaultResolutionTable();
  }
  return createEngine(id === "zebulon" ? "zebulon" : "alphaDawn", { alphaDawn: ALPHA_DAWN_TABLE, zebulon });
}
