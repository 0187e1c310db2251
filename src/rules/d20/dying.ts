/**
 * SW-10 dying, stable and disabled in play (issue 31; seed 002, "Disabled (0 Wound Points)" and "Dying (−1 to −9
 * Wound Points)"), beside the pure `dyingRound` and `disabledStrain` of health.ts:
 *
 * - "Each round, a dying character makes a Fortitude saving throw (DC 10). If the save fails, the character loses 1
 *   wound point … If the save succeeds, the character becomes stable. A stable character stops losing wound points
 *   every round": `dyingTurn` says whether a combatant's turn start rolls it.
 * - "A disabled character can only perform a single move or attack action in a round, which means the character
 *   can't perform full-round actions. Making an attack action while disabled deals more damage to the character –
 *   he or she takes 1 point of wound damage": `disabledActionProblem`.
 */
import { RulesError } from "../core/types.js";
import { woundState } from "./health.js";

/**
 * SW-10: whether a character's turn start rolls the dying save — dying (−1 to −9 WP) and neither stable nor dead.
 * `statuses` are its status effects (a GM's "stable" stops it even before the wounds change).
 */
export function rollsDyingSave(wounds: number, statuses: ReadonlySet<string>): boolean {
  return woundState(wounds) === "dying" && !statuses.has("stable") && !statuses.has("dead");
}

/** The kinds of action the SW-13 table names that a disabled character's round is held to. */
export type DisabledAction = "move" | "attack" | "fullRound";

/**
 * SW-10: the i18n key of why a disabled character (0 WP) may not take this action, or null: "a single move or
 * attack action in a round … can't perform full-round actions" (a full attack, a run, a charge, a coup de grace).
 */
export function disabledActionProblem(wounds: number, action: DisabledAction): string | null {
  if (woundState(wounds) !== "disabled") return null;
  return action === "fullRound" ? "FT.D20.Disabled.noFullRound" : null;
}

/** SW-10: a disabled character's attack action is strenuous — it costs 1 wound point after it. */
export function strainsDisabled(wounds: number, action: DisabledAction): boolean {
  return woundState(wounds) === "disabled" && action !== "move";
}

/**
 * SW-10: a disabled attacker's declaration refused by the engine's plan — a full attack, a fire mode or two weapons
 * (each a full attack, SW-22, SW-35) and a charge (SW-21, a full-round action) — or null.
 */
export function disabledAttackProblem(
  attacker: { readonly disabled?: boolean; readonly charging?: boolean },
  d: { readonly fullAttack: boolean; readonly mode: string; readonly twoWeapon?: unknown },
): RulesError | null {
  if (!attacker.disabled) return null;
  if (d.fullAttack || d.mode !== "single" || d.twoWeapon || attacker.charging)
    return new RulesError("FT.D20.Disabled.noFullRound", "Disabled: a single move or attack action a round");
  return null;
}
