/**
 * SWN-08 on the scene: a combatant's overwatch — the facing its owner declared, held until the start of its next turn
 * and spent by its one overwatch attack (`games/swn/workflows/overwatch.ts` writes it on the Combatant, which its owner
 * may write, as the d20 run is: the declaration is the owner's word, like the dialog's) — and whether a target stands
 * in its 60° arc (`rules/swn/overwatch.ts`).
 */
import { untilNextTurn } from "../documents/combat/until-next-turn.js";
import { inOverwatchArc } from "../rules/index.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/** What a Combatant keeps of its overwatch. */
export interface OverwatchFlag {
  readonly round: number;
  /** Degrees clockwise from north. */
  readonly facing: number;
  readonly used: boolean;
  /** The ranged weapon it watches with (its item id). */
  readonly weaponId?: string;
}

/** The combatant's overwatch if it holds now (its round, or the next before its turn) and is unspent, else null. */
export function overwatchOf(combatant: Combatant.Implementation | null | undefined): OverwatchFlag | null {
  const combat = combatant?.parent;
  const flag = combatant?.marks.overwatch;
  if (!combat?.started || !flag || flag.used) return null;
  return untilNextTurn(combat, combatant?.id, flag.round) ? flag : null;
}

/** SWN-08: the target as the attacker's overwatch sees it — in its arc, outside it, or no overwatch held. */
export function overwatchFacts(attacker: TokenP, target: TokenP): "in" | "out" | "none" {
  const flag = overwatchOf(attacker.document.combatant);
  if (!flag) return "none";
  return inOverwatchArc(attacker.center, flag.facing, target.center) ? "in" : "out";
}
