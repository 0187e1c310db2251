/**
 * `npm run dev`: the dev server answers the paths system.json gives Foundry, from the source (vite.config.ts
 * `devSystem`). Started on a free port; nothing here goes through the proxy to Foundry.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BASE = "/systems/frontier-tactics/";
let server: ViteDevServer;
let origin = "";

beforeAll(async () => {
  server = await createServer({
    configFile: `${ROOT}vite.config.ts`,
    root: ROOT,
    logLevel: "silent",
    server: { port: 0, strictPort: false, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  if (!address) throw new Error("the dev server is not listening");
  origin = `http://localhost:${address.port}`;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const r = await fetch(`${origin}${path}`);
  return { status: r.status, type: r.headers.get("content-type") ?? "", body: await r.text() };
};

describe("npm run dev serves the system", () => {
  it("frontier-tactics.mjs (system.json's esmodule) is JavaScript importing src/index.ts, which is served", async () => {
    const system = JSON.parse(readFileSync(`${ROOT}system.json`, "utf8"));
    expect(system.esmodules).toEqual(["frontier-tactics.mjs"]);
    const mjs = await get(`${BASE}frontier-tactics.mjs`);
    expect(mjs.status).toBe(200);
    expect(mjs.type).toMatch(/javascript/);
    const entry = /import "([^"]+src\/index\.ts)"/.exec(mjs.body)?.[1];
    expect(entry).toBe(`${BASE}src/index.ts`);
    const index = await get(entry ?? "");
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/javascript/);
    expect(index.body).toContain("Hooks.once");
  }, 30_000);

  it("frontier-tactics.css is the stylesheet compiled from styles/, as CSS", async () => {
    const css = await get(`${BASE}frontier-tactics.css`);
    expect(css.status).toBe(200);
    expect(css.type).toMatch(/text\/css/);
    const firstRule =
      readFileSync(`${ROOT}styles/frontier-tactics.css`, "utf8").match(/\.[\w-]+/)?.[0] ?? "?";
    expect(css.body).toContain(firstRule);
  });

  it("system.json, the language file and a template come from the repository", async () => {
    const manifest = await get(`${BASE}system.json`);
    expect(manifest.status).toBe(200);
    expect(JSON.parse(manifest.body).id).toBe("frontier-tactics");
    const lang = await get(`${BASE}lang/en.json`);
    expect(lang.status).toBe(200);
    expect(Object.keys(JSON.parse(lang.body))).toContain("FT");
    const tpl = await get(`${BASE}templates/chat/attack-card.hbs`);
    expect(tpl.status).toBe(200);
    expect(tpl.body).toBe(readFileSync(`${ROOT}templates/chat/attack-card.hbs`, "utf8"));
  });
});
