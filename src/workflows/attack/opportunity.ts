/**
 * SW-25: a combatant's attack of opportunity — from its tracker row (at the user's target) or from the offer the
 * active GM posts to its owners when a foe's movement provokes it (issue 31, at the mover). One melee attack at the
 * highest bonus, one a round, not the round's action (attack.ts `aoo`, turn-ledger.ts); SW-43 a suppressor's is a
 * ranged one, with its suppressing weapon, into the area it suppresses.
 */
import { suppressingInto } from "../../canvas/suppression.js";
import { currentGame } from "../../helpers/game.js";
import { notify } from "../../helpers/report.js";
import { gmOffer } from "./aoo-offer.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/**
 * Its owner or a GM makes the combatant's attack of opportunity at `at` (the user's target when `at` is not given and
 * `targets` is the user's: the tracker), with the suppressing weapon into its area, else its first melee weapon (an
 * equipped one first).
 */
export async function attackOfOpportunity(
  combatant: Combatant.Implementation,
  at: TokenP | undefined,
  options: {
    readonly strikeAt?: boolean;
    /** The GM's offer card it answers (aoo-offer.ts): the point where the mover provoked is read from there. */
    readonly offerId?: string;
  } = {},
): Promise<void> {
  const actor = combatant.actor;
  if (!actor || !(game.user?.isGM || actor.isOwner)) return;
  const offer = options.offerId ? gmOffer(options.offerId) : null;
  const provokedAt = offer ? { x: offer.x, y: offer.y } : undefined;
  const into = at ? suppressingInto(combatant, at, provokedAt) : null;
  const suppressor = into?.weaponId ? actor.items.get(into.weaponId) : undefined;
  const melee = currentGame().meleeWeapons(actor);
  const weapon = suppressor ?? melee.find((i) => i.system.equipped) ?? melee[0];
  if (!weapon) return notify("warn", "FT.D20.AoO.noMeleeWeapon", { name: actor.name ?? "" });
  const { attackWithWeapon } = await import("./attack.js");
  await attackWithWeapon(actor, weapon, {
    aoo: true,
    combatant,
    ...(options.strikeAt && at ? { targets: [at] } : {}),
    ...(options.offerId ? { offerId: options.offerId } : {}),
  });
}
