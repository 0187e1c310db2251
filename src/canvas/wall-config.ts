/**
 * A "Cover" select in the wall configuration (none / soft / hard, or the default by wall type), stored as the
 * system flag `flags.frontier-tactics.cover` that the cover rays read (SF-X-22).
 */
import { SYSTEM_ID } from "../constants.js";
import { COVER_MATERIALS } from "../rules/index.js";

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

/**
 * SW-30 (d20): a "Height" select (full or low), stored as `flags.frontier-tactics.height`. A low wall (about 1 m)
 * gives a standing target ¼ cover and a kneeling or prone one ¾ (`rules/d20/cover.ts`); the Star Frontiers engines
 * read only the cover class.
 */
export function addHeightField(
  app: { readonly document: WallDocument.Implementation },
  html: HTMLElement,
): void {
  const form = html.querySelector("form") ?? (html.tagName === "FORM" ? html : null);
  const anchor = form?.querySelector('[name="door"]')?.closest(".form-group");
  if (!form || !anchor || form.querySelector(`[name="flags.${SYSTEM_ID}.height"]`)) return;
  const current = app.document?.getFlag(SYSTEM_ID, "height") || "full";
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const group = document.createElement("div");
  group.className = "form-group";
  group.innerHTML = `<label>${t("FT.Wall.height")}</label>
    <div class="form-fields"><select name="flags.${SYSTEM_ID}.height">
      ${["full", "low"].map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${t(`FT.Wall.heights.${v}`)}</option>`).join("")}
    </select></div>
    <p class="hint">${t("FT.Wall.heightHint")}</p>`;
  anchor.before(group);
}

/**
 * SF-X-41: a "Structure" select (the structure types of rules-tables §10.2) and its structural points, stored as
 * `flags.frontier-tactics.structure` and `.structuralPoints`; blank points are rolled from the type the first time
 * the wall is hit (`workflows/optional/structure.ts`).
 */
export function addStructureFields(
  app: { readonly document: WallDocument.Implementation },
  html: HTMLElement,
): void {
  const form = html.querySelector("form") ?? (html.tagName === "FORM" ? html : null);
  const anchor = form?.querySelector('[name="door"]')?.closest(".form-group");
  if (!form || !anchor || form.querySelector(`[name="flags.${SYSTEM_ID}.structure"]`)) return;
  const doc = app.document;
  const current = String(doc?.getFlag(SYSTEM_ID, "structure") ?? "");
  const points = doc?.getFlag(SYSTEM_ID, "structuralPoints");
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const types = ["", "heavyDoor", "interiorWall", "fortifiedDoor", "exteriorWall"];
  const group = document.createElement("div");
  group.className = "form-group";
  group.innerHTML = `<label>${t("FT.Structure.label")}</label>
    <div class="form-fields"><select name="flags.${SYSTEM_ID}.structure">
      ${types.map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${t(v ? `FT.Structure.type.${v}` : "FT.Structure.none")}</option>`).join("")}
    </select>
    <input type="number" name="flags.${SYSTEM_ID}.structuralPoints" min="0" step="1" value="${typeof points === "number" ? points : ""}" placeholder="${t("FT.Structure.points")}"></div>
    <p class="hint">${t("FT.Structure.hint")}</p>`;
  anchor.before(group);
}

/**
 * SWN-15: a "Material" select (the seed's table: thin wood … pretech, liquid, particulates), stored as
 * `flags.frontier-tactics.material`. Under the d20 engine's swn profile a hard wall of a material gives the target
 * behind it armour against weapons up to the material's tech level (`rules/swn/cover.ts`).
 */
export function addMaterialField(
  app: { readonly document: WallDocument.Implementation },
  html: HTMLElement,
): void {
  const form = html.querySelector("form") ?? (html.tagName === "FORM" ? html : null);
  const anchor = form?.querySelector('[name="door"]')?.closest(".form-group");
  if (!form || !anchor || form.querySelector(`[name="flags.${SYSTEM_ID}.material"]`)) return;
  const current = String(app.document?.getFlag(SYSTEM_ID, "material") ?? "");
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const group = document.createElement("div");
  group.className = "form-group";
  group.innerHTML = `<label>${t("FT.Wall.material")}</label>
    <div class="form-fields"><select name="flags.${SYSTEM_ID}.material">
      ${["", ...Object.keys(COVER_MATERIALS)].map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${t(v ? `FT.SWN.Material.${v}` : "FT.Wall.noMaterial")}</option>`).join("")}
    </select></div>
    <p class="hint">${t("FT.Wall.materialHint")}</p>`;
  anchor.before(group);
}

/**
 * The wall configuration's fields, each added when v13 draws the sheet (`renderWallConfig`): cover (SF-X-22),
 * height (SW-30), material (SWN-15) and the structure type and points (SF-X-41). Registered once, from
 * src/index.ts (moved out of it, in the order it registered them).
 */
export function registerWallConfigHooks(): void {
  Hooks.on("renderWallConfig", (app, html) => addCoverField(app, html));
  Hooks.on("renderWallConfig", (app, html) => addHeightField(app, html));
  Hooks.on("renderWallConfig", (app, html) => addMaterialField(app, html));
  Hooks.on("renderWallConfig", (app, html) => addStructureFields(app, html));
}
