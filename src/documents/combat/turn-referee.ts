/**
 * The active GM's judgement of a player's own write of the turn or the round (T2-1A, S4; review of issue 27): the
 * server lets any player write both (v13 common/documents/combat.mjs `#canUpdate`), so on the active GM, before core
 * runs the turn events, only the owner's step to the next turn stands, and only the end of their own last turn
 * starts the next round; anything else runs no turn event and is put back, the player told why. Also the round and
 * turn the GM's writes left (`settledOf`). Module functions taking the combat (issue 29: documents/combat.ts split by
 * concern). Issue 33: the answers themselves (put back, or the next round) are in turn-answers.ts, loaded on first
 * use inside the combat's queue; the judgement before core runs stays here.
 */
import { passedOver } from "./by-count.js";
import { chunk } from "./chunk.js";
import {
  localize,
  PUT_BACK,
  type PutBack,
  reportFailure,
  STEP_EVENTS,
  serial,
  TURN_MEANT,
  tellPutBack,
} from "./common.js";
import { resort } from "./order.js";
import { stepPhaseTurn } from "./phase-turns.js";
import { followTurn, phaseInput } from "./phases.js";
import { endedLastTurn, type Prior, putBackOptions, SETTLED, settledTurn } from "./turn-settled.js";

type C = Combat.Implementation;

/**
 * The active GM's answers to a player's turn or round write (turn-answers.ts), loaded on first use inside the
 * combat's queue (issue 33: they run after the write's synchronous judgment, in `serial`, so the order stays).
 */
const answers = chunk("./turn-answers.js", () => import("./turn-answers.js"));

/**
 * The round and acting combatant the GM's writes left (`FrontierCombat#settled`; review of issue 27: a player writes
 * `round` or `turn`, then at once asks for something that counts per round or per turn; the GM puts the write back
 * only after it lands, so a check against `combat.round` in between would read the player's number). On the active
 * GM's page, where every such check runs, this is what the last GM write (or a player's step that stood, T2-1A)
 * left; elsewhere, the stored values.
 */
export function settledOf(combat: C): { round: number; turn: number; combatantId: string | null } {
  const s = game.user?.isActiveGM ? SETTLED.get(combat) : undefined;
  return s
    ? { round: s.round ?? 0, turn: s.turn ?? 0, combatantId: s.combatantId }
    : { round: combat.round ?? 0, turn: combat.turn ?? 0, combatantId: combat.combatant?.id ?? null };
}

/** A write of the combat as the active GM judged it before core ran it (`judgeWrite`), for `afterWrite`. */
export interface JudgedWrite {
  readonly prior: Prior;
  readonly writer: User.Implementation | undefined;
  readonly playerTurn: boolean;
  readonly turnStands: boolean;
  readonly playerRound: boolean;
  /** Did the write name the turn (a write names only what differed from the writer's page)? */
  readonly turnWritten: boolean;
  /** A GM's write: the turn its page meant (`TURN_MEANT`, set by `FrontierCombat#_preUpdate`), else null. */
  readonly turnMeant: number | null;
  /** The operation's options with this system's own (this page's copy, which core's `_onUpdate` reads). */
  readonly opts: { turnEvents?: boolean; [STEP_EVENTS]?: string; [PUT_BACK]?: PutBack };
}

/**
 * Before core's `_onUpdate` (`FrontierCombat#_onUpdate`). The order depends on the round (surprise counts in round 1
 * only, SF-X-02) and on the sides' rolls, and core re-sorts only when `combatants` changed: re-sort first, so core
 * computes `current` from the new order, but leave `current` as it was, so core still records the previous state
 * and runs the turn events. Then a player's own write of the turn or the round is judged on the active GM.
 */
