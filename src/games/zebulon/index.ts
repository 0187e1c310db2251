/**
 * Issue 30: the Zebulon's Guide column shifts (SF-Z-*) on the Star Frontiers table — its table. The only code that knows its game sits in this folder.
 */
import { NO_TRACKER_EXTRAS } from "../../applications/tracker-seam.js";
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addStructureFields } from "../alpha-dawn/canvas/wall-structure.js";

export const zebulonGame: GameTable = {
  id: "zebulon",
  engine: "zebulon",
  profile: "sw",
  label: "FT.Engine.zebulon",
  // SF-B-15: Stamina (Zebulon keeps the Star Frontiers pool).
  tokenBars: { bar1: "stamina", bar2: null },
  registerInit: () => {},
  sideMorale: false,
  meleeWeapons: () => [],
  extraActions: new Map(),
  // SF-X-22 cover, SF-X-41 structure (the Star Frontiers table).
  wallFields: [addCoverField, addStructureFields],
  tracker: NO_TRACKER_EXTRAS,
};
