/**
 * The Zebulon's Guide Resolution Table as data (SF-Z-01, SF-Z-04). The printed numbers were not available to us
 * (rules-tables §14), so the default is our own, documented table; a GM can enter the printed values.
 *
 * Default: the success threshold of column c is clamp(5, 95, 25 + 10·c) — column 0 matches an untrained
 * average Dexterity in Alpha Dawn (½ × 50) and each column is worth 10 points (SF-Z-03). Within a success of
 * threshold S: cobalt ≤ round(0.1·S), blue ≤ round(0.4·S), green ≤ round(0.7·S), yellow ≤ S. The bands are chosen
 * so that the average damage of a hit (¼, ½, ¾, 1 of the maximum) equals the average of linear damage dice.
 */
import type { ResultColour } from "../core/engine.js";
import { RulesError } from "../core/types.js";

export const MIN_COLUMN = -9;
export const MAX_COLUMN = 9;
export const COLUMNS: readonly number[] = Array.from(
  { length: MAX_COLUMN - MIN_COLUMN + 1 },
  (_, i) => i + MIN_COLUMN,
);

/** Colours of success, best first; white is failure. */
export const SUCCESS_COLOURS = ["cobalt", "blue", "green", "yellow"] as const;
export type SuccessColour = (typeof SUCCESS_COLOURS)[number];

/** Highest d100 roll that gives each colour on one column. */
export type ColumnThresholds = Readonly<Record<SuccessColour, number>>;

/**
 * The table: one row of thresholds per column, keyed by the column number as text ("-9" … "9"). A type, not an
 * interface, so it is a plain JSON object to TypeScript too (the GM's table is stored in a world setting).
 */
export type ResolutionTable = {
  readonly name: string;
  readonly columns: Readonly<Record<string, ColumnThresholds>>;
};

/** Column label as printed: −X and +X at the ends. */
/** Longest table name kept (it is a world setting copied to every client). */
export const MAX_TABLE_NAME = 100;
/** Longest JSON text an import reads: the default table exported with indentation is about 2,400 characters. */
export const MAX_TABLE_JSON = 20_000;

export function columnLabel(c: number): string {
  if (c === MIN_COLUMN) return "−X";
  if (c === MAX_COLUMN) return "+X";
  return c > 0 ? `+${c}` : c < 0 ? `−${-c}` : "0";
}

export function defaultColumn(c: number): ColumnThresholds {
  const s = Math.min(95, Math.max(5, 25 + 10 * c));
  return { cobalt: Math.round(0.1 * s), blue: Math.round(0.4 * s), green: Math.round(0.7 * s), yellow: s };
}

export function defaultResolutionTable(): ResolutionTable {
  const columns: Record<string, ColumnThresholds> = {};
  for (const c of COLUMNS) columns[String(c)] = defaultColumn(c);
  return { name: "Frontier Tactics default", columns };
}

/**
 * Validate a table (from the settings editor or an imported JSON): every column present; thresholds whole numbers
 * 0–100; within a column cobalt ≤ blue ≤ green ≤ yellow; across columns every colour never falls as the column
 * rises. The error names the cell.
 */
export function validateResolutionTable(input: unknown): ResolutionTable {
  if (typeof input !== "object" || input === null) {
    throw new RulesError("FT.Zebulon.Error.notObject", "The table must be an object");
  }
  const raw = input as { name?: unknown; columns?: unknown };
  for (const key of Object.keys(raw))
    if (key !== "name" && key !== "columns")
      throw new RulesError("FT.Zebulon.Error.unknownKey", `Unknown entry "${key.slice(0, 40)}"`, {
        key: key.slice(0, 40),
      });
  if (raw.name !== undefined && (typeof raw.name !== "string" || raw.name.length > MAX_TABLE_NAME)) {
    throw new RulesError(
      "FT.Zebulon.Error.badName",
      `The table's name must be text of at most ${MAX_TABLE_NAME} characters`,
      { max: MAX_TABLE_NAME },
    );
  }
  if (typeof raw.columns !== "object" || raw.columns === null) {
    throw new RulesError("FT.Zebulon.Error.noColumns", "The table has no columns");
  }
  const cols = raw.columns as Record<string, unknown>;
  for (const key of Object.keys(cols))
    if (!COLUMNS.some((c) => String(c) === key))
      throw new RulesError("FT.Zebulon.Error.unknownColumn", `Unknown column "${key.slice(0, 40)}"`, {
        column: key.slice(0, 40),
      });
  const out: Record<string, ColumnThresholds> = {};
  let prev: ColumnThresholds | null = null;
  for (const c of COLUMNS) {
    const row = cols[String(c)];
    const label = columnLabel(c);
    if (typeof row !== "object" || row === null) {
      throw new RulesError("FT.Zebulon.Error.missingColumn", `Column ${label} is missing`, { column: label });
    }
    const r = row as Record<string, unknown>;
    const vals = {} as Record<SuccessColour, number>;
    for (const colour of SUCCESS_COLOURS) {
      const v = r[colour];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 100) {
        throw new RulesError(
          "FT.Zebulon.Error.badCell",
          `Column ${label}, ${colour}: must be a whole number 0–100`,
          {
            column: label,
            colour,
          },
        );
      }
      vals[colour] = v;
    }
    for (let i = 1; i < SUCCESS_COLOURS.length; i++) {
      const better = SUCCESS_COLOURS[i - 1]!;
      const worse = SUCCESS_COLOURS[i]!;
      if (vals[better] > vals[worse]) {
        throw new RulesError(
          "FT.Zebulon.Error.colourOrder",
          `Column ${label}, ${better} (${vals[better]}) is above ${worse} (${vals[worse]})`,
          { column: label, colour: better },
        );
      }
    }
    if (prev) {
      for (const colour of SUCCESS_COLOURS) {
        if (vals[colour] < prev[colour]) {
          throw new RulesError(
            "FT.Zebulon.Error.notMonotone",
            `Column ${label}, ${colour} (${vals[colour]}) is below the column to its left (${prev[colour]})`,
            { column: label, colour },
          );
        }
      }
    }
    out[String(c)] = vals;
    prev = vals;
  }
  return { name: typeof raw.name === "string" ? raw.name : "Custom", columns: out };
}

export function thresholds(table: ResolutionTable, column: number): ColumnThresholds {
  const row = table.columns[String(clampColumn(column))];
  if (!row) throw new RulesError("FT.Zebulon.Error.missingColumn", `Column ${column} is missing`, { column });
  return row;
}

/** Shifts past +X resolve on +X, past −X on −X (SF-Z-02). */
export function clampColumn(column: number): number {
  return Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, Math.trunc(column)));
}

/** The colour a d100 roll gives on a column (SF-Z-04). */
export function readColumn(table: ResolutionTable, column: number, d100: number): ResultColour {
  const t = thresholds(table, column);
  for (const colour of SUCCESS_COLOURS) if (d100 <= t[colour]) return colour;
  return "white";
}
