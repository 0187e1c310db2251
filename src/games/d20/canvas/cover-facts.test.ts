import { describe, expect, it } from "vitest";
import { d20Melee, inMetres, postureOf } from "./cover-facts.js";

/** 1 m tokens on a 1 m grid, by cell centre. */
const at = (x: number, y: number) => ({ x: x + 0.5, y: y + 0.5, w: 1, h: 1 });

describe("d20 melee facts from token positions (issue 14)", () => {
  it("SW-26: an ally directly opposite the attacker across the target flanks it; one at its side (90°) does not", () => {
    const attacker = at(4, 5);
    const target = at(5, 5);
    expect(d20Melee(attacker, target, [at(6, 5)])).toEqual({ inMelee: true, flanked: true });
    // Diagonally opposite (within 45° of the line through the target) still flanks.
    expect(d20Melee(attacker, target, [at(6, 6)]).flanked).toBe(true);
    expect(d20Melee(attacker, target, [at(5, 6)])).toEqual({ inMelee: true, flanked: false });
  });

  it("SW-19 SW-14: an ally within reach (adjacent, diagonals included) is engaged; 2 m of gap is out of reach", () => {
    const target = at(10, 5);
    expect(d20Melee(at(0, 5), target, [at(11, 6)]).inMelee).toBe(true);
    expect(d20Melee(at(0, 5), target, [at(13, 5)]).inMelee).toBe(false);
    expect(d20Melee(at(0, 5), target, [])).toEqual({ inMelee: false, flanked: false });
  });

  it("footprints in pixels become metres by the scene's units per pixel; prone beats kneeling (ruling 4b)", () => {
    expect(inMetres({ x: 1050, y: 1350, w: 100, h: 100 }, 0.01)).toEqual({ x: 10.5, y: 13.5, w: 1, h: 1 });
    expect(postureOf(new Set(["kneeling", "prone"]))).toBe("prone");
    expect(postureOf(new Set(["kneeling"]))).toBe("kneeling");
    expect(postureOf(new Set())).toBe("standing");
  });
});
