/**
 * Foundry v13's Handlebars layer, as our applications meet it: one Handlebars instance per process (world.ts
 * installs it as `globalThis.Handlebars`) carrying Foundry's own helpers, and `getTemplate` / `loadTemplates` /
 * `renderTemplate` that fetch a template once, compile it and register it as a partial named by its path.
 *
 * Followed (Foundry v13 client source, read through the code index; ids are `read_file` ids):
 * - `client/applications/handlebars.mjs` (id 8672787435): `getTemplate(path, id=path)` returns a registered partial
 *   or fetches, compiles and `registerPartial(id, compiled)`; `loadTemplates(paths)` takes an array (partials named
 *   by path) or a record (named by key); `renderTemplate(path, data)` renders with prototype access allowed; the
 *   helpers registered by `initialize()`: checked, disabled, concat (`join=`), editor, formInput, formGroup (alias
 *   formField), ifThen, localize (hash → `game.i18n.format`), numberFormat, numberInput, object, radioBoxes,
 *   selectOptions, timeSince, eq/ne/lt/gt/lte/gte/not/and/or.
 * - `client/applications/forms/fields.mjs` (id 8071916517): `prepareSelectOptionGroups` / `createSelectInput`, which
 *   `selectOptions` delegates to (values compared as strings, a string `blank` first, labels localized on request,
 *   labels set as text so they are escaped).
 *
 * Our own code, not Foundry's: template sources come from this repository's `templates/` for paths
 * `systems/frontier-tactics/templates/...`. The three core templates the v13 CombatTracker renders
 * (`templates/sidebar/tabs/combat/{header,tracker,footer}.hbs`) are not ours to copy; `CORE_TEMPLATES` holds small
 * stand-ins written here that keep the contract our code and the core tracker rely on: the `data-action` names,
 * the `combat-control` class that `CombatTracker#_onClickAction` requires, the `.encounter-context-menu` button and
 * `li.combatant[data-combatant-id][data-action=activateCombatant]` rows.
 *
 * Globals are read at call time (`globalThis.Handlebars`, `game`, `document`), never captured at load.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import HandlebarsLib from "handlebars";

export const TEMPLATE_ROOT = join(import.meta.dirname, "..", "..", "templates");
export const SYSTEM_TEMPLATES = "systems/frontier-tactics/templates/";

type HB = typeof HandlebarsLib;
type HelperOptions = { hash: Record<string, unknown>; fn?: (ctx: unknown) => string };
type I18n = {
  localize(k: string): string;
  format(k: string, d?: Record<string, unknown>): string;
  lang?: string;
};

/** Stand-ins for the core combat tracker's part templates (see the header). Written for the harness. */
export const CORE_TEMPLATES: Record<string, string> = {
  "templates/sidebar/tabs/combat/header.hbs": `<header class="combat-tracker-header">
  {{#if user.isGM}}<nav class="encounters"><button type="button" class="inline-control icon fa-solid fa-plus" data-action="createCombat"></button>
    {{#each combats}}<button type="button" class="encounter {{#if active}}active{{/if}}" data-action="cycleCombat" data-combat-id="{{id}}">{{label}}</button>{{/each}}</nav>{{/if}}
  <div class="encounter-controls">
    {{#if hasCombat}}
      {{#if user.isGM}}
        <button type="button" class="inline-control combat-control icon fa-solid fa-users" data-action="rollAll" aria-label="COMBAT.RollAll"></button>
        <button type="button" class="inline-control combat-control icon fa-solid fa-users-gear" data-action="rollNPC" aria-label="COMBAT.RollNPC"></button>
      {{/if}}
      <strong class="encounter-title">{{#if combat.round}}{{localize "COMBAT.Round" round=combat.round}}{{else}}{{localize "COMBAT.NotStarted"}}{{/if}}</strong>
      {{#if user.isGM}}<button type="button" class="inline-control icon fa-solid fa-ellipsis-vertical encounter-context-menu" aria-label="COMBAT.Settings"></button>{{/if}}
    {{else}}
      <strong class="encounter-title">{{localize "COMBAT.None"}}</strong>
    {{/if}}
  </div>
</header>`,
  "templates/sidebar/tabs/combat/tracker.hbs": `<ol class="combat-tracker plain">
  {{#each turns}}<li class="combatant {{css}}" data-combatant-id="{{id}}" data-action="activateCombatant">
    <img class="token-image" src="{{img}}" alt="{{name}}"><strong class="name">{{name}}</strong>
    {{#if @root.user.isGM}}<button type="button" class="inline-control combatant-control icon fa-solid fa-eye-slash" data-action="toggleHidden"></button>{{/if}}
    <span class="initiative">{{#if initiative}}{{initiative}}{{else}}<button type="button" class="combatant-control roll" data-action="rollInitiative"></button>{{/if}}</span>
  </li>{{/each}}
</ol>`,
  "templates/sidebar/tabs/combat/footer.hbs": `<nav class="combat-controls">
  {{#if hasCombat}}
    {{#if user.isGM}}
      {{#if combat.round}}
        <button type="button" class="inline-control combat-control icon fa-solid fa-backward-step" data-action="previousRound" aria-label="COMBAT.RoundPrev"></button>
        <button type="button" class="inline-control combat-control icon fa-solid fa-arrow-left" data-action="previousTurn" aria-label="COMBAT.TurnPrev"></button>
        <button type="button" class="combat-control combat-control-lg" data-action="endCombat">{{localize "COMBAT.End"}}</button>
        <button type="button" class="inline-control combat-control icon fa-solid fa-arrow-right" data-action="nextTurn" aria-label="COMBAT.TurnNext"></button>
        <button type="button" class="inline-control combat-control icon fa-solid fa-forward-step" data-action="nextRound" aria-label="COMBAT.RoundNext"></button>
      {{else}}
        <button type="button" class="combat-control combat-control-lg" data-action="startCombat">{{localize "COMBAT.Begin"}}</button>
      {{/if}}
    {{else if control}}
      <button type="button" class="inline-control combat-control icon fa-solid fa-arrow-left" data-action="previousTurn" aria-label="COMBAT.TurnPrev"></button>
      <button type="button" class="inline-control combat-control icon fa-solid fa-arrow-right" data-action="nextTurn" aria-label="COMBAT.TurnNext"></button>
    {{/if}}
  {{/if}}
</nav>`,
};

