/**
 * Issue 30: the Star Frontiers Alpha Dawn, Basic and Expanded (SF-B-*, SF-X-*); the variant is the world's own setting — its table. The only code that knows its game sits in this folder.
 */
import { NO_TRACKER_EXTRAS } from "../../applications/tracker-seam.js";
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addStructureFields } from "./canvas/wall-structure.js";
import { alphaDawnCard } from "./workflows/card.js";

export const alphaDawnGame: GameTable = {
  id: "alphaDawn",
  engine: "alphaDawn",
  profile: "sw",
  label: "FT.Engine.alphaDawn",
  skillCheck: null,
  // Issue 33: what an @Check enricher rolls (SF-B-24: the d100 ability check).
  checks: ["ability"],
  rollCheck: null,
  // RT-6: Punch is the Star Frontiers bare-hand melee (rules-tables §6).
  cardsFrom: ["alphaDawn"],
  unarmed: { kind: "percentileMelee" },
  // Issue 30: loaded with the first attack in a world.
  attack: async () => (await import("./workflows/attack.js")).percentileAttack,
  turnActions: { move: null },
  turnStart: null,
  markBacked: null,
  // The Star Frontiers engines read no d20 block of a target (issue 14).
  targetFacts: async () => () => ({}),
  statusEffects: [],
  dialog: async () => (await import("./applications/attack-dialog.js")).ALPHA_DAWN_DIALOG,
  sheet: async () => (await import("./applications/sheet.js")).percentileSheet(false),
  card: alphaDawnCard,
  // SF-B-15: Stamina.
  tokenBars: { bar1: "stamina", bar2: null },
  sideMorale: false,
  meleeWeapons: () => [],
  // Star Frontiers has no attacks of opportunity (its opportunity fire is SF-X-31, from the tracker's phases).
  tokenMoved: null,
  attackMade: null,
  // SF-X-22 cover, SF-X-41 structure.
  wallFields: [addCoverField, addStructureFields],
  tracker: NO_TRACKER_EXTRAS,
  // Issue 33: no actor of its own rolls from a hotbar macro (workflows/macros.ts).
  actorMacro: null,
  // SF-X-10: "Dodging this round" in the combatant menu (workflows/turn/turn-hooks.ts).
  dodging: true,
  // Issue 33: the weapon-tables browser's columns, loaded with the browser.
  weaponTable: async () => (await import("./applications/weapon-table.js")).STAR_FRONTIERS_TABLE,
};
