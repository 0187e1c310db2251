/**
 * The GM's side of a stray shot (SF-X-35): the referee picks, from the card, which token in the way the missed shot
 * hits. The active GM checks the card as its author rolled it (the seal, `trustedCard` through the GM ports), that
 * the shot strayed and the pick stood in the way, writes the bystander onto the card with the strayed damage (a GM's
 * write is sealed again by `watchCards`), and applies it through the card's own apply path — so its record, Undo
 * and the "applied" mark are those of any hit.
 */
import type { GMAnswer, GMRequestBody } from "../../helpers/gm-request.js";
import { RulesError } from "../../rules/index.js";
import { withStrayTarget } from "../attack/stray.js";
import { onGMQueue } from "./card-apply.js";
import { gmApplyDamage } from "./card-apply-gm.js";
import { foundryGMPorts } from "./card-gm.js";

type UserI = User.Implementation;

export async function handleStrayRequest(
  body: Extract<GMRequestBody, { kind: "stray" }>,
  requester: UserI,
): Promise<GMAnswer> {
  const all = (reason: string) => ({ applied: [], skipped: [{ id: "", reason }] });
  if (!requester.isGM) return all("FT.Misc.strayGMOnly");
  const pick = body.ids[0] ?? "";
  const ports = foundryGMPorts();
  // Read, checked and rewritten in the GM's one queue, so two picks at once give one stray hit.
  const refusal = await onGMQueue(async (): Promise<string | null> => {
    const card = await ports.loadCard(body.messageId);
    const message = game.messages?.get(body.messageId);
    if (!card || !message) return "FT.Card.gone";
    if ("refused" in card) return card.refused;
    let updated: typeof card;
    try {
      updated = withStrayTarget(card, pick);
    } catch (e) {
      if (e instanceof RulesError) return e.key;
      throw e;
    }
    await message.update({ system: { card: updated } }, { recursive: false });
    return null;
  });
  if (refusal) return all(refusal);
  return gmApplyDamage(body.messageId, [pick], ports, true);
}
