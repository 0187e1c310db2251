import { describe, expect, it } from "vitest";
import { mergeTable } from "./table-overrides.js";
import { ALPHA_DAWN_TABLE } from "./tables.js";

describe("A GM's Alpha Dawn numbers", () => {
  it("SF-X-14 SF-X-22 overrides replace only the numbers given", () => {
    const t = mergeTable({ cover: { hard: -25 }, carefulAim: 10 });
    expect(t.cover).toEqual({ none: 0, soft: -10, hard: -25 });
    expect(t.carefulAim).toBe(10);
    expect(t.range).toEqual(ALPHA_DAWN_TABLE.range);
    expect(mergeTable(null)).toBe(ALPHA_DAWN_TABLE);
  });

  it("SF-X-14 a typo or a non-number is refused with its name", () => {
    expect(() => mergeTable({ cover: { rock: -30 } })).toThrow('Unknown entry "cover.rock"');
    expect(() => mergeTable({ carefulaim: 10 })).toThrow('Unknown Alpha Dawn number "carefulaim"');
    expect(() => mergeTable({ burst: "20" })).toThrow('"burst" must be a number');
    expect(() => mergeTable({ range: 5 })).toThrow('"range" must be an object');
    expect(() => mergeTable({ range: { s: "x" } })).toThrow('"range.s" must be a number');
    expect(() => mergeTable([])).toThrow(/must be an object/);
  });
});
