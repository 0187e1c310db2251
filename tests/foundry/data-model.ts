/**
 * Foundry v13 `foundry.abstract.DataModel` and `foundry.abstract.TypeDataModel` for the harness.
 *
 * Followed (read through the search tool's code index; written anew, not copied):
 * - `common/abstract/data.mjs` v13 (search id 18363250801; v13 by `_addTypes`, `_updateDiff`/`_updateCommit`,
 *   `isDeletionKey` and the `#prepareSafeSource` update path): constructor, `_initializeSource`, `defineSchema`,
 *   `schema`, `cleanData`, `_initializationOrder`, `_initialize`, `reset`, `clone`, `validate`, `validateJoint`,
 *   `updateSource`, `toObject`, `toJSON`, `fromSource`, `fromJSON`, `migrateData`, `migrateDataSafe`, `shimData`,
 *   `invalid`, `validationFailures`. (The older copy, search id 16805801799, is v11/v12 and was not followed.)
 * - `common/abstract/type-data.mjs` (search id 18726256350): `modelProvider`, the `schema` getter naming the schema
 *   "system", `prepareBaseData`, `prepareDerivedData`, `toEmbed` and the `_pre/_on Create/Update/Delete` hooks.
 * - fvtt-types 13.345.1 `common/abstract/data.d.mts`, `type-data.d.mts` for the v13 API surface.
 *
 * What the v13 rules mean for callers (all reproduced):
 * - Construction: `migrateDataSafe` → `cleanData` → `shimData` (this is `_source`, sealed, the same object as the
 *   data passed in), then `validate({strict, fallback: !strict, …})` of all fields and the joint rules, then
 *   `_initialize`. A strict construction throws DataModelValidationError on an unresolved failure.
 * - `static defineSchema()` of the base throws "The X subclass of DataModel must define its Document schema", so
 *   `TypeDataModel.migrateData(source)` called on the base class itself (this === TypeDataModel) throws that;
 *   `migrateDataSafe` turns any migration error into `logger.warn(err)` with the message prefixed
 *   "Failed data migration for <class name>: ". `logger` is `globalThis.logger ?? console` (spy on either).
 * - `updateSource(changes, {dryRun, recursive, …})`: dotted keys are expanded (into the same `changes` object),
 *   missing `type`s added, the changes cleaned with `partial: true` (numbers clamped, strings trimmed …), applied
 *   to a safe copy (`-=key: null` deletes, `==key` replaces), the diff validated strictly, then the whole copy's
 *   joint rules; only then, unless `dryRun`, committed to `_source` and re-initialized. Returns the diff. An
 *   invalid change throws DataModelValidationError and leaves `_source` untouched. v13 `updateSource` does not
 *   read `options.fallback` or `options.diff` (the client backend does).
 * - `parent` must be a DataModel (a Document in the harness) or null.
 */
import {
  _setDataModelClass,
  DataModelValidationError,
  DataModelValidationFailure,
  type DataSchema,
  EmbeddedCollectionField,
  EmbeddedDataField,
  fields,
  logger,
  SchemaField,
  TypeDataField,
  type UpdateOptions,
  validation,
  validators,
} from "./fields.js";
import {
  type AnyObject,
  deepClone,
  expandObject,
  getType,
  isDeletionKey,
  isEmpty,
  mergeObject,
  utils,
} from "./utils.js";

export { DataModelValidationError, DataModelValidationFailure, fields, validation, validators };

/** The second argument of the DataModel constructor. */
export interface DataModelConstructionContext {
  parent?: DataModel | null;
  /** Throw on invalid data (default true); when false, fall back to initial values and warn. */
  strict?: boolean;
  fallback?: boolean;
  dropInvalidEmbedded?: boolean;
  [k: string]: unknown;
}

export interface DataModelValidationOptions {
  /** Validate these partial changes rather than `_source`. */
  changes?: AnyObject;
  /** Clean the data (the changes, with `partial`) before validating. */
  clean?: boolean;
  fallback?: boolean;
  dropInvalidEmbedded?: boolean;
  /** Throw on failure (default true); otherwise warn and return false. */
  strict?: boolean;
  fields?: boolean;
  /** Joint validation; defaults to true without `changes`, false with them. */
  joint?: boolean;
}

export type DataModelUpdateOptions = UpdateOptions;

