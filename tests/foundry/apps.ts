/**
 * Foundry v13's ApplicationV2 family, modelled for the harness so our real sheets, attack dialog, settings menus and
 * combat tracker render from our real Handlebars templates into a happy-dom DOM and are driven by real DOM events.
 *
 * Followed (Foundry v13 client source, read through the code index; ids are `read_file` ids). Our own code, written
 * from reading these; nothing is pasted:
 * - `client/applications/api/application.mjs` (id 6114990798): options merged over the class chain (arrays
 *   concatenated, objects merged, the rest replaced; only classes that own DEFAULT_OPTIONS, up to BASE_APPLICATION),
 *   `render` queued on a one-at-a-time semaphore, the `#render` lifecycle (`_canRender` → `_configureRenderOptions`
 *   → `_prepareContext` → `_preFirstRender`/`_preRender` → frame on first render → `_renderHTML`/`_replaceHTML`
 *   (failure removes the element and throws "Failed to render Application") → `_insertElement` → `_onFirstRender`
 *   → `_onRender` (+ "render" event and hooks) → `_postRender`), `close`, tabs (`_prepareTabs`, `changeTab`, the
 *   built-in "tab" action reading `event.target`), the click listener whose `#onClickAction` calls
 *   `handler.call(this, event, target)` WITHOUT awaiting or catching (so a rejected handler is an unhandled
 *   rejection), `_onClickAction` for actions with no handler, `_onSubmitForm` (FormDataExtended, handler in
 *   try/catch → `ui.notifications.error(err, {console:true})`, then `closeOnSubmit`), `_onChangeForm`
 *   (`submitOnChange` only while RENDERED or CLOSING, not awaited), `submit()`, `_doEvent` hooks
 *   `render{ClassName}` for each class of the chain, `_createContextMenu`.
 * - `client/applications/api/handlebars-application.mjs` (id 6320065227): PARTS, every part's `template` and
 *   `templates` loaded in `_preRender`, `_preparePartContext`, each part must render ONE element, which REPLACES the
 *   prior part element on re-render (`data-application-part`), focus and `scrollable` positions carried over.
 * - `client/applications/api/document-sheet.mjs` (id 8614257530): `document`, `isVisible`/`isEditable` by
 *   `testUserPermission(game.user, LIMITED/OWNER)` (and locked packs), id `{ClassName}-{uuid with - for .}`, the
 *   context (document, source, fields, editable, user, rootId), the `editImage` action (IMG only, reads
 *   `dataset.edit`, FilePicker callback sets `src` and dispatches `submit` when `submitOnChange`), fields disabled
 *   when not editable, `#onSubmitDocumentForm` → `_prepareSubmitData` (expandObject, `document.validate`) →
 *   `_processSubmitData` → `document.update` (or `create` when `canCreate`).
 * - `client/applications/sheets/actor-sheet.mjs` (id 7768209798): DragDrop bound every `_onRender` with
 *   `dragSelector: ".draggable"`, `_onDrop` → `getDragEventData` → `fromDropData` → `_onDropDocument` →
 *   `_onDropItem` (owner only; same actor → `_onSortItem`, else `Item.implementation.create(toObject, {parent,
 *   keepId})`). `client/applications/sheets/item-sheet.mjs` (id 16599074894).
 * - `client/applications/api/dialog.mjs` (id 8126298459): DialogV2 (tag `dialog`, buttons become actions routed to
 *   `_onSubmit`, `callback(event, button, dialog)`, `submit(result, dialog)`, `closeOnSubmit`), `wait` (resolves
 *   with the submitted result; on close resolves `close()`'s value or null, or rejects when `rejectClose`),
 *   `prompt` (`ok` button, default), `confirm` (yes → true, no → false), `input`, `query`.
 * - `client/applications/sidebar/abstract-sidebar-tab.mjs` (id 8434518892) and
 *   `client/applications/sidebar/tabs/combat-tracker.mjs` (id 2184532280): the tracker's PARTS header/tracker/footer,
 *   `viewed` and `_configureRenderOptions` inferring the combat, `_preparePartContext` → `_prepareCombatContext`
 *   (header, footer) / `_prepareTrackerContext` → `_prepareTurnContext`, actions (activateCombatant selects the
 *   token and pans, rollInitiative/toggleHidden/toggleDefeated/pan/ping through `_onCombatantControl`), the
 *   `.combat-control` buttons (rollAll, rollNPC, nextTurn, previousTurn, nextRound, previousRound, startCombat,
 *   endCombat) routed through `_onClickAction` → `combat[action]()`, not awaited, and the context menus
 *   (`COMBAT.InitiativeReset` → `resetAll`, `COMBAT.CombatantReroll` → `rollInitiative([id])`, …).
 * - `client/applications/ux/form-data-extended.mjs` (id 19026533449): `.object` with flat (dotted) keys, number and
 *   range inputs → number or null, checkboxes → boolean (or value/null with a value attribute), radios → the checked
 *   value, disabled fields skipped, `[data-edit]` elements (an IMG gives its `src`).
 * - `client/applications/ux/text-editor.mjs` (id 18869245221): `enrichHTML` goes through `implementation`, returns
 *   "" for empty content and removes `section.secret:not(.revealed)` unless `secrets: true`, then runs the custom
 *   `CONFIG.TextEditor.enrichers` (`custom: false` skips them) as `_applyCustomEnrichers` does. NOT modelled: content
 *   links, hyperlinks, inline rolls, embeds, secret-block wrapping.
 * - `client/applications/settings/config.mjs` (id 8262306438): `SettingsConfig.reloadConfirm({world})` asks a
 *   modal `DialogV2.confirm` (id "reload-world-confirm") and reloads on yes. Here every call is recorded and the
 *   real dialog is opened; a "yes" is recorded as a reload (nothing reloads).
 *
 * Where the harness is simpler than a browser (said where it matters): no layout (positions are stored, not
 * computed), no CSS transitions (closing and minimising are instant, where Foundry waits up to 1 s), no constraint
 * validation on submit, `cleanHTML` is whatever `foundry.utils.cleanHTML` is installed (else none). Unverified from
 * the source read here (modelled from memory, said so in place): DragDrop assigns `on*` handler properties, so
 * binding again replaces rather than stacks; ContextMenu callbacks are fire-and-forget like actions.
 *
 * Globals (`game`, `ui`, `CONFIG`, `canvas`, `document`, `Hooks`, `foundry`) are read at call time, never captured,
 * because world.ts swaps them per client. Elements are created in the document of the client doing the rendering.
 */
import { type ClientGlobals, currentClientOrNull } from "./context.js";
import { handlebarsApi } from "./handlebars.js";

type Any = any;
type Dict = Record<string, Any>;
type Win = Window & typeof globalThis;

const G = globalThis as Any;
const game = (): Any => G.game;
const ui = (): Any => G.ui;
const CONFIG = (): Any => G.CONFIG;
const dom = (): Document => {
  const d = G.document as Document | undefined;
  if (!d) throw new Error("No DOM: install a happy-dom Window as globalThis.document/window for this client");
  return d;
};
const winOf = (node: Node): Win => (node.ownerDocument ?? (node as Document)).defaultView as unknown as Win;
const hbApi = () => G.foundry?.applications?.handlebars ?? handlebarsApi;

/** Foundry's DOCUMENT_OWNERSHIP_LEVELS (common/constants.mjs). */
export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/* -------------------------------------------- */
/*  Small utilities (our own)                   */
/* -------------------------------------------- */

const isPlainObject = (v: unknown): v is Dict =>
  !!v && typeof v === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Deep copy of plain objects and arrays; class instances (documents, elements) and functions are kept. */
export function deepClone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepClone) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepClone(x)])) as T;
  return v;
}

/** In-place recursive merge of plain objects (mergeObject's default behaviour for what the apps need). */
function merge(target: Dict, source: Dict): Dict {
  for (const [k, v] of Object.entries(source ?? {})) {
    if (isPlainObject(v) && isPlainObject(target[k])) merge(target[k], v);
    else target[k] = v;
  }
  return target;
}

function getProperty(obj: Any, key: string): Any {
  return key.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

/** `foundry.utils.expandObject` when installed, else a local one with the same effect on form data. */
function expandObject(obj: Dict): Dict {
  const fn = G.foundry?.utils?.expandObject;
  if (typeof fn === "function") return fn(obj);
  const out: Dict = {};
  for (const [k, v] of Object.entries(obj)) {
    const parts = k.split(".");
    let o = out;
    for (const p of parts.slice(0, -1)) o = o[p] = isPlainObject(o[p]) ? o[p] : {};
    o[parts.at(-1)!] = isPlainObject(v) ? expandObject(v) : v;
  }
  return out;
}

function localize(key: string): string {
  return game()?.i18n?.localize(key) ?? key;
}

/* -------------------------------------------- */
/*  Pending work, detached promises, rejections */
/* -------------------------------------------- */

/**
 * Open work by the page (client) that started it, null for work started outside any. A page whose table closed (or
 * whose user disconnected) is a closed tab: its work no longer holds anyone up — a dialog a failed test left open
 * must not stall the next table's `settle()` (scenario files share one module graph).
 */
const openByPage = new Map<ClientGlobals | null, number>();
let workChanges = 0;
const begin = (): ClientGlobals | null => {
  const page = currentClientOrNull();
  openByPage.set(page, (openByPage.get(page) ?? 0) + 1);
  workChanges++;
  return page;
};
const end = (page: ClientGlobals | null) => {
  const n = (openByPage.get(page) ?? 1) - 1;
  if (n > 0) openByPage.set(page, n);
  else openByPage.delete(page);
  workChanges++;
};
const pageOpen = (page: ClientGlobals | null) =>
  !page || (page as { connected?: boolean }).connected !== false;
/** Work still open on pages that are open. */
function openWorkCount(): number {
  let n = 0;
  for (const [page, count] of openByPage) {
    if (pageOpen(page)) n += count;
    else openByPage.delete(page);
  }
  return n;
}
const isThenable = (v: unknown): v is PromiseLike<unknown> => !!v && typeof (v as Any).then === "function";

export type Outcome = { status: "fulfilled"; value: unknown } | { status: "rejected"; reason: unknown };
export interface ActionRecord {
  readonly app: ApplicationV2 | null;
  readonly action: string;
  /** Never rejects: how the handler's promise ended (or its plain return value). */
  readonly outcome: Promise<Outcome>;
}
/** Every action handler, `_onClickAction`, form submission and context-menu callback started, in order. */
export const actionLog: ActionRecord[] = [];

/**
 * A promise Foundry starts and drops (an action handler's result, `_onSubmitForm` from a change, a dialog's
 * `_onSubmit`). It counts as pending work for `settle()`. Its rejection stays unhandled, as in the browser:
 * `.finally` hands the rejection to a new promise nobody handles, which Node reports once, with the same reason.
 */
export function detach(value: unknown, action = "(detached)", app: ApplicationV2 | null = null): void {
  if (!isThenable(value)) {
    actionLog.push({ app, action, outcome: Promise.resolve({ status: "fulfilled", value }) });
    return;
  }
  const page = begin();
  const p = value as Promise<unknown>;
  const outcome = p.then(
    (v): Outcome => ({ status: "fulfilled", value: v }),
    (e): Outcome => ({ status: "rejected", reason: e }),
  );
  actionLog.push({ app, action, outcome });
  void p.finally(() => end(page));
}

/** The last action started (optionally by name): `await (await lastAction("attack")).outcome`. */
export function lastAction(action?: string): ActionRecord | undefined {
  for (let i = actionLog.length - 1; i >= 0; i--) {
    if (!action || actionLog[i]!.action === action) return actionLog[i];
  }
  return undefined;
}

class Semaphore {
  #tail: Promise<unknown> = Promise.resolve();
  /** Queue `fn`; the caller gets its own promise (left unhandled if the caller drops it, as in Foundry). */
  add<T>(fn: () => Promise<T>): Promise<T> {
    const page = begin();
    const run = this.#tail.then(fn);
    this.#tail = run.then(
      () => undefined,
      () => undefined,
    );
    return new Promise<T>((resolve, reject) =>
      run.then(
        (v) => {
          end(page);
          resolve(v);
        },
        (e) => {
          end(page);
          reject(e);
        },
      ),
    );
  }
}

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Let every queued render/close, dropped action promise and form submission finish. Returns early when the only
 * work left waits on an open dialog or another window the user has to answer (`awaitingUser`). Throws if work is still open after `timeoutMs`.
 */
