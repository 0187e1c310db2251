/**
 * Held damage on the combat (SF-B-05: a Basic-game tie, damage from both sides takes effect only after both have
 * fired): the requests the combat holds and their release at the end of the exchange (the pure part is in
 * exchange.ts). Module functions taking the combat (issue 29: documents/combat.ts split by concern).
 */
import { currentVariant } from "../../helpers/settings.js";
import { localize } from "./common.js";
import { damageIsHeld, type HeldRequest, holdRequest, releaseHeld } from "./exchange.js";

type C = Combat.Implementation;

/** Basic-game tie this round: damage waits until both sides have fired (SF-B-05). */
export function holdsDamage(combat: C): boolean {
  return damageIsHeld({
    variant: currentVariant(),
    started: combat.started,
    simultaneous: combat.ftOrder.simultaneousDamage,
  });
}

export async function holdDamage(combat: C, req: HeldRequest): Promise<void> {
  await combat.update({ system: { heldDamage: holdRequest(combat.heldDamage, req) } });
  ui.notifications?.info(localize("FT.Card.heldNotice"));
}

/**
 * End of the exchange: apply every held request (GM) with `apply` (the card workflow's, registered in `init`). One
 * that fails stays held and the GM is told; it never blocks the round.
 */
export async function releaseDamage(
  combat: C,
  apply: ((req: HeldRequest) => Promise<unknown>) | null,
): Promise<void> {
  const held = combat.heldDamage;
  if (!held.length || !game.user?.isGM) return;
  if (!apply) throw new Error("Held damage cannot be applied: no applier was registered in init.");
  const { failed } = await releaseHeld(held, apply);
  if (failed.length) {
    await combat.update({ system: { heldDamage: failed } });
    ui.notifications?.error(localize("FT.Card.heldFailed"));
  } else await combat.update({ system: { heldDamage: [] } });
}
