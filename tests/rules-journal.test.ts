/**
 * The rules journal's d20 and SWN pages (issue 31: "the rules journal's d20 and SWN pages say exactly what is
 * automated"). Their page "What is automated, assisted or the referee's" is a table with one row per catalog rule of
 * the game, its Level cell the catalog's level; every control it names in italics is a label of lang/en.json (a
 * `{placeholder}` stands for any text); and no page of either journal speaks of where the project took a rule from.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { catalogRows } from "../scripts/rules-coverage.mjs";

type Journal = { pages: { name: string; text: { content: string } }[] };
const catalog = catalogRows(readFileSync("docs/rules-catalog.md", "utf8"));
const journal = (file: string) => YAML.parse(readFileSync(file, "utf8")) as Journal;
const TABLE_PAGE = "What is automated, assisted or the referee's";

/** Every string value of lang/en.json. */
function langValues(node: unknown, out: string[] = []): string[] {
  if (typeof node === "string") out.push(node);
  else if (node && typeof node === "object") for (const v of Object.values(node)) langValues(v, out);
  return out;
}
const labels = langValues(JSON.parse(readFileSync("lang/en.json", "utf8")));
const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
/** A label matches a lang value exactly, each `{name}` of the value standing for any text. */
const isLabel = (label: string) =>
  labels.some((v) =>
    new RegExp(
      `^${v
        .split(/\{\w+\}/)
        .map(escapeRe)
        .join(".+")}$`,
    ).test(label),
  );

/** The table's body rows as [rule ID, level, cells…]. */
function tableRows(content: string): { id: string; level: string }[] {
  const body = /<tbody>(.*)<\/tbody>/s.exec(content)?.[1] ?? "";
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map(([, row = ""]) => {
    const cells = [...row.matchAll(/<td>(.*?)<\/td>/gs)].map((m) => m[1]);
    return { id: /^(S(?:WN?)-\d{2})\b/.exec(cells[0] ?? "")?.[1] ?? cells[0] ?? "", level: cells[1] ?? "" };
  });
}

describe.each([
  ["d20", "packs/rules/d20-star-wars-rcr.yml", "SW-"],
  ["SWN", "packs/rules/stars-without-number-additions.yml", "SWN-"],
])("the %s rules journal (issue 31)", (_game, file, prefix) => {
  const pages = journal(file).pages;
  const table = pages.find((p) => p.name === TABLE_PAGE)?.text.content ?? "";
  const rules = catalog.filter((r) => r.id.startsWith(prefix));

  it(`${prefix}xx: the table has exactly one row per catalog rule, in the catalog's order, with its level`, () => {
    expect(rules.length).toBeGreaterThan(10);
    const rows = tableRows(table);
    expect(rows.map((r) => r.id)).toEqual(rules.map((r) => r.id));
    expect(rows.map((r) => `${r.id} ${r.level}`)).toEqual(rules.map((r) => `${r.id} ${r.level}`));
  });

  it("every control the table names in italics is a label of lang/en.json", () => {
    const named = [...table.matchAll(/<i>(.*?)<\/i>/g)].map((m) => m[1] ?? "");
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((label) => !isLabel(label))).toEqual([]);
  });

  it("no page speaks of seeds, rulings or the rules tables", () => {
    const text = pages.map((p) => `${p.name} ${p.text.content}`).join(" ");
    expect(text).not.toMatch(/\bseeds?\b|\brulings?\b|rules-tables|developer/i);
  });
});
