/**
 * Renders sheets, the tracker and chat cards from the real templates and CSS into static HTML pages under
 * .screenshots-tmp/, then takes PNG screenshots with headless Chromium (if installed) for review.
 * Foundry's own stylesheet is not available outside Foundry: a small stand-in frame gives the window chrome.
 *   npx tsx scripts/previews.ts [name-prefix]   (only the previews whose name starts with the prefix)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PREVIEWS } from "../tests/fixtures/previews.js";
import { createEnv, render } from "../tests/handlebars-env.js";
import { frame, screenshot } from "./preview-frame.js";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, ".screenshots-tmp");
mkdirSync(OUT, { recursive: true });
const css = readFileSync(join(ROOT, "styles/frontier-tactics.css"), "utf8");
const hb = createEnv();

const only = process.argv[2] ?? "";
for (const p of PREVIEWS.filter((x) => x.name.startsWith(only))) {
  const body = p.rawHtml ?? p.templates.map((t) => render(hb, t, p.context)).join("\n");
  const file = join(OUT, `${p.name}.html`);
  writeFileSync(file, frame(css, p.theme, p.width, p.title, body, p.classes));
  console.log(screenshot(file, join(OUT, `${p.name}.png`), p.width, p.height));
}
