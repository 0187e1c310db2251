import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  catalogRows,
  catalogRules,
  rulePlays,
  rulesCoverage,
  rulesIndex,
  scenarioTests,
  scenarioTitles,
} from "../scripts/rules-coverage.mjs";

describe("npm run rules:coverage", () => {
  it("reads the A and S rules of the catalog and skips the referee's calls", () => {
    const rules = catalogRules(
      [
        "| ID | Rule | Level |",
        "|---|---|---|",
        "| SF-B-01 | A turn is 6 seconds. | A |",
        "| SF-B-07 | Roads and doors. | G |",
        "| SF-X-10 | Dodging. | A/S |",
        "| SWN-18 | Recruit. | S |",
      ].join("\n"),
    );
    expect(rules.map((r) => `${r.id} ${r.level}`)).toEqual(["SF-B-01 A", "SF-X-10 A/S", "SWN-18 S"]);
  });

  it("credits a test with its own IDs and those of the describe around it, not a sibling's", () => {
    const src = `
      describe("SF-X-24 bursts", () => {
        it("splits { evenly } SF-X-36", () => {});
        // it("SF-B-99 commented out", () => {});
      });
      it(\`SF-Z-03 \${"x"} per term\`, async () => { const o = { a: "}" }; });
      it("no rule here", () => {});
    `;
    expect(scenarioTitles(src)).toEqual([
      { title: "splits { evenly } SF-X-36", ids: ["SF-X-36", "SF-X-24"] },
      { title: `SF-Z-03 \${"x"} per term`, ids: ["SF-Z-03"] },
      { title: "no rule here", ids: [] },
    ]);
  });

  it("issue 31: keeps each test's body, from its title to its closing brace, braces in strings and comments aside", () => {
    const src = `it("SW-10: dying { save }", async () => {\n  const a = "}";\n  // }\n  expect(a).toBe("}");\n});\nit("next", () => {});`;
    const [first, second] = scenarioTests(src);
    expect(first?.body).toBe(
      `it("SW-10: dying { save }", async () => {\n  const a = "}";\n  // }\n  expect(a).toBe("}");\n}`,
    );
    expect(second?.body).toBe(`it("next", () => {}`);
  });

  it("issue 31: reads each rule's parts from rule-plays.md — a scenario's file and title, or not played", () => {
    const plays = rulePlays(
      [
        "### SW-10 (A) Wounds",
        "",
        "- Fortitude save — d20-attack.test.ts › SW-10: in round 1 — the Thug",
        "- dying — not played",
        "### SWN-17 (A) Squads",
        "- the rule — swn-squad.test.ts › SWN-17: healing",
      ].join("\n"),
    );
    expect(plays.get("SW-10")).toEqual([
      { part: "Fortitude save", file: "d20-attack.test.ts", title: "SW-10: in round 1 — the Thug" },
      { part: "dying", file: null, title: null },
    ]);
    expect(plays.get("SWN-17")).toEqual([
      { part: "the rule", file: "swn-squad.test.ts", title: "SWN-17: healing" },
    ]);
  });

  it("issue 31: a rule is played only when every part names an existing test that carries its ID and asserts", () => {
    const table = rulesCoverage();
    for (const r of table) {
      expect(r.status === "played", r.id).toBe(r.parts.length > 0 && r.parts.every((p) => !p.problem));
      // Every part that names a test found it: a renamed scenario fails here, not silently in the count.
      for (const p of r.parts) if (p.file) expect(p.problem, `${r.id}: ${p.part}`).toBeNull();
    }
  });

  it("every Star Frontiers A/S rule of the repository's catalog has a row (73 of them)", () => {
    const table = rulesCoverage();
    expect(table.filter((r) => r.id.startsWith("SF-")).length).toBe(73);
  });

  it("the committed docs/rules-index.md is what npm run rules:index writes now (every catalog rule, G included)", () => {
    const committed = readFileSync(new URL("../docs/rules-index.md", import.meta.url), "utf8");
    expect(committed, "docs/rules-index.md is out of date: run npm run rules:index").toBe(rulesIndex());
    const catalog = catalogRows(readFileSync(new URL("../docs/rules-catalog.md", import.meta.url), "utf8"));
    expect(catalog.length).toBe(138);
    for (const r of catalog) expect(committed).toContain(`<a id="${r.id}"></a>${r.id} | ${r.level} |`);
    expect(committed).not.toContain("Named in the code, not in the catalog");
  });
});
