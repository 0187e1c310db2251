/**
 * Issue 30: the d20 engine's melee weapons (SW-25: a creature threatens, and makes its attacks of opportunity, with a
 * melee weapon, "never … with ranged weapons"), read from the weapon's d20 block.
 */
import { isItemType } from "../../../data/subtypes.js";

export function d20MeleeWeapons(actor: Actor.Implementation): Item.OfType<"weapon">[] {
  return actor.items.contents.flatMap((i) =>
    isItemType(i, "weapon") && i.system.d20.attack === "melee" ? [i] : [],
  );
}
