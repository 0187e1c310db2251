/**
 * The harness's applications layer, tested on small test-only applications (parts replaced on re-render, actions
 * called with the app as `this` and not awaited, submitOnChange → `document.update`, `editImage` reading
 * `data-edit`, DialogV2 results, the tracker's context and row clicks), then our REAL applications rendered once
 * each from our real templates. Where a real application breaks the v13 contract, the test pins what v13 does
 * (the defect lists live in the reviews; `src/` is not changed here).
 */
import { Window } from "happy-dom";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PARTIALS, templatePath } from "../../src/constants.js";
import { deriveActor } from "../../src/data/actor/derived.js";
import { CHARACTER_SPEC } from "../../src/data/actor/specs.js";
import { validateData } from "../../src/data/spec.js";
import { registerHelpers } from "../../src/helpers/handlebars.js";
import { THREE_SIDES } from "../fixtures/combat.js";
import { burstPrep } from "../fixtures/dialog.js";
import { weaponItem } from "../fixtures/sheets.js";
import {
  ActorSheetV2,
  ApplicationV2,
  actionLog,
  answerDialog,
  applicationsNamespace,
  CombatTracker,
  captureUnhandledRejections,
  change,
  chooseContextOption,
  click,
  clickAfterEdit,
  DialogV2,
  DocumentSheetV2,
  FilePicker,
  FormDataExtended,
  HandlebarsApplicationMixin,
  humanClick,
  lastAction,
  openDialogs,
  pickFile,
  pressRoll,
  resetAppRecords,
  SettingsConfig,
  settle,
  submit,
  TextEditor,
  typeInto,
} from "./apps.js";
import { createHandlebars, loadTemplates, renderTemplate, templateFetches } from "./handlebars.js";
import { escapeHTML } from "./utils.js";

type Any = any;
type Dict = Record<string, Any>;
const G = globalThis as Any;

/* -------------------------------------------- */
/*  One client: a DOM, Handlebars, globals      */
/* -------------------------------------------- */

const saved = { window: G.window, document: G.document, foundry: G.foundry, ui: G.ui, CONFIG: G.CONFIG };
const savedGame = { user: G.game.user, settings: G.game.settings };
let win: Window;
const notes = { info: [] as unknown[], warn: [] as unknown[], error: [] as unknown[] };
const settingsStore = new Map<string, unknown>();
const settingWrites: [string, unknown][] = [];
const hookCalls: string[] = [];

function installClient(isGM = true): void {
  win = new Window({ url: "http://localhost:30000/game" });
  G.window = win;
  G.document = win.document;
  G.Handlebars = createHandlebars();
  registerHelpers(G.Handlebars); // what our init hook does
  G.foundry = {
    applications: applicationsNamespace(),
    utils: { saveDataToFile: vi.fn(), escapeHTML },
  };
  for (const k of Object.keys(notes)) (notes as Dict)[k] = [];
  G.ui = {
    notifications: {
      info: (m: unknown) => notes.info.push(m),
      warn: (m: unknown) => notes.warn.push(m),
      error: (m: unknown) => notes.error.push(m),
    },
  };
  G.CONFIG = { ux: {}, Combat: { initiative: { decimals: 2 } }, specialStatusEffects: { DEFEATED: "dead" } };
  G.Hooks = { callAll: (name: string) => hookCalls.push(name), call: () => true };
  G.game.user = { id: "u1", isGM, hasPermission: () => true, can: () => isGM };
  settingsStore.clear();
  settingWrites.length = 0;
  hookCalls.length = 0;
  for (const [k, v] of Object.entries({
    engine: "alphaDawn",
    variant: "expanded",
    preset: "sfExpanded",
    autoHit: true,
    autoMiss: true,
    strayShots: true,
    crowdCover: true,
    hideNpcInitiative: true,
    zebulonTable: undefined,
  }))
    settingsStore.set(k, v);
  G.game.settings = {
    get: (_ns: string, k: string) => settingsStore.get(k),
    set: async (_ns: string, k: string, v: unknown) => {
      settingWrites.push([k, v]);
      settingsStore.set(k, v);
      return v;
    },
  };
  resetAppRecords();
}

beforeEach(async () => {
  installClient();
  // Issue 30: the game tables init registers (the tracker and a new actor ask the world's game), loaded once
  // Foundry's globals are installed (the SWN module defines its squad sheet on load).
  const [{ registerGame }, { GAMES }] = await Promise.all([
    import("../../src/helpers/game.js"),
    import("../../src/games/index.js"),
  ]);
  for (const table of GAMES) registerGame(table);
});
afterEach(async () => {
  await settle().catch(() => undefined);
  await win.happyDOM.close();
});
afterAll(() => {
  Object.assign(G, saved);
  Object.assign(G.game, savedGame);
  delete G.Handlebars;
  delete G.Hooks;
});

const partial = (id: string, src: string) => G.Handlebars.registerPartial(id, G.Handlebars.compile(src));

