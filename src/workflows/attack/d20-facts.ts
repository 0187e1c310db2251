/**
 * What the d20 engine refuses before anything is spent, and a d20 target's health for the GM's apply (issue 14,
 * stream d20ui; SW-06, SW-10, SW-11, SW-18, SW-38, SWN-15). The d20 blocks of an attack's facts are the data's:
 * the attacker's and the target's in `data/actor/d20-facts.ts`, the weapon's in `data/item/facts.ts`.
 */

import type { D20ActorSystem } from "../../data/actor/d20-facts.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { currentProfile } from "../../helpers/settings.js";
import type { EngineId } from "../../rules/index.js";
import { RulesError } from "../../rules/index.js";
import type { VitalityWoundsTarget } from "../damage/apply-records.js";

/**
 * What the d20 engine cannot roll without, refused before anything is spent (issue 14's bad input): a ranged
 * weapon with no range increment (SW-06; the engine would take it for a melee weapon) and a weapon without d20
 * damage dice (ruling 2: numbers the sources do not give stay empty until the GM enters them).
 */
export function d20WeaponProblem(engine: EngineId, name: string, s: WeaponSystem): RulesError | null {
  if (engine !== "d20") return null;
  if (s.d20.attack !== "melee" && s.d20.rangeIncrement === null)
    return new RulesError("FT.D20UI.noRangeIncrement", `${name} has no d20 range increment`, {
      weapon: name,
    });
  if (!s.d20.damage)
    return new RulesError("FT.D20UI.noDamage", `${name} has no d20 damage dice`, { weapon: name });
  // SWN-15, SWN-16: under the swn profile a grenade's burst meets the cover's armour by its TL, which the sources
  // do not give for it: refused until entered, as a direct shot at hard cover is (the engine).
  if (s.d20.grenade && s.d20.attack === "thrown" && s.swn.tl === null && currentProfile() === "swn")
    return new RulesError("FT.SWN.noTl", `${name} has no tech level`, { weapon: name });
  // SW-38: a grenade's burst radius and Reflex DC are the grenade's own (ruling 2: never guessed).
  if (s.d20.grenade && s.d20.attack === "thrown")
    for (const field of ["burstRadius", "reflexDC"] as const)
      if (s.d20[field] === null)
        return new RulesError("FT.D20.Grenade.missingField", `${name} has no ${field}`, {
          field: game.i18n?.localize(`FT.D20.Item.${field}`) ?? field,
        });
  return null;
}

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
