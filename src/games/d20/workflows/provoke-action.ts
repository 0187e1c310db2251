/**
 * Attacks of opportunity an action provokes in a d20 combat (issue 31, review d20rules #4), beside those a movement
 * provokes (provoke.ts, whose `offer` card and button they reuse). Seed 002:
 * - SW-20 "Unarmed Attacks": "Making an unarmed attack provokes an attack of opportunity from your opponent, provided
 *   that your opponent is armed. The attack of opportunity occurs before your attack." — "An unarmed attack against one
 *   opponent doesn't provoke an attack of opportunity from other opponents or from an unarmed foe." The strike's card
 *   (its `bareHands`) offers the struck foe, when it holds a melee weapon, its attack of opportunity. The attack flow
 *   does not hold a roll for another user's answer, so the strike is rolled first; the offer says the attack of
 *   opportunity came before the strike, and the GM settles it first.
 * - SW-25 "Attacks of Opportunity and Ranged Weapons": "using a ranged weapon that requires two hands to operate can
 *   provoke an attack of opportunity if all other criteria are met" (the Actions in Combat table: "Attack (Ranged)
 *   No", so a one-handed weapon provokes nothing). A shot with a two-handed ranged weapon (its sheet's _Two-handed_)
 *   from inside foes' threatened areas offers each of them its attack of opportunity.
 * - SW-41: grapple, "You can make a melee touch attack to grab the target, which provokes an attack of opportunity";
 *   disarm, "You provoke an attack of opportunity from the target you are trying to disarm. If the defender's attack
 *   of opportunity deals any damage, your disarm attempt fails." The special attack asks the active GM (a `provoke`
 *   request) before it rolls, so the offer to the target comes first. The seed's trip ("Make a melee touch attack")
 *   names no attack of opportunity (the table's "Maybe"): the GM's call.
 * - SW-25, the Actions in Combat table: "Load a Weapon — Yes": a reload (the sheet's _Reload_, its round ledger's
 *   `reloaded`) inside foes' threatened areas offers each of them its attack of opportunity, once a round.
 * - SW-42 "Aiming": "Aiming provokes attacks of opportunity" (the table's Aiming row: "Yes"). The active GM, having
 *   rolled the aim (workflows/aim.ts `handleAim`), offers each foe that threatens the aimer (fixaim, play review 2.1).
 * Only a foe that can make one is offered (SW-25): in the started combat by count, of another side, holding a melee
 * weapon, not down nor grappling, within 2 m (SW-14), its one attack of opportunity this round unspent.
 */
import { cannotThreaten } from "../../../canvas/suppression.js";
import { tokenIds } from "../../../data/chat/attack-card.js";
import { isItemType } from "../../../data/subtypes.js";
import type { GMAnswer, GMRequestBody } from "../../../helpers/gm-request.js";
import { D20_REACH_M, RulesError } from "../../../rules/index.js";
import { ledgerFor } from "../../../workflows/turn/turn-ledger.js";
import { d20MeleeWeapons } from "../data/weapons.js";
import { edgeGap } from "./gm-action.js";
import { combatantOnScene, offer, sameActor } from "./provoke.js";

type TokenD = TokenDocument.Implementation;
type CombatantI = Combatant.Implementation;

/** The special attacks whose attempt provokes the target (SW-41). */
export const PROVOKING_SPECIALS = ["grapple", "disarm"] as const;
export type ProvokingSpecial = (typeof PROVOKING_SPECIALS)[number];

/** Can `foe` make its attack of opportunity at `doc` now (SW-25, SW-14)? */
function canTake(foe: CombatantI, doc: TokenD, combat: Combat.Implementation): boolean {
  const token = foe.token;
  const actor = foe.actor;
  if (!token || !actor || token.parent !== doc.parent || token.id === doc.id) return false;
  if (!((token.disposition ?? 0) * (doc.disposition ?? 0) < 0)) return false;
  // "A grappling combatant makes no attack of opportunity" (the attack of opportunity's own refusal).
  if (cannotThreaten(actor) || actor.statuses.has("grappling")) return false;
  // SW-25: an attack of opportunity is a melee attack; SW-20: "provided that your opponent is armed".
  if (d20MeleeWeapons(actor).length === 0) return false;
  if (ledgerFor(foe.marks.turn, combat.round).aoo) return false;
  return edgeGap(token, doc) < D20_REACH_M - 1e-6;
}

/** The actor's token's centre in pixels: where the attack of opportunity is made at. */
function centreOf(doc: TokenD): { x: number; y: number } {
  const size = doc.parent?.grid?.size || 100;
  return {
    x: (doc.x ?? 0) + ((doc.width ?? 1) * size) / 2,
    y: (doc.y ?? 0) + ((doc.height ?? 1) * size) / 2,
  };
}

/** Offer `foe` its attack of opportunity at `doc` (the offer card of provoke.ts), by the rule and line given. */
async function offerTo(
  foe: CombatantI,
  doc: TokenD,
  combat: Combat.Implementation,
  ruleId: "SW-20" | "SW-25" | "SW-41",
  key: string,
): Promise<void> {
  const at = centreOf(doc);
  const area = { kind: "square" as const, centre: at, size: 0 };
  await offer({ combatant: foe, area, ruleId }, doc, combat, at, key);
}

