/**
 * The attack dialog (AppV2 + Handlebars): every modifier the scene proposes per target, each overridable, the
 * declarations that change the numbers, and the resulting chance per target, live. Shift-click on the sheet
 * skips it.
 *
 * For a burst (SF-X-24) the headline is the burst's one chance and its damage; modifiers every target has alike are
 * shown once ("Shared", `attack-dialog-rows.ts`) and each target lists only its own. The window fits the screen:
 * v13's `ApplicationV2#_updatePosition` (client/applications/api/application.mjs) measures an `height: "auto"`
 * window from its element and only keeps its top on screen (`top` clamped to `clientHeight − height`, at least 0),
 * so a taller dialog ran off the bottom; the stylesheet caps the window at the viewport's height and scrolls the
 * body, the footer with Roll staying below it.
 *
 * A change never redraws the buttons: they are their own part (`footer`), drawn once, and a change writes the new
 * numbers into the body in place (the body is drawn again only when rows appear or go, as when a burst is
 * declared). HandlebarsApplicationMixin replaces a part's element when it renders it, so redrawing on every change
 * replaced the Roll button between the mouse press (which blurs the edited field and fires `change`) and the
 * release: the first click after an edit was lost. Changes arrive through `_onChangeForm`, which ApplicationV2
 * binds once to the form (client/applications/api/application.mjs, `_attachFrameListeners`).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../constants.js";
import { keepClassName } from "../helpers/class-name.js";
import { guard, guarded, notify, report } from "../helpers/report.js";
import { pickedRollMode, rollModeField } from "../helpers/roll-mode.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack/attack-plan.js";
import { type DialogViewer, dialogContext, dialogNumbers } from "./attack-dialog-context.js";
import { type ModifierEdits, recompute, requestFromForm } from "./attack-dialog-form.js";
import { loadDialog } from "./attack-dialog-game.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type AppV2 = foundry.applications.api.ApplicationV2;
/**
 * What the dialog's templates render: the prepared attack, seen through `dialogContext`, and the footer's roll mode
 * (issue 33, helpers/roll-mode.ts).
 */
type DialogContext = ReturnType<typeof dialogContext> & ReturnType<typeof rollModeField>;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

