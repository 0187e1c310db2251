/**
 * The preset menu's choice written to the world (issue 33: loaded with the menu's work, settings-menus-impl.ts, on
 * the GM's submit; nothing at `init` needs it).
 */
import { SYSTEM_ID } from "../constants.js";
import { PRESET_KEYS, PRESETS, presetChanges } from "./presets.js";
import { clientSettings, currentRules, SETTINGS } from "./settings.js";

/**
 * Write a preset's bundle (GM); no document data changes. Returns the settings that changed and whether one of
 * them is registered with `requiresReload` (the engine).
 */
async function applyPreset(id: string): Promise<{ changed: string[]; reload: boolean }> {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) return { changed: [], reload: false };
  const changed = presetChanges(currentRules(), id);
  const s = clientSettings();
  await s.set(SYSTEM_ID, SETTINGS.preset, id);
  for (const k of PRESET_KEYS) await s.set(SYSTEM_ID, k, preset.settings[k]);
  const reload = changed.some((k) => !!s.settings.get(`${SYSTEM_ID}.${k}`)?.requiresReload);
  return { changed, reload };
}

/**
 * The preset menu's choice. `requiresReload` only prompts inside core's SettingsConfig submit
 * (client/applications/settings/config.mjs), never for `game.settings.set`, so a preset that changes the engine
 * asks the GM to reload every client itself, the way core does: `SettingsConfig.reloadConfirm({world: true})`.
 */
export async function choosePreset(id: string): Promise<void> {
  const { reload } = await applyPreset(id);
  if (!reload) return;
  // fvtt-types 13.345 declares SettingsConfig as a stub without v13's static `reloadConfirm`.
  const config = foundry.applications.settings
    .SettingsConfig as typeof foundry.applications.settings.SettingsConfig & {
    reloadConfirm(options: { world: boolean }): Promise<void>;
  };
  await config.reloadConfirm({ world: true });
}
