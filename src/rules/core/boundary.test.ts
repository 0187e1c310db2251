/**
 * The seam's boundary: `rules/core/` is the vocabulary every engine shares, so nothing in it may import an engine's
 * folder (before issue 14, `core/engine.ts` imported Alpha Dawn's damage types and `core/facts.ts` its conveyance
 * and vision-aid types). Read from the files themselves, so a new import anywhere in `core/` fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CORE = dirname(fileURLToPath(import.meta.url));
const ENGINE_FOLDERS = ["alpha-dawn", "zebulon", "d20"];

/** Every module specifier a file imports or re-exports (static and dynamic). */
function importsOf(source: string): string[] {
  const specs: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
  for (const m of source.matchAll(re)) specs.push(m[1]!);
  return specs;
}

/** The engine folders a specifier written in `rules/core/` reaches. */
function engineOf(spec: string): string | null {
  const path = join("/rules/core", spec);
  return ENGINE_FOLDERS.find((f) => path.startsWith(`/rules/${f}/`)) ?? null;
}

describe("rules/core imports no engine", () => {
  it("reads every import, static, dynamic and re-export", () => {
    expect(
      importsOf(
        `import type { A } from "../alpha-dawn/damage.js";\nexport * from "./facts.js";\nconst z = await import("../zebulon/table.js");`,
      ),
    ).toEqual(["../alpha-dawn/damage.js", "./facts.js", "../zebulon/table.js"]);
    expect(engineOf("../alpha-dawn/damage.js")).toBe("alpha-dawn");
    expect(engineOf("../d20/resolve.js")).toBe("d20");
    expect(engineOf("./engine.js")).toBeNull();
    expect(engineOf("../geometry/range.js")).toBeNull();
  });

  it("no file in src/rules/core/ imports alpha-dawn, zebulon or d20", () => {
    const files = readdirSync(CORE).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(files).toContain("engine.ts");
    const found = files.flatMap((f) =>
      importsOf(readFileSync(join(CORE, f), "utf8"))
        .filter((spec) => engineOf(spec))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(found).toEqual([]);
  });
});
