/**
 * Issue 30: only a game's own module knows its game. Outside src/games (the game modules), src/rules (the engines)
 * and src/data (the stored shapes every game's documents share), no line compares an engine or profile, asks for the
 * profile, reads the engine setting or reads a game's data block (`.d20`, `.swn`). Everything else asks the game's
 * table (helpers/game.ts `currentGame()`, `gameOf(card)`).
 *
 * helpers/game.ts reads the two settings that pick the game and helpers/settings.ts registers them (and reads the
 * profile for the preset menu): those settings reads are the seam itself; neither file compares a game id (the stored
 * values are read by data/game-id.ts). The patterns take any quote, `case`, `includes`, `hasOwn`, a bracketed or
 * destructured block and a settings read by name (review of issue 30: the first patterns were easy to step round).
 * Alpha Dawn's Basic/Expanded variant is a choice inside the Star Frontiers games, not a game, so `variant ===
 * "basic"` is not counted; an engine capability (`attackSteps`, `areaTarget`) is the engine's own seam.
 */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, SRC, specifiersOf } from "./import-graph.js";

/** Engine or profile comparisons, the profile asked, the engine setting read, `"d20" in x` tests. */
const GAME = `(d20|zebulon|swn|alphaDawn)`;
const Q = `["'\`]`;
const BRANCH = new RegExp(
  [
    `[!=]==? ?${Q}${GAME}${Q}`,
    `${Q}${GAME}${Q} ?[!=]==?`,
    `case ${Q}${GAME}${Q}`,
    `\\.includes\\(${Q}${GAME}${Q}\\)`,
    "isSwn\\(",
    "currentProfile\\(",
    "SETTINGS\\.(engine|profile)\\b",
    `\\.get\\([^,]+, ?${Q}(engine|profile)${Q}\\)`,
    `${Q}(d20|swn)${Q} in `,
    `hasOwn\\([^,]+, ?${Q}(d20|swn)${Q}\\)`,
  ].join("|"),
);
/** A game's data block read: `x.d20`, `x?.swn`. */
const BLOCK = new RegExp(
  [
    `\\??\\.(d20|swn)\\b`,
    `\\[${Q}(d20|swn)${Q}\\]`,
    `(const|let|var) \\{[^}]*\\b(d20|swn)\\b[^}]*\\} =`,
  ].join("|"),
);

const SEAM = new Set(["helpers/game.ts", "helpers/settings.ts"]);

function offenders(pattern: RegExp): string[] {
  return filesUnder(SRC, { declarations: false })
    .map((f) => relative(SRC, f))
    .filter((f) => !/^(games|rules|data)\//.test(f) && !f.endsWith(".test.ts") && !SEAM.has(f))
    .flatMap((f) =>
      readFileSync(`${SRC}/${f}`, "utf8")
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
}

describe("issue 30: one place per game", () => {
  it("the patterns catch what they are for, and nothing else", () => {
    for (const hit of [
      'engine === "d20"',
      'card.profile === "swn" ?',
      '"zebulon" !== id',
      "if (isSwn())",
      "currentProfile() === x",
      "getSetting(SETTINGS.engine)",
      '"d20" in sys',
      "'d20' in sys",
      'case "zebulon":',
      '["d20", "swn"].includes(id) || x.includes("swn")',
      'Object.hasOwn(sys, "d20")',
      'game.settings.get(SYSTEM_ID, "engine")',
      "id === `swn`",
    ])
      expect(BRANCH.test(hit), hit).toBe(true);
    for (const hit of ["sys.d20.bab", "weapon.d20?.swn", "a?.swn", 'sys["d20"].bab', "const { d20 } = sys"])
      expect(BLOCK.test(hit), hit).toBe(true);
    for (const miss of ['label: "FT.D20UI.defense"', "d20Reach(", "const swn = 1", "sys.d20x"])
      expect(BRANCH.test(miss) || BLOCK.test(miss), miss).toBe(false);
  });

  it("src/rules/index.ts exports every engine's rules (every rules file that is not a test)", () => {
    const RULES = `${SRC}/rules`;
    const index = readFileSync(`${RULES}/index.ts`, "utf8");
    const missing = filesUnder(RULES, { declarations: false })
      .map((f) => relative(RULES, f))
      .filter((f) => f !== "index.ts" && !f.endsWith(".test.ts"))
      .filter((f) => {
        // A folder with its own index.ts (health/) is exported through it.
        const [dir, name] = f.includes("/") ? f.split("/") : ["", f];
        const folderIndex = `${RULES}/${dir}/index.ts`;
        const via =
          dir && f !== `${dir}/index.ts` && existsSync(folderIndex) ? readFileSync(folderIndex, "utf8") : "";
        const spec = (p: string) => `from "./${p.replace(/\.ts$/, ".js")}";`;
        return !(
          index.includes(spec(f)) ||
          (via.includes(spec(name!)) && index.includes(spec(`${dir}/index.ts`)))
        );
      });
    expect(missing).toEqual([]);
  });

  it("no engine or profile branch outside the game modules (57 lines when the issue was filed)", () => {
    expect(offenders(BRANCH)).toEqual([]);
  });

  it("no read of a game's data block outside the game modules (141 lines when the issue was filed)", () => {
    expect(offenders(BLOCK)).toEqual([]);
  });

  it("outside src/rules, the rules are reached through their public API (src/rules/index.ts) only", () => {
    const deep = filesUnder(SRC, { declarations: false })
      .map((f) => relative(SRC, f))
      .filter((f) => !f.startsWith("rules/"))
      .flatMap((f) =>
        specifiersOf(readFileSync(`${SRC}/${f}`, "utf8"))
          // Issue 33: rules/create-engine.ts is the public API's lazy half (the engines, loaded on the first build,
          // helpers/settings.ts `currentEngine`); through index.ts they would load with the system.
          .filter((spec) => /(^|\/)rules\/(?!index\.js$|create-engine\.js$)/.test(spec))
          .map((spec) => `${f} → ${spec}`),
      );
    expect(deep).toEqual([]);
  });
});
