import { describe, expect, it } from "vitest";
import { defaultResolutionTable } from "../rules/index.js";
import {
  editorContext,
  exportTable,
  importTable,
  isDefaultTable,
  tableFromForm,
} from "./zebulon-editor-context.js";

const formOf = (table = defaultResolutionTable()) => {
  const f: Record<string, unknown> = { name: "Printed" };
  for (const [c, row] of Object.entries(table.columns))
    for (const [colour, v] of Object.entries(row)) f[`c.${c}.${colour}`] = String(v);
  return f;
};

describe("Zebulon table editor", () => {
  it("SF-Z-04 shows 19 columns −X … +X with four thresholds each", () => {
    const ctx = editorContext(defaultResolutionTable());
    expect(ctx.columns).toHaveLength(19);
    expect(ctx.columns[0]!.label).toBe("−X");
    expect(ctx.columns[18]!.label).toBe("+X");
    expect(ctx.columns[9]!.cells.map((c) => c.value)).toEqual([3, 10, 18, 25]);
  });

  it("SF-Z-04 the form round-trips to the same table", () => {
    const r = tableFromForm(formOf());
    expect(r.error).toBeNull();
    expect(r.table!.name).toBe("Printed");
    expect(isDefaultTable(r.table!)).toBe(true);
  });

  it("SF-Z-04 a non-monotone cell is rejected and highlighted by name", () => {
    const f = formOf();
    f["c.4.yellow"] = "40";
    f["c.4.green"] = "39";
    const r = tableFromForm(f);
    expect(r.table).toBeNull();
    expect(r.error).toMatchObject({
      column: "+4",
      colour: "yellow",
      message: "Column +4, yellow (40) is below the column to its left (55)",
    });
    const ctx = editorContext(defaultResolutionTable(), r.error, false, r.draft);
    const bad = ctx.columns[13]!.cells.find((c) => c.bad)!;
    expect(bad.colour).toBe("yellow");
    // What the GM typed is kept in the form, not replaced by the stored table.
    expect(bad.value).toBe(40);
  });

  it("SF-Z-04 an empty cell is an error naming it", () => {
    const f = formOf();
    f["c.-9.cobalt"] = "";
    expect(tableFromForm(f).error).toMatchObject({ column: "−X", colour: "cobalt" });
  });

  it("SF-Z-04 import and export as JSON; bad JSON is a clear error", () => {
    const json = exportTable(defaultResolutionTable());
    expect(importTable(json).table).toEqual(defaultResolutionTable());
    expect(importTable("{ nope").error?.key).toBe("FT.Zebulon.Error.notJson");
    expect(importTable('{"columns": {}}').error?.column).toBe("−X");
  });
});
