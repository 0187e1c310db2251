/**
 * `npm run test:time`: what the test suite costs, measured by running it. Each vitest project runs on its own, one
 * after another (so no group slows another), with its JSON report; then it prints, per group, the wall time of the
 * run, its files and tests, the summed file time (the tests' own run, as vitest's JSON report spans each file: the
 * imports and collection are in the wall time only), and the ten slowest files of all. The steps of the last `npm test`
 * (.test-results/steps.json, written by scripts/test.mjs) are printed after, when there is one.
 *
 * `npm run test:time -- scenarios` times one project.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./packs.mjs";

const PROJECTS = ["rules", "unit", "harness", "scenarios", "isolated"];
const only = process.argv.slice(2);
const unknown = only.filter((a) => !PROJECTS.includes(a));
if (unknown.length) {
  console.error(`test:time: no project ${unknown.join(", ")} (projects: ${PROJECTS.join(", ")})`);
  process.exit(2);
}
const OUT = join(ROOT, ".test-results");
mkdirSync(OUT, { recursive: true });
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

const files = [];
const rows = [];
for (const project of only.length ? only : PROJECTS) {
  const json = join(OUT, `time-${project}.json`);
  rmSync(json, { force: true });
  const t0 = Date.now();
  const r = spawnSync(
    "npx",
    ["vitest", "run", "--project", project, "--reporter=json", `--outputFile.json=${json}`],
    { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  const wall = Date.now() - t0;
  if (!existsSync(json)) {
    rows.push({ project, wall, files: 0, tests: 0, failed: 0, sum: 0, status: r.status ?? 1 });
    continue;
  }
  const report = JSON.parse(readFileSync(json, "utf8"));
  let sum = 0;
  for (const f of report.testResults) {
    const ms = f.endTime - f.startTime;
    sum += ms;
    files.push({ project, file: relative(ROOT, f.name), ms, tests: f.assertionResults.length });
  }
  rows.push({
    project,
    wall,
    files: report.testResults.length,
    tests: report.numTotalTests,
    failed: report.numFailedTests,
    sum,
    status: r.status ?? 1,
  });
}

console.log("group               wall     files  tests  summed file time");
for (const r of rows)
  console.log(
    `${r.project.padEnd(18)} ${s(r.wall).padStart(8)} ${String(r.files).padStart(6)} ${String(r.tests).padStart(6)}  ${s(r.sum)}${r.failed || r.status ? `  (${r.failed} failed, exit ${r.status})` : ""}`,
  );
console.log(`total              ${s(rows.reduce((a, r) => a + r.wall, 0)).padStart(8)}`);
console.log("\nthe ten slowest files:");
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`${s(f.ms).padStart(8)}  ${f.file} (${f.tests} tests, ${f.project})`);

const steps = join(OUT, "steps.json");
if (existsSync(steps)) {
  const last = JSON.parse(readFileSync(steps, "utf8"));
  console.log(`\nthe last npm test: ${s(last.wallMs)} wall`);
  for (const st of last.steps) console.log(`${s(st.ms).padStart(8)}  ${st.ok ? "✔" : "✘"} ${st.name}`);
}
process.exit(rows.some((r) => r.failed || r.status) ? 1 : 0);
