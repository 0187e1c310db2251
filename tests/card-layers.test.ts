/**
 * Issue 28: the chat cards' types and schemas live in `src/data/chat/`, below everything that writes or draws a
 * card, and no import cycle runs through them (architecture-2 review §2.1: the card's type sat in a workflow and the
 * grenade block in an application, and a 12-file type cycle followed). Read from the files themselves, counting
 * `import type` and dynamic imports, so a new upward import anywhere fails here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../src");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The `src` files a file imports (static, type-only, dynamic and re-exports), as paths relative to `src`. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.[^"']+)["']/g)) {
    const target = resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"));
    out.push(relative(SRC, target));
  }
  return out;
}

const graph = new Map(filesUnder(SRC).map((f) => [relative(SRC, f), importsOf(f)]));

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(): string[][] {
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

describe("issue 28: the card types live in src/data/chat", () => {
  const chat = [...graph.keys()].filter((f) => f.startsWith("data/chat/"));

  it("finds the card files and reads their imports", () => {
    expect(chat).toContain("data/chat/attack-card.ts");
    expect(graph.get("workflows/card/card-context.ts")).toContain("data/chat/attack-card.ts");
  });

  it("imports nothing above the data layer (only rules/ and data/)", () => {
    const upward = chat.flatMap((f) =>
      (graph.get(f) ?? [])
        .filter((t) => !t.startsWith("rules/") && !t.startsWith("data/"))
        .map((t) => `${f} → ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it("no import cycle runs through a card file", () => {
    const through = cycles().filter((c) => c.some((f) => f.startsWith("data/chat/")));
    expect(through).toEqual([]);
  });

  it("the card's writers, readers and view share no import cycle (the 12-file cycle of review §2.1 is gone)", () => {
    const cardFiles = new Set([
      "workflows/card/card-context.ts",
      "workflows/card/card-data.ts",
      "workflows/card/card-render.ts",
      "workflows/attack/attack-flow.ts",
      "workflows/card/d20-grenade.ts",
      "workflows/card/squad-card.ts",
      "workflows/attack/stray.ts",
    ]);
    const through = cycles().filter((c) => c.some((f) => cardFiles.has(f)));
    expect(through).toEqual([]);
  });
});
