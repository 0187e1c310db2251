import { describe, expect, it } from "vitest";
import {
  defaultResolutionTable,
  MAX_TABLE_JSON,
  MAX_TABLE_NAME,
  validateResolutionTable,
} from "../rules/index.js";
import { importTable } from "./zebulon-editor-context.js";

describe("SF-Z-01 the size and shape of a stored or imported resolution table", () => {
  const table = defaultResolutionTable();
  it("a name of at most 100 characters is kept; 101 is refused by name", () => {
    expect(validateResolutionTable({ ...table, name: "x".repeat(MAX_TABLE_NAME) }).name).toHaveLength(100);
    expect(() => validateResolutionTable({ ...table, name: "x".repeat(101) })).toThrow(
      "The table's name must be text of at most 100 characters",
    );
    expect(() => validateResolutionTable({ ...table, name: 7 })).toThrow(/name must be text/);
  });
  it("entries other than name and columns, and columns outside −9…9, are refused and named", () => {
    expect(() => validateResolutionTable({ ...table, extra: [1, 2, 3] })).toThrow('Unknown entry "extra"');
    expect(() =>
      validateResolutionTable({ ...table, columns: { ...table.columns, "10": table.columns["9"] } }),
    ).toThrow('Unknown column "10"');
  });
  it("an import longer than 20,000 characters is refused before it is parsed", () => {
    const huge = JSON.stringify({ ...table, name: "y".repeat(2_000_000) });
    const r = importTable(huge);
    expect(r.table).toBeNull();
    expect(r.error?.key).toBe("FT.Zebulon.Error.tooLong");
    expect(MAX_TABLE_JSON).toBe(20_000);
    expect(importTable(JSON.stringify(table, null, 2)).table?.name).toBe("Frontier Tactics default");
  });
});
