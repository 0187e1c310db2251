/**
 * The attack dialog (AppV2 + Handlebars): every modifier the scene proposes per target, each overridable, the
 * declarations that change the numbers, and the resulting chance per target, live. Shift-click on the sheet
 * skips it.
 */
import { templatePath } from "../constants.js";
import { type AppRenderOptions, handlebarsAppBase } from "../types/app-bases.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack-plan.js";
import { dialogContext, recompute, requestFromForm } from "./attack-dialog-context.js";

export class AttackDialog extends handlebarsAppBase() {
  static DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["frontier-tactics", "ft-attack-dialog"],
    window: { title: "FT.Dialog.title", resizable: true },
    position: { width: 560, height: "auto" as const },
    form: { submitOnChange: false, closeOnSubmit: false, handler: AttackDialog.#onSubmit },
    actions: { cancel: AttackDialog.#onCancel },
  };

  static PARTS = { body: { template: templatePath("apps/attack-dialog.hbs") } };

  #base: AttackRequest;
  #original: PreparedAttack;
  #prep: PreparedAttack;
  #error: string | null = null;
  #unit = "m";
  #resolve: (r: AttackRequest | null) => void = () => undefined;

  constructor(prep: PreparedAttack, options: Record<string, unknown> = {}) {
    super(options);
    this.#base = prep.request;
    this.#original = prep;
    this.#prep = prep;
  }

  /** Open the dialog; resolves with the final request, or null when cancelled or closed. */
  static prompt(prep: PreparedAttack, weaponName: string, unit = "m"): Promise<AttackRequest | null> {
    return new Promise((resolve) => {
      const app = new AttackDialog(prep, {
        window: { title: `${game.i18n?.localize("FT.Dialog.title")}: ${weaponName}` },
      });
      app.#resolve = resolve;
      app.#unit = unit;
      void app.render({ force: true });
    });
  }

  protected override async _prepareContext(_options: AppRenderOptions): Promise<Record<string, unknown>> {
    return dialogContext(this.#prep, this.#error, this.#unit);
  }

  protected override async _onRender(
    context: Record<string, unknown>,
    options: AppRenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    this.element.addEventListener(
      "change",
      () => {
        const form = new foundry.applications.ux.FormDataExtended(this.element as HTMLFormElement)
          .object as Record<string, unknown>;
        const r = recompute(this.#base, form, this.#original);
        this.#prep = r.prep;
        this.#error = r.error;
        void this.render();
      },
      { once: true },
    );
  }

  static async #onSubmit(
    this: AttackDialog,
    _e: Event,
    _form: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const req = requestFromForm(this.#base, data.object, this.#original);
    const r = recompute(this.#base, data.object, this.#original);
    if (r.error) {
      this.#error = r.error;
      void this.render();
      return;
    }
    this.#resolve(req);
    this.#resolve = () => undefined;
    void this.close();
  }

  static #onCancel(this: AttackDialog): void {
    void this.close();
  }

  override async close(options?: Record<string, unknown>): Promise<this> {
    this.#resolve(null);
    this.#resolve = () => undefined;
    return super.close(options);
  }
}
