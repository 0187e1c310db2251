/**
 * The active GM's answers to a player's own write of the turn or the round (T2-1A, S4, SF-B-04): put back, or the
 * next round carried out. Split from turn-referee.ts (issue 33: the first load): `afterWrite` queues them in the
 * combat's queue after its synchronous judgment, and they load there on first use. The put-back's turn and options
 * are turn-settled.ts' (`settledTurn`, `putBackOptions`), shared with turn-referee.ts' fallback when this chunk fails.
 */
import { SYSTEM_ID } from "../../constants.js";
import { chunk } from "./chunk.js";
import { localize } from "./common.js";
import { endedLastTurn, putBackOptions, SETTLED, settledTurn } from "./turn-settled.js";

/** The rounds' moves (rounds.ts), the same chunk FrontierCombat loads. */
const rounds = chunk("./rounds.js", () => import("./rounds.js"));

type C = Combat.Implementation;

/**
 * Active GM (S4): a player's client wrote the round itself — core's server allows it (common `#canUpdate`; our
 * `_canChangeRound` runs only in browsers). If it was the end of the round's last turn by that turn's owner, this
 * is the next round: the GM carries it out (held damage, sides re-rolled, first turn, phase). Anything else (a
 * skipped or repeated round, a round going back, someone else's turn) is put back to the round and turn before it.
 */
export async function answerPlayerRound(combat: C, userId: string): Promise<void> {
  const settled = SETTLED.get(combat);
  if (!settled || combat.round === settled.round) return;
  const user = game.users?.get(userId);
  const priorRound = settled.round ?? 0;
  if (endedLastTurn(combat, settled, user)) {
    // Issue 33: rounds.ts loads on first use (this answer is already async, in the combat's queue).
    await (await rounds()).startNextRound(
      combat,
      { round: priorRound, turn: settled.turn },
      { turnEvents: false },
    );
    return;
  }
  console.warn(
    `${SYSTEM_ID} | ${user?.name ?? userId} wrote round ${combat.round}; put back to ${priorRound}`,
  );
  ui.notifications?.warn(localize("FT.Combat.roundPutBack"));
  await combat.update({ round: priorRound, turn: settled.turn }, putBackOptions(userId));
}

/**
 * Active GM (T2-1A): a player's write of the turn was not their own end of turn: the turn goes back to whoever
 * the GM's last write left acting, with no turn events; the GM and the writer are told.
 */
export async function putBackTurn(combat: C, userId: string): Promise<void> {
  const settled = SETTLED.get(combat);
  if (!settled || combat.round !== settled.round) return;
  const turn = settledTurn(combat, settled);
  if (turn === combat.turn) return;
  const user = game.users?.get(userId);
  console.warn(`${SYSTEM_ID} | ${user?.name ?? userId} wrote turn ${combat.turn}; put back to ${turn}`);
  ui.notifications?.warn(localize("FT.Combat.turnPutBack"));
  await combat.update({ turn }, putBackOptions(userId));
}
