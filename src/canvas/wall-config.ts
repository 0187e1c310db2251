/**
 * A "Cover" select in the wall configuration (none / soft / hard, or the default by wall type), stored as the
 * system flag `flags.frontier-tactics.cover` that the cover rays read (SF-X-22).
 */
import { SYSTEM_ID } from "../constants.js";

export function addCoverField(
  app: { readonly document: WallDocument.Implementation },
  html: HTMLElement,
): void {
  const form = html.querySelector("form") ?? (html.tagName === "FORM" ? html : null);
  const anchor = form?.querySelector('[name="door"]')?.closest(".form-group");
  if (!form || !anchor || form.querySelector(`[name="flags.${SYSTEM_ID}.cover"]`)) return;
  const current = app.document?.getFlag(SYSTEM_ID, "cover") ?? "";
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const group = document.createElement("div");
  group.className = "form-group";
  group.innerHTML = `<label>${t("FT.Wall.cover")}</label>
    <div class="form-fields"><select name="flags.${SYSTEM_ID}.cover">
      ${["", "none", "soft", "hard"].map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${t(v ? `FT.Cover.${v}` : "FT.Wall.byType")}</option>`).join("")}
    </select></div>
    <p class="hint">${t("FT.Wall.hint")}</p>`;
  anchor.before(group);
}
