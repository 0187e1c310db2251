/**
 * A table: one server and one client per user (a GM, an assistant GM, players), each with its own `game`,
 * `ui`, `CONFIG`, `canvas` and DOM, all loading the real system (`src/index.ts`) through the real hooks.
 *
 * A client boots as `client/game.mjs` does: world settings are readable first; `init` (the system fills CONFIG and
 * registers its settings), `i18nInit`, `setup`; the world's documents are constructed (no data preparation yet),
 * then `game._documentsReady` is set and every document is prepared; the UI (the combat tracker) and the canvas
 * of the viewed scene are built; `ready`. `game.data` keeps the raw stored sources as they were loaded.
 *
 * Code a scenario runs "as" a user goes through `client.run(fn)`; everything that client then writes goes through
 * its backend and the server, and every connected client receives the result. `table.settle()` waits until no
 * request, broadcast or query is in flight (hooks often start work they do not await).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Window } from "happy-dom";
import { format, localize } from "../setup.js";
import {
  applicationsNamespace,
  ContextMenu,
  DragDrop,
  FilePicker,
  resetAppRecords,
  TextEditor,
} from "./apps.js";
import { createCanvas, installCanvas } from "./canvas.js";
import {
  Actor,
  ChatMessage,
  CLIENT_CLASSES,
  Combat,
  Combatant,
  CombatantGroup,
  CombatEncounters,
  Item,
  Scene,
  TokenDocument,
  User,
  Users,
} from "./client-documents.js";
import { createPacks } from "./compendium.js";
import { CONST, USER_ROLES } from "./constants.js";
import { type ClientGlobals, installClientGlobals, runAs, setFallbackClient } from "./context.js";
import { DataModel, TypeDataModel } from "./data-model.js";
import { clearDice, Roll, scriptDice } from "./dice.js";
import { ClientBackend, Document, fromUuid, fromUuidSync, gameModel, WorldCollection } from "./documents.js";
import * as fields from "./fields.js";
import { createHandlebars } from "./handlebars.js";
import { forgetPages, Hooks } from "./hooks.js";
import { defineProseMirror } from "./prose-mirror.js";
import { regionBehaviors } from "./region-behaviors.js";
import { Server, type ServerClient, type WorldSource } from "./server.js";
import { ClientSettings, GameTime } from "./settings.js";
import * as utils from "./utils.js";

type Src = Record<string, any>;
const g = () => globalThis as any;

/* -------------------------------------------- */
/*  Process-wide globals                        */
/* -------------------------------------------- */

export interface Extensions {
  /** foundry.applications.* (from apps.ts). */
  applications?: Src;
  /** Handlebars with Foundry's helpers (from apps.ts / handlebars.ts). */
  Handlebars?: unknown;
  /** Build a client's canvas for a scene (from canvas.ts). */
  createCanvas?: (scene: any) => any;
  /** foundry.canvas.* (from canvas.ts). */
  canvasNamespace?: Src;
  /**
   * The system's code: by default src/index.ts and every src module (see `SYSTEM_MODULES`); tests/built/ loads the
   * built module from dist/ instead, as a browser loads it (tests/built/browser-paths.mjs).
   */
  system?: () => Promise<unknown>;
}

const extensions: Extensions = {};
let installed = false;

function sheetRegistry(documentName: string) {
  return {
    registerSheet(scope: string, cls: any, { types, makeDefault = false, label }: Src = {}) {
      const cfg = g().CONFIG[documentName];
      const allTypes = types ?? Object.keys(cfg.dataModels ?? {});
      for (const t of allTypes) {
        cfg.sheetClasses[t] ??= {};
        cfg.sheetClasses[t][`${scope}.${cls.name}`] = { cls, default: makeDefault, label };
      }
    },
    unregisterSheet() {},
  };
}

