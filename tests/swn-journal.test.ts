/**
 * The rules journal's SWN page (issue 16): it exists in the rules compendium, names every SWN rule, and states the
 * rulings it plays by with the seed's numbers.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";

const entry = YAML.parse(readFileSync("packs/rules/stars-without-number-additions.yml", "utf8")) as {
  name: string;
  pages: { name: string; text: { content: string } }[];
};
const text = entry.pages.map((p) => p.text.content).join(" ");

describe("the SWN rules journal (issue 16)", () => {
  it("names every SWN rule, SWN-01 to SWN-19", () => {
    const missing = Array.from({ length: 19 }, (_, i) => `SWN-${String(i + 1).padStart(2, "0")}`).filter(
      (id) => !text.includes(id),
    );
    expect(missing).toEqual([]);
  });

  it("SWN-13 SWN-15 SWN-16 SWN-17: states the rulings with the seed's numbers — bands, materials, grenades, squads", () => {
    expect(text).toContain("2 or less Panicked (−4 to attack, +1 AC), 3–5 Tactical Retreat (−2)");
    expect(text).toContain("stone 6 and 8 together give 8, never 14");
    expect(text).toContain("AC 14 behind mostly obscured cover");
    expect(text).toContain("against AC 10, 7 none, 8 to 12 half, 13 full");
    expect(text).toContain("a 1d8 rifle × 4 units = 18, 9 at half");
    expect(text).toContain("a veteran fighter 2 + 9 − 2 = 9");
  });
});
