/**
 * Issue 30: the Zebulon's Guide column shifts (SF-Z-*) on the Star Frontiers table — its table. The only code that knows its game sits in this folder.
 */
import type { GameTable } from "../../helpers/game.js";
import { zebulonCard } from "./workflows/card.js";

export const zebulonGame: GameTable = {
  id: "zebulon",
  engine: "zebulon",
  profile: "sw",
  label: "FT.Engine.zebulon",
  card: zebulonCard,
};
