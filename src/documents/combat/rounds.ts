/**
 * The next and previous round (SF-B-04, SW-03), on the GM's page or asked of the active GM. Issue 33: loaded on first
 * use — every caller is async (FrontierCombat#nextRound/endRoundFor/previousRound, the turn referee's answer to a
 * player's round, the "nextRound" GM request registered in hooks.ts), so the module is imported where it is called.
 */
import { type GMAnswer, type GMRequestBody, requestGM } from "../../helpers/gm-request.js";
import { currentVariant } from "../../helpers/settings.js";
import { reportTrackerError } from "../../helpers/tracker-report.js";
import { nextRoundByCount, passedOver } from "./by-count.js";
import { localize, phaseFlags, STEP_EVENTS, serial } from "./common.js";
import { endsRoundAt, lastPhaseOf, phaseOfTurn, roundTimeDelta } from "./phase-turns.js";
import { phaseInput, phaseInputOf } from "./phases.js";
import { endsRound, type SideChange, turnOrder, withSideChanges } from "./side-initiative.js";
import { firstTurn, rollSides } from "./side-initiative-rolls.js";
import { ports } from "./side-rolls-writes.js";
import { seal } from "./side-seal.js";

type C = Combat.Implementation;

/**
 * The next round (SF-B-04). A player (who ended the round's last turn) asks the active GM. The GM applies held
 * damage, re-rolls every side, and writes the rolls, the new round, its first turn in the NEW order and the
 * phase in ONE update, so the turn events that follow (end of the last turn, end and start of round, start of
 * the first turn) name the right combatants. Otherwise as v13's `Combat#nextRound`: the `combatRound` hook,
 * "skip defeated", the world-time advance.
 */
export async function goToNextRound(combat: C, from: { round: number; turn: number | null }): Promise<void> {
  if (!game.user?.isGM) {
    // A request on the player's own User: the GM checks it is theirs to end (gm-request.ts).
    try {
      const r = await requestGM({ kind: "nextRound", combatId: combat.id ?? "", round: from.round });
      for (const refusal of r.skipped) ui.notifications?.warn(refusal.reason, { localize: true });
    } catch (e) {
      reportTrackerError(e);
    }
    return;
  }
  // SW-03: the counts are kept for the whole combat; the next round is core's (no re-roll, no phases).
  if (combat.byCount) {
    // A second click queued behind the first finds the round already ended (as below).
    await serial(combat, async () => {
      if (combat.round === from.round && combat.turn === from.turn) await nextRoundByCount(combat);
    });
    return;
  }
  // `from`: the round and turn this click ends, read at the click (FrontierCombat#nextRound, before this module
  // loaded): a second click (or a player's request) queued behind it finds the combat already past them and does
  // nothing, instead of skipping a whole round.
  await serial(combat, async () => {
    if (combat.round === from.round && combat.turn === from.turn) await startNextRound(combat, from);
  });
}

/** Does ending the current turn end the round (by phase when linked, else as v13's `nextTurn` decides)? */
function endsRoundNow(combat: C): boolean {
  if (combat.byCount) return endsRound(combat.turn, passedOver(combat), true);
  if (combat.phasesLinked)
    return endsRoundAt(phaseInput(combat), { phase: combat.phaseIndex, turn: combat.turn });
  const defeated = combat.turns.map((t) => t.isDefeated);
  return endsRound(combat.turn, defeated, !!combat.settings.skipDefeated);
}

/**
 * GM: a player's request to end round `round` (SF-B-04), checked in the combat's queue, when it is this
 * request's turn: still that round, at its last turn, held by a combatant the requester owns. The reason it was
 * refused, or null when the next round was started.
 */
export async function endRoundFor(
  combat: C,
  requester: User.Implementation,
  round: number,
): Promise<string | null> {
  return serial(combat, async () => {
    if (!requester.isGM && !combat.combatant?.testUserPermission(requester, "OWNER"))
      return "FT.Tracker.notYourTurn";
    if (!combat.started || combat.round !== round || !endsRoundNow(combat)) return "FT.Tracker.notLastTurn";
    await startNextRound(combat, { round: combat.round, turn: combat.turn });
    return null;
  });
}

/**
 * GM: start the round after `from` (the round and turn being ended): held damage, every side re-rolled, and one
 * update with the new round, its first turn, the rolls and the phase. From the GM's own next round, or (S4) after
 * a player's client wrote the new round itself on the round's last turn; then `extra` carries that update's
 * options (no second round of turn events: the player's write already ran them).
 */
