/**
 * Foundry v13 data fields (`foundry.data.fields`) and validation failures (`foundry.data.validation`), as far as
 * our system and a document layer need them. Each class keeps Foundry's name, options, defaults and method names,
 * and the cleaning / validation / update rules of v13.
 *
 * Followed (read through the search tool's code index; written anew, not copied):
 * - `common/data/fields.mjs` v13 (search id 18292846256; v13 by the `MEDIA` file-category deprecation "since 13"):
 *   DataField, SchemaField, BooleanField, NumberField, StringField, ObjectField, TypedObjectField, ArrayField,
 *   SetField, EmbeddedDataField, EmbeddedCollectionField, DocumentIdField, DocumentUUIDField, ForeignDocumentField,
 *   ColorField, FilePathField, AngleField, AlphaField, DocumentAuthorField, DocumentOwnershipField, AnyField,
 *   HTMLField, IntegerSortField, DocumentFlagsField, DocumentStatsField, DocumentTypeField, TypeDataField.
 * - `common/data/validation-failure.mjs` (search id 44094858497): DataModelValidationFailure,
 *   DataModelValidationError (message format, getFailure, getAllFailures).
 * - fvtt-types 13.345.1 `common/data/fields.d.mts` (NumberField#_cleanType "Applies integer, min, max, and step").
 *
 * v13 rules our code meets (all reproduced here):
 * - `clean` runs first: `undefined` → the initial value; a value that fails `_validateSpecial` (null on a
 *   non-nullable field, "" on a non-blank string) → the initial value; otherwise `_cast` then `_cleanType`.
 * - NumberField#_cleanType rounds (`integer`) and CLAMPS to `min`/`max` (and snaps to `step`). So an update below
 *   `min` is stored as `min`, not rejected: `updateSource` cleans before it validates. A NumberField rejects only
 *   what cleaning cannot mend (a non-numeric string becomes NaN → "must be an integer" / "must be a finite
 *   number"), or a raw value validated without cleaning (`model.validate({changes})`).
 * - StringField with `choices` rejects values outside them ("x is not a valid choice"); `choices` makes the field
 *   non-blank and non-nullable unless those options are given. Strings are trimmed when cleaned.
 * - With `options.partial`, SchemaField cleans and validates only the keys present.
 *
 * Harness choices (where Foundry leans on classes the harness does not model):
 * - Fields never import the DataModel; data-model.ts registers it here (`_setDataModelClass`) so EmbeddedDataField
 *   can check its model class, as Foundry checks `foundry.abstract.DataModel`.
 * - Document classes may be given as the class or as its document name ("Item"): EmbeddedCollectionField,
 *   ForeignDocumentField, TypeDataField and DocumentTypeField accept either. A name is resolved at call time through
 *   `globalThis.CONFIG[name].documentClass` (the harness's CONFIG is per client). See each class.
 * - ColorField keeps the string (Foundry initializes a Color instance); FilePathField checks extensions against a
 *   small built-in table of CONST.FILE_CATEGORIES.
 * - Active-effect `applyChange*` and form rendering (`toInput`, `toFormGroup`) are not modelled.
 */
import {
  type AnyObject,
  applySpecialKeys,
  deepClone,
  diffObject,
  equalsOf,
  getType,
  isDeletionKey,
  isEmpty,
  isSubclass,
  isValidId,
  mergeObject,
  randomID,
  toNearest,
} from "./utils.js";

/* ---------------------------------------- */
/*  Validation failures                     */
/* ---------------------------------------- */

export interface ElementValidationFailure {
  id: string | number;
  name?: string;
  failure: DataModelValidationFailure;
}

/** One failed validation: of a field, of the fields inside it (`fields`) or of the elements of a list (`elements`). */
export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  dropped: boolean;
  message: string | undefined;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: ElementValidationFailure[] = [];
  /** True when this failure, or one inside it, was not mended by a fallback. */
  unresolved: boolean;

  constructor({
    invalidValue,
    fallback,
    dropped = false,
    message,
    unresolved = false,
  }: {
    invalidValue?: unknown;
    fallback?: unknown;
    dropped?: boolean;
    message?: string;
    unresolved?: boolean;
  } = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.dropped = dropped;
    this.message = message;
    this.unresolved = unresolved;
  }

  asError(): DataModelValidationError {
    return new DataModelValidationError(this);
  }

  isEmpty(): boolean {
    return isEmpty(this.fields) && isEmpty(this.elements);
  }

  toObject(): { invalidValue: unknown; fallback: unknown; dropped: boolean; message: string | undefined } {
    const { invalidValue, fallback, dropped, message } = this;
    return { invalidValue, fallback, dropped, message };
  }

  /** The message, then one indented line per nested failure ("  key: message"). */
  toString(): string {
    return formatFailure(this, 0);
  }
}

function formatFailure(failure: DataModelValidationFailure, depth: number): string {
  let message = failure.message ?? "";
  const d = depth + 1;
  if (!isEmpty(failure.fields)) {
    const lines = Object.entries(failure.fields).map(([key, sub]) => {
      const name = isDeletionKey(key) ? key.slice(2) : key;
      return `${" ".repeat(2 * d)}${name}: ${formatFailure(sub, d)}`;
    });
    message += `\n${lines.join("\n")}`;
  }
  if (!isEmpty(failure.elements)) {
    const lines = failure.elements.map((e) => `${" ".repeat(2 * d)}${e.id}: ${formatFailure(e.failure, d)}`);
    message += `\n${lines.join("\n")}`;
  }
  return message;
}

/** The Error a strict validation throws; its message is the failure's `toString()`. */
export class DataModelValidationError extends Error {
  readonly #failure: DataModelValidationFailure | undefined;

  constructor(failure: DataModelValidationFailure | string, options?: ErrorOptions) {
    super(failure.toString(), options);
    this.name = "DataModelValidationError";
    if (failure instanceof DataModelValidationFailure) this.#failure = failure;
  }

