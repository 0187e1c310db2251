/**
 * `npm run rules:coverage`: for every rule of `docs/rules-catalog.md` marked A or S, where it is wired (the
 * source files under `src/` that name its ID outside tests) and whether the scenarios play it. A title naming the ID
 * is not enough (issue 31): `docs/rule-plays.md` names, for each rule and each part of it, the scenario `it` that
 * plays it; the part counts when that test exists, names the ID (in its title or its describe's) and asserts
 * something. A rule is played when every part is, partly when some are; the report lists the partial rules.
 *
 * `--require SF-` (any ID prefix, repeatable) exits 1 when a rule with that prefix is not played in every part:
 * `npm test` runs it for every game's rules, so a rule can no longer be called automated or assisted without being
 * played.
 * `--json` prints the table as JSON.
 * `--index` writes `docs/rules-index.md` (`npm run rules:index`): every rule of the catalog, A, S and G, with its
 * level, its text, the source files that wire it and whether a scenario plays it. The index is committed; a test
 * fails when it no longer matches the code. It also writes the screens' rule references (scripts/rule-refs.mjs):
 * lang/en.json's FT.RuleRef.title and .source (each ID's tooltip) and packs/rules/rule-index.yml (the Rule Index
 * journal page).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
// A cycle (rule-refs.mjs reads the catalog with catalogRows): both only call each other's functions, never at load.
import { ruleIndexJournal, withRuleTitles } from "./rule-refs.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ID = /\bS(?:F-[BXZ]|WN?)-\d{2}\b/g;

/** Catalog rows `| ID | rule | Level |` whose level has an A or an S. */
export function catalogRules(markdown) {
  const rules = [];
  for (const line of markdown.split("\n")) {
    const m = /^\|\s*(S(?:F-[BXZ]|WN?)-\d{2})\s*\|(.*)\|\s*([AGS/]+)\s*\|\s*$/.exec(line);
    if (m && /[AS]/.test(m[3])) rules.push({ id: m[1], level: m[3], text: m[2].trim() });
  }
  return rules;
}

/** Every catalog row, whatever its level, with the catalog section (`## …` heading) it sits under. */
export function catalogRows(markdown) {
  const rows = [];
  let section = "";
  for (const line of markdown.split("\n")) {
    const h = /^##\s+(.*)$/.exec(line);
    if (h) section = h[1].trim();
    const m = /^\|\s*(S(?:F-[BXZ]|WN?)-\d{2})\s*\|(.*)\|\s*([AGS/]+)\s*\|\s*$/.exec(line);
    if (m) rows.push({ id: m[1], level: m[3], text: m[2].trim(), section });
  }
  return rows;
}

/**
 * Test titles with the rule IDs each plays: an `it`/`test` title's own IDs plus those of every `describe` around
 * it (tracked by brace depth, which is enough for the plain layout our scenario files use).
 */
export function scenarioTitles(source) {
  return scenarioTests(source).map(({ title, ids }) => ({ title, ids }));
}

