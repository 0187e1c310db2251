/**
 * Issue 29: imports point down only — constants.ts and rules ← data ← helpers ← documents ← canvas ← workflows ←
 * applications ← index.ts — with no import cycle, runtime or type, and no source file over 600 lines. Read from the
 * files themselves (`import-graph.ts`: static, `import type`, dynamic and re-exports, declaration files too), so a new
 * upward import, a new cycle or a file growing past 600 lines anywhere in `src/` fails here, with no exception list.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, filesUnder, importGraph, problems, SRC, specifiersOf } from "./import-graph.js";

/** The layers, lowest first; a file may import only from its own layer or one to its left. */
const LAYERS = [
  "rules",
  "data",
  "helpers",
  "documents",
  "canvas",
  "workflows",
  "applications",
  // Issue 30: a game module's own table (src/games/<game>/index.ts, src/games/index.ts). A game's other files sit in
  // the layer their folder names (src/games/d20/workflows/x.ts is a workflow), see layerOf.
  "games",
  // The ambient declarations (declaration merging over fvtt-types): they name every layer's classes and flag shapes,
  // and no module imports them. What they give a lower layer (a flag's type declared in a workflow) is not an import
  // the graph can see; the flags they still declare are listed in types/foundry-config.d.ts.
  "types",
  "index.ts",
] as const;

/** A file's layer (its index in {@link LAYERS}); `constants.ts` sits at the bottom with the rules. -1: no layer. */
function layerOf(file: string): number {
  const parts = file.split("/");
  const top = parts[0]!;
  if (top === "constants.ts") return 0;
  // A game module is a slice through the layers: games/<game>/<layer>/… is in <layer>; its table is on top.
  if (top === "games" && parts.length > 3) return LAYERS.indexOf(parts[2] as (typeof LAYERS)[number]);
  return LAYERS.indexOf(top as (typeof LAYERS)[number]);
}

