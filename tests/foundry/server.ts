/**
 * The Foundry server, as far as a table of clients sees it: it holds the stored sources, checks each request's
 * permission with the COMMON rules (`common/documents/*.mjs` — system code never runs on the server, so a system's
 * client-side override of `_canChangeRound` does not protect a document), assigns ids, applies the change,
 * and broadcasts the result to every connected client, the requester included (`client/data/client-backend.mjs`
 * `#handleCreateDocuments` …). A refused request rejects the requester's promise with Foundry's message
 * ("User … lacks permission to update Actor [id]") and changes nothing.
 *
 * It also relays `User#query` (`client/documents/collections/users.mjs #handleUserQuery`: the handler gets
 * `(queryData, {timeout})` and no sender; a handler's throw comes back as `{status: "rejected", reason}`).
 * As v13's server does (client/documents/user.mjs `query` emits `"userQuery"` with the TARGET's id only; the
 * `userQuery` socket event reaches that user's socket, and the `ack` the querier's), a query's data reaches the
 * target user's client alone and its answer the querier's alone: no other client sees either (the SWN-10 Morale
 * reading relies on it, issue 33). Differences: v13's handler throws for an unregistered query name without
 * acknowledging (the querier waits for the server's time-out), here the querier gets `rejected` at once; v13's server
 * rejects after the `timeout` the querier set, here only a client marked `unresponsive` (or gone) times out.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { currentClientId, runAs } from "./context.js";
import {
  BASE_CLASSES,
  BaseCombatant,
  BaseToken,
  Collection,
  type Document,
  type EmbeddedCollection,
  gameModel,
  setWorldPermissionsReader,
} from "./documents.js";
import { Hooks } from "./hooks.js";
import { deepClone, randomID } from "./utils.js";

type Src = Record<string, any>;

export interface WorldSource {
  users: Src[];
  actors: Src[];
  items: Src[];
  scenes: Src[];
  combats: Src[];
  messages: Src[];
  settings: Src[];
  /** Issue 32: the folders and journal entries an Adventure import creates. */
  folders: Src[];
  journal: Src[];
  macros: Src[];
}

const COLLECTION_OF: Record<string, keyof WorldSource> = {
  User: "users",
  Actor: "actors",
  Item: "items",
  Scene: "scenes",
  Combat: "combats",
  ChatMessage: "messages",
  Setting: "settings",
  Folder: "folders",
  JournalEntry: "journal",
  Macro: "macros",
};

export interface ServerClient {
  readonly id: string;
  readonly userId: string;
  connected: boolean;
  /** A client that never answers queries (a frozen browser tab). */
  unresponsive: boolean;
  readonly globals: Parameters<typeof runAs>[0];
  receive(response: Src): unknown[];
  answerQuery(name: string, data: unknown, options: { timeout?: number }): Promise<Src>;
}

/** A server-side "client" context: only common classes, no system. */
function serverContext(server: Server) {
  const CONFIG: Src = {};
  for (const [name, cls] of Object.entries(SERVER_CLASSES))
    CONFIG[name] = { documentClass: cls, dataModels: {} };
  return {
    id: "server",
    get game() {
      return server.serverGame();
    },
    ui: {},
    CONFIG,
    canvas: null,
    window: null,
    document: null,
  };
}

class ServerToken extends BaseToken {
  override baseActorFor(): any {
    return currentServer?.loadDocument(`Actor.${this._source.actorId}`) ?? null;
  }
}
class ServerCombatant extends BaseCombatant {
  override permissionActor(): any {
    const s = currentServer;
    if (!s) return null;
    const token = this._source.sceneId
      ? s.loadDocument(`Scene.${this._source.sceneId}.Token.${this._source.tokenId}`)
      : null;
    return token ? (token as ServerToken).baseActorFor() : s.loadDocument(`Actor.${this._source.actorId}`);
  }
  override actorOwnedBy(user: any): boolean {
    return !!this.permissionActor()?.testUserPermission(user, "OWNER");
  }
}
const SERVER_CLASSES: Record<string, any> = {
  ...BASE_CLASSES,
  Token: ServerToken,
  Combatant: ServerCombatant,
};

let currentServer: Server | null = null;