  /** The root failure, or the one at a dotted path of field names / element ids. */
  getFailure(path?: string): DataModelValidationFailure | undefined {
    if (!this.#failure) return undefined;
    if (!path) return this.#failure;
    let failure: DataModelValidationFailure | undefined = this.#failure;
    for (const p of path.split(".")) {
      if (!failure) return undefined;
      if (!isEmpty(failure.fields)) failure = failure.fields[p];
      else if (!isEmpty(failure.elements))
        failure = failure.elements.find((e) => e.id?.toString() === p)?.failure;
    }
    return failure;
  }

  /** Every leaf failure by its dotted path, or undefined when there is no nested failure. */
  getAllFailures(): Record<string, DataModelValidationFailure> | undefined {
    if (!this.#failure || this.#failure.isEmpty()) return undefined;
    return aggregateFailures(this.#failure) as Record<string, DataModelValidationFailure>;
  }
}

function aggregateFailures(
  failure: DataModelValidationFailure,
): DataModelValidationFailure | Record<string, DataModelValidationFailure> {
  if (failure.isEmpty()) return failure;
  const failures: Record<string, DataModelValidationFailure> = {};
  const record = (field: string | number, sub: ReturnType<typeof aggregateFailures>) => {
    if (sub instanceof DataModelValidationFailure) failures[field] = sub;
    else for (const [k, v] of Object.entries(sub)) failures[`${field}.${k}`] = v;
  };
  for (const [field, sub] of Object.entries(failure.fields)) record(field, aggregateFailures(sub));
  for (const e of failure.elements) record(e.id, aggregateFailures(e.failure));
  return failures;
}

/* ---------------------------------------- */
/*  Shared types                            */
/* ---------------------------------------- */

export interface CleanOptions {
  /** Clean only the keys present (an update), not a whole source. */
  partial?: boolean;
  /** The root source being cleaned (set by the outermost SchemaField). */
  source?: AnyObject;
  recursive?: boolean;
  [k: string]: unknown;
}

export interface ValidateOptions {
  partial?: boolean;
  /** Replace invalid values by the field's initial value where that one is valid. */
  fallback?: boolean;
  dropInvalidEmbedded?: boolean;
  source?: AnyObject;
  [k: string]: unknown;
}

/** The options of `DataModel#updateSource` that fields read. */
export interface UpdateOptions {
  dryRun?: boolean;
  fallback?: boolean;
  recursive?: boolean;
  [k: string]: unknown;
}

export type CustomValidator = (value: unknown, options: ValidateOptions) => unknown;

export interface DataFieldOptions {
  required?: boolean;
  nullable?: boolean;
  /** A value, or a function of the root source data returning one. */
  initial?: unknown;
  readonly?: boolean;
  gmOnly?: boolean;
  label?: string;
  hint?: string;
  validationError?: string;
  /** Runs after the field's own checks: throw, return false or a failure to reject; return true to accept. */
  validate?: CustomValidator;
  [k: string]: unknown;
}

export interface DataFieldContext {
  name?: string;
  parent?: DataField;
}

export type Choices = readonly unknown[] | AnyObject | (() => readonly unknown[] | AnyObject);

/** The shape of a DataModel class that fields call (`foundry.abstract.DataModel` and subclasses). */
export interface ModelClass {
  new (data?: AnyObject, options?: AnyObject): ModelInstance;
  readonly name: string;
  readonly schema: SchemaField;
  defineSchema(): DataSchema;
  cleanData(source?: AnyObject, options?: CleanOptions): AnyObject;
  migrateDataSafe(source: AnyObject): AnyObject;
  shimData(data: AnyObject, options?: { embedded?: boolean }): AnyObject;
  validateJoint(data: AnyObject): void;
}

/** The parts of a DataModel instance that fields call. */
export interface ModelInstance {
  readonly _source: AnyObject;
  readonly parent: ModelInstance | null;
  toObject(source?: boolean): AnyObject;
}

/** The shape of a Document class that document-aware fields call (the harness's document layer supplies it). */
export interface DocumentClassLike extends ModelClass {
  readonly documentName: string;
  readonly implementation?: DocumentClassLike;
  readonly TYPES?: readonly string[];
  get?(id: string, options?: AnyObject): unknown;
}

export type DataSchema = Record<string, DataField>;

let DataModelClass: (abstract new (...args: never[]) => unknown) | null = null;

/** Called by data-model.ts once DataModel exists (Foundry reads `foundry.abstract.DataModel`). */
export function _setDataModelClass(cls: abstract new (...args: never[]) => unknown): void {
  DataModelClass = cls;
}

/** Foundry's global `logger` (console in the browser); tests may set `globalThis.logger` to capture. */
export function logger(): Pick<Console, "warn" | "error" | "info" | "debug"> {
  return (globalThis as { logger?: Console }).logger ?? console;
}

type ConfigRecord = Record<
  string,
  { documentClass?: DocumentClassLike; dataModels?: Record<string, ModelClass> }
>;

/** `globalThis.CONFIG`, read at call time (the harness swaps it per client). */
function config(): ConfigRecord | undefined {
  return (globalThis as { CONFIG?: ConfigRecord }).CONFIG;
}

function gameGlobal(): AnyObject | undefined {
  return (globalThis as { game?: AnyObject }).game;
}

/** A document class given as a class or as its name, resolved now. */
export type DocumentRef = DocumentClassLike | string;

export function resolveDocumentClass(ref: DocumentRef): DocumentClassLike | undefined {
  if (typeof ref !== "string") return ref.implementation ?? ref;
  return config()?.[ref]?.documentClass;
}

function documentNameOf(ref: DocumentRef): string {
  return typeof ref === "string" ? ref : ref.documentName;
}

/* ---------------------------------------- */
/*  DataField                               */
/* ---------------------------------------- */

/** The base field: options and defaults, cleaning, validation, initialization, update diff and commit. */
export class DataField {
  declare name: string | undefined;
  declare parent: DataField | undefined;
  declare options: DataFieldOptions;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare readonly: boolean;
  declare gmOnly: boolean;
  declare label: string;
  declare hint: string;
  declare validationError: string;

  /** Does this field contain other fields (SchemaField, ArrayField, TypeDataField …)? */
  static recursive = false;
  /** Does this field define part of a Document hierarchy (embedded collections)? */
  static hierarchical = false;

  constructor(options: DataFieldOptions = {}, { name, parent }: DataFieldContext = {}) {
    this.name = name;
    this.parent = parent;
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    const self = this as unknown as AnyObject;
    for (const k in defaults) self[k] = k in options ? options[k] : defaults[k];
  }

  /** Default options of this field class. */
  static get _defaults(): DataFieldOptions {
    return {
      required: false,
      nullable: false,
      initial: undefined,
      readonly: false,
      gmOnly: false,
      label: "",
      hint: "",
      validationError: "is not a valid value",
    };
  }

  /** "parent.path.name" within the schema. */
  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter(Boolean).join(".");
  }

  /** Add missing `type` keys to partial changes (SchemaField / TypeDataField do the work). */
  _addTypes(_source: unknown, _changes: unknown, _options: AnyObject = {}): void {}

  _getField(path: string[]): DataField | undefined {
    return path.length ? undefined : this;
  }

  /* -------- Cleaning -------- */

  /**
   * Coerce a value to this field's type. `undefined` → initial value; a value `_validateSpecial` throws on (null when
   * not nullable …) → initial value; a value it accepts (null when nullable …) → kept; else `_cast` + `_cleanType`.
   */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return this.getInitialValue(options.source);
    try {
      if (this._validateSpecial(value) === true) return value;
    } catch {
      return this.getInitialValue(options.source);
    }
    return this._cleanType(this._cast(value), options);
  }

  _cleanType(value: unknown, _options: CleanOptions = {}): unknown {
    return value;
  }

  _cast(value: unknown): unknown {
    return value;
  }

  /** The initial value: `initial(data)` if a function, `initial` if defined, else undefined / null. */
  getInitialValue(data?: unknown): unknown {
    if (typeof this.initial === "function") return (this.initial as (d: unknown) => unknown)(data);
    if (this.initial !== undefined) return this.initial;
    if (!this.required) return undefined;
    if (this.nullable) return null;
    return undefined;
  }

  toObject(value: unknown): unknown {
    return value;
  }

  /* -------- Validation -------- */

  /**
   * Validate a value: `_validateSpecial`, then `_validateType`, then the `validate` option. A validator accepts for
   * certain by returning true, rejects by throwing, returning false or returning a failure. Returns the failure, or
   * undefined when valid.
   */
  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | undefined {
    const validators: CustomValidator[] = [this._validateSpecial, this._validateType];
    if (this.options.validate) validators.push(this.options.validate);
    try {
      for (const validator of validators) {
        const isValid = validator.call(this, value, options);
        if (isValid === true) return undefined;
        if (isValid === false) {
          return new DataModelValidationFailure({
            invalidValue: value,
            message: this.validationError,
            unresolved: true,
          });
        }
        if (isValid instanceof DataModelValidationFailure) return isValid;
      }
    } catch (err) {
      return new DataModelValidationFailure({
        invalidValue: value,
        message: (err as Error).message,
        unresolved: true,
      });
    }
    return undefined;
  }

  /** null is valid only when nullable, undefined only when not required; otherwise no verdict. */
  _validateSpecial(value: unknown, _options?: ValidateOptions): boolean | undefined {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
    return undefined;
  }

  _validateType(
    _value: unknown,
    _options: ValidateOptions = {},
  ): boolean | DataModelValidationFailure | undefined {
    return undefined;
  }

  /** Joint validation of inner models (recursive fields only). */
  _validateModel(_data: unknown, _options: AnyObject = {}): void {}

  /* -------- Initialization and updates -------- */

  initialize(value: unknown, _model?: unknown, _options: AnyObject = {}): unknown {
    return value;
  }

  /** Apply `value` to `source[key]` (a safe copy) and record what changed in `difference[key]`. */
  _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    _options: UpdateOptions,
  ): void {
    if (value === source[key]) return;
    difference[key] = value;
    source[key] = value;
  }

  /** Commit a prepared change to the real source. */
  _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    _diff: unknown,
    _options: UpdateOptions,
  ): void {
    source[key] = value;
  }
}

/* ---------------------------------------- */
/*  SchemaField                             */
/* ---------------------------------------- */

/** A field made of named fields. `required: true, nullable: false` by default. */
export class SchemaField extends DataField {
  declare fields: DataSchema;

  static override recursive = true;

