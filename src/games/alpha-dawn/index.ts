/**
 * Issue 30: the Star Frontiers Alpha Dawn, Basic and Expanded (SF-B-*, SF-X-*); the variant is the world's own setting — its table. The only code that knows its game sits in this folder.
 */
import { NO_TRACKER_EXTRAS } from "../../applications/tracker-seam.js";
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addStructureFields } from "./canvas/wall-structure.js";

export const alphaDawnGame: GameTable = {
  id: "alphaDawn",
  engine: "alphaDawn",
  profile: "sw",
  label: "FT.Engine.alphaDawn",
  // SF-B-15: Stamina.
  tokenBars: { bar1: "stamina", bar2: null },
  registerInit: () => {},
  sideMorale: false,
  meleeWeapons: () => [],
  extraActions: new Map(),
  // SF-X-22 cover, SF-X-41 structure.
  wallFields: [addCoverField, addStructureFields],
  tracker: NO_TRACKER_EXTRAS,
};
