/**
 * The scenario files share one module graph (vite.config.ts, project "scenarios", `isolate: false`): a file that
 * replaced a module with `vi.mock` there would see the module other files already loaded, or leave its mock to them.
 * Such files run isolated (`MOCKING_SCENARIOS`); this keeps that list true.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOCKING_SCENARIOS } from "./vitest-projects.js";

const DIR = join(import.meta.dirname, "scenarios");

describe("vitest projects", () => {
  it("every scenario file that mocks a module runs isolated, and only those", () => {
    const mocking = readdirSync(DIR)
      .filter((f) => f.endsWith(".test.ts"))
      .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(DIR, f), "utf8")))
      .map((f) => `tests/scenarios/${f}`)
      .sort();
    expect(mocking).toEqual([...MOCKING_SCENARIOS].sort());
  });
});
