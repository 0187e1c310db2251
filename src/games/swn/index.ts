/**
 * Issue 30: the Stars Without Number on the d20 engine (SWN-*, ruling 1: the d20 engine's swn profile) — its table. The only code that knows its game sits in this folder.
 */
import type { GameTable } from "../../helpers/game.js";
import { swnCard } from "./workflows/card.js";

export const swnGame: GameTable = {
  id: "swn",
  engine: "d20",
  profile: "swn",
  label: "FT.Profile.swnEngine",
  card: swnCard,
};
