/**
 * `npm run rules:coverage`: for every rule of `docs/rules-catalog.md` marked A or S, where it is wired (the
 * source files under `src/` that name its ID outside tests) and the scenario tests that play it (the `it`/`test`
 * titles in `tests/scenarios/*.test.ts` that carry the ID, or sit in a `describe` that does).
 *
 * `--require SF` (any ID prefix, repeatable) exits 1 when a rule with that prefix has no scenario: `npm test` runs
 * it for the Star Frontiers rules, so a rule can no longer be called automated or assisted without being played.
 * `--json` prints the table as JSON.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

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

/**
 * Test titles with the rule IDs each plays: an `it`/`test` title's own IDs plus those of every `describe` around
 * it (tracked by brace depth, which is enough for the plain layout our scenario files use).
 */
export function scenarioTitles(source) {
  const out = [];
  const stack = [];
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
    if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      while (stack.length && stack.at(-1).depth > depth) stack.pop();
    } else if (ch === "d" || ch === "i" || ch === "t") {
      if (i > 0 && /[\w.$]/.test(source[i - 1])) continue;
      opener.lastIndex = i;
      const m = opener.exec(source);
      if (!m) continue;
      const title = m[3];
      if (m[1] === "describe") stack.push({ depth: depth + 1, ids: title.match(ID) ?? [] });
      else {
        const ids = new Set([...(title.match(ID) ?? []), ...stack.flatMap((s) => s.ids)]);
        out.push({ title, ids: [...ids] });
      }
      i = opener.lastIndex - 1;
    }
  }
  return out;
}

function files(dir, keep) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...files(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

export function rulesCoverage(root = ROOT) {
  const rules = catalogRules(readFileSync(join(root, "docs", "rules-catalog.md"), "utf8"));
  const wired = new Map();
  for (const f of files(join(root, "src"), (p) => /\.(ts|hbs)$/.test(p) && !/\.test\.ts$/.test(p))) {
    for (const id of new Set(readFileSync(f, "utf8").match(ID) ?? [])) {
      if (!wired.has(id)) wired.set(id, []);
      wired.get(id).push(relative(root, f));
    }
  }
  const played = new Map();
  const dir = join(root, "tests", "scenarios");
  for (const f of files(dir, (p) => p.endsWith(".test.ts"))) {
    for (const t of scenarioTitles(readFileSync(f, "utf8"))) {
      for (const id of t.ids) {
        if (!played.has(id)) played.set(id, []);
        played.get(id).push(`${relative(dir, f)}: ${t.title}`);
      }
    }
  }
  return rules.map((r) => ({ ...r, wired: wired.get(r.id) ?? [], scenarios: played.get(r.id) ?? [] }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const required = args.flatMap((a, i) => (a === "--require" ? [args[i + 1]] : []));
  const table = rulesCoverage();
  if (args.includes("--json")) console.log(JSON.stringify(table, null, 2));
  else {
    for (const r of table) {
      console.log(`${r.id} (${r.level}) ${r.scenarios.length ? "played" : "NOT PLAYED"}`);
      console.log(`  wired: ${r.wired.length ? r.wired.join(", ") : "—"}`);
      for (const s of r.scenarios) console.log(`  scenario: ${s}`);
    }
    const byPrefix = new Map();
    for (const r of table) {
      const p = r.id.replace(/-\d+$/, "");
      const c = byPrefix.get(p) ?? { all: 0, played: 0 };
      c.all++;
      if (r.scenarios.length) c.played++;
      byPrefix.set(p, c);
    }
    const total = table.filter((r) => r.scenarios.length).length;
    console.log(
      `\n${[...byPrefix].map(([p, c]) => `${p} ${c.played}/${c.all}`).join(" · ")} · all ${total}/${table.length} played by a scenario`,
    );
  }
  const missing = table.filter((r) => !r.scenarios.length && required.some((p) => r.id.startsWith(p)));
  if (missing.length) {
    console.error(`Not played by any scenario: ${missing.map((r) => r.id).join(", ")}`);
    process.exit(1);
  }
}
