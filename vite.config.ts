/// <reference types="vitest/config" />
import { transform } from "esbuild";
import { defineConfig, type Plugin } from "vite";

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
    environment: "node",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    setupFiles: ["tests/setup.ts"],
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts"],
      exclude: ["src/rules/**/*.test.ts", "src/rules/**/index.ts", "src/rules/core/types.ts"],
      reporter: ["text-summary", "json-summary"],
      thresholds: { lines: 95 },
    },
  },
}));
