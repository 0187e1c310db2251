/**
 * The part of `foundry.utils` that our code and the harness use, written to behave like Foundry v13.
 *
 * Followed (read through the search tool's code index; written anew, not copied):
 * - `common/utils/helpers.mjs` v13 (search id 18036777794): `deepClone`, `diffObject` (+ `_diffSpecial`,
 *   `_diffValue`), `applySpecialKeys`, `objectsEqual`, `duplicate`, `isDeletionKey`, `isSubclass`, `expandObject`,
 *   `filterObject`, `flattenObject`, `getType`, `hasProperty`, `getProperty`, `setProperty`, `deleteProperty`,
 *   `isEmpty`, `mergeObject` (+ `_mergeInsert`, `_mergeUpdate`), `randomID`, `escapeHTML`.
 *   It is v13: it has the `==key` forced-replacement keys beside the `-=key` deletion keys (`isDeletionKey` accepts
 *   both; v14 deprecates them), and `applySpecialKeys` (deprecated in v14).
 * - `client/data/client-backend.mjs` v13 (search id 8223665884) for where `expandObject` runs on every update.
 * - Number#toNearest (`common/primitives/number.mjs`) only as far as NumberField `step` needs it.
 *
 * Semantics worth knowing, all as in v13:
 * - `expandObject` expands every dotted key of every plain object at any depth (also inside arrays); values whose
 *   `getType` is not "Object" (class instances such as a Roll, a Set, a Map) are returned as they are.
 * - `mergeObject` expands dotted keys of `other` (and of `original`) at depth 0 only; `-=key: null` deletes and
 *   `==key` replaces only with `performDeletions: true`; without it `-=`/`==` keys are inserted as ordinary keys.
 * - `diffObject(…, {deletionKeys: true})` keeps a `-=key` only if `original` has `key`, and keeps every `==key`.
 */

export type AnyObject = Record<string, unknown>;

/* -------------------------------------------- */
/*  Types                                       */
/* -------------------------------------------- */

const TYPE_PROTOTYPES: [abstract new (...args: never[]) => unknown, string][] = [
  [Array, "Array"],
  [Set, "Set"],
  [Map, "Map"],
  [Promise, "Promise"],
  [Error, "Error"],
];

/**
 * The data type of a value: "undefined", "null", "number", "string", "boolean", "function", "Object" (plain objects
 * and null-prototype objects), "Array", "Set", "Map", "Promise", "Error", "HTMLElement", else "Unknown" (any other
 * class instance). Foundry also maps its Color class to "number"; the harness has no Color class.
 */
export function getType(variable: unknown): string {
  const typeOf = typeof variable;
  if (typeOf !== "object") return typeOf;
  if (variable === null) return "null";
  const ctor = (variable as { constructor?: unknown }).constructor;
  if (!ctor) return "Object";
  if (ctor === Object) return "Object";
  for (const [cls, type] of TYPE_PROTOTYPES) if (variable instanceof cls) return type;
  const HTMLElementCls = (globalThis as { HTMLElement?: abstract new () => unknown }).HTMLElement;
  if (HTMLElementCls && variable instanceof HTMLElementCls) return "HTMLElement";
  return "Unknown";
}

/** Is the value empty-like: undefined, null, an empty array / plain object / Set / Map? */
export function isEmpty(value: unknown): boolean {
  switch (getType(value)) {
    case "undefined":
    case "null":
      return true;
    case "Array":
      return !(value as unknown[]).length;
    case "Object":
      return !Object.keys(value as object).length;
    case "Set":
    case "Map":
      return !(value as Set<unknown>).size;
    default:
      return false;
  }
}

/** Is `cls` the class `parent` or a subclass of it? */
export function isSubclass(cls: unknown, parent: abstract new (...args: never[]) => unknown): boolean {
  if (typeof cls !== "function") return false;
  if (cls === parent) return true;
  return Object.prototype.isPrototypeOf.call(parent, cls);
}

/** Is `key` a special key: `-=name` (deletion) or `==name` (forced replacement)? */
export function isDeletionKey(key: unknown): key is string {
  if (typeof key !== "string") return false;
  return key[1] === "=" && (key[0] === "=" || key[0] === "-");
}

const DELETION_VALUE_ERROR =
  "Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}";

/* -------------------------------------------- */
/*  Cloning and comparison                      */
/* -------------------------------------------- */

