/**
 * Compendium text is written for players (issue 12): no internal notes of how the numbers were researched, no
 * actor name that gives away a hidden number; and the numbers found since the compendium was built (rules-tables
 * §18) and the machine gun's burst as seed 000 gives it ("a burst of 10 bullets", 5d10 + 1d10 per extra target).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { PACK_ROOT, packEntry, ymlFiles } from "./pack-data.js";

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
    const found = ymlFiles(PACK_ROOT).flatMap((f) => {
      const text = readFileSync(f, "utf8");
      return INTERNAL.filter((re) => re.test(text)).map((re) => `${f.slice(PACK_ROOT.length + 1)}: ${re}`);
    });
    expect(found).toEqual([]);
  });

  it("no actor's name gives away its Stamina or marks it as a test", () => {
    const names = ymlFiles(join(PACK_ROOT, "actors"))
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

/** Issue 32: what a user reads cites the book and page, never the project's research notes. */
const RESEARCH_WORDS = /\bseeds?\b|\brulings?\b|rules-tables|developer note/i;

describe("no research wording in what a user reads (issue 32)", () => {
  it("no pack entry (journal page, item or actor description, table) says seed, ruling, rules-tables or developer note", () => {
    const found = ymlFiles(PACK_ROOT).flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .filter((line) => RESEARCH_WORDS.test(line))
        .map((line) => `${f.slice(PACK_ROOT.length + 1)}: ${line.trim().slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it("no lang/en.json string says them either", () => {
    const strings = (node: unknown): string[] =>
      typeof node === "string"
        ? [node]
        : node && typeof node === "object"
          ? Object.values(node).flatMap(strings)
          : [];
    const found = strings(JSON.parse(readFileSync("lang/en.json", "utf8"))).filter((s) =>
      RESEARCH_WORDS.test(s),
    );
    expect(found).toEqual([]);
  });

  it("nor the README", () => {
    const found = readFileSync("README.md", "utf8")
      .split("\n")
      .filter((line) => RESEARCH_WORDS.test(line));
    expect(found).toEqual([]);
  });

  it("docs/rules-catalog.md cites only files that are in the repository", () => {
    const cited = [
      ...readFileSync("docs/rules-catalog.md", "utf8").matchAll(/`([\w./-]+\.(?:md|txt|ts|mjs|yml|json))`/g),
    ];
    expect(cited.map((m) => m[1] ?? "").filter((path) => !existsSync(path))).toEqual([]);
  });
});

describe("SF-B-25: the NPC reaction table (issue 32)", () => {
  // A RollTable has no `system`: read its YAML as it is (YAML.parse answers `any`).
  const table: {
    formula: string;
    description: string;
    results: { name: string; range: [number, number] }[];
  } = YAML.parse(
    readFileSync(join(PACK_ROOT, "tables", "npc-reaction-d100-against-personality.yml"), "utf8"),
  );
  it("covers 01–100 in contiguous bands, each read against the character's Personality", () => {
    expect(table.formula).toBe("1d100");
    expect(table.results.length).toBe(20);
    const ranges = table.results.map((r) => r.range);
    expect(ranges[0]?.[0]).toBe(1);
    expect(ranges.at(-1)?.[1]).toBe(100);
    expect(ranges.slice(1).map(([lo]) => lo)).toEqual(ranges.slice(0, -1).map(([, hi]) => hi + 1));
    expect(table.results.every((r) => /at or under the character's Personality/.test(r.name))).toBe(true);
    expect(table.results[6]?.name).toContain("31–35: friendly and cooperative");
    expect(table.results[6]?.name).toContain(
      "always with a Personality of 35 or more, never with 30 or less",
    );
  });
  it("its description says the Basic Game gives only at-or-under against above", () => {
    expect(table.description).toContain("The rules give only these two outcomes");
  });
});
