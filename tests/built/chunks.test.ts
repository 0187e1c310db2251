/**
 * Issue 33: the built system loads as Foundry loads it. `npm run build` writes one entry module
 * (dist/frontier-tactics.mjs, system.json `esmodules`) and the chunks it imports on first use (dist/chunks/*.mjs).
 * The scenarios run the source; this file runs what is shipped: the entry boots a harness table (its `init` fills
 * the client's CONFIG), every chunk is imported from the URL a browser would fetch it from
 * (`/systems/frontier-tactics/chunks/…`, resolved by tests/built/browser-paths.mjs exactly as a browser resolves a
 * relative import), and every import path any of them names points at a file in dist/. A chunk renamed or missing,
 * or a path the build wrote wrongly, fails here instead of at a player's first click.
 *
 * Needs dist/ (`npm run build`; `npm test` runs this file after its build step).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire, register } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";

const DIST = resolve(import.meta.dirname, "../../dist");
const ENTRY = "frontier-tactics.mjs";
const BASE = "http://foundry.test/systems/frontier-tactics/";
/** A copy of dist/ with one chunk removed, served at another host. */
const BROKEN_BASE = "http://broken.test/systems/frontier-tactics/";
const broken = mkdtempSync(join(tmpdir(), "ft-dist-"));

if (!existsSync(join(DIST, ENTRY)))
  throw new Error(`${DIST}/${ENTRY} is missing: run \`npm run build\` first`);
const chunks = readdirSync(join(DIST, "chunks")).filter((f) => f.endsWith(".mjs"));

register(pathToFileURL(resolve(import.meta.dirname, "browser-paths.mjs")).href, {
  data: { roots: { "foundry.test": DIST, "broken.test": broken } },
});
/** Node's own `import()`, through the hook above (browser-import.cjs says why it is a CommonJS file). */
const { browserImport } = createRequire(import.meta.url)("./browser-import.cjs") as {
  browserImport: (url: string) => Promise<Record<string, unknown>>;
};

/** The relative paths a built module imports, statically (`from"./x.mjs"`, `import"./x.mjs"`) or on first use. */
function importedPaths(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) found.add(m[1]!);
  return [...found];
}

let table: Table;
beforeAll(async () => {
  table = await createTable({
    online: [DEFAULT_USERS[0]!.id],
    ext: { system: () => browserImport(`${BASE}${ENTRY}`) },
  });
});
afterAll(() => {
  table?.close();
  rmSync(broken, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the harness swaps these globals per client; they are untyped on purpose.
const G = () => globalThis as any;

describe("Issue 33: the built module and its lazy chunks", () => {
  it("the built entry, loaded from /systems/frontier-tactics/, registers the system at init", () => {
    table.gm!.run(() => {
      const C = G().CONFIG;
      expect(C.Combat.documentClass.name).toBe("FrontierCombat");
      expect(C.Actor.documentClass.name).toBe("FrontierActor");
      expect(C.ui.combat.name).toBe("FrontierCombatTracker");
      expect(Object.keys(C.ChatMessage.dataModels)).toEqual(["attack", "rule", "sideRoll"]);
      expect(Object.keys(C.Actor.sheetClasses).sort()).toEqual(["character", "creature", "squad"]);
    });
  });

  it("every path the entry and its chunks import is a file in dist/", () => {
    const missing: string[] = [];
    for (const file of [ENTRY, ...chunks.map((c) => `chunks/${c}`)]) {
      const from = new URL(file, BASE);
      for (const path of importedPaths(readFileSync(join(DIST, file), "utf8"))) {
        const url = new URL(path, from);
        const local = url.pathname.slice("/systems/frontier-tactics/".length);
        if (!url.href.startsWith(BASE) || !existsSync(join(DIST, local))) missing.push(`${file} → ${path}`);
      }
    }
    expect(missing).toEqual([]);
    // The entry loads its chunks on first use: there are some, and it names them.
    expect(chunks.length).toBeGreaterThan(10);
  });

  it("every lazy chunk loads from the path a browser fetches it from, with the harness's globals", async () => {
    const failed: string[] = [];
    for (const c of chunks) {
      try {
        const mod = await table.gm!.run(() => browserImport(`${BASE}chunks/${c}`));
        if (Object.keys(mod).length === 0) failed.push(`${c}: exports nothing`);
      } catch (e) {
        failed.push(`${c}: ${(e as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it("issue 33: a rule card is drawn through the built ChatMessage class, by the built chat-draw chunk", async () => {
    const gm = table.gm!;
    // A rule card stores no content: every word on it is drawn on the page, from its data (issue 28).
    const id = await gm.run(
      async () =>
        (
          await G().ChatMessage.create({
            type: "rule",
            content: "",
            system: {
              version: 1,
              kind: "ft-spotting",
              ruleId: "SF-X-03",
              title: [],
              lines: [{ cls: "", parts: [{ key: "FT.Spotting.title", text: "", data: [] }] }],
            },
          })
        ).id as string,
    );
    await table.settle();
    const message = gm.run(() => G().game.messages.get(id));
    expect([
      message.constructor.name,
      message.constructor === gm.run(() => G().CONFIG.ChatMessage.documentClass),
    ]).toEqual(["FrontierChatMessage", true]);
    // As the chat log draws it (v13 `ChatLog.renderMessage` → `renderHTML`, awaited): the built class loads the
    // chunk, core's hook draws the card with it, and the rule ID becomes a reference.
    const li: HTMLElement = await gm.run(() => message.renderHTML());
    const text = (li.textContent ?? "").replace(/\s+/g, " ").trim();
    const ref = li.querySelector<HTMLElement>(".ft-rule");
    expect([text, ref?.dataset.ftRule, !!ref?.dataset.tooltipText]).toEqual([
      "Spotting distance SF-X-03",
      "SF-X-03",
      true,
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("a chunk missing from the folder fails its importer's load (the check can fail)", async () => {
    cpSync(DIST, broken, { recursive: true, filter: (src) => !src.includes(`${DIST}/packs`) });
    // A chunk some other chunk imports statically: the importer's load must fail with the missing path.
    const importer = chunks.find((c) =>
      importedPaths(readFileSync(join(DIST, "chunks", c), "utf8")).some((p) => p.startsWith("./")),
    );
    expect(importer).toBeDefined();
    const gone = importedPaths(readFileSync(join(DIST, "chunks", importer!), "utf8")).find((p) =>
      p.startsWith("./"),
    )!;
    rmSync(join(broken, "chunks", gone));
    await expect(table.gm!.run(() => browserImport(`${BROKEN_BASE}chunks/${importer}`))).rejects.toThrow(
      /404/,
    );
  });
});
