/**
 * "Until its next turn" (SW-17 total defense, SW-42 the aimer's lost Dex, SW-43 suppression fire, SWN-06 Protect,
 * SWN-08 overwatch): a mark combatant `combatantId` made in round `round` holds in that round, and in the next one
 * until its own turn comes in the order (`combat.turns`, as core orders them: client/documents/combat.mjs).
 */
export function untilNextTurn(
  combat: Combat.Implementation,
  combatantId: string | null | undefined,
  round: number,
): boolean {
  if (combat.round === round) return true;
  const index = combat.turns.findIndex((t) => t.id === combatantId);
  return combat.round === round + 1 && index > (combat.turn ?? 0);
}