/** A stand-in document with the public API the sheets use; `update` records and applies. */
class StandInDoc {
  id = "d1";
  uuid = "Actor.d1";
  documentName = "Actor";
  type = "character";
  name = "Eusyl";
  img = "a.png";
  system: Dict = { hp: 3, active: true, kind: "b" };
  apps: Dict = {};
  collection = { has: () => true };
  level = 3;
  updates: [Dict, Dict][] = [];
  get _source(): Dict {
    return { name: this.name, img: this.img, system: this.system };
  }
  get isOwner(): boolean {
    return this.level >= 3;
  }
  testUserPermission(_user: unknown, level: number | string): boolean {
    const need = typeof level === "number" ? level : { LIMITED: 1, OBSERVER: 2, OWNER: 3 }[level]!;
    return this.level >= need;
  }
  async update(data: Dict, options: Dict = {}): Promise<this> {
    this.updates.push([data, options]);
    return this;
  }
}

/* -------------------------------------------- */
/*  ApplicationV2 and HandlebarsApplicationMixin */
/* -------------------------------------------- */

describe("ApplicationV2 (application.mjs) and HandlebarsApplicationMixin", () => {
  it("merges DEFAULT_OPTIONS over the class chain: arrays concatenated, objects merged", () => {
    const one = () => undefined;
    const two = () => undefined;
    class A extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS: Dict = {
        classes: ["a"],
        actions: { one },
        form: { submitOnChange: true },
      };
    }
    class B extends A {
      static override DEFAULT_OPTIONS = { classes: ["b"], actions: { two }, window: { title: "T" } };
    }
    const b = new B();
    expect(b.options.classes).toEqual(["application", "a", "b"]);
    expect(b.options.actions).toEqual({ one, two });
    expect(b.options.form).toEqual({ handler: undefined, submitOnChange: true, closeOnSubmit: false });
    expect(b.options.window.title).toBe("T");
    expect(b.options.window.frame).toBe(true);
    expect(b.id).toBe(`app-${b.options.uniqueId}`);
  });

  it("replaces each re-rendered part's element; a partial render leaves the other parts alone", async () => {
    partial("h/head.hbs", `<header class="head">Head {{count}}</header>`);
    partial(
      "h/body.hbs",
      `<section class="body"><span class="n">{{count}}</span><button type="button" data-action="bump"><i class="icon"></i></button></section>`,
    );
    class Counter extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS = { actions: { bump: Counter.#bump } };
      static override PARTS = { head: { template: "h/head.hbs" }, body: { template: "h/body.hbs" } };
      count = 0;
      override async _prepareContext(): Promise<Dict> {
        return { count: this.count };
      }
      static #bump(this: Counter) {
        this.count++;
        return this.render({ parts: ["body"] });
      }
    }
    const app = new Counter();
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
    expect(win.document.getElementById(app.id)).toBe(app.element);
    const head0 = app.parts.head!;
    const body0 = app.parts.body!;
    expect(body0.dataset.applicationPart).toBe("body");

    // A click on the icon inside the button routes to the closest [data-action].
    click(body0.querySelector("i.icon")!);
    expect(app.count).toBe(1);
    expect(body0.isConnected).toBe(true); // the render is queued, not done
    await settle();
    const body1 = app.element.querySelector<HTMLElement>('[data-application-part="body"]')!;
    expect(body1).not.toBe(body0);
    expect(body0.isConnected).toBe(false);
    expect(body1.querySelector(".n")!.textContent).toBe("1");
    expect(app.parts.head).toBe(head0);
    expect(head0.textContent).toBe("Head 0");
    expect(hookCalls.filter((h) => h === "renderCounter")).toHaveLength(2);
  });

  it("a part must render exactly one element; the failed render removes the app and throws", async () => {
    partial("h/two.hbs", `<p>a</p><p>b</p>`);
    class Two extends HandlebarsApplicationMixin(ApplicationV2) {
      static override PARTS = { body: { template: "h/two.hbs" } };
    }
    const app = new Two();
    await expect(app.render({ force: true })).rejects.toThrow(
      /Failed to render Application "app-\d+":\nFailed to render template part "body":\nTemplate part "body" must render a single HTML element/,
    );
    expect(app.state).toBe(ApplicationV2.RENDER_STATES.ERROR);
    expect(win.document.body.children).toHaveLength(0);
  });

  it("calls action handlers with the app as `this` and the [data-action] element, without awaiting them", async () => {
    partial(
      "h/act.hbs",
      `<div><a data-action="slow"><b>go</b></a><button data-action="boom">x</button></div>`,
    );
    let release: (v: string) => void = () => undefined;
    const seen: unknown[] = [];
    class Act extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS = {
        actions: {
          slow(this: Act, _e: Event, target: HTMLElement) {
            seen.push(this, target.tagName);
            return new Promise<string>((r) => {
              release = r;
            });
          },
          async boom() {
            throw new Error("boom");
          },
        },
      };
      static override PARTS = { body: { template: "h/act.hbs" } };
    }
    const app = new Act();
    await app.render({ force: true });
    expect(click(app.element.querySelector("b")!)).toBe(true);
    expect(seen).toEqual([app, "A"]);
    const slow = lastAction("slow")!;
    release("done");
    expect(await slow.outcome).toEqual({ status: "fulfilled", value: "done" });

    const capture = captureUnhandledRejections();
    try {
      click(app.element.querySelector('[data-action="boom"]')!);
      await settle();
      expect(capture.reasons.map((r) => (r as Error).message)).toEqual(["boom"]);
      expect(await lastAction("boom")!.outcome).toMatchObject({ status: "rejected" });
      expect(notes.error).toHaveLength(0); // nothing tells the user
    } finally {
      capture.dispose();
    }
  });

  it("an error thrown by a DOM listener is reported on the window, where the capture sees it", async () => {
    partial("h/in.hbs", `<div><input type="text" name="t"></div>`);
    class In extends HandlebarsApplicationMixin(ApplicationV2) {
      static override PARTS = { body: { template: "h/in.hbs" } };
      override async _onRender(): Promise<void> {
        this.element.addEventListener("change", () => {
          throw new Error("listener threw");
        });
      }
    }
    const app = new In();
    await app.render({ force: true });
    const capture = captureUnhandledRejections();
    try {
      change(app.element.querySelector<HTMLInputElement>('[name="t"]')!, "x");
      await settle();
      expect(capture.reasons.map((r) => (r as Error).message)).toEqual(["listener threw"]);
    } finally {
      capture.dispose();
    }
  });

  it("routes the built-in tab action by event.target and switches the active tab", async () => {
    partial(
      "h/tabs.hbs",
      `<div><nav class="tabs">{{#each tabs as |t|}}<a class="{{t.cssClass}}" data-action="tab" data-group="{{t.group}}" data-tab="{{t.id}}">{{t.label}}</a>{{/each}}</nav>
      <section class="tab {{tabs.a.cssClass}}" data-group="primary" data-tab="a"></section><section class="tab {{tabs.b.cssClass}}" data-group="primary" data-tab="b"></section></div>`,
    );
    class Tabs extends HandlebarsApplicationMixin(ApplicationV2) {
      static override TABS = {
        primary: { tabs: [{ id: "a" }, { id: "b" }], initial: "a", labelPrefix: "L" },
      };
      static override PARTS = { body: { template: "h/tabs.hbs" } };
    }
    const app = new Tabs();
    await app.render({ force: true });
    expect(app.element.querySelector("section.tab.active")!.getAttribute("data-tab")).toBe("a");
    click(app.element.querySelector('[data-tab="b"]')!);
    expect(app.tabGroups.primary).toBe("b");
    expect(app.element.querySelector("section.tab.active")!.getAttribute("data-tab")).toBe("b");
  });
});

