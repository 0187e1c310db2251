/**
 * The settings menus' work (issue 33: a lazy chunk): what the preset menu shows and does, and the Zebulon
 * resolution-table editor's context, form, reset, export and import. settings-menus.ts keeps the two classes that
 * `registerMenu` needs at `init`; each of their methods that runs here is async (v13 ApplicationV2 awaits
 * `_prepareContext` in `render`, and a form handler or an action may return a promise), so this file loads with the
 * first menu a GM opens.
 */
import { SYSTEM_ID } from "../constants.js";
import { PRESETS, type Preset, presetDiff, type RuleSettings } from "../helpers/presets.js";
import { choosePreset } from "../helpers/presets-apply.js";
import { clientSettings, currentRules, getSetting, SETTINGS } from "../helpers/settings.js";
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

/** What the preset menu's template renders. */
export interface PresetContext {
  presets: (Preset & { chosen: boolean })[];
  modified: boolean;
  /** Label keys of the settings that differ from the chosen preset. */
  diff: string[];
  current: RuleSettings;
}

/** One editor's table as it stands: read from the setting on first use, then the GM's edits. */
export interface EditorState {
  table: ResolutionTable | null;
  error: EditorError | null;
  draft: Record<string, Record<string, unknown>> | null;
}

export function presetContext(): PresetContext {
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

export { choosePreset };

/** The editor's table: the stored one, read once per editor (a broken one shows the default and its error). */
function tableOf(state: EditorState): ResolutionTable {
  if (!state.table) {
    const stored = parseTable(getSetting(SETTINGS.zebulonTable));
    state.table = stored.table ?? defaultResolutionTable();
    state.error = stored.error;
  }
  return state.table;
}

export function editorContextOf(state: EditorState) {
  const table = tableOf(state);
  return {
    ...editorContext(table, state.error, isDefaultTable(table), state.draft),
    isGM: !!game.user?.isGM,
  };
}

export async function submitEditor(state: EditorState, object: Record<string, unknown>): Promise<void> {
  const r = tableFromForm(object);
  state.error = r.error;
  state.draft = r.table ? null : r.draft;
  if (r.table) {
    state.table = r.table;
    await clientSettings().set(SYSTEM_ID, SETTINGS.zebulonTable, r.table);
    ui.notifications?.info(game.i18n?.localize("FT.Zebulon.saved") ?? "");
  }
}

/**
 * Review table-ux #7: the saved table may hold 76 values typed from the printed book, so Reset asks first
 * (v13 `DialogV2.confirm`, client/applications/api/dialog.mjs: true for Yes, false for No, null when closed) and
 * changes nothing unless the answer is Yes. True when it reset.
 */
export async function resetEditor(state: EditorState): Promise<boolean> {
  const i18n = game.i18n;
  const name = foundry.utils.escapeHTML(tableOf(state).name);
  const yes = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n?.localize("FT.Zebulon.resetTitle") ?? "FT.Zebulon.resetTitle" },
    content: `<p>${i18n?.format("FT.Zebulon.resetConfirm", { name }) ?? "FT.Zebulon.resetConfirm"}</p>`,
  });
  if (yes !== true) return false;
  state.table = defaultResolutionTable();
  state.error = null;
  state.draft = null;
  await clientSettings().set(SYSTEM_ID, SETTINGS.zebulonTable, state.table);
  return true;
}

export function exportEditor(state: EditorState): void {
  foundry.utils.saveDataToFile(
    exportTable(tableOf(state)),
    "application/json",
    "zebulon-resolution-table.json",
  );
}

/** True when the GM answered (the editor renders again: the imported table, or the error). */
export async function importEditor(state: EditorState): Promise<boolean> {
  const json = await foundry.applications.api.DialogV2.prompt({
    window: { title: "FT.Zebulon.import" },
    content: `<textarea name="json" rows="12" style="width:100%" placeholder="{ &quot;columns&quot;: … }"></textarea>`,
    ok: {
      callback: (_e: Event, button: HTMLButtonElement) =>
        (button.form?.elements.namedItem("json") as HTMLTextAreaElement | null)?.value ?? "",
    },
  });
  if (typeof json !== "string") return false;
  const r = importTable(json);
  state.error = r.error;
  if (r.table) {
    state.table = r.table;
    state.draft = null;
  }
  return true;
}
