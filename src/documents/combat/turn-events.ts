/**
 * The combat's turn events: those of a step of the phase walk, fired by the active GM instead of core's (review 13c
 * M1), and a turn's start by count (SW-01, SW-24, SW-34, SW-43): what a combatant's own turn start ends —
 * flat-footed, a readied action, suppression fire, running. Called from the combat's `_onUpdate` and `_onStartTurn`
 * (issue 29: documents/combat.ts split by concern).
 */
import { SYSTEM_ID } from "../../constants.js";
import { currentGame } from "../../helpers/game.js";
import { startTurn as d20StartTurn } from "../../rules/index.js";
import { reportFailure } from "./common.js";
import { combatState } from "./gm-state.js";

/**
 * The combat's own turn-event handlers (protected on the Combat class, v13 client/documents/combat.mjs), passed by
 * `FrontierCombat#_onUpdate` so a step of the phase walk runs them as core's `_manageTurnEvents` would.
 */
export interface TurnEventHandlers {
  endTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void>;
  endRound(context: Combat.RoundEventContext): Promise<void>;
  startRound(context: Combat.RoundEventContext): Promise<void>;
  startTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void>;
  clearMovement(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void>;
}

/**
 * The turn events of one step of the phase walk, as core's `_manageTurnEvents` runs them for a step forward
 * (v13 client/documents/combat.mjs, search id 18344563855): on the active GM, the end of the turn before and the
 * start of the new one (for a new round, the round's end and start between them), never a "skipped" turn in
 * between; on every client the `combatTurnChange` hook. Movement is not cleared at a turn's start
 * (`_clearMovementHistoryOnStartTurn` keeps it for the round). Core's Region turn events are private to core and
 * do not run for these steps.
 */
export async function turnStepEvents(
  combat: Combat.Implementation,
  prior: { round: number | null; turn: number | null; combatantId: string | null },
  step: "turn" | "round",
  on: TurnEventHandlers,
): Promise<void> {
  if (!combat.started) return;
  if (game.user?.isActiveGM) {
    try {
      const ended = prior.combatantId ? combat.combatants.get(prior.combatantId) : undefined;
      const priorRound = prior.round ?? 0;
      if (ended && prior.turn !== null)
        await on.endTurn(ended, { round: priorRound, turn: prior.turn, skipped: false });
      if (step === "round") {
        if (priorRound > 0) await on.endRound({ round: priorRound, skipped: false });
        await on.startRound({ round: combat.round, skipped: false });
      }
      const started = combat.combatant;
      if (started && combat.turn !== null) {
        const context = { round: combat.round, turn: combat.turn, skipped: false };
        await on.startTurn(started, context);
        if (started.token) await on.clearMovement(started, context);
      }
    } catch (e) {
      reportFailure(combat, "events")(e);
    }
  }
  // Core sets `previous` when the combat is first prepared; fvtt-types 13.345 allows it to be undefined.
  Hooks.callAll("combatTurnChange", combat, combat.previous ?? combat.current, combat.current);
}

/**
 * SW-01: a combatant is flat-footed until its first turn starts. v13 runs `_onStartTurn` on the active GM only
 * (client/documents/combat.mjs `#triggerTurnEvents`); the combat keeps the list of those whose turn has started.
 */
export async function startTurnByCount(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  context: Combat.TurnEventContext,
): Promise<void> {
  if (!combat.byCount || !combatant.id) return;
  // C2-2.1: at a round change v13 fires a start for every turn it passes over, with `skipped: true`
  // (client/documents/combat.mjs `#triggerTurnEvents`: the turns after the last one taken — after a surprise round,
  // the unaware sorted after the last aware combatant). A passed-over turn is not a turn taken: the combatant has
  // not acted (SW-01: still flat-footed), and what lasts "until its next turn" lasts on — a readied action
  // (SW-34), running (SW-24), suppression fire (SW-43).
  if (context.skipped) return;
  // C2-3.1: a combatant's turn starts once a round. A Trigger (SW-34) puts the readied combatant before the one
  // whose action set it off; when the reactor's turn ends, v13's next turn lands on the interrupted combatant
  // again and fires its start a second time: that turn was only interrupted, so nothing it declared ends.
  const starts = combatState(combat).turnStarts;
  const startedThisRound = starts?.round === context.round ? starts.ids : [];
  if (startedThisRound.includes(combatant.id)) return;
  const acted = combatState(combat).acted ?? [];
  await combat.update(
    {
      system: {
        acted: acted.includes(combatant.id) ? acted : d20StartTurn(acted, combatant.id),
        turnStarts: { round: context.round, ids: [...startedThisRound, combatant.id] },
      },
    },
    { turnEvents: false },
  );
  // SW-34: a readied action not taken by the combatant's next turn is lost; SW-43: its suppression fire ends.
  const ends: Record<string, unknown> = {};
  if (combatant.holdState === "readied") ends.state = "none";
  // SW-43: its suppression ends (the area is also read only until now: canvas/suppression.ts).
  // C2-3.4: on every GM's User that keeps it (whichever GM answered the card while it was the active GM); a GM
  // may write another GM's User (v13 common/documents/user.mjs `#canUpdate`: "Assistant GMs may modify other
  // users", a full GM anything).
  for (const gm of game.users?.contents ?? [])
    if (gm.isGM && gm.getFlag(SYSTEM_ID, "suppressing")?.[combatant.id])
      await gm.update({ [`flags.${SYSTEM_ID}.suppressing.-=${combatant.id}`]: null });
  // SW-24: a runner has its Dex back when its next turn starts (the rounds run in a row are kept).
  const running = combatant.marks.running;
  if (running?.active) ends.running = { ...running, active: false };
  // SW-17, SW-21, SW-23: what it declared of its defense lasts "until your next action".
  if (combatant.marks.defending) ends.defending = null;
  if (Object.keys(ends).length) await combatant.update({ system: ends });
  // Issue 31: the game's own turn start (SW-10: a dying combatant's save), once this round.
  await currentGame().turnStart?.(combatant, context);
}

/**
 * "Movement this turn" (SF-X-17/18) means this round in a side-phase combat: core clears a token's movement
 * history when that combatant's turn starts, which a GM stepping by phase may never do. Keep it for the round.
 */
