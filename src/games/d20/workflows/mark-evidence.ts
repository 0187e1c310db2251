/**
 * Trust review 1.3 (issue 31): what backs a player's mark that changes other people's rolls, judged by the active GM
 * from what the GM recorded — never from the player's word. The generic referee (documents/combatant/mark-referee.ts)
 * has already judged the moment (this round; total defense and Protect on the combatant's own turn); this is the
 * game's half (`GameTable.markBacked`), run in the GM's one queue after the seals queued before it, so the attack
 * card that a charge or a defensive full attack follows is already in the GM's record of attacks.
 *
 * - SW-17 total defense: "As an attack action, you can defend yourself (you don't actually make an attack …)" — only
 *   with the round's total-defense action written with it on the combatant's ledger (the tracker's Total defense
 *   writes both in one update), no attack action of this round in the GM's record, and never with fighting
 *   defensively or a charge (each of which is an attack).
 * - SW-23 fighting defensively: "you can choose to fight defensively when taking a full attack action" — only with an
 *   attack card of this round the GM admitted whose to-hit terms carry it, with more than one attack roll.
 * - SW-21 charge: only with an admitted attack card of this round whose to-hit terms carry the charge.
 * - SWN-06 Protect (mech): "Spend your Move and Action protecting those around and behind you" — only for a mech
 *   (`isMech`), with the round's "protect" action on its ledger and no attack action of this round in the GM's record.
 */
import type { StoredCard } from "../../../data/chat/attack-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { attackEntries } from "../../../workflows/attack/attack-record.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { cardOf } from "../../../workflows/card/card-targets.js";
import { ledgerFor } from "../../../workflows/turn/turn-ledger.js";

type CombatI = Combat.Implementation;
type CombatantI = Combatant.Implementation;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object";

/**
 * SWN-06: is the actor a mech? Its SWN block's `mech` (the sheet's _Mech_ box, in edit mode): its sheet's Protect
 * (mech) in a combat is refused for any other. Like every number on a character's own sheet, its owner may set it.
 */
export function isMech(actor: Actor.Implementation | null | undefined): boolean {
  return actorSystem(actor)?.swn?.mech === true;
}

/** The cards of this round's attack actions (no reactions) the GM admitted for the actor. */
function admittedCards(actorUuid: string, combat: CombatI, round: number): StoredCard[] {
  const out: StoredCard[] = [];
  for (const [id, e] of attackEntries()) {
    if (e.no || e.a !== actorUuid || e.c !== combat.id || e.r !== round || (e.rx ?? null)) continue;
    const m = game.messages?.get(id);
    const card = m ? cardOf(m) : null;
    if (card) out.push(card);
  }
  return out;
}

/** Has this round's record any attack action of the actor (a card or a GM-recorded action such as a coup de grace)? */
function acted(actorUuid: string, combat: CombatI, round: number): boolean {
  return [...attackEntries().values()].some(
    (e) => !e.no && e.a === actorUuid && e.c === combat.id && e.r === round && !(e.rx ?? null),
  );
}

/** Does the card's own to-hit carry the attacker's declaration `id` (SW-21 "charge", SW-23 "fightingDefensively")? */
const declares = (card: StoredCard, id: string) =>
  card.targets.some((t) => t.modifiers.some((m) => m.id === id && !m.overridden)) ||
  (card.steps ?? []).some((s) => s.extras.some((x) => x.id === id));

/** SW-42 (fixaim): did the GM record an aim of the actor this round (workflows/aim.ts, `recordGMAction` "aim:…")? */
function aimed(actorUuid: string, combat: CombatI, round: number): boolean {
  return [...attackEntries().values()].some(
    (e) => !e.no && e.a === actorUuid && e.c === combat.id && e.r === round && e.k.startsWith("aim:"),
  );
}

/** Has combatant `c`'s turn come in the combat's current round (its place in the order reached)? */
function turnCame(combat: CombatI, c: CombatantI): boolean {
  const at = combat.turns.findIndex((t) => t.id === c.id);
  return at >= 0 && combat.turn !== null && at <= combat.turn;
}

/** The GM's judgement of mark `key` of combatant `c` as it landed (`after`). */
export function markBacked(
  combat: CombatI,
  c: CombatantI,
  key: "defending" | "protecting",
  after: unknown,
): Promise<boolean> {
  return onGMQueue(async () => {
    if (!isObject(after)) return true;
    const actorUuid = c.actor?.uuid ?? "";
    const round = combat.settled.round;
    const ledger = ledgerFor(c.marks.turn, round);
    if (key === "protecting")
      return isMech(c.actor) && ledger.action === "protect" && !acted(actorUuid, combat, round);
    const { totalDefense, fightingDefensively, charging } = after;
    // SW-42 (fixaim): the aimer's lost Dodge and Dex is the GM's mark; a player's write that drops it the round it aimed
    // is put back.
    // Until the aimer's next turn comes (SW-42: "for one round"): the round after the aim, before its turn, too
    // (final review of issue 31, 1.4: a console cleared it in that gap).
    if (
      after.aiming !== true &&
      (aimed(actorUuid, combat, round) || (aimed(actorUuid, combat, round - 1) && !turnCame(combat, c)))
    )
      return false;
    if (totalDefense === true)
      return (
        fightingDefensively !== true &&
        charging !== true &&
        ledger.action === "totalDefense" &&
        !acted(actorUuid, combat, round)
      );
    if (fightingDefensively !== true && charging !== true) return true;
    const cards = admittedCards(actorUuid, combat, round);
    const fdOk =
      fightingDefensively !== true ||
      cards.some((k) => declares(k, "fightingDefensively") && (k.steps?.length ?? k.shots) > 1);
    const chargeOk = charging !== true || cards.some((k) => declares(k, "charge"));
    return fdOk && chargeOk;
  });
}
