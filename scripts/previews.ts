/**
 * `npm run previews [name-prefix]` (or `npx tsx scripts/previews.ts [name-prefix]`): renders every screen in
 * tests/fixtures/previews.ts from the real templates and CSS into a stand-in for Foundry v13's window, sidebar or
 * chat log (scripts/preview-frame.ts, with Font Awesome Free and Signika from node_modules), screenshots each
 * with headless Chromium driven by playwright-core, and runs axe-core (WCAG 2.x A and AA) on each page.
 * Writes into .screenshots-tmp/: `<name>.html`, `<name>.png`, `axe-report.json`, `axe-report.md`.
 * Issue 33's new screens come from the table harness's real HTML (scripts/preview-harness.ts runs
 * tests/scenarios/preview-screens.test.ts first; their names start "issue33-").
 * Then (issue 33, scripts/preview-chunks.ts) it serves the built system (`dist/`: run `npm run build` first) under
 * /systems/frontier-tactics/ and imports the entry and every lazy chunk in the same Chromium, with stand-ins for
 * Foundry's globals, and prints how many were fetched, linked and evaluated.
 * Exits 1 when any screen has a serious or critical violation, when a built module fails to fetch or link, when
 * `dist/` is missing, or when Chromium is missing.
 * Chromium: Debian's `/usr/bin/chromium` (`sudo apt-get install chromium`), or set CHROMIUM_PATH.
 * Not part of `npm test`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";
import { PREVIEWS } from "../tests/fixtures/previews.js";
import { createEnv, render } from "../tests/handlebars-env.js";
import {
  type AxeNode,
  type AxeViolation,
  failsAA,
  markdownReport,
  type ScreenResult,
  totals,
} from "./axe-summary.js";
import { importChunks } from "./preview-chunks.js";
import { frame, kindOf } from "./preview-frame.js";
import { harnessPreviews } from "./preview-harness.js";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, ".screenshots-tmp");
const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Token and item images live in Foundry's `icons/`: a grey square stands in for them. */
const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="6" fill="#7a7f88"/></svg>',
)}`;

/**
 * What players get at runtime on top of the templates (review 13b H1): the system's `renderApplicationV2` and
 * `renderChatMessageHTML` hooks run `decorateRuleRefs` (src/applications/rule-refs.ts) on every rendered app and
 * card. The real module is bundled into the page, with `game.i18n` answered from lang/en.json, and run on the
 * page's body before the screenshot and before axe, so the audit sees the references' roles, tab stops, names and
 * the "Rules" stops as a player's browser has them. (esbuild is the bundler tsx and vite run on: package-lock.)
 */
async function ruleRefsScript(): Promise<string> {
  const flat: Record<string, string> = {};
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === "string") flat[`${prefix}${k}`] = v;
      else if (v && typeof v === "object") walk(v as Record<string, unknown>, `${prefix}${k}.`);
    }
  };
  walk(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")), "");
  const bundle = await build({
    entryPoints: [join(ROOT, "src/applications/rule-refs.ts")],
    bundle: true,
    format: "iife",
    globalName: "ftRuleRefs",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const i18n = `const LANG = ${JSON.stringify(flat)};