export class AttackDialog extends HandlebarsApplicationMixin(ApplicationV2<DialogContext>) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["frontier-tactics", "ft-attack-dialog"],
    window: { title: "FT.Dialog.title", resizable: true },
    position: { width: 560, height: "auto" as const },
    form: { submitOnChange: false, closeOnSubmit: false, handler: guarded(AttackDialog.#onSubmit) },
    actions: { cancel: guarded(AttackDialog.#onCancel), toggleRules: guarded(AttackDialog.#onToggleRules) },
  };

  static override PARTS = {
    body: { template: templatePath("apps/attack-dialog.hbs") },
    footer: { template: templatePath("apps/attack-dialog-footer.hbs") },
  };

  #base: AttackRequest;
  /** The attack as the user has it now. */
  #prep: PreparedAttack;
  /** The attack whose numbers the form shows (what the user's edits are measured against). */
  #shown: PreparedAttack;
  /** The prepared attack the body is being drawn from. */
  #drawing: PreparedAttack;
  #edits: ModifierEdits = new Map();
  #layout = "";
  #error: string | null = null;
  #errorData: Readonly<Record<string, string | number>> = {};
  #unit = "m";
  #shotsLimit: { readonly left: number; readonly declared: number } | null = null;
  /**
   * Who the dialog is drawn for, read once as it opens: a referee-only control (SF-X-33 "cannot miss") is drawn only
   * for a GM, and a player's form is read without it (attack-dialog-form.ts).
   */
  #viewer: DialogViewer = { referee: game.user?.isGM ?? false };
  /** Issue 30: the folds (`details[data-ft-fold]`) the user opened, drawn open again when the body is redrawn. */
  #unfolded = new Set<string>();
  /** Issue 30: the rule IDs shown inline (the dialog's one toggle), kept for the page's next dialogs. */
  static #rulesShown = false;
  #resolve: (r: AttackRequest | null) => void = () => undefined;

  constructor(
    prep: PreparedAttack,
    options: DeepPartial<foundry.applications.api.ApplicationV2.Configuration> = {},
  ) {
    super(options);
    this.#base = prep.request;
    this.#prep = prep;
    this.#shown = prep;
    this.#drawing = prep;
  }

  /**
   * Open the dialog; resolves with the final request, or null when cancelled or closed. If the dialog cannot be
   * drawn (ApplicationV2 throws "Failed to render Application"), it rejects with that error instead of waiting for
   * ever.
   */
  static async prompt(
    prep: PreparedAttack,
    weaponName: string,
    unit = "m",
    /** SF-X-30: the declared shots a player has left (phase-gate.ts); the dialog offers and accepts no more. */
    shotsLimit?: { readonly left: number; readonly declared: number },
  ): Promise<AttackRequest | null> {
    // Issue 30: the game's own rows, loaded with the dialog (not in a world's first load).
    await loadDialog(prep.request);
    return new Promise((resolve, reject) => {
      const app = new AttackDialog(prep, {
        window: { title: `${game.i18n?.localize("FT.Dialog.title")}: ${weaponName}` },
      });
      app.#resolve = resolve;
      app.#unit = unit;
      app.#shotsLimit = shotsLimit ?? null;
      const failed = (cause: unknown) => {
        app.#resolve = () => undefined;
        const why = cause instanceof Error ? cause.message : String(cause);
        reject(new Error(`The attack dialog could not open: ${why}`, { cause }));
      };
      app.render({ force: true }).then((a) => {
        if (!a.rendered) failed(new Error("it was not rendered"));
      }, failed);
    });
  }

  protected override async _prepareContext(): Promise<DialogContext> {
    this.#drawing = this.#prep;
    const ctx = dialogContext(
      this.#prep,
      this.#error,
      this.#unit,
      this.#errorData,
      this.#shotsLimit?.left,
      this.#view(),
    );
    this.#layout = dialogNumbers(ctx).layout;
    return { ...ctx, ...rollModeField() };
  }

  /** Who the dialog is drawn for, with what they have unfolded and whether the rule IDs are shown. */
  #view(): DialogViewer {
    return { ...this.#viewer, rulesShown: AttackDialog.#rulesShown, unfolded: this.#unfolded };
  }

  /**
   * The folds the user opens or closes are remembered: `toggle` does not bubble (HTML: fired at the details element
   * itself), so one capturing listener on the window's element hears them. v13 makes that element once, on the first
   * render (`ApplicationV2#render` → `_renderFrame` only when `isFirstRender`; later renders replace the parts in it),
   * and calls `_onFirstRender` once after it (client/applications/api/application.mjs, code index 6114990798).
   */
  protected override async _onFirstRender(
    context: DeepPartial<DialogContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener(
      "toggle",
      (event) => {
        // By tag, not `instanceof`: the element may come from another window's realm (a popped-out window).
        const d = event.target as HTMLDetailsElement | null;
        if (d?.tagName !== "DETAILS" || !d.dataset.ftFold) return;
        if (d.open) this.#unfolded.add(d.dataset.ftFold);
        else this.#unfolded.delete(d.dataset.ftFold);
      },
      true,
    );
  }

  protected override async _onRender(
    context: DeepPartial<DialogContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    this.element.classList.toggle("ft-rules-shown", AttackDialog.#rulesShown);
    this.#shown = this.#drawing;
  }

  protected override _onChangeForm(
    formConfig: foundry.applications.api.ApplicationV2.FormConfiguration,
    event: Event,
  ): void {
    super._onChangeForm(formConfig, event);
    // A failure that is no rule error (recompute rethrows it) is told to the user, not thrown out of the change
    // listener as an uncaught error (review 13b L3).
    void guard(() => this.#update());
  }

  /** Recompute from the form and show the result: in place when the layout is the same, else draw the body. */
  #update(): void {
    const form = this.#formData();
    const r = recompute(this.#base, form, this.#shown, this.#edits, this.#viewer);
    this.#prep = r.prep;
    this.#edits = r.edits;
    this.#error = r.error;
    this.#errorData = r.errorData;
    const view = dialogNumbers(
      dialogContext(r.prep, r.error, this.#unit, r.errorData, this.#shotsLimit?.left, this.#view()),
    );
    if (view.layout !== this.#layout) {
      this.render({ parts: ["body"] }).catch((e: unknown) => {
        report(e);
        void this.close();
      });
      return;
    }
    const el = this.element;
    for (const [field, text] of Object.entries(view.fields)) {
      const node = el.querySelector(`[data-ft-field="${field}"]`);
      if (node && node.textContent !== text) node.textContent = text;
    }
    const inputs = (el as HTMLFormElement).elements;
    for (const m of view.modifiers) {
      const input = inputs.namedItem(m.name) as HTMLInputElement | null;
      if (!input) continue;
      // Signed as the template writes it ("+20", "−10"): the input is text, so "+20" and "−10" can be typed.
      if (input.value !== m.value) input.value = m.value;
      input.closest("tr")?.classList.toggle("overridden", m.overridden);
    }
    const error = el.querySelector<HTMLElement>('[data-ft-field="error"]');
    if (error) {
      const grew = error.hidden !== !view.error;
      error.hidden = !view.error;
      const text = error.querySelector("[data-ft-text]");
      // With its placeholders filled ("ten" is not a number), as the template's ftFormat writes it.
      const data = Object.fromEntries(Object.entries(view.errorData).map(([k, v]) => [k, String(v)]));
      if (text) text.textContent = view.error ? (game.i18n?.format(view.error, data) ?? view.error) : "";
      // The error line shown or hidden changes the window's height. v13 re-measures an auto height and keeps the
      // window on screen only when positioned (ApplicationV2#setPosition → _updatePosition, application.mjs, code
      // index 6114990798), which a render does but an in-place update does not: a dialog dragged low lost its
      // bottom edge (review 13b L5).
      if (grew) this.setPosition({ height: "auto" });
    }
    this.#shown = r.prep;
  }

  #formData(): Record<string, unknown> {
    return new foundry.applications.ux.FormDataExtended(this.element as HTMLFormElement).object as Record<
      string,
      unknown
    >;
  }

  static async #onSubmit(
    this: AttackDialog,
    _e: Event,
    _form: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const r = recompute(this.#base, data.object, this.#shown, this.#edits, this.#viewer);
    if (r.error) {
      // Show why in the dialog and say it (the message names the rule); the user fixes it and rolls again.
      notify("warn", r.error, r.errorData);
      this.#update();
      return;
    }
    const request = requestFromForm(this.#base, data.object, r.edits, this.#viewer);
    // SF-X-30: more shots than the player declared is refused here, with the dialog still open (review 13b L4).
    const shots = request.declarations.burst ? 1 : request.declarations.shots;
    if (this.#shotsLimit && shots > this.#shotsLimit.left) {
      notify("warn", "FT.Phases.refuse.moreThanDeclared", {
        shots,
        left: this.#shotsLimit.left,
        declared: this.#shotsLimit.declared,
      });
      return;
    }
    // Issue 33: the roll mode the user picked in the footer; the card is posted in it (post-card.ts).
    this.#resolve({ ...request, rollMode: pickedRollMode(data.object.rollMode) });
    this.#resolve = () => undefined;
    await this.close();
  }

  /** The one toggle of the rule IDs (review table-ux-2 #11): shown inline, or each on hover of its label. */
  static async #onToggleRules(this: AttackDialog, _e: Event, button: HTMLElement): Promise<void> {
    AttackDialog.#rulesShown = !AttackDialog.#rulesShown;
    this.element.classList.toggle("ft-rules-shown", AttackDialog.#rulesShown);
    button.setAttribute("aria-pressed", String(AttackDialog.#rulesShown));
  }

  static async #onCancel(this: AttackDialog): Promise<void> {
    await this.close();
  }

  override async close(options?: Parameters<AppV2["close"]>[0]): Promise<this> {
    this.#resolve(null);
    this.#resolve = () => undefined;
    return super.close(options);
  }
}

keepClassName(AttackDialog, "AttackDialog");
