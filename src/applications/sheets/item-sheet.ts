/**
 * One item sheet class serving every item type, with one body template per type. Fields whose numbers are
 * "not in the sources available" are flagged in place.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../constants.js";
import { isFrontierItem, isItemType } from "../../data/subtypes.js";
import { keepClassName } from "../../helpers/class-name.js";
import { currentGame } from "../../helpers/game.js";
import { loadPart } from "../../helpers/part-failed.js";
import { guarded } from "../../helpers/report.js";
import { keepClearedNumbers } from "./cleared-numbers.js";
import { loadSheetSeam } from "./sheet-seam.js";

const { ItemSheetV2 } = foundry.applications.sheets;
type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** The Handlebars item sheet, seen as the ItemSheetV2 it is a subclass of (see the actor sheet for why). */
const Base: typeof ItemSheetV2 = foundry.applications.api.HandlebarsApplicationMixin(ItemSheetV2);

export class FrontierItemSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["frontier-tactics", "sheet", "item"],
    position: { width: 560, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addRule: guarded(FrontierItemSheet.#onAddRule),
      removeRule: guarded(FrontierItemSheet.#onRemoveRule),
    },
  };

  static PARTS: Record<string, HandlebarsTemplatePart> = {
    header: { template: templatePath("item/header.hbs") },
    body: { template: templatePath("item/body.hbs"), scrollable: [""] },
  };

  /** A cleared number box submits the stored number, not the schema's initial value (cleared-numbers.ts). */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    keepClearedNumbers(this.document, form, formData.object);
    return super._processFormData(event, form, formData);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const item = this.document;
    // The fields below are ours; a module's own item subtype (this sheet is the default for every type) has none.
    const known = isFrontierItem(item) ? item.system : undefined;
    // Issue 33: the item body's context loads with the first item sheet drawn; v13 awaits `_prepareContext` in
    // `render` (client/applications/api/application.mjs `#render`).
    // A failed load is told once (helpers/part-failed.ts): `#render` rejects and the sheet does not open.
    const [{ itemSheetContext }, { gmFieldLabel }, seam] = await Promise.all([
      loadPart(() => import("./item-context.js")),
      loadPart(() => import("../../data/item/gm-labels.js")),
      loadSheetSeam(currentGame()),
    ]);
    return Object.assign(context, {
      item,
      editable: this.isEditable,
      ...itemSheetContext(
        {
          type: item.type,
          system: item.system,
          missing: known?.missing ?? [],
          // The fields' labels as the sheet reads them (ready review 2.2), not their paths.
          gmEntered: isItemType(item, "weapon")
            ? item.system.gmEntered.map((p) => gmFieldLabel(p, game.i18n))
            : [],
        },
        seam,
      ),
      descriptionHTML: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        String(known?.description ?? ""),
        { relativeTo: item, secrets: item.isOwner },
      ),
    });
  }

  /** Defense rules (the defense body's controls): `system.rules` is written whole, as core writes an array. */
  static async #onAddRule(this: FrontierItemSheet): Promise<void> {
    const item = this.document;
    if (!isItemType(item, "defense")) return;
    const rules = [...(item.system.rules ?? [])];
    rules.push({ kind: "laser", mode: "halve", seuPerHit: 0, pointsPerSeu: 0 });
    await item.update({ system: { rules } });
  }

  static async #onRemoveRule(this: FrontierItemSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.document;
    if (!isItemType(item, "defense")) return;
    // A missing or foreign index removes nothing (`splice(NaN, 1)` would remove the first rule).
    const raw = target.dataset.index;
    const index = raw === undefined || raw.trim() === "" ? Number.NaN : Number(raw);
    const rules = [...(item.system.rules ?? [])];
    if (!Number.isInteger(index) || index < 0 || index >= rules.length) return;
    rules.splice(index, 1);
    await item.update({ system: { rules } });
  }
}

keepClassName(FrontierItemSheet, "FrontierItemSheet");
