/**
 * Documents as v13 runs them, on the common data layer (`data-model.ts`, `fields.ts`).
 *
 * Follows:
 * - `common/abstract/document.mjs` (search id 18614631668): metadata and its default permissions (create and
 *   delete ASSISTANT, update OWNER), `getUserLevel` (ownership, then the parent's), `testUserPermission` (a GM is
 *   OWNER), `canUserModify` (a function, a user permission, a role or an ownership level), `clone`, the static
 *   `createDocuments`/`updateDocuments`/`deleteDocuments`, `update`, `delete`, flags;
 * - `client/documents/abstract/client-document.mjs` (id 19710042409): `_initialize` prepares data only once
 *   `game._documentsReady`; `prepareData` = system base, base, embedded, system derived, derived; `uuid`;
 *   `isOwner`, `hasPlayerOwner`, `visible`; `_dispatchDescendantDocumentEvents`; `_onUpdate` re-renders the apps,
 *   and so do `_on{Create,Update,Delete}DescendantDocuments` (id 16668731422: an actor sheet shows an item's update);
 * - `client/data/client-backend.mjs` (id 8223665884): create runs `expandObject`, `migrateData`, a pending
 *   document, `_preCreate` and the `preCreate…` hook; update runs `expandObject` on every change, `migrateData`,
 *   `_preUpdate`, the `preUpdate…` hook, a dry-run `updateSource` whose failure is a notification and a skipped
 *   document, then keeps only the diff; the response is applied on EVERY client with `updateSource`, `_onUpdate`,
 *   the `update…` hook and the parent's descendant events; delete likewise;
 * - `common/documents/{actor,item,combat,combatant,combatant-group,chat-message,token,scene,wall,setting}.mjs` for
 *   schemas and permission tests (combat id 8044410250, combatant group id 8305102589).
 *
 * The server is `server.ts`: it checks permissions with the common rules only (system code never runs there),
 * stores sources and broadcasts. Per-client document instances live in each client's collections.
 *
 * Core fields checked against v13 (local mirror umplacable/foundryVTT, 13.351; real-common-check-2 §4 rows 1–10):
 * `type` is a DocumentTypeField whose choices are `Document.TYPES` = the keys of `game.model` (built from
 * system.json, `gameModel`, on every client and on the server); Actor and Item `img` are FilePathFields (IMAGE) and
 * `folder` a ForeignDocumentField; Actor, Item, CombatantGroup, Combat and ChatMessage keep `_stats` (Actor and
 * Item migrate `flags.core.sourceId` into it); ChatMessage has v13's author/whisper/speaker id fields, evaluated
 * rolls, styles, title, HTML flavor/content and the numeric-type migration; an embedded collection records the ids
 * of documents that fail to build (`invalidDocumentIds`, `getInvalid`).
 *
 * Where the harness still differs from v13: `prototypeToken` is an ObjectField (v13: EmbeddedDataField(PrototypeToken),
 * whose bar fields default to system.json's `primaryTokenAttribute`, common/documents/token.mjs). Since issue 30
 * documents/actor.ts `_preCreate` writes a new actor's bars; it reads the creator's raw data, which v13 hands it
 * unfilled too, so the token-bars scenario passes the "stamina" a compendium entry or another world stores in the data
 * explicitly rather than relying on the default. No other project path depends on it. `game.model` has no core RegionBehavior types (only "base" and the
 * system's); Folder and JournalEntry world documents exist since issue 32 (an Adventure's import creates them; cut
 * to the fields it writes, see BaseFolder), but `folder` still keeps its id (no `game.collections`, see adventure.ts); Combatant, Token, Scene and User have no
 * `_stats`; `img` of Combatant and ActiveEffect stays a plain string.
 */

import { noteCanvasWrite } from "./canvas.js";
import { CONST, DOCUMENT_OWNERSHIP_LEVELS, USER_PERMISSIONS, USER_ROLES } from "./constants.js";
import { currentClient } from "./context.js";
import { DataModel } from "./data-model.js";
import * as F from "./fields.js";
import { Hooks } from "./hooks.js";
import {
  deepClone,
  deleteProperty,
  expandObject,
  getProperty,
  hasProperty,
  isEmpty,
  mergeObject,
  randomID,
  setProperty,
} from "./utils.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Src = Record<string, any>;

const g = () => globalThis as any;

/* -------------------------------------------- */
/*  Collections                                 */
/* -------------------------------------------- */

/** `common/utils/collection.mjs`: a Map with array helpers. */
export class Collection<V = any> extends Map<string, V> {
  get contents(): V[] {
    return [...this.values()];
  }
  override get(key: string, { strict = false }: { strict?: boolean; invalid?: boolean } = {}): V | undefined {
    const v = super.get(key);
    if (strict && v === undefined)
      throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return v;
  }
  filter(fn: (v: V, i: number, c: this) => unknown): V[] {
    return this.contents.filter((v, i) => fn(v, i, this));
  }
  map<T>(fn: (v: V, i: number, c: this) => T): T[] {
    return this.contents.map((v, i) => fn(v, i, this));
  }
  find(fn: (v: V, i: number, c: this) => unknown): V | undefined {
    return this.contents.find((v, i) => fn(v, i, this));
  }
  some(fn: (v: V, i: number, c: this) => unknown): boolean {
    return this.contents.some((v, i) => fn(v, i, this));
  }
  every(fn: (v: V, i: number, c: this) => unknown): boolean {
    return this.contents.every((v, i) => fn(v, i, this));
  }
  reduce<T>(fn: (acc: T, v: V, i: number) => T, initial: T): T {
    return this.contents.reduce(fn, initial);
  }
  getName(name: string): V | undefined {
    return this.find((v: any) => v.name === name);
  }
  /** A Foundry Collection iterates its values, not its entries (common/utils/collection.mjs). */
  override [Symbol.iterator](): any {
    return this.values();
  }
}

/** A world collection (`game.actors` …): the documents of one client. */
export class WorldCollection<V = any> extends Collection<V> {
  constructor(
    readonly documentName: string,
    readonly name: string,
  ) {
    super();
  }
  get documentClass(): any {
    return g().CONFIG[this.documentName].documentClass;
  }
  /**
   * `client/documents/abstract/document-collection.mjs` (search id 18809901692): the ids whose stored data failed
   * to build a document at load, and `getInvalid(id)`, a temporary document built from that stored data without
   * strict validation (`fromSource(deepClone(data))`).
   */
  readonly invalidDocumentIds = new Set<string>();
  readonly _source: Src[] = [];
  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): V | undefined {
    if (!this.invalidDocumentIds.has(id)) {
      if (strict) throw new Error(`${this.documentName} id [${id}] is not in the set of invalid ids`);
      return undefined;
    }
    const data = this._source.find((d) => d._id === id);
    return this.documentClass.fromSource(deepClone(data));
  }
  override get(
    key: string,
    { strict = false, invalid = false }: { strict?: boolean; invalid?: boolean } = {},
  ) {
    let v = super.get(key);
    if (v === undefined && invalid) v = this.getInvalid(key, { strict: false });
    if (strict && v === undefined)
      throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return v;
  }
}

/** `common/abstract/embedded-collection.mjs`: documents embedded in a parent, kept in step with its source. */
export class EmbeddedCollection<V = any> extends Collection<V> {
  constructor(
    readonly name: string,
    readonly model: any,
    readonly documentName: string,
  ) {
    super();
  }
  get documentClass(): any {
    return g().CONFIG[this.documentName].documentClass;
  }
  createDocument(data: Src, { parent, ...context }: Src): any {
    return new this.documentClass(data, { ...context, parent });
  }
  /**
   * The ids of the embedded documents whose source failed to build one (common/abstract/embedded-collection.mjs,
   * v13 `invalidDocumentIds`): their source stays in the parent's, and `getInvalid` builds one non-strictly.
   */
  readonly invalidDocumentIds = new Set<string>();
  /** Build or refresh the documents from the parent's source array, keeping instances whose source is unchanged. */
  initialize(options: Src = {}): void {
    const sources: Src[] = this.model._source[this.name] ?? [];
    const keep = new Set<string>();
    sources.forEach((src, i) => {
      keep.add(src._id);
      const doc: any = super.get(src._id);
      if (doc && doc._source === src) doc._initialize(options);
      else {
        try {
          const created = this.createDocument(src, { ...options, parent: this.model });
          sources[i] = created._source;
          this.set(src._id, created);
        } catch (err) {
          this._handleInvalidDocument(src._id, err, options);
        }
      }
    });
    for (const id of [...this.keys()]) if (!keep.has(id)) this.delete(id);
  }
  /**
   * `EmbeddedCollection#_handleInvalidDocument` (v13): the id is recorded as invalid and the error, wrapped with the
   * document's uuid, is logged (`logger.error` and `Hooks.onError` when strict, `logger.warn` otherwise).
   */
  _handleInvalidDocument(id: string, err: unknown, { strict = true }: Src = {}): void {
    this.invalidDocumentIds.add(id);
    const uuid = `${this.model.uuid}.${this.documentName}.${id}`;
    const error = new Error(
      `Failed to initialize ${this.documentName} [${uuid}]:\n${(err as Error)?.message}`,
      {
        cause: err,
      },
    );
    const logger = g().logger ?? console;
    if (strict) logger.error(error);
    else logger.warn(error);
    // (v13 also passes `{id, documentName}` as the error's data; the harness's onError takes none.)
    if (strict) Hooks.onError("EmbeddedCollection#_initializeDocument", error, {});
  }
  /** `EmbeddedCollection#getInvalid` (v13): a document built non-strictly from an invalid id's stored source. */
  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): V | undefined {
    if (!this.invalidDocumentIds.has(id)) {
      if (strict) throw new Error(`${this.documentName} id [${id}] is not in the set of invalid ids`);
      return undefined;
    }
    const data = (this.model._source[this.name] as Src[]).find((d) => d._id === id);
    return this.documentClass.fromSource(deepClone(data), { parent: this.model });
  }
  override get(
    key: string,
    { strict = false, invalid = false }: { strict?: boolean; invalid?: boolean } = {},
  ): V | undefined {
    let v = super.get(key);
    if (v === undefined && invalid) v = this.getInvalid(key, { strict: false });
    if (strict && v === undefined)
      throw new Error(
        `${this.documentName} id [${key}] does not exist in the ${this.constructor.name} collection.`,
      );
    return v;
  }
  toObject(): Src[] {
    return this.contents.map((d: any) => d.toObject());
  }
}

