/**
 * SW-39 (issue 31) aid another, from the d20 sheet's special attacks. Seed 002, "Aid Another": "If you're in a
 * position to attack an opponent who is engaged in melee combat with your ally, you can attempt to aid your ally as an
 * attack action. You make an attack roll against a Defense of 10. If you succeed, your ally gains a +2 circumstance
 * bonus that can either be applied to his next attack roll against that opponent or to his Defense when next attacked
 * by that opponent (your choice)."
 *
 * The user targets the opponent; the active GM checks that the user owns the aiding token and that the opponent
 * stands in its reach on its scene, rolls the attack (BAB + Strength + size, SW-04, SW-05, SW-07: a melee attack
 * roll) against Defense 10 (`aidAnother`, naturals as any attack roll, SW-18), posts the card, and keeps a success on
 * its own User (canvas/aid.ts), which the next attack at that opponent by one of the aider's allies reads, once.
 * The Defense choice is the GM's to play (not kept here).
 */
import { attackTargets } from "../../../canvas/scene-facts.js";
import { SYSTEM_ID } from "../../../constants.js";
import { keyed, line, literal } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import { type GMAnswer, type GMRequestBody, requestGM } from "../../../helpers/gm-request.js";
import { notify, report } from "../../../helpers/report.js";
import {
  AID_DEFENSE,
  aidAnother as aidRoll,
  D20_REACH_M,
  type D20Size,
  SIZE_MODIFIER,
} from "../../../rules/index.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { cardOf } from "../../../workflows/card/card-targets.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { turnGate } from "../../../workflows/turn/turn-ledger.js";
import { keptAid, keptDefenseAid } from "../canvas/aid.js";
import { disabledStrainAfter } from "./dying.js";
import { edgeGap, recordRoundAction, roundOf } from "./gm-action.js";

type ActorI = Actor.Implementation;

/** SW-39: the user's aid another at their one target (the sheet's button). Refusals are notifications. */
export async function aidAnother(actor: ActorI, choice: "attack" | "defense" = "attack"): Promise<void> {
  try {
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    // SW-13: an attack action, gated as every attack is.
    if (!turnGate(actor, null, combatant)) return;
    const targets = attackTargets();
    if (targets.length !== 1) return notify("warn", "FT.Melee.oneTarget");
    const answer = await requestGM({
      kind: "aid",
      tokenUuid: token.document.uuid,
      target: targets[0]!.document.uuid,
      choice,
    });
    for (const s of answer.skipped) notify("warn", s.reason, s.data ?? {});
    // The GM recorded the aid as the round's attack action (the combatant's ledger): nothing to write here.
  } catch (e) {
    report(e);
  }
}