window.game = { i18n: {
  has: (k) => k in LANG,
  localize: (k) => LANG[k] ?? k,
  format: (k, d = {}) => (LANG[k] ?? k).replace(/{(w+)}/g, (m, n) => (n in d ? String(d[n]) : m)),
} };`;
  return `${i18n}\n${bundle.outputFiles[0]?.text ?? ""}`;
}

function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && !existsSync(fromEnv)) {
    console.error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return undefined;
  }
  return CANDIDATES.find((p): p is string => !!p && existsSync(p));
}

interface AxeRaw {
  violations: {
    id: string;
    impact: AxeViolation["impact"];
    help: string;
    helpUrl: string;
    nodes: {
      target: unknown[];
      html: string;
      failureSummary?: string;
      any: { id: string; data?: Record<string, unknown> | null }[];
    }[];
  }[];
  incomplete: { id: string; nodes: unknown[] }[];
}

function trim(raw: AxeRaw): Pick<ScreenResult, "violations" | "incomplete"> {
  const violations = raw.violations.map(
    (v): AxeViolation => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n): AxeNode => {
        const data = n.any.find((c) => c.id === "color-contrast")?.data;
        return {
          target: n.target.map(String),
          html: n.html.slice(0, 200),
          ...(n.failureSummary ? { failureSummary: n.failureSummary } : {}),
          ...(data ? { contrast: data as unknown as NonNullable<AxeNode["contrast"]> } : {}),
        };
      }),
    }),
  );
  const incomplete: Record<string, number> = {};
  for (const i of raw.incomplete) incomplete[i.id] = i.nodes.length;
  return { violations, incomplete };
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.error(
      "npm run previews needs Chromium and found none at /usr/bin/chromium or /usr/bin/chromium-browser.\n" +
        "Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or\n" +
        "Chrome binary: `CHROMIUM_PATH=/path/to/chrome npm run previews`.",
    );
    return 1;
  }
  mkdirSync(OUT, { recursive: true });
  const css = readFileSync(join(ROOT, "styles/frontier-tactics.css"), "utf8");
  const axeSource = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
  const decorate = await ruleRefsScript();
  const hb = createEnv();
  const only = process.argv[2] ?? "";
  // Issue 33's screens, played through the harness (scripts/preview-harness.ts), named "issue33-…".
  const harness =
    "issue33-".startsWith(only) || only.startsWith("issue33-") ? harnessPreviews(ROOT, OUT) : [];
  if (typeof harness === "string") {
    console.error(harness);
    return 1;
  }
  const chosen = [...PREVIEWS, ...harness].filter((x) => x.name.startsWith(only));
  if (!chosen.length) {
    console.error(`No preview's name starts with "${only}".`);
    return 1;
  }

  let browser: Browser | undefined;
  const results: ScreenResult[] = [];
  let chunksFailed = false;
  try {
    browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const p of chosen) {
      const body = (p.rawHtml ?? p.templates.map((t) => render(hb, t, p.context)).join("\n")).replaceAll(
        /src="icons\/[^"]*"/g,
        `src="${PLACEHOLDER}"`,
      );
      const file = join(OUT, `${p.name}.html`);
      const kind = kindOf(p.templates, p.classes);
      writeFileSync(file, frame(css, p.theme, p.width, p.title, body, p.classes, kind, ROOT));
      await page.setViewportSize({ width: p.width + 32, height: p.height });
      await page.goto(pathToFileURL(file).href);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.addScriptTag({ content: decorate });
      const refs = (await page.evaluate(
        "ftRuleRefs.decorateRuleRefs(document.body), [document.querySelectorAll('.ft-rule').length, document.querySelectorAll('[data-ft-rule]').length]",
      )) as [number, number];
      if (refs[0] && !refs[1]) throw new Error(`${p.name}: decorateRuleRefs made no rule reference`);
      const png = join(OUT, `${p.name}.png`);
      await page.screenshot({ path: png, fullPage: true });
      await page.addScriptTag({ content: axeSource });
      const raw = (await page.evaluate(() =>
        // @ts-expect-error axe is the global axe-core's script defines in the page
        window.axe.run(document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
          resultTypes: ["violations", "incomplete"],
        }),
      )) as AxeRaw;
      const r = { name: p.name, theme: p.theme, ...trim(raw) };
      results.push(r);
      const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      console.log(
        `${png}${bad.length ? `  ✗ ${bad.map((v) => `${v.id}×${v.nodes.length}`).join(" ")}` : ""}`,
      );
    }
    chunksFailed = await checkChunks(browser);
  } finally {
    await browser?.close();
  }

  writeFileSync(join(OUT, "axe-report.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(OUT, "axe-report.md"), markdownReport(results));
  const t = totals(results);
  console.log(
    `axe: ${results.length} screens; failing elements critical ${t.critical}, serious ${t.serious}, ` +
      `moderate ${t.moderate}, minor ${t.minor} (${join(OUT, "axe-report.md")})`,
  );
  return failsAA(results) || chunksFailed ? 1 : 0;
}

/** Issue 33: the built entry and every lazy chunk imported in Chromium; true when one fails to fetch or link. */
async function checkChunks(browser: Browser): Promise<boolean> {
  if (!existsSync(join(ROOT, "dist/frontier-tactics.mjs"))) {
    console.error("chunks: dist/frontier-tactics.mjs is missing: run `npm run build` first.");
    return true;
  }
  const r = await importChunks(browser, ROOT);
  const evalFailed = Object.entries(r.evalErrors);
  console.log(
    `chunks: ${r.files} built modules, ${r.fetched} fetched, ${r.linked} linked, ` +
      `${r.evaluated} evaluated with stand-ins for ${r.standIns.length} Foundry globals; ` +
      `${r.linkErrors.length} fetch/link errors, ${evalFailed.length} top-level evaluations the stand-ins cannot run`,
  );
  for (const e of r.linkErrors) console.error(`  ✗ ${e}`);
  for (const [f, m] of evalFailed) console.log(`  (not evaluated) ${f}: ${m}`);
  return r.linkErrors.length > 0;
}

process.exitCode = await main();
