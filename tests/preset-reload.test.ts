/**
 * The preset menu's choice against a fake of `game.settings` (registered settings, with `requiresReload`, in
 * `game.settings.settings` keyed "namespace.key", as v13 keeps them) and of
 * `foundry.applications.settings.SettingsConfig.reloadConfirm` (client/applications/settings/config.mjs).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { choosePreset, registerSettings } from "../src/helpers/settings.js";

const reloadConfirm = vi.fn(async (_o: { world: boolean }) => undefined);
const values = new Map<string, unknown>();
const registry = new Map<string, { requiresReload?: boolean; default?: unknown }>();

beforeEach(() => {
  values.clear();
  registry.clear();
  reloadConfirm.mockClear();
  Object.assign(game as object, {
    settings: {
      settings: registry,
      register: (ns: string, key: string, data: { requiresReload?: boolean; default?: unknown }) =>
        registry.set(`${ns}.${key}`, data),
      get: (ns: string, key: string) => values.get(`${ns}.${key}`) ?? registry.get(`${ns}.${key}`)?.default,
      set: vi.fn(async (ns: string, key: string, v: unknown) => values.set(`${ns}.${key}`, v)),
    },
  });
  (globalThis as Record<string, unknown>).foundry = {
    applications: { settings: { SettingsConfig: { reloadConfirm } } },
  };
  registerSettings();
});

describe("Choosing a rule preset", () => {
  it("SF-Z-01 switching to Zebulon's Guide changes the engine: the GM is asked to reload every client", async () => {
    await choosePreset("sfZebulon");
    expect(values.get("frontier-tactics.engine")).toBe("zebulon");
    expect(reloadConfirm).toHaveBeenCalledExactlyOnceWith({ world: true });
  });

  it("SF-B-14 switching between the two Alpha Dawn presets keeps the engine: no reload prompt", async () => {
    await choosePreset("sfBasic");
    expect(values.get("frontier-tactics.variant")).toBe("basic");
    expect(reloadConfirm).not.toHaveBeenCalled();
  });
});
