/**
 * The GM's side writes (SF-X-05): the sides by disposition or one per character for combatants without one (run in
 * sides.ts's queue, `queueAssign`), and a combatant moved to another side. Loaded on first use by sides.ts (issue 33:
 * the first load; every caller is async). Moved from sides.ts unchanged; it imports nothing from sides.ts.
 */
import { isSide, sideIdOf } from "../subtypes.js";
import { SIDE } from "./common.js";
import { assignSides as planSides } from "./side-assignment.js";

type C = Combat.Implementation;

/** One side assignment (run in sides.ts's queue, `queueAssign`). */
export async function assignSides(combat: C, individual: boolean): Promise<void> {
  const plan = planSides(combat.view, individual);
  const keyToId = new Map<string, string>();
  if (plan.create.length) {
    const created = await combat.createEmbeddedDocuments(
      "CombatantGroup",
      plan.create.map((c) => ({
        type: SIDE,
        name: game.i18n?.localize(c.label) ?? c.label,
        system: { key: c.key, colour: c.colour },
      })),
    );
    // v13 returns the created groups; fvtt-types 13.345 also allows undefined.
    (created ?? []).forEach((g, i) => {
      keyToId.set(plan.create[i]!.key, g.id ?? "");
    });
  }
  const updates = Object.entries(plan.assign).map(([id, key]) => ({
    _id: id,
    group: keyToId.get(key) ?? key,
  }));
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/**
 * GM: move a combatant to another side, in ONE write of the combatant's `group` (the server lets only a GM write
 * it: common/documents/combatant.mjs `#canUpdate`). Core re-sorts and keeps the acting combatant acting (it sets
 * `combatTurn` for combatant updates); `Combatant#_prepareGroup` gives the mover the new side's initiative, so it
 * acts with its new side. A side the move leaves empty is removed, as when its last member leaves the combat.
 */
export async function moveToSide(combat: C, combatantId: string, groupId: string): Promise<boolean> {
  const combatant = combat.combatants.get(combatantId);
  const group = combat.groups.get(groupId);
  if (!game.user?.isGM || !combatant || !group || !isSide(group)) return false;
  const from = sideIdOf(combatant);
  if (from === groupId) return false;
  await combatant.update({ group: groupId });
  if (from && !combat.combatants.some((c) => sideIdOf(c) === from) && combat.groups.has(from))
    await combat.deleteEmbeddedDocuments("CombatantGroup", [from]);
  return true;
}
