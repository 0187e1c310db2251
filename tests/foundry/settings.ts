/**
 * `game.settings` as v13's `client/helpers/client-settings.mjs` behaves: `register` (scope world / client / user,
 * type, default, choices, onChange, requiresReload), `registerMenu`, `get` (the stored JSON value cast by type, or
 * the default), `set` (a world setting is a Setting document written through the server — refused for a user
 * without SETTINGS_MODIFY — and `onChange` runs on every client when the change arrives; a client setting is
 * local). `requiresReload` only matters inside SettingsConfig's own submit: a direct `set` never prompts.
 */
import { currentClient } from "./context.js";
import { Hooks } from "./hooks.js";

type Src = Record<string, any>;
const g = () => globalThis as any;

export interface SettingConfig {
  key: string;
  namespace: string;
  scope: "world" | "client" | "user";
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  onChange?: (value: unknown, options?: Src, userId?: string) => void;
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

  /**
   * Called on each client when a world Setting document arrives (client/documents/setting.mjs `_onCreate` /
   * `_onUpdate`, search id 7844618909: `onChange(this.value, options, userId)`, on update only when the value changed).
   */
  _onWorldChange(id: string, options: Src = {}, userId?: string): void {
    const cfg = this.settings.get(id);
    if (!cfg) return;
    cfg.onChange?.(this.get(cfg.namespace, cfg.key), options, userId);
  }
}

/**
 * `game.time` (v13 client/helpers/time.mjs, search id 8767423713): the world time is the world setting `core.time`
 * (registered in client/game.mjs with `onChange: (...args) => this.time.onUpdateWorldTime(...args)`, id
 * 18531475442); `advance(delta, options)` sets it to `worldTime + delta`; `onUpdateWorldTime` keeps the new value and
 * fires `updateWorldTime(worldTime, dt, options, userId)`. No calendar, no server clock sync.
 */
export class GameTime {
  #worldTime = 0;
  get worldTime(): number {
    return this.#worldTime;
  }
  /** The stored value at page load (v13 takes it from the server's `time` answer in `sync`). */
  _initialize(worldTime: number): void {
    this.#worldTime = Number(worldTime) || 0;
  }
  async advance(delta: number, options?: Src): Promise<number> {
    const worldTime = this.worldTime + delta;
    await g().game.settings.set("core", "time", worldTime, options);
    return worldTime;
  }
  async set(time: number, options?: Src): Promise<number> {
    await g().game.settings.set("core", "time", time, options);
    return time;
  }
  onUpdateWorldTime(worldTime: number, options: Src = {}, userId?: string): void {
    const dt = worldTime - this.#worldTime;
    this.#worldTime = worldTime;
    Hooks.callAll("updateWorldTime", worldTime, dt, options, userId);
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
