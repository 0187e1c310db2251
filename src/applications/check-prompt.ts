/**
 * The small prompts a shift-click on the sheet opens before a check (DialogV2.input, client/applications/api/
 * dialog.mjs): the easy/hard adjustment of an ability check (SF-B-24), and the column shifts, result shift and
 * colour needed of a Zebulon skill check (SF-Z-02, SF-Z-05, SF-Z-07). They only collect what the user typed; the
 * check workflow (`workflows/optional/checks.ts`) refuses a bad value with the rule in the message before rolling.
 */
import { SUCCESS_COLOURS } from "../rules/index.js";

const esc = (s: string): string => foundry.utils.escapeHTML(s);
const t = (k: string): string => game.i18n?.localize(k) ?? k;
const f = (k: string, data: Record<string, string>): string => game.i18n?.format(k, data) ?? k;

/** A number field as FormDataExtended reads it (number or null), or text when a client sends text. */
function numberOf(v: unknown): number {
  if (v === null || v === undefined || v === "") return 0;
  return typeof v === "number" ? v : Number(v);
}

/** Ask for an ability check's adjustment; null when the user closed the prompt. */
export async function promptAdjustment(abilityLabel: string): Promise<number | null> {
  const content = `<p class="hint">${esc(t("FT.Check.adjustmentHint"))} <span class="ft-rule">SF-B-24</span></p>
<div class="form-group"><label>${esc(t("FT.Check.adjustment"))}</label>
<input type="number" name="adjustment" value="0"></div>`;
  const data = (await foundry.applications.api.DialogV2.input({
    window: { title: f("FT.Check.adjustTitle", { ability: abilityLabel }) },
    content,
    ok: { label: "FT.Check.roll", icon: "fa-solid fa-dice-d20" },
  })) as { adjustment?: unknown } | null;
  if (!data) return null;
  return numberOf(data.adjustment);
}

export interface SkillPromptAnswer {
  readonly shifts: number;
  readonly resultShift: number;
  readonly required: string | null;
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
<select name="required">${colours}</select></div>`;
  const data = (await foundry.applications.api.DialogV2.input({
    window: { title: f("FT.Check.skillTitle", { skill: skillName }) },
    content,
    ok: { label: "FT.Check.roll", icon: "fa-solid fa-dice-d20" },
  })) as { shifts?: unknown; resultShift?: unknown; required?: unknown } | null;
  if (!data) return null;
  const required = typeof data.required === "string" && data.required ? data.required : null;
  return { shifts: numberOf(data.shifts), resultShift: numberOf(data.resultShift), required };
}