  constructor(fields: DataSchema, options?: DataFieldOptions, context: DataFieldContext = {}) {
    super(options, context);
    this.fields = this._initialize(fields);
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false });
  }

  /** Check the schema and give each field its name and parent. */
  _initialize(fields: DataSchema): DataSchema {
    if (getType(fields) !== "Object") {
      throw new Error("A DataSchema must be an object with string keys and DataField values.");
    }
    const out = { ...fields };
    for (const [name, field] of Object.entries(out)) {
      if (name === "_source") throw new Error('"_source" is not a valid name for a field of a SchemaField.');
      if (!(field instanceof DataField))
        throw new Error(`The "${name}" field is not an instance of the DataField class.`);
      if (field.parent !== undefined) {
        throw new Error(
          `The "${field.fieldPath}" field already belongs to some other parent and may not be reused.`,
        );
      }
      field.name = name;
      field.parent = this;
    }
    return out;
  }

  *[Symbol.iterator](): Generator<DataField> {
    for (const field of Object.values(this.fields)) yield field;
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  values(): DataField[] {
    return Object.values(this.fields);
  }

  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }

  has(fieldName: string): boolean {
    return Object.hasOwn(this.fields, fieldName);
  }

  get(fieldName: string): DataField | undefined {
    if (!this.has(fieldName)) return undefined;
    return this.fields[fieldName];
  }

  /** The field at a path: ["abilities", "dex"] or "abilities.dex". */
  getField(fieldName: string | string[]): DataField | undefined {
    let path: string[];
    if (typeof fieldName === "string") path = fieldName.split(".");
    else if (Array.isArray(fieldName)) path = fieldName.slice();
    else throw new Error("A field path must be an array of strings or a dot-delimited string");
    return this._getField(path);
  }

  override _getField(path: string[]): DataField | undefined {
    if (!path.length) return this;
    const field = this.get(path.shift() as string);
    return field?._getField(path);
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return this._cleanType({});
    return initial;
  }

  override _cast(value: unknown): unknown {
    return getType(value) === "Object" ? value : {};
  }

  /** Clean each field (only those present when partial; `==name` keys fully), drop keys not in the schema. */
  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const data = value as AnyObject;
    options.source = options.source || data;
    for (const [name, field] of this.entries()) {
      const k = `==${name}`;
      if (k in data) data[k] = field.clean(applySpecialKeys(data[k]), { ...options, partial: false });
      else if (!options.partial || name in data) data[name] = field.clean(data[name], options);
    }
    for (const k in data) {
      if (this.has(k)) continue;
      if (isDeletionKey(k) && this.has(k.slice(2))) continue;
      delete data[k];
    }
    return data;
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    if (!value) return value;
    const source = value as AnyObject;
    const data: AnyObject = {};
    for (const [name, field] of this.entries()) {
      const v = field.initialize(source[name], model, options);
      if (field.readonly) Object.defineProperty(data, name, { value: v, writable: false });
      else if (typeof v === "function" && !v.prototype) {
        Object.defineProperty(data, name, { get: v as () => unknown, set() {}, configurable: true });
      } else data[name] = v;
    }
    return data;
  }

  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    options: UpdateOptions,
  ): void {
    // * -> undefined, * -> null, or a non-recursive replacement of this whole schema
    if (value === undefined || value === null || (options.recursive === false && key !== "_source")) {
      let v = applySpecialKeys(value);
      if (options.recursive === false) v = this.clean(v);
      super._updateDiff(source, key, v, difference, options);
      return;
    }
    const changes = value as AnyObject;
    const hasTypeData = this.fields.system instanceof TypeDataField;
    if (hasTypeData && ("==type" in changes || "-=type" in changes)) {
      throw new Error("The type of a Document cannot be updated with ==type or -=type");
    }
    source[key] ||= {};
    const inner = source[key] as AnyObject;
    const schemaDiff: AnyObject = {};
    difference[key] = schemaDiff;
    for (const [k, v] of Object.entries(changes)) {
      const special = isDeletionKey(k);
      const name = special ? k.slice(2) : k;
      const field = this.get(name);
      if (!field) continue;
      if (special) {
        if (k[0] === "-") {
          if (v !== null) {
            throw new Error(
              "Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}",
            );
          }
          if (name in inner) {
            schemaDiff[k] = v;
            delete inner[name];
          }
        } else {
          const replaced = applySpecialKeys(v);
          inner[name] = replaced;
          schemaDiff[k] = replaced;
        }
        continue;
      }
      field._updateDiff(inner, k, v, schemaDiff, options);
    }
    if (
      hasTypeData &&
      "type" in schemaDiff &&
      !("==system" in changes || ("system" in changes && options.recursive === false))
    ) {
      throw new Error(
        "The type of a Document can be changed only if the system field is force-replaced (==) or updated with {recursive: false}",
      );
    }
    if (isEmpty(schemaDiff)) delete difference[key];
  }

  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    diff: unknown,
    options: UpdateOptions,
  ): void {
    const s = source[key] as AnyObject | undefined;
    if (!s || !value) {
      source[key] = value;
      return;
    }
    if (this.fields.system instanceof TypeDataField && "type" in (diff as AnyObject)) s.system = undefined;
    for (const [dk, d] of Object.entries(diff as AnyObject)) {
      const k = isDeletionKey(dk) ? dk.slice(2) : dk;
      const field = this.get(k);
      if (!field) continue;
      field._updateCommit(s, k, (value as AnyObject)[k], d, options);
    }
  }

  /** Validate each field (and its `-=`/`==` keys); with `fallback`, replace invalid values by valid initials. */
  override _validateType(
    value: unknown,
    options: ValidateOptions = {},
  ): DataModelValidationFailure | undefined {
    if (!(value instanceof Object)) throw new Error("must be an object");
    const data = value as AnyObject;
    options.source = options.source || data;
    const schemaFailure = new DataModelValidationFailure();
    for (const [name, field] of this.entries()) {
      for (const prefix of ["", "-=", "=="]) {
        const key = prefix + name;
        if ((prefix || options.partial) && !(key in data)) continue;
        let v = data[key];
        if (prefix === "-=") {
          if (v !== null) {
            throw new Error(
              "Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}",
            );
          }
          v = undefined;
        }
        const failure = field.validate(v, options);
        if (!failure) continue;
        schemaFailure.fields[key] = failure;
        if (!failure.unresolved) continue;
        if (options.fallback && !prefix) {
          const initial = field.getInitialValue(options.source);
          const fallbackFailure = field.validate(initial, { fallback: false, source: options.source });
          if (fallbackFailure) {
            failure.unresolved = true;
            schemaFailure.unresolved = true;
          } else {
            data[name] = initial;
            failure.fallback = initial;
            failure.unresolved = false;
          }
        } else {
          failure.unresolved = true;
          schemaFailure.unresolved = true;
        }
      }
    }
    if (!isEmpty(schemaFailure.fields)) return schemaFailure;
    return undefined;
  }

  override _validateModel(changes: unknown, options: AnyObject = {}): void {
    options.source = options.source || changes;
    if (!changes) return;
    for (const [name, field] of this.entries()) {
      const change = (changes as AnyObject)[name];
      if (change && (field.constructor as typeof DataField).recursive) field._validateModel(change, options);
    }
  }

  override toObject(value: unknown): unknown {
    if (value === undefined || value === null) return value;
    const data: AnyObject = {};
    for (const [name, field] of this.entries()) data[name] = field.toObject((value as AnyObject)[name]);
    return data;
  }

  override _addTypes(source: unknown, changes: unknown, options: AnyObject = {}): void {
    if (getType(source) !== "Object" || getType(changes) !== "Object") return;
    const s = source as AnyObject;
    const c = changes as AnyObject;
    options.source ??= s;
    options.changes ??= c;
    if (this.fields.system instanceof TypeDataField) {
      if ("type" in c) c.type ??= this.fields.type?.getInitialValue(s);
      else c.type = s.type;
    }
    for (const key in c) this.get(key)?._addTypes(s[key], c[key], options);
  }

  /** Run each field's `migrateSource` on the candidate data (`-=` keys skipped, `==` keys included). */
  migrateSource(sourceData: AnyObject, fieldData: unknown): void {
    if (getType(fieldData) !== "Object") return;
    const data = fieldData as AnyObject;
    for (const key in data) {
      const special = isDeletionKey(key);
      if (special && key[0] === "-") continue;
      const field = this.get(special ? key.slice(2) : key) as (DataField & Migratable) | undefined;
      if (!field || typeof field.migrateSource !== "function") continue;
      field.migrateSource(sourceData, data[key]);
    }
  }
}

interface Migratable {
  migrateSource(sourceData: AnyObject, fieldData: unknown): void;
}

/* ---------------------------------------- */
/*  Basic fields                            */
/* ---------------------------------------- */

/** true / false; required, not nullable, initial false. Strings cast as `=== "true"`, objects as false. */
export class BooleanField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false, initial: false });
  }

  override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  override _validateType(value: unknown): undefined {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
    return undefined;
  }
}

export interface NumberFieldOptions extends DataFieldOptions {
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  positive?: boolean;
  choices?: Choices;
}

/**
 * A number; nullable by default (not when `choices` are given). Cleaning rounds (`integer`), clamps to
 * `min`/`max` and snaps to `step`; validation rejects non-numbers, NaN/Infinity, non-integers, non-positive
 * (`positive`), out-of-range and not-a-choice values.
 */