/* -------------------------------------------- */
/*  Fields of core schemas                      */
/* -------------------------------------------- */

/** `common/data/fields.mjs` JSONField: stored as a JSON string; objects given are stringified when cleaned. */
export class JSONField extends F.StringField {
  override clean(value: unknown, options?: Src): any {
    if (value !== undefined && value !== null && typeof value !== "string") value = JSON.stringify(value);
    return super.clean(value, options);
  }
}

const ownershipField = () => new F.DocumentOwnershipField();
const flagsField = () => new F.DocumentFlagsField();
const idField = () => new F.DocumentIdField();
const systemField = (documentName: string) => new F.TypeDataField(documentName);
const EmbeddedCollectionField = F.EmbeddedCollectionField;
/**
 * `type`: a DocumentTypeField (common/data/fields.mjs, v13): required, its choices `documentClass.TYPES`; a missing
 * type fails strict validation ("may not be undefined"), an unknown one is refused unless validated with `fallback`.
 * Actor, Item and RegionBehavior have no initial type; Combat, Combatant, CombatantGroup and ChatMessage "base".
 */
const typeField = (documentName: string, initial?: string) =>
  new F.DocumentTypeField(documentName, initial === undefined ? {} : ({ initial } as any));
/** A document's `img` (v13 `FilePathField({categories: ["IMAGE"]})`): a path with an image extension. */
const imageField = (initial?: string) =>
  new F.FilePathField({ categories: ["IMAGE"], ...(initial === undefined ? {} : { initial }) } as any);
/** v13 `ForeignDocumentField(BaseFolder)`: a 16-character id or null. */
const folderField = () => new F.ForeignDocumentField("Folder");

/* -------------------------------------------- */
/*  Document                                    */
/* -------------------------------------------- */

export interface Metadata {
  name: string;
  collection: string;
  embedded: Record<string, string>;
  hasTypeData: boolean;
  isEmbedded?: boolean;
  permissions: Record<string, string | ((user: any, doc: any, data: Src) => boolean)>;
}

const DEFAULT_PERMISSIONS = { view: "LIMITED", create: "ASSISTANT", update: "OWNER", delete: "ASSISTANT" };

export class Document extends DataModel {
  static metadata: Metadata = {
    name: "Document",
    collection: "documents",
    embedded: {},
    hasTypeData: false,
    permissions: DEFAULT_PERMISSIONS,
  };

  /** Client apps to re-render on change (client-document.mjs `apps`). */
  declare readonly apps: Record<string, any>;
  declare _sheet: any;
  declare _id: string | null;
  declare flags: Src;
  declare readonly collections: Record<string, EmbeddedCollection>;
  /** The parent Document (typed loosely: any document type). */
  declare readonly parent: any;

  constructor(data: Src = {}, context: Src = {}) {
    super(data, context);
    Object.defineProperty(this, "apps", { value: {}, writable: false, enumerable: false });
    if (!Object.hasOwn(this, "_sheet"))
      Object.defineProperty(this, "_sheet", { value: null, writable: true, enumerable: false });
  }

  static get documentName(): string {
    return this.metadata.name;
  }
  get documentName(): string {
    return (this.constructor as typeof Document).metadata.name;
  }
  static get hasTypeData(): boolean {
    return this.metadata.hasTypeData;
  }
  static get implementation(): any {
    return g().CONFIG[this.metadata.name]?.documentClass ?? this;
  }
  /**
   * `Document.TYPES` (common/abstract/document.mjs, v13): `Object.keys(game.model[documentName])` — the server's
   * model of the world: "base" and the sub-types system.json declares (see `gameModel`). Without a `game.model`
   * (a harness context with no world) "base" and the configured data models stand in.
   */
  static get TYPES(): string[] {
    const model = g().game?.model;
    if (model) return Object.keys(model[this.metadata.name] ?? {});
    return [CONST.BASE_DOCUMENT_TYPE, ...Object.keys(g().CONFIG?.[this.metadata.name]?.dataModels ?? {})];
  }

  /**
   * `Document._addDataFieldMigration` (common/abstract/document.mjs, v13): move `oldKey` to `newKey` when the data
   * has the old key and not the new one (a non-writable old property is left alone).
   */
  static _addDataFieldMigration(
    data: Src,
    oldKey: string,
    newKey: string,
    apply?: (d: Src) => unknown,
  ): boolean {
    if (hasProperty(data, newKey) || !hasProperty(data, oldKey)) return false;
    const parts = oldKey.split(".");
    const oldTarget = parts.length > 1 ? getProperty(data, parts.slice(0, -1).join(".")) : data;
    const oldProp = Object.getOwnPropertyDescriptor(oldTarget, parts.at(-1)!);
    if (oldProp && !oldProp.writable) return false;
    setProperty(data, newKey, apply ? apply(data) : getProperty(data, oldKey));
    deleteProperty(data, oldKey);
    return true;
  }

  get id(): string | null {
    return this._id ?? null;
  }
  get isEmbedded(): boolean {
    return !!this.parent && !!(this.constructor as typeof Document).metadata.isEmbedded;
  }
  get parentCollection(): string | null {
    if (!this.parent) return null;
    const embedded = (this.parent.constructor as typeof Document).metadata.embedded;
    return embedded[this.documentName] ?? null;
  }
  /**
   * The compendium pack a document was loaded from (v13 common/abstract/document.mjs `_configure`: `pack` from the
   * construction context), and its uuid: `Compendium.<pack>.<documentName>.<id>` for a pack's top-level document
   * (common/utils/helpers.mjs `buildUuid`).
   */
  declare readonly pack: string | null;
  get compendium(): any {
    return this.pack ? g().game.packs?.get(this.pack) : undefined;
  }
  get uuid(): string {
    const parts = [this.documentName, this.id];
    if (this.parent) return [this.parent.uuid, ...parts].join(".");
    return (this.pack ? ["Compendium", this.pack, ...parts] : parts).join(".");
  }

  /** v13 client/documents/abstract/client-document.mjs `toDragData`. */
  toDragData(): Src {
    const dragData: Src = { type: this.documentName };
    if (this.id) dragData.uuid = this.uuid;
    else dragData.data = this.toObject();
    return dragData;
  }

  /**
   * v13 client/documents/abstract/client-document.mjs `fromDropData`: the document the data names (its data, else
   * its uuid), of this class's type; a document with an id and no `_stats.compendiumSource` is flagged with its own
   * uuid (`updateSource`), so what is created from it remembers where it came from.
   */
  static async fromDropData(data: Src): Promise<any> {
    let document: any = null;
    if (data.data) document = new (this as any)(data.data);
    else if (data.uuid) document = await fromUuid(data.uuid);
    if (!document)
      throw new Error(
        "Failed to resolve Document from provided DragData. Either data or a UUID must be provided.",
      );
    if (document.documentName !== this.documentName)
      throw new Error(`Invalid Document type '${document.type}' provided to ${this.name}.fromDropData.`);
    if (document.id && !document._stats?.compendiumSource)
      document.updateSource({ "_stats.compendiumSource": document.uuid });
    return document;
  }
  get collection(): any {
    if (this.isEmbedded) return this.parent[this.parentCollection!];
    return g().game[(this.constructor as typeof Document).metadata.collection];
  }

  /** `Document#_configure`: one EmbeddedCollection per embedded field, filled by the field's `initialize`. */
  override _configure(options: Src = {}): void {
    super._configure(options);
    Object.defineProperty(this, "pack", { value: options.pack ?? null, writable: false, configurable: true });
    const collections: Record<string, EmbeddedCollection> = {};
    for (const [documentName, fieldName] of Object.entries(
      (this.constructor as typeof Document).metadata.embedded,
    ))
      collections[fieldName] = new EmbeddedCollection(fieldName, this, documentName);
    Object.defineProperty(this, "collections", { value: Object.seal(collections), writable: false });
  }