/** Every import that points up the layers, once per pair of files. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const up = new Set<string>();
  for (const [from, targets] of graph)
    for (const to of targets) if (layerOf(to) > layerOf(from)) up.add(`${from} → ${to}`);
  return [...up].sort();
}

const MAX_LINES = 600;

const graph = importGraph();

describe("issue 29: the layers", () => {
  it("reads every kind of import and places every file in a layer", () => {
    expect(
      specifiersOf(
        [
          `import { a } from "./a.js";`,
          `import type { B } from "../b.js";`,
          `import {\n  c,\n  type D,\n} from "./c.js";`,
          `const e = await import("./e.js");`,
          `import "./f.js";`,
          `export { g } from "./g.js";`,
          `export * from "./h.js";`,
          `export type { I } from "./i.js";`,
        ].join("\n"),
      ),
    ).toEqual(["./a.js", "../b.js", "./c.js", "./e.js", "./f.js", "./g.js", "./h.js", "./i.js"]);
    expect(graph.get("index.ts")).toContain("documents/combat.ts");
    expect(graph.get("workflows/turn/attack-gate.ts")).toContain("documents/combatant/dodging.ts");
    // A new top-level folder must be given its place in the order.
    expect([...graph.keys()].filter((f) => layerOf(f) < 0)).toEqual([]);
    expect(layerOf("constants.ts")).toBe(layerOf("rules/index.ts"));
    expect(layerOf("workflows/x.ts")).toBeGreaterThan(layerOf("canvas/x.ts"));
    expect(layerOf("games/d20/workflows/x.ts")).toBe(layerOf("workflows/x.ts"));
    expect(layerOf("games/d20/index.ts")).toBeGreaterThan(layerOf("applications/x.ts"));
  });

  it("the reader passes over nothing: every dynamic import is one plain string, every relative import a .ts file under src/, no symlink, no other kind of source file", () => {
    expect(
      specifiersOf(["const m = await import(`./x.js`);", "import(name);", 'import("./a" + b);'].join("\n")),
    ).toEqual(["./x.js", "<dynamic import of name>", '<dynamic import of "./a" + b>']);
    expect(problems).toEqual([]);
  });

  it("no import points up the layers", () => {
    const up = upwardImports(graph);
    expect(up).toEqual([]);
  });

  it("no import cycle, runtime or type", () => {
    const found = cycles(graph).map((c) => c.join(" "));
    expect(found).toEqual([]);
  });

  it("issue 30: only src/index.ts reaches a game module, and a game reaches no other game but the one it is built on", () => {
    // SWN is the d20 engine's profile (ruling 1); Zebulon's Guide plays on the Star Frontiers table.
    const BUILT_ON: Record<string, readonly string[]> = { swn: ["d20"], zebulon: ["alpha-dawn"] };
    const gameOfFile = (f: string) => (f.startsWith("games/") ? f.split("/")[1]! : null);
    const wrong: string[] = [];
    for (const [from, targets] of graph)
      for (const to of targets) {
        const g = gameOfFile(to);
        if (!g || g.endsWith(".ts")) continue;
        const own = gameOfFile(from);
        // games/index.ts and games/init.ts register every game; nothing outside src/games imports one.
        if (
          own !== null &&
          (own === g || own === "index.ts" || own === "init.ts" || (BUILT_ON[own] ?? []).includes(g))
        )
          continue;
        wrong.push(`${from} → ${to}`);
      }
    expect(wrong).toEqual([]);
  });

  it("issue 30: a game table's section is read only at or above the layer that declares it (module augmentation is no import)", () => {
    // Each section merged into GameTable by `declare module "…helpers/game.js"` belongs to its declaring file's layer.
    const sections = new Map<string, number>();
    const read: string[] = [];
    for (const file of filesUnder(SRC, { declarations: false })) {
      const rel = relative(SRC, file);
      const text = readFileSync(file, "utf8");
      for (const block of text.matchAll(/declare module "[./]*helpers\/game\.js" \{([\s\S]*?)\n\}/g))
        for (const m of block[1]!.matchAll(/readonly (\w+)\??:/g)) sections.set(m[1]!, layerOf(rel));
      for (const m of text.matchAll(/(?:currentGame\(\)|gameOf\([^)]*\)|gameTable\([^)]*\))\s*\.\s*(\w+)/g))
        read.push(`${rel} ${m[1]}`);
    }
    expect([...sections.keys()].sort()).toEqual(
      [
        "attack",
        "card",
        "checks",
        "dialog",
        // Review-ux 2.3: SF-X-10's "Dodging this round" in the combatant menu (workflows/turn/turn-hooks.ts).
        "dodging",
        // Issue 33 (review-play 2.4): a game's own @Check roll (applications/enricher-html.ts).
        "rollCheck",
        "sheet",
        "targetFacts",
        "tracker",
        "turnActions",
        "wallFields",
        // Issue 33: the weapon-tables browser's columns (applications/weapon-tables-seam.ts).
        "weaponTable",
      ].sort(),
    );
    const below = read.filter((r) => {
      const [file, section] = r.split(" ") as [string, string];
      const at = sections.get(section);
      return at !== undefined && layerOf(file) < at;
    });
    expect(below).toEqual([]);
  });

  it(`no source file over ${MAX_LINES} lines`, () => {
    const sizes = new Map(
      filesUnder(SRC).map((f) => [relative(SRC, f), readFileSync(f, "utf8").match(/\n/g)?.length ?? 0]),
    );
    const long = [...sizes].filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("src/rules imports nothing outside src/rules (no other layer, no package)", () => {
    const RULES = join(SRC, "rules");
    const outside = filesUnder(RULES).flatMap((file) =>
      specifiersOf(readFileSync(file, "utf8"))
        .filter(
          (spec) => !spec.startsWith(".") || relative(RULES, resolve(file, "..", spec)).startsWith(".."),
        )
        .map((spec) => `${relative(SRC, file)} → ${spec}`),
    );
    expect(filesUnder(RULES).length).toBeGreaterThan(20);
    expect(outside).toEqual([]);
  });
});