export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: Choices | undefined;

  constructor(options: NumberFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    if (this.choices) this.nullable = options.nullable ?? false;
    if (
      Number.isFinite(this.min) &&
      Number.isFinite(this.max) &&
      (this.min as number) > (this.max as number)
    ) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      nullable: true,
      min: undefined,
      max: undefined,
      step: undefined,
      integer: false,
      positive: false,
      choices: undefined,
    });
  }

  override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }

  override _cleanType(value: unknown, options?: CleanOptions): unknown {
    const cleaned = super._cleanType(value, options);
    if (typeof cleaned !== "number") return cleaned;
    let v: number = this.integer ? Math.round(cleaned) : cleaned;
    const min = this.min as number;
    const max = this.max as number;
    if (Number.isFinite(this.step)) {
      const step = this.step as number;
      let base = 0;
      if (Number.isFinite(min)) {
        base = min;
        v = Math.max(v, min);
      }
      v = toNearest(v, step, "round", base);
      if (Number.isFinite(max)) v = Math.min(v, toNearest(max, step, "floor", base));
    } else {
      if (Number.isFinite(min)) v = Math.max(v, min);
      if (Number.isFinite(max)) v = Math.min(v, max);
    }
    return v;
  }

  override _validateType(value: unknown): undefined {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    const min = this.min as number;
    const max = this.max as number;
    if (Number.isFinite(min) && value < min) throw new Error(`must be at least ${min}`);
    if (Number.isFinite(max) && value > max) throw new Error(`must be at most ${max}`);
    if (Number.isFinite(this.step)) {
      const step = this.step as number;
      if (toNearest(value, step, "round", Number.isFinite(min) ? min : 0) !== value) {
        if (Number.isFinite(min) && min !== 0)
          throw new Error(`must be an increment of ${step} after subtracting ${min}`);
        throw new Error(`must be an increment of ${step}`);
      }
    }
    if (this.choices && !isValidChoice(this.choices, value))
      throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
    return undefined;
  }
}

function isValidChoice(choices: Choices, value: unknown): boolean {
  const c = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(c)) return c.includes(value);
  return String(value) in (c as AnyObject);
}

export interface StringFieldOptions extends DataFieldOptions {
  blank?: boolean;
  trim?: boolean;
  choices?: Choices;
  textSearch?: boolean;
}

/**
 * A string; blank allowed and trimmed by default. With `choices`, blank and null are refused unless the options
 * say otherwise, and a value outside the choices is rejected. A required blank field's initial value is "".
 */
export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: Choices | undefined;
  declare textSearch: boolean;

  constructor(options: StringFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    if (this.choices) {
      this.nullable = options.nullable ?? false;
      this.blank = options.blank ?? false;
    }
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { blank: true, trim: true, choices: undefined, textSearch: false });
  }

  override clean(value: unknown, options?: CleanOptions): unknown {
    const v = typeof value === "string" && this.trim ? value.trim() : value;
    return super.clean(v, options);
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.blank && this.required && !initial) return "";
    return initial;
  }

  override _cast(value: unknown): unknown {
    return String(value);
  }

  override _validateSpecial(value: unknown): boolean | undefined {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }

  override _validateType(value: unknown, _options?: ValidateOptions): boolean | undefined {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices) {
      if (this._isValidChoice(value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
    return undefined;
  }

  _isValidChoice(value: string): boolean {
    return isValidChoice(this.choices as Choices, value);
  }
}

/** A plain object; required, not nullable, initial {}. Updates merge recursively unless `recursive: false`. */
export class ObjectField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false });
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return {};
    return initial;
  }

  override _cast(value: unknown): unknown {
    let v = value;
    const toObject = (v as { toObject?: unknown }).toObject;
    if (typeof toObject === "function") v = toObject.call(v);
    return getType(v) === "Object" ? v : {};
  }

  override initialize(value: unknown, _model?: unknown, _options: AnyObject = {}): unknown {
    if (!value) return value;
    return deepClone(value);
  }

  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    options: UpdateOptions,
  ): void {
    if (getType(value) === "Object" && options.recursive !== false) {
      if (getType(source[key]) !== "Object") source[key] = {};
      const diff = diffObject(source[key] as object, value as object, { deletionKeys: true });
      if (isEmpty(diff)) return;
      difference[key] = diff;
      mergeObject(source[key] as object, value as object, {
        insertKeys: true,
        insertValues: true,
        performDeletions: true,
      });
    } else super._updateDiff(source, key, applySpecialKeys(value), difference, options);
  }

  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    _diff: unknown,
    _options: UpdateOptions,
  ): void {
    const s = source[key] as AnyObject | undefined;
    if (!s || !value || Object.isSealed(s)) {
      source[key] = value;
      return;
    }
    for (const k of Object.keys(s)) if (!(k in (value as AnyObject))) delete s[k];
    Object.assign(s, value);
  }

  override toObject(value: unknown): unknown {
    return deepClone(value);
  }

  override _validateType(
    value: unknown,
    _options: ValidateOptions = {},
  ): boolean | DataModelValidationFailure | undefined {
    if (getType(value) !== "Object") throw new Error("must be an object");
    return undefined;
  }
}

export interface TypedObjectFieldOptions extends DataFieldOptions {
  /** Keys for which this returns false (or throws) are dropped when cleaned. */
  validateKey?: (key: string) => boolean;
}

/** An object mapping any keys to values of one element field (flags, per-user records …). */
export class TypedObjectField extends ObjectField {
  declare element: DataField;
  declare validateKey: ((key: string) => boolean) | undefined;

  static override recursive = true;

  constructor(element: DataField, options?: TypedObjectFieldOptions, context?: DataFieldContext) {
    super(options, context);
    if (!(element instanceof DataField)) throw new Error("The element must be a DataField");
    if (element.parent !== undefined) throw new Error("The element DataField already has a parent");
    element.name ||= "element";
    element.parent = this;
    this.element = element;
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { validateKey: undefined });
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const data = value as AnyObject;
    options.source = options.source || data;
    for (const key in data) {
      const special = isDeletionKey(key);
      const k = special ? key.slice(2) : key;
      let valid: boolean | undefined;
      try {
        valid = this.validateKey?.(k);
      } catch {
        valid = false;
      }
      if (valid === false) {
        delete data[key];
        continue;
      }
      if (special && key[0] === "-") continue;
      data[key] = this.element.clean(data[key], options);
    }
    return data;
  }

  override _validateType(
    value: unknown,
    options: ValidateOptions = {},
  ): DataModelValidationFailure | undefined {
    if (getType(value) !== "Object") throw new Error("must be an object");
    const data = value as AnyObject;
    options.source = options.source || data;
    const mappingFailure = new DataModelValidationFailure();
    for (const key in data) {
      if (key.startsWith("-=")) continue;
      const failure = this.element.validate(data[key], options);
      if (!failure) continue;
      mappingFailure.fields[key] = failure;
      if (!failure.unresolved) continue;
      if (options.fallback && !key.startsWith("==")) {
        const initial = this.element.getInitialValue(options.source);
        if (this.element.validate(initial, { source: options.source }) === undefined) {
          data[key] = initial;
          failure.fallback = initial;
          failure.unresolved = false;
        } else {
          failure.unresolved = true;
          mappingFailure.unresolved = true;
        }
      } else {
        failure.unresolved = true;
        mappingFailure.unresolved = true;
      }
    }
    if (!isEmpty(mappingFailure.fields)) return mappingFailure;
    return undefined;
  }

  override _validateModel(changes: unknown, options: AnyObject = {}): void {
    options.source = options.source || changes;
    if (!changes) return;
    for (const key in changes as AnyObject) {
      const change = (changes as AnyObject)[key];
      if (change && (this.element.constructor as typeof DataField).recursive)
        this.element._validateModel(change, options);
    }
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    const object: AnyObject = {};
    for (const key in value as AnyObject) {
      object[key] = this.element.initialize((value as AnyObject)[key], model, options);
    }
    return object;
  }

  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    options: UpdateOptions,
  ): void {
    if (value === undefined || value === null || options.recursive === false) {
      super._updateDiff(source, key, value, difference, options);
      return;
    }
    source[key] ||= {};
    const inner = source[key] as AnyObject;
    const schemaDiff: AnyObject = {};
    difference[key] = schemaDiff;
    for (const [k, v] of Object.entries(value as AnyObject)) {
      if (isDeletionKey(k)) {
        const name = k.slice(2);
        if (k[0] === "-") {
          if (v !== null) {
            throw new Error(
              "Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}",
            );
          }
          if (name in inner) {
            schemaDiff[k] = v;
            delete inner[name];
          }
        } else {
          const replaced = applySpecialKeys(v);
          inner[name] = replaced;
          schemaDiff[k] = replaced;
        }
        continue;
      }
      this.element._updateDiff(inner, k, v, schemaDiff, options);
    }
    if (isEmpty(schemaDiff)) delete difference[key];
  }

  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    diff: unknown,
    options: UpdateOptions,
  ): void {
    const s = source[key] as AnyObject | undefined;
    if (!s || !value || Object.isSealed(s)) {
      source[key] = value;
      return;
    }
    const v = value as AnyObject;
    for (const k of Object.keys(s)) if (!(k in v)) delete s[k];
    for (const [dk, d] of Object.entries(diff as AnyObject)) {
      let k = dk;
      if (isDeletionKey(dk)) {
        if (dk[0] === "-") continue;
        k = dk.slice(2);
      }
      this.element._updateCommit(s, k, v[k], d, options);
    }
  }

  override toObject(value: unknown): unknown {
    if (value === undefined || value === null) return value;
    const object: AnyObject = {};
    for (const key in value as AnyObject) object[key] = this.element.toObject((value as AnyObject)[key]);
    return object;
  }

  override _addTypes(source: unknown, changes: unknown, options: AnyObject = {}): void {
    if (getType(source) !== "Object" || getType(changes) !== "Object") return;
    for (const key in changes as AnyObject) {
      this.element._addTypes((source as AnyObject)[key], (changes as AnyObject)[key], options);
    }
  }

  override _getField(path: string[]): DataField | undefined {
    if (path.length === 0) return this;
    if (path.shift() !== this.element.name) return undefined;
    return this.element._getField(path);
  }

  migrateSource(sourceData: AnyObject, fieldData: unknown): void {
    const element = this.element as DataField & Partial<Migratable>;
    if (typeof element.migrateSource !== "function") return;
    if (getType(fieldData) !== "Object") return;
    for (const key in fieldData as AnyObject) {
      if (key.startsWith("-=")) continue;
      element.migrateSource(sourceData, (fieldData as AnyObject)[key]);
    }
  }
}

