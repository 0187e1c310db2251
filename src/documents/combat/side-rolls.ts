/**
 * The sides' initiative rolls (SF-B-03..05, SF-X-01..06): rolling them (one at a time per combat, S7), a player's
 * roll asked of the GM, the GM's edits and surprise marks, sealing a hidden NPC side's numbers (R1-5d) and writing
 * every side change as ONE Combat update that keeps the acting combatant acting. Module functions taking the combat
 * (issue 29: documents/combat.ts split by concern). Issue 33: the rolls and the GM's writes load on first use
 * (side-rolls-writes.ts, behind the async wrappers at the end, whose callers already await them); what the tracker
 * reads (the kept secrets) and the synchronous re-sort of `_onUpdateDescendantDocuments` stay here.
 */
import { currentVariant, getSetting, SETTINGS } from "../../helpers/settings.js";
import { errorText, localize, phaseFlags, reportFailure, reportOnce } from "./common.js";
import { resort } from "./order.js";
import { remapPhaseTurn } from "./phase-turns.js";
import { phaseInput, phaseInputOf, remapPending } from "./phases.js";
import {
  type SideChange,
  type SideSecret,
  sealSides,
  turnKeeping,
  withSideChanges,
} from "./side-initiative.js";
import { keepSecrets } from "./side-secrets.js";

type C = Combat.Implementation;

/** Is a roll of this side to be kept from players: "hide NPC initiative" and no player character on it? */
export function seals(combat: C, sideId: string): boolean {
  const group = combat.sideGroups.find((g) => g.id === sideId);
  return group ? group.sealsRolls : !!getSetting(SETTINGS.hideNpcInitiative);
}

/**
 * GM: the numbers of the sealed sides this GM's browser keeps for their current sealed rolls (helpers/
 * side-secrets.ts). A side rolled on another GM's client, or whose numbers this browser lost, is missing: it shows
 * as rolled with its numbers unknown. Players get nothing: no data they receive holds the numbers.
 */
export function sideSecrets(combat: C): Map<string, SideSecret> {
  const out = new Map<string, SideSecret>();
  for (const g of combat.sideGroups) {
    const kept = g.keptSecret;
    if (kept && g.id) out.set(g.id, kept);
  }
  return out;
}

/** GM: the changes as they may be written (sealed sides without numbers, every rolled side ranked). */
export function seal(combat: C, changes: readonly SideChange[], round?: number): SideChange[] {
  const sealed = sealSides(combat.view, changes, {
    variant: currentVariant(),
    ...(round !== undefined ? { round } : {}),
    secrets: sideSecrets(combat),
    seal: (id) => seals(combat, id),
    newSealId: () => foundry.utils.randomID(),
  });
  // Kept before the write that names the new seal ids goes out, so the GM's tracker can read them as it lands.
  const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
  if (combat.id)
    void keepSecrets(combat.id, sealed.secrets, live).catch((e: unknown) =>
      reportOnce(`${combat.id}:keep`, errorText(e)),
    );
  if (sealed.lost.length)
    reportOnce(`${combat.id}:lost:${sealed.lost.join()}`, localize("FT.Side.sealedLost"));
  return sealed.changes;
}

/**
 * One Combat update writing side changes: the turn index that keeps the acting combatant acting in the new order
 * and, when phase and turn are linked, the same phase in the new list of phases (a re-roll or an edit mid-round
 * can change the order of the sides, and the phase is stored as an index: review 13c H1).
 */
export function sidesUpdate(combat: C, changes: readonly SideChange[]): Combat.UpdateData {
  const data: Combat.UpdateData = { groups: [...changes] };
  const after = withSideChanges(combat.view, changes);
  const turn = turnKeeping(after, currentVariant(), combat.combatant?.id ?? null);
  if (turn !== null && turn !== combat.turn) data.turn = turn;
  // A change of combatants or sides under way is remapped once it is complete (`remapPhase`, phases.ts).
  if (combat.phasesLinked && !remapPending(combat)) {
    const to = remapPhaseTurn(
      {
        input: phaseInput(combat),
        at: { phase: combat.phaseIndex, turn: combat.turn },
        actingId: combat.combatant?.id ?? null,
      },
      phaseInputOf(combat, after),
    );
    if (to && to.phase !== combat.phaseIndex) data.system = phaseFlags(to.phase, to.turn);
  }
  return data;
}

