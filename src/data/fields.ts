/**
 * Builds Foundry DataFields from the pure schema descriptions in `spec.ts`. Runs inside Foundry only.
 *
 * Presence (v13 common/data/fields.mjs): `DataField#clean` turns `undefined` into `getInitialValue()`, and
 * `SchemaField#_cleanType` cleans every field of the schema and DELETES every key the schema does not name. So a
 * field a document writes and the spec lacks is silently dropped, and a field with an initial value is filled in
 * where it was absent. An `optional` spec is `required: false` with `initial: undefined`: absent stays absent
 * (`getInitialValue` is `undefined`; `_validateSpecial` accepts `undefined` on a field that is not required).
 * The test harness models the same rules (tests/foundry/fields.ts `DataField#clean`, `getInitialValue`,
 * `SchemaField#_cleanType`, `TypedObjectField#_cleanType`; tests/foundry/data-model.ts `_initializeSource`:
 * `migrateDataSafe` → `cleanData`), so the scenarios store cards as Foundry would.
 */
import type { FieldSpec, SchemaSpec } from "./spec.js";

type AnyField = foundry.data.fields.DataField.Any;

/** The options every field takes from its spec's presence (see the file header). */
function presence(spec: FieldSpec): { required?: boolean; nullable?: boolean; initial?: undefined } {
  return {
    ...(spec.optional ? { required: false, initial: undefined } : {}),
    ...(spec.nullable !== undefined ? { nullable: spec.nullable } : {}),
  };
}

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
        ...presence(spec),
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
        ...presence(spec),
      });
    }
    case "boolean":
      return new f.BooleanField({ initial: spec.initial, ...presence(spec) });
    case "html":
      return new f.HTMLField({ required: true, blank: true, initial: spec.initial });
    case "schema":
      return new f.SchemaField(buildSchema(spec.fields), presence(spec));
    case "array":
      return new f.ArrayField(buildField(spec.element), presence(spec));
    case "object":
      return new f.ObjectField(presence(spec));
    case "record":
      // v13 TypedObjectField: every value cleaned and validated by the element field; keys any string.
      return new f.TypedObjectField(buildField(spec.element), presence(spec));
  }
}

export function buildSchema(spec: SchemaSpec): foundry.data.fields.DataSchema {
  const out: Record<string, AnyField> = {};
  for (const [k, v] of Object.entries(spec)) out[k] = buildField(v);
  return out;
}
