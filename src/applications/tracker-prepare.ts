/**
 * The combat tracker's rows (issue 33: a lazy chunk, loaded by combat-tracker.ts `_prepareTrackerContext`, which v13
 * awaits): by count for the d20 games, by sides and phases for Star Frontiers. Each writes into the context core's
 * `_prepareTrackerContext` filled (`context.turns`).
 */
import { suppressionOf } from "../canvas/suppressing.js";
import { flatFootedIn } from "../documents/combat/d20-initiative.js";
import { combatState } from "../documents/combat/gm-state.js";
import { sideOrder } from "../documents/combat/side-initiative.js";
import { sideIdOf } from "../documents/subtypes.js";
import { currentGame } from "../helpers/game.js";
import { currentVariant, getSetting, SETTINGS } from "../helpers/settings.js";
import { roundPhases } from "../rules/index.js";
import { decorateTurns } from "./phase-context.js";
import { buildTracker } from "./tracker-context.js";

/** What core's tracker context holds when the rows are drawn (v13 fills `turns`). */
type TrackerContext = foundry.applications.sidebar.tabs.CombatTracker.RenderContext & {
  turns?: foundry.applications.sidebar.tabs.CombatTracker.TurnContext[];
};

/**
 * SW-03 (d20): one list in turn order, each row with its initiative count (or the roll button for its owner, as
 * core's tracker has it) and a flat-footed badge until its first turn (SW-01); no side headers, no phases.
 */
export function prepareByCount(combat: Combat.Implementation, context: TrackerContext): void {
  const isGM = !!game.user?.isGM;
  const table = currentGame();
  const turns = (context.turns ?? []).map((t) => {
    const c = combat.combatants.get(t.id);
    const unaware = combat.isUnaware(t.id);
    const state = c?.holdState ?? "none";
    const current = combat.started && combat.combatant?.id === t.id;
    const mayAct = isGM || !!c?.isOwner;
    // T2-1D: a hidden NPC's document holds only its rank: the GM's page shows the count it keeps, others "?".
    const sealed = combat.sealedCount(t.id);
    return {
      ...t,
      ...(sealed === undefined ? {} : { initiative: sealed === null ? "?" : String(sealed) }),
      // SW-34: a held turn's badge; its owner or the GM may hold the current turn; the GM lets a held one act.
      ftHold: state === "delaying" || state === "readied" ? state : null,
      ftCanHold: current && (isGM || !!c?.isOwner),
      ftCanAct:
        isGM && combat.started && !current && (state === "delaying" || state === "readied") ? state : null,
      ftFlatFooted: flatFootedIn(c),
      // SW-25: its owner or the GM may make its attack of opportunity (out of turn) while the combat runs.
      ftCanAoO:
        combat.started &&
        combat.byCount &&
        mayAct &&
        (!!suppressionOf(c) || (!!c?.actor && table.meleeWeapons(c.actor).length > 0)),
      // SW-43: suppressing an area until its next turn.
      ftSuppressing: !!suppressionOf(c),
      // Issue 30: the game's own controls on the row (SWN-08: overwatch's).
      ftGameControls: table.tracker.byCountRow({ combat, combatant: c, current, mayAct }),
      // SW-02: unaware before the start, and sitting out the surprise round.
      ftUnaware: unaware && (!combat.started || combat.inSurpriseRound),
      ftMarkUnaware: isGM && !combat.started ? { pressed: unaware } : null,
    };
  });
  Object.assign(context, {
    turns,
    ftSides: [],
    ftLoose: turns,
    ftPhases: [],
    ftPhaseGroups: [],
    ftPhase: null,
    ftDeclaring: null,
    ftIndividual: false,
    ftByCount: true,
    ftGroupRoll: combatState(combat).groupRoll,
  });
}

export function prepareSides(combat: Combat.Implementation, context: TrackerContext): void {
  const view = combat.view;
  const variant = currentVariant();
  const order = sideOrder(view, variant);
  const user = game.user;
  const ownedSides = new Set(
    combat.combatants
      .filter((c) => c.isOwner)
      .map((c) => sideIdOf(c))
      .filter((id): id is string => !!id),
  );
  const npcOnly = new Set(
    view.sides
      .filter((s) => !view.members.some((m) => m.sideId === s.id && m.isPlayerCharacter))
      .map((s) => s.id),
  );
  const built = buildTracker(
    view,
    context.turns ?? [],
    {
      isGM: !!user?.isGM,
      hideNpcNumbers: getSetting(SETTINGS.hideNpcInitiative),
      ownedSides,
      npcOnlySides: npcOnly,
      moveOrder: order.moveOrder,
      initiativeSide: order.initiative,
      // Phases from the order already read, not a second reading of the combat.
      phases: combat.started ? roundPhases(order, variant) : [],
      phaseIndex: combat.phaseIndex,
      activeCombatantId: combat.combatant?.id ?? null,
      secrets: combat.sideSecrets(),
      say: (key, data) => (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key,
    },
    variant === "basic",
  );
  Object.assign(context, {
    ftSides: built.sides,
    ftLoose: built.loose,
    ftPhases: built.phases,
    ftPhaseGroups: built.phaseGroups,
    ftPhase: built.currentPhase,
    ftDeclaring: decorateTurns(combat, context.turns ?? []),
    ftIndividual: combat.individual,
  });
}
