/**
 * What the active GM's turn referee keeps between a write and its answer (T2-1A, S4): the round, turn and combatant
 * the last GM write left, and whether a player's round write ended their own last turn. Split from turn-referee.ts
 * (issue 33) so that turn-referee.ts and the lazy turn-answers.ts share them without importing each other.
 */
import { currentVariant, getSetting, SETTINGS } from "../../helpers/settings.js";
import { passedOver } from "./by-count.js";
import { PUT_BACK } from "./common.js";
import { phaseInputOf } from "./phase-input.js";
import { endsRoundAt } from "./phase-turns.js";
import { endsRound, turnOrder, withSideChanges } from "./side-initiative.js";

type C = Combat.Implementation;

/** The round, turn and combatant of a combat at one moment. */
export type Prior = { round: number | null; turn: number | null; combatantId: string | null };

/** Per combat, on each page: the round, turn and combatant the last GM write left (see `judgeWrite`). */
export const SETTLED = new WeakMap<object, Prior>();

/**
 * The turn `settled` left acting, in the combat's order now: the same round, whoever acted then (the order may have
 * changed); else the turn as noted.
 */
export function settledTurn(combat: C, settled: Prior): number | null {
  const at =
    combat.round === settled.round && settled.combatantId
      ? combat.turns.findIndex((t) => t.id === settled.combatantId)
      : -1;
  return at >= 0 ? at : settled.turn;
}

/** The options of the active GM's write that puts a player's turn or round write back: no turn events, they are told. */
export const putBackOptions = (userId: string) => ({
  turnEvents: false as const,
  [PUT_BACK]: { user: userId, reason: "FT.Combat.putBackYours" },
});

/** Was the state before this round change the last turn of a started round, held by a combatant `user` owns? */
export function endedLastTurn(combat: C, prior: Prior, user: User.Implementation | undefined): boolean {
  const priorRound = prior.round ?? 0;
  if (!user || priorRound < 1 || combat.round !== priorRound + 1 || !prior.combatantId) return false;
  const combatant = combat.combatants.get(prior.combatantId);
  if (!combatant?.testUserPermission(user, "OWNER")) return false;
  if (combat.byCount) {
    // SW-03: the order does not change between rounds.
    const at = combat.turns.findIndex((t) => t.id === prior.combatantId);
    if (at < 0 || at !== prior.turn) return false;
    return endsRound(at, passedOver(combat), true);
  }
  // The order of the round being ended (surprise counts in round 1 only, so it may differ from the new one's).
  const priorView = withSideChanges(combat.view, [], priorRound);
  const order = turnOrder(priorView, currentVariant());
  const at = order.indexOf(prior.combatantId);
  if (at < 0 || at !== prior.turn) return false;
  // By phase when linked: a player cannot write the phase, so the stored one is still the round's last.
  if (getSetting(SETTINGS.enforcePhases) && combat.ftPhases.length)
    return endsRoundAt(phaseInputOf(combat, priorView), { phase: combat.phaseIndex, turn: at });
  const defeated = order.map((id) => !!combat.combatants.get(id)?.isDefeated);
  return endsRound(at, defeated, !!combat.settings.skipDefeated);
}