/**
 * Clone plain data: arrays and plain objects are copied recursively, Dates are copied, other class instances are
 * returned as they are (or, with `strict`, throw).
 */
export function deepClone<T>(original: T, { strict = false }: { strict?: boolean } = {}): T {
  return cloneInner(original, strict, 0) as T;
}

function cloneInner(original: unknown, strict: boolean, depth: number): unknown {
  if (depth > 100) {
    throw new Error("Maximum depth exceeded. Be sure your object does not contain cyclical data structures.");
  }
  if (typeof original !== "object" || original === null) return original;
  if (Array.isArray(original)) return original.map((o) => cloneInner(o, strict, depth + 1));
  if (original instanceof Date) return new Date(original);
  const ctor = (original as { constructor?: unknown }).constructor;
  if (ctor && ctor !== Object) {
    if (strict) throw new Error("deepClone cannot clone advanced objects");
    return original;
  }
  const clone: AnyObject = {};
  for (const k of Object.keys(original)) clone[k] = cloneInner((original as AnyObject)[k], strict, depth + 1);
  return clone;
}

/** The JSON round-trip copy (drops undefined, functions and class identity). */
export function duplicate<T>(original: T): T {
  return JSON.parse(JSON.stringify(original)) as T;
}

/**
 * Apply special keys recursively and return a copy: `-=key` (value must be null) removes `key`, `==key` assigns
 * `key`. Arrays are mapped; anything that is not a plain object is returned as it is.
 */
export function applySpecialKeys<T>(obj: T): T {
  const type = getType(obj);
  if (type === "Array") return (obj as unknown[]).map(applySpecialKeys) as T;
  if (type !== "Object") return obj;
  const clone: AnyObject = {};
  for (const key in obj as AnyObject) {
    const v = (obj as AnyObject)[key];
    if (isDeletionKey(key)) {
      if (key[0] === "-") {
        if (v !== null) throw new Error(DELETION_VALUE_ERROR);
        delete clone[key.substring(2)];
        continue;
      }
      clone[key.substring(2)] = applySpecialKeys(v);
      continue;
    }
    clone[key] = applySpecialKeys(v);
  }
  return clone as T;
}

/**
 * Foundry extends `Array.prototype` and `Set.prototype` with `equals` (`common/primitives/array.mjs`, `set.mjs`) and
 * its helpers test `v?.equals instanceof Function`. The harness does not touch the built-in prototypes, so this
 * returns the `equals` Foundry would find: the value's own method, else Array#equals / Set#equals.
 */
export function equalsOf(v: unknown): ((other: unknown) => boolean) | null {
  const own = (v as { equals?: unknown } | null | undefined)?.equals;
  if (typeof own === "function") return (other) => Boolean(own.call(v, other));
  if (Array.isArray(v)) return (other) => arrayEquals(v, other);
  if (v instanceof Set)
    return (other) => other instanceof Set && v.size === other.size && [...v].every((e) => other.has(e));
  return null;
}

/** Array#equals: same length and, index by index, same type and equal values (plain objects by objectsEqual). */
export function arrayEquals(a: readonly unknown[], other: unknown): boolean {
  if (!Array.isArray(other) || other.length !== a.length) return false;
  return a.every((v0, i) => {
    const v1 = other[i];
    const t0 = getType(v0);
    if (t0 !== getType(v1)) return false;
    const eq = equalsOf(v0);
    if (eq) return eq(v1);
    if (t0 === "Object") return objectsEqual(v0, v1);
    return v0 === v1;
  });
}

/** Do two plain objects hold the same enumerable keys and values (recursively; `equals` is used when present)? */
export function objectsEqual(a: unknown, b: unknown): boolean {
  if (a == null || b == null) return a === b;
  if (getType(a) !== "Object" || getType(b) !== "Object") return a === b;
  const ao = a as AnyObject;
  const bo = b as AnyObject;
  if (Object.keys(ao).length !== Object.keys(bo).length) return false;
  return Object.entries(ao).every(([k, v0]) => {
    const v1 = bo[k];
    const t0 = getType(v0);
    if (t0 !== getType(v1)) return false;
    const eq = equalsOf(v0);
    if (eq) return eq(v1);
    if (t0 === "Object") return objectsEqual(v0, v1);
    return v0 === v1;
  });
}

export interface DiffObjectOptions {
  /** Only recognise differences for keys which also exist in `original`. */
  inner?: boolean;
  /** Keep `-=key` only when `original` has `key`; keep every `==key` (with its special keys applied). */
  deletionKeys?: boolean;
  _d?: number;
}

