/**
 * The sides' initiative rolls (SF-B-03..05, SF-X-01..06): rolling them (one at a time per combat, S7), a player's
 * roll asked of the GM, the GM's edits and surprise marks, sealing a hidden NPC side's numbers (R1-5d) and writing
 * every side change as ONE Combat update that keeps the acting combatant acting. Module functions taking the combat
 * (issue 29: documents/combat.ts split by concern). Issue 33: the rolls and the GM's writes load on first use
 * (side-rolls-writes.ts, behind the async wrappers at the end, whose callers already await them); what the tracker
 * reads (the kept secrets) and the synchronous re-sort of `_onUpdateDescendantDocuments` stay here.
 */

import { chunk } from "./chunk.js";
import { reportFailure } from "./common.js";
import { resort } from "./order.js";
import { remapPending } from "./phases.js";
import type { SideChange } from "./side-initiative.js";
import { seal, sidesUpdate } from "./side-seal.js";

export { sideSecrets } from "./side-seal.js";

type C = Combat.Implementation;

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
const writes = chunk("./side-rolls-writes.js", () => import("./side-rolls-writes.js"));

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