export async function settle({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const start = Date.now();
  let still = 0;
  let seen = -1;
  while (Date.now() - start < timeoutMs) {
    await macrotask();
    if (openWorkCount() === 0) {
      await macrotask();
      if (openWorkCount() === 0) return;
    }
    if (workChanges === seen) {
      still++;
      if (still >= 5 && awaitingUser().length > 0) return;
    } else {
      still = 0;
      seen = workChanges;
    }
  }
  throw new Error(`settle(): ${openWorkCount()} piece(s) of work still open after ${timeoutMs} ms`);
}

export interface RejectionCapture {
  /** Reasons of unhandled rejections and of errors thrown by DOM listeners, in order. */
  readonly reasons: unknown[];
  dispose(): void;
}

/**
 * Capture unhandled rejections (process 'unhandledRejection') and listener errors reported to the current window
 * ('error' events) while a scenario runs. The test runner's own listeners are set aside until `dispose()`, so an
 * expected rejection does not fail the run; assert on `reasons` instead.
 */
export function captureUnhandledRejections(): RejectionCapture {
  const reasons: unknown[] = [];
  const saved = process.listeners("unhandledRejection");
  process.removeAllListeners("unhandledRejection");
  const onRejection = (reason: unknown) => reasons.push(reason);
  process.on("unhandledRejection", onRejection);
  const win = G.window as Win | undefined;
  const onError = (e: Event) => reasons.push((e as ErrorEvent).error ?? (e as ErrorEvent).message);
  win?.addEventListener?.("error", onError);
  return {
    reasons,
    dispose() {
      process.off("unhandledRejection", onRejection);
      for (const l of saved) process.on("unhandledRejection", l as (...a: unknown[]) => void);
      win?.removeEventListener?.("error", onError);
    },
  };
}

/* -------------------------------------------- */
/*  Event emitter (EventEmitterMixin)           */
/* -------------------------------------------- */

type Listener = (event: AppEvent) => void;
export interface AppEvent {
  readonly type: string;
  readonly target: unknown;
}

class Emitter {
  #listeners = new Map<string, { fn: Listener; once: boolean }[]>();
  addEventListener(type: string, fn: Listener, { once = false }: { once?: boolean } = {}): void {
    const list = this.#listeners.get(type) ?? [];
    list.push({ fn, once });
    this.#listeners.set(type, list);
  }
  removeEventListener(type: string, fn: Listener): void {
    this.#listeners.set(
      type,
      (this.#listeners.get(type) ?? []).filter((l) => l.fn !== fn),
    );
  }
  dispatchEvent(event: AppEvent): boolean {
    const list = [...(this.#listeners.get(event.type) ?? [])];
    this.#listeners.set(
      event.type,
      (this.#listeners.get(event.type) ?? []).filter((l) => !l.once),
    );
    for (const l of list) l.fn.call(this, event);
    return true;
  }
}

/* -------------------------------------------- */
/*  Instances per client                        */
/* -------------------------------------------- */

const instancesByDocument = new WeakMap<Document, Map<string, ApplicationV2>>();
/** `foundry.applications.instances` for the client whose DOM is current. */
export function appInstances(d: Document = dom()): Map<string, ApplicationV2> {
  let m = instancesByDocument.get(d);
  if (!m) {
    m = new Map();
    instancesByDocument.set(d, m);
  }
  return m;
}

/* -------------------------------------------- */
/*  ApplicationV2                               */
/* -------------------------------------------- */

const STATES = Object.freeze({ ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 });

export class ApplicationV2 extends Emitter {
  static BASE_APPLICATION: Any = ApplicationV2;
  static DEFAULT_OPTIONS: Dict = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: {
      frame: true,
      positioned: true,
      title: "",
      icon: "",
      controls: [],
      minimizable: true,
      resizable: false,
      contentTag: "section",
      contentClasses: [],
    },
    actions: {},
    form: { handler: undefined, submitOnChange: false, closeOnSubmit: false },
    position: { width: "auto", height: "auto" },
  };
  static TABS: Dict = {};
  static RENDER_STATES = STATES;
  static _appId = 0;
  static _maxZ = 100;
  static emittedEvents = Object.freeze(["render", "close", "position"]);

  readonly options: Dict;
  #id: string;
  #renderable: boolean;
  #element: HTMLElement | null = null;
  #content: HTMLElement | null = null;
  #state: number = STATES.NONE;
  #semaphore = new Semaphore();
  #position: Dict = {
    top: undefined,
    left: undefined,
    width: undefined,
    height: "auto",
    scale: 1,
    zIndex: 100,
  };
  #window: Dict = {};
  #controlsExpanded = false;
  tabGroups: Record<string, string | null> = Object.entries(
    (this.constructor as typeof ApplicationV2).TABS,
  ).reduce((o: Record<string, string | null>, [id, cfg]) => {
    o[id] = (cfg as Dict).initial || null;
    return o;
  }, {});

  constructor(options: Dict = {}) {
    super();
    this.options = Object.freeze(this._initializeApplicationOptions(options));
    this.#id = String(this.options.id).replace("{id}", this.options.uniqueId);
    Object.assign(this.#position, this.options.position);
    this.#renderable =
      this._renderHTML !== ApplicationV2.prototype._renderHTML &&
      this._replaceHTML !== ApplicationV2.prototype._replaceHTML;
  }

  get classList(): DOMTokenList | undefined {
    return this.#element?.classList;
  }
  get id(): string {
    return this.#id;
  }
  get title(): string {
    return localize(this.options.window.title);
  }
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }
  get form(): HTMLFormElement | null {
    if (this.options.tag === "form") return this.#element as HTMLFormElement;
    if (this.options.window?.contentTag === "form") return this.#content as HTMLFormElement;
    return null;
  }
  get minimized(): boolean {
    return false;
  }
  get rendered(): boolean {
    return this.#state === STATES.RENDERED;
  }
  get state(): number {
    return this.#state;
  }
  get hasFrame(): boolean {
    return !!this.options.window.frame;
  }
  get window(): Dict {
    return this.#window;
  }
  get position(): Dict {
    return this.#position;
  }

  static *inheritanceChain(this: Any): Generator<Any> {
    let cls = this;
    while (cls) {
      yield cls;
      if (cls === this.BASE_APPLICATION) return;
      cls = Object.getPrototypeOf(cls);
    }
  }

  _initializeApplicationOptions(options: Dict): Dict {
    const order: Dict[] = [options];
    for (const cls of (this.constructor as Any).inheritanceChain()) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) order.unshift(cls.DEFAULT_OPTIONS);
    }
    const out: Dict = {};
    for (const opts of order) ApplicationV2.#mergeOptions(out, opts);
    out.uniqueId = String(++ApplicationV2._appId);
    if (!out.window.frame) out.window.minimizable = false;
    if (out.window.frame) out.classes.unshift("application");
    out.classes = Array.from(new Set(out.classes));
    return out;
  }

  static #mergeOptions(options: Dict, opts: Dict): void {
    for (const [k, v] of Object.entries(opts)) {
      const v1 = deepClone(v);
      if (k in options) {
        const v0 = options[k];
        if (Array.isArray(v0)) v0.push(...(v1 as unknown[]));
        else if (isPlainObject(v0)) ApplicationV2.#mergeOptions(v0, v1);
        else options[k] = v1;
      } else options[k] = v1;
    }
  }

  /* ---------------- Rendering ---------------- */

  async render(options: Dict | boolean = {}, _options: Dict = {}): Promise<this> {
    const opts = typeof options === "boolean" ? Object.assign(_options, { force: options }) : options;
    return this.#semaphore.add(() => this.#render(opts));
  }

  async #render(options: Dict): Promise<this> {
    if (!this.#renderable) {
      throw new Error(
        `The ${this.constructor.name} Application class is not renderable because it does not define the _renderHTML and _replaceHTML methods which are required.`,
      );
    }
    try {
      if (this._canRender(options) === false) return this;
    } catch (err) {
      ui()?.notifications?.warn((err as Error).message);
      return this;
    }
    options.isFirstRender = this.#state <= STATES.NONE;
    if (options.isFirstRender && !options.force) return this;

    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    const handlerArgs = [context, options];
    if (options.isFirstRender) await this._doEvent(this._preFirstRender, { async: true, handlerArgs });
    await this._doEvent(this._preRender, { async: true, handlerArgs });

    this.#state = STATES.RENDERING;
    if (options.isFirstRender) {
      this.#element = await this._renderFrame(options);
      this.#content = this.hasFrame ? this.#element.querySelector(".window-content") : this.#element;
      this._attachFrameListeners();
    }
    try {
      const result = await this._renderHTML(context, options);
      this._replaceHTML(result, this.#content as HTMLElement, options);
    } catch (err) {
      if (this.#element) {
        this.#element.remove();
        this.#element = null;
      }
      this.#state = STATES.ERROR;
      throw new Error(`Failed to render Application "${this.id}":\n${(err as Error).message}`, {
        cause: err,
      });
    }

    if (options.isFirstRender) {
      appInstances(this.#element!.ownerDocument).set(this.#id, this);
      this._insertElement(this.#element!);
    }
    if (this.hasFrame) this._updateFrame(options);
    this.#state = STATES.RENDERED;

    if (options.isFirstRender) await this._doEvent(this._onFirstRender, { handlerArgs, async: true });
    await this._doEvent(this._onRender, {
      handlerArgs,
      eventName: "render",
      hookName: "render",
      hookArgs: [this.#element, ...handlerArgs],
      async: true,
    });
    await this._doEvent(this._postRender, { handlerArgs, async: true });
    if ("position" in options) this.setPosition(options.position);
    if (options.force) this.bringToFront();
    return this;
  }

  _configureRenderOptions(options: Dict): void {
    const { window, position } = this.options;
    if (options.isFirstRender && this.hasFrame) {
      options.window ||= {};
      options.window.title ||= this.title;
      options.window.icon ||= window.icon;
      options.window.controls = true;
      options.window.resizable = window.resizable;
    }
    if (options.isFirstRender) options.position = Object.assign(this.#position, options.position);
    else {
      if (position.width === "auto") options.position = Object.assign({ width: "auto" }, options.position);
      if (position.height === "auto") options.position = Object.assign({ height: "auto" }, options.position);
    }
    if (options.tab) {
      const ctor = this.constructor as typeof ApplicationV2;
      if (typeof options.tab === "string") this.tabGroups[Object.keys(ctor.TABS)[0]!] = options.tab;
      else if (isPlainObject(options.tab)) {
        for (const [g, t] of Object.entries(options.tab)) this.tabGroups[g] = t as string;
      }
    }
  }

  async _prepareContext(_options: Dict): Promise<Dict> {
    const ids = Object.keys((this.constructor as typeof ApplicationV2).TABS);
    return ids.length === 1 ? { tabs: this._prepareTabs(ids[0]!) } : {};
  }

  _prepareTabs(group: string): Dict {
    const { tabs, labelPrefix, initial = null } = this._getTabsConfig(group) ?? { tabs: [] };
    this.tabGroups[group] ??= initial;
    return (tabs as Dict[]).reduce((prepared: Dict, { id, cssClass, ...cfg }) => {
      const active = this.tabGroups[group] === id;
      const css = active ? [cssClass, "active"].filter(Boolean).join(" ") : cssClass;
      const tab: Dict = { group, id, active, cssClass: css, ...cfg };
      if (labelPrefix) tab.label ??= `${labelPrefix}.${id}`;
      prepared[id] = tab;
      return prepared;
    }, {});
  }

  _getTabsConfig(group: string): Dict | null {
    return (this.constructor as typeof ApplicationV2).TABS[group] ?? null;
  }

  _getHeaderControls(): Dict[] {
    return this.options.window.controls?.slice() ?? [];
  }

  *_headerControlButtons(): Generator<Dict> {
    const controls = this._doEvent(this._getHeaderControls, {
      hookName: "getHeaderControls",
      hookResponse: true,
    }) as Dict[];
    for (const c of controls) {
      const visible = typeof c.visible === "function" ? c.visible.call(this) : (c.visible ?? true);
      if (visible) yield c;
    }
  }

  async _renderHTML(_context: Dict, _options: Dict): Promise<unknown> {
    return undefined;
  }

  _replaceHTML(_result: unknown, _content: HTMLElement, _options: Dict): void {}

  async _renderFrame(_options: Dict): Promise<HTMLElement> {
    const d = dom();
    const frame = d.createElement(this.options.tag);
    frame.id = this.#id;
    if (this.options.classes.length) frame.className = this.options.classes.join(" ");
    if (!this.hasFrame) return frame;
    const close = localize("APPLICATION.TOOLS.Close");
    const toggle = localize("APPLICATION.TOOLS.ToggleControls");
    frame.innerHTML = `<header class="window-header"><i class="window-icon hidden" inert></i><h1 class="window-title"></h1><button type="button" class="header-control icon fa-solid fa-ellipsis-vertical" aria-label="${toggle}" data-action="toggleControls"></button><button type="button" class="header-control icon fa-solid fa-xmark" aria-label="${close}" data-action="close"></button></header><menu class="controls-dropdown"></menu>`;
    const content = d.createElement(this.options.window.contentTag);
    content.classList.add("window-content", ...this.options.window.contentClasses);
    frame.appendChild(content);
    if (this.options.window.resizable)
      frame.insertAdjacentHTML("beforeend", '<div class="window-resize-handle"></div>');
    Object.assign(this.#window, {
      header: frame.querySelector(".window-header"),
      title: frame.querySelector(".window-title"),
      icon: frame.querySelector(".window-icon"),
      close: frame.querySelector("button[data-action=close]"),
      controls: frame.querySelector("button[data-action=toggleControls]"),
      controlsDropdown: frame.querySelector(".controls-dropdown"),
      content,
    });
    return frame;
  }

  _updateFrame(options: Dict): void {
    const w = options.window;
    if (!w) return;
    if ("title" in w && this.#window.title) this.#window.title.textContent = w.title;
    const items: string[] = [];
    for (const c of this._headerControlButtons())
      items.push(`<li class="header-control" data-action="${c.action}">${localize(c.label ?? "")}</li>`);
    if (this.#window.controlsDropdown) this.#window.controlsDropdown.innerHTML = items.join("");
  }

  _insertElement(element: HTMLElement): void {
    const d = element.ownerDocument;
    const existing = d.getElementById(element.id);
    if (existing) existing.replaceWith(element);
    else d.body.append(element);
  }

  /* ---------------- Closing ---------------- */

  async close(options: Dict = {}): Promise<this> {
    return this.#semaphore.add(() => this.#close(options));
  }

  async #close(options: Dict): Promise<this> {
    if (!this.#element) {
      this.#state = STATES.CLOSED;
      return this;
    }
    await this._doEvent(this._preClose, { async: true, handlerArgs: [options] });
    await this.toggleControls(false, { animate: false });
    // Foundry animates here and awaits the transition (up to 1 s); the harness has no transitions.
    this.#element.classList.add("minimizing");
    this.#state = STATES.CLOSING;
    const d = this.#element.ownerDocument;
    this._tearDown(options);
    this.#state = STATES.CLOSED;
    appInstances(d).delete(this.#id);
    this._doEvent(this._onClose, { handlerArgs: [options], eventName: "close", hookName: "close" });
    return this;
  }

  _removeElement(element: HTMLElement): void {
    element.remove();
  }

  _tearDown(_options: Dict): void {
    if (this.#element) this._removeElement(this.#element);
    this.#element = null;
    this.#content = null;
    this.#window = {};
  }

  /* ---------------- Positioning and window ---------------- */

  setPosition(position?: Dict): Dict | undefined {
    if (!this.options.window.positioned) return undefined;
    Object.assign(this.#position, position);
    this._doEvent(this._prePosition, { handlerArgs: [this.#position] });
    this._doEvent(this._onPosition, { handlerArgs: [this.#position], eventName: "position" });
    return this.#position;
  }

  async toggleControls(expanded?: boolean, _opts: Dict = {}): Promise<void> {
    this.#controlsExpanded = expanded ?? !this.#controlsExpanded;
  }
  async minimize(): Promise<void> {}
  async maximize(): Promise<void> {}

  bringToFront(): void {
    if (!this.options.window?.frame || !this.#element) return;
    this.#position.zIndex = ++ApplicationV2._maxZ;
    this.#element.style.zIndex = String(this.#position.zIndex);
    const u = ui();
    if (u) u.activeWindow = this;
  }

  changeTab(
    tab: string,
    group: string,
    {
      force = false,
    }: { event?: Event; navElement?: Element; force?: boolean; updatePosition?: boolean } = {},
  ): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    const content = this.#content!;
    const tabEl = content.querySelector(`.tabs [data-group="${group}"][data-tab="${tab}"]`);
    if (!tabEl) throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
    for (const t of content.querySelectorAll<HTMLElement>(`.tabs [data-group="${group}"]`)) {
      t.classList.toggle("active", t.dataset.tab === tab);
    }
    for (const s of content.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`)) {
      s.classList.toggle("active", s.dataset.tab === tab);
    }
    this.tabGroups[group] = tab;
  }

  async submit(submitOptions: Dict = {}): Promise<unknown> {
    const formConfig = this.options.form;
    if (!formConfig?.handler) {
      throw new Error(
        `The ${this.constructor.name} Application does not support a single top-level form element.`,
      );
    }
    const form = this.form!;
    const win = winOf(form);
    const event = new win.SubmitEvent("submit", { cancelable: true });
    return formConfig.handler.call(this, event, form, new FormDataExtended(form), submitOptions);
  }

  /* ---------------- Life-cycle events ---------------- */

  _doEvent(
    handler: (...a: Any[]) => unknown,
    {
      async = false,
      handlerArgs = [],
      eventName,
      hookName,
      hookArgs = [],
      hookResponse = false,
      parentClassHooks = true,
    }: Dict = {},
  ): Any {
    const response = handler.call(this, ...handlerArgs);
    if (async && response instanceof Promise) {
      return response.then((r) => {
        this.#dispatch(eventName, hookName, hookResponse ? [...hookArgs, r] : hookArgs, parentClassHooks);
        return r;
      });
    }
    this.#dispatch(eventName, hookName, hookResponse ? [...hookArgs, response] : hookArgs, parentClassHooks);
    return response;
  }

  #dispatch(
    eventName: string | undefined,
    hookName: string | undefined,
    hookArgs: unknown[],
    parents: boolean,
  ) {
    if (eventName) this.dispatchEvent({ type: eventName, target: this });
    if (!hookName) return;
    let name = hookName;
    if (parents && !name.includes("{}")) name += "{}";
    const classes = parents ? (this.constructor as Any).inheritanceChain() : [this.constructor];
    for (const cls of classes) {
      if (!cls.name) continue;
      G.Hooks?.callAll?.(name.replace("{}", cls.name), this, ...hookArgs);
    }
  }

  _canRender(_options: Dict): false | undefined {
    return undefined;
  }
  async _preFirstRender(_context: Dict, _options: Dict): Promise<void> {}
  async _onFirstRender(_context: Dict, _options: Dict): Promise<void> {}
  async _preRender(_context: Dict, _options: Dict): Promise<void> {}
  async _onRender(_context: Dict, _options: Dict): Promise<void> {}
  async _postRender(_context: Dict, options: Dict): Promise<void> {
    if (options.isFirstRender) this.#element?.querySelector<HTMLElement>("[autofocus]")?.focus();
  }
  async _preClose(_options: Dict): Promise<void> {}
  _onClose(_options: Dict): void {}
  _prePosition(_position: Dict): void {}
  _onPosition(_position: Dict): void {}

  /* ---------------- Listeners ---------------- */

  _attachFrameListeners(): void {
    const el = this.#element!;
    el.addEventListener("pointerdown", () => this.hasFrame && this.bringToFront(), { capture: true });
    const click = (e: Event) => void this.#onClick(e as PointerEvent);
    el.addEventListener("click", click);
    el.addEventListener("contextmenu", click);
    const form = this.form;
    if (form) {
      form.autocomplete = "off";
      const formConfig = this.options.form;
      form.addEventListener("submit", (e) => detach(this._onSubmitForm(formConfig, e), "submit", this));
      form.addEventListener("change", (e) => this._onChangeForm(formConfig, e));
    }
  }

  async #onClick(event: PointerEvent): Promise<void> {
    const target = event.target as Element;
    const actionButton = target?.closest?.("[data-action]") as HTMLElement | null;
    if (actionButton) return this.#onClickAction(event, actionButton);
    void this.toggleControls(false);
  }

  #onClickAction(event: PointerEvent, target: HTMLElement): void {
    const action = target.dataset.action!;
    switch (action) {
      case "close":
        event.stopPropagation();
        event.preventDefault();
        if (event.button === 0) detach(this.close(), "close", this);
        break;
      case "tab":
        void this.toggleControls(false);
        this._onClickTab(event);
        break;
      case "toggleControls":
        event.stopPropagation();
        event.preventDefault();
        void this.toggleControls(event.button === 0 ? undefined : false);
        break;
      default: {
        let handler = this.options.actions[action];
        void this.toggleControls(false);
        if (!handler) {
          // The return value is dropped, as in Foundry (a subclass's async _onClickAction rejects unhandled).
          detach(this._onClickAction(event, target), action, this);
          break;
        }
        let buttons = [0];
        if (typeof handler === "object") {
          buttons = handler.buttons;
          handler = handler.handler;
        }
        // Called with the application as `this`, neither awaited nor caught.
        if (buttons.includes(event.button)) detach(handler?.call(this, event, target), action, this);
        break;
      }
    }
  }

  _onClickTab(event: PointerEvent): void {
    const button = event.target as HTMLElement;
    const tab = button.dataset?.tab;
    if (!tab || button.classList.contains("active") || event.button !== 0) return;
    this.changeTab(tab, button.dataset.group!, { event, navElement: button.closest(".tabs") ?? undefined });
  }

  _onClickAction(_event: PointerEvent, _target: HTMLElement): unknown {
    return undefined;
  }

  async _onSubmitForm(formConfig: Dict, event: Event): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const { handler, closeOnSubmit } = formConfig;
    const formData = new FormDataExtended(form);
    if (handler instanceof Function) {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        ui()?.notifications?.error(err, { console: true });
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  _onChangeForm(formConfig: Dict, event: Event): void {
    const open = this.#state === STATES.RENDERED || this.#state === STATES.CLOSING;
    if (open && formConfig.submitOnChange)
      detach(this._onSubmitForm(formConfig, event), "submitOnChange", this);
  }

  _createContextMenu(
    handler: () => Dict[],
    selector: string,
    { container, hookName, parentClassHooks, ...options }: Dict = {},
  ): ContextMenu | null {
    const menuItems = this._doEvent(handler, {
      hookName: hookName ?? "get{}ContextOptions",
      parentClassHooks,
      hookResponse: true,
    }) as Dict[];
    if (!menuItems.length) return null;
    return new ContextMenu.implementation(container ?? this.element, selector, menuItems, {
      jQuery: false,
      ...options,
    });
  }
}

/* -------------------------------------------- */
/*  HandlebarsApplicationMixin                  */
/* -------------------------------------------- */

type AppCtor = abstract new (...args: Any[]) => ApplicationV2;

export function HandlebarsApplicationMixin<TBase extends AppCtor>(BaseApplication: TBase) {
  abstract class HandlebarsApplication extends BaseApplication {
    static PARTS: Dict = {};
    #parts: Record<string, HTMLElement> = {};
    #partDescriptors: Dict = {};

    constructor(...args: Any[]) {
      super(...args);
      Object.values((this.constructor as Any).PARTS as Dict).forEach((part, i) => {
        if (part.root && i > 0) throw new Error("A root template must be first in the PARTS record.");
      });
    }

    get parts(): Record<string, HTMLElement> {
      return this.#parts;
    }

    override _configureRenderOptions(options: Dict): void {
      super._configureRenderOptions(options);
      this.#partDescriptors = Object.freeze(this._configureRenderParts(options));
      if (options.parts?.some((id: string) => this.#partDescriptors[id]?.root)) options.parts = undefined;
      options.parts ??= Object.keys(this.#partDescriptors);
    }

    _configureRenderParts(_options: Dict): Dict {
      const parts = deepClone((this.constructor as Any).PARTS as Dict);
      for (const p of Object.values(parts)) p.templates ??= [];
      return parts;
    }

    override async _preRender(context: Dict, options: Dict): Promise<void> {
      await super._preRender(context, options);
      const all = new Set<string>();
      for (const part of Object.values(this.#partDescriptors)) {
        all.add(part.template);
        for (const t of part.templates ?? []) all.add(t);
      }
      await hbApi().loadTemplates(Array.from(all));
    }

    override async _renderHTML(context: Dict, options: Dict): Promise<Record<string, HTMLElement>> {
      const rendered: Record<string, HTMLElement> = {};
      for (const partId of options.parts as string[]) {
        const part = this.#partDescriptors[partId];
        if (!part) {
          ui()?.notifications?.warn(
            `Part "${partId}" is not a supported template part for ${this.constructor.name}`,
          );
          continue;
        }
        const partContext = await this._preparePartContext(partId, context, options);
        try {
          const html = await hbApi().renderTemplate(part.template, partContext);
          rendered[partId] = this.#parsePartHTML(partId, part, html);
        } catch (err) {
          throw new Error(`Failed to render template part "${partId}":\n${(err as Error).message}`, {
            cause: err,
          });
        }
      }
      return rendered;
    }

    async _preparePartContext(partId: string, context: Dict, _options: Dict): Promise<Dict> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    #parsePartHTML(partId: string, part: Dict, html: string): HTMLElement {
      const temp = dom().createElement("div");
      temp.innerHTML = html;
      selectParsedOptions(temp);
      const multiRoot = part.root && temp.children.length > 1;
      if (temp.children.length !== 1 && !multiRoot) {
        throw new Error(`Template part "${partId}" must render a single HTML element.`);
      }
      const element = (multiRoot ? temp : temp.firstElementChild) as HTMLElement;
      element.dataset.applicationPart = partId;
      if (part.id) element.id = `${this.id}-${part.id}`;
      if (part.classes) element.classList.add(...part.classes);
      return element;
    }

    override _replaceHTML(result: unknown, content: HTMLElement, options: Dict): void {
      for (const [partId, el] of Object.entries(result as Record<string, HTMLElement>)) {
        const part = this.#partDescriptors[partId];
        const prior = part.root
          ? content
          : content.querySelector<HTMLElement>(`[data-application-part="${partId}"]`);
        const state: Dict = {};
        if (prior) {
          this._preSyncPartState(partId, el, prior, state);
          if (part.root) prior.replaceChildren(...Array.from(el.children));
          else prior.replaceWith(el);
          this._syncPartState(partId, el, prior, state);
        } else content.appendChild(el);
        this._attachPartListeners(partId, el, options);
        this.#parts[partId] = el;
      }
    }

    _preSyncPartState(partId: string, newEl: HTMLElement, prior: HTMLElement, state: Dict): void {
      const part = this.#partDescriptors[partId];
      const focus = prior.querySelector<HTMLInputElement>(":focus");
      const esc = winOf(prior).CSS?.escape ?? ((s: string) => s);
      if (focus?.id) state.focus = `#${esc(focus.id)}`;
      else if (focus?.name) state.focus = `${focus.tagName}[name="${focus.name}"]`;
      else state.focus = undefined;
      state.scrollPositions = [];
      for (const selector of part.scrollable || []) {
        const el0 = selector === "" ? prior : prior.querySelector(selector);
        const el1 = selector === "" ? newEl : newEl.querySelector(selector);
        if (el0 && el1) state.scrollPositions.push([el1, el0.scrollTop, el0.scrollLeft]);
      }
    }

    _syncPartState(_partId: string, newEl: HTMLElement, _prior: HTMLElement, state: Dict): void {
      if (state.focus) newEl.querySelector<HTMLElement>(state.focus)?.focus();
      for (const [el, scrollTop, scrollLeft] of state.scrollPositions)
        Object.assign(el, { scrollTop, scrollLeft });
    }

    override _tearDown(options: Dict): void {
      super._tearDown(options);
      this.#parts = {};
    }

    _attachPartListeners(partId: string, el: HTMLElement, _options: Dict): void {
      const part = this.#partDescriptors[partId];
      for (const [selector, formConfig] of Object.entries((part.forms ?? {}) as Dict)) {
        const form = (el.matches(selector) ? el : el.querySelector(selector)) as HTMLFormElement;
        form.addEventListener("submit", (e) => detach(this._onSubmitForm(formConfig, e), "submit", this));
        form.addEventListener("change", (e) => this._onChangeForm(formConfig, e));
      }
    }
  }
  return HandlebarsApplication;
}

/* -------------------------------------------- */
/*  Document sheets                             */
/* -------------------------------------------- */

/** The public Foundry document API the sheets use; stand-ins in tests provide these. */
export interface DocLike {
  id?: string | null;
  uuid?: string;
  name?: string;
  type?: string;
  documentName?: string;
  isOwner?: boolean;
  pack?: string | null;
  apps?: Record<string, unknown>;
  collection?: { has(id: string): boolean } | null;
  _source?: Dict;
  testUserPermission(user: unknown, level: number | string, options?: Dict): boolean;
  update(data: Dict, options?: Dict): Promise<unknown>;
  validate?(options: Dict): unknown;
  [k: string]: Any;
}

export class DocumentSheetV2 extends ApplicationV2 {
  #document: DocLike;

  constructor(options: Dict = {}, ...args: Any[]) {
    const opts = (new.target as Any)._migrateConstructorParams(options, args);
    super(opts);
    this.#document = opts.document;
  }

  static override DEFAULT_OPTIONS: Dict = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    canCreate: false,
    sheetConfig: true,
    actions: {
      configureSheet: DocumentSheetV2.#onConfigureSheet,
      copyUuid: { handler: DocumentSheetV2.#onCopyUuid, buttons: [0, 2] },
      editImage: DocumentSheetV2.#onEditImage,
      importDocument: DocumentSheetV2.#onImportDocument,
    },
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
    window: {
      controls: [
        {
          icon: "fa-solid fa-gear",
          label: "SHEETS.ConfigureSheet",
          action: "configureSheet",
          visible: DocumentSheetV2.#canConfigureSheet,
        },
      ],
    },
  };

  /** Records of sheet-configuration and uuid-copy clicks (their core apps are out of scope). */
  static configureSheetClicks: DocLike[] = [];

  get document(): DocLike {
    return this.#document;
  }

  override get title(): string {
    const d = this.document;
    const cls = d.constructor as Any;
    const prefix =
      cls.hasTypeData && d.type !== "base"
        ? CONFIG()?.[cls.documentName]?.typeLabels?.[d.type!]
        : cls.metadata?.label;
    return `${localize(prefix ?? d.documentName ?? "")}: ${d.name || d.id}`;
  }

  get isVisible(): boolean {
    return this.document.testUserPermission(game().user, this.options.viewPermission);
  }

  get isEditable(): boolean {
    if (this.document.pack) {
      const pack = game().packs?.get(this.document.pack);
      if (pack?.locked) return false;
    }
    return this.document.testUserPermission(game().user, this.options.editPermission);
  }

  /**
   * Foundry requires `options.document` to be a `foundry.abstract.Document`; the harness also accepts a stand-in
   * object (the lead's documents are not in this layer). A bare document as first argument is the V1 form.
   */
  static _migrateConstructorParams(first: Any, _rest: Any[]): Dict {
    if (first && typeof first === "object" && first.document && typeof first.document === "object")
      return first;
    if (first && typeof first === "object" && typeof first.testUserPermission === "function") {
      return { document: first };
    }
    throw new Error("A DocumentSheetV2 application must be provided a Document instance.");
  }

  override _initializeApplicationOptions(options: Dict): Dict {
    const out = super._initializeApplicationOptions(options);
    const suffix: string = out.document.uuid ?? `${Math.random()}`.slice(2);
    out.uniqueId = `${this.constructor.name}-${suffix.replaceAll(".", "-")}`;
    return out;
  }

  override *_headerControlButtons(): Generator<Dict> {
    for (const c of super._headerControlButtons()) {
      if ("ownership" in c && !this.document.testUserPermission(game().user, c.ownership)) continue;
      yield c;
    }
  }

  override _configureRenderOptions(options: Dict): void {
    super._configureRenderOptions(options);
    if (this.hasFrame && options.renderContext && options.renderData?.name) {
      options.window = Object.assign(options.window ?? {}, { title: this.title });
    }
  }

  override async _prepareContext(options: Dict): Promise<Dict> {
    const context = await super._prepareContext(options);
    const d = this.document;
    return Object.assign(context, {
      document: d,
      source: d._source,
      fields: d.schema?.fields,
      editable: this.isEditable,
      user: game().user,
      rootId: d.collection?.has(d.id!) ? this.id : `${Math.random()}`.slice(2),
    });
  }

  override async _renderFrame(options: Dict): Promise<HTMLElement> {
    const frame = await super._renderFrame(options);
    if (!this.hasFrame) return frame;
    if (this.options.tag === "form") (frame as HTMLFormElement).autocomplete = "off";
    if (this.document.id) {
      const label = localize("SHEETS.CopyUuid");
      this.window.close?.insertAdjacentHTML(
        "beforebegin",
        `<button type="button" class="header-control fa-solid fa-passport icon" data-action="copyUuid" aria-label="${label}"></button>`,
      );
    }
    return frame;
  }

  _toggleDisabled(disabled: boolean): void {
    const form = this.form;
    if (!form) return;
    const framed = this.options.window.frame;
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      if (!framed || el.closest(".window-content")) el.disabled = disabled;
    }
    const content = (framed ? form.querySelector(".window-content") : form) as HTMLElement;
    for (const img of content.querySelectorAll("img[data-edit]")) img.classList.toggle("disabled", disabled);
  }

  override _canRender(_options: Dict): undefined {
    if (!this.isVisible) {
      throw new Error(
        game().i18n.format("SHEETS.DocumentSheetPrivate", {
          type: localize(
            (this.document.constructor as Any).metadata?.label ?? this.document.documentName ?? "",
          ),
        }),
      );
    }
    return undefined;
  }

  override async _onFirstRender(context: Dict, options: Dict): Promise<void> {
    await super._onFirstRender(context, options);
    if (this.document.apps) this.document.apps[this.id] = this;
  }

  override async _onRender(context: Dict, options: Dict): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  override _onClose(options: Dict): void {
    super._onClose(options);
    if (this.document.apps) delete this.document.apps[this.id];
  }

  static #canConfigureSheet(this: DocumentSheetV2): boolean {
    if (!this.options.sheetConfig || !this.isEditable) return false;
    const d = this.#document;
    return !!d.collection?.has(d.id!) && !d.flags?.core?.sheetLock;
  }

  static #onConfigureSheet(this: DocumentSheetV2, event: PointerEvent): void {
    event.stopPropagation();
    if (event.detail > 1) return;
    DocumentSheetV2.configureSheetClicks.push(this.document);
  }

  static #onCopyUuid(this: DocumentSheetV2, event: PointerEvent): void {
    event.preventDefault();
    event.stopPropagation();
    if (event.detail > 1) return;
    const id = event.button === 2 ? this.document.id : this.document.uuid;
    game().clipboard?.copyPlainText?.(id);
  }

  static async #onEditImage(this: DocumentSheetV2, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.nodeName !== "IMG")
      throw new Error("The editImage action is available only for IMG elements.");
    const attr = target.dataset.edit!;
    const current = getProperty(this.document._source, attr);
    const fp = new FilePicker.implementation({
      current,
      type: "image",
      callback: (path: string) => {
        (target as HTMLImageElement).src = path;
        if (this.options.form.submitOnChange) {
          const win = winOf(target);
          this.form!.dispatchEvent(new win.Event("submit", { cancelable: true }));
        }
      },
      position: { top: (this.position.top ?? 0) + 40, left: (this.position.left ?? 0) + 10 },
    });
    await fp.browse();
  }

  static async #onImportDocument(this: DocumentSheetV2): Promise<void> {
    await this.close();
  }

  static async #onSubmitDocumentForm(
    this: DocumentSheetV2,
    event: Event,
    form: HTMLFormElement,
    formData: FormDataExtended,
    options: Dict = {},
  ): Promise<void> {
    if (!this.isEditable) return;
    const { updateData, ...updateOptions } = options;
    const submitData = this._prepareSubmitData(event, form, formData, updateData);
    await this._processSubmitData(event, form, submitData, updateOptions);
  }

  _prepareSubmitData(
    event: Event,
    form: HTMLFormElement,
    formData: FormDataExtended,
    updateData?: Dict,
  ): Dict {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) merge(submitData, expandObject(updateData));
    this.document.validate?.({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  _processFormData(_event: Event | null, _form: HTMLFormElement, formData: FormDataExtended): Dict {
    return expandObject(formData.object);
  }

  async _processSubmitData(_event: Event, _form: HTMLFormElement, submitData: Dict, options: Dict = {}) {
    const d = this.#document;
    if (d.collection?.has(d.id!)) await d.update(submitData, options);
    else if (this.options.canCreate) {
      const created = await (d.constructor as Any).create(submitData, {
        ...options,
        parent: d.parent,
        pack: d.pack,
        keepId: true,
      });
      if (!created) throw new Error("Failed to create document.");
      this.#document = created;
    } else throw new Error(`Document creation from ${this.constructor.name} is not supported.`);
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Dict = {
    position: { width: 600 },
    window: {
      controls: [
        {
          action: "configureToken",
          icon: "fa-regular fa-circle-user",
          label: "DOCUMENT.Token",
          ownership: "OWNER",
        },
        {
          action: "configurePrototypeToken",
          icon: "fa-solid fa-circle-user",
          label: "TOKEN.TitlePrototype",
          ownership: "OWNER",
        },
        {
          action: "showPortraitArtwork",
          icon: "fa-solid fa-image",
          label: "SIDEBAR.CharArt",
          ownership: "OWNER",
        },
        {
          action: "showTokenArtwork",
          icon: "fa-solid fa-image",
          label: "SIDEBAR.TokenArt",
          ownership: "OWNER",
        },
      ],
    },
  };

  get actor(): DocLike {
    return this.document;
  }
  get token(): unknown {
    return this.document.token;
  }

  override _getHeaderControls(): Dict[] {
    const controls = super._getHeaderControls();
    const drop = (action: string) => {
      const i = controls.findIndex((c) => c.action === action);
      if (i >= 0) controls.splice(i, 1);
    };
    const actor = this.actor;
    if (!this.isEditable || actor.isToken) drop("configurePrototypeToken");
    if (!this.isEditable || !actor.isToken) drop("configureToken");
    return controls;
  }

  override async _onRender(context: Dict, options: Dict): Promise<void> {
    await super._onRender(context, options);
    new DragDrop.implementation({
      dragSelector: ".draggable",
      permissions: { dragstart: this._canDragStart.bind(this), drop: this._canDragDrop.bind(this) },
      callbacks: {
        dragstart: this._onDragStart.bind(this),
        dragover: this._onDragOver.bind(this),
        drop: this._onDrop.bind(this),
      },
    }).bind(this.element);
  }

  _canDragStart(_selector: string | null): boolean {
    return this.isEditable;
  }
  _canDragDrop(_selector: string | null): boolean {
    return this.isEditable;
  }

  async _onDragStart(event: DragEvent): Promise<void> {
    const target = event.currentTarget as HTMLElement;
    if ("link" in ((event.target as HTMLElement).dataset ?? {})) return;
    let dragData: Dict | undefined;
    if (target.dataset.itemId) dragData = this.actor.items.get(target.dataset.itemId)?.toDragData();
    if (target.dataset.effectId) dragData = this.actor.effects.get(target.dataset.effectId)?.toDragData();
    if (!dragData) return;
    event.dataTransfer!.setData("text/plain", JSON.stringify(dragData));
  }

  _onDragOver(_event: DragEvent): void {}

  async _onDrop(event: DragEvent): Promise<void> {
    const data = TextEditor.implementation.getDragEventData(event);
    const actor = this.actor;
    if (G.Hooks?.call?.("dropActorSheetData", actor, this, data) === false) return;
    const cls = G.foundry?.utils?.getDocumentClass?.(data.type) ?? CONFIG()?.[data.type]?.documentClass;
    if (cls) {
      const document = await cls.fromDropData(data);
      await this._onDropDocument(event, document);
    }
  }

  async _onDropDocument(event: DragEvent, document: DocLike): Promise<unknown> {
    switch (document?.documentName) {
      case "Item":
        return (await this._onDropItem(event, document)) ?? null;
      case "ActiveEffect":
      case "Actor":
      case "Folder":
        return null;
      default:
        return null;
    }
  }

  async _onDropItem(event: DragEvent, item: DocLike): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (this.actor.uuid === item.parent?.uuid) {
      const result = await this._onSortItem(event, item);
      return (result as unknown[] | undefined)?.length ? item : null;
    }
    const keepId = !this.actor.items.has(item.id);
    const ItemClass = CONFIG().Item.documentClass;
    return (await ItemClass.create(item.toObject(), { parent: this.actor, keepId })) ?? null;
  }

  _onSortItem(event: DragEvent, item: DocLike): Promise<unknown> | undefined {
    const items = this.actor.items;
    const source = items.get(item.id);
    const dropTarget = (event.target as HTMLElement).closest<HTMLElement>("[data-item-id]");
    if (!dropTarget) return undefined;
    const target = items.get(dropTarget.dataset.itemId);
    if (source.id === target.id) return undefined;
    const siblings = Array.from(dropTarget.parentElement!.children)
      .map((el) => (el as HTMLElement).dataset.itemId)
      .filter((id) => id && id !== source.id)
      .map((id) => items.get(id));
    const sortUpdates = G.foundry.utils.performIntegerSort(source, { target, siblings }) as Dict[];
    return this.actor.updateEmbeddedDocuments(
      "Item",
      sortUpdates.map((u) => ({ ...u.update, _id: u.target._id })),
    );
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Dict = { position: { width: 480 } };
  get item(): DocLike {
    return this.document;
  }
  get actor(): unknown {
    return this.document.actor;
  }
}

/* -------------------------------------------- */
/*  DialogV2                                    */
/* -------------------------------------------- */

export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Dict = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    form: { closeOnSubmit: true },
    window: { frame: true, positioned: true, minimizable: false },
  };

  override _initializeApplicationOptions(options: Dict): Dict {
    const out = super._initializeApplicationOptions(options);
    out.content ||= "";
    if (typeof out.content === "object" && out.content.tagName) {
      if (out.content.tagName !== "DIV") throw new Error("config.content must be <div> element");
      if (out.content.attributes.length) throw new Error("config.content element must have no attributes");
      out.content = out.content.innerHTML;
    } else {
      const clean = G.foundry?.utils?.cleanHTML;
      out.content = typeof clean === "function" ? clean(String(out.content)) : String(out.content);
    }
    if (!out.buttons?.length) throw new Error("You must define at least one entry in config.buttons");
    out.buttons = (out.buttons as Dict[]).reduce((obj: Dict, b) => {
      out.actions[b.action] = (this.constructor as typeof DialogV2)._onClickButton;
      obj[b.action] = b;
      return obj;
    }, {});
    return out;
  }

  override async _renderHTML(): Promise<HTMLFormElement> {
    const form = dom().createElement("form");
    form.className = "dialog-form standard-form";
    form.autocomplete = "off";
    const content = this.options.content
      ? `<div class="dialog-content standard-form">${this.options.content}</div>`
      : "";
    form.innerHTML = `${content}<footer class="form-footer">${this._renderButtons()}</footer>`;
    form.addEventListener("submit", (event) =>
      detach(
        this._onSubmit((event as SubmitEvent).submitter as HTMLButtonElement, event),
        "dialogSubmit",
        this,
      ),
    );
    return form;
  }

  _renderButtons(): string {
    const buttons = Object.values(this.options.buttons) as Dict[];
    const d = dom();
    return buttons
      .map((b, i) => {
        const { action, label, icon, class: cls = "", type = "submit", disabled } = b;
        const isDefault = !!b.default || (i === 0 && !buttons.some((x) => x.default));
        const button = d.createElement("button");
        button.setAttribute("type", type);
        button.setAttribute("data-action", action);
        button.setAttribute("class", cls);
        button.toggleAttribute("disabled", !!disabled);
        button.toggleAttribute("autofocus", isDefault);
        if (icon) {
          const el = d.createElement("i");
          el.className = icon;
          button.appendChild(el);
        }
        const span = d.createElement("span");
        span.textContent = localize(label);
        button.appendChild(span);
        return button.outerHTML;
      })
      .join("");
  }

  async _onSubmit(target: HTMLButtonElement | null, event: Event): Promise<this> {
    event.preventDefault();
    const prior: [HTMLButtonElement, boolean][] = [];
    for (const action of Object.keys(this.options.buttons)) {
      const b = this.element.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`)!;
      prior.push([b, b.disabled]);
      b.disabled = true;
    }
    const button = this.options.buttons[target?.dataset.action ?? ""];
    const result = (await button?.callback?.(event, target, this)) ?? button?.action;
    await this.options.submit?.(result, this);
    for (const [b, disabled] of prior) b.disabled = disabled;
    return this.options.form.closeOnSubmit ? this.close({ submitted: true }) : this;
  }

  override async _onFirstRender(): Promise<void> {
    const el = this.element as HTMLDialogElement;
    if (this.options.modal) el.showModal();
    else el.show();
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("keydown", (e) => this._onKeyDown(e as KeyboardEvent));
  }

  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as HTMLElement);
  }

  _onKeyDown(event: KeyboardEvent): void {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      detach(this.close(), "escape", this);
    }
  }

  static _onClickButton(this: DialogV2, event: PointerEvent, target: HTMLButtonElement): void {
    // Foundry calls `this._onSubmit(target, event)` and drops the promise.
    detach(this._onSubmit(target, event), "dialogButton", this);
  }

  static async confirm({ yes = {}, no = {}, ...config }: Dict = {}): Promise<unknown> {
    config.buttons ??= [];
    config.buttons.unshift(
      merge({ action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true }, yes),
      merge(
        { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false },
        no,
      ),
    );
    return (this as Any).wait(merge({ position: { width: 400 } }, config));
  }

  static async prompt({ ok = {}, ...config }: Dict = {}): Promise<unknown> {
    config.buttons ??= [];
    config.buttons.unshift(
      merge({ action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true }, ok),
    );
    return (this as Any).wait(merge({ position: { width: 400 } }, config));
  }

  static async input({ ok, ...config }: Dict = {}): Promise<unknown> {
    const callback = (_e: Event, button: HTMLButtonElement) => new FormDataExtended(button.form!).object;
    return (this as Any).prompt({ ok: { callback, ...ok }, ...config });
  }

  static async wait({ rejectClose = false, close, render, ...config }: Dict = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const originalSubmit = config.submit;
      config.submit = async (result: unknown, dialog: DialogV2) => {
        await originalSubmit?.(result, dialog);
        resolve(result);
      };
      const dialog = new (this as Any)(config) as DialogV2;
      dialog.addEventListener(
        "close",
        (event) => {
          const result = close instanceof Function ? close(event, dialog) : undefined;
          if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
          else resolve(result ?? null);
        },
        { once: true },
      );
      if (render instanceof Function) dialog.addEventListener("render", (e) => render(e, dialog));
      detach(dialog.render({ force: true }), "dialogRender", dialog);
    });
  }

  static async query(user: Any, type: string, config: Dict = {}): Promise<unknown> {
    const u = typeof user === "string" ? game().users.get(user) : user;
    if (!u) throw new Error(`User [${user}] does not exist`);
    if (u.isSelf) return (this as Any)[type](config);
    return u.query("dialog", { type, config });
  }
}

/* -------------------------------------------- */
/*  Sidebar tab and combat tracker              */
/* -------------------------------------------- */

export class AbstractSidebarTab extends ApplicationV2 {
  static tabName: string;
  static override DEFAULT_OPTIONS: Dict = {
    tag: "section",
    classes: ["tab", "sidebar-tab"],
    window: { frame: false, positioned: false },
  };
  static override emittedEvents = Object.freeze(["render", "close", "position", "activate", "deactivate"]);

  get active(): boolean {
    return ui()?.sidebar?.tabGroups?.primary === this.tabName;
  }
  get isPopout(): boolean {
    return !!this.options.window.frame;
  }
  get tabName(): string {
    return (this.constructor as typeof AbstractSidebarTab).tabName;
  }

  override _initializeApplicationOptions(options: Dict): Dict {
    options.id ??= (this.constructor as typeof AbstractSidebarTab).tabName;
    const out = super._initializeApplicationOptions(options);
    if (!out.window.frame)
      out.classes.push(`${(this.constructor as typeof AbstractSidebarTab).tabName}-sidebar`);
    return out;
  }

  override async _prepareContext(options: Dict): Promise<Dict> {
    const context = await super._prepareContext(options);
    context.user = game().user;
    return context;
  }

  override async _renderFrame(options: Dict): Promise<HTMLElement> {
    const frame = await super._renderFrame(options);
    if (!this.options.window?.frame) Object.assign(frame.dataset, { tab: this.tabName, group: "primary" });
    return frame;
  }
}

export class CombatTracker extends HandlebarsApplicationMixin(AbstractSidebarTab) {
  static override DEFAULT_OPTIONS: Dict = {
    window: { title: "COMBAT.SidebarTitle" },
    actions: {
      activateCombatant: CombatTracker.#onCombatantMouseDown,
      cycleCombat: CombatTracker.#onCombatCycle,
      createCombat: CombatTracker.#onCombatCreate,
      panToCombatant: CombatTracker.#onCombatantControl,
      pingCombatant: CombatTracker.#onCombatantControl,
      rollInitiative: CombatTracker.#onCombatantControl,
      toggleDefeated: CombatTracker.#onCombatantControl,
      toggleHidden: CombatTracker.#onCombatantControl,
      trackerSettings: CombatTracker.#onConfigure,
    },
  };
  static override tabName = "combat";
  static override PARTS: Dict = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  #viewed: Any = null;

  get combats(): Any[] {
    return game().combats?.combats ?? [];
  }

  get viewed(): Any {
    if (this.isPopout) return ui().combat.viewed;
    return this.#viewed;
  }
  set viewed(combat: Any) {
    if (this.isPopout) ui().combat.viewed = combat;
    else this.#viewed = combat || null;
  }

  override _configureRenderOptions(options: Dict): void {
    super._configureRenderOptions(options);
    let combat = "combat" in options ? options.combat : this.viewed;
    if (!this.isPopout && combat === null) {
      combat = this.#inferCombat();
      combat?.updateCombatantActors?.();
    }
    this.viewed = combat;
  }

  async _getCombatantThumbnail(combatant: Any): Promise<string> {
    return combatant.img ?? G.CONST?.DEFAULT_TOKEN ?? "icons/svg/mystery-man.svg";
  }

  override async _onFirstRender(context: Dict, options: Dict): Promise<void> {
    await super._onFirstRender(context, options);
    if (!this.isPopout) game().combats?.apps?.push(this);
    this._createContextMenu(this._getEntryContextOptions, ".combatant", { fixed: true });
    if (game().user?.isGM) {
      this._createContextMenu(this._getCombatContextOptions, ".encounter-context-menu", {
        eventName: "click",
        fixed: true,
        hookName: "getCombatContextOptions",
        parentClassHooks: false,
      });
    }
  }

  override async _preparePartContext(partId: string, context: Dict, options: Dict): Promise<Dict> {
    const ctx = await super._preparePartContext(partId, context, options);
    switch (partId) {
      case "footer":
      case "header":
        await this._prepareCombatContext(ctx, options);
        break;
      case "tracker":
        await this._prepareTrackerContext(ctx, options);
        break;
    }
    return ctx;
  }

  async _prepareCombatContext(context: Dict, _options: Dict): Promise<void> {
    const combat = this.viewed;
    const combats = this.combats;
    const currentIdx = combats.indexOf(combat);
    const user = game().user;
    const isPlayerTurn = combat?.combatant?.players?.includes(user);
    const turn = combat?.turn;
    const canControl =
      turn && turn >= 1 && turn <= combat.turns.length - 2
        ? combat.canUserModify?.(user, "update", { turn: 0 })
        : combat?.canUserModify?.(user, "update", { round: 0 });
    Object.assign(context, {
      combat,
      hasCombat: combat !== null && combat !== undefined,
      nextId: combats[currentIdx + 1]?.id,
      previousId: combats[currentIdx - 1]?.id,
      combats: combats.map(({ id }, i) => ({ id, label: i + 1, active: i === currentIdx })),
      control: isPlayerTurn && canControl,
      css: combats.length > 8 ? "cycle" : combats.length ? "tabbed" : "",
      currentIndex: currentIdx + 1,
      displayCycle: combats.length > 8,
      initiativeIcon: CONFIG()?.Combat?.initiativeIcon,
      linked: combat?.scene !== null,
      labels: { scope: localize(`COMBAT.${combat?.scene ? "Linked" : "Unlinked"}`) },
    });
  }

  async _prepareTrackerContext(context: Dict, _options: Dict): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    let hasDecimals = false;
    const turns: Dict[] = [];
    context.turns = turns;
    for (const [i, combatant] of (combat.turns as Any[]).entries()) {
      if (!combatant.visible) continue;
      const turn = await this._prepareTurnContext(combat, combatant, i);
      if (turn.hasDecimals) hasDecimals = true;
      turns.push(turn);
    }
    const precision = CONFIG()?.Combat?.initiative?.decimals ?? 2;
    for (const t of turns) {
      if (Number.isFinite(t.initiative)) t.initiative = t.initiative.toFixed(hasDecimals ? precision : 0);
    }
    context.hasDecimals = hasDecimals;
  }

  async _prepareTurnContext(combat: Any, combatant: Any, index: number): Promise<Dict> {
    const { id, name, isOwner, isDefeated, hidden, initiative, permission } = combatant;
    const resource = (permission ?? 0) >= OWNERSHIP.OBSERVER ? combatant.resource : null;
    const hasDecimals = Number.isFinite(initiative) && !Number.isInteger(initiative);
    const turn: Dict = {
      hasDecimals,
      hidden,
      id,
      isDefeated,
      initiative,
      isOwner,
      name,
      resource,
      active: index === combat.turn,
      canPing: combatant.sceneId === G.canvas?.scene?.id && !!game().user?.hasPermission?.("PING_CANVAS"),
      img: await this._getCombatantThumbnail(combatant),
    };
    turn.css = [turn.active ? "active" : null, hidden ? "hide" : null, isDefeated ? "defeated" : null]
      .filter(Boolean)
      .join(" ");
    const effects: Dict[] = [];
    const defeatedId = CONFIG()?.specialStatusEffects?.DEFEATED ?? "dead";
    for (const effect of combatant.actor?.temporaryEffects ?? []) {
      if (effect.statuses?.has(defeatedId)) turn.isDefeated = true;
      else if (effect.img) effects.push({ img: effect.img, name: effect.name });
    }
    turn.effects = { icons: effects, tooltip: "" };
    return turn;
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("dblclick", (e) =>
      this._onCombatantMouseDown(e as PointerEvent, (e.target as HTMLElement).closest("[data-combatant-id]")),
    );
    this.element.addEventListener("change", (e) =>
      detach(this._onUpdateInitiative(e), "updateInitiative", this),
    );
  }

  _getEntryContextOptions(): Dict[] {
    const getCombatant = (li: HTMLElement) => this.viewed?.combatants.get(li.dataset.combatantId);
    return [
      {
        name: "COMBAT.CombatantUpdate",
        condition: () => game().user.isGM,
        callback: (li: HTMLElement) => getCombatant(li)?.sheet?.render({ force: true }),
      },
      {
        name: "COMBAT.CombatantClear",
        condition: (li: HTMLElement) => game().user.isGM && Number.isFinite(getCombatant(li)?.initiative),
        callback: (li: HTMLElement) => getCombatant(li)?.update({ initiative: null }),
      },
      {
        name: "COMBAT.CombatantReroll",
        condition: () => game().user.isGM,
        callback: (li: HTMLElement) => {
          const c = getCombatant(li);
          if (c) return this.viewed.rollInitiative([c.id]);
          return undefined;
        },
      },
      {
        name: "COMBAT.CombatantRemove",
        condition: () => game().user.isGM,
        callback: (li: HTMLElement) => getCombatant(li)?.delete(),
      },
    ];
  }

  _getCombatContextOptions(): Dict[] {
    return [
      {
        name: "COMBAT.InitiativeReset",
        condition: () => game().user.isGM && this.viewed?.turns.length > 0,
        callback: () => this.viewed.resetAll(),
      },
      {
        name: "COMBAT.ClearMovementHistories",
        condition: () => game().user.isGM && this.viewed?.combatants.size > 0,
        callback: () => this.viewed.clearMovementHistories(),
      },
      {
        name: "COMBAT.Delete",
        condition: () => game().user.isGM && !!this.viewed,
        callback: () => this.viewed.endCombat(),
      },
    ];
  }

  /** Combat controls (`.combat-control[data-action]`) call the combat's method of that name, not awaited. */
  override async _onClickAction(event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!(event.target as HTMLElement).closest(".combat-control")) return;
    const combat = this.viewed;
    (target as HTMLButtonElement).disabled = true;
    try {
      await combat[target.dataset.action!]?.();
    } finally {
      (target as HTMLButtonElement).disabled = false;
    }
  }

  static #onCombatCycle(this: CombatTracker, _e: PointerEvent, target: HTMLElement) {
    return game().combats.get(target.dataset.combatId)?.activate({ render: false });
  }

  static async #onCombatCreate(this: CombatTracker): Promise<void> {
    const combat = await CONFIG().Combat.documentClass.create();
    combat.activate({ render: false });
  }

  static #onConfigure(): void {}

  static #onCombatantControl(this: CombatTracker, event: PointerEvent, target: HTMLElement) {
    return this._onCombatantControl(event, target);
  }

  _onCombatantControl(_event: PointerEvent, target: HTMLElement): unknown {
    const { combatantId } = target.closest<HTMLElement>("[data-combatant-id]")?.dataset ?? {};
    const combatant = this.viewed?.combatants.get(combatantId);
    if (!combatant) return undefined;
    switch (target.dataset.action) {
      case "pingCombatant":
        return this._onPingCombatant(combatant);
      case "panToCombatant":
        return this._onPanToCombatant(combatant);
      case "rollInitiative":
        return this._onRollInitiative(combatant);
      case "toggleDefeated":
        return this._onToggleDefeatedStatus(combatant);
      case "toggleHidden":
        return this._onToggleHidden(combatant);
    }
    return undefined;
  }

  static #onCombatantMouseDown(this: CombatTracker, event: PointerEvent, target: HTMLElement) {
    return this._onCombatantMouseDown(event, target);
  }

  _onCombatantMouseDown(event: PointerEvent, target: HTMLElement | null): void {
    const win = G.window as Win | undefined;
    if (win && event.target instanceof win.HTMLInputElement) return;
    const combatant = this.viewed?.combatants.get(target?.dataset.combatantId);
    if (!combatant) return;
    if (event.type === "dblclick") {
      if (combatant.actor?.testUserPermission(game().user, "OBSERVER")) combatant.actor?.sheet?.render(true);
      return;
    }
    const token = combatant.token?.object;
    if (!token) return;
    const controlled = token.control({ releaseOthers: true });
    if (controlled) G.canvas.animatePan(token.center);
  }

  _onPanToCombatant(combatant: Any): unknown {
    const canvas = G.canvas;
    if (!canvas?.ready || combatant.sceneId !== canvas.scene?.id) return undefined;
    const token = combatant.token?.object;
    if (!token?.visible) {
      ui()?.notifications?.warn("COMBAT.WarnNonVisibleToken", { localize: true });
      return undefined;
    }
    const { x, y } = token.center;
    return canvas.animatePan({ x, y });
  }

  _onPingCombatant(combatant: Any): unknown {
    const canvas = G.canvas;
    if (!canvas?.ready || combatant.sceneId !== canvas.scene?.id) return undefined;
    const token = combatant.token?.object;
    if (!token?.visible) return undefined;
    return canvas.ping(token.center);
  }

  _onRollInitiative(combatant: Any): unknown {
    return this.viewed.rollInitiative([combatant.id]);
  }

  async _onToggleDefeatedStatus(combatant: Any): Promise<void> {
    const isDefeated = !combatant.isDefeated;
    await combatant.update({ defeated: isDefeated });
    const defeatedId = CONFIG()?.specialStatusEffects?.DEFEATED ?? "dead";
    await combatant.actor?.toggleStatusEffect(defeatedId, { overlay: true, active: isDefeated });
  }

  _onToggleHidden(combatant: Any): unknown {
    return combatant.update({ hidden: !combatant.hidden });
  }

  _onUpdateInitiative(event: Event): unknown {
    const t = event.target as HTMLInputElement;
    const { combatantId } = t.closest<HTMLElement>("[data-combatant-id]")?.dataset ?? {};
    const combatant = this.viewed?.combatants.get(combatantId);
    if (!combatant) return undefined;
    const raw = t.value;
    const isDelta = /^[+-]/.test(raw);
    if (!isDelta || raw[0] === "=") {
      return combatant.update({ initiative: raw ? Number(raw.replace(/^=/, "")) : null });
    }
    const delta = Number.parseInt(raw, 10);
    if (!Number.isNaN(delta)) return combatant.update({ initiative: combatant.initiative + delta });
    return undefined;
  }

  #inferCombat(): Any {
    const sceneCombats: Any[] = [];
    for (const c of game().combats ?? []) {
      if (c.isActive) return c;
      if (!c.scene || c.scene === game().scenes?.current) sceneCombats.push(c);
    }
    sceneCombats.sort((a, b) => (b._stats?.modifiedTime ?? 0) - (a._stats?.modifiedTime ?? 0));
    return sceneCombats[0] || null;
  }

  scrollToTurn(): void {
    this.element.querySelector(".active")?.scrollIntoView?.();
  }
}

/* -------------------------------------------- */
/*  UX: FormDataExtended, TextEditor, pickers   */
/* -------------------------------------------- */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export class FormDataExtended {
  readonly dtypes: Record<string, string>;
  readonly editors: Dict;
  /** Flat keys (dotted names kept), values cast as Foundry casts them. */
  readonly object: Dict = {};
  readonly #raw = new Map<string, unknown>();

  constructor(
    form: HTMLFormElement,
    { dtypes = {}, editors = {}, disabled = false, readonly = true }: Dict = {},
  ) {
    this.dtypes = dtypes;
    this.editors = editors;
    this.#processFields(form, { disabled, readonly });
    this.#processEditable(form, { disabled, readonly });
  }

  has(name: string): boolean {
    return this.#raw.has(name);
  }
  get(name: string): unknown {
    return this.#raw.get(name) ?? null;
  }
  set(name: string, value: unknown): void {
    this.object[name] = value;
    this.#raw.set(name, Array.isArray(value) ? JSON.stringify(value) : value);
  }
  delete(name: string): void {
    delete this.object[name];
    this.#raw.delete(name);
  }
  entries(): IterableIterator<[string, unknown]> {
    return this.#raw.entries();
  }

  #processFields(form: HTMLFormElement, { disabled, readonly }: Dict): void {
    if (!disabled && form.hasAttribute("disabled")) return;
    const elements = Array.from(form.elements) as Field[];
    for (const el of elements) {
      const name = el.name;
      if (!name || this.has(name)) continue;
      if (el.tagName === "BUTTON") continue;
      if (!disabled && el.matches(":disabled")) continue;
      if (!readonly && (el as HTMLInputElement).readOnly) continue;
      const same = elements.filter((e) => e.name === name && e.tagName !== "BUTTON");
      this.set(name, same.length > 1 ? this.#listValue(name, same) : this.#value(name, el));
    }
  }

  #listValue(name: string, fields: Field[]): unknown {
    if (fields.every((f) => f.type === "radio")) {
      const chosen = fields.find((f) => (f as HTMLInputElement).checked);
      return chosen ? this.#value(name, chosen) : undefined;
    }
    return fields.map((f) => this.#value(name, f));
  }

  #processEditable(form: HTMLFormElement, { disabled, readonly }: Dict): void {
    for (const el of form.querySelectorAll<HTMLElement>("[data-edit]")) {
      const name = el.dataset.edit!;
      if (this.has(name) || name in this.editors) continue;
      if ((!disabled && (el as Any).disabled) || (!readonly && (el as Any).readOnly)) continue;
      this.set(name, el.tagName === "IMG" ? el.getAttribute("src") : el.innerHTML.trim());
    }
  }

  #value(name: string, field: Field): unknown {
    const dataType = field.dataset.dtype || this.dtypes[name];
    if (field.type === "checkbox") {
      const box = field as HTMLInputElement;
      if (box.hasAttribute("value") && dataType !== "Boolean") {
        return this.#cast(box.checked ? box.value : null, dataType);
      }
      return this.#cast(box.checked, dataType);
    }
    if (["number", "range"].includes(field.type)) {
      if (field.value === "") return null;
      return this.#cast(field.value, dataType || "Number");
    }
    if (field.type === "select-multiple") {
      return Array.from((field as HTMLSelectElement).options)
        .filter((o) => o.selected)
        .map((o) => this.#cast(o.value, dataType));
    }
    if (field.type === "radio")
      return (field as HTMLInputElement).checked ? this.#cast(field.value, dataType) : null;
    return this.#cast(field.value, dataType);
  }

  #cast(value: unknown, dataType?: string): unknown {
    if (Array.isArray(value)) return value.map((v) => this.#cast(v, dataType));
    if (value === undefined || value === null || dataType === "String") return value;
    if (dataType === "Boolean") return value === "false" ? false : Boolean(value);
    if (dataType === "Number") return value === "" || value === "null" ? null : Number(value);
    if (dataType === "JSON") return JSON.parse(String(value));
    return value;
  }
}

export interface EnrichCall {
  readonly content: string;
  readonly options: Dict;
}

export class TextEditor {
  /** Every `enrichHTML` call, with its options (so a scenario can check `secrets` and `relativeTo`). */
  static enrichCalls: EnrichCall[] = [];

  static get implementation(): typeof TextEditor {
    return CONFIG()?.ux?.TextEditor ?? TextEditor;
  }

  static async enrichHTML(content: string, options: Dict = {}): Promise<string> {
    if (this !== TextEditor.implementation) return TextEditor.implementation.enrichHTML(content, options);
    TextEditor.enrichCalls.push({ content, options });
    const { secrets = false, custom = true } = options;
    if (!content?.length) return "";
    const html = dom().createElement("div");
    html.innerHTML = String(content || "");
    if (!secrets) for (const s of html.querySelectorAll("section.secret:not(.revealed)")) s.remove();
    // v13 `_applyCustomEnrichers` for each `CONFIG.TextEditor.enrichers` entry, over the text nodes as they are then.
    if (custom)
      for (const config of CONFIG()?.TextEditor?.enrichers ?? [])
        await TextEditor.#replaceTextContent(TextEditor.#textNodes(html), config, options);
    return html.innerHTML;
  }

  /** v13 `#getTextNodes`: every Text node under `parent`, in document order (a TreeWalker over SHOW_TEXT). */
  static #textNodes(parent: HTMLElement): Text[] {
    const out: Text[] = [];
    const walk = (n: Node) => {
      for (const c of [...n.childNodes]) {
        if (c.nodeType === 3) out.push(c as Text);
        else walk(c);
      }
    };
    walk(parent);
    return out;
  }

  /**
   * v13 `_replaceTextContent` + `#replaceTextNode`: each text node's matches, last first, replaced by the element the
   * enricher gives (null leaves the text; a throw is logged, as `Hooks.onError` does, and leaves it too).
   * `replaceParent` hoists the element over a parent it would be the only child of. The `id`/`onRender` wrapping in
   * `<enriched-content>` is not modelled (no enricher here uses it).
   */
  static async #replaceTextContent(text: Text[], config: Dict, options: Dict): Promise<void> {
    for (const t of text) {
      for (const match of [...(t.textContent ?? "").matchAll(config.pattern)].reverse()) {
        let result: Node | null = null;
        try {
          result = await config.enricher(match, options);
        } catch (err) {
          console.error("TextEditor.enrichHTML", err);
        }
        if (!result) continue;
        let target: Text = t;
        if ((match.index ?? 0) > 0) target = t.splitText(match.index ?? 0);
        if (match[0].length < target.length) target.splitText(match[0].length);
        const parent = target.parentElement;
        if (config.replaceParent && parent?.parentElement && parent.childNodes.length < 2)
          parent.replaceWith(result);
        else target.replaceWith(result);
      }
    }
  }

  static getDragEventData(event: DragEvent): Dict {
    if (!("dataTransfer" in event)) return {};
    try {
      return JSON.parse(event.dataTransfer?.getData("text/plain") ?? "");
    } catch {
      return {};
    }
  }
}

export class FilePicker {
  /** Pickers opened with `browse()`, newest last. */
  static opened: FilePicker[] = [];
  static get implementation(): typeof FilePicker {
    return CONFIG()?.ux?.FilePicker ?? FilePicker;
  }
  readonly options: Dict;
  constructor(options: Dict = {}) {
    this.options = options;
  }
  async browse(): Promise<this> {
    FilePicker.opened.push(this);
    return this;
  }
}

/** The user chooses `path` in the newest open FilePicker (its callback runs, as Foundry's does on select). */
export function pickFile(path: string): void {
  const fp = FilePicker.opened.pop();
  if (!fp) throw new Error("No FilePicker is open");
  fp.options.callback?.(path, fp);
}

interface MenuRecord {
  readonly menu: ContextMenu;
  readonly target: HTMLElement;
}
const openMenus = new WeakMap<Document, MenuRecord>();

/** A context menu bound on a container for `selector`, opened by `eventName` (default "contextmenu"). */
export class ContextMenu {
  static get implementation(): typeof ContextMenu {
    return CONFIG()?.ux?.ContextMenu ?? ContextMenu;
  }
  readonly container: HTMLElement;
  readonly selector: string;
  readonly menuItems: Dict[];
  readonly options: Dict;
  constructor(container: HTMLElement, selector: string, menuItems: Dict[], options: Dict = {}) {
    this.container = container;
    this.selector = selector;
    this.menuItems = menuItems;
    this.options = options;
    const eventName = options.eventName ?? "contextmenu";
    container.addEventListener(eventName, (event) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>(selector);
      if (!target) return;
      event.preventDefault();
      openMenus.set(container.ownerDocument, { menu: this, target });
    });
  }
  /** Entries whose condition passes for the target (what the user sees). */
  visibleItems(target: HTMLElement): Dict[] {
    return this.menuItems.filter((i) =>
      typeof i.condition === "function" ? i.condition(target) : (i.condition ?? true),
    );
  }
}

/**
 * The entries (their `name`s, i18n keys) the context menu on `element` shows this user when opened (right-click, or
 * a click for menus bound to "click"): v13 client/applications/ux/context-menu.mjs `render` lists the entries whose
 * `condition(target)` passes. The menu is closed again.
 */
export function contextOptions(element: HTMLElement, { button = 2 } = {}): string[] {
  return contextEntries(element, { button }).map((e) => e.name);
}

/**
 * As `contextOptions`, the entries offered with their icons (for the previews, which draw the menu as v13's
 * ContextMenu#render does: client/applications/ux/context-menu.mjs).
 */
export function contextEntries(element: HTMLElement, { button = 2 } = {}): { name: string; icon: string }[] {
  const open = openContextMenu(element, button);
  return open.menu
    .visibleItems(open.target)
    .map((i) => ({ name: String(i.name), icon: String(i.icon ?? "") }));
}

/**
 * The user opens the context menu on `element` (right-click, or a click for menus bound to "click") and chooses the
 * entry named `name`. Throws if no menu opens or the entry is not offered (its condition fails).
 */
export function chooseContextOption(element: HTMLElement, name: string, { button = 2 } = {}): void {
  const open = openContextMenu(element, button);
  const item = open.menu.visibleItems(open.target).find((i) => i.name === name);
  if (!item) throw new Error(`Context menu entry ${name} is not offered`);
  detach(item.callback?.(open.target), name, null);
}

/**
 * The user opens the context menu on `element` (a right-click, or a click for `button` other than 2): the menu the
 * event opened, closed again at once (the caller reads or chooses its entries). Throws if no menu opens.
 */
function openContextMenu(element: HTMLElement, button: number): MenuRecord {
  const win = winOf(element);
  const d = element.ownerDocument;
  openMenus.delete(d);
  const type = button === 2 ? "contextmenu" : "click";
  element.dispatchEvent(new win.PointerEvent(type, { bubbles: true, cancelable: true, button }));
  const open = openMenus.get(d);
  openMenus.delete(d);
  if (!open) throw new Error(`No context menu opened on ${element.tagName}.${element.className}`);
  return open;
}

/**
 * DragDrop as ActorSheetV2 binds it. Modelled from memory of v13 (not in the files read): `bind` sets `draggable`
 * and assigns the handlers as element properties, so binding again on every render replaces rather than stacks.
 */
export class DragDrop {
  static get implementation(): typeof DragDrop {
    return CONFIG()?.ux?.DragDrop ?? DragDrop;
  }
  readonly dragSelector: string | null;
  readonly dropSelector: string | null;
  readonly permissions: Dict;
  readonly callbacks: Dict;
  constructor({ dragSelector = null, dropSelector = null, permissions = {}, callbacks = {} }: Dict = {}) {
    this.dragSelector = dragSelector;
    this.dropSelector = dropSelector;
    this.permissions = permissions;
    this.callbacks = callbacks;
  }
  can(action: string, selector: string | null): boolean {
    return this.permissions[action] ? this.permissions[action](selector) : true;
  }
  bind(html: HTMLElement): this {
    const canDrag = this.can("dragstart", this.dragSelector);
    const canDrop = this.can("drop", this.dropSelector);
    if (this.dragSelector) {
      for (const el of html.querySelectorAll<HTMLElement>(this.dragSelector)) {
        el.setAttribute("draggable", String(canDrag));
        setHandler(
          el,
          "dragstart",
          canDrag ? (e) => detach(this.callbacks.dragstart?.(e), "dragstart") : null,
        );
      }
    }
    const targets = this.dropSelector
      ? Array.from(html.querySelectorAll<HTMLElement>(this.dropSelector))
      : [html];
    for (const el of targets) {
      setHandler(el, "dragover", (e) => {
        e.preventDefault();
        this.callbacks.dragover?.(e);
      });
      setHandler(el, "drop", canDrop ? (e) => detach(this.callbacks.drop?.(e), "drop") : null);
    }
    return this;
  }
}

const handlers = new WeakMap<EventTarget, Map<string, ((e: Event) => void) | null>>();
function setHandler(el: HTMLElement, type: string, fn: ((e: Event) => void) | null): void {
  let m = handlers.get(el);
  if (!m) {
    m = new Map();
    handlers.set(el, m);
  }
  const byType = m;
  if (!byType.has(type)) el.addEventListener(type, (e) => byType.get(type)?.(e));
  byType.set(type, fn);
}

/* -------------------------------------------- */
/*  Settings                                    */
/* -------------------------------------------- */

export class SettingsConfig {
  /** Every `reloadConfirm` call, in order. */
  static reloadConfirmCalls: { world: boolean }[] = [];
  /** Reloads the user agreed to (`world` also reloads every connected client). */
  static reloads: { world: boolean }[] = [];

  /** Asks with the real modal confirm dialog (id "reload-world-confirm"); answer it with `answerDialog`. */
  static async reloadConfirm({ world = false }: { world?: boolean } = {}): Promise<void> {
    SettingsConfig.reloadConfirmCalls.push({ world });
    const Dialog = G.foundry?.applications?.api?.DialogV2 ?? DialogV2;
    const reload = await Dialog.confirm({
      id: "reload-world-confirm",
      modal: true,
      rejectClose: false,
      window: { title: "SETTINGS.ReloadPromptTitle" },
      position: { width: 400 },
      content: `<p>${localize("SETTINGS.ReloadPromptBody")}</p>`,
    });
    if (!reload) return;
    SettingsConfig.reloads.push({ world: world && !!game().user?.can?.("SETTINGS_MODIFY") });
  }
}

/* -------------------------------------------- */
/*  The user's hands                            */
/* -------------------------------------------- */

const dirty = new WeakSet<Element>();
const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]";

function mouse(el: Element, type: string, init: Dict = {}): boolean {
  const win = winOf(el);
  const Ctor = type.startsWith("pointer") || type === "click" ? win.PointerEvent : win.MouseEvent;
  return el.dispatchEvent(
    new Ctor(type, { bubbles: true, cancelable: true, composed: true, button: 0, detail: 1, ...init }),
  );
}

/**
 * The HTML "selectedness setting algorithm" for parsed markup: a select shows its last option with the `selected`
 * attribute, else its first option (browsers; Foundry's `selectOptions` helper marks the stored value so). happy-dom
 * 20.14.6 gets this wrong for markup set by innerHTML (it selects the second option whatever is marked — measured),
 * so a re-rendered sheet would submit a value the user never chose; the parsed part is corrected here.
 */
export function selectParsedOptions(root: ParentNode): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>("select:not([multiple])")) {
    const options = Array.from(select.querySelectorAll<HTMLOptionElement>("option"));
    const marked = options.filter((o) => o.hasAttribute("selected")).at(-1) ?? options[0];
    if (marked) select.value = marked.value;
  }
}

/** A field the user edited loses focus: `change` (if its value was edited) fires before `blur`, as in browsers. */
function commit(el: Element | null): void {
  if (!el || !dirty.has(el)) return;
  dirty.delete(el);
  const win = winOf(el);
  el.dispatchEvent(new win.Event("change", { bubbles: true }));
}

/** Focus moves as on mousedown: to the nearest focusable element, committing the field that had focus. */
function moveFocus(target: Element): void {
  const d = target.ownerDocument;
  const active = d.activeElement;
  const next = target.closest<HTMLElement>(FOCUSABLE);
  if (active && active !== next) commit(active);
  if (next && !(next as HTMLButtonElement).disabled) next.focus();
  else (active as HTMLElement | null)?.blur?.();
}

function assertEditable(el: Element): void {
  const f = el as HTMLInputElement;
  if (!el.isConnected) throw new Error(`${el.tagName}[name=${f.name}] is not in the document`);
  if (f.disabled || el.matches(":disabled")) throw new Error(`${el.tagName}[name=${f.name}] is disabled`);
  if (f.readOnly) throw new Error(`${el.tagName}[name=${f.name}] is read-only`);
}

/**
 * A left click on `element`: pointerdown, mousedown (focus moves), pointerup, mouseup, click, then the browser's
 * default actions (a submit button submits its form). Returns false if a listener cancelled the click.
 *
 * The five events are dispatched in one go, with no microtask checkpoint between them, which a browser never does
 * (each input event is its own task). That is harmless when nothing reacts to mousedown, so `click` refuses the one
 * case where it is not: a field edited with `typeInto` that this mousedown would commit. Use `humanClick` or
 * `clickAfterEdit` there. After interactions that queue work (a `change`, an action), `await settle()` before the
 * next click, as the user's next click comes after the re-render.
 */
export function click(element: Element, init: Dict = {}): boolean {
  if ((element as HTMLButtonElement).disabled) return false;
  const active = element.ownerDocument.activeElement;
  if (active && dirty.has(active) && element.closest(FOCUSABLE) !== active) {
    throw new Error(
      "click(): an edited field would commit its change on this mousedown; use humanClick() or clickAfterEdit()",
    );
  }
  mouse(element, "pointerdown", init);
  if (mouse(element, "mousedown", init)) moveFocus(element);
  mouse(element, "pointerup", init);
  mouse(element, "mouseup", init);
  return mouse(element, "click", init);
}

/** The user types `value` into a text or number field: it has focus and an `input` event, no `change` yet. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string | number): void {
  assertEditable(input);
  const d = input.ownerDocument;
  if (d.activeElement !== input) {
    commit(d.activeElement);
    input.focus();
  }
  input.value = String(value);
  dirty.add(input);
  input.dispatchEvent(new (winOf(input).Event)("input", { bubbles: true }));
}

/**
 * The user edits a field as a user does. Text, number and textarea: focus, type, then leave the field, so `change`
 * fires (before `blur`). Checkbox and radio: `value` true/false sets `checked`; select: the option value. Those fire
 * `input` and `change` at once, as browsers do. Throws for a disabled, read-only or detached field.
 */
export function change(
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: string | number | boolean,
): void {
  assertEditable(field);
  const win = winOf(field);
  const type = (field as HTMLInputElement).type;
  if (type === "checkbox" || type === "radio") {
    (field as HTMLInputElement).checked = !!value;
  } else if (field.tagName === "SELECT") {
    field.value = String(value);
  } else {
    typeInto(field as HTMLInputElement, value as string);
    commit(field);
    field.blur();
    return;
  }
  field.dispatchEvent(new win.Event("input", { bubbles: true }));
  field.dispatchEvent(new win.Event("change", { bubbles: true }));
}

/** The form is submitted without a submit button (Enter in a field, or `requestSubmit()`); no validation. */
export function submit(form: HTMLFormElement): boolean {
  const win = winOf(form);
  return form.dispatchEvent(new win.SubmitEvent("submit", { bubbles: true, cancelable: true }));
}

/** Any rendered application (ours are typed through `src/types/app-bases.ts`, not as these classes). */
export interface RenderedApp {
  readonly element: HTMLElement;
}

/** The user clicks the attack dialog's "Roll" (its submit button) with a quick click. */
export function pressRoll(app: RenderedApp): boolean {
  const button = app.element?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error(`${app.constructor.name} has no submit button`);
  return click(button);
}

function commonAncestor(a: Node, b: Node): Node | null {
  const up = new Set<Node>();
  for (let n: Node | null = a; n; n = n.parentNode) up.add(n);
  for (let n: Node | null = b; n; n = n.parentNode) if (up.has(n)) return n;
  return null;
}

export interface HumanClick {
  /** The element under the pointer at mousedown. */
  readonly pressed: Element;
  /** The element under the pointer at mouseup (re-queried), or null if nothing matches any more. */
  readonly released: Element | null;
  /** Where the click event went (nearest common ancestor of both), or null when no click fired. */
  readonly clicked: Node | null;
}

/**
 * A click as a browser delivers it, one task per input event. Model (UI Events "click" + what browsers do):
 * 1. pointerdown/mousedown on the element matching `selector` in `root`;
 * 2. mousedown's default action moves focus: a field edited with `typeInto` commits (`change` fires, before
 *    `blur`), and its listeners run (an app may call `render()`);
 * 3. the task ends; before the next input event the browser runs the microtasks, and an ApplicationV2 re-render
 *    with cached templates is nothing but microtasks (semaphore, `_prepareContext`, `renderTemplate`), so it has
 *    finished and REPLACED the part holding the pressed element before mouseup, however quick the click. The harness
 *    runs `settle()` here (a superset: it also lets timers and dropped promises finish);
 * 4. pointerup/mouseup go to what is now under the pointer: the element matching `selector` again (the pointer did
 *    not move and the new part has the same layout);
 * 5. `click` is dispatched at the nearest common inclusive ancestor of the mousedown and mouseup targets. If the
 *    pressed element was detached, the two share no ancestor and NO click fires (Chrome and Firefox), so the
 *    action, or the submit, is lost. Unverified in a real browser here; the mechanism is the spec's and core's.
 */
export async function humanClick(root: ParentNode, selector: string, init: Dict = {}): Promise<HumanClick> {
  const pressed = root.querySelector(selector);
  if (!pressed) throw new Error(`Nothing matches ${selector}`);
  mouse(pressed, "pointerdown", init);
  if (mouse(pressed, "mousedown", init)) moveFocus(pressed);
  await settle();
  const d = pressed.ownerDocument;
  const liveRoot = (root as Node).isConnected ? root : d;
  const released = liveRoot.querySelector(selector);
  if (!released) return { pressed, released: null, clicked: null };
  mouse(released, "pointerup", init);
  mouse(released, "mouseup", init);
  const target = commonAncestor(pressed, released);
  if (!target || !(target as Node).isConnected) return { pressed, released, clicked: null };
  mouse(target as Element, "click", init);
  return { pressed, released, clicked: target };
}

/**
 * The "Roll click after an edit is lost" sequence (review ui-canvas §2.4): the user types `value` into `input`
 * (no change yet), then clicks the button matching `buttonSelector` inside `app.element` (`humanClick`). The change
 * fires on mousedown, the app's change handler re-renders, the part is replaced, and the click goes to whatever is
 * under the pointer by then. `clicked === null` means the click was lost.
 */
export async function clickAfterEdit(
  app: RenderedApp,
  input: HTMLInputElement,
  value: string | number,
  buttonSelector: string,
): Promise<HumanClick> {
  typeInto(input, value);
  return humanClick(app.element, buttonSelector);
}

/** Drag data onto `target` (a drop from the sidebar or another sheet): dragover then drop with that data. */
export function dropData(target: Element, data: Dict): boolean {
  const win = winOf(target);
  const store = new Map<string, string>([["text/plain", JSON.stringify(data)]]);
  const dataTransfer = {
    getData: (t: string) => store.get(t) ?? "",
    setData: (t: string, v: string) => void store.set(t, v),
    types: [...store.keys()],
  };
  for (const type of ["dragover", "drop"]) {
    const e = new win.Event(type, { bubbles: true, cancelable: true });
    Object.defineProperty(e, "dataTransfer", { value: dataTransfer });
    if (!target.dispatchEvent(e) && type === "drop") return false;
  }
  return true;
}

/** Open application windows of this client's DOM that are DialogV2s (newest last). */
export function openDialogs(d: Document | undefined = G.document): DialogV2[] {
  if (!d) return [];
  return [...appInstances(d).values()].filter((a): a is DialogV2 => a instanceof DialogV2 && a.rendered);
}

/**
 * Open windows that wait for the user's answer: DialogV2s and any other rendered application that is neither a
 * document sheet nor a sidebar tab (our attack dialog is an ApplicationV2 form whose `prompt` waits on it). Work
 * stalled while one is open is waiting on the user, not hung.
 */
export function awaitingUser(d: Document | undefined = G.document): ApplicationV2[] {
  if (!d) return [];
  return [...appInstances(d).values()].filter(
    (a) => a.rendered && !(a instanceof DocumentSheetV2) && !(a instanceof AbstractSidebarTab),
  );
}

/** The user answers an open dialog (by id, or the newest) by clicking its button `action`. */
export function answerDialog(action: string, id?: string): DialogV2 {
  const dialogs = openDialogs();
  const dialog = id ? dialogs.find((x) => x.id === id) : dialogs.at(-1);
  if (!dialog) throw new Error(`No open dialog${id ? ` ${id}` : ""}`);
  const button = dialog.element.querySelector(`button[data-action="${action}"]`);
  if (!button) throw new Error(`Dialog ${dialog.id} has no button ${action}`);
  click(button);
  return dialog;
}

/* -------------------------------------------- */
/*  What world.ts installs                      */
/* -------------------------------------------- */

/** `foundry.applications` as world.ts installs it; `instances` is the current client's. */
export function applicationsNamespace(): Dict {
  return {
    api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
    sheets: { ActorSheetV2, ItemSheetV2 },
    sidebar: { AbstractSidebarTab, tabs: { CombatTracker } },
    handlebars: handlebarsApi,
    ux: { TextEditor, FormDataExtended, FilePicker, ContextMenu, DragDrop },
    apps: { FilePicker },
    settings: { SettingsConfig },
    get instances() {
      return appInstances();
    },
  };
}

/** Clear the per-process records between tests (action log, enrich calls, pickers, reload prompts). */
export function resetAppRecords(): void {
  actionLog.length = 0;
  TextEditor.enrichCalls.length = 0;
  FilePicker.opened.length = 0;
  SettingsConfig.reloadConfirmCalls.length = 0;
  SettingsConfig.reloads.length = 0;
  DocumentSheetV2.configureSheetClicks.length = 0;
}