  /** Client documents prepare their data once the world's documents are ready (client-document.mjs). */
  override _initialize(options: Src = {}): void {
    super._initialize(options);
    if (g().game?._documentsReady) this._safePrepareData();
  }

  _safePrepareData(): void {
    try {
      this.prepareData();
    } catch (err) {
      Hooks.onError("ClientDocumentMixin#_initialize", err, {
        msg: `Failed data preparation for ${this.uuid}`,
        log: "error",
      });
    }
  }

  prepareData(): void {
    const sys: any = (this as any).system;
    const isTypeData = sys instanceof g().foundry.abstract.TypeDataModel;
    if (isTypeData || sys?.prepareBaseData instanceof Function) sys.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (isTypeData || sys?.prepareDerivedData instanceof Function) sys.prepareDerivedData();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {
    for (const collectionName of Object.values((this.constructor as typeof Document).metadata.embedded)) {
      for (const e of (this as any)[collectionName] ?? []) e._safePrepareData();
    }
  }
  prepareDerivedData(): void {}

  /** Re-initialise from source and prepare (client-document `reset`). */
  override reset(): void {
    this._initialize();
  }

  getEmbeddedCollection(name: string): EmbeddedCollection {
    const collectionName = (this.constructor as typeof Document).metadata.embedded[name];
    if (!collectionName)
      throw new Error(`${name} is not a valid embedded Document within the ${this.documentName} Document`);
    return (this as any)[collectionName];
  }
  getEmbeddedDocument(name: string, id: string, { strict = false } = {}): any {
    return this.getEmbeddedCollection(name).get(id, { strict });
  }

  /* Flags */
  getFlag(scope: string, key: string): any {
    return getProperty(this.flags?.[scope] ?? {}, key);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    const head = key.split(".");
    const tail = `-=${head.pop()}`;
    const path = ["flags", scope, ...head, tail].join(".");
    return this.update({ [path]: null });
  }

  /* Permissions (common/abstract/document.mjs) */
  getUserLevel(user: any = g().game.user): number {
    const ownership = (this as any).ownership as Record<string, number> | undefined;
    if (ownership) {
      const level = ownership[user.id] ?? ownership.default ?? DOCUMENT_OWNERSHIP_LEVELS.NONE;
      if (level !== DOCUMENT_OWNERSHIP_LEVELS.INHERIT) return level;
    }
    if (this.parent) return this.parent.getUserLevel(user);
    return DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }
  testUserPermission(user: any, permission: string | number, { exact = false } = {}): boolean {
    const level = user.isGM ? DOCUMENT_OWNERSHIP_LEVELS.OWNER : this.getUserLevel(user);
    const target =
      typeof permission === "string"
        ? ((DOCUMENT_OWNERSHIP_LEVELS as Record<string, number>)[permission] ??
          DOCUMENT_OWNERSHIP_LEVELS.OWNER)
        : permission;
    return exact ? level === target : level >= target;
  }
  canUserModify(user: any, action: string, data: Src = {}): boolean {
    const perm = (this.constructor as typeof Document).metadata.permissions[action];
    if (perm instanceof Function) return perm(user, this, data);
    if (typeof perm === "string" && perm in USER_PERMISSIONS) return user.hasPermission(perm);
    if (typeof perm === "string" && perm in USER_ROLES) return user.hasRole(perm);
    if (typeof perm === "string" && perm in DOCUMENT_OWNERSHIP_LEVELS)
      return this.testUserPermission(user, perm);
    return false;
  }
  get isOwner(): boolean {
    return this.testUserPermission(g().game.user, "OWNER");
  }
  get hasPlayerOwner(): boolean {
    return g().game.users.some((u: any) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  get limited(): boolean {
    return this.testUserPermission(g().game.user, "LIMITED", { exact: true });
  }
  get permission(): number {
    if (g().game.user.isGM) return DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    if (this.isEmbedded) return this.parent.permission;
    return this.getUserLevel(g().game.user);
  }
  get visible(): boolean {
    if (this.isEmbedded) return this.parent.visible;
    return this.testUserPermission(g().game.user, "LIMITED");
  }

  /* Sheets */
  get sheet(): any {
    if (!this._sheet) {
      const cfg = g().CONFIG[this.documentName];
      const sheets = cfg?.sheetClasses?.[(this as any).type ?? "base"] ?? {};
      const classes = Object.values(sheets) as { cls: any; default?: boolean }[];
      const cls = (classes.find((s) => s.default) ?? classes.at(-1))?.cls;
      if (!cls) return null;
      this._sheet = new cls({ document: this, editable: this.isOwner });
    }
    return this._sheet;
  }
  render(force = false, context: Src = {}): void {
    for (const app of Object.values(this.apps)) void app.render({ force, ...context });
  }

  override toObject(source = true): Src {
    return super.toObject(source);
  }

  override clone(data: Src = {}, context: Src = {}): any {
    const { save = false, keepId = false, ...remaining } = context;
    const merged = mergeObject(this.toObject(), data, {
      insertKeys: false,
      performDeletions: true,
      inplace: true,
    });
    if (!keepId) delete merged._id;
    const ctx = { ...remaining, parent: this.parent, strict: false };
    const Cls: any = this.constructor;
    return save ? Cls.create(merged, ctx) : new Cls(merged, ctx);
  }

  /* Database operations (go through the client backend) */
  static async createDocuments(data: any[] = [], operation: Src = {}): Promise<any[]> {
    return backend().create(this.implementation, { ...operation, data });
  }
  static async updateDocuments(updates: Src[] = [], operation: Src = {}): Promise<any[]> {
    return backend().update(this.implementation, { ...operation, updates });
  }
  static async deleteDocuments(ids: string[] = [], operation: Src = {}): Promise<any[]> {
    return backend().delete(this.implementation, { ...operation, ids });
  }
  static async create(data: any = {}, operation: Src = {}): Promise<any> {
    const isArray = Array.isArray(data);
    const created = await this.createDocuments(isArray ? data : [data], operation);
    return isArray ? created : created.shift();
  }
  async update(data: Src = {}, operation: Src = {}): Promise<any> {
    data._id = this.id;
    const updates = await (this.constructor as typeof Document).updateDocuments([data], {
      ...operation,
      parent: this.parent,
    });
    return updates.shift();
  }
  async delete(operation: Src = {}): Promise<any> {
    const deleted = await (this.constructor as typeof Document).deleteDocuments([this.id!], {
      ...operation,
      parent: this.parent,
    });
    return deleted.shift();
  }
  async createEmbeddedDocuments(name: string, data: Src[] = [], operation: Src = {}): Promise<any[]> {
    const cls = this.getEmbeddedCollection(name).documentClass;
    return cls.createDocuments(data, { ...operation, parent: this });
  }
  async updateEmbeddedDocuments(name: string, updates: Src[] = [], operation: Src = {}): Promise<any[]> {
    const cls = this.getEmbeddedCollection(name).documentClass;
    return cls.updateDocuments(updates, { ...operation, parent: this });
  }
  async deleteEmbeddedDocuments(name: string, ids: string[] = [], operation: Src = {}): Promise<any[]> {
    const cls = this.getEmbeddedCollection(name).documentClass;
    return cls.deleteDocuments(ids, { ...operation, parent: this });
  }

  /* Lifecycle (client side) */
  async _preCreate(data: Src, options: Src, user: any): Promise<boolean | undefined> {
    const sys: any = (this as any).system;
    if (sys instanceof g().foundry.abstract.TypeDataModel) return sys._preCreate?.(data, options, user);
    return undefined;
  }
  _onCreate(data: Src, options: Src, userId: string): void {
    const sys: any = (this as any).system;
    if (sys instanceof g().foundry.abstract.TypeDataModel) sys._onCreate?.(data, options, userId);
  }
  async _preUpdate(changes: Src, options: Src, user: any): Promise<boolean | undefined> {
    const sys: any = (this as any).system;
    if (sys instanceof g().foundry.abstract.TypeDataModel) return sys._preUpdate?.(changes, options, user);
    return undefined;
  }
  _onUpdate(changed: Src, options: Src, userId: string): void {
    const sys: any = (this as any).system;
    if (sys instanceof g().foundry.abstract.TypeDataModel) sys._onUpdate?.(changed, options, userId);
    if (options.render !== false) this.render(false, { action: "update", data: changed });
  }
  async _preDelete(_options: Src, _user: any): Promise<boolean | undefined> {
    return undefined;
  }
  _onDelete(_options: Src, _userId: string): void {
    for (const a of Object.values(this.apps)) void a.close?.({ submit: false });
  }
  static async _preCreateOperation(_docs: any[], _op: Src, _user: any): Promise<boolean | undefined> {
    return undefined;
  }
  static async _preUpdateOperation(_docs: any[], _op: Src, _user: any): Promise<boolean | undefined> {
    return undefined;
  }
  static async _preDeleteOperation(_docs: any[], _op: Src, _user: any): Promise<boolean | undefined> {
    return undefined;
  }
  static async _onCreateOperation(_docs: any[], _op: Src, _user: any): Promise<void> {}
  static async _onUpdateOperation(_docs: any[], _op: Src, _user: any): Promise<void> {}
  static async _onDeleteOperation(_docs: any[], _op: Src, _user: any): Promise<void> {}

  _dispatchDescendantDocumentEvents(event: string, collection: string, args: unknown[], _parent?: any): void {
    _parent ||= this;
    const fn = (this as any)[`_${event}DescendantDocuments`];
    if (!(fn instanceof Function)) throw new Error(`Invalid descendant document event "${event}"`);
    fn.call(this, _parent, collection, ...args);
    if (this.parent) this.parent._dispatchDescendantDocumentEvents(event, collection, args, _parent);
  }
  // client-document.mjs (id 16668731422): after descendants are created, updated or deleted, the document's own
  // apps re-render (`render(false, {renderContext: "<event><collection>", renderData})`) unless `render: false`;
  // so an actor sheet shows an item update (an Item's own sheet re-renders in its `_onUpdate`).
  _preCreateDescendantDocuments(..._a: unknown[]): void {}
  _onCreateDescendantDocuments(
    _p: unknown,
    collection: string,
    _d: unknown,
    data: unknown,
    options: Src,
    _u?: string,
  ): void {
    if (options?.render !== false)
      this.render(false, { renderContext: `create${collection}`, renderData: data });
  }
  _preUpdateDescendantDocuments(..._a: unknown[]): void {}
  _onUpdateDescendantDocuments(
    _p: unknown,
    collection: string,
    _d: unknown,
    changes: unknown,
    options: Src,
    _u?: string,
  ): void {
    if (options?.render !== false)
      this.render(false, { renderContext: `update${collection}`, renderData: changes });
  }
  _preDeleteDescendantDocuments(..._a: unknown[]): void {}
  _onDeleteDescendantDocuments(
    _p: unknown,
    collection: string,
    _d: unknown,
    ids: unknown,
    options: Src,
    _u?: string,
  ): void {
    if (options?.render !== false)
      this.render(false, { renderContext: `delete${collection}`, renderData: ids });
  }
}

/* -------------------------------------------- */
/*  The client backend                          */
/* -------------------------------------------- */

export interface ServerPort {
  /** Send a modification request; resolves with the server's response after it was broadcast to every client. */
  request(request: Src): Promise<Src>;
}

/** The collection a document class's operation works on: the parent's embedded one, or the world's. */
function collectionOf(documentClass: any, parent: any): any {
  return parent
    ? parent.getEmbeddedCollection(documentClass.documentName)
    : g().game[documentClass.metadata.collection];
}

/**
 * `#preUpdateDocumentArray`'s dry run: the diff the change would make, or null after telling the user why it was
 * refused (a notification, then `Hooks.onError`), as the backend does before skipping that document.
 */
export function dryRunUpdate(doc: any, changes: Src, recursive?: boolean): Src | null {
  try {
    return doc.updateSource(changes, { dryRun: true, fallback: false, recursive });
  } catch (err: any) {
    g().ui.notifications.error(
      String(err?.message ?? err)
        .split("] ")
        .pop(),
    );
    Hooks.onError("ClientDatabaseBackend##preUpdateDocumentArray", err, { log: "error" });
    return null;
  }
}

function backend(): ClientBackend {
  return (currentClient() as any).backend;
}

/** `client/data/client-backend.mjs`, one per client. */
export class ClientBackend {
  constructor(readonly server: ServerPort) {}

  async create(documentClass: any, operation: Src): Promise<any[]> {
    const user = g().game.user;
    const { data, noHook, parent, ...options } = operation;
    const type = documentClass.documentName;
    const toCreate: Src[] = [];
    const pending: any[] = [];
    for (let d of data as any[]) {
      d = d instanceof DataModel ? d.toObject() : expandObject(d);
      d = documentClass.migrateData(d);
      const createData = deepClone(d);
      let doc: any;
      try {
        doc = new documentClass(createData, { parent });
      } catch (err) {
        Hooks.onError("ClientDatabaseBackend##preCreateDocumentArray", err, {
          log: "error",
          notify: "error",
        });
        continue;
      }
      let allowed = (await doc._preCreate(d, options, user)) ?? true;
      allowed &&= noHook || Hooks.call(`preCreate${type}`, doc, d, options, user.id);
      if (allowed === false) continue;
      pending.push(doc);
      toCreate.push(doc.toObject());
    }
    return this.#dispatch("create", "data", documentClass, pending, toCreate, options, parent);
  }

  async update(documentClass: any, operation: Src): Promise<any[]> {
    const user = g().game.user;
    const { updates, noHook, parent, ...options } = operation;
    options.diff ??= true;
    options.recursive ??= true;
    const type = documentClass.documentName;
    const collection = collectionOf(documentClass, parent);
    const toUpdate: Src[] = [];
    const docs: any[] = [];
    for (const update of updates as Src[]) {
      if (!update._id) throw new Error("You must provide an _id for every object in the update data Array.");
      let changes: Src = update instanceof DataModel ? update.toObject() : expandObject(update);
      // v13 reaches an invalid document too (`get(id, {strict: true, invalid: true})`): a migration can repair it.
      const doc = collection.get(update._id, { strict: true, invalid: true });
      // v13 `#preUpdateDocumentArray` (client/data/client-backend.mjs, search id 8223665884): "Migrate provided
      // changes, including document sub-type": the schema adds the stored `type` (and, through TypeDataField, the
      // types of typed system data) to the changes, then the document class migrates them — so a system model's
      // `migrateData` runs on the change's partial `system` (common/data/fields.mjs SchemaField#_addTypes,
      // TypeDataField#migrateSource).
      const addType = "type" in doc && !("type" in changes);
      documentClass.schema._addTypes(doc._source, changes);
      changes = documentClass.migrateData(changes);
      let allowed = (await doc._preUpdate(changes, options, user)) ?? true;
      allowed &&= noHook || Hooks.call(`preUpdate${type}`, doc, changes, options, user.id);
      if (allowed === false) continue;
      const diff = dryRunUpdate(doc, changes, options.recursive);
      if (!diff) continue;
      if (options.diff) {
        if (isEmpty(diff)) continue;
        diff._id = doc.id;
        changes = diff;
      } else if (addType) delete changes.type;
      docs.push(doc);
      toUpdate.push(changes);
    }
    return this.#dispatch("update", "updates", documentClass, docs, toUpdate, options, parent);
  }

  async delete(documentClass: any, operation: Src): Promise<any[]> {
    const user = g().game.user;
    const { ids, noHook, parent, ...options } = operation;
    const type = documentClass.documentName;
    const collection = collectionOf(documentClass, parent);
    const toDelete: string[] = [];
    const docs: any[] = [];
    for (const id of ids as string[]) {
      const doc = collection.get(id, { strict: true });
      let allowed = (await doc._preDelete(options, user)) ?? true;
      allowed &&= noHook || Hooks.call(`preDelete${type}`, doc, options, user.id);
      if (allowed === false) continue;
      toDelete.push(id);
      docs.push(doc);
    }
    return this.#dispatch("delete", "ids", documentClass, docs, toDelete, options, parent);
  }

  /**
   * The end of each `_<action>Documents`: nothing left → nothing sent; else the `_pre<Action>Operation` hook (which
   * may change the options, e.g. `combatTurn`, or cancel), the request to the server, and the requester's own copy
   * of the broadcast, already applied, as the result.
   */
  async #dispatch(
    action: "create" | "update" | "delete",
    key: "data" | "updates" | "ids",
    documentClass: any,
    docs: any[],
    list: unknown[],
    options: Src,
    parent: any,
  ): Promise<any[]> {
    if (!list.length) return [];
    const user = g().game.user;
    const hook = `_pre${action[0]!.toUpperCase()}${action.slice(1)}Operation`;
    const op: Src = { ...options, parent, [key]: list };
    if ((await documentClass[hook](docs, op, user)) === false) return [];
    const { parent: _p, [key]: _l, ...sendOptions } = op;
    const response = await this.server.request({
      action,
      type: documentClass.documentName,
      parentUuid: parent?.uuid ?? null,
      [key]: list,
      options: sendOptions,
      userId: user.id,
    });
    return (response.documentsFor?.(currentClient().id) as any[]) ?? [];
  }

  /**
   * Apply a server broadcast on this client (`#handleCreateDocuments`, `#handleUpdateDocuments`,
   * `#handleDeleteDocuments`). Runs in this client's context.
   */
  receive(response: Src): any[] {
    const { action, type, parentUuid, result, options, userId } = response;
    const game = g().game;
    const documentClass = g().CONFIG[type].documentClass;
    const parent = parentUuid ? fromUuidSync(parentUuid) : null;
    if (parentUuid && !parent) return [];
    const collection: Collection = parent
      ? parent.getEmbeddedCollection(type)
      : game[documentClass.metadata.collection];
    const opts = deepClone(options ?? {});
    if (action === "create") {
      parent?._dispatchDescendantDocumentEvents(
        "preCreate",
        (collection as unknown as EmbeddedCollection).name,
        [result, opts, userId],
      );
      const docs: any[] = [];
      for (const data of result as Src[]) {
        if (parent) {
          parent._source[(collection as unknown as EmbeddedCollection).name].push(deepClone(data));
        } else {
          const doc = new documentClass(deepClone(data), {});
          collection.set(doc.id, doc);
        }
      }
      if (parent) parent.reset();
      // A wall's edge is made on create (v13 `Wall#_onCreate` → `initializeEdge`): the canvases look again.
      if (type === "Wall" || type === "Scene") noteCanvasWrite();
      for (const data of result as Src[]) {
        const doc = collection.get(data._id);
        if (!doc) continue;
        doc._onCreate(data, opts, userId);
        Hooks.callAll(`create${type}`, doc, opts, userId);
        docs.push(doc);
      }
      parent?._dispatchDescendantDocumentEvents(
        "onCreate",
        (collection as unknown as EmbeddedCollection).name,
        [docs, result, opts, userId],
      );
      void documentClass._onCreateOperation(docs, { ...opts, parent }, game.users.get(userId));
      return docs;
    }
    if (action === "update") {
      parent?._dispatchDescendantDocumentEvents(
        "preUpdate",
        (collection as unknown as EmbeddedCollection).name,
        [result, opts, userId],
      );
      const callbacks: (() => any)[] = [];
      const changes: Src[] = [];
      for (const change of result as Src[]) {
        const doc = collection.get(change._id);
        if (!doc) continue;
        const applied = doc.updateSource(deepClone(change), opts);
        applied._id = doc.id;
        callbacks.push(() => {
          doc._onUpdate(applied, opts, userId);
          Hooks.callAll(`update${type}`, doc, applied, opts, userId);
          changes.push(applied);
          return doc;
        });
      }
      parent?.reset();
      // Before `_onUpdate` and the hooks, as v13's `Wall#_onUpdate` re-makes the edge before `updateWall` runs.
      if (type === "Wall" || type === "Scene") noteCanvasWrite();
      const docs = callbacks.map((fn) => fn());
      parent?._dispatchDescendantDocumentEvents(
        "onUpdate",
        (collection as unknown as EmbeddedCollection).name,
        [docs, changes, opts, userId],
      );
      void documentClass._onUpdateOperation(docs, { ...opts, parent }, game.users.get(userId));
      return docs;
    }
    // delete
    parent?._dispatchDescendantDocumentEvents(
      "preDelete",
      (collection as unknown as EmbeddedCollection).name,
      [result, opts, userId],
    );
    const docs: any[] = [];
    for (const id of result as string[]) {
      const doc = collection.get(id);
      if (!doc) continue;
      if (parent) {
        const arr: Src[] = parent._source[(collection as unknown as EmbeddedCollection).name];
        const i = arr.findIndex((s) => s._id === id);
        if (i >= 0) arr.splice(i, 1);
      }
      collection.delete(id);
      docs.push(doc);
    }
    parent?.reset();
    if (type === "Wall" || type === "Scene") noteCanvasWrite();
    for (const doc of docs) {
      doc._onDelete(opts, userId);
      Hooks.callAll(`delete${type}`, doc, opts, userId);
    }
    parent?._dispatchDescendantDocumentEvents(
      "onDelete",
      (collection as unknown as EmbeddedCollection).name,
      [docs, result, opts, userId],
    );
    void documentClass._onDeleteOperation(docs, { ...opts, parent }, game.users.get(userId));
    return docs;
  }
}

/* -------------------------------------------- */
/*  UUIDs                                       */
/* -------------------------------------------- */

export function fromUuidSync(uuid: string): any {
  if (typeof uuid !== "string" || !uuid) return null;
  // v13 client/utils/helpers.mjs `fromUuidSync` → `parseUuid`: a compendium uuid names its pack; a document the pack
  // has not loaded resolves to its index entry (no embedded path then).
  if (uuid.startsWith("Compendium.")) {
    const [, scope, name, , id, ...rest] = uuid.split(".");
    const pack = g().game.packs?.get(`${scope}.${name}`);
    let doc = pack?.get(id) ?? null;
    if (!doc) return rest.length ? null : (pack?.index.get(id) ?? null);
    for (let i = 0; i < rest.length; i += 2)
      doc = doc?.getEmbeddedCollection?.(rest[i])?.get(rest[i + 1]) ?? null;
    return doc;
  }
  const parts = uuid.split(".");
  if (parts.length % 2) return null;
  const game = g().game;
  let doc: any = null;
  for (let i = 0; i < parts.length; i += 2) {
    const [name, id] = [parts[i]!, parts[i + 1]!];
    if (!doc) {
      const cls = g().CONFIG[name]?.documentClass;
      doc = cls ? game[cls.metadata.collection]?.get(id) : null;
    } else {
      // A synthetic actor's items resolve through the token (Scene.x.Token.y.Actor.z.Item.w is not used here).
      doc = doc.getEmbeddedCollection?.(name)?.get(id) ?? null;
    }
    if (!doc) return null;
  }
  return doc;
}

export async function fromUuid(uuid: string): Promise<any> {
  // v13 `fromUuid`: a compendium document is loaded from its pack (`CompendiumCollection#getDocument`).
  if (typeof uuid === "string" && uuid.startsWith("Compendium.")) {
    const [, scope, name, , id] = uuid.split(".");
    await g().game.packs?.get(`${scope}.${name}`)?.getDocument(id);
  }
  return fromUuidSync(uuid);
}

/* -------------------------------------------- */
/*  Core document types                         */
/* -------------------------------------------- */

const hasOwner = (user: any, doc: any) => doc.testUserPermission(user, "OWNER");

export class BaseUser extends Document {
  static override metadata: Metadata = {
    name: "User",
    collection: "users",
    embedded: {},
    hasTypeData: false,
    permissions: {
      create: "ASSISTANT",
      // common/documents/user.mjs #canUpdate (search id 8145943351): a full GM anything; below assistant no
      // name, role or permissions; a role change may not escalate; players only themselves.
      update: (u, d, changes) => {
        if (u.role === USER_ROLES.GAMEMASTER) return true;
        if (u.role === USER_ROLES.NONE) return false;
        const restricted = ["permissions", "passwordSalt"];
        if (u.role < USER_ROLES.ASSISTANT) restricted.push("name", "role");
        if (restricted.some((k) => k in changes)) return false;
        if ("role" in changes && !u.hasRole(changes.role)) return false;
        return u.isGM || u.id === d.id;
      },
      delete: "ASSISTANT",
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      role: new F.NumberField({ required: true, integer: true, initial: USER_ROLES.PLAYER } as any),
      color: new F.StringField({ initial: "#888888" } as any),
      character: new F.StringField({ nullable: true, initial: null } as any),
      // v13 BaseUser `hotbar`: slot number (1–50) → Macro id (issue 33).
      hotbar: new F.ObjectField(),
      permissions: new F.ObjectField(),
      flags: flagsField(),
    };
  }
  declare role: number;
  declare name: string;
  declare permissions: Record<string, boolean>;

  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }
  get isBanned(): boolean {
    return this.role === USER_ROLES.NONE;
  }
  hasRole(role: string | number, { exact = false } = {}): boolean {
    const level = typeof role === "string" ? (USER_ROLES as Record<string, number>)[role]! : role;
    return exact ? this.role === level : this.role >= level;
  }
  /** `BaseUser#can` (common/documents/user.mjs, search id 8145943351): a permission name tests the permission,
   * anything else the role. */
  can(action: string | number): boolean {
    if (typeof action === "string" && action in USER_PERMISSIONS) return this.hasPermission(action);
    return this.hasRole(action);
  }
  hasPermission(permission: string): boolean {
    if (this.permissions?.[permission] !== undefined) return !!this.permissions[permission];
    const worldPermissions = serverPermissions();
    const roles = worldPermissions?.[permission];
    if (roles) return roles.includes(this.role);
    const def = USER_PERMISSIONS[permission];
    return !!def && this.role >= def.defaultRole;
  }
}

/** Role lists per permission as the world's `core.permissions` setting holds them (null = defaults). */
let worldPermissionsReader: () => Record<string, number[]> | null = () => null;
export function setWorldPermissionsReader(fn: () => Record<string, number[]> | null): void {
  worldPermissionsReader = fn;
}
function serverPermissions() {
  return worldPermissionsReader();
}

export class BaseActor extends Document {
  static override metadata: Metadata = {
    name: "Actor",
    collection: "actors",
    embedded: { Item: "items", ActiveEffect: "effects" },
    hasTypeData: true,
    permissions: {
      create: "ACTOR_CREATE",
      update: (u, d) => u.isGM || hasOwner(u, d),
      delete: "ASSISTANT",
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      img: imageField(CONST.DEFAULT_TOKEN),
      type: typeField("Actor"),
      system: systemField("Actor"),
      prototypeToken: new F.ObjectField(),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: folderField(),
      sort: new F.IntegerSortField(),
      ownership: ownershipField(),
      flags: flagsField(),
      _stats: new F.DocumentStatsField(),
    };
  }
  /** common/documents/actor.mjs (v13): `DocumentStatsField._migrateData` (flags.core.sourceId → _stats). */
  static override migrateData(source: Src): Src {
    F.DocumentStatsField._migrateData(this, source);
    return super.migrateData(source);
  }
}

export class BaseItem extends Document {
  static override metadata: Metadata = {
    name: "Item",
    collection: "items",
    embedded: { ActiveEffect: "effects" },
    hasTypeData: true,
    isEmbedded: false,
    permissions: { create: "ITEM_CREATE", update: "OWNER", delete: "ASSISTANT" },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      type: typeField("Item"),
      img: imageField("icons/svg/item-bag.svg"),
      system: systemField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: folderField(),
      sort: new F.IntegerSortField(),
      ownership: ownershipField(),
      flags: flagsField(),
      _stats: new F.DocumentStatsField(),
    };
  }
  /** common/documents/item.mjs (v13): `DocumentStatsField._migrateData` (flags.core.sourceId → _stats). */
  static override migrateData(source: Src): Src {
    F.DocumentStatsField._migrateData(this, source);
    return super.migrateData(source);
  }
  override get isEmbedded(): boolean {
    return !!this.parent;
  }
  override canUserModify(user: any, action: string, data: Src = {}): boolean {
    if (this.isEmbedded) return this.parent.canUserModify(user, "update");
    return super.canUserModify(user, action, data);
  }
  override testUserPermission(user: any, permission: string | number, options = {}): boolean {
    if (this.isEmbedded) return this.parent.testUserPermission(user, permission, options);
    return super.testUserPermission(user, permission, options);
  }
}

