/// <reference types="vitest/config" />
import { transform } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { GLOBAL_SETTING_TESTS, MOCKING_SCENARIOS } from "./tests/vitest-projects.js";

const SYSTEM_ID = "frontier-tactics";

const BASE = `/systems/${SYSTEM_ID}/`;

/**
 * `npm run dev`: the two files system.json names, served from the source. Foundry loads
 * `/systems/frontier-tactics/frontier-tactics.mjs` (a module that imports Vite's client, for hot reload, and
 * `src/index.ts`) and links `frontier-tactics.css` (the stylesheet compiled from `styles/`). Everything else under
 * the base (system.json, templates/, lang/, src/) is the repository's own file, served by Vite as it is; the packs
 * are read from disk by the Foundry server itself, from the folder `npm run link` made (dist/).
 * The module's import of the CSS also injects it (Vite's hot reload of styles), so in dev the rules are present twice.
 */
export function devSystem(): Plugin {
  return {
    name: "frontier-tactics:dev-system",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split("?")[0];
        if (path === `${BASE}${SYSTEM_ID}.mjs`) {
          res.setHeader("Content-Type", "text/javascript");
          res.setHeader("Cache-Control", "no-cache");
          res.end(`import "${BASE}@vite/client";\nimport "${BASE}src/index.ts";\n`);
          return;
        }
        if (path === `${BASE}${SYSTEM_ID}.css`) req.url = `${BASE}styles/${SYSTEM_ID}.css?direct`;
        next();
      });
    },
  };
}

/**
 * Vite leaves the whitespace in a library's ES output (it keeps the code readable for a bundler downstream,
 * see `build.minify` in Vite's docs); Foundry loads the file as it is, so the build removes it here, after
 * Vite's own minification, keeping the source map chained.
 */
export function minifyWhitespace(): Plugin {
  return {
    name: "frontier-tactics:minify-whitespace",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const mapAsset = bundle[`${chunk.fileName}.map`];
        const map = mapAsset?.type === "asset" ? String(mapAsset.source) : null;
        // esbuild reads an inline input map and composes it with its own, so the map still points at src/.
        const input = map
          ? `${chunk.code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, "")}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString("base64")}\n`
          : chunk.code;
        const out = await transform(input, {
          minifyWhitespace: true,
          sourcemap: map ? "external" : false,
          format: "esm",
        });
        chunk.code = map ? `${out.code}//# sourceMappingURL=${chunk.fileName}.map\n` : out.code;
        if (map && mapAsset?.type === "asset") mapAsset.source = out.map;
      }
    },
  };
}

/** A project whose files share one worker and its module graph (see `projects` below). */
const shared = {
  isolate: false,
  poolOptions: { forks: { singleFork: true } },
} as const;
/**
 * Every test's limit is for a test that hangs, not a measure of speed (a table's test plays a whole session): generous
 * enough that a loaded or one-core machine still passes (`taskset -c 0 npm test`).
 */
const generousTimes = { testTimeout: 60_000, hookTimeout: 60_000 } as const;
/** The harness's own tests and a test that boots a table: they share a graph of their own, as scenarios do. */
const HARNESS_TESTS = ["tests/foundry/*.test.ts", "tests/init.test.ts"];
/**
 * Files that need a module graph of their own: scenarios that mock a module, and tests that set `canvas` or `CONFIG`
 * straight on the process's globals (where the harness's per-client getters would refuse it).
 */
const ISOLATED_TESTS = [...MOCKING_SCENARIOS, ...GLOBAL_SETTING_TESTS];

/**
 * One ES module for Foundry: `dist/frontier-tactics.mjs` (and its lazy chunks) plus `frontier-tactics.css`.
 * Foundry derives hook names and sheet ids from class names (`renderFrontierActorSheet`…): the classes it reads carry
 * their names by hand (`helpers/class-name.ts`, checked in the bundle by scripts/build.mjs), so identifiers can be
 * shortened. esbuild's `keepNames` named every function as well, 15 KB of the 300 KB budget; it is off.
 * `npm run dev` serves the source on :30001 (`devSystem`) and proxies everything else (and the socket) to a local
 * Foundry on :30000.
 */
