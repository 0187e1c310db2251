/**
 * Issue 30: the Star Wars d20, Revised combat chapter (SW-*) — its table. The only code that knows its game sits in this folder.
 */
import { NO_TRACKER_EXTRAS } from "../../applications/tracker-seam.js";
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addHeightField } from "./canvas/wall-height.js";
import { d20MeleeWeapons } from "./data/weapons.js";

export const d20Game: GameTable = {
  id: "d20",
  engine: "d20",
  profile: "sw",
  label: "FT.Engine.d20",
  // SW-10: vitality points, then wound points.
  tokenBars: { bar1: "d20.vitality", bar2: "d20.wounds" },
  registerInit: () => {},
  sideMorale: false,
  meleeWeapons: d20MeleeWeapons,
  extraActions: new Map(),
  // SW-30: the cover class and a low wall.
  wallFields: [addCoverField, addHeightField],
  tracker: NO_TRACKER_EXTRAS,
};
