/**
 * World settings: the resolution engine (requires reload), the Alpha Dawn variant, and the GM's tables.
 */

import { SYSTEM_ID } from "../constants.js";
import { countBuild } from "../data/counters.js";
import { ENGINE_CHOICES, PROFILE_CHOICES, profileIdOf } from "../data/game-id.js";
import {
  ALPHA_DAWN_TABLE,
  defaultResolutionTable,
  type EngineId,
  mergeTable,
  type ResolutionEngine,
  type ResolutionTable,
  RulesError,
  validateResolutionTable,
} from "../rules/index.js";
import { currentGame, forgetGame } from "./game.js";
import { perPage } from "./page-state.js";
import { DEFAULT_PRESET, PRESETS, type RuleSettings } from "./presets.js";
import { showRuleIds } from "./rule-ids.js";

export const SETTINGS = {
  engine: "engine",
  variant: "variant",
  profile: "profile",
  preset: "preset",
  autoHit: "autoHit",
  autoMiss: "autoMiss",
  strayShots: "strayShots",
  crowdCover: "crowdCover",
  zebulonTable: "zebulonTable",
  alphaDawnOverrides: "alphaDawnOverrides",
  hideNpcInitiative: "hideNpcInitiative",
  playersApplyToAll: "playersApplyToAll",
  showNpcNumbers: "showNpcNumbers",
  migrationVersion: "migrationVersion",
  sideSecrets: "sideSecrets",
  d20Secrets: "d20Secrets",
  sideMorale: "sideMorale",
  moraleRead: "moraleRead",
  enforcePhases: "enforcePhases",
  showRuleIds: "showRuleIds",
  weaponNumbers: "weaponNumbers",
} as const;

/**
 * What each world setting holds. fvtt-types' `SettingConfig` is built from this (types/foundry-config.d.ts), so
 * `game.settings.get/set/register` check the key and the value.
 */
/** A JSON object as a setting stores it. */
export type StoredObject = { readonly [key: string]: unknown };

export interface SettingValues {
  engine: EngineId;
  variant: "basic" | "expanded";
  /** The d20 engine's profile (ruling 1): Star Wars RCR or the SWN additions. */
  profile: "sw" | "swn";
  preset: string;
  autoHit: boolean;
  autoMiss: boolean;
  strayShots: boolean;
  crowdCover: boolean;
  /** Stored JSON, checked where it is read (a broken table falls back to the default). */
  zebulonTable: StoredObject;
  alphaDawnOverrides: StoredObject;
  hideNpcInitiative: boolean;
  /** Players' Apply reaches tokens they do not own (off: the GM's click is needed, as in dnd5e and pf2e). */
  playersApplyToAll: boolean;
  /** Players see NPC numbers (Stamina, screens, Reaction Speed, an NPC's chance to hit) on cards. */
  showNpcNumbers: boolean;
  migrationVersion: number;
  /**
   * GM's browser only: the numbers of hidden NPC sides (R1-5d), combat id → side id → seal id → numbers. A client
   * setting, which v13 keeps in the browser's localStorage and never sends to the server.
   */
  sideSecrets: StoredObject;
  /**
   * GM's browser only: the real d20 initiative entries of hidden NPCs (T2-1D), combat id → combatant id → seal id →
   * entry (helpers/d20-secrets.ts). A client setting, like `sideSecrets`.
   */
  d20Secrets: StoredObject;
  /**
   * GM's browser only (SWN-12): the GM's Morale factors of each side — base, leader, home ground, outgunned,
   * surprised — combat id → side id → factors. A client setting, like `sideSecrets`.
   */
  sideMorale: StoredObject;
  /** This user's browser (SWN-10): the Morale they read, combat id → side id → { value, band, round }. */
  moraleRead: StoredObject;
  /** The phase of the round decides what a combatant may do (SF-X-01, SF-B-03); the GM is never refused. */
  enforcePhases: boolean;
  /** This user's browser shows the rule IDs (SF-X-21 …) on sheets, the dialog, the tracker and cards. */
  showRuleIds: boolean;
  /**
   * Issue 32: the numbers the GM entered once for the world where no source gives one (data/item/gm-numbers.ts),
   * compendium UUID → entry; checked where it is read.
   */
  weaponNumbers: StoredObject;
}

export type SettingKey = keyof SettingValues;

/** `game.settings`, which Foundry creates before `init`; our settings are registered and read from `init` on. */
export function clientSettings(): foundry.helpers.ClientSettings {
  const s = game.settings;
  if (!s) throw new Error(`${SYSTEM_ID} | game.settings is read before Foundry created it`);
  return s;
}
const settings = clientSettings;

/**
 * Issue 32: the world's numbers fill every weapon from now on. Issue 33: the work (gm-numbers-use.ts) loads with the
 * first world that has numbers or the first change of them; it awaited its numbers' code before it wrote anything,
 * so one more import changes no order.
 */
