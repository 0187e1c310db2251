/**
 * The round's phase moves (SF-X-01, SF-B-03; review 13c): the GM's phase steps, the turn steps by phase, the phase
 * following a player's End turn or the turns ended while no GM was connected. Loaded on first use by phases.ts's
 * async wrappers (issue 33: the first load; every caller awaits). Moved from phases.ts unchanged.
 */
import { phaseFlags, STEP_EVENTS, serial } from "./common.js";
import { combatState } from "./gm-state.js";
import { phaseInput } from "./phase-input.js";
import { followPhase, type PhaseTurn, phaseOfTurn, phaseStart, stepPhaseTurn } from "./phase-turns.js";

type C = Combat.Implementation;

/**
 * GM: step the round's phase (the tracker's arrows). When the phase and the turn are linked, the turn goes to the
 * new phase's first combatant in the SAME update (a phase nobody in it can take keeps the turn where it is).
 */
export async function stepPhase(combat: C, delta: 1 | -1): Promise<void> {
  if (!game.user?.isGM) return;
  const max = combat.ftPhases.length - 1;
  const phase = Math.min(max, Math.max(0, combat.phaseIndex + delta));
  if (!combat.phasesLinked) {
    await combat.update({ system: { phase: Math.max(0, phase) } });
    return;
  }
  if (phase === combat.phaseIndex) return;
  const turn = phaseStart(phaseInput(combat), phase) ?? combat.turn;
  await moveTo(combat, { phase, turn }, delta);
}

/**
 * Next (1) or previous (-1) turn by phase, when phase and turn are linked (SF-X-01 Expanded: declare, move, resolve;
 * SF-B-03 Basic): the next combatant of the phase, else the first of the next phase that has one; backwards, before
 * the phase's first combatant, the last of the phase before. "round" when the step leaves the round (the caller
 * goes to the next or previous round); nothing is written then.
 */
export async function stepTurn(combat: C, direction: 1 | -1): Promise<"round" | null> {
  const step = stepPhaseTurn(phaseInput(combat), { phase: combat.phaseIndex, turn: combat.turn }, direction);
  if (step === "round") return "round";
  await moveTo(combat, step, direction);
  return null;
}

/**
 * Write a phase and turn of this round as core writes a turn (the `combatTurn` hook, then one update with its
 * direction). Turn events run as core runs them: forward only within a round (v13 `#triggerTurnEvents`), and
 * without clearing movement (see `_clearMovementHistoryOnStartTurn`). No world-time advance: within a round the
 * phases do not take core's `turnTime` each; the round's time passes with the round.
 */
async function moveTo(combat: C, to: PhaseTurn, direction: 1 | -1): Promise<void> {
  const updateData: Combat.UpdateData = { round: combat.round, turn: to.turn };
  // A player may write the turn but not the combat's flags (common/documents/combat.mjs `#canUpdate`): the
  // active GM moves the phase after them (`followTurn`).
  if (game.user?.isGM) updateData.system = phaseFlags(to.phase, to.turn);
  else delete updateData.round;
  // Core's turn events follow the turn index forward only (v13 `#triggerTurnEvents`), while the phase walk goes
  // back in the index (Declare → Moves B) or stays on it (Moves A → Resolves A): they are fired by the active GM
  // from the step itself (`FrontierCombat#turnStepEvents`), one end and one start per step forward (review 13c M1).
  const updateOptions = {
    direction,
    // No world time within a round (core's would add or take `turnTime` by index); the round end adds the
    // whole round's (`roundTimeDelta`, review 13c L5).
    worldTime: { delta: 0 },
    turnEvents: false as const,
    [STEP_EVENTS]: direction === 1 ? "turn" : "",
  };
  // fvtt-types 13.345 types this hook's turn as a number; v13 passes the update data as it is.
  Hooks.callAll("combatTurn", combat, updateData as never, updateOptions as never);
  await combat.update(updateData, updateOptions);
}

/**
 * Active GM, when its page loads or it becomes the active GM (review 13c L4): players' End turns written while no
 * GM was connected moved the turn and not the phase (they may not write it); the phase follows them now, from
 * where it was last written.
 */
export async function reconcilePhase(combat: C): Promise<void> {
  if (!game.user?.isActiveGM) return;
  await serial(combat, async () => {
    if (!game.user?.isActiveGM || !combat.phasesLinked || combat.turn === null) return;
    const from = { phase: combat.phaseIndex, turn: combatState(combat).phaseTurn ?? null };
    const phase = followPhase(phaseInput(combat), from, combat.turn);
    if (phase !== null && phase !== combat.phaseIndex)
      await combat.update({ system: phaseFlags(phase, combat.turn) }, { turnEvents: false });
  });
}

/**
 * Active GM: a player ended their turn (they write the turn, not the phase): the phase follows the turn they
 * moved to, so every client shows the same phase and combatant.
 */
export async function followTurn(combat: C, from: number | null): Promise<void> {
  if (!combat.phasesLinked || combat.turn === null) return;
  const phase = phaseOfTurn(phaseInput(combat), { phase: combat.phaseIndex, turn: from }, combat.turn);
  if (phase !== null && phase !== combat.phaseIndex)
    await combat.update({ system: phaseFlags(phase, combat.turn) }, { turnEvents: false });
}
