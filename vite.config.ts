/// <reference types="vitest/config" />
import { defineConfig } from "vite";

const SYSTEM_ID = "frontier-tactics";

/**
 * One ES module for Foundry: `dist/frontier-tactics.mjs` plus `frontier-tactics.css`.
 * Foundry derives hook names from class names (`renderFrontierActorSheet`…): esbuild's `keepNames` gives every class
 * and function its source name back (`Object.defineProperty(…, "name")`), so local identifiers can be shortened.
 * `npm run dev` serves the source on :30001 and proxies everything else (and the socket) to a local Foundry on :30000.
 */
export default defineConfig(({ command }) => ({
  base: command === "serve" ? `/systems/${SYSTEM_ID}/` : "./",
  publicDir: false,
  esbuild: { keepNames: true },
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
    rollupOptions: { output: { assetFileNames: `${SYSTEM_ID}[extname]`, inlineDynamicImports: true } },
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