/** Install the shared globals (classes, namespaces) and the per-client getters. Call before importing src/. */
export function installFoundry(ext: Extensions = {}): void {
  Object.assign(extensions, ext);
  if (installed) return;
  installed = true;
  installClientGlobals();
  const documents = {
    ...CLIENT_CLASSES,
    TokenDocument,
    collections: {
      Actors: sheetRegistry("Actor"),
      Items: sheetRegistry("Item"),
      CombatEncounters,
      Users,
    },
  };
  const foundry = {
    utils,
    abstract: { DataModel, TypeDataModel, Document },
    data: { fields, regionBehaviors },
    documents,
    applications: extensions.applications ?? applicationsNamespace(),
    canvas: extensions.canvasNamespace ?? {},
    dice: { Roll },
  };
  Object.assign(globalThis, {
    foundry,
    CONST,
    Hooks,
    Roll,
    fromUuid,
    fromUuidSync,
    Actor,
    Item,
    Combat,
    Combatant,
    CombatantGroup,
    ChatMessage,
    TokenDocument,
    Scene,
    User,
    Macro: CLIENT_CLASSES.Macro,
  });
  g().Handlebars = extensions.Handlebars ?? createHandlebars();
}

let systemLoaded: Promise<unknown> | null = null;

/**
 * Every module of the system, loaded on demand. The system loads some of its code on first use (`import()`: a
 * dialog, a game's sheet, the GM's side of a card); in Foundry that is a cached chunk after the first load. Here a
 * module's first import is transformed by Vite, which can take longer than `Table#settle` waits (it counts the
 * server's requests, not a module being compiled), so a test's first click would race its own code's loading. The
 * harness loads them all once, with the system, so a later `import()` resolves from the module cache (a difference
 * from a browser's first fetch of a chunk, which the scenarios do not time).
 */
const SYSTEM_MODULES = import.meta.glob([
  "../../src/**/*.ts",
  "!../../src/**/*.test.ts",
  "!../../src/**/*.d.ts",
]);

/** Import the real system once: its module-level hook registrations are the same on every client. */
export async function loadSystem(ext: Extensions = {}): Promise<void> {
  installFoundry(ext);
  const system = extensions.system;
  systemLoaded ??= system
    ? system()
    : import("../../src/index.js").then(() =>
        Promise.all(Object.values(SYSTEM_MODULES).map((load) => load())),
      );
  await systemLoaded;
}

/* -------------------------------------------- */
/*  Clients                                     */
/* -------------------------------------------- */

