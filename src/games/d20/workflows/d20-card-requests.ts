/**
 * The active GM's answers to the d20 requests an attack card's buttons send (gm-request.ts): a burst's Reflex save
 * (SW-38), a hit's Fortitude save (SW-10) and a suppression area (SW-43). Moved out of card-actions.ts so they load
 * when first asked, not with the system; each runs in the GM's one queue with apply and undo (`onGMQueue`).
 */
import type { SuppressingEntry } from "../../../canvas/suppression.js";
import { SYSTEM_ID } from "../../../constants.js";
import { actorSystem, isItemType } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import type { GMAnswer, GMRequestBody } from "../../../helpers/gm-request.js";
import { RulesError } from "../../../rules/index.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { gmApplyDamage } from "../../../workflows/card/card-apply-gm.js";
import { foundryGMPorts, trustedCard } from "../../../workflows/card/card-gm.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import {
  cardOf,
  fortitudeRolled,
  isUuid,
  recordOn,
  targetActor,
} from "../../../workflows/card/card-targets.js";
import { withCoverTarget } from "./cover-strike.js";
import { mayRollFortitude, rollFortitude } from "./d20-fortitude.js";
import { reflexBonus, withReflexSave } from "./d20-grenade.js";
import { d20GrenadeOf } from "./grenade-block.js";

type UserI = User.Implementation;

/**
 * SW-38: the active GM rolls the Reflex save of one creature a d20 burst caught, for `requester` (the server vouched
 * for them) if they own it or are a GM, once and before its damage is applied, and writes the save and the damage
 * it leaves on the card — in the GM's one queue, so two clicks cannot roll twice.
 */
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
    if (!g?.cover.some((c) => c.id === targetId)) return skip("FT.D20.Grenade.notCaught");
    if (g.saves.some((sv) => sv.id === targetId)) return skip("FT.D20.Grenade.alreadySaved");
    if (trusted.applied.some((m) => m.targetId === targetId)) return skip("FT.D20.Grenade.saveAfterApply");
    const actor = targetActor(targetId, null);
    const sys = actorSystem(actor);
    if (!actor || !sys) return skip("FT.Card.gone");
    if (!mayRollFortitude(actor, requester)) return skip("FT.D20UI.notYourSave");
    const roll = await new Roll("1d20").evaluate();
    const updated = withReflexSave(
      trusted,
      targetId,
      roll.total ?? 1,
      reflexBonus(sys),
      keepsNumbersSecret(actor),
    );
    // The card as checked, with the save: recursive false replaces it whole (the GM's write is sealed again).
    await message.update({ system: { card: updated } }, { recursive: false });
    return { applied: [targetId], skipped: [] };
  });
}

/**
 * SW-43 (review of issue 15, H1): the active GM keeps the area of a suppression card's hit for its author, whom the
 * server vouched for — once the card is one the GM would apply (seal, author, weapon: `trustedCard`), a hit of
 * suppression fire from a multifire or autofire weapon by an actor in a running d20 combat on the card's scene. The
 * area's centre is the card's target token's centre as the GM's data has it now, never the card's word; it is kept on
 * the GM's own User, which no player may write, until the suppressor's next turn.
 */
export function handleSuppressRequest(
  body: Extract<GMRequestBody, { kind: "suppress" }>,
  requester: UserI,
): Promise<GMAnswer> {
  return onGMQueue(async () => {
    const skip = (reason: string) => ({ applied: [], skipped: [{ id: "", reason }] });
    const message = game.messages?.get(body.messageId);
    if (!message) return skip("FT.Card.gone");
    if (!requester.isGM && message.author?.id !== requester.id) return skip("FT.Card.notYours");
    const trusted = await trustedCard(message);
    if (!trusted) return skip("FT.Card.gone");
    if ("refused" in trusted) return skip(trusted.refused);
    const hit = trusted.result.shots.length === 1 && trusted.result.shots[0]?.outcome.hit;
    if (trusted.area !== "suppression" || !hit) return skip("FT.D20.Suppression.notAHit");
    const attacker = isUuid(trusted.actorUuid) ? fromUuidSync(trusted.actorUuid) : null;
    const weapon =
      attacker instanceof Actor && trusted.weaponId ? attacker.items.get(trusted.weaponId) : null;
    if (
      !weapon ||
      !isItemType(weapon, "weapon") ||
      !(weapon.system.d20.fire.multi || weapon.system.d20.fire.auto)
    )
      return skip("FT.D20.Suppression.needsFireMode");
    // The suppressor's Combatant on the card's scene, in a running d20 combat.
    const isSuppressor = (c: Combatant.Implementation) =>
      c.sceneId === trusted.sceneId && c.actor?.uuid === trusted.actorUuid;
    const combat = game.combats?.find((c) => c.started && c.byCount && c.combatants.some(isSuppressor));
    const combatant = combat?.combatants.find(isSuppressor);
    const target = tokenByUuid(trusted.targets[0]?.id ?? "");
    const scene = target?.parent;
    if (!combat || !combatant?.id || !target || !scene || scene.id !== trusted.sceneId)
      return skip("FT.D20.Suppression.noCombat");
    const size = scene.grid.size;
    const entry: SuppressingEntry = {
      combatId: combat.id ?? "",
      sceneId: scene.id ?? "",
      x: target.x + ((target.width ?? 1) * size) / 2,
      y: target.y + ((target.height ?? 1) * size) / 2,
      round: combat.round,
      messageId: body.messageId,
      weaponId: weapon.id ?? null,
    };
    await game.user?.update({ [`flags.${SYSTEM_ID}.suppressing.${combatant.id}`]: entry });
    return { applied: [combatant.id], skipped: [] };
  });
}