/* -------------------------------------------- */
/*  Document sheets                             */
/* -------------------------------------------- */

describe("DocumentSheetV2 (document-sheet.mjs) and FormDataExtended", () => {
  const sheetTemplate = `<div>
    <img class="portrait" data-action="editImage" data-edit="img" src="{{document.img}}">
    <input type="text" name="name" value="{{document.name}}">
    <input type="number" name="system.hp" value="{{document.system.hp}}">
    <input type="checkbox" name="system.active" {{checked document.system.active}}>
    <select name="system.kind">{{selectOptions kinds selected=document.system.kind}}</select>
  </div>`;
  class Sheet extends HandlebarsApplicationMixin(DocumentSheetV2) {
    static override DEFAULT_OPTIONS = { form: { submitOnChange: true } };
    static override PARTS = { body: { template: "h/sheet.hbs" } };
    override async _prepareContext(o: Dict): Promise<Dict> {
      return Object.assign(await super._prepareContext(o), { kinds: { a: "A", b: "B" } });
    }
  }

  it("submitOnChange: a user's edit submits the whole form, expanded and typed, to document.update", async () => {
    partial("h/sheet.hbs", sheetTemplate);
    const doc = new StandInDoc();
    const app = new Sheet({ document: doc });
    await app.render({ force: true });
    expect(app.id).toBe("Sheet-Actor-d1");
    expect(app.element.tagName).toBe("FORM");
    expect(doc.apps[app.id]).toBe(app);
    change(app.element.querySelector<HTMLInputElement>('[name="system.hp"]')!, "7");
    await settle();
    expect(doc.updates).toEqual([
      [{ img: "a.png", name: "Eusyl", system: { hp: 7, active: true, kind: "b" } }, {}],
    ]);
    change(app.element.querySelector<HTMLInputElement>('[name="system.active"]')!, false);
    change(app.element.querySelector<HTMLSelectElement>('[name="system.kind"]')!, "a");
    await settle();
    expect(doc.updates.map(([d]) => [d.system.active, d.system.kind])).toEqual([
      [true, "b"],
      [false, "b"],
      [false, "a"],
    ]);
  });

  it("a viewer who may not edit gets disabled fields, and a submit updates nothing", async () => {
    partial("h/sheet.hbs", sheetTemplate);
    const doc = new StandInDoc();
    doc.level = 2;
    const app = new Sheet({ document: doc });
    await app.render({ force: true });
    const hp = app.element.querySelector<HTMLInputElement>('[name="system.hp"]')!;
    expect(hp.disabled).toBe(true);
    expect(app.element.querySelector("img.portrait")!.classList.contains("disabled")).toBe(true);
    expect(() => change(hp, "9")).toThrow(/disabled/);
    await app.submit();
    expect(doc.updates).toHaveLength(0);
  });

  it("a document the user may not see does not render; the user is warned", async () => {
    partial("h/sheet.hbs", sheetTemplate);
    const doc = new StandInDoc();
    doc.level = 0;
    const app = new Sheet({ document: doc });
    await app.render({ force: true });
    expect(app.rendered).toBe(false);
    expect(notes.warn).toEqual(["SHEETS.DocumentSheetPrivate"]);
  });

  it("editImage reads data-edit, opens a FilePicker, and the chosen path is submitted", async () => {
    partial("h/sheet.hbs", sheetTemplate);
    const doc = new StandInDoc();
    const app = new Sheet({ document: doc });
    await app.render({ force: true });
    click(app.element.querySelector("img.portrait")!);
    await settle();
    expect(FilePicker.opened).toHaveLength(1);
    expect(FilePicker.opened[0]!.options).toMatchObject({ current: "a.png", type: "image" });
    pickFile("icons/new.png");
    await settle();
    expect(doc.updates.at(-1)![0].img).toBe("icons/new.png");
  });

  it("an image with data-edit but no data-action does nothing on click (AppV1's binding is gone)", async () => {
    partial("h/plain.hbs", `<div><img class="portrait" data-edit="img" src="a.png"></div>`);
    class Plain extends HandlebarsApplicationMixin(DocumentSheetV2) {
      static override PARTS = { body: { template: "h/plain.hbs" } };
    }
    const app = new Plain({ document: new StandInDoc() });
    await app.render({ force: true });
    click(app.element.querySelector("img")!);
    await settle();
    expect(FilePicker.opened).toHaveLength(0);
  });

  it("FormDataExtended: flat keys, numbers or null, booleans, radios, disabled skipped, [data-edit] images", () => {
    installClient();
    const form = win.document.createElement("form");
    form.innerHTML = `<input type="number" name="a.b" value="12"><input type="number" name="a.c" value="">
      <input type="checkbox" name="on" checked><input type="checkbox" name="v" value="x">
      <input type="radio" name="r" value="1"><input type="radio" name="r" value="2" checked>
      <input type="text" name="off" value="no" disabled><select name="s"><option value="p" selected>P</option></select>
      <img data-edit="img" src="i.png"><button name="btn" value="1">b</button>`;
    const fd = new FormDataExtended(form as unknown as HTMLFormElement);
    expect(fd.object).toEqual({ "a.b": 12, "a.c": null, on: true, v: null, r: "2", s: "p", img: "i.png" });
  });
});

