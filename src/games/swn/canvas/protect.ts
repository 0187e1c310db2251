/**
 * SWN-06 on the scene: a mech's Protect — kept on its Combatant (`system.protecting`, written on its own turn and
 * refereed by the active GM, documents/combatant/mark-referee.ts), held until the start of its next turn — read into
 * every attack's target facts: an ally adjacent to the mech and behind it from the attacker has +2 AC
 * (`rules/swn/protect.ts`).
 */

import type { GameTargetFacts, SceneTargetRead } from "../../../canvas/scene-facts.js";
import { untilNextTurn } from "../../../documents/combat/until-next-turn.js";
import { protectsAgainst } from "../../../rules/index.js";

type CombatantI = Combatant.Implementation;

/** The combatant's Protect if it holds now: declared this round, or last round and its turn has not come again. */
export function protecting(combatant: CombatantI | null | undefined): boolean {
  const combat = combatant?.parent;
  const mark = combatant?.marks.protecting;
  if (!combat?.started || !mark) return false;
  return untilNextTurn(combat, combatant?.id, mark.round);
}

/** SWN-06: the name of the protecting mech that covers the target against this attacker, or null. */
export function protectorOf(read: Pick<SceneTargetRead, "attacker" | "target" | "involved">): string | null {
  const { attacker, target } = read;
  const cell = canvas?.grid?.size ?? 100;
  const side = target.document.disposition;
  const mech = read.involved.find(
    (t) =>
      t.id !== target.id &&
      t.id !== attacker.id &&
      t.document.disposition === side &&
      protecting(t.document.combatant) &&
      protectsAgainst(target.center, t.center, attacker.center, cell),
  );
  return mech ? (mech.document.name ?? "") : null;
}

/** The swn table's target facts: the d20 engine's swn reads, and SWN-06's protecting mech. */
export function withProtection(base: GameTargetFacts): GameTargetFacts {
  return (read) => {
    const facts = base(read);
    const swn = facts.d20?.swn;
    if (!facts.d20 || !swn) return facts;
    const by = protectorOf(read);
    return by === null ? facts : { ...facts, d20: { ...facts.d20, swn: { ...swn, protectedBy: by } } };
  };
}
