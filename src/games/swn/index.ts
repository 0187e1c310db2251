/**
 * Issue 30: the Stars Without Number on the d20 engine (SWN-*, ruling 1: the d20 engine's swn profile) — its table. The only code that knows its game sits in this folder.
 */

import { addCoverField } from "../../canvas/wall-config.js";
import { SYSTEM_ID } from "../../constants.js";
import type { GameTable } from "../../helpers/game.js";
import { addHeightField } from "../d20/canvas/wall-height.js";
import { d20MeleeWeapons } from "../d20/data/weapons.js";
import { FrontierSquadSheet } from "./applications/squad-sheet.js";
import { swnTracker } from "./applications/tracker.js";
import { addMaterialField } from "./canvas/wall-material.js";
import type { SwnActionKind } from "./workflows/action-kit.js";
import { registerSideMoraleHooks } from "./workflows/side-morale-hooks.js";

type ActorI = Actor.Implementation;

/** SWN-01..07, SWN-18, SWN-19: the SWN block's additional actions, Recruit and the led squad; loaded when clicked. */
const ACTION_KINDS = [
  "shove",
  "charge",
  "vehicleCharge",
  "disarm",
  "protect",
  "protectMech",
  "jump",
  "recruit",
  "lead",
] as const satisfies readonly SwnActionKind[];

const swnAction = (kind: SwnActionKind) => async (actor: ActorI) =>
  (await import("./workflows/actions.js")).swnAction(actor, kind);

/** What SWN registers at init: the squad's sheet (SWN-17) and side Morale's hooks and GM requests (SWN-09..13). */
function registerInit(): void {
  // SWN-17: a squad has its own small sheet (no Stamina, no abilities, no items).
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, FrontierSquadSheet, {
    types: ["squad"],
    makeDefault: true,
    label: "FT.Sheet.squad",
  });
  registerSideMoraleHooks();
}

export const swnGame: GameTable = {
  id: "swn",
  engine: "d20",
  profile: "swn",
  label: "FT.Profile.swnEngine",
  // SWN: hit points.
  tokenBars: { bar1: "swn.hp", bar2: null },
  registerInit,
  sideMorale: true,
  meleeWeapons: d20MeleeWeapons,
  extraActions: new Map<string, (actor: ActorI) => Promise<void>>([
    ...ACTION_KINDS.map((kind) => [kind, swnAction(kind)] as const),
    // SWN-09 Intimidate (the user's target's side) and SWN-10 Read Morale (issue 16): the GM rolls.
    ["intimidate", async (actor) => (await import("./applications/morale-ui.js")).intimidateFrom(actor)],
    ["read", async (actor) => (await import("./applications/morale-ui.js")).readMoraleFrom(actor)],
  ]),
  // SW-30 on the d20 engine, SWN-15: the cover armour of a wall's material.
  wallFields: [addCoverField, addHeightField, addMaterialField],
  tracker: swnTracker,
};