export default defineConfig(({ command }) => ({
  base: command === "serve" ? BASE : "./",
  plugins: [devSystem(), minifyWhitespace()],
  publicDir: false,
  esbuild: { keepNames: false },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: "esbuild",
    cssCodeSplit: false,
    reportCompressedSize: false,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => `${SYSTEM_ID}.mjs`,
      cssFileName: SYSTEM_ID,
    },
    // One entry module Foundry loads (system.json `esmodules`), plus chunks it imports on first use (`import()` in
    // src: the attack dialog, a special attack, a shot at a wall …), under chunks/. The entry keeps the shared code
    // ("allow-extension": no facade module), so the budget measures what every page loads.
    rollupOptions: {
      preserveEntrySignatures: "allow-extension",
      // src/rules/** is pure (no Foundry, no DOM; its top-level code only builds constants), so importing a rules file
      // runs nothing anyone needs: Rollup may leave out a rules file whose exports a chunk does not use. Without this,
      // the main module's imports from the barrel (rules/index.ts, which re-exports every engine) make Rollup walk
      // the barrel for side effects (node-entry.js `addRelevantSideEffectDependencies`) and count every rules file
      // it cannot prove effect-free as a static dependency of the entry: when a lazy chunk takes a namespace of the
      // rules (a dynamic `import()` of a barrel), every export is deoptimized, a top-level call such as d20/engine.ts
      // `grenadeCoverAc("none")` is no longer provably pure, and the engines land in the main module although only
      // lazy chunks import them (issue 33: 42fa045's rules/all.ts put d20/engine.ts there).
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/src/rules/") },
      output: {
        assetFileNames: `${SYSTEM_ID}[extname]`,
        chunkFileNames: "chunks/[name]-[hash].mjs",
      },
    },
  },
  server: {
    port: 30001,
    open: false,
    proxy: {
      [`^(?!/systems/${SYSTEM_ID}/)`]: "http://localhost:30000/",
      "/socket.io": { target: "ws://localhost:30000", ws: true },
    },
  },
  test: {
    setupFiles: ["tests/setup.ts"],
    // Rules' tests measure coverage (`npm test` runs them with --coverage, alone: instrumenting the whole table
    // would cost two minutes to report on src/rules only).
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts"],
      exclude: ["src/rules/**/*.test.ts", "src/rules/**/index.ts", "src/rules/core/types.ts"],
      reporter: ["text-summary", "json-summary"],
      thresholds: { lines: 95 },
    },
    // Which files share a worker's module graph (`shared`: imported once, files one after another in one worker)
    // and which each get a fresh one (the harness's own tests install globals of their own; a file that mocks a
    // module needs its own graph). Vitest 3.2 reads worker isolation from the root config only, so a project
    // shares its graph through `singleFork` with `isolate: false`.
    // The forks' young generation, larger than V8's default: a table allocates fast, and scavenges were a fifth of the
    // scenario worker's CPU. (Vitest 3.2 takes execArgv from the root pool only, so it applies to every fork.)
    poolOptions: { forks: { execArgv: ["--max-semi-space-size=32"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "rules",
          environment: "node",
          include: ["src/rules/**/*.test.ts"],
          ...shared,
          ...generousTimes,
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "tests/*.test.ts"],
          exclude: ["src/rules/**", ...HARNESS_TESTS, ...ISOLATED_TESTS],
          ...shared,
          ...generousTimes,
        },
      },
      {
        extends: true,
        test: {
          name: "harness",
          environment: "node",
          include: HARNESS_TESTS,
          exclude: ISOLATED_TESTS,
          ...shared,
          ...generousTimes,
        },
      },
      {
        extends: true,
        test: {
          name: "scenarios",
          environment: "node",
          include: ["tests/scenarios/**/*.test.ts"],
          exclude: MOCKING_SCENARIOS,
          // Each table starts clean although the files share the system's modules: clients are new pages (their own
          // `game`, DOM and CONFIG), the system keeps page state by `game` (src/helpers/page-state.ts), and a closed
          // table's hooks, dice and open work go with it (tests/foundry/world.ts `Table#close`).
          ...shared,
          ...generousTimes,
        },
      },
      {
        extends: true,
        test: { name: "isolated", environment: "node", include: ISOLATED_TESTS, ...generousTimes },
      },
      // Issue 33: the built module and every lazy chunk, loaded from dist/ as a browser loads them (needs the build:
      // `npm test` runs it after its build step). A graph of its own: it boots a table from dist/, not from src/.
      {
        extends: true,
        test: { name: "dist", environment: "node", include: ["tests/built/*.test.ts"], ...generousTimes },
      },
    ],
  },
}));
