/**
 * `npm test`: every check the project has, in two lanes that run side by side (a 2-core machine has a core for each):
 * - the table: the scenarios that share one worker (`vitest --project scenarios`; no coverage: instrumenting a
 *   whole table to report on src/rules would cost minutes);
 * - the checks: typecheck (project, then the rules without Foundry types), lint, the rules' tests with their line
 *   coverage and its threshold (`vitest --project rules --coverage`), the unit tests, the harness's own tests and
 *   the isolated files (`--project unit --project harness --project isolated`), every rule of every game marked A
 *   or S played by a scenario part by part (`npm run rules:coverage`), the build and the dist check, then the built
 *   entry and every lazy chunk imported from dist/ as a browser imports them (`vitest --project dist`).
 *
 * It prints one line per step as the step ends, the failures in full, and last the plain line `N passed, N failed`
 * (vitest's test counts plus one per other step). Everything each step printed goes to `.test-results/test.log`
 * (console output of passing tests left out),
 * and the step times to `.test-results/steps.json` (read by `npm run test:time`).
 *
 * `npm test -- --lane table` (or `checks`) runs one lane; the README lists the commands for one part.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./packs.mjs";

const OUT = join(ROOT, ".test-results");
mkdirSync(OUT, { recursive: true });
const LOG = join(OUT, "test.log");
const TABLE_JSON = join(OUT, "vitest-table.json");
const RULES_JSON = join(OUT, "vitest-rules.json");
const UNIT_JSON = join(OUT, "vitest-unit.json");
const DIST_JSON = join(OUT, "vitest-dist.json");
for (const f of [LOG, TABLE_JSON, RULES_JSON, UNIT_JSON, DIST_JSON]) rmSync(f, { force: true });

const laneArg = process.argv.findIndex((a) => a === "--lane" || a.startsWith("--lane="));
const onlyLane =
  laneArg < 0
    ? null
    : process.argv[laneArg].startsWith("--lane=")
      ? process.argv[laneArg].slice("--lane=".length)
      : process.argv[laneArg + 1];
if (onlyLane !== null && onlyLane !== "table" && onlyLane !== "checks") {
  console.error(`npm test: --lane takes "table" or "checks", not ${JSON.stringify(onlyLane ?? "")}`);
  process.exit(2);
}

/** Each step's output, appended to the log as the step ends (an interrupted run keeps what it had). */
const logs = { push: (text) => appendFileSync(LOG, `${text}\n`) };
const steps = [];
let passed = 0;
let failed = 0;
const failures = [];
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Run a command; resolve with its exit status and everything it printed. */
function run(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" } });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("error", (e) => done({ status: 1, out: `${out}\n${e.message}` }));
    child.on("close", (status) => done({ status: status ?? 1, out }));
  });
}

/** A step: one command whose exit status is the verdict; its output is printed in full only when it fails. */
async function step(name, cmd, args) {
  const t0 = Date.now();
  const { status, out } = await run(cmd, args);
  const ms = Date.now() - t0;
  const ok = status === 0;
  logs.push(`\n===== ${name} (${cmd} ${args.join(" ")}): exit ${status}, ${secs(ms)}\n${out}`);
  steps.push({ name, ok, ms });
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  console.log(`${ok ? "✔" : "✘"} ${name} (${secs(ms)})`);
  if (!ok) console.log(out.trimEnd());
  return ok;
}

/**
 * A vitest run: its tests count one each (from its JSON report); a failing test is printed with its messages; a run
 * that fails with no failing test (a threshold, a file that did not load) counts as one failed step, printed whole.
 */
