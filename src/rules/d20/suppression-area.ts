/**
 * SW-43 suppression fire's target, and SW-10 for it (issue 31, review d20rules #6). Seed 002: suppression fire is made
 * "with a weapon capable of autofire or multifire" at a 4 m × 4 m area of Defense 10, and "Using suppression fire is a
 * full-round action that provokes an attack of opportunity"; "A disabled character can only perform a single move or
 * attack action in a round, which means the character can't perform full-round actions." Pure.
 */
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { SUPPRESSION_DEFENSE } from "./actions.js";

/**
 * SW-43: the area's Defense term (10), or a clear refusal: SW-10 a disabled attacker (a full-round action), then a
 * weapon with neither multifire nor autofire.
 */
export function suppressionAreaTerms(
  fire: { readonly multi?: boolean; readonly auto?: boolean } | undefined,
  disabled: boolean,
): Modifier[] {
  if (disabled)
    throw new RulesError("FT.D20.Disabled.noFullRound", "Disabled: a single move or attack action a round");
  if (!fire?.multi && !fire?.auto)
    throw new RulesError(
      "FT.D20.Suppression.needsFireMode",
      "Suppression fire needs a weapon with multifire or autofire",
    );
  return [{ id: "area", label: "FT.D20.Suppression.area", value: SUPPRESSION_DEFENSE, ruleId: "SW-43" }];
}
