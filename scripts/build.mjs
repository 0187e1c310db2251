/**
 * `npm run build`: dist/ becomes an installable system folder — system.json, one ES module, one CSS file,
 * templates, lang and compiled packs. Prints the bundle size against its budget as a JSON line.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import {
  assertPackFree,
  compileAll,
  manifest,
  PackLockedError,
  packs as packSources,
  ROOT,
} from "./packs.mjs";

const DIST = join(ROOT, "dist");
/*
 * Issue 31 raised the budget from 300 to 325 KB: the d20 rules it plays at the table (declarations, conditions, dying,
 * attacks of opportunity, aid, aim) load in every world because every engine still does (the world's game is read
 * synchronously at init). Loading each game's engine with its game is the way back under 300 (issue 34's bundle, issue
 * 33's 250 KB goal); until then the figure is written down, not hidden (docs/architecture.md, CHANGELOG).
 * Issue 31's review fixes and issue 34's fan lookup raised it again, to 335 KB (331.0): the caster's fan and index
 * (the canvas read loads with the main bundle: the wall hooks keep the index), the walk guard every game's GM page
 * runs, the GM's card checks (aim, Dex, struck cover). The scene's basis for a player's card loads with the first card.
 * Issue 33 brought it down to 283.6 KB (from 334.5) and the budget to 287 (the figure plus ~3 KB of headroom): the
 * engines load with the page's first engine build (rules/create-engine.ts), a game's target reads and the scene's
 * caster with the first target read (GameTable.targetFacts), the migration runner at `ready`, the GM's check of a
 * request's shape with its first request, the declaration dialog with its first opening. Issue 33's 250 KB is not
 * reached: what is left is what a page draws or checks synchronously (the combat document and its GM referee's
 * put-backs, the card's drawing on render, the tracker, the sheets' classes, the data models) — docs/architecture.md
 * "Budgets" says how to add a lazy piece, and what would go next.
 * Issue 33's second round: 291.2 KB after this session's features (weapon tables, API, enrichers…) → 273.5 KB, budget
 * 277: the combat by count's rolls and writes load on first use (documents/combat/by-count-rolls.ts); rules helpers
 * that main-module files read (aim's hold, the range-increment and BAB checks, the iterative attacks, the point-blank
 * bonus, a Star Frontiers skill's modifier) moved out of the big rules files that only the engines need (d20
 * actions.ts, attack.ts, full-attack.ts, Alpha Dawn to-hit.ts). A main-module import of one small export brings its
 * whole file: Rollup chunks by module. vite.config.ts marks src/rules/** side-effect free, so a rules file only lazy
 * chunks use cannot be pulled in through the barrel's side-effect walk (what put d20/engine.ts in the entry at 42fa045).
 * Issue 33's third round reached the goal: 276.9 → 213.6 KB, budget 220 (the figure plus ~7 KB; issue 33's 250 KB is
 * the ceiling, the gate is kept under it so that growing the first load again is a decision, not a drift). The chat's
 * drawing loads before core draws a message (`FrontierChatMessage#renderHTML` awaits it: v13's renderHTML is async
 * and calls the render hook synchronously inside); the combat's rolls and GM writes load on first use and the active
 * GM's page fetches them at `ready`; the sheets', tracker's and settings menus' work loads with their first render;
 * the rule titles are in lang/en.json. A failed load is told once (helpers/part-failed.ts) and never empties the chat.
 */
const BUNDLE_BUDGET_KB = 220;

export async function buildSystem({ quiet = false } = {}) {
  // A pack a running Foundry holds open stops the build before anything is written (PackLockedError).
  for (const pack of packSources()) await assertPackFree(join(DIST, "packs", pack.name));
  // Never empty dist/packs wholesale: a running Foundry keeps LevelDB files locked.
  for (const f of [
    "frontier-tactics.mjs",
    "frontier-tactics.mjs.map",
    "frontier-tactics.css",
    "chunks",
    "templates",
    "lang",
  ]) {
    rmSync(join(DIST, f), { recursive: true, force: true });
  }
  mkdirSync(DIST, { recursive: true });
  await build({
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: quiet ? "warn" : "info",
    mode: "production",
  });

  const system = manifest();
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  system.version = pkg.version;
  if (process.env.RELEASE_DOWNLOAD_URL) {
    system.download = process.env.RELEASE_DOWNLOAD_URL;
    delete system.flags?.hotReload;
  }
  writeFileSync(join(DIST, "system.json"), `${JSON.stringify(system, null, 2)}\n`);
  for (const dir of ["templates", "lang"]) cpSync(join(ROOT, dir), join(DIST, dir), { recursive: true });
  for (const f of ["README.md", "LICENSE", "CHANGELOG.md"])
    if (existsSync(join(ROOT, f))) cpSync(join(ROOT, f), join(DIST, f));
  const packs = await compileAll(join(DIST, "packs"));

  // The budget is the module Foundry loads with the system; the chunks it imports on first use (a dialog, a special
  // attack, a shot at a wall) are reported beside it.
  const kb = statSync(join(DIST, "frontier-tactics.mjs")).size / 1024;
  const chunkDir = join(DIST, "chunks");
  const lazyKb = existsSync(chunkDir)
    ? readdirSync(chunkDir)
        .filter((f) => f.endsWith(".mjs"))
        .reduce((s, f) => s + statSync(join(chunkDir, f)).size, 0) / 1024
    : 0;
  console.log(
    JSON.stringify({
      name: "bundle.js",
      value: Number(kb.toFixed(1)),
      unit: "KB",
      budget: BUNDLE_BUDGET_KB,
    }),
  );
  console.log(
    JSON.stringify({ name: "bundle.lazyChunks", value: Number(lazyKb.toFixed(1)), unit: "KB", budget: null }),
  );
  if (!quiet) for (const p of packs) console.log(`pack ${p.name}: ${p.count} entries`);
  if (kb > BUNDLE_BUDGET_KB)
    throw new Error(`Bundle ${kb.toFixed(1)} KB is over the ${BUNDLE_BUDGET_KB} KB budget`);
  return { kb, packs };
}

/** The lazy chunks' files. */
function chunkFiles() {
  const dir = join(DIST, "chunks");
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".mjs"))
        .map((f) => join(dir, f))
    : [];
}

/** Every path system.json names must exist in dist/. */
export function checkDist() {
  const system = JSON.parse(readFileSync(join(DIST, "system.json"), "utf8"));
  const paths = [
    ...(system.esmodules ?? []),
    ...(system.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(system.languages ?? []).map((l) => l.path),
    ...(system.packs ?? []).map((p) => p.path),
  ];
  const missing = paths.filter((p) => !existsSync(join(DIST, p)));
  if (missing.length) throw new Error(`dist/ is missing: ${missing.join(", ")}`);
  // The classes Foundry reads by name keep it in the minified bundle (src/helpers/class-name.ts): a sheet's id and
  // an application's render hooks would otherwise be a shortened identifier's.
  const code = [join(DIST, "frontier-tactics.mjs"), ...chunkFiles()]
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  const named =
    readFileSync(join(ROOT, "src", "helpers", "class-name.ts"), "utf8").match(/"[A-Z][A-Za-z]+"/g) ?? [];
  const lost = named.filter((n) => !code.includes(n));
  if (lost.length) throw new Error(`The bundle lost the class names ${lost.join(", ")}`);
  return paths.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildSystem();
  } catch (err) {
    // Foundry holding dist/packs open is the user's to fix, not a bug: one line, no stack trace.
    if (!(err instanceof PackLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  console.log(`dist/ checked: ${checkDist()} manifest paths present`);
}