const useGmNumbers = async (value: unknown): Promise<void> =>
  (await import("./gm-numbers-use.js")).useGmNumbers(value);

export function registerSettings(): void {
  const s = settings();
  Hooks.on("deleteSetting", () => forgetEngine());
  s.register(SYSTEM_ID, SETTINGS.engine, {
    name: "FT.Settings.engine.name",
    hint: "FT.Settings.engine.hint",
    scope: "world",
    config: true,
    type: String,
    choices: ENGINE_CHOICES,
    default: "alphaDawn",
    requiresReload: true,
    onChange: forgetEngine,
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
  // Ruling 1: which numbers the d20 engine reads (SW's Defense, VP/WP and criticals, or SWN's AC, HP and Morale).
  s.register(SYSTEM_ID, SETTINGS.profile, {
    name: "FT.Settings.profile.name",
    hint: "FT.Settings.profile.hint",
    scope: "world",
    config: true,
    type: String,
    choices: PROFILE_CHOICES,
    default: "sw",
    requiresReload: true,
    onChange: forgetEngine,
  });
  s.register(SYSTEM_ID, SETTINGS.preset, {
    scope: "world",
    config: false,
    type: String,
    default: DEFAULT_PRESET,
  });
  // Optional rules; each setting's name carries its rule IDs (SF-B-14, SF-X-33, SF-X-34, SF-X-35).
  for (const key of ["autoHit", "autoMiss", "strayShots", "crowdCover"] as const) {
    s.register(SYSTEM_ID, key, {
      name: `FT.Settings.${key}.name`,
      hint: `FT.Settings.${key}.hint`,
      scope: "world",
      config: true,
      type: Boolean,
      default: PRESETS.find((p) => p.id === DEFAULT_PRESET)!.settings[key],
      onChange: forgetEngine,
    });
  }
  s.register(SYSTEM_ID, SETTINGS.zebulonTable, {
    scope: "world",
    config: false,
    type: Object,
    default: defaultResolutionTable(),
    onChange: forgetEngine,
  });
  // A GM's own Alpha Dawn numbers, merged over the defaults (e.g. { "cover": { "hard": -25 } }); set from a macro.
  s.register(SYSTEM_ID, SETTINGS.alphaDawnOverrides, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: forgetEngine,
  });
  s.register(SYSTEM_ID, SETTINGS.hideNpcInitiative, {
    name: "FT.Settings.hideNpcInitiative.name",
    hint: "FT.Settings.hideNpcInitiative.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  s.register(SYSTEM_ID, SETTINGS.playersApplyToAll, {
    name: "FT.Settings.playersApplyToAll.name",
    hint: "FT.Settings.playersApplyToAll.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  s.register(SYSTEM_ID, SETTINGS.showNpcNumbers, {
    name: "FT.Settings.showNpcNumbers.name",
    hint: "FT.Settings.showNpcNumbers.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  s.register(SYSTEM_ID, SETTINGS.enforcePhases, {
    name: "FT.Settings.enforcePhases.name",
    hint: "FT.Settings.enforcePhases.hint",
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
  // Each user's own choice (a client setting, kept in their browser): rule IDs shown or hidden, at once.
  s.register(SYSTEM_ID, SETTINGS.showRuleIds, {
    name: "FT.Settings.showRuleIds.name",
    hint: "FT.Settings.showRuleIds.hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: true,
    onChange: (value) => showRuleIds(value !== false),
  });
  // v13 (client/helpers/client-settings.mjs, search id 8447867917): a "client" setting is read from and written to
  // window.localStorage only (`#setClient`); no Setting document is created, so no other client ever receives it.
  s.register(SYSTEM_ID, SETTINGS.sideSecrets, {
    scope: "client",
    config: false,
    type: Object,
    default: {},
  });
  for (const key of [SETTINGS.d20Secrets, SETTINGS.sideMorale, SETTINGS.moraleRead])
    s.register(SYSTEM_ID, key, { scope: "client", config: false, type: Object, default: {} });
  // Issue 32: a world setting, so only a user with SETTINGS_MODIFY can write it — v13
  // client/helpers/client-settings.mjs `set` → `#setWorld` writes a Setting document, which the server refuses to
  // anyone else. SETTINGS_MODIFY is Assistant and up by default (v13 `CONST.USER_PERMISSIONS`), and a GM may grant it
  // to a player: setting-guards.ts refuses a non-GM's write on their page and the active GM puts one back. Every client re-prepares its weapons when it changes (its `onChange` runs on each).
  s.register(SYSTEM_ID, SETTINGS.weaponNumbers, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: (value) => void useGmNumbers(value),
  });
  // A world that has numbers loads them once its documents are ready, and prepares its weapons again.
  Hooks.once("ready", () => {
    const value = getSetting(SETTINGS.weaponNumbers);
    if (Object.keys(value ?? {}).length) void useGmNumbers(value);
  });
}

export function getSetting<K extends SettingKey>(key: K) {
  return settings().get(SYSTEM_ID, key);
}

export function currentVariant(): "basic" | "expanded" {
  return getSetting(SETTINGS.variant) === "basic" ? "basic" : "expanded";
}

/**
 * The engine this page built from the settings as they stand (issue 29: one build per state of them, not one per
 * reader — review architecture-2 §4 counted 7 in one attack). Every setting `buildEngine` reads is registered with
 * `onChange: forgetEngine`, and v13 runs a world setting's `onChange` on every client when its Setting document is
 * created or updated there (client/documents/setting.mjs `_onCreate`, `_onUpdate` when `value` changed; a client
 * setting's on `set`, client/helpers/client-settings.mjs `#setClient`), so each page builds again after a change.
 */
const pageEngine = perPage((): { engine: Promise<ResolutionEngine> | null } => ({ engine: null }));

/**
 * A setting the engine is built from changed: the next `currentEngine` builds it again. Also on `deleteSetting`
 * (registered with the settings): v13 runs no `onChange` when a Setting document is deleted (client/documents/
 * setting.mjs has no `_onDelete` calling it), and the value read falls back to the default.
 */
function forgetEngine(): void {
  pageEngine().engine = null;
  forgetGame();
}

/**
 * The world's engine with the GM's tables. A broken stored table falls back to the default, with a warning.
 * Issue 33: the engines' code loads with the first build on a page (`rules/create-engine.ts`, a lazy chunk); every
 * caller is on an async path already (an attack, a grenade's card, a combat's `_preCreate`). Not loaded at `init` for a
 * synchronous reader instead: v13 runs `init` and `setup` with `Hooks.callAll` (client/game.mjs `Game#initialize`,
 * `setupGame`), which awaits nothing a hook starts, so nothing could count on the import having finished.
 */
export function currentEngine(): Promise<ResolutionEngine> {
  const page = pageEngine();
  if (page.engine) return page.engine;
  const built = buildEngine();
  page.engine = built;
  // Review-lazy rank 2 (fixa): a failed build (its chunk did not load: the network dropped, or the system was updated
  // under the page) is not kept for the page: the next roll tries again.
  built.catch(() => {
    if (page.engine === built) page.engine = null;
  });
  return built;
}

/** Build the engine from the settings (its warnings for a broken table come once per change of them, here). */
async function buildEngine(): Promise<ResolutionEngine> {
  countBuild("engine");
  const game = currentGame();
  const zebulon = currentZebulonTable();
  const rules = currentRules();
  let base = ALPHA_DAWN_TABLE;
  try {
    base = mergeTable(getSetting(SETTINGS.alphaDawnOverrides));
  } catch (e) {
    console.warn(`${SYSTEM_ID} | the Alpha Dawn overrides are invalid, using the defaults:`, e);
  }
  const alphaDawn = {
    ...base,
    autoHitMax: rules.autoHit ? base.autoHitMax : 0,
    autoMissMin: rules.autoMiss ? base.autoMissMin : 101,
    strayChance: rules.strayShots ? base.strayChance : 0,
  };
  // Review-lazy rank 2: a chunk that fails to load is told as "reload the page" (report.ts reads a RulesError's key).
  const { createEngine } = await import("../rules/create-engine.js").catch((e: unknown) => {
    console.error(`${SYSTEM_ID} | the rules engines' code did not load:`, e);
    throw new RulesError("FT.Error.reload", "the rules engines' code did not load");
  });
  return createEngine(game.engine, { alphaDawn, zebulon }, game.profile);
}

/** The GM's resolution table; a broken stored table falls back to the default, with a warning. */
export function currentZebulonTable(): ResolutionTable {
  try {
    return validateResolutionTable(getSetting(SETTINGS.zebulonTable));
  } catch (e) {
    console.warn(`${SYSTEM_ID} | stored resolution table is invalid, using the default:`, e);
    return defaultResolutionTable();
  }
}

/** The engine, variant and optional-rule toggles as they stand (for the preset menu's "modified"). */
export function currentRules(): RuleSettings {
  return {
    engine: currentGame().engine,
    variant: currentVariant(),
    autoHit: getSetting(SETTINGS.autoHit) !== false,
    autoMiss: getSetting(SETTINGS.autoMiss) !== false,
    strayShots: getSetting(SETTINGS.strayShots) !== false,
    crowdCover: getSetting(SETTINGS.crowdCover) !== false,
    profile: profileIdOf(getSetting(SETTINGS.profile)),
  };
}
