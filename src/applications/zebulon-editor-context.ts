/**
 * The Zebulon resolution-table editor's data, without Foundry: a 19-column grid of the four colour thresholds,
 * the form turned back into a table and validated (the error names the cell, which the editor highlights),
 * import and export as JSON.
 */
import {
  COLUMNS,
  columnLabel,
  defaultResolutionTable,
  MAX_TABLE_JSON,
  type ResolutionTable,
  RulesError,
  SUCCESS_COLOURS,
  validateResolutionTable,
} from "../rules/index.js";

export interface EditorError {
  readonly message: string;
  readonly key: string;
  readonly column: string | null;
  readonly colour: string | null;
}

/** `draft` keeps what the user typed when it did not validate, so nothing they entered is lost. */
export function editorContext(
  table: ResolutionTable,
  error: EditorError | null = null,
  isDefault = false,
  draft: Readonly<Record<string, Readonly<Record<string, unknown>>>> | null = null,
) {
  return {
    name: table.name,
    isDefault,
    error,
    colours: SUCCESS_COLOURS.map((c) => ({ key: c, label: `FT.Colour.${c}` })),
    columns: COLUMNS.map((c) => {
      const label = columnLabel(c);
      return {
        key: String(c),
        label,
        cells: SUCCESS_COLOURS.map((colour) => ({
          colour,
          name: `c.${c}.${colour}`,
          value: draft ? (draft[String(c)]?.[colour] ?? "") : (table.columns[String(c)]?.[colour] ?? ""),
          bad: !!error && error.column === label && error.colour === colour,
        })),
        bad: !!error && error.column === label && !error.colour,
      };
    }),
  };
}

/** Form fields `c.<column>.<colour>` (and `name`) → a validated table, or the error naming the cell. */
export function tableFromForm(form: Readonly<Record<string, unknown>>): {
  table: ResolutionTable | null;
  error: EditorError | null;
  draft: Record<string, Record<string, unknown>>;
} {
  const columns: Record<string, Record<string, unknown>> = {};
  for (const c of COLUMNS) {
    const row: Record<string, unknown> = {};
    for (const colour of SUCCESS_COLOURS) {
      const raw = form[`c.${c}.${colour}`];
      row[colour] = raw === "" || raw === undefined || raw === null ? raw : Number(raw);
    }
    columns[String(c)] = row;
  }
  return {
    ...parseTable({ name: typeof form.name === "string" && form.name ? form.name : "Custom", columns }),
    draft: columns,
  };
}

/** Validate a table from anywhere (the form, an imported JSON file). */
export function parseTable(input: unknown): { table: ResolutionTable | null; error: EditorError | null } {
  try {
    return { table: validateResolutionTable(input), error: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    const d = e.data as { column?: string; colour?: string };
    return {
      table: null,
      error: { message: e.message, key: e.key, column: d.column ?? null, colour: d.colour ?? null },
    };
  }
}

export function importTable(json: string): { table: ResolutionTable | null; error: EditorError | null } {
  if (json.length > MAX_TABLE_JSON)
    return {
      table: null,
      error: {
        message: `The text is ${json.length} characters long; a table is at most ${MAX_TABLE_JSON}`,
        key: "FT.Zebulon.Error.tooLong",
        column: null,
        colour: null,
      },
    };
  try {
    return parseTable(JSON.parse(json));
  } catch (e) {
    if (e instanceof SyntaxError)
      return {
        table: null,
        error: { message: e.message, key: "FT.Zebulon.Error.notJson", column: null, colour: null },
      };
    throw e;
  }
}

export function exportTable(table: ResolutionTable): string {
  return `${JSON.stringify(table, null, 2)}\n`;
}

export function isDefaultTable(table: ResolutionTable): boolean {
  return JSON.stringify(table.columns) === JSON.stringify(defaultResolutionTable().columns);
}
