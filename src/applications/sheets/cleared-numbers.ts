/**
 * A cleared number box keeps the stored number. v13's FormDataExtended gives an empty number input `null`
 * (client/applications/ux/form-data-extended.mjs), and v13 cleans `null` on a NumberField that is not nullable to
 * the field's initial value (common/data/fields.mjs DataField#clean: `_validateSpecial` throws "may not be null",
 * so `getInitialValue`): the sheet's `_prepareSubmitData` (`document.validate({changes, clean: true})`) would turn a
 * cleared Stamina 30 into the schema's 45 and store it. Here the stored value is submitted instead, the box shows
 * it again and the user is told.
 */
import { notify } from "../../helpers/report.js";

type Doc = foundry.abstract.Document.Any;
type Field = foundry.data.fields.DataField.Any;

/** The schema field a form name writes: `system.…` through the system model's own schema (TypeDataField has none). */
function fieldOf(document: Doc, name: string): Field | undefined {
  if (name.startsWith("system.")) {
    const system = (document as { system?: unknown }).system;
    if (system instanceof foundry.abstract.DataModel) return system.schema.getField(name.slice(7));
    return undefined;
  }
  return document.schema.getField(name);
}

/** The box's name for the user: its label, its `aria-label`, or the field's label. */
function labelOf(form: HTMLFormElement, input: HTMLInputElement | null, field: Field, name: string): string {
  const byFor = input?.id
    ? Array.from(form.querySelectorAll("label")).find((l) => l.htmlFor === input.id)?.textContent
    : null;
  const text =
    byFor ?? input?.closest("label")?.textContent ?? input?.getAttribute("aria-label") ?? field.label;
  return text?.trim() || name;
}

/**
 * Replace each cleared (`null`) number of `data` (FormDataExtended's flat object) whose field may not be null by the
 * document's stored value, put that value back in the box, and tell the user once per box.
 */
export function keepClearedNumbers(
  document: Doc,
  form: HTMLFormElement,
  data: Record<string, unknown>,
): void {
  for (const [name, value] of Object.entries(data)) {
    if (value !== null) continue;
    const field = fieldOf(document, name);
    if (!(field instanceof foundry.data.fields.NumberField) || field.nullable) continue;
    const stored: unknown = foundry.utils.getProperty(document._source, name);
    if (typeof stored !== "number") continue;
    data[name] = stored;
    const input =
      Array.from(form.querySelectorAll<HTMLInputElement>("input")).find((i) => i.name === name) ?? null;
    if (input) input.value = String(stored);
    notify("warn", "FT.Sheet.numberCleared", { label: labelOf(form, input, field, name), value: stored });
  }
}