export class BaseActiveEffect extends Document {
  static override metadata: Metadata = {
    name: "ActiveEffect",
    collection: "effects",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: DEFAULT_PERMISSIONS,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      img: new F.StringField({ nullable: true, initial: null } as any),
      statuses: new F.ArrayField(new F.StringField({ required: true, blank: false } as any)),
      disabled: new F.BooleanField(),
      // v13 common/documents/active-effect.mjs (search id 7781359244): how long the effect lasts, in world seconds
      // or combat rounds and turns from where it started (the combat is a foreign id, kept here as its id string).
      duration: new F.SchemaField({
        startTime: new F.NumberField({ initial: null } as any),
        seconds: new F.NumberField({ integer: true, min: 0 } as any),
        combat: new F.StringField({ nullable: true, blank: false, initial: null } as any),
        rounds: new F.NumberField({ integer: true, min: 0 } as any),
        turns: new F.NumberField({ integer: true, min: 0 } as any),
        startRound: new F.NumberField({ integer: true, min: 0 } as any),
        startTurn: new F.NumberField({ integer: true, min: 0 } as any),
      } as any),
      flags: flagsField(),
    };
  }
  override canUserModify(user: any, _action: string, _data: Src = {}): boolean {
    return this.parent.canUserModify(user, "update");
  }
  override testUserPermission(user: any, permission: string | number, options = {}): boolean {
    return this.parent.testUserPermission(user, permission, options);
  }
}

