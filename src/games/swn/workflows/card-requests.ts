/**
 * The active GM's answer to an SWN grenade card's save (SWN-16, seed 003: the burst "explodes as normal"): each
 * creature caught may make an Evasion save — d20 meeting its save target (`system.swn.save`: a PC's Evasion, an
 * NPC's or a squad's one save) — for half the damage. As the d20 Reflex save (SW-38, d20-card-requests.ts): for the
 * creature's owner or a GM, once, before its damage is applied, in the GM's one queue; the save is written on the
 * card, its target only where the creature's numbers are not secret.
 */
import type { D20Save } from "../../../data/chat/attack-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import type { GMAnswer, GMRequestBody } from "../../../helpers/gm-request.js";
import { evasionAgainstBurst } from "../../../rules/index.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { trustedCard } from "../../../workflows/card/card-gm.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { targetActor } from "../../../workflows/card/card-targets.js";
import { mayRollFortitude } from "../../d20/workflows/d20-fortitude.js";
import { d20GrenadeOf } from "../../d20/workflows/grenade-block.js";

type UserI = User.Implementation;

/** SWN-16: the GM rolls one creature's Evasion save against the burst and writes it, with the damage it leaves. */
export function handleReflexRequest(
  body: Extract<GMRequestBody, { kind: "reflex" }>,
  requester: UserI,
): Promise<GMAnswer> {
  return onGMQueue(async () => {
    const targetId = body.ids[0] ?? "";
    const skip = (reason: string) => ({ applied: [], skipped: [{ id: targetId, reason }] });
    const message = game.messages?.get(body.messageId);
    const trusted = message ? await trustedCard(message) : null;
    if (!message || !trusted) return skip("FT.Card.gone");
    if ("refused" in trusted) return skip(trusted.refused);
    const g = d20GrenadeOf(trusted);
    if (!g || !trusted.grenade?.d20) return skip("FT.D20.Grenade.notCaught");
    if (!g.cover.some((c) => c.id === targetId)) return skip("FT.D20.Grenade.notCaught");
    if (g.saves.some((sv) => sv.id === targetId)) return skip("FT.D20.Grenade.alreadySaved");
    if (trusted.applied.some((m) => m.targetId === targetId)) return skip("FT.D20.Grenade.saveAfterApply");
    const actor = targetActor(targetId, null);
    const sys = actorSystem(actor);
    if (!actor || !sys) return skip("FT.Card.gone");
    if (!mayRollFortitude(actor, requester)) return skip("FT.D20UI.notYourSave");
    const target = sys.swn?.save;
    if (typeof target !== "number") return skip("FT.SWN.Grenade.noSave");
    const roll = await new Roll("1d20").evaluate();
    const d20 = roll.total ?? 1;
    const before = trusted.result.damage.find((d) => d.targetId === targetId)?.damage ?? 0;
    const r = evasionAgainstBurst(d20, target, before);
    const save: D20Save = {
      id: targetId,
      roll: d20,
      target: keepsNumbersSecret(actor) ? null : target,
      total: null,
      passed: r.passed,
      damage: r.damage,
    };
    const updated = {
      ...trusted,
      result: {
        ...trusted.result,
        damage: trusted.result.damage.map((d) => (d.targetId === targetId ? { ...d, damage: r.damage } : d)),
      },
      grenade: { ...trusted.grenade, d20: { ...g, saves: [...g.saves, save] } },
    };
    // The card as checked, with the save: recursive false replaces it whole (the GM's write is sealed again).
    await message.update({ system: { card: updated } }, { recursive: false });
    return { applied: [targetId], skipped: [] };
  });
}
