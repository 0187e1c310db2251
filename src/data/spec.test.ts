/**
 * Issue 28: the spec DSL's presence (optional, nullable), records and arrays of arrays, as `validateData` reads them
 * — the same rules `fields.ts` gives Foundry (v13 common/data/fields.mjs `DataField#clean`: an absent field that is
 * not required and has no initial value stays `undefined`; null is kept on a nullable field; `TypedObjectField`
 * cleans each value with its element).
 */
import { describe, expect, it } from "vitest";
import { array, droppedPaths, nullable, num, optional, record, schema, str, validateData } from "./spec.js";

const SPEC = {
  fields: {
    plain: num(1),
    opt: optional(num(2)),
    box: optional(nullable(schema({ x: num(0) }))),
    grid: array(array(num(0))),
    dice: record(num(null, { nullable: true })),
    name: nullable(str()),
  },
};

describe("spec presence, records and nested lists (issue 28)", () => {
  it("an absent optional field stays absent; a plain one takes its initial value", () => {
    const { value, issues } = validateData(SPEC, {});
    expect(issues).toEqual([]);
    expect(value).toEqual({ plain: 1, grid: [], dice: {}, name: "" });
    expect("opt" in value).toBe(false);
  });

  it("null is kept where the field is nullable and refused where it is not", () => {
    expect(validateData(SPEC, { box: null, name: null }).value).toMatchObject({ box: null, name: null });
    expect(validateData(SPEC, { grid: null }).issues).toEqual([
      { path: "grid", message: "may not be empty" },
    ]);
  });

  it("a record's values and a list of lists are each checked, with their paths", () => {
    const { value, issues } = validateData(SPEC, { grid: [[1, 2], [3]], dice: { d20: 14, confirm: null } });
    expect(issues).toEqual([]);
    expect(value).toMatchObject({ grid: [[1, 2], [3]], dice: { d20: 14, confirm: null } });
    expect(validateData(SPEC, { grid: [[1, "x"]], dice: { d20: "y" } }).issues.map((i) => i.path)).toEqual([
      "grid[0][1]",
      "dice.d20",
    ]);
  });

  it("droppedPaths names what Foundry's schema cleaning would delete, at any depth", () => {
    expect(droppedPaths(SPEC.fields, { plain: 1, extra: 2, box: { x: 1, y: 2 } })).toEqual([
      "extra",
      "box.y",
    ]);
  });
});
