/**
 * SW-43: the suppression a combatant keeps, as the GMs' Users hold it (canvas/suppression.ts says why there). Apart
 * from the areas' geometry and their rules (issue 33): the combat tracker reads it on every render, and the rules
 * load with the first attack.
 */
import { SYSTEM_ID } from "../constants.js";
import { untilNextTurn } from "../documents/combat/until-next-turn.js";

/** What the active GM keeps of one suppression: where, by whom, when, and with which weapon. */
export interface SuppressingEntry {
  readonly combatId: string;
  readonly sceneId: string;
  /** The area's centre, the scene's pixels. */
  readonly x: number;
  readonly y: number;
  readonly round: number;
  readonly messageId: string;
  readonly weaponId: string | null;
}

/** The suppression of a combatant as the GMs' Users keep it (the newest round among them), or null. */
export function suppressionOf(
  combatant: Combatant.Implementation | null | undefined,
): SuppressingEntry | null {
  const id = combatant?.id;
  const combat = combatant?.parent;
  if (!id || !combat?.started) return null;
  let best: SuppressingEntry | null = null;
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const e = u.getFlag(SYSTEM_ID, "suppressing")?.[id];
    if (e && e.combatId === combat.id && (!best || e.round > best.round)) best = e;
  }
  if (!best) return null;
  // Until its next turn: the round it was made, or the next one before the suppressor's turn comes.
  return untilNextTurn(combat, id, best.round) ? best : null;
}