function createConfig(): Src {
  const docCfg = (documentClass: unknown, extra: Src = {}) => ({
    documentClass,
    dataModels: {},
    sheetClasses: {},
    compendiumIndexFields: [],
    typeLabels: {},
    ...extra,
  });
  const C = CLIENT_CLASSES;
  return {
    User: docCfg(C.User),
    Actor: docCfg(C.Actor),
    Item: docCfg(C.Item),
    ActiveEffect: docCfg(C.ActiveEffect),
    Scene: docCfg(C.Scene),
    Wall: docCfg(C.Wall),
    AmbientLight: docCfg(C.AmbientLight),
    MeasuredTemplate: docCfg(C.MeasuredTemplate),
    Region: docCfg(C.Region),
    RegionBehavior: docCfg(C.RegionBehavior, { typeIcons: {} }),
    // v13 client/config.mjs `CONFIG.Token.movement.actions` (search id 18120044899): the keys a movement waypoint's
    // action may name; "blink" and "displace" teleport, "displace" is never offered in the palette (`canSelect`).
    Token: docCfg(C.Token, {
      movement: {
        actions: {
          walk: {},
          fly: {},
          swim: {},
          burrow: {},
          climb: {},
          crawl: {},
          jump: {},
          blink: { teleport: true },
          displace: { teleport: true, measure: false, canSelect: () => false },
        },
      },
    }),
    Combat: docCfg(C.Combat, { initiative: { formula: null, decimals: 2 } }),
    Combatant: docCfg(C.Combatant),
    CombatantGroup: docCfg(C.CombatantGroup),
    ChatMessage: docCfg(C.ChatMessage),
    Macro: docCfg(C.Macro),
    Setting: docCfg(C.Setting),
    Folder: docCfg(C.Folder),
    JournalEntry: docCfg(C.JournalEntry),
    JournalEntryPage: docCfg(C.JournalEntryPage),
    ui: { combat: null },
    queries: {},
    time: { roundTime: 6, turnTime: 0 },
    statusEffects: [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
      { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
      { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    ],
    // v13 client/config.mjs `CONFIG.Dice.rollModes` (labels and icons as fvtt-types 13.345's config.d.mts records
    // their defaults): what a roll dialog offers (issue 33).
    Dice: {
      rollModes: {
        publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
        gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
        blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
        selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
      },
    },
    Canvas: { polygonBackends: {} },
    ux: { TextEditor, FilePicker, ContextMenu, DragDrop },
    // v13 client/config.mjs `CONFIG.TextEditor.enrichers`: the custom enrichers `enrichHTML` runs (apps.ts).
    TextEditor: { enrichers: [] },
    debug: {},
  };
}

export interface Notice {
  type: "info" | "warn" | "error" | "success";
  message: string;
}

const escapeHTML = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

class Notifications {
  readonly log: Notice[] = [];
  /** `Notifications#notify` (client/applications/ui/notifications.mjs): `format` (its values HTML-escaped unless
   * `escape: false`) wins over `localize`. */
  #push(type: Notice["type"], message: string, options: Src = {}) {
    let text = String(message);
    if (options.format) {
      const values: Src = { ...options.format };
      if (options.escape !== false) for (const k in values) values[k] = escapeHTML(String(values[k]));
      text = format(text, values);
    } else if (options.localize) text = localize(text);
    this.log.push({ type, message: text });
    return { id: this.log.length };
  }
  info(m: string, o?: Src) {
    return this.#push("info", m, o);
  }
  warn(m: string, o?: Src) {
    return this.#push("warn", m, o);
  }
  error(m: string, o?: Src) {
    return this.#push("error", m, o);
  }
  success(m: string, o?: Src) {
    return this.#push("success", m, o);
  }
  notify(m: string, type: Notice["type"] = "info", o?: Src) {
    return this.#push(type, m, o);
  }
}

/** system.json, read once per worker; each page gets its own copy. */
const SYSTEM_JSON: Src = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8"));

/** Boots so far: each boot is a fresh page, so its id (which `Hooks.once` spends per client) is new. */
let boots = 0;

export class Client implements ServerClient, ClientGlobals {
  readonly id: string;
  connected = false;
  unresponsive = false;
  readonly game: Src;
  readonly ui: Src;
  readonly CONFIG: Src;
  canvas: any = { ready: false };
  readonly window: Window;
  readonly document: unknown;
  readonly backend: ClientBackend;
  readonly notifications = new Notifications();

  constructor(
    readonly table: Table,
    readonly userId: string,
  ) {
    // A page load of its own: a user who logs in again, or the same user at the next table, runs `init` and the
    // other once-hooks again (client/helpers/hooks.mjs keeps `once` per page, and every page starts empty).
    this.id = `client:${userId}:${++boots}`;
    this.window = new Window({ url: "http://localhost:30000/game" });
    this.document = this.window.document;
    defineProseMirror(this.window);
    this.CONFIG = createConfig();
    // v13's Hotbar (client/applications/ui/hotbar.mjs, id 18546727422) only as far as a drop asks it: `locked`
    // reads the client setting core.hotbarLock. No slots, pages or rendering.
    const client = this;
    this.ui = {
      notifications: this.notifications,
      combat: null,
      hotbar: {
        get locked(): boolean {
          return !!client.game.settings.get("core", "hotbarLock");
        },
      },
    };
    this.backend = new ClientBackend(table.server);
    const activeUserIds = table.activeUserIds;
    this.game = {
      userId,
      activeUserIds,
      userTargets: new Set(),
      i18n: { localize, format, has: (k: string) => localize(k) !== k, lang: "en" },
      release: { generation: 13, version: "13.345" },
      system: structuredClone(SYSTEM_JSON),
      model: gameModel(SYSTEM_JSON.documentTypes),
      settings: new ClientSettings(),
      time: new GameTime(),
      ready: false,
      _documentsReady: false,
      get user() {
        return this.users?.get(userId);
      },
      get combat() {
        return this.combats?.viewed ?? null;
      },
    };
  }

  get globals(): ClientGlobals {
    return this;
  }
  get user(): User {
    return this.game.user;
  }

  /** Run code as this client (its globals, its user). */
  run<T>(fn: () => T): T {
    return runAs(this, fn);
  }

  receive(response: Src): unknown[] {
    return this.backend.receive(response);
  }

  async sendQuery(userId: string, name: string, data: unknown, options: { timeout?: number }): Promise<Src> {
    return this.table.server.query(this.id, userId, name, data, options);
  }

  async answerQuery(name: string, data: unknown, options: { timeout?: number }): Promise<Src> {
    return runAs(this, async () => {
      const handler = this.CONFIG.queries[name];
      if (!handler) return { status: "rejected", reason: `Received invalid User query '${name}'` };
      try {
        const value = await handler(data, { timeout: options.timeout });
        return {
          status: "fulfilled",
          value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)),
        };
      } catch (e) {
        return { status: "rejected", reason: e instanceof Error ? e.message : String(e) };
      }
    });
  }

  /** `client/game.mjs` setup, as described in the module header. */
  async boot(): Promise<void> {
    await this.run(async () => {
      const world = this.table.server.world;
      const game = this.game;
      game.data = utils.deepClone(world);
      game.users = new Users("User", "users");
      for (const u of world.users) game.users.set(u._id, new User(utils.deepClone(u)));
      game.settingDocs = new WorldCollection("Setting", "settingDocs");
      for (const s of world.settings)
        game.settingDocs.set(s._id, new CLIENT_CLASSES.Setting(utils.deepClone(s)));
      game.settings.register("core", "rollMode", { scope: "client", type: String, default: "publicroll" });
      // client/game.mjs (id 18531475442): the hotbar's lock, a client setting (default unlocked).
      game.settings.register("core", "hotbarLock", { scope: "client", type: Boolean, default: false });
      game.settings.register("core", "permissions", { scope: "world", type: Object, default: {} });
      // client/game.mjs registers the world time (onChange → GameTime#onUpdateWorldTime, search id 18531475442) and
      // the combat tracker's configuration (`Combat.CONFIG_SETTING`, read by CombatEncounters.settings; v13's
      // default CombatConfiguration has `skipDefeated: false`).
      game.settings.register("core", "time", {
        scope: "world",
        type: Number,
        default: 0,
        onChange: (worldTime: unknown, options?: Record<string, unknown>, userId?: string) =>
          game.time.onUpdateWorldTime(worldTime, options, userId),
      });
      game.settings.register("core", "combatTrackerConfig", {
        scope: "world",
        type: Object,
        default: { resource: "", skipDefeated: false },
      });
      game.time._initialize(game.settings.get("core", "time"));
      Hooks.callAll("init");
      Hooks.callAll("i18nInit");
      Hooks.callAll("setup");
      const build = (
        name: string,
        key: keyof WorldSource,
        Coll: typeof WorldCollection = WorldCollection,
      ) => {
        const coll = new Coll(name, key);
        const cls = this.CONFIG[name].documentClass;
        for (const src of world[key]) {
          coll._source.push(utils.deepClone(src));
          try {
            coll.set(src._id, new cls(utils.deepClone(src)));
          } catch (err) {
            // DocumentCollection#_initialize: the id is kept as invalid, reachable through getInvalid.
            coll.invalidDocumentIds.add(src._id);
            Hooks.onError(`Game#initializeDocuments(${name})`, err, { log: "error" });
          }
        }
        game[key] = coll;
      };
      build("Actor", "actors");
      build("Item", "items");
      build("Scene", "scenes");
      build("Combat", "combats", CombatEncounters as typeof WorldCollection);
      build("ChatMessage", "messages");
      build("Folder", "folders");
      build("JournalEntry", "journal");
      build("Macro", "macros");
      // The system's JournalEntry compendium packs (compendium.ts): the rules journal a rule reference opens.
      game.packs = createPacks(game.system);
      game._documentsReady = true;
      for (const key of [
        "actors",
        "items",
        "scenes",
        "combats",
        "messages",
        "folders",
        "journal",
        "macros",
      ] as const)
        for (const doc of game[key]) doc._safePrepareData();
      game.scenes.viewed = game.scenes.find((s: any) => s.active) ?? game.scenes.contents[0] ?? null;
      game.scenes.current = game.scenes.find((s: any) => s.active) ?? null;
      const Tracker = this.CONFIG.ui.combat;
      if (Tracker) {
        // The sidebar's first render picks the combat to view (CombatTracker#_configureRenderOptions).
        this.ui.combat = new Tracker();
        await this.ui.combat.render({ force: true });
      }
      this.refreshCanvas();
      game.ready = true;
      Hooks.callAll("ready");
    });
  }

  /** Rebuild this client's canvas for its viewed scene (after the scene's walls or tokens change). */
  refreshCanvas(): void {
    const scene = this.game.scenes?.viewed;
    if (!scene) {
      this.canvas = { ready: false, scene: null };
      return;
    }
    const canvas = runAs(this, () => (extensions.createCanvas ?? createCanvas)(scene));
    const target: Record<string, unknown> = { CONFIG: this.CONFIG, foundry: g().foundry };
    installCanvas(target, canvas);
    this.canvas = canvas;
  }

  /** Target tokens as this user (`Token#setTarget`), by token id on the viewed scene. */
  target(...tokenIds: string[]): void {
    const set = this.game.userTargets as Set<unknown>;
    set.clear();
    for (const id of tokenIds) {
      const t = this.canvas?.tokens?.get?.(id);
      if (!t) throw new Error(`No token ${id} on ${this.userId}'s canvas`);
      set.add(t);
    }
  }
}

