/**
 * `game.settings` as v13's `client/helpers/client-settings.mjs` behaves: `register` (scope world / client / user,
 * type, default, choices, onChange, requiresReload), `registerMenu`, `get` (the stored JSON value cast by type, or
 * the default), `set` (a world setting is a Setting document written through the server — refused for a user
 * without SETTINGS_MODIFY — and `onChange` runs on every client when the change arrives; a client setting is
 * local). `requiresReload` only matters inside SettingsConfig's own submit: a direct `set` never prompts.
 */
import { currentClient } from "./context.js";

type Src = Record<string, any>;
const g = () => globalThis as any;

export interface SettingConfig {
  key: string;
  namespace: string;
  scope: "world" | "client" | "user";
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  onChange?: (value: unknown, options?: Src) => void;
  requiresReload?: boolean;
  config?: boolean;
  name?: string;
}

export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  readonly menus = new Map<string, Src>();
  readonly #client = new Map<string, unknown>();

  register(namespace: string, key: string, data: Partial<SettingConfig>): void {
    const id = `${namespace}.${key}`;
    this.settings.set(id, { scope: "client", ...data, key, namespace } as SettingConfig);
  }
  registerMenu(namespace: string, key: string, data: Src): void {
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }

  #config(namespace: string, key: string): SettingConfig {
    const id = `${namespace}.${key}`;
    const cfg = this.settings.get(id);
    if (!cfg) throw new Error(`"${id}" is not a registered game setting`);
    return cfg;
  }

  #cast(cfg: SettingConfig, raw: unknown): unknown {
    if (raw === undefined || raw === null) return structuredClone(cfg.default);
    const value = typeof raw === "string" ? safeParse(raw) : raw;
    if (cfg.type === Number) return Number(value);
    if (cfg.type === Boolean) return Boolean(value);
    if (cfg.type === String) return String(value);
    return value;
  }

  get(namespace: string, key: string): unknown {
    const cfg = this.#config(namespace, key);
    if (cfg.scope === "world") {
      const doc = g().game.settingDocs?.find((s: any) => s.key === `${namespace}.${key}`);
      return this.#cast(cfg, doc?._source.value);
    }
    const id = `${namespace}.${key}`;
    return this.#cast(cfg, this.#client.has(id) ? this.#client.get(id) : undefined);
  }

  async set(namespace: string, key: string, value: unknown, options: Src = {}): Promise<unknown> {
    const cfg = this.#config(namespace, key);
    const id = `${namespace}.${key}`;
    if (cfg.choices && !(String(value) in cfg.choices))
      throw new Error(`Invalid setting value "${String(value)}" for ${id}: not one of its choices`);
    const json = JSON.stringify(value);
    if (cfg.scope === "world") {
      const Setting = g().CONFIG.Setting.documentClass;
      const existing = g().game.settingDocs.find((s: any) => s.key === id);
      if (existing) await existing.update({ value: json }, options);
      else await Setting.create({ key: id, value: json }, options);
      return value;
    }
    this.#client.set(id, json);
    cfg.onChange?.(this.get(namespace, key), options);
    return value;
  }

  /** Called on each client when a world Setting document arrives (client/documents/setting.mjs `_onUpdate`). */
  _onWorldChange(id: string): void {
    const cfg = this.settings.get(id);
    if (!cfg) return;
    cfg.onChange?.(this.get(cfg.namespace, cfg.key));
  }
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function settingsOfCurrentClient(): ClientSettings {
  return (currentClient().game as { settings: ClientSettings }).settings;
}