export async function startNextRound(
  combat: C,
  from: { round: number; turn: number | null },
  extra: { turnEvents?: false } = {},
): Promise<void> {
  if (combat.byCount) {
    // SW-03: nothing is re-rolled. A player's own write of the round already moved it (`extra`); a player's
    // request is carried out as core's next round.
    if (extra.turnEvents !== false) await nextRoundByCount(combat);
    return;
  }
  await combat.releaseDamage();
  const variant = currentVariant();
  const round = from.round + 1;
  const rolls: SideChange[] = [];
  await combat.ensureSides();
  await rollSides(
    combat.view,
    {
      ...ports(combat),
      updateSides: async (updates) => {
        rolls.push(...updates);
      },
    },
    // From round 0 this is the start: sides that rolled before it keep their roll (SF-X-04).
    { variant, round, force: from.round >= 1 },
  );
  const written = seal(combat, rolls, round);
  const order = turnOrder(withSideChanges(combat.view, written, round), variant);
  const first =
    from.turn === null
      ? { turn: null, noneLeft: false }
      : firstTurn(order, (id) => !!combat.combatants.get(id)?.isDefeated, !!combat.settings.skipDefeated);
  if (first.noneLeft) ui.notifications?.warn(localize("COMBAT.NoneRemaining"));
  // The first phase the first combatant acts in (phase 0 unless "skip defeated" passed over a whole side).
  const phase =
    combat.phasesLinked && first.turn !== null
      ? (phaseOfTurn(
          phaseInputOf(combat, withSideChanges(combat.view, written, round)),
          { phase: 0, turn: null },
          first.turn,
        ) ?? 0)
      : 0;
  const updateData: Combat.UpdateData = {
    round,
    turn: first.turn,
    system: phaseFlags(phase, first.turn),
    ...(written.length ? { groups: written } : {}),
  };
  // Core would fire an end and a start for every turn index after the one ended ("skipped"), whatever phase
  // ended the round: the active GM fires the events of this step instead (`FrontierCombat#turnStepEvents`, review 13c M1).
  // A player's round write already ran core's (`extra`).
  const updateOptions = {
    direction: 1 as const,
    worldTime: { delta: roundDelta(combat, from.round, from.turn, round, first.turn) },
    ...(extra.turnEvents !== false && combat.phasesLinked
      ? { turnEvents: false as const, [STEP_EVENTS]: "round" }
      : {}),
    ...extra,
  };
  // fvtt-types 13.345 types this hook as v12 did ({round, turn: number}, {advanceTime}); v13 passes a null turn
  // when no one acts and `worldTime` (client/documents/combat.mjs, nextRound).
  Hooks.callAll("combatRound", combat, updateData as never, updateOptions as never);
  await combat.update(updateData, updateOptions);
}

/**
 * World time from the end of round `fromRound` to the start of the next: by phase, the whole round's time whatever
 * turn index ended it (the phase walk's steps add none, review 13c L5); otherwise as core counts it.
 */
function roundDelta(
  combat: C,
  fromRound: number,
  fromTurn: number | null,
  toRound: number,
  toTurn: number | null,
): number {
  if (!combat.phasesLinked) return combat.getTimeDelta(fromRound, fromTurn, toRound, toTurn);
  return roundTimeDelta(fromRound, combat.turns.length, CONFIG.time);
}

/**
 * GM, phases linked, after round 1: as v13's `previousRound` (the round's last turn, the `combatRound` hook, world
 * time back), with the phase that turn's side last acts in, in the same update.
 */
export async function previousRoundByPhase(combat: C): Promise<void> {
  const round = combat.round - 1;
  const turn = combat.turn === null || !combat.turns.length ? null : combat.turns.length - 1;
  const phase = lastPhaseOf(phaseInputOf(combat, withSideChanges(combat.view, [], round)), turn);
  const updateData: Combat.UpdateData = { round, turn, system: phaseFlags(phase, turn) };
  const updateOptions = {
    direction: -1 as const,
    worldTime: { delta: -roundDelta(combat, round, null, combat.round, null) },
  };
  Hooks.callAll("combatRound", combat, updateData as never, updateOptions as never);
  await combat.update(updateData, updateOptions);
}

/**
 * GM side of a player's "end turn" on the round's last turn (SF-B-04): the GM starts the next round, which
 * re-rolls the sides. Only while the combat is still in the round the player saw and on its last turn, so a
 * repeated or late request does not skip a round.
 */
export async function handleNextRoundRequest(
  body: Extract<GMRequestBody, { kind: "nextRound" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refused = (reason: string) => ({ applied: [], skipped: [{ id: body.combatId, reason }] });
  const combat = game.combats?.get(body.combatId);
  if (!combat) return refused("FT.Tracker.combatGone");
  // Checked in the combat's queue: a repeated or late request finds the round already ended and does nothing.
  const reason = await combat.endRoundFor(requester, body.round);
  return reason ? refused(reason) : { applied: [body.combatId], skipped: [] };
}
