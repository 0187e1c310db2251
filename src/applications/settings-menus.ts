/**
 * World settings menus (AppV2): the rule presets, showing "modified" when the GM's settings differ from the
 * chosen preset, and the Zebulon's Guide resolution-table editor (19 columns, import/export JSON, validation
 * errors shown in place, reset to the documented default).
 */
import { SYSTEM_ID, templatePath } from "../constants.js";
import { keepClassName } from "../helpers/class-name.js";
import { PRESETS, type Preset, presetDiff, type RuleSettings } from "../helpers/presets.js";
import { guarded } from "../helpers/report.js";
import { choosePreset, clientSettings, currentRules, getSetting, SETTINGS } from "../helpers/settings.js";
import { defaultResolutionTable, type ResolutionTable } from "../rules/index.js";
import {
  type EditorError,
  editorContext,
  exportTable,
  importTable,
  isDefaultTable,
  parseTable,
  tableFromForm,
} from "./zebulon-editor-context.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** What the preset menu's template renders. */
interface PresetContext {
  presets: (Preset & { chosen: boolean })[];
  modified: boolean;
  /** Label keys of the settings that differ from the chosen preset. */
  diff: string[];
  current: RuleSettings;
}

type EditorContext = ReturnType<typeof editorContext> & { isGM: boolean };

export class PresetMenu extends HandlebarsApplicationMixin(ApplicationV2<PresetContext>) {
  static override DEFAULT_OPTIONS = {
    id: "ft-presets",
    tag: "form",
    classes: ["frontier-tactics", "ft-settings-menu"],
    window: { title: "FT.Preset.title" },
    position: { width: 520 },
    form: { handler: guarded(PresetMenu.#onSubmit), closeOnSubmit: true },
  };

  static override PARTS = { body: { template: templatePath("apps/presets.hbs") } };

  protected override async _prepareContext(): Promise<PresetContext> {
    const chosen = getSetting(SETTINGS.preset);
    const current = currentRules();
    const diff = presetDiff(chosen, current);
    return {
      presets: PRESETS.map((p) => ({ ...p, chosen: p.id === chosen })),
      modified: diff.length > 0,
      diff: diff.map((k) => `FT.Settings.${k}.name`),
      current,
    };
  }

  static async #onSubmit(
    this: PresetMenu,
    _e: Event,
    _f: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const id = String(data.object.preset ?? "");
    if (!game.user?.isGM || !id) return;
    await choosePreset(id);
  }
}

export class ZebulonTableEditor extends HandlebarsApplicationMixin(ApplicationV2<EditorContext>) {
  static override DEFAULT_OPTIONS = {
    id: "ft-zebulon-table",
    tag: "form",
    classes: ["frontier-tactics", "ft-settings-menu", "ft-zebulon-editor"],
    window: { title: "FT.Zebulon.editorTitle", resizable: true },
    position: { width: 980 },
    form: { handler: guarded(ZebulonTableEditor.#onSubmit), closeOnSubmit: false },
    actions: {
      reset: guarded(ZebulonTableEditor.#onReset),
      exportJson: guarded(ZebulonTableEditor.#onExport),
      importJson: guarded(ZebulonTableEditor.#onImport),
    },
  };

  static override PARTS = { body: { template: templatePath("apps/zebulon-editor.hbs") } };

  #table: ResolutionTable | null = null;
  #error: EditorError | null = null;
  #draft: Record<string, Record<string, unknown>> | null = null;

  get table(): ResolutionTable {
    if (!this.#table) {
      const stored = parseTable(getSetting(SETTINGS.zebulonTable));
      this.#table = stored.table ?? defaultResolutionTable();
      this.#error = stored.error;
    }
    return this.#table;
  }

  protected override async _prepareContext(): Promise<EditorContext> {
    return {
      ...editorContext(this.table, this.#error, isDefaultTable(this.table), this.#draft),
      isGM: !!game.user?.isGM,
    };
  }

  static async #onSubmit(
    this: ZebulonTableEditor,
    _e: Event,
    _f: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const r = tableFromForm(data.object);
    this.#error = r.error;
    this.#draft = r.table ? null : r.draft;
    if (r.table) {
      this.#table = r.table;
      await clientSettings().set(SYSTEM_ID, SETTINGS.zebulonTable, r.table);
      ui.notifications?.info(game.i18n?.localize("FT.Zebulon.saved") ?? "");
    }
    await this.render();
  }

  /**
   * Review table-ux #7: the saved table may hold 76 values typed from the printed book, so Reset asks first
   * (v13 `DialogV2.confirm`, client/applications/api/dialog.mjs: true for Yes, false for No, null when closed) and
   * changes nothing unless the answer is Yes.
   */
  static async #onReset(this: ZebulonTableEditor): Promise<void> {
    const i18n = game.i18n;
    const name = foundry.utils.escapeHTML(this.table.name);
    const yes = await foundry.applications.api.DialogV2.confirm({
      window: { title: i18n?.localize("FT.Zebulon.resetTitle") ?? "FT.Zebulon.resetTitle" },
      content: `<p>${i18n?.format("FT.Zebulon.resetConfirm", { name }) ?? "FT.Zebulon.resetConfirm"}</p>`,
    });
    if (yes !== true) return;
    this.#table = defaultResolutionTable();
    this.#error = null;
    this.#draft = null;
    await clientSettings().set(SYSTEM_ID, SETTINGS.zebulonTable, this.#table);
    await this.render();
  }

  static #onExport(this: ZebulonTableEditor): void {
    foundry.utils.saveDataToFile(
      exportTable(this.table),
      "application/json",
      "zebulon-resolution-table.json",
    );
  }

  static async #onImport(this: ZebulonTableEditor): Promise<void> {
    const json = await foundry.applications.api.DialogV2.prompt({
      window: { title: "FT.Zebulon.import" },
      content: `<textarea name="json" rows="12" style="width:100%" placeholder="{ &quot;columns&quot;: … }"></textarea>`,
      ok: {
        callback: (_e: Event, button: HTMLButtonElement) =>
          (button.form?.elements.namedItem("json") as HTMLTextAreaElement | null)?.value ?? "",
      },
    });
    if (typeof json !== "string") return;
    const r = importTable(json);
    this.#error = r.error;
    if (r.table) {
      this.#table = r.table;
      this.#draft = null;
    }
    await this.render();
  }
}

export function registerMenus(): void {
  const s = clientSettings();
  s.registerMenu(SYSTEM_ID, "presetMenu", {
    name: "FT.Preset.title",
    label: "FT.Preset.open",
    hint: "FT.Preset.hint",
    icon: "fa-solid fa-sliders",
    type: PresetMenu,
    restricted: true,
  });
  s.registerMenu(SYSTEM_ID, "zebulonTableMenu", {
    name: "FT.Zebulon.editorTitle",
    label: "FT.Zebulon.open",
    hint: "FT.Zebulon.hint",
    icon: "fa-solid fa-table-cells",
    type: ZebulonTableEditor,
    restricted: true,
  });
}

keepClassName(PresetMenu, "PresetMenu");
keepClassName(ZebulonTableEditor, "ZebulonTableEditor");
