import { describe, expect, it } from "vitest";
import { createEngine } from "../index.js";
import { averageRoll, formatDice, isValidDice, maxRoll, parseDice, sumDice } from "./dice.js";
import { mod, total } from "./modifiers.js";
import { RulesError } from "./types.js";

describe("Damage formulas", () => {
  it("SF-B-16 parses NdS with a bonus, and flat numbers", () => {
    expect(parseDice("2d10")).toEqual({ count: 2, faces: 10, bonus: 0 });
    expect(parseDice(" 1d10 + 2 ")).toEqual({ count: 1, faces: 10, bonus: 2 });
    expect(parseDice("3D6-1")).toEqual({ count: 3, faces: 6, bonus: -1 });
    expect(parseDice("5")).toEqual({ count: 0, faces: 0, bonus: 5 });
    expect([
      formatDice(parseDice("1d10+2")),
      formatDice(parseDice("3d6-1")),
      formatDice(parseDice("4")),
    ]).toEqual(["1d10+2", "3d6-1", "4"]);
    expect(maxRoll(parseDice("8d10"))).toBe(80);
    expect(averageRoll(parseDice("2d10"))).toBe(11);
  });

  it("SF-B-16 H10 a formula past 100 dice or d100 is refused (999d999 never reaches the dice roller)", () => {
    for (const bad of ["999d999", "101d10", "1d101", "100d101"]) expect(isValidDice(bad), bad).toBe(false);
    // The largest of the rules: a heavy laser at 20 SEU, 20d10; and the edge itself.
    expect(maxRoll(parseDice("20d10"))).toBe(200);
    expect(parseDice("100d100")).toEqual({ count: 100, faces: 100, bonus: 0 });
  });

  it("SF-B-16 a malformed formula is a clear RulesError naming the text", () => {
    for (const bad of ["", "d10", "2d", "2d10+", "0d10", "2d1", "two d10", "2d10*2"]) {
      expect(isValidDice(bad), bad).toBe(false);
    }
    try {
      parseDice("2x10");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RulesError);
      expect((e as RulesError).key).toBe("FT.Error.badFormula");
      expect((e as RulesError).data).toEqual({ formula: "2x10" });
    }
  });

  it("SF-B-15 sums the dice and checks each is on the die", () => {
    expect(sumDice(parseDice("2d10+1"), [3, 4])).toBe(8);
    expect(() => sumDice(parseDice("2d10"), [3, 0])).toThrow(/d10 cannot show 0/);
  });

  it("SF-B-10 modifiers add up", () => {
    expect(total([mod("a", "", 20, "SF-B-10"), mod("b", "", -35, "SF-B-10")])).toBe(-15);
  });

  it("SF-Z-01 the engine factory knows Alpha Dawn, Zebulon and d20, and refuses an unknown id", () => {
    expect(createEngine("alphaDawn").id).toBe("alphaDawn");
    expect(createEngine("zebulon").id).toBe("zebulon");
    expect(createEngine("d20").id).toBe("d20");
    expect(() => createEngine("swn" as "d20")).toThrow(/not available/);
  });
});
