/**
 * A Node module hook (node:module `register`, Node ≥ 20.6) that serves dist/ as a Foundry server serves an installed
 * system: `http://foundry.test/systems/frontier-tactics/<path>` is dist/<path> (another `*.test` host may serve
 * another folder: `initialize`'s `roots`, by host). Every specifier a module under that
 * URL imports is resolved against its importer's URL with `new URL(specifier, parentURL)` — what a browser does for
 * a module script's static and dynamic imports (HTML's "resolve a module specifier" for a relative URL) — so a chunk
 * path the build wrote wrongly, or a chunk that is not in dist/, fails here as it would fail in Foundry. Nothing
 * else is served: a bare specifier or an absolute path the browser could not load fails too.
 */
import { readFile } from "node:fs/promises";

const SERVED = /^http:\/\/[a-z-]+\.test\//;
const FOLDER = "/systems/frontier-tactics/";
let roots = {};

export function initialize(data) {
  roots = data.roots;
}

export async function resolve(specifier, context, next) {
  const parent = context.parentURL ?? "";
  if (SERVED.test(specifier) || SERVED.test(parent)) {
    if (!/^(\.{1,2}\/|\/|http:)/.test(specifier))
      throw new Error(`${specifier} (imported by ${parent}) is a bare specifier a browser cannot load`);
    return { url: new URL(specifier, parent || undefined).href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!SERVED.test(url)) return next(url, context);
  const { host, pathname } = new URL(url);
  const root = roots[host];
  if (!root || !pathname.startsWith(FOLDER)) throw new Error(`404: ${url} is outside the system's folder`);
  const path = pathname.slice(FOLDER.length);
  // A missing file is the 404 Foundry's server would answer: the import fails with the path in its message.
  const source = await readFile(`${root}/${path}`, "utf8").catch(() => {
    throw new Error(`404: ${url} is not in dist/ (${root}/${path})`);
  });
  return { format: "module", source, shortCircuit: true };
}
