// @vitest-environment happy-dom
/**
 * The attack dialog in a DOM. A small stand-in for v13's ApplicationV2 + HandlebarsApplicationMixin, limited to
 * what the dialog relies on (client/applications/api/application.mjs and handlebars-application.mjs):
 * - the frame (a `<form>` here) is made on the first render, and its `change` and `submit` listeners are bound
 *   once, to `_onChangeForm` and `_onSubmitForm`; clicks on `[data-action]` call the action handler;
 * - each render renders the requested parts (all by default) and replaces each part's element;
 * - a failing render throws "Failed to render Application";
 * - `_onSubmitForm` reads the form with FormDataExtended and calls the form handler.
 * The shared harness in tests/foundry/ will replace this stand-in.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AttackRequest } from "../src/workflows/attack-plan.js";
import { burstPrep } from "./fixtures/dialog.js";
import { createEnv, render } from "./handlebars-env.js";

type Opts = Record<string, unknown> & { parts?: string[]; force?: boolean };
type FormConfig = { handler?: (...a: unknown[]) => Promise<void>; closeOnSubmit?: boolean };
const failRender = { on: false };

/** FormDataExtended as our forms need it: numbers (or null) from number inputs, booleans from boxes. */
class FakeFormData {
  object: Record<string, unknown> = {};
  constructor(form: HTMLFormElement) {
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      if (!el.name) continue;
      if (el.type === "checkbox") this.object[el.name] = el.checked;
      else if (el.type === "number") this.object[el.name] = el.value === "" ? null : Number(el.value);
      else this.object[el.name] = el.value;
    }
  }
}

class FakeApplicationV2 {
  static DEFAULT_OPTIONS = {};
  static PARTS: Record<string, { template: string }> = {};
  options: { tag: string; form: FormConfig; actions: Record<string, (...a: unknown[]) => unknown> };
  element!: HTMLElement;
  rendered = false;
  constructor(options: Record<string, unknown> = {}) {
    const d = (this.constructor as unknown as { DEFAULT_OPTIONS: FakeApplicationV2["options"] })
      .DEFAULT_OPTIONS;
    this.options = { ...d, ...options } as FakeApplicationV2["options"];
  }
  async render(options: Opts = {}): Promise<this> {
    const first = !this.element;
    if (first && !options.force) return this;
    options.parts ??= Object.keys((this.constructor as typeof FakeApplicationV2).PARTS);
    const context = await this._prepareContext(options);
    if (first) {
      const frame = document.createElement(this.options.tag ?? "div");
      frame.addEventListener("click", (e) => {
        const t = (e.target as HTMLElement).closest<HTMLElement>("[data-action]");
        if (t) this.options.actions[t.dataset.action!]?.call(this, e, t);
      });
      frame.addEventListener("submit", (e) => void this._onSubmitForm(this.options.form, e));
      frame.addEventListener("change", (e) => this._onChangeForm(this.options.form, e));
      this.element = frame;
    }
    try {
      if (failRender.on) throw new Error('Template part "body" must render a single HTML element.');
      for (const part of options.parts) {
        const rel = (this.constructor as typeof FakeApplicationV2).PARTS[part]!.template.replace(
          "systems/frontier-tactics/templates/",
          "",
        );
        const t = document.createElement("template");
        t.innerHTML = render(hb, rel, context).trim();
        const el = t.content.firstElementChild as HTMLElement;
        el.dataset.applicationPart = part;
        const prior = this.element.querySelector(`[data-application-part="${part}"]`);
        if (prior) prior.replaceWith(el);
        else this.element.append(el);
      }
    } catch (err) {
      throw new Error(`Failed to render Application "${this.constructor.name}":\n${(err as Error).message}`);
    }
    if (first) document.body.append(this.element);
    this.rendered = true;
    await this._onRender(context, options);
    return this;
  }
  async _prepareContext(_o: Opts): Promise<Record<string, unknown>> {
    return {};
  }
  async _onRender(_c: unknown, _o: Opts): Promise<void> {}
  _onChangeForm(_config: FormConfig, _event: Event): void {}
  async _onSubmitForm(config: FormConfig, event: Event): Promise<void> {
    event.preventDefault();
    await config.handler?.call(this, event, this.element, new FakeFormData(this.element as HTMLFormElement));
  }
  async close(): Promise<this> {
    this.element?.remove();
    this.rendered = false;
    return this;
  }
}

