/**
 * The active GM's side of a d20 action a player asks for by request (issue 31: SW-33 coup de grace, SW-39 aid
 * another, SW-42 aiming): the asker's turn and round action in a combat by count, the action recorded before anything
 * is rolled, and the gap between two tokens the GM measures "adjacent" and "within reach" by. One place for the three
 * handlers (coup-de-grace.ts, aid.ts, aim.ts).
 */
import { actedThisRound, recordGMAction } from "../../../workflows/attack/attack-record.js";
import { ledgerFor } from "../../../workflows/turn/turn-ledger.js";

type Turn = { combat: Combat.Implementation; combatant: Combatant.Implementation };

/** The gap between two tokens' edges in the scene's units (0 when adjacent), as the GM re-checks "adjacent". */
export function edgeGap(a: TokenDocument.Implementation, b: TokenDocument.Implementation): number {
  const scene = a.parent;
  const size = scene?.grid.size ?? 100;
  const dist = scene?.grid.distance ?? 1;
  // fvtt-types 13.345 types the position and size as possibly undefined; a stored token has them (0 and 1 by default).
  const [ax, ay, bx, by] = [a.x ?? 0, a.y ?? 0, b.x ?? 0, b.y ?? 0];
  const dx = Math.max(0, Math.abs(ax - bx) - (ax < bx ? (a.width ?? 1) : (b.width ?? 1)) * size);
  const dy = Math.max(0, Math.abs(ay - by) - (ay < by ? (a.height ?? 1) : (b.height ?? 1)) * size);
  return (Math.max(dx, dy) / size) * dist;
}

/**
 * SW-33, SW-13 (trust review 1.2): the asker's combatant and combat when the blow is bounded by a combat by count —
 * refused unless it is the asker's own turn (the combat's settled turn, `FrontierCombat#settled`, not a turn a
 * player wrote just before) and its round's action is unspent, by its ledger and by the GM's record of attacks (a GM's
 * request is the GM's word, as a GM's attack card is: not refused, still recorded); null outside a started combat by
 * count.
 */
export function roundOf(
  token: TokenDocument.Implementation,
  requester: User.Implementation,
  refusals: { notYourTurn: string; acted: string } = {
    notYourTurn: "FT.D20.CoupDeGrace.notYourTurn",
    acted: "FT.D20.CoupDeGrace.acted",
  },
): Turn | { refused: string } | null {
  const sceneId = token.parent?.id;
  const isIt = (c: Combatant.Implementation) => c.tokenId === token.id && c.sceneId === sceneId;
  const combat = game.combats?.find((c) => c.started && c.combatants.some(isIt));
  const combatant = combat?.combatants.find(isIt);
  if (!combat?.id || !combatant || !combat.byCount) return null;
  if (requester.isGM) return { combat, combatant };
  if (combat.settled.combatantId !== combatant.id) return { refused: refusals.notYourTurn };
  const round = combat.settled.round;
  const ledger = ledgerFor(combatant.marks.turn, round);
  const actorUuid = token.actor?.uuid ?? "";
  if (ledger.shots > 0 || ledger.action || ledger.reloaded || actedThisRound(actorUuid, combat.id, round))
    return { refused: refusals.acted };
  return { combat, combatant };
}

/**
 * SW-13: the action the GM carried out is the asker's round action, recorded before anything is rolled — in the
 * combatant's ledger (its own client's gate then refuses a second action) and in the GM's record of attacks (a later
 * attack card of the round is refused as over allowance, attack-record.ts).
 */
export async function recordRoundAction(
  turn: Turn,
  actorUuid: string,
  requester: User.Implementation,
  kind: string,
): Promise<void> {
  const ledger = ledgerFor(turn.combatant.marks.turn, turn.combat.settled.round);
  await turn.combatant.update({ system: { turn: { ...ledger, shots: ledger.shots + 1 } } });
  await recordGMAction(actorUuid, requester.id ?? "", turn.combat, kind);
}
