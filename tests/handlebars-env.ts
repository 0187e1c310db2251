/**
 * A Handlebars environment that stands in for Foundry's: our own helpers, plus small fakes of the Foundry
 * helpers our templates call (`localize`, `concat`, `selectOptions`, `checked`), with partials registered under
 * the same `systems/frontier-tactics/templates/…` names Foundry gives them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import Handlebars from "handlebars";
import { registerHelpers } from "../src/helpers/handlebars.js";
import { localize } from "./setup.js";

export const TEMPLATE_ROOT = join(import.meta.dirname, "..", "templates");

export function templateFiles(dir = TEMPLATE_ROOT): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...templateFiles(p));
    else if (n.endsWith(".hbs")) out.push(p);
  }
  return out;
}

export function createEnv(): typeof Handlebars {
  const hb = Handlebars.create();
  registerHelpers(hb);
  // Stand-ins for Foundry's own helpers (foundry.applications.handlebars).
  hb.registerHelper("localize", (key: unknown) => localize(String(key)));
  hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).map(String).join(""));
  hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
  // Foundry v13 client/applications/handlebars.mjs: `and() {return Array.prototype.every.call(arguments, Boolean);}`
  // (its last argument, the options object, is always truthy).
  hb.registerHelper("and", (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hb.registerHelper(
    "selectOptions",
    (choices: Record<string, string>, options: { hash: Record<string, unknown> }) => {
      const sel = options.hash.selected;
      const loc = options.hash.localize;
      const blank = options.hash.blank;
      const html = [blank !== undefined ? `<option value="">${String(blank)}</option>` : ""];
      for (const [k, label] of Object.entries(choices ?? {})) {
        html.push(
          `<option value="${k}"${k === sel ? " selected" : ""}>${loc ? localize(label) : label}</option>`,
        );
      }
      return new hb.SafeString(html.join(""));
    },
  );
  for (const file of templateFiles()) {
    hb.registerPartial(
      `systems/frontier-tactics/templates/${relative(TEMPLATE_ROOT, file)}`,
      readFileSync(file, "utf8"),
    );
  }
  return hb;
}

export function render(hb: typeof Handlebars, rel: string, context: object): string {
  const src = readFileSync(join(TEMPLATE_ROOT, rel), "utf8");
  return hb.compile(src, { strict: false })(context);
}