/** `game.model` from the system's manifest, as the real server reads it. */
const SERVER_MODEL = gameModel(
  JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8")).documentTypes,
);

export class Server {
  readonly world: WorldSource;
  readonly clients: ServerClient[] = [];
  /**
   * Every request, for scenarios that count writes; an update's entry also holds the changes the server applied and
   * broadcast (`updates`, as every client receives them), so a count of what one write carried is read from here too.
   */
  readonly log: {
    action: string;
    type: string;
    userId: string;
    count: number;
    refused?: string;
    updates?: Src[];
  }[] = [];
  readonly #ctx = serverContext(this);
  /** Requests and queries not yet answered. */
  inflight = 0;

  constructor(world: Partial<WorldSource>) {
    this.world = {
      users: [],
      actors: [],
      items: [],
      scenes: [],
      combats: [],
      messages: [],
      settings: [],
      folders: [],
      journal: [],
      macros: [],
      ...deepClone(world),
    };
    setWorldPermissionsReader(() => {
      const s = this.world.settings.find((x) => x.key === "core.permissions");
      return s?.value ? (JSON.parse(s.value) as Record<string, number[]>) : null;
    });
  }

  #game: Src | null = null;
  /**
   * What `game` is on the server: the users as stored, no prepared documents. Built once per request (the users
   * as they are at that request), not at every read of `game`.
   */
  serverGame(): Src {
    if (this.#game) return this.#game;
    // The server knows system.json: `game.model` gives `Document.TYPES` (a document's type is checked here too).
    const game: Src = { users: new Collection<any>(), _documentsReady: false, model: SERVER_MODEL };
    this.#game = game; // a User read while the users are being built sees this game
    for (const u of this.world.users) game.users.set(u._id, new SERVER_CLASSES.User(deepClone(u)));
    return game;
  }

  /** Run server-side code with only common classes in scope. */
  #run<T>(fn: () => T): T {
    return runAs(this.#ctx as never, () => {
      const previous = currentServer;
      currentServer = this;
      this.#game = null; // the users as stored now
      try {
        return fn();
      } finally {
        currentServer = previous;
        this.#game = null;
      }
    });
  }

  /** Build the common document for a uuid from stored data (with its parents). */
  loadDocument(uuid: string): Document | null {
    const parts = uuid.split(".");
    let doc: any = null;
    for (let i = 0; i < parts.length; i += 2) {
      const [name, id] = [parts[i]!, parts[i + 1]!];
      if (!doc) {
        const src = this.world[COLLECTION_OF[name]!]?.find((s) => s._id === id);
        doc = src ? new SERVER_CLASSES[name](deepClone(src), { strict: false }) : null;
      } else doc = (doc.getEmbeddedCollection(name) as EmbeddedCollection).get(id) ?? null;
      if (!doc) return null;
    }
    return doc;
  }

  /** The stored array that holds the documents of `type` under `parentUuid`. */
  #storage(type: string, parentUuid: string | null): Src[] {
    if (!parentUuid) return this.world[COLLECTION_OF[type]!];
    const parts = parentUuid.split(".");
    let src: Src | undefined;
    for (let i = 0; i < parts.length; i += 2) {
      const [name, id] = [parts[i]!, parts[i + 1]!];
      if (!src) src = this.world[COLLECTION_OF[name]!].find((s) => s._id === id);
      else {
        const coll = SERVER_CLASSES[parts[i - 2]!].metadata.embedded[name];
        src = (src[coll] as Src[]).find((s) => s._id === id);
      }
      if (!src) throw new Error(`The parent ${parentUuid} does not exist`);
    }
    const parentName = parts[parts.length - 2]!;
    const coll = SERVER_CLASSES[parentName].metadata.embedded[type];
    src![coll] ??= [];
    return src![coll];
  }

  #user(userId: string): any {
    const src = this.world.users.find((u) => u._id === userId);
    if (!src) throw new Error(`User [${userId}] does not exist`);
    return new SERVER_CLASSES.User(deepClone(src));
  }

  async request(req: Src): Promise<Src> {
    this.inflight++;
    try {
      return await this.#request(req);
    } finally {
      this.inflight--;
    }
  }

  async #request(req: Src): Promise<Src> {
    // The socket: let other work interleave, as a real round trip does.
    await new Promise((r) => setImmediate(r));
    const response = this.#run(() => this.#apply(req));
    this.#storeCombatTurn(response);
    const docsByClient = this.#broadcast(response);
    this.#advanceWorldTime(response);
    return { ...response, documentsFor: (id: string) => docsByClient.get(id) ?? [] };
  }

  /** Send a result to every connected client (the requester included); what each client made of it, by client. */
  #broadcast(response: Src): Map<string, unknown[]> {
    const docsByClient = new Map<string, unknown[]>();
    for (const c of this.clients) {
      if (!c.connected) continue;
      runAs(c.globals, () => {
        try {
          docsByClient.set(c.id, c.receive(deepClone(response)));
        } catch (err) {
          Hooks.onError(`ClientDatabaseBackend#handle(${response.action})`, err, { log: "error" });
        }
      });
    }
    return docsByClient;
  }

  /**
   * An update carrying `worldTime: {delta}` (v13 client/documents/combat.mjs `nextRound`/`nextTurn`/`previousTurn`/
   * `previousRound`, search id 18344563855) advances the world time: the server writes the world setting `core.time`
   * (its Setting document) by `delta`, and every client's `onChange` runs `game.time.onUpdateWorldTime` with the
   * update's options and user (client/helpers/time.mjs, id 8767423713), which fires `updateWorldTime`.
   * The real server is closed source: that it is the server that applies the delta, that it does so for any user
   * allowed the update (a player ending their turn), and that the time arrives after the document, is unverified.
   */
  #advanceWorldTime(response: Src): void {
    const delta = response.options?.worldTime?.delta;
    if (response.action !== "update" || !response.result?.length) return;
    if (typeof delta !== "number" || !Number.isFinite(delta) || delta === 0) return;
    const store = this.world.settings;
    const stored = store.find((s) => s.key === "core.time");
    const before = stored ? Number(JSON.parse(String(stored.value ?? "0"))) || 0 : 0;
    const value = JSON.stringify(before + delta);
    const { userId, options } = response;
    if (stored) {
      stored.value = value;
      this.#broadcast({
        action: "update",
        type: "Setting",
        parentUuid: null,
        result: [{ _id: stored._id, value }],
        options,
        userId,
      });
    } else {
      const src = deepClone(
        new SERVER_CLASSES.Setting({ _id: randomID(), key: "core.time", value }, { strict: true }).toObject(),
      );
      store.push(src);
      this.#broadcast({
        action: "create",
        type: "Setting",
        parentUuid: null,
        result: [src],
        options,
        userId,
      });
    }
  }

  /**
   * A combatant write carrying `combatTurn` (set by core's client/documents/combatant.mjs `_preCreateOperation`/
   * `_preUpdateOperation`/`_preDeleteOperation`, search id 18918656215, to keep or hand on the turn) moves the
   * Combat's turn: every client applies it to its copy (client/documents/combat.mjs `#onModifyCombatants`,
   * id 18344563855, `updateSource({turn: combatTurn})`), and the server stores it, so the stored turn is the one
   * every client shows (otherwise a later write of that turn would be dropped as no change).
   */
  #storeCombatTurn(response: Src): void {
    const { type, parentUuid, options } = response;
    if (type !== "Combatant" || typeof options?.combatTurn !== "number") return;
    const [name, id] = String(parentUuid ?? "").split(".");
    if (name !== "Combat") return;
    const combat = this.world.combats.find((c) => c._id === id);
    if (combat) combat.turn = options.combatTurn;
  }

  #refuse(user: any, action: string, type: string, id: string | null): never {
    const msg = `User ${user.name} lacks permission to ${action} ${type} [${id ?? "new"}]`;
    this.log.push({ action, type, userId: user.id, count: 0, refused: msg });
    throw new Error(msg);
  }

  /** Server time: strictly increasing, so two writes never share a stamp (as two requests a round trip apart). */
  #clock = Date.now();

  /**
   * `_stats` as the server keeps it: `DocumentStatsField.managedFields` (common/data/fields.mjs, search id
   * 16077555174: "managed by the server and ... ignored if they appear in creation or update data") are dropped
   * from what the client sent and set here — the creation and modification times and the user who made the write.
   */
  #stamp(cls: any, data: Src, userId: string, create: boolean, stored: Src = {}): void {
    if (!cls.schema?.fields?._stats) return;
    const now = ++this.#clock;
    const managed = [
      "coreVersion",
      "systemId",
      "systemVersion",
      "createdTime",
      "modifiedTime",
      "lastModifiedBy",
    ];
    for (const key of Object.keys(data)) {
      if (key.startsWith("_stats.") && managed.includes(key.slice(7))) delete data[key];
    }
    const stats: Src = typeof data._stats === "object" && data._stats ? data._stats : {};
    for (const k of managed) delete stats[k];
    // An update keeps what the server stamped before (createdTime above all), whether or not it is recursive.
    const kept = create
      ? { createdTime: now }
      : Object.fromEntries(managed.map((k) => [k, stored?.[k] ?? null]));
    Object.assign(stats, kept, { modifiedTime: now, lastModifiedBy: userId });
    data._stats = stats;
  }

  #apply(req: Src): Src {
    const { action, type, parentUuid, options = {}, userId } = req;
    const user = this.#user(userId);
    const store = this.#storage(type, parentUuid);
    const parent = parentUuid ? this.loadDocument(parentUuid) : null;
    const cls = SERVER_CLASSES[type];
    if (action === "create") {
      const result: Src[] = [];
      for (const data of req.data as Src[]) {
        const src = deepClone(data);
        if (!options.keepId || !src._id) src._id = randomID();
        this.#stamp(cls, src, user.id, true);
        const doc = new cls(src, { parent, strict: true });
        if (!doc.canUserModify(user, "create", src)) this.#refuse(user, "create", type, null);
        result.push(doc.toObject());
      }
      for (const r of result) store.push(deepClone(r));
      this.log.push({ action, type, userId, count: result.length });
      return { action, type, parentUuid, result, options, userId };
    }
    if (action === "update") {
      const result: Src[] = [];
      const staged: [number, Src][] = [];
      for (const change of req.updates as Src[]) {
        const i = store.findIndex((s) => s._id === change._id);
        if (i < 0) continue;
        const doc = new cls(deepClone(store[i]), { parent, strict: false });
        if (!doc.canUserModify(user, "update", change)) this.#refuse(user, "update", type, change._id);
        this.#stamp(cls, change, user.id, false, store[i]?._stats);
        const diff = doc.updateSource(deepClone(change), {
          recursive: options.recursive ?? true,
          diff: options.diff,
        });
        const applied = options.diff === false ? deepClone(change) : { ...diff, _id: change._id };
        staged.push([i, doc.toObject()]);
        result.push(applied);
      }
      for (const [i, src] of staged) store[i] = src;
      this.log.push({ action, type, userId, count: result.length, updates: deepClone(result) });
      return { action, type, parentUuid, result, options, userId };
    }
    // delete
    const result: string[] = [];
    for (const id of req.ids as string[]) {
      const src = store.find((s) => s._id === id);
      if (!src) continue;
      const doc = new cls(deepClone(src), { parent, strict: false });
      if (!doc.canUserModify(user, "delete", {})) this.#refuse(user, "delete", type, id);
      result.push(id);
    }
    for (const id of result)
      store.splice(
        store.findIndex((s) => s._id === id),
        1,
      );
    this.log.push({ action, type, userId, count: result.length });
    return { action, type, parentUuid, result, options, userId };
  }

  /** Relay a query from one client to another. */
  async query(
    fromClient: string,
    toUserId: string,
    name: string,
    data: unknown,
    options: { timeout?: number },
  ) {
    this.inflight++;
    try {
      return await this.#query(fromClient, toUserId, name, data, options);
    } finally {
      this.inflight--;
    }
  }

  async #query(
    fromClient: string,
    toUserId: string,
    name: string,
    data: unknown,
    options: { timeout?: number },
  ) {
    await new Promise((r) => setImmediate(r));
    const target = this.clients.find((c) => c.userId === toUserId && c.connected);
    if (!target || target.unresponsive) return { status: "rejected", reason: "operation has timed out" };
    // socket.io serialises the payload.
    const payload = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
    void fromClient;
    return target.answerQuery(name, payload, options);
  }

  clientId(): string {
    return currentClientId();
  }
}
