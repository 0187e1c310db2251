/**
 * Schemas as plain data. One description serves two readers:
 * - `fields.ts` turns it into Foundry `DataField`s for the TypeDataModels (at run time, inside Foundry);
 * - {@link validateData} checks and cleans plain objects against it in Node (pack check, tests, migrations).
 * Nothing in this file touches Foundry.
 */

/**
 * What every kind of field may say besides its type (issue 28, the chat cards' schemas):
 * - `optional`: the field may be absent, and an absent value STAYS absent when cleaned (no initial value is filled
 *   in). Foundry: `required: false` with `initial: undefined` — v13 common/data/fields.mjs `DataField#clean` gives
 *   `getInitialValue`, which is `undefined` for a field that is neither required nor has an initial value, so
 *   `SchemaField#_cleanType` stores `undefined` for it (dropped when the source is serialized) and
 *   `DataField#_validateSpecial` lets `undefined` through on a field that is not required.
 * - `nullable`: null is a value the field keeps (`DataField#clean` returns null as it is on a nullable field).
 */
interface Presence {
  readonly optional?: boolean;
  readonly nullable?: boolean;
}

/** A number field; `N` says whether it may be null (so the stored value's type follows the spec). */
export interface NumberSpec<N extends boolean = boolean> {
  readonly kind: "number";
  readonly optional?: boolean;
  readonly initial: number | null;
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly nullable?: N;
}

/** A string field whose values are `V` (its choices, with "" when it may be blank). */
export interface StringSpec<V extends string = string> extends Presence {
  readonly kind: "string";
  readonly initial: V;
  readonly choices?: readonly V[];
  readonly blank?: boolean;
  /** Returns an error message, or null when the value is fine. */
  readonly check?: (value: string) => string | null;
}

export interface BooleanSpec extends Presence {
  readonly kind: "boolean";
  readonly initial: boolean;
}

export interface HtmlSpec extends Presence {
  readonly kind: "html";
  readonly initial: string;
}

export interface SchemaFieldSpec<S extends SchemaSpec = SchemaSpec> extends Presence {
  readonly kind: "schema";
  readonly fields: S;
}

export interface ArrayFieldSpec<E extends FieldSpec = FieldSpec> extends Presence {
  readonly kind: "array";
  readonly element: E;
}

/** Free-form JSON object. */
export interface ObjectSpec extends Presence {
  readonly kind: "object";
}

/**
 * An object with any string keys and number values (a d20 card's dice by die: `{d20: 14, confirm: null}`).
 * Foundry: `TypedObjectField` (v13 common/data/fields.mjs: each value is cleaned and validated by its element field).
 * Numbers only: a record of any field made the spec's data type too deep for TypeScript (TS2589).
 */
export interface RecordSpec<E extends NumberSpec = NumberSpec> extends Presence {
  readonly kind: "record";
  readonly element: E;
}

export type FieldSpec =
  | NumberSpec
  | StringSpec
  | BooleanSpec
  | HtmlSpec
  | SchemaFieldSpec
  | ArrayFieldSpec
  | ObjectSpec
  | RecordSpec;

export type SchemaSpec = Readonly<Record<string, FieldSpec>>;

/** A model: its fields and the checks that involve several fields at once. */
export interface ModelSpec<S extends SchemaSpec = SchemaSpec> {
  readonly fields: S;
  /** Returns error messages; an empty list means valid. */
  readonly joint?: (data: Record<string, unknown>) => string[];
}

/**
 * The value a field holds once Foundry has cleaned and validated it: the type of `system.<field>` on a document.
 * Derived from the spec itself, so the TypeScript shape and the Foundry schema cannot drift apart.
 */
export type FieldData<F extends FieldSpec> = F extends { readonly optional: true }
  ? OrNull<F> | undefined
  : OrNull<F>;

type OrNull<F extends FieldSpec> = F extends { readonly kind: "number" }
  ? BaseData<F>
  : F extends { readonly nullable: true }
    ? BaseData<F> | null
    : BaseData<F>;

type BaseData<F extends FieldSpec> =
  F extends NumberSpec<infer N>
    ? true extends N
      ? number | null
      : number
    : F extends StringSpec<infer V>
      ? V
      : F extends BooleanSpec
        ? boolean
        : F extends HtmlSpec
          ? string
          : F extends SchemaFieldSpec<infer S>
            ? SchemaData<S>
            : F extends ArrayFieldSpec<infer E>
              ? FieldData<E>[]
              : F extends RecordSpec<infer E>
                ? Record<string, E extends NumberSpec<false> ? number : number | null>
                : Record<string, unknown>;

