/**
 * Schemas as plain data. One description serves two readers:
 * - `fields.ts` turns it into Foundry `DataField`s for the TypeDataModels (at run time, inside Foundry);
 * - {@link validateData} checks and cleans plain objects against it in Node (pack check, tests, migrations).
 * Nothing in this file touches Foundry.
 */

export type FieldSpec =
  | {
      readonly kind: "number";
      readonly initial: number | null;
      readonly integer?: boolean;
      readonly min?: number;
      readonly max?: number;
      readonly nullable?: boolean;
    }
  | {
      readonly kind: "string";
      readonly initial: string;
      readonly choices?: readonly string[];
      readonly blank?: boolean;
      /** Returns an error message, or null when the value is fine. */
      readonly check?: (value: string) => string | null;
    }
  | { readonly kind: "boolean"; readonly initial: boolean }
  | { readonly kind: "html"; readonly initial: string }
  | { readonly kind: "schema"; readonly fields: SchemaSpec }
  | { readonly kind: "array"; readonly element: FieldSpec }
  /** Free-form JSON object (chat card payloads). */
  | { readonly kind: "object" };

export type SchemaSpec = Readonly<Record<string, FieldSpec>>;

/** A model: its fields and the checks that involve several fields at once. */
export interface ModelSpec {
  readonly fields: SchemaSpec;
  /** Returns error messages; an empty list means valid. */
  readonly joint?: (data: Record<string, unknown>) => string[];
}

export const num = (
  initial: number | null,
  opts: { integer?: boolean; min?: number; max?: number; nullable?: boolean } = {},
): FieldSpec => ({ kind: "number", initial, ...opts });
export const int = (
  initial: number | null,
  opts: { min?: number; max?: number; nullable?: boolean } = {},
): FieldSpec => ({
  kind: "number",
  initial,
  integer: true,
  ...opts,
});
export const str = (
  initial = "",
  opts: { choices?: readonly string[]; blank?: boolean; check?: (v: string) => string | null } = {},
): FieldSpec => ({ kind: "string", initial, blank: true, ...opts });
export const bool = (initial = false): FieldSpec => ({ kind: "boolean", initial });
export const html = (): FieldSpec => ({ kind: "html", initial: "" });
export const schema = (fields: SchemaSpec): FieldSpec => ({ kind: "schema", fields });
export const array = (element: FieldSpec): FieldSpec => ({ kind: "array", element });

export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** The initial (default) value of a field. */
export function initialValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case "schema":
      return initialData(spec.fields);
    case "array":
      return [];
    case "object":
      return {};
    default:
      return spec.initial;
  }
}

export function initialData(fields: SchemaSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields)) out[k] = initialValue(f);
  return out;
}

/**
 * Check `data` against a model: missing fields take their initial value, unknown fields are kept untouched
 * (migrations never drop data), every problem is reported with its path.
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
    return initialData(fields);
  }
  const src = (data ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...src };
  for (const [k, f] of Object.entries(fields))
    out[k] = cleanField(f, src[k], path ? `${path}.${k}` : k, issues);
  return out;
}

function cleanField(spec: FieldSpec, v: unknown, path: string, issues: ValidationIssue[]): unknown {
  if (v === undefined) return initialValue(spec);
  switch (spec.kind) {
    case "number": {
      if (v === null) {
        if (spec.nullable) return null;
        issues.push({ path, message: "may not be empty" });
        return spec.initial;
      }
      if (typeof v !== "number" || !Number.isFinite(v)) {
        issues.push({ path, message: `must be a number, not ${JSON.stringify(v)}` });
        return spec.initial;
      }
      if (spec.integer && !Number.isInteger(v))
        issues.push({ path, message: `must be a whole number, not ${v}` });
      if (spec.min !== undefined && v < spec.min)
        issues.push({ path, message: `must be at least ${spec.min}, not ${v}` });
      if (spec.max !== undefined && v > spec.max)
        issues.push({ path, message: `must be at most ${spec.max}, not ${v}` });
      return v;
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
  }
}
