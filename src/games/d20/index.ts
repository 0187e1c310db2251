/**
 * Issue 30: the Star Wars d20, Revised combat chapter (SW-*) — its table. The only code that knows its game sits in this folder.
 */
import type { GameTable } from "../../helpers/game.js";
import { d20Card } from "./workflows/card.js";

export const d20Game: GameTable = {
  id: "d20",
  engine: "d20",
  profile: "sw",
  label: "FT.Engine.d20",
  card: d20Card,
};
