/**
 * SW-10 (issue 31): a dying character's round in a d20 combat. Seed 002, "Stabilizing and Recovery": "Each round, a
 * dying character makes a Fortitude saving throw (DC 10). If the save fails, the character loses 1 wound point and
 * must make another save in the next round. If the save succeeds, the character becomes stable. A stable character
 * stops losing wound points every round and remains unconscious"; "Dead (−10 Wound Points)".
 *
 * The save is rolled when the dying combatant's own turn starts — on the active GM, where v13 runs `_onStartTurn`
 * (client/documents/combat.mjs `#triggerTurnEvents`), once a round (documents/combat/turn-events.ts asks the game's
 * `turnStart` after its own once-a-round check, never for a passed-over turn). Its roll card is posted as the hit's
 * Fortitude save is (d20-fortitude.ts): an NPC whose numbers the players may not see has its numbers whispered to
 * the GMs and only the outcome shown to the table. Failure loses 1 wound point (at −10 the character is dead: core's
 * `dead` status, v13 `CONFIG.specialStatusEffects.DEFEATED`, and the combatant marked defeated as the tracker's own
 * toggle does, client/applications/sidebar/tabs/combat-tracker.mjs `#onToggleDefeatedStatus`); success turns on
 * `stable`, which ends the saves.
 */

import type { StoredCard } from "../../../data/chat/attack-card.js";
import { keyed, line, literal, type RuleCard, type RuleText } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { notify } from "../../../helpers/report.js";
import {
  disabledStrain,
  dyingRound,
  rollsDyingSave,
  strainsDisabled,
  woundState,
} from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { isUuid } from "../../../workflows/card/card-targets.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { fortitudeBonus } from "./d20-fortitude.js";

/** SW-10: the dying combatant's save at its turn start (active GM only), its wounds and statuses, and its card. */
export async function dyingTurn(
  combatant: Combatant.Implementation,
  context: Combat.TurnEventContext,
): Promise<void> {
  if (context.skipped) return;
  const actor = combatant.actor;
  const sys = actorSystem(actor);
  if (!actor || !sys?.d20) return;
  const wounds = sys.d20.wounds.value;
  if (!rollsDyingSave(wounds, actor.statuses)) return;
  const bonus = fortitudeBonus(sys);
  const roll = await new Roll("1d20").evaluate();
  const die = roll.total ?? 0;
  const total = die + bonus;
  const after = dyingRound(wounds, total);
  // The writes first: a failed write posts no card that claims a loss the sheet does not show.
  if (after.stable) await actor.toggleStatusEffect("stable", { active: true });
  else {
    await actor.update({ system: { d20: { wounds: { value: after.wounds } } } });
    if (after.state === "dead") {
      await actor.toggleStatusEffect("dying", { active: false });
      await actor.toggleStatusEffect("dead", { active: true, overlay: true });
      await combatant.update({ defeated: true });
    }
  }
  const outcome = after.stable
    ? keyed("FT.D20.Dying.stable")
    : after.state === "dead"
      ? keyed("FT.D20.Dying.dead")
      : keyed("FT.D20.Dying.loses");
  const name = combatant.name ?? actor.name ?? "";
  const card = (parts: RuleText[]): RuleCard => ({
    kind: "ft-d20-fortitude",
    ruleId: "SW-10",
    title: [],
    lines: [line([literal(`${name}:`), keyed("FT.D20.Dying.save"), ...parts, outcome], "")],
  });
  const sign = bonus < 0 ? `− ${-bonus}` : `+ ${bonus}`;
  const numbers = [literal(`d20 ${die} ${sign} = ${total}`), keyed("FT.D20UI.vsDc"), literal("10 →")];
  const speaker = ChatMessage.getSpeaker({ actor });
  if (keepsNumbersSecret(actor)) {
    // As the hit's save (d20-fortitude.ts): the numbers to the GMs without a roll attached, the outcome to all.
    const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
    await postRuleCard(card(numbers), { speaker, whisper: gms });
    await postRuleCard(card([literal("→")]), { speaker });
  } else await postRuleCard(card(numbers), { speaker, rolls: [roll] });
}

/**
 * SW-10 "Disabled (0 Wound Points)": "Making an attack action while disabled deals more damage to the character – he
 * or she takes 1 point of wound damage". Run by the attacker's own client after its attack card is posted (the user
 * owns the actor: the loss only hurts it); at −1 it is dying and unconscious, no longer disabled (one wound state at
 * a time, as the apply turns them: workflows/damage/apply-pools.ts).
 */
export async function disabledStrainAfter(actor: Actor.Implementation, author?: string): Promise<void> {
  const sys = actorSystem(actor);
  if (!sys?.d20) return;
  const wounds = sys.d20.wounds.value;
  if (!strainsDisabled(wounds, "attack")) return;
  const after = disabledStrain(wounds);
  // The attacker's page is told (`tellStrain`): the write is the GM's, the notice is the attacker's.
  // `diff: true` is core's default, named so the options share a key with core's type (a weak type otherwise).
  const told = { diff: true, [STRAIN]: author ?? "" };
  await actor.update({ system: { d20: { wounds: { value: after } } } }, told);
  if (woundState(after) === "dying") {
    await actor.toggleStatusEffect("disabled", { active: false });
    await actor.toggleStatusEffect("dying", { active: true });
    await actor.toggleStatusEffect("unconscious", { active: true, overlay: true });
  }
  if (!author) notify("info", "FT.D20.Disabled.strainResult", { name: actor.name ?? "" });
}

/** The update option that names the user whose attack strained a disabled attacker (SW-10). */
const STRAIN = "ftStrain";

/**
 * SW-10 (trust review 2.7): the active GM, admitting an attack card that is an action (card-gm.ts `writeSeal`), writes
 * its disabled attacker's 1 wound point — not the attacker's own page, which a script could skip.
 */
export async function strainOnAdmit(card: StoredCard, message: ChatMessage.Implementation): Promise<void> {
  if (card.reaction) return;
  const attacker = isUuid(card.actorUuid) ? fromUuidSync(card.actorUuid) : null;
  if (!(attacker instanceof Actor)) return;
  await disabledStrainAfter(attacker, message.author?.id ?? game.user?.id ?? "");
}

/** On every page (games/d20/init.ts): the user whose attack strained a disabled attacker is told (SW-10). */
export function tellStrain(actor: Actor.Implementation, options: object): void {
  const author = (options as { [STRAIN]?: string })[STRAIN];
  if (author && author === game.user?.id)
    notify("info", "FT.D20.Disabled.strainResult", { name: actor.name ?? "" });
}
