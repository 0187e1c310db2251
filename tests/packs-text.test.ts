/**
 * Compendium text is written for players (issue 12): no internal notes of how the numbers were researched, no
 * actor name that gives away a hidden number; and the numbers found since the compendium was built (rules-tables
 * §18) and the machine gun's burst as seed 000 gives it ("a burst of 10 bullets", 5d10 + 1d10 per extra target).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACK_ROOT, packEntry } from "./pack-data.js";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith(".yml") ? [p] : [];
  });
}

const INTERNAL = [
  /seed 00\d/i,
  /fixture/i,
  /CONFLICT/,
  /VERIFIED-2/,
  /1-SRC/,
  /rules-tables/i,
  /test creature/i,
];

describe("compendium text for players", () => {
  it("no pack entry carries an internal note", () => {
    const found = files(PACK_ROOT).flatMap((f) => {
      const text = readFileSync(f, "utf8");
      return INTERNAL.filter((re) => re.test(text)).map((re) => `${f.slice(PACK_ROOT.length + 1)}: ${re}`);
    });
    expect(found).toEqual([]);
  });

  it("no actor's name gives away its Stamina or marks it as a test", () => {
    const names = files(join(PACK_ROOT, "actors"))
      .filter((f) => !f.includes("_folders"))
      .map(
        (f) =>
          (
            packEntry(
              "actors",
              f
                .split("/")
                .pop()!
                .replace(/\.yml$/, ""),
            ) as { name: string }
          ).name,
      );
    expect(names.filter((n) => /stamina|\d{2,}|test/i.test(n))).toEqual([]);
  });
});

interface Sys {
  ranges: unknown;
  damage: { formula: string };
  ammo: { capacity: number };
  missing: string[];
  description: string;
  burst: unknown;
}
const weapon = (pack: string, file: string): Sys => (packEntry(pack, file) as { system: Sys }).system;

describe("rules-tables §18 and seed 000 in the packs", () => {
  it("electrostunner: Point blank 0–5 m, Short 6–15 m, no Medium, Long or Extreme", () => {
    expect(weapon("weapons", "electrostunner").ranges).toEqual({ pb: 5, s: 15, m: null, l: null, e: null });
  });
  it("recoilless rifle: 12d10, one shell", () => {
    const s = weapon("weapons", "recoilless-rifle");
    expect([s.damage.formula, s.ammo.capacity, s.missing.includes("damage")]).toEqual(["12d10", 1, false]);
  });
  it("fragmentation grenade 8d10; doze grenade's sleep of 1d100 turns, Stimdose wakes", () => {
    expect(weapon("grenades", "fragmentation-grenade").damage.formula).toBe("8d10");
    expect(weapon("grenades", "doze-grenade").description).toContain("1d100 turns");
  });
  it("machine gun: a burst of 10 rounds, 5d10 + 1d10 per extra target, +20 from a mount (seed 000, review #10)", () => {
    expect(weapon("weapons", "machine-gun").burst).toEqual({
      capable: true,
      rounds: 10,
      baseDice: 5,
      bonusNeedsMount: true,
    });
  });
});
