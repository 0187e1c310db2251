/**
 * Issue 30: the Star Wars d20, Revised combat chapter (SW-*) — its table. The only code that knows its game sits in this folder.
 */
import { addCoverField } from "../../canvas/wall-config.js";
import type { GameTable } from "../../helpers/game.js";
import { d20Tracker } from "./applications/tracker.js";
import { addHeightField } from "./canvas/wall-height.js";
import { d20MeleeWeapons } from "./data/weapons.js";
import { D20_STATUS_EFFECTS } from "./helpers/statuses.js";
import { d20Card } from "./workflows/card.js";
import { d20TurnActions } from "./workflows/turn-actions.js";
import { d20Unarmed } from "./workflows/unarmed.js";

export const d20Game: GameTable = {
  id: "d20",
  engine: "d20",
  profile: "sw",
  label: "FT.Engine.d20",
  skillCheck: null,
  // Issue 33: what an @Check enricher rolls — review-play 2.4: the ability check, d20 + the ability's modifier.
  checks: ["ability"],
  rollCheck: async (actor, check) =>
    (await import("./workflows/enricher-check.js")).rollD20Check(actor, check),
  cardsFrom: ["d20"],
  // SW-20: Punch is the unarmed strike, rolled as a melee attack (workflows/unarmed.ts).
  unarmed: d20Unarmed,
  // Issue 30: loaded with the first attack in a world.
  attack: async () => (await import("./workflows/attack.js")).d20Attack,
  turnActions: d20TurnActions,
  // SW-10 (issue 31): a dying combatant's Fortitude save when its turn starts (workflows/dying.ts).
  turnStart: async (combatant, context) =>
    (await import("./workflows/dying.js")).dyingTurn(combatant, context),
  // SW-17, SW-21, SW-23 (trust review 1.3): a declared defense is backed by the round's action or an admitted card.
  markBacked: async (combat, combatant, key, after) =>
    (await import("./workflows/mark-evidence.js")).markBacked(combat, combatant, key, after),
  // Issue 33: the d20 reads of a target (and the scene's caster they use) load with the first target read.
  targetFacts: async () => (await import("./canvas/target-facts.js")).d20TargetFactsOf({ swn: false }),
  // SW-10, SW-30 (ruling 4b): the d20 rules' statuses.
  statusEffects: D20_STATUS_EFFECTS,
  dialog: async () => (await import("./applications/attack-dialog.js")).D20_DIALOG,
  sheet: async () => (await import("./applications/sheet.js")).d20Sheet,
  card: d20Card,
  // SW-10: vitality points, then wound points.
  tokenBars: { bar1: "d20.vitality", bar2: "d20.wounds" },
  sideMorale: false,
  meleeWeapons: d20MeleeWeapons,
  // SW-25, SW-24, SW-43: the attacks of opportunity a movement provokes, offered to the threatening combatant's owners.
  tokenMoved: async (token, movement, user) => {
    // SW-42 (review 3, 2.3): an aimed-at target's moves since the aim, summed (workflows/aim.ts).
    await (await import("./workflows/aim.js")).dropMovedAim(token, movement, user);
    return (await import("./workflows/provoke.js")).offerOpportunities(token, movement, user);
  },
  // SW-20, SW-25: and those the attack itself provokes (an unarmed strike at an armed foe, a two-handed ranged weapon).
  attackMade: async (message) => {
    await (await import("./workflows/provoke.js")).offerForAttack(message);
    await (await import("./workflows/provoke-action.js")).offerForActionAttack(message);
  },
  // SW-30: the cover class and a low wall.
  wallFields: [addCoverField, addHeightField],
  // SW-17: total defense on the acting combatant's row.
  tracker: d20Tracker,
  // Issue 33: no actor of its own rolls from a hotbar macro (workflows/macros.ts).
  actorMacro: null,
  // SF-X-10: "Dodging this round" in the combatant menu (workflows/turn/turn-hooks.ts).
  dodging: false,
  // Issue 33: the weapon-tables browser's columns (RCR Tables 7-2, 7-3), loaded with the browser.
  weaponTable: async () => (await import("./applications/weapon-table.js")).D20_TABLE,
};