async function vitestStep(name, args, jsonFile) {
  const t0 = Date.now();
  const { status, out } = await run("npx", [
    "vitest",
    "run",
    ...args,
    "--silent=passed-only",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${jsonFile}`,
  ]);
  const ms = Date.now() - t0;
  logs.push(`\n===== ${name} (vitest run ${args.join(" ")}): exit ${status}, ${secs(ms)}\n${out}`);
  let report = null;
  try {
    report = JSON.parse(readFileSync(jsonFile, "utf8"));
  } catch {}
  if (!report) {
    failed++;
    failures.push(name);
    steps.push({ name, ok: false, ms });
    console.log(`✘ ${name}: no results (${secs(ms)})`);
    console.log(out.trimEnd());
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const ok = status === 0 && report.numFailedTests === 0;
  steps.push({ name, ok, ms, tests: report.numTotalTests });
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `${ok ? "✔" : "✘"} ${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      `${skipped ? `, ${skipped} skipped` : ""} in ${report.numTotalTestSuites ? report.testResults.length : 0} files (${secs(ms)})`,
  );
  for (const file of report.testResults) {
    const bad = file.assertionResults.filter((a) => a.status === "failed");
    if (!bad.length && file.status !== "failed") continue;
    if (!bad.length) console.log(`  ✘ ${relative(ROOT, file.name)}\n${indent(file.message ?? "")}`);
    for (const a of bad)
      console.log(
        `  ✘ ${relative(ROOT, file.name)} > ${a.fullName}\n${indent(a.failureMessages.join("\n"))}`,
      );
  }
  if (report.numFailedTests > 0) failures.push(`${report.numFailedTests} tests in ${name}`);
  // A run can fail beyond its failed tests: a coverage threshold, a file that did not load, an unhandled error, or
  // a worker that died and left tests not run (reported as pending). Each counts as one more failure, said in full.
  const onlyTestsFailed =
    report.numFailedTests > 0 &&
    skipped === 0 &&
    report.testResults.every(
      (f) => f.status !== "failed" || f.assertionResults.some((a) => a.status === "failed"),
    );
  if (status !== 0 && !onlyTestsFailed) {
    failed++;
    failures.push(name);
    const lines = out.trimEnd().split("\n");
    const from = lines.findIndex((l) =>
      /Unhandled|Failed Suites|ERROR: Coverage|Coverage .*threshold/.test(l),
    );
    console.log(lines.slice(from >= 0 ? from : -60).join("\n"));
  }
}

const indent = (text) =>
  text
    .trimEnd()
    .split("\n")
    .map((l) => `      ${l}`)
    .join("\n");

async function tableLane() {
  await vitestStep("scenarios (one worker, one module graph)", ["--project", "scenarios"], TABLE_JSON);
}

async function checksLane() {
  await step("typecheck (tsc, strict, community types)", "npx", ["tsc", "--noEmit", "-p", "."]);
  await step("typecheck rules without Foundry types", "npx", [
    "tsc",
    "--noEmit",
    "-p",
    "src/rules/tsconfig.json",
  ]);
  await step("lint (biome)", "npx", ["biome", "check", "."]);
  await vitestStep("rules tests and their line coverage", ["--project", "rules", "--coverage"], RULES_JSON);
  await vitestStep(
    "unit, harness and isolated tests",
    ["--project", "unit", "--project", "harness", "--project", "isolated"],
    UNIT_JSON,
  );
  await step(
    // Issue 31: part by part (docs/rule-plays.md), every game's rules (SW matches SW- and SWN-).
    "every rule of every game marked A or S is played, part by part (npm run rules:coverage)",
    "node",
    ["scripts/rules-coverage.mjs", "--require", "SF-", "--require", "SW"],
  );
  const built = await step("build, and every system.json path exists in dist/", "node", [
    "scripts/build.mjs",
  ]);
  // Issue 33: what the build wrote loads as Foundry loads it, the entry and every lazy chunk (tests/built/).
  if (built)
    await vitestStep(
      "the built module and every lazy chunk load from dist/",
      ["--project", "dist"],
      DIST_JSON,
    );
}

console.log(
  `▶ npm test: ${onlyLane ? `the ${onlyLane} lane` : "two lanes side by side (the table; the checks)"} — full log in ${relative(ROOT, LOG)}`,
);
await Promise.all([
  onlyLane && onlyLane !== "table" ? null : tableLane(),
  onlyLane && onlyLane !== "checks" ? null : checksLane(),
]);

const wall = Date.now() - started;
writeFileSync(join(OUT, "steps.json"), `${JSON.stringify({ wallMs: wall, steps }, null, 2)}\n`);
if (failures.length) console.log(`failed: ${failures.join("; ")}`);
console.log(`npm test took ${secs(wall)}; full log: ${relative(ROOT, LOG)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
