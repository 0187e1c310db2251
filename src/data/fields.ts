/**
 * Builds Foundry DataFields from the pure schema descriptions in `spec.ts`. Runs inside Foundry only.
 */
import type { FieldSpec, SchemaSpec } from "./spec.js";

type AnyField = foundry.data.fields.DataField.Any;

export function buildField(spec: FieldSpec): AnyField {
  const f = foundry.data.fields;
  switch (spec.kind) {
    case "number":
      return new f.NumberField({
        required: true,
        nullable: spec.nullable ?? false,
        initial: spec.initial ?? null,
        integer: spec.integer ?? false,
        ...(spec.min !== undefined ? { min: spec.min } : {}),
        ...(spec.max !== undefined ? { max: spec.max } : {}),
      });
    case "string": {
      const check = spec.check;
      return new f.StringField({
        required: true,
        blank: spec.blank ?? true,
        initial: spec.initial,
        ...(spec.choices
          ? { choices: [...spec.choices, ...(spec.blank && !spec.choices.includes("") ? [""] : [])] }
          : {}),
        ...(check
          ? {
              validate: (v: unknown) => {
                const err = typeof v === "string" ? check(v) : null;
                if (err) throw new Error(err);
                return true;
              },
            }
          : {}),
      });
    }
    case "boolean":
      return new f.BooleanField({ initial: spec.initial });
    case "html":
      return new f.HTMLField({ required: true, blank: true, initial: spec.initial });
    case "schema":
      return new f.SchemaField(buildSchema(spec.fields));
    case "array":
      return new f.ArrayField(buildField(spec.element));
    case "object":
      return new f.ObjectField();
  }
}

export function buildSchema(spec: SchemaSpec): foundry.data.fields.DataSchema {
  const out: Record<string, AnyField> = {};
  for (const [k, v] of Object.entries(spec)) out[k] = buildField(v);
  return out;
}