/* -------------------------------------------- */
/*  DialogV2                                    */
/* -------------------------------------------- */

describe("DialogV2 (dialog.mjs)", () => {
  it("prompt resolves with ok.callback(event, button, dialog)", async () => {
    const p = DialogV2.prompt({
      content: `<input name="x" value="5">`,
      ok: {
        callback: (_e: Event, button: HTMLButtonElement, dialog: DialogV2) => ({
          x: (button.form!.elements.namedItem("x") as HTMLInputElement).value,
          isDialog: dialog instanceof DialogV2,
        }),
      },
    });
    await settle();
    const [d] = openDialogs();
    expect(d!.element.tagName).toBe("DIALOG");
    expect((d!.element as HTMLDialogElement).open).toBe(true);
    answerDialog("ok");
    await expect(p).resolves.toEqual({ x: "5", isDialog: true });
    await settle();
    expect(openDialogs()).toHaveLength(0);
  });

  it("prompt resolves null when the dialog is closed; wait rejects instead when rejectClose", async () => {
    const p = DialogV2.prompt({ content: "<p>?</p>" });
    await settle();
    click(openDialogs()[0]!.element.querySelector('[data-action="close"]')!);
    await expect(p).resolves.toBeNull();
    const q = DialogV2.wait({ buttons: [{ action: "a", label: "A" }], rejectClose: true });
    await settle();
    click(openDialogs()[0]!.element.querySelector('[data-action="close"]')!);
    await expect(q).rejects.toThrow("Dialog was dismissed without pressing a button.");
  });

  it("confirm resolves true for yes and false for no; a plain button resolves its action id", async () => {
    const yes = DialogV2.confirm({ content: "<p>?</p>" });
    await settle();
    answerDialog("yes");
    await expect(yes).resolves.toBe(true);
    const no = DialogV2.confirm({ content: "<p>?</p>" });
    await settle();
    answerDialog("no");
    await expect(no).resolves.toBe(false);
    const other = DialogV2.wait({ buttons: [{ action: "left", label: "L" }] });
    await settle();
    answerDialog("left");
    await expect(other).resolves.toBe("left");
  });
});

/* -------------------------------------------- */
/*  CombatTracker                               */
/* -------------------------------------------- */

class Collection<V extends { id: string }> extends Map<string, V> {
  constructor(values: V[]) {
    super(values.map((v) => [v.id, v]));
  }
  get contents(): V[] {
    return [...this.values()];
  }
  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }
}

function standInCombat() {
  const controls: Dict[] = [];
  const token = (x: number) => ({
    object: {
      center: { x, y: 50 },
      visible: true,
      control: (o: Dict) => {
        controls.push(o);
        return true;
      },
    },
  });
  const c = (id: string, name: string, x: number, extra: Dict = {}) => ({
    id,
    name,
    img: `${id}.png`,
    visible: true,
    isOwner: true,
    permission: 3,
    initiative: null,
    hidden: false,
    isDefeated: false,
    token: token(x),
    update: vi.fn(async () => undefined),
    ...extra,
  });
  const combatants = [c("c1", "Eusyl", 100), c("c2", "Pirate", 300)];
  const combat: Dict = {
    id: "combat1",
    round: 1,
    turn: 0,
    started: true,
    scene: null,
    combatants: new Collection(combatants),
    turns: combatants,
    combatant: combatants[0],
    canUserModify: () => true,
    nextTurn: vi.fn(async () => combat),
    nextRound: vi.fn(async () => {
      throw new Error("not your round");
    }),
    resetAll: vi.fn(async () => combat),
    rollInitiative: vi.fn(async () => combat),
  };
  return { combat, controls };
}