export function judgeWrite(
  combat: C,
  changed: Combat.UpdateData,
  options: Combat.Database.OnUpdateOperation,
  userId: string,
): JudgedWrite {
  // Core's `current` still holds the state before this update until core's _onUpdate runs.
  const prior = {
    round: combat.current.round,
    turn: combat.current.turn,
    combatantId: combat.current.combatantId,
  };
  if ("round" in changed || "groups" in changed) resort(combat);
  const writer = game.users?.get(userId);
  // T2-1A: a player's write of the turn alone (the server lets any player write it: v13 common/documents/
  // combat.mjs `#canUpdate`, `_canChangeTurn` returns true) is judged here, on the active GM, before core runs
  // the turn events: only the step from a turn the writer owns to the next stands (what v13's `Combat#nextTurn`
  // writes for them). Anything else runs no turn event (no turn start, no end of a readied action) and is put back.
  // The options are this page's copy of the operation, which core's `_onUpdate` reads `turnEvents` from.
  const playerTurn = !writer?.isGM && "turn" in changed && !("round" in changed) && !!game.user?.isActiveGM;
  if (playerTurn && !SETTLED.has(combat)) SETTLED.set(combat, prior);
  const turnStands = playerTurn && ownersStep(combat, SETTLED.get(combat) ?? prior, writer);
  const opts = options as { turnEvents?: boolean; [STEP_EVENTS]?: string; [PUT_BACK]?: PutBack };
  if (playerTurn && !turnStands) {
    opts.turnEvents = false;
    delete opts[STEP_EVENTS];
  }
  // A player's write of the round (with or without a turn) runs no turn or round event on the active GM unless it
  // is the end of their own last turn (`endedLastTurn`), which `answerPlayerRound` then carries on; anything
  // else is put back there, and its events must not have run first (review of issue 27: a round written and put
  // back had already ended a run, SW-24, and cleared the round's movement).
  const playerRound = !writer?.isGM && "round" in changed && !!game.user?.isActiveGM;
  if (playerRound) {
    if (!SETTLED.has(combat)) SETTLED.set(combat, prior);
    const settled = SETTLED.get(combat) ?? prior;
    if (!endedLastTurn(combat, settled, writer)) {
      opts.turnEvents = false;
      delete opts[STEP_EVENTS];
    }
  }
  // The options object as this page received it (the key is this system's own, set by the writer's page).
  const meant: unknown = (opts as { [TURN_MEANT]?: unknown })[TURN_MEANT];
  const turnMeant = writer?.isGM && typeof meant === "number" ? meant : null;
  return {
    prior,
    writer,
    playerTurn,
    turnStands,
    playerRound,
    turnWritten: "turn" in changed,
    turnMeant,
    opts,
  };
}

/**
 * After core's `_onUpdate`: the player whose write the GM put back is told why, and the state the GM's own writes
 * left ("settled") is noted; a player's round write is judged against it, not against the state just before it
 * (which may be the same player's previous write), when the queue reaches it (review 4).
 */
export function afterWrite(combat: C, judged: JudgedWrite, userId: string): void {
  const { prior, writer, playerTurn, turnStands, playerRound, turnWritten, turnMeant, opts } = judged;
  // The player whose write the GM put back is told why (the GM's write names them; its options reach every
  // client with the update).
  tellPutBack(opts[PUT_BACK]);
  if (writer?.isGM) SETTLED.set(combat, gmSettled(combat, turnWritten, turnMeant));
  else if (playerTurn && turnStands) {
    SETTLED.set(combat, {
      round: combat.round,
      turn: combat.turn,
      combatantId: combat.combatant?.id ?? null,
    });
    void serial(combat, () => followTurn(combat, prior.turn)).catch(reportFailure(combat, "follow"));
  } else if (playerTurn)
    void serial(combat, () => answer(combat, userId, (m) => m.putBackTurn(combat, userId))).catch(
      reportFailure(combat, "turn"),
    );
  else if (playerRound)
    // SETTLED was noted before core ran (`judgeWrite`).
    void serial(combat, () => answer(combat, userId, (m) => m.answerPlayerRound(combat, userId))).catch(
      reportFailure(combat, "round"),
    );
}

