/**
 * Side initiative's rolls against the combat (SF-B-04, SF-X-04, SF-X-06): rolling the sides in one batch, the first
 * turn of a new round, the roll fields "reset initiative" writes. Split from side-initiative.ts (issue 33: the first
 * load): only the GM's rolls and round changes use them (side-rolls-writes.ts, rounds.ts), which load on first use,
 * so these load with them. Tests call them with fakes of side-initiative.ts's small interfaces.
 */
import { defaultSide, type SideSystem } from "../../data/combatant-group/side.js";
import { sideModifier, sideTotal } from "../../rules/index.js";
import {
  type CombatView,
  type InitiativePorts,
  membersOf,
  needsRoll,
  type RollOptions,
  type SideCard,
  type SideUpdate,
  toSideMember,
} from "./side-initiative.js";

/** The roll fields of a side as the schema creates them: what "reset initiative" writes (surprise stays). */
export function clearedRoll(): Partial<SideSystem> {
  // Everything but what the side is (its surprise, colour and disposition key) and its Morale (SWN-12: a fight's,
  // not a roll's) goes back to the schema's initial.
  const { surprised: _surprised, colour: _colour, key: _key, morale: _morale, ...roll } = defaultSide();
  return roll;
}

/** The first turn of a new round in `order` (v13 `Combat#nextRound`): 0, or the first not defeated; null if nobody. */
export function firstTurn(
  order: readonly string[],
  isDefeated: (id: string) => boolean,
  skipDefeated: boolean,
): { turn: number | null; noneLeft: boolean } {
  if (!order.length) return { turn: null, noneLeft: false };
  if (!skipDefeated) return { turn: 0, noneLeft: false };
  const i = order.findIndex((id) => !isDefeated(id));
  return i < 0 ? { turn: 0, noneLeft: true } : { turn: i, noneLeft: false };
}

/**
 * Roll every side that needs it (SF-B-04, SF-X-04, SF-X-06): one d10 each, the modifier from its members,
 * then ONE batched group update and ONE batch of chat cards (one per side rolled).
 */
export async function rollSides<R>(
  combat: CombatView,
  ports: InitiativePorts<R>,
  opts: RollOptions,
): Promise<SideCard<R>[]> {
  const wanted = combat.sides.filter(
    (s) => (!opts.sideIds || opts.sideIds.includes(s.id)) && (opts.force || needsRoll(s, opts.round)),
  );
  const updates: SideUpdate[] = [];
  const cards: SideCard<R>[] = [];
  for (const side of wanted) {
    const members = membersOf(combat, side.id);
    const mod = sideModifier(members.map(toSideMember), opts.variant);
    const { total: d10, roll } = await ports.rollD10();
    const total = sideTotal(d10, mod.value);
    const highestRs = Math.max(0, ...members.map((m) => m.rs));
    updates.push({
      _id: side.id,
      initiative: total,
      system: {
        roll: d10,
        modifier: mod.value,
        modifierSource: mod.memberName,
        holsteredPenalty: mod.holsteredPenalty,
        highestRs,
        rolledRound: opts.round,
      },
    });
    cards.push({
      sideId: side.id,
      sideName: side.name,
      d10,
      modifier: mod.value,
      modifierSource: mod.memberName,
      holsteredPenalty: mod.holsteredPenalty,
      highestRs,
      rolledRound: opts.round,
      total,
      ruleId: mod.ruleId,
      roll,
      npcOnly: !members.some((m) => m.isPlayerCharacter),
    });
  }
  if (updates.length) {
    await ports.updateSides(updates);
    await ports.postCards(cards);
  }
  return cards;
}
