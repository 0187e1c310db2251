/**
 * Issue 30: what Stars Without Number adds to the combat tracker (applications/tracker-seam.ts): the Morale strip
 * over the by-count list (SWN-12, SWN-13) and its GM's edit control, and overwatch on the rows (SWN-08). The
 * workflows behind the controls are loaded when first clicked.
 */
import type { GameTrackerSeam, TrackerRowControl } from "../../../applications/tracker-seam.js";
import { overwatchOf } from "../../../canvas/overwatch.js";
import { templatePath } from "../../../constants.js";
import { isItemType } from "../../../data/subtypes.js";
import { notify } from "../../../helpers/report.js";

/** The combatant of the row a control sits in (`data-combatant-id`). */
function rowCombatant(combat: Combat.Implementation | null, target: HTMLElement) {
  const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
  return id ? combat?.combatants.get(id) : undefined;
}

/** The tracker's SWN part: the sides' Morale (templates/apps/morale-strip.hbs). */
const MORALE_STRIP = templatePath("apps/morale-strip.hbs");

const TAKE_OVERWATCH: TrackerRowControl = {
  action: "overwatch",
  icon: "fa-binoculars",
  hint: "FT.SWN.Overwatch.takeHint",
  label: "FT.SWN.Overwatch.take",
};
const OVERWATCH_SHOT: TrackerRowControl = {
  action: "overwatchShot",
  icon: "fa-eye",
  hint: "FT.SWN.Overwatch.shotHint",
  label: "FT.SWN.Overwatch.shot",
};

export const swnTracker: GameTrackerSeam = {
  // SWN-12, SWN-13 (issue 16): the Morale strip, loaded only in a world with the SWN additions; its template is the
  // tracker's game part, loaded as a partial first (v13 client/applications/handlebars.mjs `loadTemplates` registers
  // each path as a partial and keeps it; an unloaded partial fails the render).
  byCountContext: async (combat) => {
    const [{ moraleStrip }] = await Promise.all([
      import("./morale-ui.js"),
      foundry.applications.handlebars.loadTemplates([MORALE_STRIP]),
    ]);
    return { ftGamePart: MORALE_STRIP, ftMorale: moraleStrip(combat) };
  },
  // SWN-08: taking overwatch is the acting combatant's action; its one shot is out of turn while it holds.
  byCountRow: ({ combat, combatant, current, mayAct }) => {
    if (!combat.started || !mayAct) return [];
    const held = !!overwatchOf(combatant);
    if (held) return [OVERWATCH_SHOT];
    return current ? [TAKE_OVERWATCH] : [];
  },
  // Issue 33: offered in the combatant's context menu too.
  menu: [TAKE_OVERWATCH, OVERWATCH_SHOT],
  actions: {
    /** SWN-08 (issue 16): the acting combatant takes overwatch, as its round's action. */
    overwatch: async (combat, target) => {
      const combatant = rowCombatant(combat, target);
      if (!combatant) return;
      const { declareOverwatch } = await import("../workflows/overwatch.js");
      await declareOverwatch(combatant);
    },
    /** SWN-08: the overwatch shot, out of turn, with the weapon it watches with, at the user's target. */
    overwatchShot: async (combat, target) => {
      const combatant = rowCombatant(combat, target);
      const actor = combatant?.actor;
      const held = overwatchOf(combatant);
      if (!actor || !held || !(game.user?.isGM || actor.isOwner)) return;
      const weapon = held.weaponId ? actor.items.get(held.weaponId) : undefined;
      if (!weapon || !isItemType(weapon, "weapon"))
        return notify("warn", "FT.SWN.Overwatch.noWeapon", { name: actor.name ?? "" });
      const { attackWithWeapon } = await import("../../../workflows/attack/attack.js");
      await attackWithWeapon(actor, weapon, { overwatch: true, combatant });
    },
    /** SWN-12 (issue 16): the GM edits a side's Morale factors. */
    editMorale: async (combat, target) => {
      const id = target.dataset.groupId;
      if (!combat || !id) return;
      const { editMorale } = await import("./morale-ui.js");
      await editMorale(combat, id);
    },
  },
};