/** The data of a whole schema (see {@link FieldData}). */
export type SchemaData<S extends SchemaSpec> = { -readonly [K in keyof S]: FieldData<S[K]> };

/** The data of a model (`system` of a document of that subtype). */
export type ModelData<M extends ModelSpec> = SchemaData<M["fields"]>;

interface NumberOptions {
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
}

export function num(initial: number | null, opts: NumberOptions & { nullable: true }): NumberSpec<true>;
export function num(initial: number, opts?: NumberOptions & { nullable?: false }): NumberSpec<false>;
export function num(initial: number | null, opts: NumberOptions & { nullable?: boolean } = {}): NumberSpec {
  return { kind: "number", initial, ...opts };
}

export function int(
  initial: number | null,
  opts: Omit<NumberOptions, "integer"> & { nullable: true },
): NumberSpec<true>;
export function int(
  initial: number,
  opts?: Omit<NumberOptions, "integer"> & { nullable?: false },
): NumberSpec<false>;
export function int(
  initial: number | null,
  opts: Omit<NumberOptions, "integer"> & { nullable?: boolean } = {},
): NumberSpec {
  return { kind: "number", initial, integer: true, ...opts };
}

type Check = (v: string) => string | null;

/** A string with choices that may not be blank holds one of them. */
export function str<const C extends string>(
  initial: NoInfer<C>,
  opts: { choices: readonly C[]; blank: false; check?: Check },
): StringSpec<C>;
/** A string with choices that may be blank holds one of them or "". */
export function str<const C extends string>(
  initial: NoInfer<C> | "",
  opts: { choices: readonly C[]; blank?: true; check?: Check },
): StringSpec<C | "">;
export function str(initial?: string, opts?: { blank?: boolean; check?: Check }): StringSpec;
export function str(
  initial = "",
  opts: { choices?: readonly string[]; blank?: boolean; check?: Check } = {},
): StringSpec {
  return { kind: "string", initial, blank: true, ...opts };
}
export const bool = (initial = false): BooleanSpec => ({ kind: "boolean", initial });
export const html = (): HtmlSpec => ({ kind: "html", initial: "" });
export const schema = <const S extends SchemaSpec>(fields: S): SchemaFieldSpec<S> => ({
  kind: "schema",
  fields,
});
export const array = <const E extends FieldSpec>(element: E): ArrayFieldSpec<E> => ({
  kind: "array",
  element,
});
/** A record of string keys to values of `element` (see {@link RecordSpec}). */
export const record = <const E extends NumberSpec>(element: E): RecordSpec<E> => ({
  kind: "record",
  element,
});
/** The field, absent when absent: cleaning fills in nothing (see `Presence`). */
export const optional = <const F extends FieldSpec>(spec: F): F & { readonly optional: true } => ({
  ...spec,
  optional: true,
});
/** The field, or null. */
export const nullable = <const F extends Exclude<FieldSpec, NumberSpec>>(
  spec: F,
): F & { readonly nullable: true } => ({ ...spec, nullable: true });

export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** The initial (default) value of a field. */
export function initialValue(spec: FieldSpec): unknown {
  if (spec.optional) return undefined;
  switch (spec.kind) {
    case "schema":
      return initialRecord(spec.fields);
    case "array":
      return [];
    case "object":
    case "record":
      return {};
    default:
      return spec.initial;
  }
}

export function initialData<S extends SchemaSpec>(fields: S): SchemaData<S> {
  // Each key holds its own spec's initial value (the helpers type `initial` by the field), which TypeScript
  // cannot follow through Object.entries.
  return initialRecord(fields) as SchemaData<S>;
}

function initialRecord(fields: SchemaSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields)) if (!f.optional) out[k] = initialValue(f);
  return out;
}

/**
 * Check `data` against a model: missing fields take their initial value, unknown fields are kept untouched
 * (migrations never drop data), every problem is reported with its path. Numbers are cleaned as Foundry cleans them
 * (cast, rounded, clamped: see the number case), so `value` is what Foundry would store.
 */
export function validateData(
  model: ModelSpec,
  data: unknown,
): { value: Record<string, unknown>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const value = cleanSchema(model.fields, data, "", issues);
  if (issues.length === 0 && model.joint) {
    for (const message of model.joint(value)) issues.push({ path: "", message });
  }
  return { value, issues };
}