/**
 * What a GM's write leaves settled. A write carries only what differed from the writer's page (v13
 * client/data/client-backend.mjs `#preUpdateDocumentArray`, the `diff` option), so a GM's write without `turn` —
 * core's next round, whose turn 0 the GM's page already had — did not move the turn. On the active GM the turn
 * stays the one settled before: a player's turn write that landed while the GM's write was in flight is still put
 * back (issue 33, review-lazy 2: the GM's Next Round racing a player's write), not adopted as the GM's.
 */
function gmSettled(combat: C, turnWritten: boolean, turnMeant: number | null): Prior {
  // Final trust review 1.1: the turn the GM's page meant, whether or not the diff kept it — a player's turn write
  // that reached the GM's page first made the GM's own turn 0 "unchanged" there, and the write carried no turn.
  if (turnMeant !== null && combat.turns[turnMeant])
    return { round: combat.round, turn: turnMeant, combatantId: combat.turns[turnMeant]?.id ?? null };
  const before = SETTLED.get(combat);
  if (turnWritten || !before || !game.user?.isActiveGM || before.turn === null || combat.turn === null)
    return { round: combat.round, turn: combat.turn, combatantId: combat.combatant?.id ?? null };
  // The same round: whoever acted (the order may have changed); a new round: the same place in its order.
  const turn = settledTurn(combat, before) ?? before.turn; // `before.turn` is a number here, so never null
  return { round: combat.round, turn, combatantId: combat.turns[turn]?.id ?? null };
}

/**
 * The answer from turn-answers.ts; if that chunk does not load (review-trust 2.2: the system updated on disk, a
 * network blip), the player's write must not stand: the round and turn the GM's last write left are written back
 * (the acting combatant's turn when the round is unchanged, as `putBackTurn` does), with no turn events, the player
 * told as by a put-back, and the GM told the answer's code did not load.
 */
async function answer(
  combat: C,
  userId: string,
  run: (m: Awaited<ReturnType<typeof answers>>) => Promise<void>,
): Promise<void> {
  let m: Awaited<ReturnType<typeof answers>>;
  try {
    m = await answers();
  } catch (e) {
    console.error(e);
    ui.notifications?.error(localize("FT.Combat.answerNotLoaded"));
    const s = SETTLED.get(combat);
    if (!s) return;
    const turn = settledTurn(combat, s);
    if (combat.round === s.round && combat.turn === turn) return;
    await combat.update({ round: s.round, turn }, putBackOptions(userId));
    return;
  }
  await run(m);
}

/**
 * T2-1A: is the combat's turn now the step v13's `Combat#nextTurn` (client/documents/combat.mjs) takes from the
 * turn of `settled` — by phase when phase and turn are linked; else the next turn that is taken (the surprise
 * round's unaware and, with "skip defeated", the defeated are passed over) — in the same round, and is that turn
 * held by a combatant `user` owns? Judged by the acting combatant, not the index: a re-sort since (a late joiner,
 * a Trigger) keeps the index of whoever acts.
 */
function ownersStep(
  combat: C,
  settled: { round: number | null; turn: number | null; combatantId: string | null },
  user: User.Implementation | undefined,
): boolean {
  if (
    !user ||
    !combat.started ||
    combat.turn === null ||
    combat.round !== settled.round ||
    !settled.combatantId
  )
    return false;
  if (!combat.combatants.get(settled.combatantId)?.testUserPermission(user, "OWNER")) return false;
  const at = combat.turns.findIndex((t) => t.id === settled.combatantId);
  if (at < 0) return false;
  if (combat.phasesLinked) {
    const next = stepPhaseTurn(phaseInput(combat), { phase: combat.phaseIndex, turn: at }, 1);
    return next !== "round" && next.turn === combat.turn;
  }
  const passed = passedOver(combat);
  return combat.turn > at && !passed[combat.turn] && passed.slice(at + 1, combat.turn).every(Boolean);
}