/** The token a token UUID `Scene.<id>.Token.<id>` names, read from its scene (no other document kind). */
function tokenOf(uuid: string): TokenD | null {
  const ids = tokenIds(uuid);
  return (ids && game.scenes?.get(ids.sceneId)?.tokens.get(ids.tokenId)) || null;
}

/** The target's combatant in the attacker's combat, by the target token. */
function combatantOf(
  combat: Combat.Implementation,
  target: TokenD | null | undefined,
): CombatantI | undefined {
  if (!target) return undefined;
  return combat.combatants.find((c) => c.tokenId === target.id && c.token?.parent === target.parent);
}

/**
 * SW-20, SW-25: the attack card (not itself a reaction) of an unarmed strike offers the armed foe it struck; one of a
 * two-handed ranged weapon offers every foe that threatens the shooter. Run by the active GM (the game's
 * `attackMade`).
 */
export async function offerForActionAttack(message: ChatMessage.OfType<"attack">): Promise<void> {
  const card = message.system.card;
  if (card.reaction) return;
  const doc = game.scenes?.get(message.speaker.scene ?? "")?.tokens.get(message.speaker.token ?? "");
  // The attacker is the card's checked actor (as provoke.ts `offerForAttack` reads it).
  if (!doc?.actor || !sameActor(doc, card.actorUuid)) return;
  const combat = combatantOnScene(doc)?.parent;
  if (!combat?.started || !combat.byCount || combat.round < 1) return;
  if (card.bareHands) {
    // SW-20: only the opponent struck, and only when it is armed.
    const offered = new Set<string>();
    for (const t of card.targets) {
      const foe = combatantOf(combat, tokenOf(t.id));
      if (!foe?.id || offered.has(foe.id) || !canTake(foe, doc, combat)) continue;
      offered.add(foe.id);
      await offerTo(foe, doc, combat, "SW-20", "FT.D20.AoO.offerUnarmed");
    }
    return;
  }
  const item = doc.actor.items.get(card.weaponId ?? "");
  if (!item || !isItemType(item, "weapon") || item.system.d20.attack === "melee") return;
  if (!item.system.d20.twoHanded) return;
  for (const foe of combat.combatants)
    if (canTake(foe, doc, combat)) await offerTo(foe, doc, combat, "SW-25", "FT.D20.AoO.offerTwoHanded");
}

/** The SW-41 offers already posted, by combat, foe, asker's token and round (one per foe and asker a round). */
const provokesOffered = new Set<string>();

/** SW-41: the special attack `action` by the asker's token at `target` provokes the target. Asked before it rolls. */
export async function handleProvoke(
  body: Extract<GMRequestBody, { kind: "provoke" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const doc = tokenOf(body.tokenUuid);
  const target = tokenOf(body.target);
  if (!doc || !target || doc.parent !== target.parent)
    throw new RulesError("FT.D20.AoO.provokeBad", "No such tokens");
  // The asker acts with its own token: a request only ever offers its target an attack at the asker.
  if (!requester.isGM && !doc.actor?.testUserPermission(requester, "OWNER"))
    throw new RulesError("FT.D20.AoO.provokeBad", "Not the asker's token");
  const combat = combatantOnScene(doc)?.parent;
  if (!combat?.started || !combat.byCount || combat.round < 1) return { applied: [], skipped: [] };
  const foe = combatantOf(combat, target);
  if (!foe?.id || !canTake(foe, doc, combat)) return { applied: [], skipped: [] };
  // Trust review (rank 3): a request sent again (a console's loop) posts no second offer to that foe for that asker
  // this round — it has one attack of opportunity a round (SW-25) and the first offer already stands.
  const key = `${combat.id}.${foe.id}.${doc.uuid}.${combat.round}`;
  if (provokesOffered.has(key)) return { applied: [], skipped: [] };
  provokesOffered.add(key);
  await offerTo(foe, doc, combat, "SW-41", `FT.D20.AoO.offer.${body.action}`);
  return { applied: [foe.id], skipped: [] };
}

/** SW-42: the aimer's token `doc` aimed in `combat` (the GM's `handleAim`): offer each foe that threatens it. */
export async function offerForAim(doc: TokenD, combat: Combat.Implementation): Promise<void> {
  if (!combat.started || !combat.byCount || combat.round < 1) return;
  for (const foe of combat.combatants)
    if (canTake(foe, doc, combat)) await offerTo(foe, doc, combat, "SW-25", "FT.D20.AoO.offerAimed");
}

/** The reloads already offered for, by combat, combatant and round (the ledger is written whole again later). */
const reloadsOffered = new Set<string>();

/** SW-25: the combatant loaded a weapon this round ("Load a Weapon — Yes"): offer each foe that threatens it. */
export async function offerForReload(combatant: CombatantI): Promise<void> {
  const combat = combatant.parent;
  const doc = combatant.token;
  if (!doc || !combat?.started || !combat.byCount || combat.round < 1) return;
  if (!ledgerFor(combatant.marks.turn, combat.round).reloaded) return;
  const key = `${combat.id}.${combatant.id}.${combat.round}`;
  if (reloadsOffered.has(key)) return;
  reloadsOffered.add(key);
  for (const foe of combat.combatants)
    if (canTake(foe, doc, combat)) await offerTo(foe, doc, combat, "SW-25", "FT.D20.AoO.offerReload");
}