/** The keys and values of `other` which differ from `original` (recursively for plain objects). */
export function diffObject(
  original: object,
  other: object,
  { inner = false, deletionKeys = false, _d = 0 }: DiffObjectOptions = {},
): AnyObject {
  return diffInner(original as AnyObject, other as AnyObject, inner, deletionKeys, _d);
}

function diffInner(
  original: AnyObject,
  other: AnyObject,
  inner: boolean,
  deletionKeys: boolean,
  depth: number,
): AnyObject {
  if (depth > 100)
    throw new Error("Maximum diffObject depth exceeded. Be careful of cyclical data structures.");
  const diff: AnyObject = {};
  for (const key in other) {
    const [isDifferent, difference] =
      deletionKeys && isDeletionKey(key)
        ? diffSpecial(original, key, other[key], inner)
        : diffValue(original, key, other[key], inner, deletionKeys, depth);
    if (isDifferent) diff[key] = difference;
  }
  return diff;
}

function diffSpecial(original: AnyObject, key: string, value: unknown, inner: boolean): [boolean, unknown] {
  const hasKey = key.substring(2) in original;
  if (inner && !hasKey) return [false, undefined];
  if (key[0] === "-") {
    if (value !== null) throw new Error(DELETION_VALUE_ERROR);
    return [hasKey, null];
  }
  return [true, applySpecialKeys(value)];
}

function diffValue(
  original: AnyObject,
  key: string,
  v1: unknown,
  inner: boolean,
  deletionKeys: boolean,
  depth: number,
): [boolean, unknown] {
  const hasKey = key in original;
  if (inner && !hasKey) return [false, undefined];
  const v0 = original[key];
  if (v1 === undefined || v1 === null) return [v0 !== v1, v1];
  const t0 = getType(v0);
  const t1 = getType(v1);
  if (t0 !== t1) return [true, applySpecialKeys(v1)];
  const eq = equalsOf(v0);
  if (eq) {
    if (eq(v1)) return [false, undefined];
    return [true, applySpecialKeys(v1)];
  }
  if (t0 === "Object" && t1 === "Object") {
    if (isEmpty(v1)) return [false, undefined];
    const d = diffInner(v0 as AnyObject, v1 as AnyObject, inner, deletionKeys, depth + 1);
    return [!isEmpty(d), d];
  }
  return [(v0 as { valueOf(): unknown }).valueOf() !== (v1 as { valueOf(): unknown }).valueOf(), v1];
}

/* -------------------------------------------- */
/*  Dotted keys                                 */
/* -------------------------------------------- */

const SKIPPED_PROPERTIES = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Assign `value` at the dotted `key` (creating inner objects). Returns whether the value changed.
 * Keys touching `__proto__`, `constructor` or `prototype` are refused (returns false).
 */
export function setProperty(object: object, key: string, value: unknown): boolean {
  if (!key || SKIPPED_PROPERTIES.has(key)) return false;
  let target = object as AnyObject;
  let last = key;
  if (key.indexOf(".") !== -1) {
    const parts = key.split(".");
    if (parts.some((p) => SKIPPED_PROPERTIES.has(p))) return false;
    last = parts.pop() as string;
    target = parts.reduce<AnyObject>((t, p) => {
      if (!(p in t)) t[p] = {};
      return t[p] as AnyObject;
    }, object as AnyObject);
  }
  if (!(last in target) || target[last] !== value) {
    target[last] = value;
    return true;
  }
  return false;
}

/** Read the value at a dotted key (an exact own key wins over the dotted path). */
export function getProperty(object: unknown, key: string): unknown {
  if (!key || !object) return undefined;
  if (key in (object as object)) return (object as AnyObject)[key];
  let target: unknown = object;
  for (const p of key.split(".")) {
    if (!target) return undefined;
    const type = typeof target;
    if (type !== "object" && type !== "function") return undefined;
    if (p in (target as object)) target = (target as AnyObject)[p];
    else return undefined;
  }
  return target;
}

/** Does the dotted key exist in the object? */
export function hasProperty(object: unknown, key: string): boolean {
  if (!key || !object) return false;
  if (key in (object as object)) return true;
  let target: unknown = object;
  for (const p of key.split(".")) {
    if (!target || typeof target !== "object") return false;
    if (p in target) target = (target as AnyObject)[p];
    else return false;
  }
  return true;
}

