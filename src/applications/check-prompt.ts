/**
 * The small prompts a shift-click on the sheet opens before a check (DialogV2.input, client/applications/api/
 * dialog.mjs): the easy/hard adjustment of an ability check (SF-B-24), and the column shifts, result shift and
 * colour needed of a Zebulon skill check (SF-Z-02, SF-Z-05, SF-Z-07). They only collect what the user typed; the
 * check workflow (`workflows/optional/checks.ts`) refuses a bad value with the rule in the message before rolling.
 */
import { pickedRollMode, rollModeSelectHTML } from "../helpers/roll-mode.js";
import { SUCCESS_COLOURS } from "../rules/index.js";

const esc = (s: string): string => foundry.utils.escapeHTML(s);
const t = (k: string): string => game.i18n?.localize(k) ?? k;
const f = (k: string, data: Record<string, string>): string => game.i18n?.format(k, data) ?? k;

/** A number field as FormDataExtended reads it (number or null), or text when a client sends text. */
function numberOf(v: unknown): number {
  if (v === null || v === undefined || v === "") return 0;
  return typeof v === "number" ? v : Number(v);
}

/** An ability check's adjustment and the roll mode it is posted in (issue 33). */
export interface AdjustmentAnswer {
  readonly adjustment: number;
  readonly rollMode: string;
}

/** Ask for an ability check's adjustment and roll mode; null when the user closed the prompt. */
export async function promptAdjustment(abilityLabel: string): Promise<AdjustmentAnswer | null> {
  const content = `<p class="hint">${esc(t("FT.Check.adjustmentHint"))} <span class="ft-rule">SF-B-24</span></p>
<div class="form-group"><label>${esc(t("FT.Check.adjustment"))}</label>
<input type="number" name="adjustment" value="0"></div>
${rollModeSelectHTML(t("FT.UX.rollMode"))}`;
  const data = (await foundry.applications.api.DialogV2.input({
    window: { title: f("FT.Check.adjustTitle", { ability: abilityLabel }) },
    content,
    ok: { label: "FT.Check.roll", icon: "fa-solid fa-dice-d20" },
  })) as { adjustment?: unknown; rollMode?: unknown } | null;
  if (!data) return null;
  return { adjustment: numberOf(data.adjustment), rollMode: pickedRollMode(data.rollMode) };
}

export interface SkillPromptAnswer {
  readonly shifts: number;
  readonly resultShift: number;
  readonly required: string | null;
  /** Issue 33: the roll mode the check is posted in. */
  readonly rollMode: string;
}

/** Ask for a skill check's column shifts, result shift and needed colour; null when the user closed the prompt. */
export async function promptSkillCheck(skillName: string): Promise<SkillPromptAnswer | null> {
  const colours = ["", ...[...SUCCESS_COLOURS].reverse()]
    .map((c) => `<option value="${c}">${esc(t(c ? `FT.Colour.${c}` : "FT.Check.anyColour"))}</option>`)
    .join("");
  const content = `<div class="form-group"><label>${esc(t("FT.Check.columnShift"))} <span class="ft-rule">SF-Z-02</span></label>
<input type="number" name="shifts" value="0"></div>
<div class="form-group"><label>${esc(t("FT.Check.resultShift"))} <span class="ft-rule">SF-Z-07</span></label>
<input type="number" name="resultShift" value="0"></div>
<div class="form-group"><label>${esc(t("FT.Check.required"))} <span class="ft-rule">SF-Z-05</span></label>
<select name="required">${colours}</select></div>
${rollModeSelectHTML(t("FT.UX.rollMode"))}`;
  const data = (await foundry.applications.api.DialogV2.input({
    window: { title: f("FT.Check.skillTitle", { skill: skillName }) },
    content,
    ok: { label: "FT.Check.roll", icon: "fa-solid fa-dice-d20" },
  })) as { shifts?: unknown; resultShift?: unknown; required?: unknown; rollMode?: unknown } | null;
  if (!data) return null;
  const required = typeof data.required === "string" && data.required ? data.required : null;
  return {
    shifts: numberOf(data.shifts),
    resultShift: numberOf(data.resultShift),
    required,
    rollMode: pickedRollMode(data.rollMode),
  };
}
