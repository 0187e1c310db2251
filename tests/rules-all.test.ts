import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The export lines of a rules module. */
const exportsOf = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("export "));

describe("the API's rules module (issue 33)", () => {
  it("re-exports exactly what the rules barrel does, file by file", () => {
    expect(exportsOf("src/rules/all.ts")).toEqual(exportsOf("src/rules/index.ts"));
  });
});