export interface ArrayFieldOptions extends DataFieldOptions {
  min?: number;
  max?: number;
  empty?: boolean;
  exact?: number;
}

/** An array of one element field; required, initial []. Updates replace the whole array. */
export class ArrayField<E = DataField> extends DataField {
  declare element: E;
  declare min: number;
  declare max: number;
  declare empty: boolean;
  declare exact: number | undefined;

  static override recursive = true;

  constructor(element: E, options: ArrayFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    this.element = (this.constructor as typeof ArrayField)._validateElementType(element) as E;
    if (this.element instanceof DataField) {
      this.element.name ||= "element";
      this.element.parent = this;
    }
    if (this.min > this.max) throw new Error("ArrayField minimum length cannot exceed maximum length");
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      nullable: false,
      empty: true,
      exact: undefined,
      min: 0,
      max: Number.POSITIVE_INFINITY,
    });
  }

  static _validateElementType(element: unknown): unknown {
    if (!(element instanceof DataField))
      throw new Error(`${this.name} must have a DataField as its contained element`);
    if (element.parent !== undefined) throw new Error("The element DataField already has a parent");
    return element;
  }

  /** The element as a DataField (EmbeddedCollectionField's element is a document class instead). */
  protected get elementField(): DataField {
    return this.element as unknown as DataField;
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return [];
    return initial;
  }

  override _validateModel(changes: unknown, options: AnyObject = {}): void {
    if (!(this.elementField.constructor as typeof DataField).recursive) return;
    for (const element of changes as unknown[]) this.elementField._validateModel(element, options);
  }

  override _cast(value: unknown): unknown {
    const t = getType(value);
    if (t === "Object") {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value as AnyObject)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    if (t === "Set") return Array.from(value as Set<unknown>);
    return Array.isArray(value) ? value : [value];
  }

  /** Each element is cleaned fully (arrays are replaced whole, so an element is never partial). */
  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    return (value as unknown[]).map((v) => this.elementField.clean(v, { ...options, partial: false }));
  }

  override _validateType(
    value: unknown,
    options: ValidateOptions = {},
  ): DataModelValidationFailure | undefined {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (value.length < this.min) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (value.length > this.max) throw new Error(`cannot have more than ${this.max} elements`);
    return this._validateElements(value, options);
  }

  _validateElements(value: unknown[], options: ValidateOptions): DataModelValidationFailure | undefined {
    const arrayFailure = new DataModelValidationFailure();
    for (let i = 0; i < value.length; i++) {
      const failure = this._validateElement(value[i], { ...options, partial: false });
      if (failure) {
        arrayFailure.elements.push({ id: i, failure });
        arrayFailure.unresolved ||= failure.unresolved;
      }
    }
    if (arrayFailure.elements.length) return arrayFailure;
    return undefined;
  }

  _validateElement(value: unknown, options: ValidateOptions): DataModelValidationFailure | undefined {
    return this.elementField.validate(value, options);
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    if (!value) return value;
    return (value as unknown[]).map((v) => this.elementField.initialize(v, model, options));
  }

  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    _options: UpdateOptions,
  ): void {
    const current = source[key];
    const v = applySpecialKeys(value);
    if (v === current || equalsOf(v)?.(current)) return;
    source[key] = v;
    difference[key] = deepClone(v);
  }

  /** Replace the contents, keeping the array object itself. */
  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    _diff: unknown,
    _options: UpdateOptions,
  ): void {
    const s = source[key] as unknown[] | undefined;
    if (!s || !value) {
      source[key] = value;
      return;
    }
    s.length = 0;
    s.push(...(value as unknown[]));
  }

  override toObject(value: unknown): unknown {
    if (!value) return value;
    return (value as unknown[]).map((v) => this.elementField.toObject(v));
  }

  override _getField(path: string[]): DataField | undefined {
    if (path.length === 0) return this;
    if (path.shift() !== this.elementField.name) return undefined;
    return this.elementField._getField(path);
  }

  migrateSource(sourceData: AnyObject, fieldData: unknown): void {
    const element = this.elementField as DataField & Partial<Migratable>;
    if (typeof element.migrateSource !== "function") return;
    if (getType(fieldData) !== "Array") return;
    for (const entry of fieldData as unknown[]) element.migrateSource(sourceData, entry);
  }
}

/** An ArrayField initialized as a Set; invalid elements are dropped when `fallback` is allowed. */
export class SetField extends ArrayField {
  override _validateElements(
    value: unknown[],
    options: ValidateOptions,
  ): DataModelValidationFailure | undefined {
    const setFailure = new DataModelValidationFailure();
    for (let i = value.length - 1; i >= 0; i--) {
      const failure = this._validateElement(value[i], options);
      if (!failure) continue;
      setFailure.elements.unshift({ id: i, failure });
      if (!failure.unresolved && failure.fallback) continue;
      if (options.fallback) {
        value.splice(i, 1);
        failure.dropped = true;
      } else setFailure.unresolved = true;
    }
    if (setFailure.elements.length) {
      if (options.fallback && !setFailure.unresolved) setFailure.fallback = value;
      return setFailure;
    }
    return undefined;
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    if (!value) return value;
    return new Set(super.initialize(value, model, options) as unknown[]);
  }

  override toObject(value: unknown): unknown {
    if (!value) return value;
    return Array.from(value as Iterable<unknown>).map((v) => this.elementField.toObject(v));
  }
}

/* ---------------------------------------- */
/*  Embedded models and documents           */
/* ---------------------------------------- */

/** A SchemaField holding another DataModel; initialized as an instance of it, with the owning model as parent. */
export class EmbeddedDataField extends SchemaField {
  declare model: ModelClass;

  constructor(model: ModelClass, options: DataFieldOptions = {}, context: DataFieldContext = {}) {
    if (!DataModelClass || !isSubclass(model, DataModelClass)) {
      throw new Error("An EmbeddedDataField must specify a DataModel class as its type");
    }
    super(model.defineSchema(), options, context);
    this.model = model;
  }

  override clean(value: unknown, options?: CleanOptions): unknown {
    return super.clean(value, { ...options, source: value as AnyObject });
  }

  override _cast(value: unknown): unknown {
    let v = value;
    const toObject = (v as { toObject?: unknown }).toObject;
    if (typeof toObject === "function") v = toObject.call(v);
    return getType(v) === "Object" ? v : {};
  }

  override validate(value: unknown, options?: ValidateOptions): DataModelValidationFailure | undefined {
    return super.validate(value, { ...options, source: value as AnyObject });
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    if (!value) return value;
    const m = new this.model(value as AnyObject, { parent: model, ...options });
    Object.defineProperty(m, "schema", { value: this });
    return m;
  }

  override toObject(value: unknown): unknown {
    if (!value) return value;
    return (value as ModelInstance).toObject(false);
  }

  override migrateSource(_sourceData: AnyObject, fieldData: unknown): void {
    if (getType(fieldData) !== "Object") return;
    this.model.migrateDataSafe(fieldData as AnyObject);
  }

  override _validateModel(changes: unknown, _options?: AnyObject): void {
    this.model.validateJoint(changes as AnyObject);
  }
}

/** What EmbeddedCollectionField#initialize expects the owning document to provide (`doc.collections[name]`). */
export interface EmbeddedCollectionLike {
  initialize(options?: AnyObject): void;
}