describe("CombatTracker (combat-tracker.mjs)", () => {
  it("renders header/tracker/footer from _prepareCombatContext and _prepareTrackerContext", async () => {
    const { combat } = standInCombat();
    const order: string[] = [];
    class Tracker extends CombatTracker {
      override async _prepareCombatContext(ctx: Dict, o: Dict) {
        order.push(`combat:${ctx.partId}`);
        await super._prepareCombatContext(ctx, o);
      }
      override async _prepareTrackerContext(ctx: Dict, o: Dict) {
        order.push(`tracker:${ctx.partId}`);
        await super._prepareTrackerContext(ctx, o);
      }
    }
    G.canvas = { scene: null, animatePan: vi.fn() };
    const app = new Tracker();
    await app.render({ force: true, combat });
    expect(order).toEqual(["combat:combat-header", "tracker:combat-tracker", "combat:combat-footer"]);
    expect(app.element.tagName).toBe("SECTION");
    expect(app.viewed).toBe(combat);
    expect(
      [...app.element.querySelectorAll("li.combatant")].map((li) => li.getAttribute("data-combatant-id")),
    ).toEqual(["c1", "c2"]);
  });

  it("a row click activates the combatant: its token is controlled and the canvas pans to it", async () => {
    const { combat, controls } = standInCombat();
    G.canvas = { scene: null, animatePan: vi.fn() };
    const app = new CombatTracker();
    await app.render({ force: true, combat });
    click(app.element.querySelector('[data-combatant-id="c2"] .name')!);
    expect(controls).toEqual([{ releaseOthers: true }]);
    expect(G.canvas.animatePan).toHaveBeenCalledWith({ x: 300, y: 50 });
  });

  it("combat controls call the combat's method, not awaited: a rejection is unhandled", async () => {
    const { combat } = standInCombat();
    const app = new CombatTracker();
    await app.render({ force: true, combat });
    const next = app.element.querySelector<HTMLButtonElement>('[data-action="nextTurn"]')!;
    click(next);
    expect(combat.nextTurn).toHaveBeenCalledTimes(1);
    expect(next.disabled).toBe(true);
    await settle();
    expect(next.disabled).toBe(false);
    const capture = captureUnhandledRejections();
    try {
      click(app.element.querySelector('[data-action="nextRound"]')!);
      await settle();
      expect(capture.reasons.map((r) => (r as Error).message)).toEqual(["not your round"]);
    } finally {
      capture.dispose();
    }
  });

  it("context menus: COMBAT.InitiativeReset calls resetAll, COMBAT.CombatantReroll rolls that combatant", async () => {
    const { combat } = standInCombat();
    const app = new CombatTracker();
    await app.render({ force: true, combat });
    chooseContextOption(app.element.querySelector(".encounter-context-menu")!, "COMBAT.InitiativeReset", {
      button: 0,
    });
    expect(combat.resetAll).toHaveBeenCalledTimes(1);
    chooseContextOption(app.element.querySelector('[data-combatant-id="c2"]')!, "COMBAT.CombatantReroll");
    expect(combat.rollInitiative).toHaveBeenCalledWith(["c2"]);
    G.game.user.isGM = false;
    expect(() =>
      chooseContextOption(app.element.querySelector('[data-combatant-id="c2"]')!, "COMBAT.CombatantReroll"),
    ).toThrow("Context menu entry COMBAT.CombatantReroll is not offered");
  });
});

/* -------------------------------------------- */
/*  The user's hands                            */
/* -------------------------------------------- */