export class BaseScene extends Document {
  static override metadata: Metadata = {
    name: "Scene",
    collection: "scenes",
    embedded: {
      Token: "tokens",
      Wall: "walls",
      AmbientLight: "lights",
      MeasuredTemplate: "templates",
      Region: "regions",
    },
    hasTypeData: false,
    permissions: DEFAULT_PERMISSIONS,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      active: new F.BooleanField(),
      width: new F.NumberField({ integer: true, initial: 4000 } as any),
      height: new F.NumberField({ integer: true, initial: 3000 } as any),
      grid: new F.SchemaField({
        type: new F.NumberField({ integer: true, initial: 1 } as any),
        size: new F.NumberField({ integer: true, initial: 100, min: 50 } as any),
        distance: new F.NumberField({ initial: 1, positive: true } as any),
        units: new F.StringField({ initial: "m" } as any),
        // Harness stand-in for the world's `core.gridDiagonals` setting (v13 has no such scene field: a Scene's grid
        // instance takes the setting, client/documents/scene.mjs `#getGrid`); null: EQUIDISTANT, as the setting's
        // default for a system that sets none.
        diagonals: new F.NumberField({ integer: true, nullable: true, initial: null } as any),
      }),
      tokens: new EmbeddedCollectionField("Token"),
      walls: new EmbeddedCollectionField("Wall"),
      lights: new EmbeddedCollectionField("AmbientLight"),
      templates: new EmbeddedCollectionField("MeasuredTemplate"),
      regions: new EmbeddedCollectionField("Region"),
      folder: folderField(),
      ownership: ownershipField(),
      flags: flagsField(),
    };
  }
}

