/**
 * The wall configuration's fields (issue 30: each game lists its own; the configuration shows only the world's
 * game's). v13 draws WallConfig and calls `renderWallConfig` with the application and its HTML
 * (client/applications/sheets/wall-config.mjs, a DocumentSheetV2: `_onRender` → the `render{Class}` hooks); each
 * field is a form group added before the door select and stored as a system flag (`flags.frontier-tactics.*`) that
 * WallConfig's submit writes with the rest of the form. The cover class (SF-X-22) is read by every game and drawn
 * here; a game's own fields (SF-X-41 structure, SW-30 height, SWN-15 material) are drawn by its module.
 */
import { SYSTEM_ID } from "../constants.js";
import { currentGame } from "../helpers/game.js";

/** What a field reads of v13's WallConfig: the wall it configures. */
export interface WallConfigApp {
  readonly document: WallDocument.Implementation;
}

/** A field a game adds to the wall configuration. */
export type WallConfigField = (app: WallConfigApp, html: HTMLElement) => void;

declare module "../helpers/game.js" {
  interface GameTable {
    /** The wall configuration's fields this game reads, in the order they are drawn (canvas/wall-config.ts). */
    readonly wallFields: readonly WallConfigField[];
  }
}

export const wallT = (k: string): string => game.i18n?.localize(k) ?? k;

/**
 * A field's form group (its label, controls and hint) before the door select of the wall configuration's form,
 * unless the form has none or already has the field (`flag`, the first control's flag key).
 */
export function addWallGroup(
  html: HTMLElement,
  flag: string,
  label: string,
  fields: string,
  hint: string,
): void {
  const form = html.querySelector("form") ?? (html.tagName === "FORM" ? html : null);
  const anchor = form?.querySelector('[name="door"]')?.closest(".form-group");
  if (!form || !anchor || form.querySelector(`[name="flags.${SYSTEM_ID}.${flag}"]`)) return;
  const group = document.createElement("div");
  group.className = "form-group";
  group.innerHTML = `<label>${wallT(label)}</label>
    <div class="form-fields">${fields}</div>
    <p class="hint">${wallT(hint)}</p>`;
  anchor.before(group);
}

/** A select of a wall flag: each value's label and whether it is the wall's (`current`). */
export function flagSelect(
  flag: string,
  values: readonly string[],
  current: string,
  label: (v: string) => string,
) {
  return `<select name="flags.${SYSTEM_ID}.${flag}">
      ${values.map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${wallT(label(v))}</option>`).join("")}
    </select>`;
}

/**
 * SF-X-22 (and the d20 engine's cover rays, SW-30): a "Cover" select (none / soft / hard, or the default by wall
 * type), stored as the system flag `flags.frontier-tactics.cover` that the cover rays read. Every game reads it.
 */
export function addCoverField(app: WallConfigApp, html: HTMLElement): void {
  const current = String(app.document?.getFlag(SYSTEM_ID, "cover") ?? "");
  const select = flagSelect("cover", ["", "none", "soft", "hard"], current, (v) =>
    v ? `FT.Cover.${v}` : "FT.Wall.byType",
  );
  addWallGroup(html, "cover", "FT.Wall.cover", select, "FT.Wall.hint");
}

/** The wall configuration's fields of the world's game, added when v13 draws the sheet. Registered once, at load. */
export function registerWallConfigHooks(): void {
  Hooks.on("renderWallConfig", (app, html) => {
    for (const add of currentGame().wallFields) add(app, html);
  });
}