/**
 * Re-sort after the order changed outside this class's own writes (a side created, deleted or edited elsewhere,
 * the Alpha Dawn variant switched) and keep the turn with whoever is acting: every client re-sorts, the active
 * GM writes the turn index.
 */
export function resortKeepingTurn(combat: C): void {
  const acting = combat.combatant?.id ?? null;
  resort(combat);
  if (!game.user?.isActiveGM) return;
  // Ranks follow the variant and every side's numbers: a write that was not the GM's own re-ranks here.
  if (combat.sideGroups.some((g) => g.system.sealed)) {
    const reranked = seal(combat, []);
    if (reranked.length) {
      void commitRanks(combat, reranked);
      return;
    }
  }
  // A change of sides mid-round: the phase is remapped with the turn in one write (`remapPhase`, phases.ts).
  if (!acting || combat.turn === null || remapPending(combat)) return;
  const turn = combat.turns.findIndex((t) => t.id === acting);
  if (turn >= 0 && turn !== combat.turn) void combat.update({ turn }, { turnEvents: false });
}

/** GM: write fresh ranks, keeping the acting combatant acting. */
async function commitRanks(combat: C, changes: readonly SideChange[]): Promise<void> {
  try {
    await combat.update(sidesUpdate(combat, changes), { turnEvents: false });
  } catch (e) {
    reportFailure(combat, "ranks")(e);
  }
}

/** Sides were created, changed or deleted: every client re-sorts, and the tracker showing this combat redraws. */
export function onModifySides(combat: C, parent: unknown, options: { render?: boolean } | undefined): void {
  combat.resortKeepingTurn();
  const tracker = ui.combat;
  if (tracker && tracker.viewed === parent && options?.render !== false) void tracker.render();
}

/** The rolls and writes, loaded on first use (issue 33; side-rolls-writes.ts). */
const writes = () => import("./side-rolls-writes.js");

/** GM: write side changes as ONE Combat update keeping the acting combatant acting (side-rolls-writes.ts). */
export async function commitSides(combat: C, real: readonly SideChange[]): Promise<void> {
  return (await writes()).commitSides(combat, real);
}

/** Roll the sides that need it; a player asks the GM (through a query) for a side they own a member of. */
export async function rollSides(
  combat: C,
  options: { sideIds?: string[]; round?: number; force?: boolean } = {},
): Promise<void> {
  return (await writes()).rollSides(combat, options);
}

/** Core's "Roll NPCs": the sides with no player character on them (side-rolls-writes.ts). */
export async function rollNpcSides(combat: C): Promise<void> {
  return (await writes()).rollNpcSides(combat);
}

/** Core's "Reroll Initiative" on combatants re-rolls their sides (side-rolls-writes.ts). */
export async function rerollSidesOf(combat: C, ids: readonly string[]): Promise<void> {
  return (await writes()).rerollSidesOf(combat, ids);
}

/** GM side of a player's roll request (side-rolls-writes.ts). True when something was rolled. */
export async function rollForPlayers(combat: C, wanted: ReadonlySet<string>): Promise<boolean> {
  return (await writes()).rollForPlayers(combat, wanted);
}

/** GM: set a side's d10 and modifier (SF-X-04; side-rolls-writes.ts). */
export async function editSide(combat: C, groupId: string, roll: number, modifier: number): Promise<void> {
  return (await writes()).editSide(combat, groupId, roll, modifier);
}

/** GM: mark a side surprised or not (SF-X-02; side-rolls-writes.ts). */
export async function setSurprised(combat: C, groupId: string, surprised: boolean): Promise<void> {
  return (await writes()).setSurprised(combat, groupId, surprised);
}

/** "Reset initiative" also clears the sides' rolls (GM; side-rolls-writes.ts). */
export async function resetSides(combat: C): Promise<void> {
  return (await writes()).resetSides(combat);
}

/** GM side of a player's side-roll query, registered at init (CONFIG.queries; side-rolls-writes.ts). */
export async function handleRollSideQuery(data: unknown): Promise<boolean> {
  return (await writes()).handleRollSideQuery(data);
}
