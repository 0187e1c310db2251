/**
 * SW-33 coup de grace (issue 31). Seed 002, "Coup de Grace": "As a full-round action (allowing no movement other than
 * a 2-meter step), you can use a melee weapon to deliver a coup de grace to a helpless opponent. You can also use a
 * ranged weapon, provided you are adjacent to the target. You automatically hit and score a critical hit. If the
 * defender survives, he must make a Fortitude save (DC 10 + the amount of damage inflicted) or die." And, under
 * "Knocked Out": "An opponent can … not perform a coup de grace on a knocked-out character. Such a character is not
 * considered helpless." "Helpless Defenders": "one who is bound, sleeping, unconscious, or otherwise at your mercy".
 */
import { RulesError } from "../core/types.js";
import { applyVitalityWounds, type VitalityWoundsState, woundState } from "./health.js";

/** SW-33: the Fortitude DC is 10 + the damage inflicted. */
export const COUP_DE_GRACE_BASE_DC = 10;

/**
 * The statuses that make a defender helpless for a coup de grace: bound (core `restrain`), asleep (`sleep`),
 * paralysed (`paralysis`), and unconscious from its wounds (`dying`, `stable`: SW-10's "dying character is
 * unconscious"). A bare `unconscious` is not enough: the d20 game's knock-out (SW-10's Fortitude failure) is that
 * status alone, and the seed says a knocked-out character "is not considered helpless".
 */
export const HELPLESS_STATUSES = ["restrain", "sleep", "paralysis", "dying", "stable"] as const;

/** SW-33: whether a defender with these statuses is helpless (and not already dead). */
export function helplessForCoupDeGrace(statuses: ReadonlySet<string>): boolean {
  return !statuses.has("dead") && HELPLESS_STATUSES.some((s) => statuses.has(s));
}

/** SW-33: why no coup de grace is possible here (an i18n key), or null. */
export function coupDeGraceProblem(input: {
  readonly helpless: boolean;
  /** The weapon is a melee weapon; else ranged, which needs the target adjacent. */
  readonly melee: boolean;
  /** Metres between attacker and target (edge to edge, as the reach is measured, SW-14). */
  readonly distance: number;
  readonly reach: number;
}): string | null {
  if (!input.helpless) return "FT.D20.CoupDeGrace.notHelpless";
  // Melee: within reach (SW-14); a ranged weapon "provided you are adjacent" — within the same 2 m.
  if (input.distance > input.reach + 1e-9) return "FT.D20.CoupDeGrace.notAdjacent";
  return null;
}

export interface CoupDeGraceResult {
  readonly vitality: number;
  readonly wounds: number;
  /** The damage inflicted, its Fortitude DC (null when the blow itself killed). */
  readonly damage: number;
  readonly dc: number | null;
  readonly dead: boolean;
}

/**
 * SW-33: the blow — an automatic critical hit: its damage goes to wound points (SW-18's critical; an ordinary
 * character has no vitality, and the seed's coup de grace deals its damage, so SW-18's "ordinary foe to −1" is not
 * used: it would make the blow harmless to a dying foe). Then, if the defender survives, the Fortitude save
 * (DC 10 + the damage inflicted, after DR): below the DC it dies. `saveTotal` is null before the save is rolled.
 */
export function coupDeGrace(
  target: Pick<VitalityWoundsState, "heroic" | "vitality" | "wounds" | "dr">,
  damage: number,
  saveTotal: number | null,
): CoupDeGraceResult {
  if (!Number.isInteger(damage) || damage < 0)
    throw new RulesError("FT.D20.badDamage", `Damage must be a whole number ≥ 0, not ${damage}`, {
      amount: damage,
    });
  const hit = applyVitalityWounds({ ...target, lostThisRound: 0 }, { amount: damage, effect: "wounds" });
  const wounds = hit.after.wounds;
  if (woundState(wounds) === "dead")
    return { vitality: hit.after.vitality, wounds, damage, dc: null, dead: true };
  // "DC 10 + the amount of damage inflicted": what the blow took off, after the armour's DR (SW-11).
  const inflicted = target.vitality - hit.after.vitality + (target.wounds - wounds);
  const dc = COUP_DE_GRACE_BASE_DC + inflicted;
  return { vitality: hit.after.vitality, wounds, damage, dc, dead: saveTotal !== null && saveTotal < dc };
}