const gmOnlyEmbedded: Metadata["permissions"] = {
  create: "ASSISTANT",
  update: (u) => u.isGM,
  delete: "ASSISTANT",
};

export class BaseWall extends Document {
  static override metadata: Metadata = {
    name: "Wall",
    collection: "walls",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: {
      create: "ASSISTANT",
      // common/documents/wall.mjs: players may only open or close a door (ds), and not a locked one.
      update: (u, d, data) =>
        u.isGM ||
        (Object.keys(data).every((k) => k === "_id" || k === "ds") &&
          d._source.door > 0 &&
          d._source.ds !== 2),
      delete: "ASSISTANT",
    },
  };
  static override defineSchema(): Src {
    const S = CONST.WALL_SENSE_TYPES;
    return {
      _id: idField(),
      c: new F.ArrayField(new F.NumberField({ required: true, integer: true, nullable: false } as any)),
      light: new F.NumberField({ initial: S.NORMAL } as any),
      move: new F.NumberField({ initial: CONST.WALL_MOVEMENT_TYPES.NORMAL } as any),
      sight: new F.NumberField({ initial: S.NORMAL } as any),
      sound: new F.NumberField({ initial: S.NORMAL } as any),
      dir: new F.NumberField({ initial: CONST.WALL_DIRECTIONS.BOTH } as any),
      door: new F.NumberField({ initial: CONST.WALL_DOOR_TYPES.NONE } as any),
      ds: new F.NumberField({ initial: CONST.WALL_DOOR_STATES.CLOSED } as any),
      threshold: new F.SchemaField({
        light: new F.NumberField({ nullable: true, initial: null } as any),
        sight: new F.NumberField({ nullable: true, initial: null } as any),
        sound: new F.NumberField({ nullable: true, initial: null } as any),
        attenuation: new F.BooleanField(),
      }),
      flags: flagsField(),
    };
  }
}

export class BaseAmbientLight extends Document {
  static override metadata: Metadata = {
    name: "AmbientLight",
    collection: "lights",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: gmOnlyEmbedded,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      x: new F.NumberField({ initial: 0 } as any),
      y: new F.NumberField({ initial: 0 } as any),
      walls: new F.BooleanField({ initial: true } as any),
      config: new F.ObjectField({ initial: () => ({ dim: 0, bright: 0, negative: false }) } as any),
      hidden: new F.BooleanField(),
      flags: flagsField(),
    };
  }
}

export class BaseMeasuredTemplate extends Document {
  static override metadata: Metadata = {
    name: "MeasuredTemplate",
    collection: "templates",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: {
      create: "TEMPLATE_CREATE",
      update: (u, d) => u.isGM || d._source.author === u.id,
      delete: (u, d) => u.isGM || d._source.author === u.id,
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      author: new F.StringField({ initial: () => g().game?.user?.id ?? null } as any),
      t: new F.StringField({ initial: "circle" } as any),
      x: new F.NumberField({ initial: 0 } as any),
      y: new F.NumberField({ initial: 0 } as any),
      distance: new F.NumberField({ initial: 1 } as any),
      direction: new F.NumberField({ initial: 0 } as any),
      angle: new F.NumberField({ initial: 0 } as any),
      width: new F.NumberField({ initial: 0 } as any),
      fillColor: new F.StringField({ initial: "#ffffff" } as any),
      flags: flagsField(),
    };
  }
}

/**
 * `common/documents/region.mjs` (v13, local mirror umplacable/foundryVTT `foundryvtt/common/documents/region.mjs`):
 * shapes, the elevation band (null bottom/top read as ∓Infinity by the client document), the embedded behaviours,
 * visibility and lock. Shapes stay plain objects here (core's `TypedSchemaField(BaseShapeData.TYPES)`); the client
 * document's `testPoint` reads them the way `RegionShape` does.
 */
export class BaseRegion extends Document {
  static override metadata: Metadata = {
    name: "Region",
    collection: "regions",
    embedded: { RegionBehavior: "behaviors" },
    hasTypeData: false,
    isEmbedded: true,
    permissions: gmOnlyEmbedded,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ initial: "Region" } as any),
      color: new F.StringField({ initial: "#ffffff" } as any),
      shapes: new F.ArrayField(new F.ObjectField()),
      elevation: new F.SchemaField({
        bottom: new F.NumberField({ required: true, nullable: true, initial: null } as any),
        top: new F.NumberField({ required: true, nullable: true, initial: null } as any),
      }),
      behaviors: new EmbeddedCollectionField("RegionBehavior"),
      visibility: new F.NumberField({ initial: 0 } as any),
      locked: new F.BooleanField(),
      flags: flagsField(),
    };
  }
}

