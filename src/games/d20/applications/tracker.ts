/**
 * Issue 31: what Star Wars d20 adds to the combat tracker's by-count rows (applications/tracker-seam.ts): SW-17's
 * total defense, the acting combatant's attack action (workflows/total-defense.ts, loaded when first clicked).
 */
import type { GameTrackerSeam, TrackerRowControl } from "../../../applications/tracker-seam.js";

const TOTAL_DEFENSE: TrackerRowControl = {
  action: "totalDefense",
  icon: "fa-shield-halved",
  hint: "FT.D20.TotalDefense.hint",
  label: "FT.D20.TotalDefense.take",
};

export const d20Tracker: GameTrackerSeam = {
  byCountContext: () => Promise.resolve({}),
  // SW-17: on its own turn, by its owner or the GM.
  byCountRow: ({ combat, current, mayAct }) => (combat.started && current && mayAct ? [TOTAL_DEFENSE] : []),
  // Issue 33: offered in the combatant's context menu too.
  menu: [TOTAL_DEFENSE],
  actions: {
    totalDefense: async (combat, target) => {
      const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
      const combatant = id ? combat?.combatants.get(id) : undefined;
      if (!combatant) return;
      await (await import("../workflows/total-defense.js")).totalDefense(combatant);
    },
  },
};