/**
 * An embedded collection (an Actor's `items`, a Combat's `combatants` …). The source is an array of plain objects.
 *
 * Harness choice: the element is the embedded Document class, as in Foundry, or its document name
 * (`new EmbeddedCollectionField("Item")`); a name is resolved at call time through
 * `CONFIG[name].documentClass`, a class through its `implementation` (if it has one). `elementName` gives the name
 * either way. `initialize` returns `model.collections[fieldName]` after calling its `initialize(options)`, as Foundry
 * does; when the owning model has no such collection (no document layer) it returns the source array itself.
 * The field is readonly (always, as in Foundry).
 */
export class EmbeddedCollectionField extends ArrayField<DocumentRef> {
  static override hierarchical = true;

  constructor(element: DocumentRef, options: ArrayFieldOptions = {}, context: DataFieldContext = {}) {
    super(element, options, context);
    this.readonly = true;
  }

  static override _validateElementType(element: unknown): unknown {
    if (typeof element === "string" && element) return element;
    if (typeof element === "function" && typeof (element as DocumentClassLike).documentName === "string")
      return element;
    throw new Error("An EmbeddedCollectionField must specify a Document subclass as its type");
  }

  /** The embedded document name ("Item", "Combatant" …). */
  get elementName(): string {
    return documentNameOf(this.element);
  }

  /** The embedded Document class (resolved now). */
  get model(): DocumentClassLike {
    const cls = resolveDocumentClass(this.element);
    if (!cls)
      throw new Error(`No document class is configured for the embedded ${this.elementName} collection`);
    return cls;
  }

  /** The schema of the embedded Document class. */
  get schema(): SchemaField {
    return this.model.schema;
  }

  override _getField(path: string[]): DataField | undefined {
    return path.length ? undefined : this;
  }

  override _cast(value: unknown): unknown {
    if (getType(value) !== "Map") return super._cast(value);
    const arr: unknown[] = [];
    for (const [id, v] of (value as Map<string, AnyObject>).entries()) {
      if (!("_id" in v)) v._id = id;
      arr.push(v);
    }
    return super._cast(arr);
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const opts = options.recursive === false ? { ...options, partial: false } : options;
    return (value as unknown[]).map((v) => this._cleanElement(v as AnyObject, opts));
  }

  /** Clean one element with the document schema; a full (non-partial) element gets an `_id` if it has none. */
  _cleanElement(value: AnyObject, options: CleanOptions = {}): unknown {
    if (!options.partial) value._id ||= randomID(16);
    return this.schema.clean(value, { ...options, source: value });
  }

  override _validateElements(
    value: unknown[],
    options: ValidateOptions,
  ): DataModelValidationFailure | undefined {
    const collectionFailure = new DataModelValidationFailure();
    for (const v of value as AnyObject[]) {
      const failure = this.schema.validate(v, { ...options, source: v });
      if (failure && !options.dropInvalidEmbedded) {
        collectionFailure.elements.push({ id: v._id as string, name: v.name as string, failure });
        collectionFailure.unresolved ||= failure.unresolved;
      }
    }
    if (collectionFailure.elements.length) return collectionFailure;
    return undefined;
  }

  // No _validateModel override: ArrayField's asks `element.constructor.recursive`, which a Document class (or its
  // name) does not have, so a parent's joint validation does not descend into embedded documents (as in v13).

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    const collection = (model as { collections?: Record<string, EmbeddedCollectionLike> } | undefined)
      ?.collections?.[this.name as string];
    if (!collection) return value;
    collection.initialize(options);
    return collection;
  }

  /** Diff per element by `_id`: existing elements are diffed through the document schema, new ones cleaned. */
  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    options: UpdateOptions,
  ): void {
    if (!Array.isArray(value)) return;
    if (options.recursive === false) {
      const v = applySpecialKeys(value);
      source[key] = v;
      difference[key] = deepClone(v);
      return;
    }
    const sourceIdMap: Record<string, AnyObject> = {};
    for (const obj of (source[key] as AnyObject[] | undefined) ?? []) sourceIdMap[obj._id as string] = obj;
    const diffArray: unknown[] = [];
    difference[key] = diffArray;
    for (const v of value as AnyObject[]) {
      const existing = sourceIdMap[v._id as string];
      if (existing) {
        const elementDiff: AnyObject = {};
        const typeChanged = "type" in v;
        this.schema._addTypes(existing, v);
        this.schema._updateDiff({ _source: existing }, "_source", v, elementDiff, options);
        const d = (elementDiff._source as AnyObject | undefined) || {};
        if (!isEmpty(d)) {
          d._id = v._id;
          diffArray.push(d);
        }
        if (!typeChanged) delete v.type;
      } else {
        const created = this._cleanElement(applySpecialKeys(v), { partial: false });
        (source[key] as unknown[]).push(created);
        diffArray.push(created);
      }
    }
    if (!diffArray.length) delete difference[key];
  }

  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    diff: unknown,
    options: UpdateOptions,
  ): void {
    const src = source[key] as AnyObject[] | undefined;
    if (!src || !value) {
      source[key] = value;
      return;
    }
    const existing: Record<string, AnyObject> = {};
    for (const obj of src) existing[obj._id as string] = obj;
    const changed: Record<string, AnyObject> = {};
    for (const obj of diff as AnyObject[]) changed[obj._id as string] = obj;
    src.length = 0;
    for (const obj of value as AnyObject[]) {
      const prior = existing[obj._id as string];
      if (prior) {
        const d = changed[obj._id as string];
        if (d) this.schema._updateCommit({ _source: prior }, "_source", obj, d, options);
        src.push(prior);
      } else src.push(obj);
    }
  }

  override toObject(value: unknown): unknown {
    const v = value as { toObject?: (source?: boolean) => unknown } | unknown[] | null | undefined;
    if (v && !Array.isArray(v) && typeof v.toObject === "function") return v.toObject(false);
    return deepClone(value);
  }

  override migrateSource(_sourceData: AnyObject, fieldData: unknown): void {
    if (!Array.isArray(fieldData)) return;
    for (const entry of fieldData) {
      if (getType(entry) !== "Object") continue;
      this.model.migrateDataSafe(entry as AnyObject);
    }
  }

  /** The collection on a parent document (`parent[fieldName]`). */
  getCollection(parent: AnyObject): unknown {
    return parent[this.name as string];
  }
}

/* ---------------------------------------- */
/*  Special string fields                   */
/* ---------------------------------------- */

/** A document's `_id`: required, not blank, nullable, readonly; a 16-character alphanumeric id. */
export class DocumentIdField extends StringField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      blank: false,
      nullable: true,
      readonly: true,
      validationError: "is not a valid Document ID string",
    });
  }

  override _cast(value: unknown): unknown {
    const doc = value as { _id?: unknown; documentName?: unknown } | null;
    if (doc && typeof doc === "object" && typeof doc.documentName === "string") return doc._id;
    return String(value);
  }

  override _validateType(value: unknown): undefined {
    if (!isValidId(value)) throw new Error("must be a valid 16-character alphanumeric ID");
    return undefined;
  }
}

/**
 * A UUID reference; not blank, nullable, initial null. `type` restricts the referenced document type, `embedded`
 * requires (true) or forbids (false) an embedded document. The check is a plain parse of "Type.id(.Type.id)*" and
 * "Compendium.scope.pack.Type.id…" (Foundry's `parseUuid` also resolves collections; not needed to validate).
 */
export class DocumentUUIDField extends StringField {
  declare type: string | undefined;
  declare embedded: boolean | undefined;

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      blank: false,
      nullable: true,
      initial: null,
      type: undefined,
      embedded: undefined,
    });
  }

  override _validateType(value: unknown): undefined {
    const parts = String(value).split(".");
    if (parts[0] === "Compendium") parts.splice(0, 3);
    if (parts.length < 2 || parts.length % 2) throw new Error(`Invalid document UUID "${value}"`);
    const type = parts.at(-2);
    const embedded = parts.length > 2;
    if (this.type && type !== this.type)
      throw new Error(`Invalid document type "${type}" which must be a "${this.type}"`);
    if (this.embedded === true && !embedded) throw new Error("must be an embedded document");
    if (this.embedded === false && embedded) throw new Error("may not be an embedded document");
    if (!isValidId(parts[1])) throw new Error(`Invalid document ID "${parts[1]}"`);
    return undefined;
  }
}

/**
 * The id of another document (a Combatant's `actorId`, a Combat's `scene` …). Stores an id string; nullable.
 * With `idOnly` the initialized value is the id; otherwise, as in Foundry, it is a getter returning
 * `DocumentClass.get(id, {pack, ...})` (needs `game.collections`; without it the id is kept). The class may be
 * given by name and is then resolved through CONFIG when read.
 */
export class ForeignDocumentField extends DocumentIdField {
  declare model: DocumentRef;
  declare idOnly: boolean;