function cleanSchema(
  fields: SchemaSpec,
  data: unknown,
  path: string,
  issues: ValidationIssue[],
): Record<string, unknown> {
  if (data !== undefined && (typeof data !== "object" || data === null || Array.isArray(data))) {
    issues.push({ path: path || "(root)", message: "must be an object" });
    return initialRecord(fields);
  }
  const src = (data ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...src };
  for (const [k, f] of Object.entries(fields)) {
    const v = cleanField(f, src[k], path ? `${path}.${k}` : k, issues);
    // An optional field that is absent stays absent (as Foundry leaves it `undefined`, which is never stored).
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

function cleanField(spec: FieldSpec, v: unknown, path: string, issues: ValidationIssue[]): unknown {
  if (v === undefined) return initialValue(spec);
  if (v === null && spec.kind !== "number") {
    if (spec.nullable) return null;
    issues.push({ path, message: "may not be empty" });
    return initialValue(spec);
  }
  switch (spec.kind) {
    case "number": {
      if (v === null) {
        if (spec.nullable) return null;
        issues.push({ path, message: "may not be empty" });
        return spec.initial;
      }
      // As Foundry v13 cleans a NumberField (common/data/fields.mjs NumberField#_cast and #_cleanType): the value
      // is cast with Number ("12" → 12; "" is null on a nullable field), an integer field rounds (12.6 → 13) and the
      // value is clamped to min and max (101 → 100, −5 → 0) — silently, so the cleaned value is what Foundry stores,
      // not an issue. Only what cleaning cannot mend (NaN, Infinity) is refused. The joint checks still refuse.
      if (spec.nullable && v === "") return null;
      let n = Number(v);
      if (!Number.isFinite(n)) {
        issues.push({ path, message: `must be a number, not ${JSON.stringify(v) ?? String(v)}` });
        return spec.initial;
      }
      if (spec.integer) n = Math.round(n);
      if (spec.min !== undefined) n = Math.max(n, spec.min);
      if (spec.max !== undefined) n = Math.min(n, spec.max);
      return n;
    }
    case "string":
    case "html": {
      if (typeof v !== "string") {
        issues.push({ path, message: "must be text" });
        return spec.initial;
      }
      if (spec.kind === "string") {
        if (
          spec.choices &&
          !(v === "" && spec.blank && !spec.choices.includes("")) &&
          !spec.choices.includes(v)
        ) {
          issues.push({ path, message: `must be one of ${spec.choices.join(", ")}, not "${v}"` });
        }
        const err = spec.check?.(v);
        if (err) issues.push({ path, message: err });
      }
      return v;
    }
    case "boolean":
      if (typeof v !== "boolean") {
        issues.push({ path, message: "must be true or false" });
        return spec.initial;
      }
      return v;
    case "schema":
      return cleanSchema(spec.fields, v, path, issues);
    case "object":
      if (typeof v !== "object" || v === null || Array.isArray(v)) {
        issues.push({ path, message: "must be an object" });
        return {};
      }
      return v;
    case "array":
      if (!Array.isArray(v)) {
        issues.push({ path, message: "must be a list" });
        return [];
      }
      return v.map((e, i) => cleanField(spec.element, e, `${path}[${i}]`, issues));
    case "record": {
      if (typeof v !== "object" || v === null || Array.isArray(v)) {
        issues.push({ path, message: "must be an object" });
        return {};
      }
      const out: Record<string, unknown> = {};
      for (const [k, e] of Object.entries(v)) out[k] = cleanField(spec.element, e, `${path}.${k}`, issues);
      return out;
    }
  }
}

/**
 * The paths of `data` a schema does not name: what Foundry's cleaning would DELETE (v13 common/data/fields.mjs
 * `SchemaField#_cleanType` drops every key its schema lacks, at every depth). {@link validateData} keeps such keys
 * (a migration never drops data); this says which they are, so a test can check that no field a writer sets is
 * silently lost.
 */
export function droppedPaths(fields: SchemaSpec, data: unknown, path = ""): string[] {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    const at = path ? `${path}.${k}` : k;
    const f = fields[k];
    if (!f) {
      if (v !== undefined) out.push(at);
    } else out.push(...droppedIn(f, v, at));
  }
  return out;
}

function droppedIn(spec: FieldSpec, v: unknown, path: string): string[] {
  if (spec.kind === "schema") return droppedPaths(spec.fields, v, path);
  if (spec.kind === "array" && Array.isArray(v))
    return v.flatMap((e, i) => droppedIn(spec.element, e, `${path}[${i}]`));
  return [];
}
