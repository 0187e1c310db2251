/**
 * The one path that posts an attack card (issue 28; review architecture-2 D2): the ranged and thrown attack
 * (attack.ts), melee (melee.ts), a creature's natural attack (creature-attack.ts) and a squad's attack
 * (squad-attack.ts, SWN-17) each build their card — and take out the numbers a player may not see
 * (`withoutAttackerNumbers`, R1-5) — then post it here, the same way:
 * - `type: "attack"` and the card in `system.card`, the speaker the attacker (its token);
 * - the card's own random `rollId` (issue 27, T2-1C), so the GM tells a replay of this roll (the same card posted
 *   again) from another attack whose dice happen to match (attack-record.ts `rollKey`);
 * - `content` holds no rendered card (`cardSummary`): every page draws the card from its data for its own user;
 * - the Roll objects the attack made, so Dice So Nice animates them, in the user's roll mode (v13
 *   client/documents/chat-message.mjs `applyRollMode`): the mode the attack's dialog picked (issue 33), else the
 *   chat's.
 */
import type { AttackCardData } from "../../data/chat/attack-card.js";
import { pickedRollMode } from "../../helpers/roll-mode.js";
import { cardSummary } from "./card-render.js";

export interface PostedBy {
  readonly actor: Actor.Implementation;
  readonly token: TokenDocument.Implementation;
  /** Issue 33: the roll mode the attack's dialog picked; absent = the chat's (helpers/roll-mode.ts). */
  readonly rollMode?: string | undefined;
}

/** Post an attack card; the message's id, or "" when none was created. */
export async function postAttackCard<C extends AttackCardData>(
  card: C,
  rolls: readonly Roll[],
  { actor, token, rollMode }: PostedBy,
): Promise<string> {
  const data: ChatMessage.CreateData = {
    type: "attack",
    system: { card: { ...card, rollId: foundry.utils.randomID() } },
    speaker: ChatMessage.getSpeaker({ actor, token }),
    content: cardSummary(card),
    rolls: [...rolls],
  };
  ChatMessage.applyRollMode(data, pickedRollMode(rollMode));
  const msg = await ChatMessage.create(data);
  return msg?.id ?? "";
}