/** The active GM: roll the save for `requester`, whom the server vouched for, if they own the target or are a GM. */
export function handleFortitudeRequest(
  body: Extract<GMRequestBody, { kind: "fortitude" }>,
  requester: UserI,
): Promise<GMAnswer> {
  return onGMQueue(async () => {
    const targetId = body.ids[0] ?? "";
    const skip = (reason: string) => ({ applied: [], skipped: [{ id: targetId, reason }] });
    const message = game.messages?.get(body.messageId);
    const card = message ? cardOf(message) : null;
    if (!message || !card) return skip("FT.Card.gone");
    const mark = card.applied.find((m) => m.targetId === targetId && !m.undone);
    const actor = mark ? targetActor(targetId, mark) : null;
    const sys = actorSystem(actor);
    if (!mark || !actor || !sys) return skip("FT.D20UI.noSaveDue");
    if (!mayRollFortitude(actor, requester)) return skip("FT.D20UI.notYourSave");
    const rec = recordOn(actor, body.messageId, mark.tokenId);
    if (!rec?.fortitudeDC) return skip("FT.D20UI.noSaveDue");
    if (fortitudeRolled(actor, body.messageId, mark.tokenId)) return skip("FT.D20UI.alreadySaved");
    await rollFortitude(actor, sys, body.messageId, mark.tokenId, rec.fortitudeDC, rec.name);
    // T2-3A: the save is marked rolled where no player writes — the GM's User — not only on the target, whose owner
    // may delete its record's save (v13 common/documents/actor.mjs: an owner updates their actor, flags included).
    await game.user?.update({ [`flags.${SYSTEM_ID}.saves.${body.messageId}.${mark.tokenId}`]: true });
    return { applied: [targetId], skipped: [] };
  });
}

/**
 * SW-31 (seed 002, "Striking the Cover Instead of a Missed Target": "the creature takes the damage intended for the
 * target"): the GM's "Apply to <creature>". The active GM checks the card as its author rolled it (`trustedCard`),
 * reads the covering creature's Defense from its own data (`coverStrike`: never the card's word) and, when the miss
 * reached it, writes the creature onto the card with the damage the shot rolled and applies it through the card's
 * own apply path — its record, Undo and "applied" mark are those of any hit (as a stray shot's, stray-request.ts).
 * The GM's call, as the stray pick is: a player's request is refused.
 */
export async function handleCoverRequest(
  body: Extract<GMRequestBody, { kind: "coverHit" }>,
  requester: UserI,
): Promise<GMAnswer> {
  const targetId = body.ids[0] ?? "";
  const skip = (reason: string) => ({ applied: [], skipped: [{ id: targetId, reason }] });
  if (!requester.isGM) return skip("FT.D20UI.coverHitGMOnly");
  let creature = "";
  const refusal = await onGMQueue(async (): Promise<string | null> => {
    const message = game.messages?.get(body.messageId);
    const trusted = message ? await trustedCard(message) : null;
    if (!message || !trusted) return "FT.Card.gone";
    if ("refused" in trusted) return trusted.refused;
    let updated: typeof trusted;
    try {
      updated = withCoverTarget(trusted, targetId);
    } catch (e) {
      if (e instanceof RulesError) return e.key;
      throw e;
    }
    creature = updated.targets.at(-1)?.id ?? "";
    await message.update({ system: { card: updated } }, { recursive: false });
    return null;
  });
  if (refusal) return skip(refusal);
  return gmApplyDamage(body.messageId, [creature], foundryGMPorts(), true);
}