  constructor(model: DocumentRef, options: StringFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    if (!(typeof model === "string" || typeof model === "function")) {
      throw new Error("A ForeignDocumentField must specify a DataModel subclass as its type");
    }
    this.model = model;
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { nullable: true, readonly: false, idOnly: false });
  }

  override _cast(value: unknown): unknown {
    if (typeof value === "string") return value;
    const doc = value as { _id?: unknown; documentName?: unknown } | null;
    if (doc && typeof doc === "object" && doc.documentName === documentNameOf(this.model)) return doc._id;
    throw new Error(
      `The value provided to a ForeignDocumentField must be a ${documentNameOf(this.model)} instance.`,
    );
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    if (this.idOnly) return value;
    const pack = (model as { pack?: string | null } | undefined)?.pack;
    if (pack && documentNameOf(this.model) !== "Folder") return null;
    if (!gameGlobal()?.collections) return value;
    return () => resolveDocumentClass(this.model)?.get?.(value as string, { pack, ...options }) ?? null;
  }

  override toObject(value: unknown): unknown {
    return (value as { _id?: unknown } | null | undefined)?._id ?? value;
  }
}

/** The author of a document (ChatMessage `author`): not nullable, initial `game.user.id`. */
export class DocumentAuthorField extends ForeignDocumentField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      nullable: false,
      gmOnly: true,
      label: "Author",
      initial: () => (gameGlobal()?.user as { id?: string } | undefined)?.id,
    });
  }
}

/** A "#rrggbb" colour string; nullable, initial null, not blank. (Foundry initializes a Color; the harness keeps the string.) */
export class ColorField extends StringField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { nullable: true, initial: null, blank: false });
  }

  override _cast(value: unknown): unknown {
    if (typeof value === "number") return `#${Math.trunc(value).toString(16).padStart(6, "0")}`;
    return String(value);
  }

  override _validateType(value: unknown, options?: ValidateOptions): boolean | undefined {
    if (typeof value !== "string" || !/^#[0-9A-Fa-f]{6}$/.test(value))
      throw new Error("must be a valid color string");
    return super._validateType(value, options);
  }
}

/** CONST.FILE_CATEGORIES, by extension only (enough to validate paths). */
const FILE_CATEGORIES: Record<string, readonly string[]> = {
  AUDIO: ["aac", "flac", "m4a", "mid", "mp3", "ogg", "opus", "wav", "webm"],
  FONT: ["otf", "ttf", "woff", "woff2"],
  GRAPHICS: ["fbx", "glb", "gltf", "mtl", "obj", "stl", "usdz"],
  IMAGE: ["apng", "avif", "bmp", "gif", "jpeg", "jpg", "png", "svg", "tiff", "webp"],
  MEDIA: [],
  TEXT: ["csv", "json", "md", "pdf", "tsv", "txt", "xml", "yml", "yaml"],
  VIDEO: ["m4v", "mp4", "ogv", "webm"],
};

export interface FilePathFieldOptions extends StringFieldOptions {
  categories?: string[];
  base64?: boolean;
  wildcard?: boolean;
  virtual?: boolean;
}

/** A file path; nullable, initial null, not blank. Checked against the extensions of its `categories`. */
export class FilePathField extends StringField {
  declare categories: string[];
  declare base64: boolean;
  declare wildcard: boolean;
  declare virtual: boolean;

  constructor(options: FilePathFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    if (this.categories.includes("MEDIA")) {
      this.categories = Array.from(
        new Set(this.categories.filter((c) => c !== "MEDIA").concat(["AUDIO", "IMAGE", "VIDEO"])),
      );
    }
    if (!this.categories.length || this.categories.some((c) => !(c in FILE_CATEGORIES))) {
      throw new Error("The categories of a FilePathField must be keys in CONST.FILE_CATEGORIES");
    }
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      categories: [],
      base64: false,
      wildcard: false,
      virtual: false,
      nullable: true,
      blank: false,
      initial: null,
    });
  }

  override _validateType(value: unknown): boolean | undefined {
    const path = String(value);
    if (this.virtual && path[0] === "#" && path.length > 1) return true;
    if (this.wildcard && path.includes("*")) return true;
    const ext = path.split(/[?#]/)[0]?.split(".").pop()?.toLowerCase() ?? "";
    const ok = this.categories.some((c) => FILE_CATEGORIES[c]?.includes(ext));
    const base64 = this.base64 && /^data:[a-z]+\/[a-z0-9.+-]+;base64,/.test(path);
    if (!ok && !base64) {
      let err = "does not have a valid file extension";
      if (this.base64) err += " or provide valid base64 data";
      throw new Error(err);
    }
    return undefined;
  }
}

/** HTML text: a required, blank-allowed StringField (the server sanitizes; not modelled). */
export class HTMLField extends StringField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, blank: true });
  }
}

/**
 * A document's `type`: required, not nullable, not blank; valid when in `documentClass.TYPES` (read when
 * validated). With `fallback` an unknown type is accepted, as in Foundry.
 */
export class DocumentTypeField extends StringField {
  constructor(documentClass: DocumentRef, options: StringFieldOptions = {}, context: DataFieldContext = {}) {
    options.choices = () => resolveDocumentClass(documentClass)?.TYPES ?? [];
    options.validationError = `is not a valid type for the ${documentNameOf(documentClass)} Document class`;
    super(options, context);
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false, blank: false });
  }

  override _validateType(value: unknown, options: ValidateOptions = {}): boolean | undefined {
    if (typeof value !== "string" || !value) throw new Error("must be a non-blank string");
    if (this._isValidChoice(value)) return true;
    if (options.fallback) return true;
    throw new Error(`"${value}" ${this.options.validationError}`);
  }
}

/* ---------------------------------------- */
/*  Special number and object fields        */
/* ---------------------------------------- */

/** Degrees in [0, 360]; normalized into [0, 360) when cast (unless `normalize: false`). */
export class AngleField extends NumberField {
  declare normalize: boolean;

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      nullable: false,
      initial: 0,
      normalize: true,
      min: 0,
      max: 360,
      validationError: "is not a number between 0 and 360",
    });
  }

  override _cast(value: unknown): unknown {
    const v = super._cast(value);
    if (!this.normalize || typeof v !== "number") return v;
    return ((v % 360) + 360) % 360;
  }
}

/** A number in [0, 1]; required, initial 1. */
export class AlphaField extends NumberField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      nullable: false,
      initial: 1,
      min: 0,
      max: 1,
      validationError: "is not a number between 0 and 1",
    });
  }
}

/** An integer sort key; required, initial 0. */
export class IntegerSortField extends NumberField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false, integer: true, initial: 0 });
  }
}

/** Any value at all. */
export class AnyField extends DataField {
  override _validateType(): boolean {
    return true;
  }
}

/** CONST.DOCUMENT_OWNERSHIP_LEVELS. */
export const DOCUMENT_OWNERSHIP_LEVELS = Object.freeze({
  INHERIT: -1,
  NONE: 0,
  LIMITED: 1,
  OBSERVER: 2,
  OWNER: 3,
});

/** `{default: level, [userId]: level}`; initial `{default: NONE}`. */
export class DocumentOwnershipField extends ObjectField {
  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, {
      initial: { default: DOCUMENT_OWNERSHIP_LEVELS.NONE },
      validationError: "is not a mapping of user IDs and document permission levels",
      gmOnly: true,
    });
  }

  override _validateType(value: unknown): boolean | undefined {
    const levels: unknown[] = Object.values(DOCUMENT_OWNERSHIP_LEVELS);
    for (const [k, v] of Object.entries(value as AnyObject)) {
      if (k.startsWith("-=")) return isValidId(k.slice(2)) && v === null; // as in v13: decides on the first removal
      if (k !== "default" && !isValidId(k)) return false;
      if (!levels.includes(v)) return false;
    }
    return undefined;
  }
}

/**
 * A document's `flags`: `{scope: {key: value}}`. Scopes must look like package ids (letters, digits, `-`, `_`;
 * Foundry calls BasePackage.validateId); other scopes are dropped when cleaned.
 */
export class DocumentFlagsField extends TypedObjectField {
  constructor(options?: TypedObjectFieldOptions, context?: DataFieldContext) {
    super(new ObjectField(), options, context);
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { validateKey: (k: string) => /^[A-Za-z0-9_-]+$/.test(k) });
  }
}

