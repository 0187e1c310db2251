/**
 * The rules journal's d20 page (issue 14: "the rules journal page for d20 with every ruling"): it exists in the
 * rules compendium, names every SW rule issue 14 automates or assists, and states the rulings it plays by.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";

const page = YAML.parse(readFileSync("packs/rules/d20-star-wars-rcr.yml", "utf8")) as {
  name: string;
  pages: { name: string; text: { content: string } }[];
};
const text = page.pages.map((p) => p.text.content).join(" ");

describe("the d20 rules journal (issue 14)", () => {
  it("names every SW rule issue 14 automates, assists or leaves to the referee", () => {
    const issue14 = [
      4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 23, 26, 28, 29, 30, 31, 32, 33, 44,
    ];
    const missing = issue14.map((n) => `SW-${String(n).padStart(2, "0")}`).filter((id) => !text.includes(id));
    expect(missing).toEqual([]);
  });

  it("SW-28: face and reach by size stay the GM's call (G): the row says Foundry does nothing and what the GM decides", () => {
    expect(text).toContain(
      "<td>SW-28 Face and reach by size</td><td>G</td><td>Nothing.</td><td>How many can surround a creature and a big creature's face.</td>",
    );
  });

  it("SW-06 SW-30 SW-32: states the rulings with the seed's numbers — range 4c, the lattice of ruling 3, prone 4b, concealment", () => {
    expect(text).toContain("9 m → 0, 10 m → −2, 38 m → −6, 100 m → −20, 101 m out of range");
    expect(text).toContain("10 + 3 + 2 = 15; flat-footed 13");
    for (const row of ["2–5", "6–9", "10–13", "14–15"]) expect(text).toContain(`<td>${row}</td>`);
    expect(text).toContain("prone ½ (+4, not stacking");
    expect(text).toContain("¼ 10 %, ½ 20 %, ¾ 30 %, 9/10 40 %, total 50 %");
    expect(text).toContain("DC 5 + the wound points it lost this round");
  });
});
