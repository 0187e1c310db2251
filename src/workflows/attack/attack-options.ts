/**
 * How an attack was asked for (moved out of attack.ts, so melee.ts, which attack.ts loads when first needed, reads it
 * without importing attack.ts back): the dialog skipped, the weapon as used this time, an attack of opportunity
 * (SW-25), the overwatch shot (SWN-08), the combatant that acts.
 */
import type { WeaponSystem } from "../../data/item/facts.js";

export interface AttackOptions {
  /** Skip the dialog (shift-click). */
  readonly fast?: boolean;
  /** The weapon as used this time (a knife thrown rather than wielded: its skill is "thrown"). */
  readonly system?: WeaponSystem;
  /** SW-25: an attack of opportunity — one melee attack at the highest bonus, out of the attacker's turn. */
  readonly aoo?: boolean;
  /** SWN-08: the one overwatch shot — one attack, out of turn, at −2 ignoring cover armour, in the arc. */
  readonly overwatch?: boolean;
  /** The combatant that acts (the tracker's row), when it is not the active combat's for the actor's first token. */
  readonly combatant?: Combatant.Implementation;
  /**
   * SW-25 (issue 31): the tokens attacked, when not the user's targets — the mover an offered attack of opportunity
   * strikes (workflows/attack/opportunity.ts). Still only those this user may involve (scene-facts.ts `mayInvolve`).
   */
  readonly targets?: readonly foundry.canvas.placeables.Token.Implementation[];
  /**
   * SW-25 (issue 31): the offer this attack of opportunity answers, the id of the GM's offer card (aoo-offer.ts). The
   * attack is made when the mover provoked, where the offer says it stood then (inside the reach), so its distance is
   * read from there, not from where the movement ended; an attack naming no offer the GM made is refused (trust review
   * 2.1: a point a script makes up never sets the distance).
   */
  readonly offerId?: string;
}
