/**
 * The import graph of `src/`, read from the files themselves (issue 28's card test, issue 29's layer test): every
 * relative module a file imports — static, `import type`, dynamic (`import("…")`), side-effect (`import "…"`) and
 * re-exports (`export … from`, `export * from`) — so a type-only or lazily loaded import counts as much as any other.
 * Test files (`*.test.ts`) and declaration files (`*.d.ts`) are left out. Read by text, not parsed: a specifier in a
 * comment (`from "./x.js"`) would count too, which errs towards failing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const SRC = resolve(__dirname, "../src");

/** The source files under `dir`, tests and declarations aside. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every module specifier a source text imports or re-exports (static, type-only, dynamic, side-effect). */
export function specifiersOf(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
}

/** The `src` files a file imports, as paths relative to `src` (`.js` specifiers name the `.ts` file). */
export function importsOf(file: string): string[] {
  return specifiersOf(readFileSync(file, "utf8"))
    .filter((spec) => spec.startsWith("."))
    .map((spec) => relative(SRC, resolve(dirname(file), spec.replace(/\.js$/, ".ts"))));
}

/** Every `src` file (relative to `src`) → the `src` files it imports. */
export function importGraph(): Map<string, string[]> {
  return new Map(filesUnder(SRC).map((f) => [relative(SRC, f), importsOf(f)]));
}

/** The strongly connected components of more than one file (Tarjan): the import cycles, each sorted. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
