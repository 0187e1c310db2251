type CombatantI = Combatant.Implementation;

/** Mark (or unmark) the combatant dodging in the current round, as its owner. */
export async function setDodging(c: CombatantI, on: boolean): Promise<void> {
  const round = c.parent?.round ?? 0;
  await c.update({ system: { dodging: on ? round : null } });
}
