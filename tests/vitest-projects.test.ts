/**
 * The scenario and harness files share one worker's module graph (vite.config.ts, `isolate: false`): a file that
 * replaced a module with `vi.mock` there would see the module other files already loaded, or leave its mock to them;
 * a file that set Foundry's globals on the process would be refused once a table owns them, or leave them to the
 * next file. Such files run isolated; this keeps the lists true.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SETTING_TESTS, MOCKING_SCENARIOS } from "./vitest-projects.js";

const ROOT = join(import.meta.dirname, "..");
const testFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `${dir}/${f}`);
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
/**
 * Does a file set Foundry's globals on the process: `globalThis.CONFIG = …`, or through an alias of globalThis
 * (`const g = globalThis`, `G.window = …`, `installCanvas(g, …)`, `(g.game as …).settings = …`)?
 */
function setsGlobals(src: string): boolean {
  const names = "(?:window|document|ui|CONFIG|canvas|game)";
  if (new RegExp(`\\bglobalThis\\.${names}\\s*=[^=]`).test(src)) return true;
  const alias = /\b(?:const|let)\s+(\w+)\b[^=\n]*=\s*(?:\(\)\s*=>\s*)?globalThis\b/.exec(src)?.[1];
  if (!alias) return false;
  return [
    `\\b${alias}\\.${names}\\s*=[^=]`,
    `installCanvas\\(\\s*${alias}\\b`,
    `\\(\\s*${alias}\\.game\\b[^)]*\\)\\.\\w+\\s*=[^=]`,
  ].some((p) => new RegExp(p).test(src));
}

describe("vitest projects", () => {
  it("every scenario file that mocks a module runs isolated, and only those", () => {
    const mocking = testFiles("tests/scenarios")
      .filter((f) => /\bvi\.(mock|doMock)\(/.test(read(f)))
      .sort();
    expect(mocking).toEqual([...MOCKING_SCENARIOS].sort());
  });

  it("no test that shares a graph with a table mocks a module or sets Foundry's globals on the process", () => {
    const shared = [
      ...testFiles("tests/scenarios"),
      ...testFiles("tests/foundry"),
      "tests/init.test.ts",
    ].filter((f) => !MOCKING_SCENARIOS.includes(f));
    const offending = shared.filter((f) => /\bvi\.(mock|doMock)\(/.test(read(f)) || setsGlobals(read(f)));
    expect(offending.sort()).toEqual([...GLOBAL_SETTING_TESTS].filter((f) => shared.includes(f)).sort());
  });
});
