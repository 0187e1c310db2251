/**
 * The d20 compendium (issue 14, ruling 2): only the numbers the seed gives are filled in — the blaster pistol's 10 m
 * range increment, the grenades' and improvised thrown objects' 4 m, the lightsaber's threat range 19–20, the
 * repeating blaster's multifire/autofire-only modes, the armour categories of the speed table — and every d20 number
 * left empty is flagged as not in the sources. The numbers are read by the pure rules as the workflow will.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WEAPON_SPEC } from "../src/data/item/specs.js";
import { validateData } from "../src/data/spec.js";
import { rangePenalty } from "../src/rules/d20/attack.js";
import { resolveD20 } from "../src/rules/d20/resolve.js";
import { SPEED_TABLE } from "../src/rules/d20/tables.js";
import { PACK_ROOT, packEntry } from "./pack-data.js";

interface WeaponD20 {
  attack: string;
  damage: string;
  threat: number;
  rangeIncrement: number | null;
  fire: { single: boolean; multi: boolean; auto: boolean };
  size: string;
}
interface D20Item {
  missing: string[];
  d20: WeaponD20 & { category: string; dr: number | null; maxDex: number | null };
}
const entries = readdirSync(join(PACK_ROOT, "d20"))
  .filter((f) => f.endsWith(".yml"))
  .map((f) => packEntry<D20Item>("d20", f.replace(/\.yml$/, "")));
const d20 = (file: string) => packEntry<D20Item>("d20", file).system.d20;

describe("the d20 compendium", () => {
  it("SW-06: the blaster pistol's increment is 10 m — 9 m no penalty, 38 m −6, 100 m −20, 101 m out of range", () => {
    const pistol = d20("blaster-pistol");
    expect(pistol).toMatchObject({ attack: "ranged", rangeIncrement: 10, threat: 20 });
    const inc = pistol.rangeIncrement!;
    expect([9, 38, 100].map((m) => rangePenalty(m, inc).penalty)).toEqual([0, -6, -20]);
    expect(rangePenalty(101, inc).inRange).toBe(false);
  });

  it("SW-06 SW-38 SW-16: a grenade and an improvised thrown object are thrown with a 4 m increment, at most 5 (20 m)", () => {
    for (const file of ["grenade", "improvised-thrown-object"]) {
      expect(d20(file), file).toMatchObject({ attack: "thrown", rangeIncrement: 4 });
      expect(rangePenalty(20, 4, "thrown")).toMatchObject({ penalty: -10, inRange: true });
      expect(rangePenalty(21, 4, "thrown").inRange).toBe(false);
    }
  });

  it("SW-18: the lightsaber threatens on 19–20: a natural 19 that hits threatens, one that misses does not", () => {
    const saber = d20("lightsaber");
    expect(saber).toMatchObject({ attack: "melee", threat: 19 });
    const check = { bonus: 0, target: 15, threat: saber.threat, naturals: true, missChance: 0 };
    expect(resolveD20(check, { d20: 19, confirm: 2 }).critical).toBe("threat");
    expect(resolveD20({ ...check, target: 25 }, { d20: 19 }).critical).toBe("none");
  });

  it("SW-35 SW-36: the heavy repeating blaster fires multifire and autofire only", () => {
    expect(d20("heavy-repeating-blaster").fire).toEqual({ single: false, multi: true, auto: true });
  });

  it("SW-12: light, medium and heavy armour carry the speed table's categories (a Medium-size wearer 10 / 8 / 6 m)", () => {
    const cats = ["light-armour", "medium-armour", "heavy-armour"].map((f) => d20(f).category);
    expect(cats).toEqual(["light", "medium", "heavy"]);
    expect(cats.map((c) => SPEED_TABLE.medium?.[c as "light"])).toEqual([10, 8, 6]);
  });

  it("ruling 2: every d20 number the seed does not give is empty and listed as missing, never guessed", () => {
    expect(entries.length).toBe(8);
    const unflagged: string[] = [];
    for (const e of entries) {
      const s = e.system;
      const empty: string[] =
        e.type === "weapon"
          ? [
              ...(s.d20.damage === "" ? ["d20.damage"] : []),
              ...(s.d20.attack !== "melee" && s.d20.rangeIncrement === null ? ["d20.rangeIncrement"] : []),
              ...(s.d20.size === "" ? ["d20.size"] : []),
            ]
          : [...(s.d20.dr === null ? ["d20.dr"] : []), ...(s.d20.maxDex === null ? ["d20.maxDex"] : [])];
      for (const path of empty) if (!s.missing.includes(path)) unflagged.push(`${e.name}: ${path}`);
      if (e.type === "weapon") expect(validateData(WEAPON_SPEC, s).issues, e.name).toEqual([]);
    }
    expect(unflagged).toEqual([]);
  });
});