/* -------------------------------------------- */
/*  The table                                   */
/* -------------------------------------------- */

export interface UserSpec {
  id: string;
  name: string;
  role: number;
}

export const DEFAULT_USERS: UserSpec[] = [
  { id: "gmUser000000000a", name: "Gamemaster", role: USER_ROLES.GAMEMASTER },
  { id: "asstUser0000000b", name: "Assistant", role: USER_ROLES.ASSISTANT },
  { id: "playerAlice0000c", name: "Alice", role: USER_ROLES.PLAYER },
  { id: "playerBruno0000d", name: "Bruno", role: USER_ROLES.PLAYER },
];

/** Tables not yet closed (a test that failed before closing its first of two tables leaves one open). */
const openTables = new Set<Table>();

/** Close every table still open: after each scenario test, so no table's pages outlive it. */
export function closeOpenTables(): void {
  for (const t of [...openTables]) t.close();
}

export class Table {
  readonly server: Server;
  readonly clients = new Map<string, Client>();
  readonly activeUserIds = new Set<string>();
  readonly unhandled: unknown[] = [];
  /** Every page this table booted (a user who logs in again gets a new one; `clients` keeps the latest). */
  readonly #pages = new Set<Client>();
  readonly #onUnhandled = (reason: unknown) => {
    this.unhandled.push(reason);
  };

  constructor(world: Partial<WorldSource>) {
    openTables.add(this);
    this.server = new Server(world);
    process.on("unhandledRejection", this.#onUnhandled);
  }

  /** Log a user in: a client of their own boots and every client sees them active. */
  async connect(userId: string): Promise<Client> {
    const client = new Client(this, userId);
    this.#pages.add(client);
    this.clients.set(userId, client);
    this.server.clients.push(client);
    this.activeUserIds.add(userId);
    client.connected = true;
    await client.boot();
    setFallbackClient(this.gm ?? client);
    return client;
  }

  /** Close a user's browser: they stop receiving, and are no longer active for anyone. */
  disconnect(userId: string): void {
    const c = this.clients.get(userId);
    if (c) c.connected = false;
    this.activeUserIds.delete(userId);
  }

  client(nameOrId: string): Client {
    const u = this.server.world.users.find((x) => x._id === nameOrId || x.name === nameOrId);
    const c = u && this.clients.get(u._id);
    if (!c) throw new Error(`No client for ${nameOrId}`);
    return c;
  }
  get gm(): Client | undefined {
    return this.clients.get(DEFAULT_USERS[0]!.id);
  }

  /** Every client (for "what every client sees"). */
  get all(): Client[] {
    return [...this.clients.values()].filter((c) => c.connected);
  }

  /**
   * Wait until hooks' unawaited work, requests, broadcasts and queries have finished. Not counted: a module the
   * system imports on first use (a lazy chunk), which the first import in a worker transforms for longer than these
   * ticks; a browser fetches it too. Code that answers a request from a lazy chunk starts loading it early (as
   * card-hooks.ts does for the d20 requests) so neither waits on the fetch.
   */
  async settle(): Promise<void> {
    let idle = 0;
    for (let i = 0; i < 500 && idle < 5; i++) {
      await new Promise((r) => setImmediate(r));
      idle = this.server.inflight === 0 ? idle + 1 : 0;
    }
  }

  /**
   * The table is over: its pages close — every page it ever booted, a user's earlier logins too — with their hooks,
   * windows and recorded actions, and nothing of it reaches the next table.
   */
  close(): void {
    process.off("unhandledRejection", this.#onUnhandled);
    setFallbackClient(null);
    for (const c of this.#pages) {
      c.connected = false;
      void c.window.happyDOM.close();
    }
    forgetPages(this.#pages);
    this.#pages.clear();
    openTables.delete(this);
    resetAppRecords();
    clearDice();
  }

  dice(...faces: number[]): void {
    scriptDice(...faces);
  }
}

export interface TableOptions {
  users?: UserSpec[];
  /**
   * Users to log in: ids; "players" (the first GM and every player); "every" (every user, the assistant GM too);
   * default: the GM and the players who own an actor (see `seatsRead`).
   */
  online?: string[] | "players" | "every";
  world?: Partial<Omit<WorldSource, "users">>;
  ext?: Extensions;
}

/**
 * The seats a scenario reads when it names none: the first GM, and every player who owns an actor of the world (a
 * player with nothing of their own has nothing to click). Every client costs a page — a DOM, a boot, every broadcast
 * received and rendered — so a scenario about what every seat sees (trust, secrets, hidden numbers) names its
 * seats with `online`, the assistant GM and the bystanders included.
 */
function seatsRead(users: UserSpec[], world: TableOptions["world"], everyPlayer = false): string[] {
  const owners = new Set<string>();
  for (const a of (world?.actors ?? []) as Src[])
    for (const [id, level] of Object.entries((a.ownership ?? {}) as Record<string, number>))
      if (id !== "default" && level >= 3) owners.add(id);
  const gm = users.find((u) => u.role >= USER_ROLES.GAMEMASTER);
  return users
    .filter((u) => u === gm || (u.role < USER_ROLES.ASSISTANT && (everyPlayer || owners.has(u.id))))
    .map((u) => u.id);
}

/** Build a world, load the system and log in the seats it names (by default, those a scenario reads). */
export async function createTable(options: TableOptions = {}): Promise<Table> {
  await loadSystem(options.ext ?? {});
  const users = options.users ?? DEFAULT_USERS;
  const table = new Table({
    ...options.world,
    users: users.map((u) => ({
      _id: u.id,
      name: u.name,
      role: u.role,
      color: "#888888",
      permissions: {},
      flags: {},
    })),
  });
  const online =
    options.online === "every"
      ? users.map((u) => u.id)
      : options.online === "players"
        ? seatsRead(users, undefined, true)
        : (options.online ?? seatsRead(users, options.world));
  for (const id of online) await table.connect(id);
  await table.settle();
  return table;
}