/** Delete the value at a dotted key. Returns whether something was deleted. */
export function deleteProperty(object: unknown, key: string): boolean {
  if (!key || !object) return false;
  let parent: AnyObject | undefined;
  let target: unknown = object;
  const parts = key.split(".");
  for (const p of parts) {
    if (!target) return false;
    const type = typeof target;
    if (type !== "object" && type !== "function") return false;
    if (!(p in (target as object))) return false;
    parent = target as AnyObject;
    target = parent[p];
  }
  if (parent) delete parent[parts.at(-1) as string];
  return true;
}

/**
 * Expand every dotted key of every plain object, at any depth (arrays are mapped). Values that are not plain objects
 * (class instances, Sets, Maps …) are kept as they are. Returns a new object.
 */
export function expandObject<T = AnyObject>(obj: unknown): T {
  const expand = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
    if (!value) return value;
    if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
    if (getType(value) !== "Object") return value;
    const expanded: AnyObject = {};
    for (const [k, v] of Object.entries(value as AnyObject)) setProperty(expanded, k, expand(v, depth + 1));
    return expanded;
  };
  return expand(obj, 0) as T;
}

/** Flatten nested plain objects to dotted keys (an empty inner object is kept as a value). */
export function flattenObject(obj: object, _d = 0): AnyObject {
  const flat: AnyObject = {};
  if (_d > 100) throw new Error("Maximum depth exceeded");
  for (const [k, v] of Object.entries(obj)) {
    if (getType(v) === "Object") {
      if (isEmpty(v)) flat[k] = v;
      for (const [ik, iv] of Object.entries(flattenObject(v as object, _d + 1))) flat[`${k}.${ik}`] = iv;
    } else flat[k] = v;
  }
  return flat;
}

/** Keep only the keys of `source` that exist in `template` (recursively). */
export function filterObject(
  source: object,
  template: object,
  { deletionKeys = false, templateValues = false }: { deletionKeys?: boolean; templateValues?: boolean } = {},
): AnyObject {
  if (getType(source) !== "Object" || getType(template) !== "Object") {
    throw new Error("One of source or template are not Objects!");
  }
  const filter = (s: AnyObject, t: AnyObject, filtered: AnyObject): AnyObject => {
    for (const [k, v] of Object.entries(s)) {
      const has = Object.hasOwn(t, k);
      const x = t[k];
      if (has && getType(v) === "Object" && getType(x) === "Object") {
        filtered[k] = filter(v as AnyObject, x as AnyObject, {});
      } else if (has) filtered[k] = templateValues ? x : v;
      else if (deletionKeys && isDeletionKey(k)) filtered[k] = v;
    }
    return filtered;
  };
  return filter(source as AnyObject, template as AnyObject, {});
}

/* -------------------------------------------- */
/*  mergeObject                                 */
/* -------------------------------------------- */

export interface MergeObjectOptions {
  /** Insert new top-level keys which do not exist in the original (default true). */
  insertKeys?: boolean;
  /** Insert new keys into inner objects (default true). */
  insertValues?: boolean;
  /** Replace existing values (default true). */
  overwrite?: boolean;
  /** Merge inner objects recursively rather than replacing them (default true). */
  recursive?: boolean;
  /** Update `original` in place (default true); otherwise a deep clone is merged and returned. */
  inplace?: boolean;
  /** Throw if an overwritten value changes type (default false). */
  enforceTypes?: boolean;
  /** Apply `-=key: null` deletions and `==key` replacements (default false). */
  performDeletions?: boolean;
}

type FullMergeOptions = Required<MergeObjectOptions>;

/** Merge `other` into `original`, Foundry's way (see {@link MergeObjectOptions}). Returns the merged object. */
export function mergeObject<T extends object>(
  original: T,
  other: object = {},
  {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    enforceTypes = false,
    performDeletions = false,
  }: MergeObjectOptions = {},
  _d = 0,
): T {
  let src = (other || {}) as AnyObject;
  let target = original as AnyObject;
  if (!(target instanceof Object) || !(src instanceof Object)) {
    throw new Error("One of original or other are not Objects!");
  }
  const options: FullMergeOptions = {
    insertKeys,
    insertValues,
    overwrite,
    recursive,
    inplace,
    enforceTypes,
    performDeletions,
  };
  if (_d === 0) {
    if (Object.keys(src).some((k) => k.includes("."))) src = expandObject(src);
    if (Object.keys(target).some((k) => k.includes("."))) {
      const expanded = expandObject<AnyObject>(target);
      if (inplace) {
        for (const k of Object.keys(target)) delete target[k];
        Object.assign(target, expanded);
      } else target = expanded;
    } else if (!inplace) target = deepClone(target);
  }
  for (const k of Object.keys(src)) {
    const v = src[k];
    if (Object.hasOwn(target, k)) mergeUpdate(target, k, v, _d + 1, options);
    else mergeInsert(target, k, v, _d + 1, options);
  }
  return target as T;
}