describe("User interaction model", () => {
  function formApp(rerenderOnChange: boolean) {
    const submitted: Dict[] = [];
    class F extends HandlebarsApplicationMixin(ApplicationV2) {
      static override DEFAULT_OPTIONS = {
        tag: "form",
        form: {
          handler: (_e: Event, _f: HTMLFormElement, fd: FormDataExtended) => void submitted.push(fd.object),
        },
      };
      static override PARTS = {
        body: { template: "h/f-body.hbs" },
        footer: { template: "h/f-footer.hbs" },
      };
      value = 1;
      override async _prepareContext(): Promise<Dict> {
        return { value: this.value };
      }
      override async _onFirstRender(): Promise<void> {
        this.element.addEventListener("change", (e) => {
          this.value = Number((e.target as HTMLInputElement).value);
          if (rerenderOnChange) void this.render();
        });
      }
    }
    return { app: new F(), submitted };
  }

  it("a quick click after an edit commits the change first, then clicks the same button", async () => {
    partial("h/f-body.hbs", `<div><input type="number" name="v" value="{{value}}"></div>`);
    partial("h/f-footer.hbs", `<footer><button type="submit" class="roll">Roll</button></footer>`);
    const { app, submitted } = formApp(false);
    await app.render({ force: true });
    const r = await clickAfterEdit(app, app.element.querySelector('[name="v"]')!, 4, "button.roll");
    expect(r.clicked).toBe(r.pressed);
    await settle();
    expect(submitted).toEqual([{ v: 4 }]);
  });

  it("SF-X-24 dialog defect model: the change re-renders the footer while the button is held, so no click fires", async () => {
    partial("h/f-body.hbs", `<div><input type="number" name="v" value="{{value}}"></div>`);
    partial("h/f-footer.hbs", `<footer><button type="submit" class="roll">Roll</button></footer>`);
    const { app, submitted } = formApp(true);
    await app.render({ force: true });
    const r = await clickAfterEdit(app, app.element.querySelector('[name="v"]')!, 4, "button.roll");
    expect(r.pressed.isConnected).toBe(false);
    expect(r.released).not.toBeNull();
    expect(r.released).not.toBe(r.pressed);
    expect(r.clicked).toBeNull();
    await settle();
    expect(submitted).toEqual([]);
    expect(app.value).toBe(4);
    // The second press works: nothing re-renders under it.
    const again = await humanClick(app.element, "button.roll");
    expect(again.clicked).toBe(again.pressed);
    await settle();
    expect(submitted).toEqual([{ v: 4 }]);
  });

  it("click() refuses to hide an uncommitted edit behind a same-task mousedown/mouseup", async () => {
    partial("h/f-body.hbs", `<div><input type="number" name="v" value="{{value}}"></div>`);
    partial("h/f-footer.hbs", `<footer><button type="submit" class="roll">Roll</button></footer>`);
    const { app } = formApp(true);
    await app.render({ force: true });
    typeInto(app.element.querySelector('[name="v"]')!, 2);
    expect(() => click(app.element.querySelector("button.roll")!)).toThrow(
      /use humanClick\(\) or clickAfterEdit\(\)/,
    );
  });

  it("submit() dispatches a cancelable submit event that AppV2 handles (no submitter)", async () => {
    partial("h/f-body.hbs", `<div><input type="number" name="v" value="{{value}}"></div>`);
    partial("h/f-footer.hbs", `<footer></footer>`);
    const { app, submitted } = formApp(false);
    await app.render({ force: true });
    expect(submit(app.element as HTMLFormElement)).toBe(false); // AppV2 prevents the browser's submission
    await settle();
    expect(submitted).toEqual([{ v: 1 }]);
    expect(actionLog.map((a) => a.action)).toEqual(["submit"]);
  });
});

/* -------------------------------------------- */
/*  Handlebars, TextEditor, SettingsConfig      */
/* -------------------------------------------- */

describe("Handlebars layer (handlebars.mjs), TextEditor and SettingsConfig", () => {
  it("loadTemplates registers partials by path; an unloaded partial fails the render", async () => {
    const body = templatePath("item/body.hbs");
    // Issue 30: the body draws the parts the world's game names for the item's type (item-context.ts `parts`).
    const weaponParts = { parts: [{ partial: templatePath("item/body-weapon.hbs") }] };
    await expect(renderTemplate(body, weaponParts)).rejects.toThrow(
      "The partial systems/frontier-tactics/templates/item/body-weapon.hbs could not be found",
    );
    await loadTemplates(PARTIALS.map(templatePath));
    expect(templateFetches).toEqual(expect.arrayContaining(PARTIALS.map(templatePath)));
    const html = await renderTemplate(body, { is_gear: true, system: { quantity: 2 } });
    expect(html).toContain('class="ft-item-body');
  });

  it("Foundry's helpers: localize with a hash formats, selectOptions compares as strings and escapes", () => {
    const t = G.Handlebars.compile(
      `{{localize "FT.Cover.reasonClear" total=5}}|{{selectOptions c selected=2 blank="-"}}|{{numberFormat 5.5 decimals=2 sign=true}}|{{concat "a" 1 "b"}}`,
    );
    expect(t({ c: { 1: "<one>", 2: "two" } })).toBe(
      `${"All 5 rays clear"}|<option value="">-</option><option value="1">&lt;one&gt;</option><option value="2" selected>two</option>|+5.50|a1b`,
    );
  });

  it("enrichHTML removes unrevealed secret blocks unless secrets: true", async () => {
    const html = `<p>a</p><section class="secret"><p>s</p></section><section class="secret revealed"><p>r</p></section>`;
    expect(await TextEditor.implementation.enrichHTML(html, {})).toBe(
      `<p>a</p><section class="secret revealed"><p>r</p></section>`,
    );
    expect(await TextEditor.implementation.enrichHTML(html, { secrets: true })).toBe(html);
    expect(await TextEditor.implementation.enrichHTML("", {})).toBe("");
    expect(TextEditor.enrichCalls.map((c) => c.options.secrets)).toEqual([undefined, true, undefined]);
  });

  it("SettingsConfig.reloadConfirm records the call and asks with the modal confirm dialog", async () => {
    const p = SettingsConfig.reloadConfirm({ world: true });
    await settle();
    expect(SettingsConfig.reloadConfirmCalls).toEqual([{ world: true }]);
    expect(openDialogs()[0]!.id).toBe("reload-world-confirm");
    answerDialog("yes", "reload-world-confirm");
    await p;
    expect(SettingsConfig.reloads).toEqual([{ world: true }]);
  });
});

/* -------------------------------------------- */
/*  Our real applications                       */
/* -------------------------------------------- */