/** As `scenarioTitles`, with each test's source text (`body`: its title through its closing brace). */
export function scenarioTests(source) {
  const out = [];
  const stack = [];
  const open = [];
  const bodies = new Map();
  let depth = 0;
  const opener = /\b(describe|it|test)(?:\.\w+)?\(\s*(["'`])((?:\\.|(?!\2).)*)\2/y;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    // Strings and comments do not open or close blocks (a "{" in a title or a comment is text).
    if (ch === "/" && source[i + 1] === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (ch === "/" && source[i + 1] === "*") {
      i = source.indexOf("*/", i + 2) + 1;
      if (i <= 0) break;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch) j += source[j] === "\\" ? 2 : 1;
      i = j;
      continue;
    }
    if (ch === "{") {
      depth++;
      for (const o of open) if (depth === o.depth + 1) o.opened = true;
    } else if (ch === "}") {
      depth--;
      while (stack.length && stack.at(-1).depth > depth) stack.pop();
      for (let k = open.length - 1; k >= 0; k--) {
        const o = open[k];
        if (o.opened && depth === o.depth) {
          bodies.set(o.entry, source.slice(o.start, i + 1));
          open.splice(k, 1);
        }
      }
    } else if (ch === "d" || ch === "i" || ch === "t") {
      if (i > 0 && /[\w.$]/.test(source[i - 1])) continue;
      opener.lastIndex = i;
      const m = opener.exec(source);
      if (!m) continue;
      const title = m[3];
      if (m[1] === "describe") stack.push({ depth: depth + 1, ids: title.match(ID) ?? [] });
      else {
        const ids = new Set([...(title.match(ID) ?? []), ...stack.flatMap((s) => s.ids)]);
        const entry = { title, ids: [...ids] };
        // The `it`'s body runs from its title to the brace that brings the depth back to where it opened.
        open.push({ entry, depth, start: i, opened: false });
        out.push(entry);
      }
      i = opener.lastIndex - 1;
    }
  }
  return out.map((e) => ({ ...e, body: bodies.get(e) ?? "" }));
}

/** Source that can wire a rule: src/ code and templates, not tests. */
const wiring = (p) => /\.(ts|hbs)$/.test(p) && !/\.test\.ts$/.test(p);

function files(dir, keep) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...files(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

/** Source files under src/ (tests excluded) that name each rule ID. */
function wiredIds(root) {
  const wired = new Map();
  for (const f of files(join(root, "src"), wiring)) {
    for (const id of new Set(readFileSync(f, "utf8").match(ID) ?? [])) {
      if (!wired.has(id)) wired.set(id, []);
      wired.get(id).push(relative(root, f));
    }
  }
  return wired;
}

/** Scenario test titles (`file: title`) that name each rule ID, and every scenario test by file. */
function scenarioIndex(root) {
  const named = new Map();
  const tests = new Map();
  const dir = join(root, "tests", "scenarios");
  for (const f of files(dir, (p) => p.endsWith(".test.ts"))) {
    const all = scenarioTests(readFileSync(f, "utf8"));
    tests.set(relative(dir, f), all);
    for (const t of all) {
      for (const id of t.ids) {
        if (!named.has(id)) named.set(id, []);
        named.get(id).push(`${relative(dir, f)}: ${t.title}`);
      }
    }
  }
  return { named, tests };
}

/**
 * `docs/rule-plays.md` (issue 31): each rule names the scenario `it` that plays it, part by part. A rule with parts
 * lists each (`- part — file › title`, or `- part — not played`); the title is the start of the `it`'s own title.
 */
export function rulePlays(markdown) {
  const plays = new Map();
  let id = null;
  for (const line of markdown.split("\n")) {
    const h = /^###\s+(S(?:F-[BXZ]|WN?)-\d{2})\b/.exec(line);
    if (h) {
      id = h[1];
      if (!plays.has(id)) plays.set(id, []);
      continue;
    }
    if (!id) continue;
    const none = /^- (.+?) — not played\s*$/.exec(line);
    if (none) {
      plays.get(id).push({ part: none[1], file: null, title: null });
      continue;
    }
    const m = /^- (.+?) — (\S+\.test\.ts) › (.+?)\s*$/.exec(line);
    if (m) plays.get(id).push({ part: m[1], file: m[2], title: m[3] });
  }
  return plays;
}

/**
 * One part's play: the `it` it names must exist (one test of that file whose title starts so), carry the rule's ID
 * (in its own title or its describe's) and assert something (`expect` in its body). What is wrong, or null.
 */
function checkPlay(id, play, tests) {
  if (!play.file) return "not played";
  const all = tests.get(play.file);
  if (!all) return `no scenario file ${play.file}`;
  const found = all.filter((t) => t.title.startsWith(play.title));
  if (found.length !== 1) return `${found.length} tests of ${play.file} start "${play.title.slice(0, 60)}"`;
  if (!found[0].ids.includes(id)) return `the test does not name ${id}`;
  if (!/\bexpect\b/.test(found[0].body)) return "the test asserts nothing";
  return null;
}

export function rulesCoverage(root = ROOT) {
  const rules = catalogRules(readFileSync(join(root, "docs", "rules-catalog.md"), "utf8"));
  const wired = wiredIds(root);
  const { named, tests } = scenarioIndex(root);
  const plays = rulePlays(readFileSync(join(root, "docs", "rule-plays.md"), "utf8"));
  return rules.map((r) => {
    const parts = (plays.get(r.id) ?? []).map((p) => ({ ...p, problem: checkPlay(r.id, p, tests) }));
    const ok = parts.filter((p) => !p.problem).length;
    const status = parts.length && ok === parts.length ? "played" : ok ? "partly" : "not played";
    return { ...r, wired: wired.get(r.id) ?? [], scenarios: named.get(r.id) ?? [], parts, status };
  });
}

/**
 * `docs/rules-index.md`: every catalog rule by section, its level, text, where it is wired and whether a scenario
 * plays it; then the IDs the code names that the catalog does not have (there should be none).
 */
export function rulesIndex(root = ROOT) {
  const rows = catalogRows(readFileSync(join(root, "docs", "rules-catalog.md"), "utf8"));
  const wired = wiredIds(root);
  const status = new Map(rulesCoverage(root).map((r) => [r.id, r.status]));
  const cell = (t) => t.replace(/\|/g, "\\|");
  const out = [
    "# Rules index",
    "",
    "Generated by `npm run rules:index` (`scripts/rules-coverage.mjs --index`) from `rules-catalog.md` and the code;",
    "do not edit by hand (a test fails when it is out of date). Every rule ID a screen, a notification, a test or a",
    "comment names is here: its level (A automated, S assisted, G referee's call; see the",
    "[catalog](rules-catalog.md)), its text, the source files under `src/` that name it, and whether the table",
    "scenarios in `tests/scenarios/` play it: yes when every part [rule-plays.md](rule-plays.md) lists for it names a",
    "scenario test that asserts it, partly when only some do (`npm run rules:coverage` lists them).",
    "",
  ];
  let section = null;
  for (const r of rows) {
    if (r.section !== section) {
      section = r.section;
      out.push(`## ${section}`, "", "| ID | Level | Rule | Wired in | Played |", "|---|---|---|---|---|");
    }
    const files = (wired.get(r.id) ?? []).map((f) => `[${f.replace(/^src\//, "")}](../${f})`).join(", ");
    out.push(
      `| <a id="${r.id}"></a>${r.id} | ${r.level} | ${cell(r.text)} | ${files || "—"} | ${{ played: "yes", partly: "partly" }[status.get(r.id)] ?? "—"} |`,
    );
    if (r === rows.at(-1) || rows[rows.indexOf(r) + 1].section !== section) out.push("");
  }
  // Procedures the catalog has no ID for carry `RT-n`, section n of the rules tables (melee: RT-6).
  const tables = new Map();
  for (const f of files(join(root, "src"), wiring)) {
    for (const id of new Set(readFileSync(f, "utf8").match(/\bRT-\d+\b/g) ?? [])) {
      if (!tables.has(id)) tables.set(id, []);
      tables.get(id).push(relative(root, f));
    }
  }
  if (tables.size) {
    out.push(
      "## Rules-table references (no catalog ID)",
      "",
      "`RT-n` names section n of the rules tables, for a procedure the catalog has no ID for.",
      "",
      "| ID | Wired in |",
      "|---|---|",
    );
    for (const [id, fs] of [...tables].sort()) {
      out.push(
        `| <a id="${id}"></a>${id} | ${fs.map((f) => `[${f.replace(/^src\//, "")}](../${f})`).join(", ")} |`,
      );
    }
    out.push("");
  }
  const known = new Set(rows.map((r) => r.id));
  const unknown = [...wired.keys()].filter((id) => !known.has(id)).sort();
  if (unknown.length) {
    out.push("## Named in the code, not in the catalog", "");
    for (const id of unknown) out.push(`- ${id}: ${wired.get(id).join(", ")}`);
    out.push("");
  }
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const required = args.flatMap((a, i) => (a === "--require" ? [args[i + 1]] : []));
  if (args.includes("--index")) {
    writeFileSync(join(ROOT, "docs", "rules-index.md"), rulesIndex());
    console.log("docs/rules-index.md written");
    // The rule references of the screens: their tooltips and the Rule Index journal page (scripts/rule-refs.mjs).
    const lang = join(ROOT, "lang", "en.json");
    writeFileSync(lang, withRuleTitles(ROOT, readFileSync(lang, "utf8")));
    writeFileSync(join(ROOT, "packs", "rules", "rule-index.yml"), ruleIndexJournal(ROOT));
    console.log("lang/en.json (FT.RuleRef.title, .source) and packs/rules/rule-index.yml written");
    process.exit(0);
  }
  const table = rulesCoverage();
  if (args.includes("--json")) console.log(JSON.stringify(table, null, 2));
  else {
    for (const r of table) {
      console.log(`${r.id} (${r.level}) ${r.status === "played" ? "played" : r.status.toUpperCase()}`);
      console.log(`  wired: ${r.wired.length ? r.wired.join(", ") : "—"}`);
      for (const p of r.parts)
        console.log(`  ${p.problem ? "✘" : "✔"} ${p.part}: ${p.problem ?? `${p.file} › ${p.title}`}`);
      if (!r.parts.length) console.log("  ✘ docs/rule-plays.md names no scenario for it");
    }
    const byPrefix = new Map();
    for (const r of table) {
      const p = r.id.replace(/-\d+$/, "");
      const c = byPrefix.get(p) ?? { all: 0, played: 0, partly: 0 };
      c.all++;
      if (r.status === "played") c.played++;
      if (r.status === "partly") c.partly++;
      byPrefix.set(p, c);
    }
    const total = table.filter((r) => r.status === "played").length;
    const partly = table.filter((r) => r.status === "partly");
    console.log(
      `\n${[...byPrefix].map(([p, c]) => `${p} ${c.played}/${c.all}${c.partly ? ` (${c.partly} partly)` : ""}`).join(" · ")} · all ${total}/${table.length} played by a scenario, part by part`,
    );
    if (partly.length) {
      console.log("Partly played:");
      for (const r of partly)
        console.log(
          `  ${r.id}: ${r.parts
            .filter((p) => p.problem)
            .map((p) => p.part)
            .join("; ")}`,
        );
    }
  }
  const missing = table.filter((r) => r.status !== "played" && required.some((p) => r.id.startsWith(p)));
  if (missing.length) {
    console.error(`Not played in every part by a scenario: ${missing.map((r) => r.id).join(", ")}`);
    process.exit(1);
  }
}
