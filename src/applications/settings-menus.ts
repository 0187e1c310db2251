/**
 * World settings menus (AppV2): the rule presets, showing "modified" when the GM's settings differ from the
 * chosen preset, and the Zebulon's Guide resolution-table editor (19 columns, import/export JSON, validation
 * errors shown in place, reset to the documented default).
 */
import { SYSTEM_ID, templatePath } from "../constants.js";
import { keepClassName } from "../helpers/class-name.js";
import { guarded } from "../helpers/report.js";
import { clientSettings } from "../helpers/settings.js";
import type { EditorState, PresetContext } from "./settings-menus-impl.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/**
 * Issue 33: the menus' work loads with the first menu opened (settings-menus-impl.ts); the classes stay here, as
 * `registerMenu` takes them at `init` and core's settings window constructs one on a click. Everything that loads
 * it is async: v13 client/applications/api/application.mjs `render` → `#render` awaits `_prepareContext`, and
 * `#onSubmitForm` / `#onClickAction` call the handler (the form's result is awaited; an action's promise runs on).
 */
const work = () => import("./settings-menus-impl.js");

type EditorContext = ReturnType<Awaited<ReturnType<typeof work>>["editorContextOf"]>;

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
    return (await work()).presetContext();
  }

  static async #onSubmit(
    this: PresetMenu,
    _e: Event,
    _f: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const id = String(data.object.preset ?? "");
    if (!game.user?.isGM || !id) return;
    await (await work()).choosePreset(id);
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

  readonly #state: EditorState = { table: null, error: null, draft: null };

  protected override async _prepareContext(): Promise<EditorContext> {
    return (await work()).editorContextOf(this.#state);
  }

  static async #onSubmit(
    this: ZebulonTableEditor,
    _e: Event,
    _f: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    await (await work()).submitEditor(this.#state, data.object);
    await this.render();
  }

  static async #onReset(this: ZebulonTableEditor): Promise<void> {
    if (await (await work()).resetEditor(this.#state)) await this.render();
  }

  static async #onExport(this: ZebulonTableEditor): Promise<void> {
    (await work()).exportEditor(this.#state);
  }

  static async #onImport(this: ZebulonTableEditor): Promise<void> {
    if (await (await work()).importEditor(this.#state)) await this.render();
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
