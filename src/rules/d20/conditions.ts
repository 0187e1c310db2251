/**
 * SW-29: which of the favourable and unfavourable conditions (seed 002, "Favorable and Unfavorable Conditions") a
 * token's status effects name, on the attacker's side or the defender's (issue 31). The numbers are the table's
 * (`CONDITION_TABLE`, tables.ts); this file only says which status stands for which row.
 *
 * - "Attacker on Higher Ground +1 +0" is relative to the pair, so it is no status: it is read from the tokens'
 *   elevations (`onHigherGround`). A status on the attacker could not say which defender it stands above (two foes,
 *   one on the same ledge and one below, would both take the +1), and the scene already carries elevation.
 * - "Attacker Concealed +2b +2b": a `concealed` status on the attacker (the GM marks a token its foes cannot see);
 *   on a defender the seed sends concealment to SW-32's miss chance, which the scene's regions give, so the status
 *   counts only on the attacker's side.
 * - "Defender Sitting or Kneeling +2 / See Cover": the `kneeling` status, +2 in melee; at range the table row is
 *   null and the cover lattice gives the kneeling ¼ cover (SW-30, ruling 4b).
 * - "Defender Climbing +2b +2b", "Defender Grappling (Attacker not) +0b +0c", "Defender Pinned +4b −4b": the
 *   `climbing`, `grappling` and `pinned` statuses of the defender.
 */
import type { D20Condition } from "./tables.js";

/** The status id a token carries → the SW-29 row it names, per side. */
export const CONDITION_STATUSES: {
  readonly attacker: Readonly<Record<string, D20Condition>>;
  readonly defender: Readonly<Record<string, D20Condition>>;
} = {
  attacker: { prone: "attackerProne", concealed: "attackerConcealed" },
  defender: {
    prone: "defenderProne",
    stun: "defenderStunned",
    kneeling: "defenderKneeling",
    climbing: "defenderClimbing",
    grappling: "defenderGrappling",
    pinned: "defenderPinned",
  },
};

/** SW-29: the conditions a token's statuses name on one side of an attack, in the table's order of statuses. */
export function conditionsFromStatuses(
  statuses: ReadonlySet<string>,
  side: "attacker" | "defender",
): D20Condition[] {
  const map = CONDITION_STATUSES[side];
  return Object.keys(map)
    .filter((s) => statuses.has(s))
    .map((s) => map[s]!);
}

/**
 * SW-29 "Attacker on Higher Ground": the attacker's token stands higher than the defender's (elevations in the
 * scene's units; any positive difference — the seed gives no minimum).
 */
export function onHigherGround(attackerElevation: number, defenderElevation: number): boolean {
  return attackerElevation > defenderElevation;
}