/**
 * `common/documents/region-behavior.mjs` (v13, same mirror): a typed sub-document of a Region — name, type, system,
 * disabled, flags. Only a GM creates or changes one (its `#canCreate`/`#canUpdate`).
 */
export class BaseRegionBehavior extends Document {
  static override metadata: Metadata = {
    name: "RegionBehavior",
    collection: "behaviors",
    embedded: {},
    hasTypeData: true,
    isEmbedded: true,
    permissions: { create: (u) => u.isGM, update: (u) => u.isGM, delete: (u) => u.isGM },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: true } as any),
      type: typeField("RegionBehavior"),
      system: systemField("RegionBehavior"),
      disabled: new F.BooleanField(),
      flags: flagsField(),
    };
  }
}

export class BaseToken extends Document {
  static override metadata: Metadata = {
    name: "Token",
    collection: "tokens",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: {
      create: "TOKEN_CREATE",
      update: (u, d) => u.isGM || d.testUserPermission(u, "OWNER"),
      delete: "TOKEN_DELETE",
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ blank: true } as any),
      actorId: new F.StringField({ nullable: true, initial: null } as any),
      actorLink: new F.BooleanField(),
      delta: new F.ObjectField({ initial: () => ({}) } as any),
      x: new F.NumberField({ integer: true, initial: 0 } as any),
      y: new F.NumberField({ integer: true, initial: 0 } as any),
      width: new F.NumberField({ initial: 1, positive: true } as any),
      height: new F.NumberField({ initial: 1, positive: true } as any),
      elevation: new F.NumberField({ initial: 0 } as any),
      hidden: new F.BooleanField(),
      disposition: new F.NumberField({ integer: true, initial: CONST.TOKEN_DISPOSITIONS.HOSTILE } as any),
      // v13 common/documents/token.mjs: each bar's attribute defaults to the system's primary/secondary token
      // attribute (system.json), the same fields PrototypeToken shares.
      bar1: new F.SchemaField({
        attribute: new F.StringField({
          required: true,
          nullable: true,
          blank: false,
          initial: () => g().game?.system?.primaryTokenAttribute || null,
        } as any),
      }),
      bar2: new F.SchemaField({
        attribute: new F.StringField({
          required: true,
          nullable: true,
          blank: false,
          initial: () => g().game?.system?.secondaryTokenAttribute || null,
        } as any),
      }),
      _movementHistory: new F.ArrayField(new F.ObjectField()),
      flags: flagsField(),
    };
  }
  /** A token's ownership is its actor's (common/documents/token.mjs). */
  override getUserLevel(user: any): number {
    const actor = this.baseActorFor();
    return actor ? actor.getUserLevel(user) : DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }
  /** Overridden by the client class; on the server the base actor comes from the world. */
  baseActorFor(): any {
    return null;
  }
}

export class BaseCombat extends Document {
  static override metadata: Metadata = {
    name: "Combat",
    collection: "combats",
    embedded: { Combatant: "combatants", CombatantGroup: "groups" },
    hasTypeData: true,
    permissions: {
      create: "ASSISTANT",
      // common/documents/combat.mjs #canUpdate: players may change round, turn and combatants only.
      update: (user, doc, data) => {
        if (user.isGM) return true;
        const turnOnly = ["_id", "round", "turn", "combatants"];
        if (Object.keys(data).some((k) => !turnOnly.includes(k))) return false;
        if ("round" in data && !doc._canChangeRound(user)) return false;
        if ("turn" in data && !doc._canChangeTurn(user)) return false;
        if ("combatants" in data) {
          for (const { _id, ...change } of data.combatants as Src[]) {
            const c = doc.combatants.get(_id);
            if (!c?.canUserModify(user, "update", change)) return false;
          }
        }
        return true;
      },
      delete: "ASSISTANT",
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      type: typeField("Combat", CONST.BASE_DOCUMENT_TYPE),
      system: systemField("Combat"),
      scene: new F.StringField({ nullable: true, initial: null } as any),
      groups: new EmbeddedCollectionField("CombatantGroup"),
      combatants: new EmbeddedCollectionField("Combatant"),
      active: new F.BooleanField(),
      round: new F.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 } as any),
      turn: new F.NumberField({ required: true, integer: true, min: 0, initial: null } as any),
      sort: new F.NumberField({ integer: true, initial: 0 } as any),
      flags: flagsField(),
      // common/documents/combat.mjs ends its schema with a DocumentStatsField (server-stamped, see server.ts).
      _stats: new F.DocumentStatsField(),
    };
  }
  _canChangeRound(_user: any): boolean {
    return true;
  }
  _canChangeTurn(_user: any): boolean {
    return true;
  }
}

export class BaseCombatant extends Document {
  static override metadata: Metadata = {
    name: "Combatant",
    collection: "combatants",
    embedded: {},
    hasTypeData: true,
    isEmbedded: true,
    // common/documents/combatant.mjs (v13, local mirror umplacable/foundryVTT): create and delete need OWNER (the
    // actor's level, `getUserLevel` below); #canUpdate lets an owner change `initiative`, `flags`, `defeated` and
    // `system` only (a GM anything).
    permissions: {
      create: "OWNER",
      update: (u, d, data) => {
        if (u.isGM) return true;
        if (!d.testUserPermission(u, "OWNER")) return false;
        return Object.keys(data).every((k) =>
          ["_id", "initiative", "flags", "defeated", "system"].includes(k),
        );
      },
      delete: "OWNER",
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      type: typeField("Combatant", CONST.BASE_DOCUMENT_TYPE),
      system: systemField("Combatant"),
      actorId: new F.StringField({ nullable: true, initial: null } as any),
      tokenId: new F.StringField({ nullable: true, initial: null } as any),
      sceneId: new F.StringField({ nullable: true, initial: null } as any),
      name: new F.StringField({ blank: true } as any),
      img: new F.StringField({ nullable: true, initial: null } as any),
      initiative: new F.NumberField({ nullable: true, initial: null } as any),
      hidden: new F.BooleanField(),
      defeated: new F.BooleanField(),
      group: new F.StringField({ nullable: true, initial: null } as any),
      flags: flagsField(),
    };
  }
  /** Does this user own the combatant's actor (as the server sees it)? */
  actorOwnedBy(_user: any): boolean {
    return false;
  }
  /** `BaseCombatant#getUserLevel`: the actor's level when there is an actor, else the Document rule. */
  override getUserLevel(user: any = g().game.user): number {
    const actor = this.permissionActor();
    return actor ? actor.getUserLevel(user) : super.getUserLevel(user);
  }
  /** `this.actor` as the common code reads it (the server's class finds it in the stored world; the client's
   * class overrides `getUserLevel` with its own `actor`). */
  permissionActor(): any {
    return null;
  }
}

export class BaseCombatantGroup extends Document {
  static override metadata: Metadata = {
    name: "CombatantGroup",
    collection: "groups",
    embedded: {},
    hasTypeData: true,
    isEmbedded: true,
    permissions: DEFAULT_PERMISSIONS,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      type: typeField("CombatantGroup", CONST.BASE_DOCUMENT_TYPE),
      system: systemField("CombatantGroup"),
      name: new F.StringField({ blank: true } as any),
      img: imageField(),
      initiative: new F.NumberField({ required: true, nullable: true, initial: null } as any),
      ownership: ownershipField(),
      flags: flagsField(),
      _stats: new F.DocumentStatsField(),
    };
  }
}

