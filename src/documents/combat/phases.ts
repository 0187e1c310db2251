/**
 * The round's phases and Foundry's turn (documents/combat/phase-turns.ts): the GM's phase steps, the turn steps by
 * phase, the phase following a player's End turn, and the phase remapped after combatants or sides changed
 * mid-round (review 13c H1). Module functions taking the combat (issue 29: documents/combat.ts split by concern).
 */
import { currentVariant } from "../../helpers/settings.js";
import { roundPhases } from "../../rules/index.js";
import { sideIdOf } from "../subtypes.js";
import { type Member, phaseFlags, reportFailure, STEP_EVENTS, serial } from "./common.js";
import { combatState } from "./gm-state.js";
import {
  followPhase,
  type PhaseSnapshot,
  type PhaseTurn,
  type PhaseTurnInput,
  phaseOfTurn,
  phaseStart,
  remapPhaseTurn,
  stepPhaseTurn,
} from "./phase-turns.js";
import { type CombatView, sideOrder, turnOrder } from "./side-initiative.js";

type C = Combat.Implementation;

/**
 * Combat → where the round stood before sides or combatants began to change (active GM): the stored phase is an
 * index into the round's phases, which change with the sides, so it is mapped to the same phase afterwards
 * (review 13c H1). Kept until the change is complete (no combatant left without a side).
 */
const BEFORE = new WeakMap<object, PhaseSnapshot & { round: number }>();

/** Is a change of combatants or sides under way, its phase to be remapped once complete (`remapPhase`)? */
export const remapPending = (combat: C): boolean => BEFORE.has(combat);

/** The phases and Foundry's turn order as phase-turns.ts reads them (the current ones by default). */
export function phaseInput(
  combat: C,
  phases = combat.ftPhases,
  turns: readonly (Member | undefined)[] = combat.turns,
): PhaseTurnInput {
  return {
    phases,
    turns: turns.map((c) => ({
      id: c?.id ?? "",
      sideId: c ? sideIdOf(c) : null,
      defeated: !!c?.isDefeated,
    })),
    skipDefeated: !!combat.settings.skipDefeated,
  };
}

/** The same for the order of another round (surprise counts in round 1 only) or after changes not yet written. */
export function phaseInputOf(combat: C, view: CombatView): PhaseTurnInput {
  const variant = currentVariant();
  const order = turnOrder(view, variant);
  return phaseInput(
    combat,
    roundPhases(sideOrder(view, variant), variant),
    order.map((id) => combat.combatants.get(id)),
  );
}

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

/**
 * Active GM, before combatants or sides change (every client runs the pre-callbacks of a change it receives):
 * note the phase, turn and acting combatant, unless a change already under way noted them.
 */
export function noteBefore(combat: C): void {
  if (!game.user?.isActiveGM || BEFORE.has(combat) || !combat.phasesLinked) return;
  BEFORE.set(combat, {
    input: phaseInput(combat),
    at: { phase: combat.phaseIndex, turn: combat.turn },
    actingId: combat.combatant?.id ?? null,
    round: combat.round,
  });
}

/** Active GM: remap the phase once the change under way is complete (`remapPhase`). */
export function queueRemap(combat: C): void {
  if (!game.user?.isActiveGM || !BEFORE.has(combat)) return;
  void serial(combat, () => remapPhase(combat)).catch(reportFailure(combat, "remap"));
}

/**
 * Active GM, after combatants or sides changed mid-round (review 13c H1): the same phase in the new list of
 * phases, with whoever was acting, or, if they left, the next combatant of the round as it stood
 * (`remapPhaseTurn`); turn and phase in ONE write. Waits while a side assignment is half done.
 */
async function remapPhase(combat: C): Promise<void> {
  const before = BEFORE.get(combat);
  if (!before) return;
  if (!game.user?.isActiveGM || before.round !== combat.round || !combat.phasesLinked) {
    BEFORE.delete(combat);
    return;
  }
  if (combat.view.members.some((m) => !m.sideId)) return;
  BEFORE.delete(combat);
  const to = remapPhaseTurn(before, phaseInput(combat));
  if (!to || (to.phase === combat.phaseIndex && to.turn === combat.turn)) return;
  await combat.update({ turn: to.turn, system: phaseFlags(to.phase, to.turn) }, { turnEvents: false });
}
