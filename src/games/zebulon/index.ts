/**
 * Issue 30: the Zebulon's Guide column shifts (SF-Z-*) on the Star Frontiers table — its table. The only code that knows its game sits in this folder.
 */
import { NO_TRACKER_EXTRAS } from "../../applications/tracker-seam.js";
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addStructureFields } from "../alpha-dawn/canvas/wall-structure.js";
import { zebulonCard } from "./workflows/card.js";

export const zebulonGame: GameTable = {
  id: "zebulon",
  engine: "zebulon",
  profile: "sw",
  label: "FT.Engine.zebulon",
  // SF-Z-01, SF-Z-04: skill checks on the Resolution Table's columns.
  skillCheck: "zebulonColumns",
  // Issue 33: what an @Check enricher rolls (SF-B-24 ability checks and SF-Z-04 skill checks).
  checks: ["ability", "skill"],
  rollCheck: null,
  // RT-6: Punch is the Star Frontiers bare-hand melee (rules-tables §6).
  cardsFrom: ["zebulon", "alphaDawn"],
  unarmed: { kind: "percentileMelee" },
  // Issue 30: loaded with the first attack in a world.
  attack: async () => (await import("../alpha-dawn/workflows/attack.js")).percentileAttack,
  turnActions: { move: null },
  turnStart: null,
  markBacked: null,
  // The Star Frontiers engines read no d20 block of a target (issue 14).
  targetFacts: async () => () => ({}),
  statusEffects: [],
  dialog: async () => (await import("./applications/attack-dialog.js")).ZEBULON_DIALOG,
  sheet: async () => (await import("../alpha-dawn/applications/sheet.js")).percentileSheet(true),
  card: zebulonCard,
  // SF-B-15: Stamina (Zebulon keeps the Star Frontiers pool).
  tokenBars: { bar1: "stamina", bar2: null },
  sideMorale: false,
  meleeWeapons: () => [],
  tokenMoved: null,
  attackMade: null,
  // SF-X-22 cover, SF-X-41 structure (the Star Frontiers table).
  wallFields: [addCoverField, addStructureFields],
  tracker: NO_TRACKER_EXTRAS,
  // Issue 33: no actor of its own rolls from a hotbar macro (workflows/macros.ts).
  actorMacro: null,
  // SF-X-10: "Dodging this round" in the combatant menu (workflows/turn/turn-hooks.ts).
  dodging: true,
  // Issue 33: the Star Frontiers weapon tables (the same items), loaded with the browser.
  weaponTable: async () => (await import("../alpha-dawn/applications/weapon-table.js")).STAR_FRONTIERS_TABLE,
};
