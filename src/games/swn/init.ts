/**
 * What Stars Without Number registers at `init` (src/games/init.ts), in every world: the squad's sheet (SWN-17: the
 * squad actor type exists in every world, as its data model does) and side Morale's hooks and GM requests
 * (SWN-09..13; each hook asks the world's game when it runs). Kept apart from the table (index.ts), which a page or a
 * test reads without `init`: a sheet class needs Foundry's ApplicationV2 when it is defined.
 */
import { SYSTEM_ID } from "../../constants.js";
import { FrontierSquadSheet } from "./applications/squad-sheet.js";
import { registerSideMoraleHooks } from "./workflows/side-morale-hooks.js";

export function initSwn(): void {
  // SWN-17: a squad has its own small sheet (no Stamina, no abilities, no items).
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, FrontierSquadSheet, {
    types: ["squad"],
    makeDefault: true,
    label: "FT.Sheet.squad",
  });
  registerSideMoraleHooks();
}
