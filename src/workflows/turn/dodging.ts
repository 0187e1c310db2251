/**
 * "Dodging this round" (SF-X-10): the movement history cannot tell dodging from running, so a token's owner says
 * so. The mark is on the token's Combatant (`system.dodging`, issue 29), holding the round it dodges in: a player may
 * write `system` on a Combatant they own (common/documents/combatant.mjs `#canUpdate`), no GM has to carry it out, every client sees
 * it, and it lapses by itself when the round changes (a status effect would stay until someone removed it). The
 * entry sits in the combat tracker's combatant context menu (v13 fires `getCombatTrackerContextOptions` for the
 * tracker's `_getEntryContextOptions`, client/applications/api/application.mjs `_createContextMenu`).
 * Dodging is declared with the turn's movement: a player may set or clear the mark only in the declare phase or
 * their side's move phase when phases are enforced (`mayMarkDodging`, phase-gate.ts), so it cannot be switched on
 * just before an enemy's shot; and it counts only when the token moved this round (`movementReport`). The menu's
 * check runs in the owner's browser, which a console goes around: the active GM checks every player's change of the
 * mark as it lands and puts back one made outside those phases (T2-2B, documents/combatant/mark-referee.ts).
 */
import { isDodging } from "../../documents/combatant/dodging.js";

type CombatantI = Combatant.Implementation;

/** Mark (or unmark) the combatant dodging in the current round, as its owner. */
export async function setDodging(c: CombatantI, on: boolean): Promise<void> {
  const round = c.parent?.round ?? 0;
  await c.update({ system: { dodging: on ? round : null } });
}
