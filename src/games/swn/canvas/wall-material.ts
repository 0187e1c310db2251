/**
 * SWN-15: the wall configuration's "Material" select (the seed's table: thin wood … pretech, liquid, particulates),
 * stored as `flags.frontier-tactics.material`. A hard wall of a material gives the target behind it armour against
 * weapons up to the material's tech level (`rules/swn/cover.ts`).
 */
import { addWallGroup, flagSelect, type WallConfigApp } from "../../../canvas/wall-config.js";
import { SYSTEM_ID } from "../../../constants.js";
import { COVER_MATERIALS } from "../../../rules/index.js";

export function addMaterialField(app: WallConfigApp, html: HTMLElement): void {
  const current = String(app.document?.getFlag(SYSTEM_ID, "material") ?? "");
  const select = flagSelect("material", ["", ...Object.keys(COVER_MATERIALS)], current, (v) =>
    v ? `FT.SWN.Material.${v}` : "FT.Wall.noMaterial",
  );
  addWallGroup(html, "material", "FT.Wall.material", select, "FT.Wall.materialHint");
}