/** Where a template path's source lives: the repository's templates or a core stand-in. Throws like a 404. */
export function templateSource(path: string): string {
  if (path in CORE_TEMPLATES) return CORE_TEMPLATES[path]!;
  if (path.startsWith(SYSTEM_TEMPLATES)) {
    const rel = path.slice(SYSTEM_TEMPLATES.length);
    if (rel.includes("..")) throw new Error(`Template path ${path} leaves the templates folder`);
    try {
      return readFileSync(join(TEMPLATE_ROOT, rel), "utf8");
    } catch {
      throw new Error(`The requested template ${path} does not exist`);
    }
  }
  throw new Error(`The requested template ${path} is not available to the harness`);
}

/** Every template path fetched (first fetch of each id only, as Foundry caches compiled partials). */
export const templateFetches: string[] = [];

const i18n = (): I18n => (globalThis as unknown as { game: { i18n: I18n } }).game.i18n;
const hbGlobal = (): HB => {
  const hb = (globalThis as unknown as { Handlebars?: HB }).Handlebars;
  if (!hb)
    throw new Error("globalThis.Handlebars is not installed (createHandlebars() and install it first)");
  return hb;
};
const promisesOf = (hb: HB): Record<string, Promise<HandlebarsLib.TemplateDelegate>> => {
  const h = hb as unknown as { promises?: Record<string, Promise<HandlebarsLib.TemplateDelegate>> };
  if (!h.promises) Object.defineProperty(h, "promises", { value: {} });
  return h.promises!;
};

/** `foundry.applications.handlebars.getTemplate`. The fetch is asynchronous, as Foundry's socket request is. */
export async function getTemplate(path: string, id: string = path): Promise<HandlebarsLib.TemplateDelegate> {
  const hb = hbGlobal();
  if (id in hb.partials) return hb.partials[id] as HandlebarsLib.TemplateDelegate;
  const promises = promisesOf(hb);
  promises[id] ??= (async () => {
    await Promise.resolve();
    try {
      const compiled = hb.compile(templateSource(path));
      hb.registerPartial(id, compiled);
      templateFetches.push(id);
      return compiled;
    } finally {
      delete promises[id];
    }
  })();
  return promises[id]!;
}

/** `foundry.applications.handlebars.loadTemplates`: an array (partials named by path) or a record (by key). */
export async function loadTemplates(
  paths: readonly string[] | Record<string, string>,
): Promise<HandlebarsLib.TemplateDelegate[]> {
  if (Array.isArray(paths)) return Promise.all(paths.map((p: string) => getTemplate(p)));
  return Promise.all(Object.entries(paths).map(([k, p]) => getTemplate(p, k)));
}

