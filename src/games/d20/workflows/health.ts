/**
 * A d20 target's health for the GM's apply (issue 14, stream d20ui; SW-10, SW-11, SW-18). What the d20 engine
 * refuses before anything is spent is the d20 game's attack section (src/games/d20/workflows/attack.ts, issue 30).
 */

import type { D20ActorSystem } from "../../../data/actor/d20-facts.js";
import type { VitalityWoundsTarget } from "../../../workflows/damage/apply-records.js";

/**
 * A d20 target's health for the apply (SW-10, SW-11, SW-18): its vitality and wound points, heroic or ordinary,
 * the damage reduction of what it wears (`derived.d20.dr`, the highest of its own and its armour's), and the wound
 * points it lost this round by its wound log — the log counts only in the combat and round it names.
 */
export function d20Health(
  sys: D20ActorSystem,
  now: { readonly combatId: string; readonly round: number } | null,
): VitalityWoundsTarget {
  const d = sys.d20;
  const log = d.woundLog;
  const thisRound = !!now && log.combatId === now.combatId && log.round === now.round;
  return {
    model: "vitalityWounds",
    vitality: { value: d.vitality.value, max: d.vitality.max },
    wounds: { value: d.wounds.value, max: d.wounds.max },
    heroic: d.heroic,
    dr: sys.derived?.d20?.dr ?? 0,
    lostThisRound: thisRound ? log.lost : 0,
    round: now,
  };
}
