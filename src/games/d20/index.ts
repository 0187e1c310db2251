/**
 * Issue 30: the Star Wars d20, Revised combat chapter (SW-*) — its table. The only code that knows its game sits in this folder.
 */
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { d20Tracker } from "./applications/tracker.js";
import { d20TargetFactsOf } from "./canvas/target-facts.js";
import { addHeightField } from "./canvas/wall-height.js";
import { d20MeleeWeapons } from "./data/weapons.js";
import { D20_STATUS_EFFECTS } from "./helpers/statuses.js";
import { d20Card } from "./workflows/card.js";
import { d20TurnActions } from "./workflows/turn-actions.js";

export const d20Game: GameTable = {
  id: "d20",
  engine: "d20",
  profile: "sw",
  label: "FT.Engine.d20",
  skillCheck: null,
  // SW-20's unarmed strike is issue 31's: until then Punch says so and rolls nothing (never the SF d100 melee).
  cardsFrom: ["d20"],
  unarmed: { kind: "none", notice: "FT.Melee.noUnarmed" },
  // Issue 30: loaded with the first attack in a world.
  attack: async () => (await import("./workflows/attack.js")).d20Attack,
  turnActions: d20TurnActions,
  targetFacts: d20TargetFactsOf({ swn: false }),
  // SW-10, SW-30 (ruling 4b): the d20 rules' statuses.
  statusEffects: D20_STATUS_EFFECTS,
  dialog: async () => (await import("./applications/attack-dialog.js")).D20_DIALOG,
  sheet: async () => (await import("./applications/sheet.js")).d20Sheet,
  card: d20Card,
  // SW-10: vitality points, then wound points.
  tokenBars: { bar1: "d20.vitality", bar2: "d20.wounds" },
  sideMorale: false,
  meleeWeapons: d20MeleeWeapons,
  // SW-30: the cover class and a low wall.
  wallFields: [addCoverField, addHeightField],
  // SW-17: total defense on the acting combatant's row.
  tracker: d20Tracker,
};