/** `_stats`: versions, times, the last modifier and the compendium / duplicate / export sources. */
export class DocumentStatsField extends SchemaField {
  constructor(options: DataFieldOptions = {}, context: DataFieldContext = {}) {
    const game = () =>
      gameGlobal() as { release?: { version?: string }; system?: { id?: string; version?: string } };
    super(
      {
        coreVersion: new StringField({
          required: true,
          blank: false,
          nullable: true,
          initial: () => game()?.release?.version ?? null,
        }),
        systemId: new StringField({
          required: true,
          blank: false,
          nullable: true,
          initial: () => game()?.system?.id ?? null,
        }),
        systemVersion: new StringField({
          required: true,
          blank: false,
          nullable: true,
          initial: () => game()?.system?.version ?? null,
        }),
        createdTime: new NumberField(),
        modifiedTime: new NumberField(),
        lastModifiedBy: new ForeignDocumentField("User", { idOnly: true }),
        compendiumSource: new DocumentUUIDField(),
        duplicateSource: new DocumentUUIDField(),
        exportSource: new SchemaField(
          {
            worldId: new StringField({ required: true, blank: false, nullable: true }),
            uuid: new DocumentUUIDField({ initial: undefined }),
            coreVersion: new StringField({ required: true, blank: false, nullable: true }),
            systemId: new StringField({ required: true, blank: false, nullable: true }),
            systemVersion: new StringField({ required: true, blank: false, nullable: true }),
          },
          { nullable: true },
        ),
      },
      options,
      context,
    );
  }

  static fields = [
    "coreVersion",
    "systemId",
    "systemVersion",
    "createdTime",
    "modifiedTime",
    "lastModifiedBy",
    "compendiumSource",
    "duplicateSource",
    "exportSource",
  ];

  /** Managed by the server: ignored in creation and update data. */
  static managedFields = [
    "coreVersion",
    "systemId",
    "systemVersion",
    "createdTime",
    "modifiedTime",
    "lastModifiedBy",
  ];

  /**
   * `DocumentStatsField._migrateData` (common/data/fields.mjs, v13), called from the `migrateData` of the documents
   * that keep `_stats` (BaseActor, BaseItem …): `flags.core.sourceId` moves to `_stats.compendiumSource`, and the
   * old `flags.exportSource` to `_stats.exportSource`.
   */
  static _migrateData(
    document: {
      _addDataFieldMigration(d: AnyObject, o: string, n: string, a?: (d: AnyObject) => unknown): boolean;
    },
    source: AnyObject,
  ): void {
    document._addDataFieldMigration(source, "flags.core.sourceId", "_stats.compendiumSource");
    if (source.flags) {
      document._addDataFieldMigration(source, "flags.exportSource", "_stats.exportSource", (d) => {
        const exportSource = (d.flags as AnyObject | undefined)?.exportSource as AnyObject | undefined;
        if (!exportSource) return null;
        return {
          worldId: exportSource.world ?? null,
          uuid: null,
          coreVersion: exportSource.coreVersion ?? null,
          systemId: exportSource.system ?? null,
          systemVersion: exportSource.systemVersion ?? null,
        };
      });
    }
  }
}

/* ---------------------------------------- */
/*  TypeDataField                           */
/* ---------------------------------------- */

/**
 * A document's `system`. The model class is `CONFIG[documentName].dataModels[type]`, read at call time from
 * `globalThis.CONFIG` (per client in the harness). The type is the root source's `type` (`options.source.type`
 * when cleaning and validating, `model._source.type` when initializing). With a model class the data is cleaned,
 * validated, migrated, diffed and initialized through it (the instance's parent is the owning document);
 * without one it is a plain object (merged over `game.model[documentName][type]` when cleaned fully).
 */
export class TypeDataField extends ObjectField {
  declare document: DocumentRef;

  static override recursive = true;

  constructor(document: DocumentRef, options: DataFieldOptions = {}, context: DataFieldContext = {}) {
    super(options, context);
    this.document = document;
  }

  static override get _defaults(): DataFieldOptions {
    return Object.assign(super._defaults, { required: true });
  }

  /**
   * The package providing a model's sub-type: `game.system` for a type the system declares, a module for
   * "module.type", null for core types or when `game` does not say.
   */
  static getModelProvider(model: ModelInstance): unknown {
    const document = model.parent as {
      constructor: DocumentClassLike & { metadata?: { coreTypes?: string[] } };
      type?: string;
    } | null;
    if (!document) return null;
    const documentClass = document.constructor;
    const type = document.type as string;
    if (!documentClass.TYPES?.includes(type)) return null;
    if (documentClass.metadata?.coreTypes?.includes(type)) return null;
    const game = gameGlobal() as
      | { system?: { documentTypes?: Record<string, AnyObject> }; modules?: { get(id: string): unknown } }
      | undefined;
    const systemTypes = game?.system?.documentTypes?.[documentClass.documentName];
    if (systemTypes && type in systemTypes) return game?.system;
    return game?.modules?.get(type.substring(0, type.indexOf("."))) ?? null;
  }

  get documentName(): string {
    return documentNameOf(this.document);
  }

  /** `CONFIG[documentName].dataModels[type]`, or null. */
  getModelForType(type: unknown): ModelClass | null {
    if (!type) return null;
    return config()?.[this.documentName]?.dataModels?.[type as string] ?? null;
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (getType(initial) === "Object")
      return this._cleanType(initial, { partial: false, source: data as AnyObject });
    return initial;
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const v = typeof value === "object" ? (value as AnyObject) : {};
    const type = options.source?.type;
    const cls = this.getModelForType(type);
    if (cls) return cls.cleanData(v, { ...options, source: v });
    if (options.partial) return v;
    const game = gameGlobal() as
      | { model?: Record<string, Record<string, AnyObject>>; system?: { strictDataCleaning?: boolean } }
      | undefined;
    const template = game?.model?.[this.documentName]?.[type as string] || {};
    const insertKeys = type === "base" || !game?.system?.strictDataCleaning;
    return mergeObject(template, v, { insertKeys, inplace: false });
  }

  override initialize(value: unknown, model?: unknown, options: AnyObject = {}): unknown {
    const cls = this.getModelForType((model as ModelInstance | undefined)?._source?.type);
    if (cls) {
      const instance = new cls(value as AnyObject, { parent: model, ...options });
      if (!("modelProvider" in instance)) {
        Object.defineProperty(instance, "modelProvider", {
          value: (this.constructor as typeof TypeDataField).getModelProvider(instance),
          writable: false,
        });
      }
      return instance;
    }
    return deepClone(value);
  }

  override _updateDiff(
    source: AnyObject,
    key: string,
    value: unknown,
    difference: AnyObject,
    options: UpdateOptions,
  ): void {
    const cls = this.getModelForType(source.type);
    if (cls) cls.schema._updateDiff(source, key, value, difference, options);
    else super._updateDiff(source, key, value, difference, options);
  }

  override _updateCommit(
    source: AnyObject,
    key: string,
    value: unknown,
    diff: unknown,
    options: UpdateOptions,
  ): void {
    const cls = this.getModelForType(source.type);
    if (cls) cls.schema._updateCommit(source, key, value, diff, options);
    else super._updateCommit(source, key, value, diff, options);
  }

  override _validateType(
    value: unknown,
    options: ValidateOptions = {},
  ): boolean | DataModelValidationFailure | undefined {
    const result = super._validateType(value, options);
    if (result !== undefined) return result;
    const cls = this.getModelForType(options.source?.type);
    return cls?.schema.validate(value, { ...options, source: value as AnyObject });
  }

  override _validateModel(changes: unknown, options: AnyObject = {}): void {
    const cls = this.getModelForType((options.source as AnyObject | undefined)?.type);
    cls?.validateJoint(changes as AnyObject);
  }

  override toObject(value: unknown): unknown {
    const toObject = (value as { toObject?: unknown } | null | undefined)?.toObject;
    return typeof toObject === "function" ? toObject.call(value, false) : deepClone(value);
  }

  override _addTypes(source: unknown, changes: unknown, options: AnyObject = {}): void {
    const type =
      (options.changes as AnyObject | undefined)?.type ?? (options.source as AnyObject | undefined)?.type;
    this.getModelForType(type)?.schema._addTypes(source, changes, options);
  }

  /** Run the model class's `migrateDataSafe` on the system data (the model class of `sourceData.type`). */
  migrateSource(sourceData: AnyObject, fieldData: unknown): void {
    if (getType(fieldData) !== "Object") return;
    this.getModelForType(sourceData.type)?.migrateDataSafe(fieldData as AnyObject);
  }
}

/** `foundry.data.fields`, to be installed by the world. */
export const fields = {
  AlphaField,
  AngleField,
  AnyField,
  ArrayField,
  BooleanField,
  ColorField,
  DataField,
  DocumentAuthorField,
  DocumentFlagsField,
  DocumentIdField,
  DocumentOwnershipField,
  DocumentStatsField,
  DocumentTypeField,
  DocumentUUIDField,
  EmbeddedCollectionField,
  EmbeddedDataField,
  FilePathField,
  ForeignDocumentField,
  HTMLField,
  IntegerSortField,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
  TypeDataField,
  TypedObjectField,
};

/** `foundry.data.validation`. */
export const validation = { DataModelValidationFailure, DataModelValidationError };

/** `foundry.data.validators` (the part fields use). */
export const validators = { isValidId };
