/**
 * The import graph of `src/`, read from the files themselves (issue 28's card test, issue 29's layer test): every
 * module a file imports — static, `import type`, dynamic (`import("…")`, also with backticks), side-effect
 * (`import "…"`) and re-exports (`export … from`, `export * from`) — so a type-only or lazily loaded import counts as
 * much as any other. Declaration files (`*.d.ts`, the `types/` layer) are read too; test files (`*.test.ts`) are
 * left out. Read by text, not parsed: a specifier in a comment (`from "./x.js"`) counts too, which errs towards
 * failing. Strict where a text reader could be fooled: a dynamic import whose argument is not one plain string, a
 * relative import that resolves to no `.ts` file under `src/` (an extensionless or `index` import is resolved as
 * TypeScript's bundler resolution does), a symlink, or a source file that is not `.ts` is reported, never skipped.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const SRC = resolve(__dirname, "../src");

/** What the reader refuses to pass over: non-literal dynamic imports, unresolved imports, symlinks, stray files. */
export const problems: string[] = [];

/** The source files under `dir` (declarations included), tests aside; symlinks and non-`.ts` files are problems. */
export function filesUnder(dir: string, { declarations = true } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) {
      problems.push(`${relative(SRC, path)}: a symlink (its imports would escape the graph)`);
      return [];
    }
    if (stat.isDirectory()) return filesUnder(path, { declarations });
    if (/\.(m|c)?[jt]sx?$/.test(name) && !name.endsWith(".ts")) {
      problems.push(`${relative(SRC, path)}: a source file that is not .ts (not read)`);
      return [];
    }
    if (!name.endsWith(".ts")) return []; // data and configuration (tsconfig.json)
    if (name.endsWith(".test.ts")) return [];
    if (name.endsWith(".d.ts") && !declarations) return [];
    return [path];
  });
}

/** Every module specifier a source text imports or re-exports (static, type-only, dynamic, side-effect). */
export function specifiersOf(source: string): string[] {
  const found = [
    ...source.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])([^"']+)\1/g),
    ...source.matchAll(/\bimport\s*\(\s*(["'`])([^"'`]+)\1\s*\)/g),
  ]
    .sort((a, b) => a.index - b.index)
    .map((m) => m[2]!);
  // `import(` followed by anything but one plain string (a variable, a concatenation, `${…}`) cannot be read.
  for (const m of source.matchAll(/\bimport\s*\(\s*([^)]*)\)/g)) {
    const arg = m[1]!.trim();
    if (!/^(["'`])[^"'`$]+\1$/.test(arg)) found.push(`<dynamic import of ${arg || "nothing"}>`);
  }
  return found;
}

/** Non-code files `src` may import by relative path (the stylesheet the entry point hands to Vite). */
const ASSETS = new Set(["styles/frontier-tactics.css"]);

/** A relative specifier as the file it names, as TypeScript's bundler resolution finds it, or null. */
function resolveSpec(file: string, spec: string): string | null {
  const base = resolve(dirname(file), spec);
  const tries = spec.endsWith(".js")
    ? [base.replace(/\.js$/, ".ts")]
    : spec.endsWith(".ts")
      ? [base]
      : [`${base}.ts`, join(base, "index.ts")];
  return tries.find((t) => existsSync(t)) ?? null;
}

/** The `src` files a file imports, as paths relative to `src`; what cannot be resolved there goes to `problems`. */
export function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const spec of specifiersOf(readFileSync(file, "utf8"))) {
    const where = relative(SRC, file);
    if (spec.startsWith("<")) {
      problems.push(`${where}: ${spec}`);
      continue;
    }
    if (!spec.startsWith(".")) continue; // a package
    if (ASSETS.has(relative(resolve(SRC, ".."), resolve(dirname(file), spec)))) continue;
    const target = resolveSpec(file, spec);
    const rel = target ? relative(SRC, target) : null;
    if (!rel || rel.startsWith("..")) problems.push(`${where}: "${spec}" names no .ts file under src/`);
    else out.push(rel);
  }
  return out;
}

/** Every `src` file (relative to `src`) → the `src` files it imports. */
export function importGraph(): Map<string, string[]> {
  problems.length = 0;
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