async function realApps() {
  // Our init registers each game's table (issue 30) before anything asks which one the world plays.
  (await import("../../src/games/index.js")).registerGames();
  const [actor, item, dialog, menus, tracker] = await Promise.all([
    import("../../src/applications/sheets/actor-sheet.js"),
    import("../../src/applications/sheets/item-sheet.js"),
    import("../../src/applications/attack-dialog.js"),
    import("../../src/applications/settings-menus.js"),
    import("../../src/applications/combat-tracker.js"),
  ]);
  return { ...actor, ...item, ...dialog, ...menus, ...tracker };
}

class StandInItem extends StandInDoc {
  constructor(
    public override id: string,
    public override name: string,
    public override type: string,
    public override system: Dict,
  ) {
    super();
    this.uuid = `Actor.d1.Item.${id}`;
    this.documentName = "Item";
    this.img = "icons/svg/item-bag.svg";
  }
}

class StandInActor extends StandInDoc {
  items: Collection<StandInItem>;
  _stats = { createdTime: 0 };
  constructor() {
    super();
    const { value } = validateData(CHARACTER_SPEC, {
      abilities: { dex: { value: 50 }, rs: { value: 50 }, sta: { value: 45 }, str: { value: 40 } },
      stamina: { value: 30, max: 45 },
    });
    const source = value as Dict;
    const derived = deriveActor(source as never, [{ weaponSkill: "beam", level: 2 }]);
    this.system = {
      ...source,
      derived,
      _source: source,
      notes: `<p>n</p><section class="secret"><p>gm</p></section>`,
    };
    const w = weaponItem("w1", "Laser Pistol", {
      skill: "beam",
      kind: "laser",
      rof: 2,
      ranges: { pb: 5, s: 20, m: 50, l: 100, e: 200 },
      damage: { perSeu: { enabled: true, faces: 10, min: 1, max: 10 } },
      ammo: { unit: "seu", perShot: 1, capacity: 20, remaining: 14 },
    });
    // WeaponModel#prepareDerivedData always sets `gmEntered` (data/models.ts); the stand-in is not prepared.
    this.items = new Collection([new StandInItem("w1", w.name, "weapon", { ...w.system, gmEntered: [] })]);
  }
}

