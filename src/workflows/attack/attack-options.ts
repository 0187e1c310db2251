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
}
