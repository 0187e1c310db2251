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
    expect(() => mergeTable({ burst: "20" })).toThrow(
      '"burst" must be a whole number from -100 to 100, not "20"',
    );
    expect(() => mergeTable({ range: 5 })).toThrow('"range" must be an object');
    expect(() => mergeTable({ range: { s: "x" } })).toThrow(
      '"range.s" must be a whole number from -100 to 100, not "x"',
    );
    expect(() => mergeTable([])).toThrow(/must be an object/);
  });

  it("SF-B-14 SF-X-33 SF-X-35 every number has a range, and the entry out of it is named", () => {
    expect(() => mergeTable({ autoHitMax: 1000 })).toThrow(
      '"autoHitMax" must be a whole number from 0 to 100, not 1000',
    );
    expect(() => mergeTable({ strayChance: -50 })).toThrow(
      '"strayChance" must be a whole number from 0 to 100, not -50',
    );
    expect(() => mergeTable({ cover: { hard: 500 } })).toThrow(
      '"cover.hard" must be a whole number from -100 to 100',
    );
    expect(() => mergeTable({ autoMissMin: 0 })).toThrow(
      '"autoMissMin" must be a whole number from 1 to 101',
    );
    expect(() => mergeTable({ carefulAim: 2.5 })).toThrow(/"carefulAim" must be a whole number/);
    // The ends are accepted: 0 and 101 switch the automatic ranges off, ±100 is the widest modifier.
    expect(mergeTable({ autoHitMax: 0, autoMissMin: 101, cover: { hard: -100 } }).cover.hard).toBe(-100);
  });

  it("only the table's own keys: inherited names and __proto__ are unknown", () => {
    expect(() => mergeTable({ toString: {} })).toThrow('Unknown Alpha Dawn number "toString"');
    expect(() => mergeTable(JSON.parse('{"__proto__":{"toString":1}}'))).toThrow(
      'Unknown Alpha Dawn number "__proto__"',
    );
    expect(() => mergeTable({ cover: { hasOwnProperty: 1 } })).toThrow(
      'Unknown entry "cover.hasOwnProperty"',
    );
  });
});
