/**
 * The round's phases and Foundry's turn (documents/combat/phase-turns.ts): the GM's phase steps, the turn steps by
 * phase, the phase following a player's End turn, and the phase remapped after combatants or sides changed
 * mid-round (review 13c H1). Module functions taking the combat (issue 29: documents/combat.ts split by concern).
 * Issue 33: the steps and follows (phase-moves.ts) load on first use behind the async functions here; what the
 * synchronous descendant callbacks note and queue stays.
 */
import { chunk } from "./chunk.js";
import { phaseFlags, reportFailure, serial } from "./common.js";
import { phaseInput } from "./phase-input.js";
import { type PhaseSnapshot, remapPhaseTurn } from "./phase-turns.js";

export { phaseInput, phaseInputOf } from "./phase-input.js";

type C = Combat.Implementation;

/**
 * Combat → where the round stood before sides or combatants began to change (active GM): the stored phase is an
 * index into the round's phases, which change with the sides, so it is mapped to the same phase afterwards
 * (review 13c H1). Kept until the change is complete (no combatant left without a side).
 */
const BEFORE = new WeakMap<object, PhaseSnapshot & { round: number }>();

/** Is a change of combatants or sides under way, its phase to be remapped once complete (`remapPhase`)? */
export const remapPending = (combat: C): boolean => BEFORE.has(combat);

/** The phase steps and follows, loaded on first use (issue 33; phase-moves.ts). */
const moves = chunk("./phase-moves.js", () => import("./phase-moves.js"));

/** GM: step the round's phase, the turn with it when linked (phase-moves.ts). */
export async function stepPhase(combat: C, delta: 1 | -1): Promise<void> {
  return (await moves()).stepPhase(combat, delta);
}

/** Next (1) or previous (-1) turn by phase when linked; "round" when the step leaves the round (phase-moves.ts). */
export async function stepTurn(combat: C, direction: 1 | -1): Promise<"round" | null> {
  return (await moves()).stepTurn(combat, direction);
}

/** Active GM: the phase follows turns players ended while no GM was connected (phase-moves.ts). */
export async function reconcilePhase(combat: C): Promise<void> {
  return (await moves()).reconcilePhase(combat);
}

/** Active GM: the phase follows the turn a player ended their turn to (phase-moves.ts). */
export async function followTurn(combat: C, from: number | null): Promise<void> {
  return (await moves()).followTurn(combat, from);
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