let hb: ReturnType<typeof createEnv>;
let AttackDialog: typeof import("../src/applications/attack-dialog.js").AttackDialog;

beforeAll(async () => {
  hb = createEnv();
  (globalThis as Record<string, unknown>).foundry = {
    applications: {
      api: { ApplicationV2: FakeApplicationV2, HandlebarsApplicationMixin: (B: unknown) => B },
      ux: { FormDataExtended: FakeFormData },
    },
  };
  (globalThis as Record<string, unknown>).ui = {
    notifications: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  };
  ({ AttackDialog } = await import("../src/applications/attack-dialog.js"));
});

const field = (name: string) => document.querySelector<HTMLElement>(`[data-ft-field="${name}"]`)!;
const input = (name: string) =>
  (document.querySelector("form") as HTMLFormElement).elements.namedItem(name) as HTMLInputElement;
const change = (el: HTMLElement) => el.dispatchEvent(new Event("change", { bubbles: true }));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("The attack dialog while the user edits", () => {
  it("SF-X-24 an edit updates the chance in place; the Roll button is never replaced and its first click rolls", async () => {
    const asked = AttackDialog.prompt(burstPrep(), "Automatic Pistol");
    await settle();
    const roll = document.querySelector<HTMLButtonElement>("button.ft-attack")!;
    const body = document.querySelector('[data-application-part="body"]');
    expect(field("t0.chance").textContent).toBe("45");

    // The user types −5 for Pirate 1's range; the change fires when the field loses focus (mouse down on Roll).
    input("mod.Pirate 1.range").value = "-5";
    change(input("mod.Pirate 1.range"));
    expect(field("t0.chance").textContent).toBe("50");
    expect(input("mod.Pirate 1.range").closest("tr")!.classList.contains("overridden")).toBe(true);
    expect(document.querySelector("button.ft-attack")).toBe(roll);
    expect(document.querySelector('[data-application-part="body"]')).toBe(body);

    // Running adds a row: the body is drawn again, the buttons are not.
    const movement = input("attacker.movement");
    movement.value = "ran";
    change(movement);
    await settle();
    expect(document.querySelector('[data-application-part="body"]')).not.toBe(body);
    expect(document.querySelector("button.ft-attack")).toBe(roll);
    expect(input("mod.Pirate 1.attackerMovement").value).toBe("-10");
    expect(input("mod.Pirate 1.range").value).toBe("-5");
    // The new body shows running; happy-dom 20 reads the wrong option from a parsed `selected` attribute, so the
    // select's value is set again as a browser would have it.
    const redrawn = input("attacker.movement") as unknown as HTMLSelectElement;
    expect(redrawn.querySelector("option[selected]")?.getAttribute("value")).toBe("ran");
    redrawn.value = "ran";

    roll.click();
    const req = (await asked) as AttackRequest;
    expect(req.overrides?.["Pirate 1"]).toEqual({ range: -5 });
    expect(req.attacker.movement).toBe("ran");
    expect(document.querySelector("form")).toBeNull();
  });

  it("SF-X-24 a refused change shows its reason in place and Roll does not roll", async () => {
    const asked = AttackDialog.prompt(burstPrep(), "Automatic Pistol");
    await settle();
    const burst = input("decl.burst");
    burst.checked = false;
    change(burst);
    const error = field("error");
    expect(error.hidden).toBe(false);
    expect(error.textContent).toContain("Only a burst can be aimed at several targets");
    document.querySelector<HTMLButtonElement>("button.ft-attack")!.click();
    await settle();
    expect(document.querySelector("form")).not.toBeNull();
    burst.checked = true;
    change(burst);
    expect(field("error").hidden).toBe(true);
    document.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click();
    expect(await asked).toBeNull();
  });

  it("a dialog that cannot be drawn rejects with a clear error instead of leaving the attack waiting", async () => {
    failRender.on = true;
    await expect(AttackDialog.prompt(burstPrep(), "Automatic Pistol")).rejects.toThrow(
      /The attack dialog could not open: Failed to render Application/,
    );
    failRender.on = false;
  });
});