describe("Our real applications in the v13 model", () => {
  it("the actor sheet renders its five parts; the portrait opens the picker, owners keep their secrets, rows drag", async () => {
    const { FrontierActorSheet } = await realApps();
    // The partials init preloads (issue 30: the percentile games' abilities block is one).
    await loadTemplates(PARTIALS.map(templatePath));
    const actor = new StandInActor();
    const sheet = new FrontierActorSheet({ document: actor as never }); // a stand-in, not an Actor
    await sheet.render({ force: true });
    const parts = [...sheet.element.querySelectorAll<HTMLElement>("[data-application-part]")].map(
      (p) => p.dataset.applicationPart,
    );
    expect(parts).toEqual(["header", "tabs", "combat", "gear", "notes"]);
    expect(sheet.element.querySelectorAll('[data-action="attack"]')).toHaveLength(1);
    // review §2.2: the portrait carries data-action="editImage": a click opens the FilePicker on `img`.
    click(sheet.element.querySelector("img.ft-portrait")!);
    await settle();
    expect(FilePicker.opened).toHaveLength(1);
    // review §3: enrichHTML with `secrets: isOwner` keeps the owner's own secret blocks.
    expect(TextEditor.enrichCalls.at(-1)!.options.secrets).toBe(true);
    // review §3: item rows are `.draggable`, so ActorSheetV2's DragDrop can drag them out.
    expect(sheet.element.querySelectorAll(".draggable").length).toBeGreaterThan(0);
    // A user's edit of Stamina reaches document.update (submitOnChange kept from DocumentSheetV2's handler).
    change(sheet.element.querySelector<HTMLInputElement>('[name="system.stamina.value"]')!, "12");
    await settle();
    expect(actor.updates).toHaveLength(1);
    expect(actor.updates[0]![0].system.stamina.value).toBe(12);
    // The v13 "tab" action switches the section (the sheet's nav and sections follow core's markup).
    click(sheet.element.querySelector('nav.tabs [data-tab="gear"]')!);
    expect(sheet.element.querySelector<HTMLElement>("section.tab.active")!.dataset.tab).toBe("gear");
    // Toggle to edit mode re-renders every part.
    click(sheet.element.querySelector('[data-action="toggleMode"]')!);
    await settle();
    expect(sheet.element.querySelector('input[name="name"]')).not.toBeNull();
    expect(sheet).toBeInstanceOf(ActorSheetV2);
  });

  it("the item sheet needs the partials init preloads; with them it renders the weapon body", async () => {
    const { FrontierItemSheet } = await realApps();
    const actor = new StandInActor();
    const item = actor.items.get("w1")!;
    const first = new FrontierItemSheet({ document: item as never }); // a stand-in, not an Item
    await expect(first.render({ force: true })).rejects.toThrow(/body-weapon\.hbs could not be found/);
    await loadTemplates(PARTIALS.map(templatePath));
    const sheet = new FrontierItemSheet({ document: item as never });
    await sheet.render({ force: true });
    expect(sheet.element.querySelector('[data-application-part="body"]')).not.toBeNull();
    expect(sheet.element.querySelector("img.ft-portrait")!.getAttribute("data-action")).toBe("editImage");
  });

  it("SF-X-24 the attack dialog resolves on Roll, and the first Roll click after an edit rolls (review §2.4)", async () => {
    const { AttackDialog } = await realApps();
    const first = AttackDialog.prompt(burstPrep(), "Automatic Pistol");
    await settle();
    const app = [...applicationsNamespace().instances.values()].find((a) => a instanceof AttackDialog)!;
    expect(app.element.querySelectorAll("fieldset.ft-target-mods")).toHaveLength(3);
    pressRoll(app);
    const req = await first;
    expect(req).not.toBeNull();
    expect(req!.targets).toHaveLength(3);

    let resolved: unknown = "pending";
    const second = AttackDialog.prompt(burstPrep(), "Automatic Pistol");
    void second.then((r) => {
      resolved = r;
    });
    await settle();
    const dlg = [...applicationsNamespace().instances.values()].find((a) => a instanceof AttackDialog)!;
    const input = dlg.element.querySelector<HTMLInputElement>("fieldset.ft-target-mods input.ft-mod-value")!;
    const r = await clickAfterEdit(dlg, input, -5, "button.ft-attack");
    expect(r.pressed.isConnected).toBe(true); // the edit updated the numbers in place; the Roll button stayed
    expect(r.clicked).toBe(r.pressed);
    const req2 = await second;
    expect(req2).not.toBeNull();
    expect(resolved).not.toBe("pending");
  });

  it("the attack dialog's prompt rejects with a clear error when its render fails, never hangs", async () => {
    const { AttackDialog } = await realApps();
    G.Handlebars.unregisterHelper("ftFormat");
    const capture = captureUnhandledRejections();
    try {
      await expect(AttackDialog.prompt(burstPrep(), "Automatic Pistol")).rejects.toThrow(
        /The attack dialog could not open: .*Missing helper: "ftFormat"/s,
      );
      await settle();
      expect(capture.reasons).toEqual([]);
    } finally {
      capture.dispose();
    }
  });

  it("the preset menu writes the engine and asks every client to reload (review §2.3)", async () => {
    const { PresetMenu } = await realApps();
    // core's registry: the engine setting is registered with requiresReload (src/helpers/settings.ts).
    G.game.settings.settings = new Map([["frontier-tactics.engine", { requiresReload: true }]]);
    const menu = new PresetMenu();
    await menu.render({ force: true });
    // Alpha Dawn Basic, Alpha Dawn Expanded, Zebulon's Guide, d20 (Star Wars RCR), d20 + SWN additions.
    expect(menu.element.querySelectorAll('input[name="preset"]')).toHaveLength(5);
    change(menu.element.querySelector<HTMLInputElement>('input[value="sfZebulon"]')!, true);
    click(menu.element.querySelector('button[type="submit"]')!);
    await settle();
    expect(settingWrites.find(([k]) => k === "engine")).toEqual(["engine", "zebulon"]);
    expect(SettingsConfig.reloadConfirmCalls).toEqual([{ world: true }]);
    // The GM agrees to reload: with SETTINGS_MODIFY the reload is the world's.
    answerDialog("yes", "reload-world-confirm");
    await settle();
    expect(SettingsConfig.reloads).toEqual([{ world: true }]);
    expect(menu.rendered).toBe(false); // closeOnSubmit
  });

  it("the Zebulon editor renders 19 columns, resets to the default, and imports through DialogV2.prompt", async () => {
    const { ZebulonTableEditor } = await realApps();
    const ed = new ZebulonTableEditor();
    await ed.render({ force: true });
    expect(ed.element.querySelectorAll("thead th")).toHaveLength(20);
    click(ed.element.querySelector('[data-action="reset"]')!);
    await settle();
    // Reset asks first (DialogV2.confirm): nothing is written until the GM says yes.
    expect(settingWrites).toEqual([]);
    answerDialog("yes");
    await settle();
    expect(settingWrites.map(([k]) => k)).toEqual(["zebulonTable"]);
    click(ed.element.querySelector('[data-action="importJson"]')!);
    await settle();
    const d = openDialogs().at(-1)!;
    change(d.element.querySelector("textarea")!, "not json");
    answerDialog("ok");
    await settle();
    expect(ed.element.querySelector(".ft-error")).not.toBeNull();
  });

  it("the combat tracker renders our side headers; a row click selects and pans to the token (review §2.7)", async () => {
    const { FrontierCombatTracker } = await realApps();
    const { combat, controls } = standInCombat();
    const members = THREE_SIDES.members.map((m) => ({
      id: m.id,
      name: m.name,
      img: "t.png",
      visible: true,
      isOwner: m.isPlayerCharacter,
      permission: 3,
      initiative: null,
      group: { id: m.sideId },
      token: combat.turns[0].token,
    }));
    Object.assign(combat, {
      view: THREE_SIDES,
      // No side is sealed from players here: the GM's numbers of sealed sides (R1-5d) are none.
      sideSecrets: () => new Map(),
      round: 2,
      phaseIndex: 0,
      combatants: new Collection(members),
      turns: members,
      combatant: members[0],
    });
    await loadTemplates(PARTIALS.map(templatePath)); // init preloads turn.hbs
    const app = new FrontierCombatTracker();
    await app.render({ force: true, combat });
    expect(app.element.querySelectorAll(".ft-side")).toHaveLength(3);
    expect(app.element.querySelectorAll("li.combatant")).toHaveLength(5);
    click(app.element.querySelector('li.combatant[data-combatant-id="cap"] .name')!);
    await settle();
    expect(controls).toHaveLength(1);
  });
});
