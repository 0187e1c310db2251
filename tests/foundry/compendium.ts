/**
 * Compendium packs of JournalEntry documents and the journal sheet, modelled for the harness so a scenario can open
 * the system's rules compendium at a page and an anchor, as a rule reference does (issue 13). Only what that needs:
 * the system's JournalEntry packs from their YAML sources (packs/<name>/*.yml, the files the build compiles).
 * Issue 32: Adventure packs too, whose `getDocument` gives an `Adventure` (adventure.ts) a scenario imports.
 *
 * Followed (Foundry v13 client source, read through the code index; ids are `read_file` ids; our own code):
 * - `client/documents/collections/compendium-collection.mjs` (id 18187457647): `game.packs` keyed by `collection`
 *   (`metadata.id`, "frontier-tactics.rules"), `documentName` = `metadata.type`, an `index`, `getDocument(id)`
 *   (the cached document, else loaded from the database and cached), `getUserLevel(user)` (the highest ownership of
 *   the roles the user has, from `ownership`, GAMEMASTER always OWNER), `testUserPermission`, `visible`
 *   (OBSERVER or more), `locked` (true for a system's pack).
 * - `client/documents/journal-entry-page.mjs` (id 18167514893): a text page's `toc` from its content
 *   (`buildTOC`: every heading without `data-no-toc`, depth first; `_makeHeadingNode`: slug = the heading's `id`,
 *   else `slugifyHeading(text)`; `_flattenTOC`: a repeated slug gets `$1`, `$2` …), `_onClickDocumentLink` →
 *   `this.parent.sheet.render(true, {pageId, anchor})`.
 * - `client/applications/sheets/journal/journal-entry-sheet.mjs` (id 18962267734): render options `pageId`,
 *   `pageIndex`, `anchor`; `_configureRenderOptions` → `_preparePageData` (pages by sort) and `_setCurrentPage`
 *   (`pageChanged` when `pageId`/`pageIndex` is given; the first page otherwise); single-page mode renders the current
 *   page; `_renderHeadings` marks each rendered heading `data-anchor=<slug>`; `_onRender` on a page change scrolls
 *   `getPageSheet(pageId).toc[anchor].element` into view.
 * Issue 32: the system's Actor packs too (their index; an embedded path such as "items.name" indexes the embedded
 * documents as `[{_id, name}]`, foundryvtt/foundryvtt#8773 and #14576 — read from the issues, not the server code,
 * which the code index does not hold); the system's Item packs too, their entries built as the world's Item class with `pack` set (uuid
 * `Compendium.<pack>.Item.<id>`), and `getIndex({fields})` (compendium-collection.mjs, id 18187457647: the index
 * entries get the asked-for source fields merged in; fields already indexed are not asked again).
 * Simpler than Foundry (said where it matters): the page view is the page's stored HTML, enriched by
 * `TextEditor.enrichHTML` (apps.ts: secrets and the custom enrichers only; no page
 * sheet application, no sidebar template); the heading scrolled into view is recorded (`scrolledTo`) because the
 * harness has no layout; `slugifyHeading` is modelled from memory of `String#slugify` (lower case, whitespace → "-",
 * quotes dropped), which our Rule Index never needs because its headings carry ids; reading a pack the user may not
 * observe is not refused here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import YAML from "yaml";
import { Adventure } from "./adventure.js";
import { AbstractSidebarTab, ApplicationV2, TextEditor } from "./apps.js";
import { Collection } from "./documents.js";

type Src = Record<string, any>;
const g = () => globalThis as any;
const ROOT = resolve(import.meta.dirname, "../..");

const LEVELS: Record<string, number> = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3, INHERIT: -1 };
const ROLES: Record<string, number> = { PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 };

/** `JournalEntryPage.slugifyHeading` (see the header: modelled from memory of `String#slugify`). */
export function slugifyHeading(heading: HTMLElement | string): string {
  const text = typeof heading === "string" ? heading : (heading.textContent ?? "");
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/["']/g, "")
    .replace(/\s+/g, "-")
    .substring(0, 64);
}

export interface Heading {
  text: string;
  level: number;
  slug: string;
  element?: HTMLHeadingElement;
  order: number;
}

/** `JournalEntryPage.buildTOC` flattened: slug → heading, in document order. */
export function buildTOC(roots: Element[], { includeElement = true } = {}): Record<string, Heading> {
  const toc: Record<string, Heading> = {};
  let order = 0;
  const visit = (el: Element) => {
    if (/^H[1-6]$/.test(el.tagName) && !("noToc" in (el as HTMLElement).dataset)) {
      let slug = el.id || slugifyHeading(el as HTMLElement);
      if (toc[slug]) {
        let i = 1;
        while (toc[`${slug}$${i}`]) i++;
        slug = `${slug}$${i}`;
      }
      const node: Heading = {
        text: el.textContent ?? "",
        level: Number(el.tagName[1]),
        slug,
        order: order++,
      };
      if (includeElement) node.element = el as HTMLHeadingElement;
      toc[slug] = node;
    }
    for (const child of el.children) visit(child);
  };
  for (const r of roots) visit(r);
  return toc;
}

export class JournalEntryPage {
  readonly _source: Src;
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly title: { show: boolean; level: number };
  readonly text: { content: string; format: number };
  readonly sort: number;
  #toc: Record<string, Heading> | null = null;

  constructor(
    source: Src,
    readonly parent: JournalEntry,
  ) {
    this._source = source;
    this.id = source._id;
    this.name = source.name;
    this.type = source.type ?? "text";
    this.title = { show: true, level: 1, ...source.title };
    this.text = { content: "", format: 1, ...source.text };
    this.sort = source.sort ?? 0;
  }
  static readonly documentName = "JournalEntryPage";
  get documentName(): string {
    return "JournalEntryPage";
  }
  get uuid(): string {
    return `${this.parent.uuid}.JournalEntryPage.${this.id}`;
  }
  /** The page's table of contents, from its stored content (no elements). */
  get toc(): Record<string, Heading> {
    if (this.type !== "text") return {};
    if (this.#toc) return this.#toc;
    const template = g().document.createElement("template") as HTMLTemplateElement;
    template.innerHTML = this.text.content;
    this.#toc = buildTOC([...template.content.children], { includeElement: false });
    return this.#toc;
  }
}

export class JournalEntry {
  readonly _source: Src;
  readonly id: string;
  readonly name: string;
  readonly pages = new Collection<JournalEntryPage>();
  #sheet: JournalEntrySheet | null = null;

  constructor(
    source: Src,
    readonly compendium: CompendiumCollection,
  ) {
    this._source = source;
    this.id = source._id;
    this.name = source.name;
    for (const p of source.pages ?? []) this.pages.set(p._id, new JournalEntryPage(p, this));
  }
  static readonly documentName = "JournalEntry";
  get documentName(): string {
    return "JournalEntry";
  }
  get pack(): string {
    return this.compendium.collection;
  }
  get uuid(): string {
    return `Compendium.${this.pack}.JournalEntry.${this.id}`;
  }
  /** A compendium document's permission is its pack's (GM: OWNER). */
  get permission(): number {
    return this.compendium.getUserLevel(g().game.user);
  }
  get sheet(): JournalEntrySheet {
    this.#sheet ??= new JournalEntrySheet({ document: this });
    return this.#sheet;
  }
}

/** A pack's document: a journal entry, (issue 32) an adventure (adventure.ts), or an Item pack's world-class item. */
export type PackDocument = JournalEntry | Adventure | any;

export class CompendiumCollection extends Collection<PackDocument> {
  readonly index = new Collection<Src>();
  readonly #sources = new Map<string, Src>();

  constructor(
    readonly metadata: Src,
    sources: Src[],
  ) {
    super();
    for (const s of sources) {
      this.#sources.set(s._id, s);
      this.index.set(s._id, {
        _id: s._id,
        name: s.name,
        // v13 BaseItem/BaseActor `metadata.compendiumIndexFields`: _id, name, img, type, sort, folder.
        ...(metadata.type === "JournalEntry"
          ? {}
          : { img: s.img, type: s.type, sort: s.sort, folder: s.folder }),
        uuid: `Compendium.${metadata.id}.${metadata.type}.${s._id}`,
      });
    }
  }

  /** Every call of `getIndex` with the fields it asked for (a scenario checks the browser reads the index). */
  readonly indexRequests: string[][] = [];
  readonly #indexed = new Set<string>();

  /**
   * v13 `CompendiumCollection#getIndex({fields})`: the index again with these source fields (dotted paths) merged into
   * each entry, the stored source's values (not prepared data); fields already indexed are not asked for again.
   */
  async getIndex({ fields = [] as string[] } = {}): Promise<Collection<Src>> {
    this.indexRequests.push([...fields]);
    const wanted = fields.filter((f) => !this.#indexed.has(f));
    if (!wanted.length) return this.index;
    const utils = g().foundry.utils;
    for (const [id, source] of this.#sources) {
      const entry = this.index.get(id)!;
      for (const f of wanted) {
        // Issue 32: a path into an embedded collection ("items.name") indexes each embedded document as
        // `{_id, name}` in an array (v13, foundryvtt/foundryvtt#8773 "optional indexing for embedded documents";
        // #14576 shows v13's index entry `pages: [{_id, name}, …]` for "pages.name").
        const [head, ...rest] = f.split(".");
        const embedded = source[head!];
        if (Array.isArray(embedded) && rest.length) {
          entry[head!] ??= embedded.map((d: Src) => ({ _id: d._id }));
          const list: Src[] = entry[head!];
          embedded.forEach((d: Src, i: number) => {
            const value = utils.getProperty(d, rest.join("."));
            if (value !== undefined) utils.setProperty(list[i]!, rest.join("."), structuredClone(value));
          });
          continue;
        }
        const value = utils.getProperty(source, f);
        if (value !== undefined) utils.setProperty(entry, f, structuredClone(value));
      }
    }
    for (const f of wanted) this.#indexed.add(f);
    return this.index;
  }
  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }
  get title(): string {
    return this.metadata.label;
  }
  get locked(): boolean {
    return this.metadata.packageType !== "world";
  }
  get ownership(): Record<string, string> {
    return this.metadata.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  }
  getUserLevel(user: any = g().game.user): number {
    let level = LEVELS.NONE!;
    const own: Record<string, string> = { GAMEMASTER: "OWNER", ...this.ownership };
    for (const [role, l] of Object.entries(own)) {
      if ((user?.role ?? 0) >= (ROLES[role] ?? 99)) level = Math.max(level, LEVELS[l] ?? 0);
    }
    return level;
  }
  testUserPermission(user: any, permission: string | number): boolean {
    const level = user?.isGM ? LEVELS.OWNER! : this.getUserLevel(user);
    return level >= (typeof permission === "string" ? (LEVELS[permission] ?? LEVELS.OWNER!) : permission);
  }
  get visible(): boolean {
    return this.getUserLevel() >= LEVELS.OBSERVER!;
  }
  /** The cached document, else "loaded from the database" (its pack source) and cached. */
  async getDocument(id: string): Promise<PackDocument | null | undefined> {
    if (!id) return undefined;
    const cached = this.get(id);
    if (cached) return cached;
    const source = this.#sources.get(id);
    if (!source) return null;
    // An Item or Actor pack's entry is the world's document class, constructed with the pack it is in (v13
    // `CompendiumCollection#getDocument` → `documentClass.database.get(..., {pack})`).
    if (this.documentName !== "JournalEntry" && this.documentName !== "Adventure") {
      const { _key, ...data } = structuredClone(source);
      const doc = new (g().CONFIG[this.documentName].documentClass)(data, { pack: this.collection });
      this.set(id, doc);
      return doc;
    }
    const doc =
      this.documentName === "Adventure"
        ? new Adventure(structuredClone(source), this)
        : new JournalEntry(structuredClone(source), this);
    this.set(id, doc);
    return doc;
  }
}

/** A pack folder's YAML sources, parsed once per worker (the files do not change during a run; each client gets
 * its own copy). */
const parsedPacks = new Map<string, readonly Src[]>();
function packSources(path: string): readonly Src[] {
  let sources = parsedPacks.get(path);
  if (!sources) {
    const dir = join(ROOT, path);
    sources = readdirSync(dir)
      .filter((f) => f.endsWith(".yml"))
      .sort()
      .map((f) => YAML.parse(readFileSync(join(dir, f), "utf8")) as Src)
      .filter((s) => !String(s._key ?? "").startsWith("!folders"));
    parsedPacks.set(path, sources);
  }
  return sources;
}

/**
 * The system's JournalEntry and (issue 32) Adventure packs (system.json `packs`), read from their YAML sources:
 * `game.packs`.
 */
export function createPacks(system: Src): Collection<CompendiumCollection> {
  const packs = new Collection<CompendiumCollection>();
  for (const p of system.packs ?? []) {
    // The JournalEntry packs, (issue 32) the Adventure packs, and (issue 32, the weapon-tables browser) the Item packs.
    // Issue 32 (the SWN weapons, on the pregens): the Actor packs too, read through their index.
    if (!["JournalEntry", "Adventure", "Item", "Actor"].includes(p.type)) continue;
    const sources = packSources(p.path).map((s) => structuredClone(s));
    const id = `${system.id}.${p.name}`;
    packs.set(
      id,
      new CompendiumCollection({ ...p, id, packageType: "system", packageName: system.id }, sources),
    );
  }
  return packs;
}

/** The v13 journal sheet as far as opening it at a page and an anchor goes (see the header). */
export class JournalEntrySheet extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Record<string, any> = {
    classes: ["journal-sheet", "journal-entry"],
    window: { resizable: true },
    position: { width: 960, height: 800 },
  };
  readonly document: JournalEntry;
  #pageId: string | undefined;
  _pages: Record<string, JournalEntryPage> = {};
  /** The heading `_onRender` scrolled into view (the harness has no layout to scroll). */
  scrolledTo: HTMLElement | null = null;

  constructor(options: Record<string, any>) {
    const doc = options.document as JournalEntry;
    super({ ...options, id: `JournalEntrySheet-${doc.uuid.replace(/\./g, "-")}` });
    this.document = doc;
  }
  get entry(): JournalEntry {
    return this.document;
  }
  override get title(): string {
    return this.entry.name;
  }
  get pageId(): string | undefined {
    return this.#pageId;
  }

  override _configureRenderOptions(options: Record<string, any>): void {
    const pages = [...this.entry.pages].sort((a, b) => a.sort - b.sort);
    this._pages = Object.fromEntries(pages.map((p) => [p.id, p]));
    options.pageChanged = "pageIndex" in options || "pageId" in options;
    let next: string | undefined;
    if (typeof options.pageIndex === "number") next = Object.keys(this._pages)[options.pageIndex];
    if (options.pageId) next = options.pageId;
    if (next != null) this.#pageId = next;
    if (!this.#pageId || !(this.#pageId in this._pages)) [this.#pageId] = Object.keys(this._pages);
    super._configureRenderOptions(options);
  }

  override async _renderHTML(): Promise<HTMLElement> {
    const d = g().document as Document;
    const root = d.createElement("div");
    root.className = "journal-entry-content";
    const toc = d.createElement("ol");
    toc.className = "toc";
    for (const p of Object.values(this._pages)) {
      const li = d.createElement("li");
      li.dataset.pageId = p.id;
      li.textContent = p.name;
      toc.append(li);
    }
    const pages = d.createElement("div");
    pages.className = "journal-entry-pages";
    const page = this.#pageId ? this._pages[this.#pageId] : undefined;
    if (page) {
      const article = d.createElement("article");
      article.className = `journal-entry-page ${page.type}`;
      article.dataset.pageId = page.id;
      const title = page.title.show
        ? `<header class="journal-page-header"><h${page.title.level}>${page.name}</h${page.title.level}></header>`
        : "";
      // v13 JournalEntryPageTextSheet#_prepareContext enriches the page's text for the reader (its secrets for owners).
      const content = await TextEditor.implementation.enrichHTML(page.text.content, {
        relativeTo: page,
        secrets: this.entry.permission >= 3,
      });
      article.innerHTML = `${title}<section class="journal-page-content">${content}</section>`;
      pages.append(article);
    }
    root.append(toc, pages);
    return root;
  }

  override _replaceHTML(result: HTMLElement, content: HTMLElement): void {
    content.replaceChildren(result);
  }

  /** The rendered page's table of contents, with its heading elements (each marked `data-anchor`). */
  pageToc(): Record<string, Heading> {
    const article = this.element?.querySelector<HTMLElement>(
      `.journal-entry-page[data-page-id="${this.#pageId}"]`,
    );
    if (!article) return {};
    const toc = buildTOC([article]);
    for (const h of Object.values(toc)) h.element?.setAttribute("data-anchor", h.slug);
    return toc;
  }

  override async _onRender(context: Record<string, any>, options: Record<string, any>): Promise<void> {
    await super._onRender(context, options);
    const toc = this.pageToc();
    if (options.pageChanged && options.anchor) {
      const heading = toc[options.anchor]?.element ?? null;
      heading?.scrollIntoView?.();
      this.scrolledTo = heading;
    }
  }
}

/**
 * The compendium sidebar tab, as far as a system's button in its header goes (issue 33): v13
 * client/applications/sidebar/tabs/compendium-directory.mjs (search id 18677369416) is
 * `HandlebarsApplicationMixin(AbstractSidebarTab)`, tab "compendium", classes "directory flexcol", parts header
 * (templates/sidebar/tabs/compendiums.hbs: the `.header-actions.action-buttons` row with Create Compendium),
 * directory and footer; each render calls `renderCompendiumDirectory(app, element, …)` (application.mjs, one hook per
 * class of the chain). Simpler: the parts are built here without templates — the header's action row and one entry
 * per visible pack (`data-pack`), no folders, filters, context menu or footer.
 */
export class CompendiumDirectory extends AbstractSidebarTab {
  static override tabName = "compendium";
  static override DEFAULT_OPTIONS: Record<string, any> = {
    classes: ["directory", "flexcol"],
    window: { title: "SIDEBAR.TabCompendium" },
  };
  override async _renderHTML(): Promise<HTMLElement[]> {
    const d = g().document as Document;
    const header = d.createElement("header");
    header.className = "directory-header";
    header.innerHTML =
      '<div class="header-actions action-buttons flexrow"><button type="button" class="create-entry" data-action="createEntry">Create Compendium</button></div>';
    const list = d.createElement("ol");
    list.className = "directory-list";
    for (const pack of g().game.packs?.values() ?? []) {
      if (!pack.visible) continue;
      const li = d.createElement("li");
      li.className = "directory-item compendium";
      li.dataset.pack = pack.collection;
      li.textContent = pack.title;
      list.append(li);
    }
    return [header, list];
  }
  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(...(result as HTMLElement[]));
  }
}
