/**
 * `npm test`: typecheck, lint, unit tests (with the template and pack checks, and coverage of src/rules), every
 * Star Frontiers rule marked A or S played by a scenario (`npm run rules:coverage`), the build and the dist check.
 * Ends with one plain line: `N passed, N failed` — vitest's test count plus one per other step.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./packs.mjs";

const npx = (args) =>
  spawnSync("npx", args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "1" } })
    .status === 0;
let passed = 0;
let failed = 0;
const failures = [];
const step = (name, ok) => {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  console.log(`${ok ? "✔" : "✘"} ${name}`);
};

console.log("▶ typecheck");
step("typecheck (tsc, strict, community types)", npx(["tsc", "--noEmit", "-p", "."]));
step("typecheck rules without Foundry types", npx(["tsc", "--noEmit", "-p", "src/rules/tsconfig.json"]));

console.log("▶ lint");
step("lint (biome)", npx(["biome", "check", "."]));

console.log("▶ unit, template and pack tests");
const resultFile = join(ROOT, ".test-results", "vitest.json");
rmSync(resultFile, { force: true });
const unitOk = npx([
  "vitest",
  "run",
  "--coverage",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${resultFile}`,
]);
try {
  const r = JSON.parse(readFileSync(resultFile, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests > 0) failures.push(`${r.numFailedTests} unit tests`);
  if (!unitOk && r.numFailedTests === 0) step("coverage threshold and suites", false);
} catch {
  step("unit tests produced results", false);
}

console.log("▶ rules played at the table");
step(
  "every Star Frontiers rule marked A or S is played by a scenario (npm run rules:coverage)",
  spawnSync("node", ["scripts/rules-coverage.mjs", "--require", "SF-"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  }).status === 0,
);

console.log("▶ build");
try {
  const { buildSystem, checkDist } = await import("./build.mjs");
  await buildSystem({ quiet: true });
  step("build (dist/ is an installable system)", true);
  checkDist();
  step("every system.json path exists in dist/", true);
} catch (e) {
  console.error(e);
  step("build", false);
}

if (failures.length) console.log(`failed: ${failures.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
