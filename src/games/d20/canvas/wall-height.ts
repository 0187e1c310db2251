/**
 * SW-30 (d20, and SWN on the d20 engine): the wall configuration's "Height" select (full or low), stored as
 * `flags.frontier-tactics.height`. A low wall (about 1 m) gives a standing target ¼ cover and a kneeling or prone
 * one ¾ (`rules/d20/cover.ts`); the Star Frontiers games read only the cover class.
 */
import { addWallGroup, flagSelect, type WallConfigApp } from "../../../canvas/wall-config.js";
import { SYSTEM_ID } from "../../../constants.js";

export function addHeightField(app: WallConfigApp, html: HTMLElement): void {
  const current = String(app.document?.getFlag(SYSTEM_ID, "height") || "full");
  const select = flagSelect("height", ["full", "low"], current, (v) => `FT.Wall.heights.${v}`);
  addWallGroup(html, "height", "FT.Wall.height", select, "FT.Wall.heightHint");
}