function mergeInsert(
  original: AnyObject,
  k: string,
  v: unknown,
  depth: number,
  options: FullMergeOptions,
): void {
  const { insertKeys, insertValues, performDeletions } = options;
  if (performDeletions && k.startsWith("==")) {
    original[k.slice(2)] = applySpecialKeys(v);
    return;
  }
  if (performDeletions && k.startsWith("-=")) {
    if (v !== null) throw new Error(DELETION_VALUE_ERROR);
    delete original[k.slice(2)];
    return;
  }
  const canInsert = (depth <= 1 && insertKeys) || (depth > 1 && insertValues);
  if (!canInsert) return;
  if (getType(v) === "Object") {
    original[k] = mergeObject({}, v as object, { insertKeys: true, inplace: true, performDeletions });
    return;
  }
  original[k] = v;
}

function mergeUpdate(
  original: AnyObject,
  k: string,
  v: unknown,
  depth: number,
  options: FullMergeOptions,
): void {
  const { insertKeys, insertValues, enforceTypes, overwrite, recursive, performDeletions } = options;
  const x = original[k];
  const tv = getType(v);
  const tx = getType(x);
  const ov = tv === "Object" || tv === "Unknown";
  const ox = tx === "Object" || tx === "Unknown";
  if (ov && ox && recursive) {
    mergeObject(
      x as object,
      v as object,
      { insertKeys, insertValues, overwrite, enforceTypes, performDeletions, inplace: true },
      depth,
    );
    return;
  }
  if (overwrite) {
    if (tx !== "undefined" && tv !== tx && enforceTypes) {
      throw new Error("Mismatched data types encountered during object merge.");
    }
    original[k] = applySpecialKeys(v);
  }
}

/* -------------------------------------------- */
/*  Identifiers and numbers                     */
/* -------------------------------------------- */

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random alphanumeric id (A-Z, a-z, 0-9) of the given length, from `crypto.getRandomValues`. */
export function randomID(length = 16): string {
  const cutoff = 0x100000000 - (0x100000000 % ID_CHARS.length);
  const random = new Uint32Array(length);
  do {
    crypto.getRandomValues(random);
  } while (random.some((x) => x >= cutoff));
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[(random[i] as number) % ID_CHARS.length];
  return id;
}

/** `common/data/validators.mjs` isValidId: a 16-character alphanumeric string. */
export function isValidId(id: unknown): boolean {
  return typeof id === "string" && /^[a-zA-Z0-9]{16}$/.test(id);
}

/** Number#toNearest(interval, method, base): round `value - base` to a multiple of `interval`, then add `base`. */
export function toNearest(
  value: number,
  interval = 1,
  method: "round" | "floor" | "ceil" = "round",
  base = 0,
): number {
  if (interval < 0) throw new Error("Number#toNearest interval must be positive");
  const float = Math[method]((value - base) / interval) * interval + base;
  const digits = Number.isInteger(interval) ? 0 : String(interval).length - 2;
  return Number(float.toFixed(Math.max(0, digits)));
}

/** Everything above as one object, to be installed as `foundry.utils`. */
/**
 * v13 `foundry.utils.escapeHTML` (declared in fvtt-types 13.345 `common/utils/helpers.d.mts`): the five HTML
 * special characters of a string become entities; anything else is returned as it is.
 */
export function escapeHTML<T>(value: T): T | string {
  if (typeof value !== "string") return value;
  const map: Record<string, string> = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "'": "&#x27;",
  };
  return value.replace(/[&<>"']/g, (c) => map[c]!);
}

export const utils = {
  applySpecialKeys,
  deepClone,
  deleteProperty,
  diffObject,
  duplicate,
  escapeHTML,
  expandObject,
  filterObject,
  flattenObject,
  getProperty,
  getType,
  hasProperty,
  isDeletionKey,
  isEmpty,
  isSubclass,
  mergeObject,
  objectsEqual,
  randomID,
  setProperty,
};
