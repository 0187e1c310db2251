/**
 * Issue 33, "the previews load them in Chromium too" (review-play 1.3): the step of `npm run previews` that serves
 * the built system (`dist/`, from `npm run build`) over HTTP under `/systems/frontier-tactics/` — the path Foundry
 * serves a system's files from (system.json `esmodules`: `frontier-tactics.mjs`, its lazy chunks in `chunks/`) — and
 * imports the entry and every chunk in headless Chromium.
 *
 * Chromium links each module (fetches it and every static import, checks each imported name is exported) before it
 * evaluates it. The page gets small stand-ins for Foundry's globals first (`foundry`, `CONFIG`, `game`, `Hooks`,
 * `ui`, the document classes…): one callable, constructible Proxy that answers every property with itself, so a
 * chunk's top-level code (`const { ApplicationV2 } = foundry.applications.api`, `class X extends …`,
 * `Hooks.once(…)`) runs. Counted apart:
 * - fetch/link errors — an HTTP 4xx/5xx, a failed request, a missing export, "Failed to fetch dynamically imported
 *   module": the run FAILS;
 * - evaluation errors the stand-in cannot carry (a chunk that needs a real value at top level): listed with the
 *   chunk and the message, not failed, since Foundry is not there.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, posix } from "node:path";
import type { Browser } from "playwright-core";

const MIME: Record<string, string> = {
  ".mjs": "text/javascript",
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".map": "application/json",
};

/** Foundry's globals the chunks name at top level (more are found by the run: see `importChunks`). */
const GLOBALS = [
  "foundry",
  "CONFIG",
  "CONST",
  "game",
  "Hooks",
  "ui",
  "canvas",
  "Roll",
  "ChatMessage",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "CombatantGroup",
  "TokenDocument",
  "Token",
  "Macro",
  "User",
  "JournalEntry",
  "Handlebars",
  "PIXI",
  "fromUuid",
  "fromUuidSync",
  "getDocumentClass",
];

/** The stand-in for Foundry's globals, installed in the page before any module is imported. */
const standIn = (names: readonly string[]) => `(() => {
  const handler = {
    get(target, key) {
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "then") return undefined; // not a thenable: an awaited stand-in is the stand-in
      if (key === Symbol.iterator) return function* () {};
      if (key === "toString" || key === "valueOf") return () => "";
      if (key === "prototype") return target.prototype;
      return proxy;
    },
    apply() { return proxy; },
    construct() { return proxy; },
    has() { return true; },
  };
  function StandIn() {}
  StandIn.prototype = {};
  const proxy = new Proxy(StandIn, handler);
  for (const name of ${JSON.stringify(names)}) globalThis[name] = proxy;
})();`;

/** Chromium's messages for a module that failed to fetch or link (not to evaluate). */
const LINK_ERROR =
  /does not provide an export named|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|MIME type/i;

export interface ChunkReport {
  files: number;
  fetched: number;
  /** Fetched and linked (evaluated or not). */
  linked: number;
  /** Fetched, linked and evaluated with the stand-in. */
  evaluated: number;
  /** The globals stood in for. */
  standIns: readonly string[];
  /** Fetched and linked; the top-level evaluation threw under the stand-in (file → message). */
  evalErrors: Record<string, string>;
  /** Fetch or link failures (the run fails on any). */
  linkErrors: string[];
}

/** Serves `dist/` under /systems/frontier-tactics/ and imports every built module in a page of `browser`. */
export async function importChunks(browser: Browser, root: string): Promise<ChunkReport> {
  const dist = join(root, "dist");
  const prefix = "/systems/frontier-tactics/";
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const rel = path.startsWith(prefix) ? normalize(path.slice(prefix.length)) : "";
    const file = join(dist, rel);
    if (!rel || rel.startsWith("..") || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res
        .writeHead(path === "/" ? 200 : 404, { "content-type": "text/html" })
        .end("<!doctype html><title>ft</title>");
      return;
    }
    res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  const chunks = readdirSync(join(dist, "chunks")).filter((f) => f.endsWith(".mjs"));
  const built = ["frontier-tactics.mjs", ...chunks.map((c) => `chunks/${c}`)];
  // Every module a built file imports dynamically (`import("./chunks/x.mjs")`): the stand-in never takes the path
  // that loads it, so it is imported here by name; a name with no file is a 404, a fetch error.
  const named = built.flatMap((f) =>
    [...readFileSync(join(dist, f), "utf8").matchAll(/import\("(\.{1,2}\/[^"]+\.mjs)"\)/g)].map((m) =>
      posix.join(posix.dirname(f), m[1] ?? ""),
    ),
  );
  const files = [...new Set([...built, ...named])];
  const names = [...GLOBALS];
  let report: ChunkReport;
  let fetched: Set<string>;
  // A global not in GLOBALS shows as "X is not defined": add it and import everything again in a fresh page (a
  // page caches a module's evaluation error), at most 20 times.
  try {
    for (let round = 0; ; round++) {
      report = {
        files: files.length,
        fetched: 0,
        linked: 0,
        evaluated: 0,
        standIns: names,
        evalErrors: {},
        linkErrors: [],
      };
      fetched = new Set<string>();
      await importAll(browser, base, files, names, report, fetched);
      const missing = new Set(
        Object.values(report.evalErrors).flatMap(
          (m) => /^ReferenceError: (\w+) is not defined/.exec(m)?.[1] ?? [],
        ),
      );
      if (!missing.size || round >= 20) break;
      names.push(...missing);
    }
  } finally {
    server.close();
  }
  report.fetched = fetched.size;
  return report;
}

async function importAll(
  browser: Browser,
  base: string,
  files: readonly string[],
  names: readonly string[],
  report: ChunkReport,
  fetched: Set<string>,
): Promise<void> {
  const page = await browser.newPage();
  page.on("response", (r) => {
    if (r.url().endsWith(".mjs") && r.status() < 400) fetched.add(r.url());
    if (r.status() >= 400) report.linkErrors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  page.on("requestfailed", (r) =>
    report.linkErrors.push(`request failed ${r.url()}: ${r.failure()?.errorText}`),
  );
  try {
    await page.goto(new URL("/", base).href);
    await page.addScriptTag({ content: standIn(names) });
    for (const f of files) {
      const res = (await page.evaluate(async (u) => {
        try {
          await import(u);
          return "ok";
        } catch (e) {
          return `${(e as Error)?.name}: ${(e as Error)?.message}`;
        }
      }, base + f)) as string;
      if (LINK_ERROR.test(res)) {
        report.linkErrors.push(`${f}: ${res}`);
        continue;
      }
      report.linked++;
      if (res === "ok") report.evaluated++;
      else report.evalErrors[f] = res.slice(0, 160);
    }
  } finally {
    await page.close();
  }
}