/** `foundry.applications.handlebars.renderTemplate`. */
export async function renderTemplate(path: string, data?: object): Promise<string> {
  const template = await getTemplate(path);
  return template(data ?? {}, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

const isEmpty = (o: Record<string, unknown>) => Object.keys(o).length === 0;

interface SelectOption {
  value?: unknown;
  label?: unknown;
  group?: string;
  disabled?: boolean;
  selected?: boolean;
  rule?: boolean;
  dataset?: Record<string, string>;
  [k: string]: unknown;
}

/** `selectOptions` → `prepareSelectOptionGroups` → option elements' HTML (no optgroup sorting by locale rules). */
export function selectOptionsHTML(choices: unknown, hash: Record<string, unknown>): string {
  const { localize = false, blank, sort, labelAttr, inverted, groups } = hash;
  let { selected, valueAttr } = hash;
  if (hash.nameAttr && !valueAttr) valueAttr = hash.nameAttr;
  if (selected === undefined || selected === null) selected = [];
  else if (selected instanceof Set) selected = [...selected];
  else if (!Array.isArray(selected)) selected = [selected];
  const values = (selected as unknown[]).map(String);

  const options: SelectOption[] = [];
  if (Array.isArray(choices)) {
    for (const [i, c] of choices.entries()) options.push(typeof c === "object" ? c : { value: i, label: c });
  } else {
    for (const entry of Object.entries((choices ?? {}) as Record<string, unknown>)) {
      const [k, v] = inverted ? [entry[1] as string, entry[0]] : entry;
      const value = valueAttr ? (v as Record<string, unknown>)[valueAttr as string] : k;
      if (typeof v === "object" && v !== null) options.push({ value, ...(v as object) });
      else options.push({ value, label: v });
    }
  }

  let hasBlank = false;
  const byGroup: Record<string, SelectOption[]> = {};
  for (const o of options) {
    let value = valueAttr ? o[valueAttr as string] : o.value;
    if (value !== undefined) {
      value = String(value);
      if (value === "") hasBlank = true;
    }
    let label = labelAttr ? o[labelAttr as string] : o.label;
    label ??= value;
    if (label !== undefined) {
      label = String(label);
      if (localize) label = i18n().localize(label as string);
    }
    const g = o.group || "";
    byGroup[g] ??= [];
    byGroup[g].push({
      value,
      label,
      selected: !!o.selected || values.includes(value as string),
      disabled: !!o.disabled,
    });
  }
  const result: { group: string; options: SelectOption[] }[] = [];
  if (Array.isArray(groups)) {
    for (const g of groups as string[]) {
      result.push({ group: localize ? i18n().localize(g) : g, options: byGroup[g] ?? [] });
      delete byGroup[g];
    }
  }
  for (const [g, opts] of Object.entries(byGroup))
    result.push({ group: g && localize ? i18n().localize(g) : g, options: opts });
  if (sort) for (const r of result) r.options.sort((a, b) => String(a.label).localeCompare(String(b.label)));
  if (typeof blank === "string" && !hasBlank) {
    result.unshift({
      group: "",
      options: [
        { value: "", label: localize ? i18n().localize(blank) : blank, selected: values.includes("") },
      ],
    });
  }

  const esc = HandlebarsLib.Utils.escapeExpression;
  const optionHTML = (o: SelectOption) =>
    o.value === undefined || o.label === undefined
      ? ""
      : `<option value="${esc(String(o.value))}"${o.selected ? " selected" : ""}${o.disabled ? " disabled" : ""}>${esc(String(o.label))}</option>`;
  return result
    .map((r) =>
      r.group
        ? `<optgroup label="${esc(r.group)}">${r.options.map(optionHTML).join("")}</optgroup>`
        : r.options.map(optionHTML).join(""),
    )
    .join("");
}

/** Register Foundry's core helpers (handlebars.mjs `initialize()`) on a Handlebars instance. */
export function registerFoundryHelpers(hb: HB): void {
  const Safe = hb.SafeString;
  const esc = hb.Utils.escapeExpression;
  hb.registerHelper({
    checked: (v: unknown) => (v ? "checked" : ""),
    disabled: (v: unknown) => (v ? "disabled" : ""),
    concat: (...args: unknown[]) => {
      const o = args.pop() as HelperOptions;
      return new Safe(args.join(String(o.hash?.join || "")));
    },
    editor: (content: unknown, o: HelperOptions) => {
      // A stand-in for `createEditorInput`: a <prose-mirror> holding the content (the harness does not edit it).
      const { target, editable = true } = o.hash;
      return new Safe(
        `<prose-mirror name="${esc(String(target ?? ""))}"${editable ? "" : " disabled"}><div class="editor-content">${String(content ?? "")}</div></prose-mirror>`,
      );
    },
    formInput: (field: { toInput?(h: unknown): { outerHTML: string } } | undefined, o: HelperOptions) => {
      if (!field?.toInput) {
        console.error("Non-existent data field provided to {{formInput}} handlebars helper.");
        return new Safe("");
      }
      return new Safe(field.toInput(o.hash).outerHTML);
    },
    formGroup: (
      field: { toFormGroup?(g: unknown, i: unknown): { outerHTML: string } } | undefined,
      o: HelperOptions,
    ) => {
      const { classes, label, hint, rootId, stacked, units, hidden, widget, ...inputConfig } = o.hash;
      if (!field?.toFormGroup) {
        console.error("Non-existent data field provided to {{formGroup}} handlebars helper.");
        return new Safe("");
      }
      const group = {
        label,
        hint,
        rootId,
        stacked,
        widget,
        localize: inputConfig.localize,
        units,
        hidden,
        classes: typeof classes === "string" ? classes.split(" ") : [],
      };
      return new Safe(field.toFormGroup(group, inputConfig).outerHTML);
    },
    ifThen: (c: unknown, a: unknown, b: unknown) => (c ? a : b),
    localize: (value: unknown, o: HelperOptions) => {
      const key = value instanceof Safe ? value.toString() : String(value);
      return isEmpty(o.hash) ? i18n().localize(key) : i18n().format(key, o.hash);
    },
    numberFormat: (value: unknown, o: HelperOptions) => {
      const dec = Number(o.hash.decimals ?? 0);
      const sign = !!o.hash.sign;
      const n = typeof value === "string" || value == null ? Number.parseFloat(String(value)) : Number(value);
      return new Safe(sign && n >= 0 ? `+${n.toFixed(dec)}` : n.toFixed(dec));
    },
    numberInput: (value: unknown, o: HelperOptions) => {
      const { class: cssClass, name, step, min, max } = o.hash;
      const attrs = [
        `type="number"`,
        name !== undefined ? `name="${esc(String(name))}"` : "",
        `value="${esc(String(value ?? ""))}"`,
        step !== undefined ? `step="${esc(String(step))}"` : "",
        min !== undefined ? `min="${esc(String(min))}"` : "",
        max !== undefined ? `max="${esc(String(max))}"` : "",
        cssClass ? `class="${esc(String(cssClass))}"` : "",
      ].filter(Boolean);
      return new Safe(`<input ${attrs.join(" ")}>`);
    },
    object: (o: HelperOptions) => o.hash,
    radioBoxes: (name: unknown, choices: Record<string, string>, o: HelperOptions) => {
      const checked = o.hash.checked || null;
      const html = Object.entries(choices ?? {}).map(([key, label]) => {
        const text = o.hash.localize ? i18n().localize(label) : label;
        return `<label class="checkbox"><input type="radio" name="${esc(String(name))}" value="${esc(key)}"${checked === key ? " checked" : ""}> ${esc(text)}</label>`;
      });
      return new Safe(html.join(""));
    },
    selectOptions: (choices: unknown, o: HelperOptions) => new Safe(selectOptionsHTML(choices, o.hash)),
    timeSince: (t: unknown) => String(t),
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    gt: (a: number, b: number) => a > b,
    lte: (a: number, b: number) => a <= b,
    gte: (a: number, b: number) => a >= b,
    not: (p: unknown) => !p,
    and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
    or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
  });
  // `formField` is Foundry's alias of `formGroup`.
  hb.registerHelper("formField", hb.helpers.formGroup!);
}

/** A fresh Handlebars instance with Foundry's helpers (what world.ts installs as `globalThis.Handlebars`). */
export function createHandlebars(): HB {
  const hb = HandlebarsLib.create();
  registerFoundryHelpers(hb);
  Object.defineProperty(hb, "promises", { value: {} });
  return hb;
}

/** `foundry.applications.handlebars` as world.ts installs it. */
export const handlebarsApi = { getTemplate, loadTemplates, renderTemplate };