type ValidationFailures = {
  fields: DataModelValidationFailure | null;
  joint: DataModelValidationFailure | null;
};

/** The base of every data model: schema, migration, cleaning, validation, initialization, updates. */
export class DataModel {
  /** The parent model (the owning Document for a system model), or null. */
  declare readonly parent: DataModel | null;
  /** The source data: migrated, cleaned, sealed (keys can be neither added nor removed). */
  declare readonly _source: AnyObject;

  /** The cached schema (v13 declares this static field on DataModel itself). */
  static _schema: SchemaField | undefined;

  static LOCALIZATION_PREFIXES: string[] = [];

  readonly #validationFailures: ValidationFailures = Object.seal({ fields: null, joint: null });

  constructor(
    data: AnyObject = {},
    { parent = null, strict = true, ...options }: DataModelConstructionContext = {},
  ) {
    Object.defineProperty(this, "parent", {
      value: (() => {
        if (parent === null) return null;
        if (parent instanceof DataModel) return parent;
        throw new Error("The provided parent must be a DataModel instance");
      })(),
      writable: false,
      enumerable: false,
      configurable: true,
    });
    Object.defineProperty(this, "_source", {
      value: this._initializeSource(data, { strict, ...options }),
      writable: false,
      enumerable: false,
      configurable: true,
    });
    Object.seal(this._source);
    this._configure(options);
    const fallback = (options.fallback as boolean | undefined) ?? !strict;
    const dropInvalidEmbedded = (options.dropInvalidEmbedded as boolean | undefined) ?? !strict;
    this.validate({ strict, fallback, dropInvalidEmbedded, fields: true, joint: true });
    this._initialize({ strict, ...options });
  }

  /** Configure the instance before validation and initialization (subclasses: collections …). */
  _configure(_options: AnyObject = {}): void {}

  /* -------- Schema -------- */

