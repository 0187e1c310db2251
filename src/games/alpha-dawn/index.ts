/**
 * Issue 30: the Star Frontiers Alpha Dawn, Basic and Expanded (SF-B-*, SF-X-*); the variant is the world's own setting — its table. The only code that knows its game sits in this folder.
 */
import type { GameTable } from "../../helpers/game.js";
import { ALPHA_DAWN_DIALOG } from "./applications/attack-dialog.js";
import { percentileSheet } from "./applications/sheet.js";
import { percentileAttack } from "./workflows/attack.js";
import { alphaDawnCard } from "./workflows/card.js";

export const alphaDawnGame: GameTable = {
  id: "alphaDawn",
  engine: "alphaDawn",
  profile: "sw",
  label: "FT.Engine.alphaDawn",
  skillCheck: null,
  // RT-6: Punch is the Star Frontiers bare-hand melee (rules-tables §6).
  unarmed: { kind: "percentileMelee" },
  attack: percentileAttack,
  turnActions: { move: null },
  // The Star Frontiers engines read no d20 block of a target (issue 14).
  targetFacts: () => ({}),
  statusEffects: [],
  dialog: ALPHA_DAWN_DIALOG,
  sheet: percentileSheet(false),
  card: alphaDawnCard,
};