/** The active GM's side of an aid another (registered in games/d20/init.ts). */
export async function handleAid(
  body: Extract<GMRequestBody, { kind: "aid" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refuse = (reason: string, data: Record<string, string> = {}): GMAnswer => ({
    applied: [],
    skipped: [{ id: body.target, reason, data }],
  });
  // Review 2 (rank 1): every check runs inside the GM's one queue, from the stored documents, so requests queued
  // together are judged one after the other (the second sees the first's recorded action), as the coup de grace's.
  return onGMQueue(async () => {
    const token = tokenByUuid(body.tokenUuid);
    const actor = token?.actor;
    if (!token || !actor?.testUserPermission(requester, "OWNER"))
      return refuse("FT.D20.Aid.notYours", { name: token?.name ?? "" });
    const sys = actorSystem(actor);
    const target = tokenByUuid(body.target);
    if (!sys?.d20 || !target || target.parent !== token.parent || target.id === token.id)
      return refuse("FT.D20.noFacts");
    // "In a position to attack an opponent": within its melee reach (SW-14).
    if (edgeGap(token, target) > D20_REACH_M)
      return refuse("FT.D20.Aid.outOfReach", { target: target.name ?? "" });
    // SW-39 "as an attack action", SW-13: in a combat by count, the aider's own turn with its round's action unspent;
    // the GM records it (ledger and record of attacks) before rolling, so a repeated request is refused.
    const turn = roundOf(token, requester, {
      notYourTurn: "FT.D20.Aid.notYourTurn",
      acted: "FT.D20.Aid.acted",
    });
    if (turn && "refused" in turn) return refuse(turn.refused, { name: actor.name ?? "" });
    if (turn) await recordRoundAction(turn, actor.uuid, requester, "aid");
    const roll = await new Roll("1d20").evaluate();
    const die = roll.total ?? 1;
    const str = sys.derived?.d20?.mods.str ?? 0;
    // SW-05: the size modifier; the schema's size is one of D20_SIZES (an unknown one counts as Medium, 0).
    const bonus = sys.d20.bab + str + (SIZE_MODIFIER[sys.d20.size as D20Size] ?? 0);
    const r = aidRoll(die, bonus, "attack");
    if (r.success) {
      const entry = {
        sceneId: token.parent?.id ?? "",
        opponent: target.id ?? "",
        aider: token.id ?? "",
        disposition: token.disposition,
        used: null,
        choice: body.choice ?? "attack",
      };
      await game.user?.update({ [`flags.${SYSTEM_ID}.aids.${token.id}`]: entry });
    }
    const secret = keepsNumbersSecret(actor);
    const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-39",
        title: [keyed("FT.D20.Aid.title"), literal("·"), literal(target.name ?? "")],
        lines: [
          line([
            literal(secret ? `d20 ${die}` : `d20 ${die} ${sign(bonus)} = ${r.total}`),
            keyed("FT.D20UI.vsDefense"),
            literal(`${AID_DEFENSE} →`),
            keyed(r.success ? "FT.Card.hit" : "FT.Card.miss"),
          ]),
          line(
            keyed(
              !r.success
                ? "FT.D20.Aid.failure"
                : body.choice === "defense"
                  ? "FT.D20.Aid.successDefense"
                  : "FT.D20.Aid.success",
              { target: target.name ?? "" },
            ),
          ),
        ],
      },
      { speaker: ChatMessage.getSpeaker({ actor, token }), rolls: [roll] },
    );
    // SW-10, SW-39: aid in combat is "an attack action" (seed 002 l. 888), and "making an attack action while disabled
    // deals … 1 point of wound damage" (l. 504): the GM writes it, the aider's page is told (as `strainOnAdmit`).
    await disabledStrainAfter(actor, requester.id ?? "");
    return { applied: [body.target], skipped: [] };
  });
}

/**
 * SW-39: "his next attack roll against that opponent" — the active GM marks the kept aid an attack card took (a
 * target row with the aid's +2) used by that card (its roll id), so no later attack reads it.
 */
export async function useAidOn(message: ChatMessage.Implementation): Promise<void> {
  const card = cardOf(message);
  const aided = card?.targets.find((t) => t.modifiers.some((m) => m.id === "aid.attack"));
  if (!card || !aided) return;
  const target = tokenByUuid(aided.id);
  const speaker = message.speaker?.token ? target?.parent?.tokens.get(message.speaker.token) : null;
  if (!target || !speaker) return;
  const kept = keptAid(
    { id: speaker.id ?? "", document: speaker },
    { id: target.id ?? "", document: target },
  );
  if (!kept) return;
  await game.users?.get(kept.gm)?.update({
    [`flags.${SYSTEM_ID}.aids.${kept.key}`]: { ...kept.entry, used: card.rollId ?? message.id ?? "" },
  });
}

/**
 * SW-39, the Defense choice: "to his Defense when next attacked by that opponent" — the opponent's attack card whose
 * target row took the +2 Defense uses the kept aid (its roll id).
 */
export async function useDefenseAidOn(message: ChatMessage.Implementation): Promise<void> {
  const card = cardOf(message);
  const aided = card?.targets.find((t) => t.d20?.defenseTerms.some((m) => m.id === "aid.defense"));
  if (!card || !aided) return;
  const target = tokenByUuid(aided.id);
  const speaker = message.speaker?.token ? target?.parent?.tokens.get(message.speaker.token) : null;
  if (!target || !speaker) return;
  const kept = keptDefenseAid(
    { id: speaker.id ?? "", document: speaker },
    { id: target.id ?? "", document: target },
  );
  if (!kept) return;
  await game.users?.get(kept.gm)?.update({
    [`flags.${SYSTEM_ID}.aids.${kept.key}`]: { ...kept.entry, used: card.rollId ?? message.id ?? "" },
  });
}