  /** Subclasses return their fields. The base throws, as in Foundry. */
  static defineSchema(): DataSchema {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  /** The schema, built once per class from `defineSchema()` and cached on that class. */
  static get schema(): SchemaField {
    if (Object.hasOwn(this, "_schema")) return this._schema as SchemaField;
    const schema = new SchemaField(Object.freeze(this.defineSchema()));
    Object.defineProperty(this, "_schema", { value: schema, writable: false });
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /** Is there an unresolved failure from the last validation? */
  get invalid(): boolean {
    return Object.values(this.#validationFailures).some((f) => f?.unresolved);
  }

  get validationFailures(): ValidationFailures {
    return this.#validationFailures;
  }

  /* -------- Cleaning -------- */

  /** Migrate, check it is a plain object, clean and shim the data; returns the same object. */
  _initializeSource(data: AnyObject | DataModel, _options: AnyObject = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    let source = data instanceof DataModel ? data.toObject() : data;
    source = cls.migrateDataSafe(source);
    const dt = getType(source);
    if (dt !== "Object")
      throw new Error(`${cls.name} was incorrectly constructed with a ${dt} instead of an object.`);
    source = cls.cleanData(source);
    return cls.shimData(source);
  }

  /** Clean source data against the schema (in place; returns it). */
  static cleanData(source: AnyObject = {}, options: AnyObject = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  /* -------- Initialization -------- */

  static *_initializationOrder(): Generator<[string, import("./fields.js").DataField]> {
    for (const entry of this.schema.entries()) yield entry;
  }

  /** Copy the source into instance properties through each field's `initialize`. */
  _initialize(options: AnyObject = {}): void {
    const self = this as unknown as AnyObject;
    for (const [name, field] of (this.constructor as typeof DataModel)._initializationOrder()) {
      const value = field.initialize(this._source[name], this, options);
      if (name === "_id" && (!Object.getOwnPropertyDescriptor(this, "_id") || self._id === null)) {
        Object.defineProperty(this, name, { value, writable: false, configurable: true });
      } else if (field.readonly) {
        if (self[name] !== undefined) continue;
        Object.defineProperty(this, name, { value, writable: false });
      } else if (value instanceof Function) {
        Object.defineProperty(this, name, { get: value as () => unknown, set() {}, configurable: true });
      } else self[name] = value;
    }
  }

  /** Re-initialize from `_source`, dropping any change made to the prepared data. */
  reset(): void {
    this._initialize();
  }

  /** A new instance from this one's source merged with `data` (existing keys only; deletions applied). */
  clone(data: AnyObject = {}, context: DataModelConstructionContext = {}): DataModel {
    const merged = mergeObject(this.toObject(), data, {
      insertKeys: false,
      performDeletions: true,
      inplace: true,
    });
    const cls = this.constructor as new (d: AnyObject, c: DataModelConstructionContext) => DataModel;
    return new cls(merged, { parent: this.parent, ...context });
  }

  /* -------- Validation -------- */

  /**
   * Validate `_source`, or `changes` (partial unless `joint` is asked for). Records the failures; throws
   * DataModelValidationError when strict and unresolved, else warns. Returns `!this.invalid`.
   */
  validate({
    changes,
    clean = false,
    fallback = false,
    dropInvalidEmbedded = false,
    strict = true,
    fields = true,
    joint,
  }: DataModelValidationOptions = {}): boolean {
    const cls = this.constructor as typeof DataModel;
    let source = changes ?? this._source;
    const isJoint = joint ?? !changes;
    const partial = !isJoint;
    if (partial) {
      if (!clean) source = deepClone(source);
      this.schema._addTypes(this._source, source);
    }
    if (clean) cls.cleanData(source, { partial });

    if (fields) {
      this.#validationFailures.fields = null;
      const failure = this.schema.validate(source, { partial, fallback, dropInvalidEmbedded });
      if (failure) {
        const id = this._source._id ? `[${this._source._id}] ` : "";
        failure.message = `${cls.name} ${id}validation errors:`;
        this.#validationFailures.fields = failure;
        if (strict && failure.unresolved) throw failure.asError();
        logger().warn(failure.asError());
      }
    }

    if (isJoint) {
      this.#validationFailures.joint = null;
      try {
        this.schema._validateModel(source);
        cls.validateJoint(source);
      } catch (err) {
        const id = this._source._id ? `[${this._source._id}] ` : "";
        const message = [cls.name, id, `Joint Validation Error:\n${(err as Error).message}`]
          .filter(Boolean)
          .join(" ");
        const failure = new DataModelValidationFailure({ message, unresolved: true });
        this.#validationFailures.joint = failure;
        if (strict) throw failure.asError();
        logger().warn(failure.asError());
      }
    }
    return !this.invalid;
  }

  /** Rules across several fields; throw to reject. Subclasses override. */
  static validateJoint(_data: AnyObject): void {}

  /* -------- Updates -------- */

  /**
   * Apply changes to `_source` and return the diff of what changed (see the header for the steps). `changes` is
   * mutated (expanded, typed, cleaned). Throws DataModelValidationError on an invalid change, changing nothing.
   */
  updateSource(changes: AnyObject = {}, options: DataModelUpdateOptions = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    const rootKey = "_source";
    const rootDiff: AnyObject = { [rootKey]: {} };

    if (Object.keys(changes).some((k) => k.includes("."))) {
      const expanded = expandObject<AnyObject>(changes);
      for (const key in changes) delete changes[key];
      Object.assign(changes, expanded);
    }

    this.schema._addTypes(this._source, changes);
    cls.cleanData(changes, { partial: true });

    const copy = this.#prepareSafeSource(changes);
    this.schema._updateDiff({ _source: copy }, rootKey, changes, rootDiff, options);
    const diff = (rootDiff[rootKey] as AnyObject | undefined) || {};
    if (isEmpty(diff)) return diff;

    const typeChanged = "type" in diff;
    this.validate({ changes: diff, fields: true, joint: false, strict: true });
    if (!typeChanged) delete diff.type;

    this.validate({ changes: copy, fields: false, joint: true, strict: true });

    if (!options.dryRun) {
      this.schema._updateCommit(this as unknown as AnyObject, rootKey, copy, diff, options);
      this._initialize();
    }
    return diff;
  }

  /** A copy of `_source` whose changed top-level fields are deep clones (the rest are references). */
  #prepareSafeSource(changes: AnyObject): AnyObject {
    const copy: AnyObject = {};
    for (const k of Object.keys(changes)) {
      const key = isDeletionKey(k) ? k.slice(2) : k;
      if (key in this._source) copy[key] = deepClone(this._source[key]);
    }
    for (const k of Object.keys(this._source)) if (!(k in copy)) copy[k] = this._source[k];
    return copy;
  }

  /* -------- Serialization -------- */

  /** A plain copy: of `_source` (default), or of the initialized values through the schema. */
  toObject(source = true): AnyObject {
    if (source) return deepClone(this._source);
    return (this.constructor as typeof DataModel).schema.toObject(this) as AnyObject;
  }

  toJSON(): AnyObject {
    return this.toObject(true);
  }

  /** Build from trusted source data: not strict by default (invalid values fall back, with a warning). */
  static fromSource<T extends typeof DataModel>(
    this: T,
    source: AnyObject,
    { strict = false, ...context }: DataModelConstructionContext = {},
  ): InstanceType<T> {
    return new this(source, { strict, ...context }) as InstanceType<T>;
  }

  static fromJSON<T extends typeof DataModel>(this: T, json: string): InstanceType<T> {
    return this.fromSource(JSON.parse(json) as AnyObject) as InstanceType<T>;
  }

  /* -------- Migration and shims -------- */

  /** Migrate candidate source data in place: the schema's fields migrate their own data. Returns `source`. */
  static migrateData(source: AnyObject): AnyObject {
    this.schema.migrateSource(source, source);
    return source;
  }

  /** `migrateData`, with any error logged as a warning ("Failed data migration for <name>: …"). */
  static migrateDataSafe(source: AnyObject): AnyObject {
    try {
      this.migrateData(source);
    } catch (err) {
      const e = err as Error;
      e.message = `Failed data migration for ${this.name}: ${e.message}`;
      logger().warn(e);
    }
    return source;
  }

  /** Add backward-compatible accessors (none in the harness beyond the embedded recursion). */
  static shimData(data: AnyObject, { embedded = true }: { embedded?: boolean } = {}): AnyObject {
    if (Object.isSealed(data)) return data;
    const schema = this.schema;
    if (embedded) {
      for (const [name, value] of Object.entries(data)) {
        const field = schema.get(name);
        if (field instanceof EmbeddedDataField && !Object.isSealed(value)) {
          data[name] = field.model.shimData((value as AnyObject) || {});
        } else if (field instanceof EmbeddedCollectionField) {
          for (const d of (value as AnyObject[]) || []) if (!Object.isSealed(d)) field.model.shimData(d);
        }
      }
    }
    return data;
  }
}

_setDataModelClass(DataModel);

/**
 * The model of a Document sub-type's `system` data. Its `parent` is the owning Document; its schema is named
 * "system". The database hooks are no-ops the document layer calls.
 */
export class TypeDataModel extends DataModel {
  /** The package that provides this sub-type (`game.system`, a module, or null). */
  declare readonly modelProvider: unknown;

  static override LOCALIZATION_PREFIXES: string[] = [];

  constructor(data: AnyObject = {}, options: DataModelConstructionContext = {}) {
    super(data, options);
    Object.defineProperty(this, "modelProvider", {
      value: TypeDataField.getModelProvider(this as unknown as import("./fields.js").ModelInstance),
      writable: false,
    });
  }

  static override get schema(): SchemaField {
    if (Object.hasOwn(this, "_schema")) return this._schema as SchemaField;
    const schema = super.schema;
    schema.name = "system";
    return schema;
  }

  /** Before derived data (and active effects): called by the document's `prepareBaseData`. */
  prepareBaseData(): void {}

  /** Derived values: called by the document's `prepareDerivedData`. */
  prepareDerivedData(): void {}

  async toEmbed(_config: AnyObject, _options: AnyObject = {}): Promise<HTMLElement | HTMLCollection | null> {
    return null;
  }

  /** Return false to exclude the document from the creation. */
  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }

  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}

  /** Return false to cancel the update. */
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }

  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}

  /** Return false to cancel the deletion. */
  async _preDelete(_options: AnyObject, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }

  _onDelete(_options: AnyObject, _userId: string): void {}
}

/**
 * The common part of the `foundry` global, for the world to install and extend:
 * `foundry.abstract.{DataModel, TypeDataModel}`, `foundry.data.{fields, validation, validators}`, `foundry.utils`.
 */
export const foundryCommon = {
  abstract: { DataModel, TypeDataModel },
  data: { fields, validation, validators },
  utils,
};