export class BaseChatMessage extends Document {
  static override metadata: Metadata = {
    name: "ChatMessage",
    collection: "messages",
    embedded: {},
    hasTypeData: true,
    permissions: {
      // common/documents/chat-message.mjs: a player creates messages as themselves only; the author (OWNER) or a
      // GM may update or delete.
      create: (u, d) => u.isGM || (d._source.author === u.id && u.hasRole("PLAYER")),
      update: (u, d, data) => {
        // `author` is a DocumentAuthorField, `gmOnly: true` ("This can only be changed later by GM users",
        // common/data/fields.mjs, search id 18292846256): a player's update that changes it is refused.
        if (!u.isGM && "author" in data && data.author !== u.id) return false;
        return d.testUserPermission(u, "OWNER");
      },
      delete: (u, d) => u.isGM || d._source.author === u.id,
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      type: typeField("ChatMessage", CONST.BASE_DOCUMENT_TYPE),
      system: systemField("ChatMessage"),
      style: new F.NumberField({
        required: true,
        choices: Object.values(CONST.CHAT_MESSAGE_STYLES),
        initial: CONST.CHAT_MESSAGE_STYLES.OTHER,
        validationError: "must be a value in CONST.CHAT_MESSAGE_STYLES",
      } as any),
      author: new F.DocumentAuthorField("User"),
      timestamp: new F.NumberField({ required: true, nullable: false, initial: () => Date.now() } as any),
      flavor: new F.HTMLField(),
      title: new F.StringField(),
      content: new F.HTMLField(),
      speaker: new F.SchemaField({
        scene: new F.ForeignDocumentField("Scene", { idOnly: true } as any),
        actor: new F.ForeignDocumentField("Actor", { idOnly: true } as any),
        token: new F.ForeignDocumentField("Token", { idOnly: true } as any),
        alias: new F.StringField(),
      }),
      whisper: new F.ArrayField(new F.ForeignDocumentField("User", { idOnly: true } as any)),
      blind: new F.BooleanField(),
      rolls: new F.ArrayField(new JSONField({ validate: validateRoll } as any)),
      sound: new F.FilePathField({ categories: ["AUDIO"] } as any),
      emote: new F.BooleanField(),
      flags: flagsField(),
      // common/documents/chat-message.mjs (search id 8100244046) ends its schema with a DocumentStatsField; the
      // server stamps its managed fields (see server.ts).
      _stats: new F.DocumentStatsField(),
    };
  }
  override getUserLevel(user: any): number {
    if (user.id === this._source.author) return DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
  }
  /**
   * common/documents/chat-message.mjs (v13) `migrateData`: the v12 `user` becomes `author`, and a numeric `type`
   * (the pre-v12 message type) becomes `style` (a value outside CHAT_MESSAGE_STYLES → OTHER) with `type: "base"`.
   */
  static override migrateData(source: Src): Src {
    this._addDataFieldMigration(source, "user", "author");
    if (typeof source.type === "number" && !("style" in source)) {
      source.style = (Object.values(CONST.CHAT_MESSAGE_STYLES) as number[]).includes(source.type)
        ? source.type
        : CONST.CHAT_MESSAGE_STYLES.OTHER;
      source.type = CONST.BASE_DOCUMENT_TYPE;
    }
    return super.migrateData(source);
  }
}

/** BaseChatMessage.#validateRoll (v13): a roll stored on a message must have been evaluated. */
function validateRoll(rollJSON: string): void {
  const roll = JSON.parse(rollJSON);
  if (!roll.evaluated) throw new Error("Roll objects added to ChatMessage documents must be evaluated");
}

export class BaseSetting extends Document {
  static override metadata: Metadata = {
    name: "Setting",
    // In v13 the world's Setting documents are `game.settings.storage.get("world")`; here `game.settingDocs`.
    collection: "settingDocs",
    embedded: {},
    hasTypeData: false,
    permissions: {
      create: (u) => u.hasPermission("SETTINGS_MODIFY"),
      update: (u) => u.hasPermission("SETTINGS_MODIFY"),
      delete: (u) => u.hasPermission("SETTINGS_MODIFY"),
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      key: new F.StringField({ required: true, blank: false } as any),
      value: new F.StringField({ nullable: true, initial: null } as any),
      flags: flagsField(),
    };
  }
}

/**
 * Issue 32 (the quick-start Adventure): the world documents an Adventure brings besides actors, items and scenes.
 * Schemas cut from v13 `common/documents/folder.mjs`, `journal-entry.mjs` and `journal-entry-page.mjs` to the fields
 * an Adventure's import writes and a scenario reads (see adventure.ts's header for the differences).
 */
export class BaseFolder extends Document {
  static override metadata: Metadata = {
    name: "Folder",
    collection: "folders",
    embedded: {},
    hasTypeData: false,
    // v13: create needs the role that may create the folder's document type; the import is a GM's.
    permissions: { create: "ASSISTANT", update: "ASSISTANT", delete: "ASSISTANT" },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      // v13: choices CONST.FOLDER_DOCUMENT_TYPES (Actor, Adventure, Item, Scene, JournalEntry, …).
      type: new F.StringField({ required: true, blank: false } as any),
      description: new F.StringField({ initial: "" } as any),
      folder: folderField(),
      sorting: new F.StringField({ initial: "a" } as any),
      sort: new F.IntegerSortField(),
      color: new F.StringField({ nullable: true, initial: null } as any),
      flags: flagsField(),
      _stats: new F.DocumentStatsField(),
    };
  }
}

export class BaseJournalEntryPage extends Document {
  static override metadata: Metadata = {
    name: "JournalEntryPage",
    collection: "pages",
    embedded: {},
    hasTypeData: false,
    isEmbedded: true,
    permissions: DEFAULT_PERMISSIONS,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      // v13: a DocumentTypeField with system data (text, image, pdf, video); the harness keeps the type's name.
      type: new F.StringField({ initial: "text" } as any),
      title: new F.SchemaField({
        show: new F.BooleanField({ initial: true } as any),
        level: new F.NumberField({ integer: true, initial: 1 } as any),
      }),
      text: new F.SchemaField({
        content: new F.StringField({ initial: "" } as any),
        format: new F.NumberField({ integer: true, initial: 1 } as any),
        markdown: new F.StringField({ initial: "" } as any),
      }),
      sort: new F.IntegerSortField(),
      ownership: ownershipField(),
      flags: flagsField(),
    };
  }
}

export class BaseJournalEntry extends Document {
  static override metadata: Metadata = {
    name: "JournalEntry",
    collection: "journal",
    embedded: { JournalEntryPage: "pages" },
    hasTypeData: false,
    // v13: create "JOURNAL_CREATE" (a user permission); the import is a GM's.
    permissions: DEFAULT_PERMISSIONS,
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      pages: new EmbeddedCollectionField("JournalEntryPage"),
      folder: folderField(),
      sort: new F.IntegerSortField(),
      ownership: ownershipField(),
      flags: flagsField(),
      _stats: new F.DocumentStatsField(),
    };
  }
}

/**
 * A Macro (issue 33, hotbar macros), as common/documents/macro.mjs defines it in v13 (modelled from memory of the
 * v13 source, not read through the code index here): `name`, `type` "script" or "chat", `author` (the User, as the
 * client initializes it), `img`, `command`,
 * `ownership`; creating a script macro needs the user's MACRO_SCRIPT permission, updating or deleting it ownership
 * (the author is given OWNER when a player creates it). Not modelled: folders, sort, `scope`, compendium macros.
 * The code index holds no v13 copy of that file to check this against; its one copy is v10's (VINI1520/foundryvtt
 * common/documents/macro.mjs, id 13973557206), where the author passes every permission test of its macro
 * (`testUserPermission`) and `_preCreate` sets `author` rather than giving OWNER — the same for what our scenarios do.
 */
export class BaseMacro extends Document {
  static override metadata: Metadata = {
    name: "Macro",
    collection: "macros",
    embedded: {},
    hasTypeData: false,
    permissions: {
      create: (u, d) =>
        u.isGM || (u.hasRole("PLAYER") && (d._source.type !== "script" || u.hasPermission("MACRO_SCRIPT"))),
      update: (u, d) => d.testUserPermission(u, "OWNER"),
      delete: (u, d) => d.testUserPermission(u, "OWNER"),
    },
  };
  static override defineSchema(): Src {
    return {
      _id: idField(),
      name: new F.StringField({ required: true, blank: false } as any),
      type: new F.StringField({ required: true, choices: ["chat", "script"], initial: "chat" } as any),
      author: new F.DocumentAuthorField("User"),
      img: new F.StringField({ initial: "icons/svg/dice-target.svg" } as any),
      command: new F.StringField({ required: true, blank: true, initial: "" } as any),
      ownership: ownershipField(),
      flags: flagsField(),
    };
  }
}

export const BASE_CLASSES: Record<string, typeof Document> = {
  User: BaseUser,
  Actor: BaseActor,
  Item: BaseItem,
  ActiveEffect: BaseActiveEffect,
  Scene: BaseScene,
  Wall: BaseWall,
  AmbientLight: BaseAmbientLight,
  MeasuredTemplate: BaseMeasuredTemplate,
  Region: BaseRegion,
  RegionBehavior: BaseRegionBehavior,
  Token: BaseToken,
  Combat: BaseCombat,
  Combatant: BaseCombatant,
  CombatantGroup: BaseCombatantGroup,
  ChatMessage: BaseChatMessage,
  Setting: BaseSetting,
  Folder: BaseFolder,
  JournalEntry: BaseJournalEntry,
  JournalEntryPage: BaseJournalEntryPage,
  Macro: BaseMacro,
};

/**
 * `game.model` as the v13 server sends it: for each document with type data, "base" and the sub-types the system
 * declares in system.json's `documentTypes` (template data, empty here: the system defines data models).
 * `Document.TYPES` reads its keys.
 */
export function gameModel(documentTypes: Record<string, Record<string, unknown>> = {}): Record<string, Src> {
  const model: Record<string, Src> = {};
  for (const [name, cls] of Object.entries(BASE_CLASSES)) {
    if (!cls.metadata.hasTypeData) continue;
    model[name] = { [CONST.BASE_DOCUMENT_TYPE]: {} };
    for (const t of Object.keys(documentTypes[name] ?? {})) model[name][t] = {};
  }
  return model;
}

export { randomID, setProperty };
