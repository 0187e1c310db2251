/**
 * Issue 30: the Stars Without Number on the d20 engine (SWN-*, ruling 1: the d20 engine's swn profile) — its table. The only code that knows its game sits in this folder.
 */

import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { addHeightField } from "../d20/canvas/wall-height.js";
import { d20MeleeWeapons } from "../d20/data/weapons.js";
import { D20_STATUS_EFFECTS } from "../d20/helpers/statuses.js";
import { d20TurnActions } from "../d20/workflows/turn-actions.js";
import { swnTracker } from "./applications/tracker.js";
import { addMaterialField } from "./canvas/wall-material.js";
import { swnCard } from "./workflows/card.js";

export const swnGame: GameTable = {
  id: "swn",
  engine: "d20",
  profile: "swn",
  label: "FT.Profile.swnEngine",
  skillCheck: null,
  // Issue 33: what an @Check enricher rolls — review-play 2.4: the sheet's skill checks, 2d6 + skill + attribute.
  checks: ["skill"],
  rollCheck: async (actor, check) =>
    (await import("./workflows/enricher-check.js")).rollSwnCheck(actor, check),
  // SWN: seed 003 names a "Punch attack" (Shove, Charge) but gives it no damage: Punch says so and rolls nothing.
  cardsFrom: ["swn"],
  unarmed: { kind: "none", notice: "FT.Melee.noUnarmed" },
  // Issue 30: loaded with the first attack in a world.
  attack: async () => (await import("./workflows/attack.js")).swnAttack,
  turnActions: d20TurnActions,
  // SW-10's dying save is the vitality-and-wounds model's; SWN's hit points have no dying rounds here.
  turnStart: null,
  // SWN-06, SW-21, SW-23 (trust review 1.3): a mech's Protect and a declared defense are backed by what the GM recorded.
  markBacked: async (combat, combatant, key, after) =>
    (await import("../d20/workflows/mark-evidence.js")).markBacked(combat, combatant, key, after),
  // SWN-17 meat shields, SWN-08 overwatch arcs and SWN-06 protecting mechs are read from the scene.
  // Issue 33: loaded with the first target read.
  targetFacts: async () => {
    const [{ d20TargetFactsOf }, { withProtection }] = await Promise.all([
      import("../d20/canvas/target-facts.js"),
      import("./canvas/protect.js"),
    ]);
    return withProtection(d20TargetFactsOf({ swn: true }));
  },
  // SW-10, SW-30 (ruling 4b): the d20 rules' statuses.
  statusEffects: D20_STATUS_EFFECTS,
  dialog: async () => (await import("./applications/attack-dialog.js")).SWN_DIALOG,
  sheet: async () => (await import("./applications/sheet.js")).swnSheet,
  card: swnCard,
  // SWN: hit points.
  tokenBars: { bar1: "swn.hp", bar2: null },
  sideMorale: true,
  meleeWeapons: d20MeleeWeapons,
  // Seed 003 has no attacks of opportunity for leaving melee: a movement provokes nothing.
  tokenMoved: null,
  attackMade: null,
  // SW-30 on the d20 engine, SWN-15: the cover armour of a wall's material.
  wallFields: [addCoverField, addHeightField, addMaterialField],
  tracker: swnTracker,
  // Issue 33: a squad dropped from its sheet on the hotbar attacks (SWN-17), as the squad sheet's Attack.
  actorMacro: async (actor) => (await import("./workflows/squad-attack.js")).squadAttackFromSheet(actor),
  // SF-X-10: "Dodging this round" in the combatant menu (workflows/turn/turn-hooks.ts).
  dodging: false,
  // Issue 33: the weapon-tables browser's columns (SWN-15), loaded with the browser.
  weaponTable: async () => (await import("./applications/weapon-table.js")).SWN_TABLE,
};
