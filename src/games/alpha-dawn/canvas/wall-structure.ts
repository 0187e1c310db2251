/**
 * SF-X-41: the wall configuration's "Structure" select (the structure types of rules-tables §10.2) and its structural
 * points, stored as `flags.frontier-tactics.structure` and `.structuralPoints`; blank points are rolled from the type
 * the first time the wall is hit (`workflows/optional/structure.ts`). Star Frontiers' (Zebulon's Guide keeps it).
 */
import { addWallGroup, flagSelect, type WallConfigApp, wallT } from "../../../canvas/wall-config.js";
import { SYSTEM_ID } from "../../../constants.js";

export function addStructureFields(app: WallConfigApp, html: HTMLElement): void {
  const doc = app.document;
  const current = String(doc?.getFlag(SYSTEM_ID, "structure") ?? "");
  const points = doc?.getFlag(SYSTEM_ID, "structuralPoints");
  const types = ["", "heavyDoor", "interiorWall", "fortifiedDoor", "exteriorWall"];
  const select = flagSelect("structure", types, current, (v) =>
    v ? `FT.Structure.type.${v}` : "FT.Structure.none",
  );
  const input = `<input type="number" name="flags.${SYSTEM_ID}.structuralPoints" min="0" step="1" value="${typeof points === "number" ? points : ""}" placeholder="${wallT("FT.Structure.points")}">`;
  addWallGroup(html, "structure", "FT.Structure.label", `${select}\n    ${input}`, "FT.Structure.hint");
}
