/**
 * The Fortitude save a d20 hit calls for (SW-10, issue 14 stream d20ui): any wound damage calls for a save against
 * 5 + the wound points lost this round; failing it knocks the character out. The card's row offers the save to the
 * target's owner and the GM (the only users who may write the target); the click asks the active GM
 * (`d20-card-requests.ts` `handleFortitudeRequest`), whose client rolls 1d20 + the Fortitude bonus (base save + Con
 * modifier), posts the roll, keeps the result on the hit's record on the target (so the save is rolled once) and, on
 * a failure, turns the unconscious status on for 1d4 rounds.
 */
import { SYSTEM_ID } from "../../../constants.js";
import { keyed, line, literal, type RuleCard, type RuleText } from "../../../data/chat/rule-card.js";
import { fortitudeSave } from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/numbers-secret.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { turnOnFor } from "../../../workflows/damage/timed-status.js";

type ActorI = Actor.Implementation;

/** What the save reads of the target's `system`. */
interface FortitudeSystem {
  readonly d20: { readonly saves: { readonly fort: number } };
  readonly derived?: { readonly d20?: { readonly mods: { readonly con: number } } } | undefined;
}

/** The Fortitude bonus: base save + Con modifier (after fatigue, as the sheet derives it). */
export function fortitudeBonus(sys: FortitudeSystem): number {
  return sys.d20.saves.fort + (sys.derived?.d20?.mods.con ?? 0);
}

/**
 * Whether `user` may roll the target's save: its owner or a GM (both may write it). Asked of `user`, not of this
 * client's user: on the active GM's client `actor.isOwner` is always true.
 */
export function mayRollFortitude(actor: ActorI, user: User.Implementation): boolean {
  return user.isGM || actor.testUserPermission(user, "OWNER");
}

/** The save's button, for the row of the hit's target. */
export function fortitudeButton(targetId: string, dc: number): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.ftAction = "fortitude";
  b.dataset.targetId = targetId;
  b.textContent = game.i18n?.format("FT.D20UI.fortitudeButton", { dc: String(dc) }) ?? `Fortitude DC ${dc}`;
  return b;
}

/** Roll the save for the hit `messageId` took on `tokenId`'s actor, against `dc`. */
export async function rollFortitude(
  actor: ActorI,
  sys: FortitudeSystem,
  messageId: string,
  tokenId: string,
  dc: number,
  name: string,
): Promise<void> {
  const bonus = fortitudeBonus(sys);
  const roll = await new Roll("1d20").evaluate();
  const die = roll.total ?? 0;
  const total = die + bonus;
  const { passed } = fortitudeSave(total, dc);
  // SW-10: "knocked out for 1d4 rounds" — the status ends by itself (timed-status.ts), and the hit's record keeps
  // it, so undoing the hit wakes the target (review 14 M2). The record is written before anything is posted, so a
  // failed write leaves no save in chat that the button would roll again (review 14b L7).
  const rounds = passed ? 0 : ((await new Roll("1d4").evaluate()).total ?? 1);
  await actor.update({
    [`flags.${SYSTEM_ID}.hits.${messageId}.${tokenId}.fortitude`]: { roll: die, total, passed, rounds },
  });
  const outcome = passed
    ? keyed("FT.D20UI.saved")
    : keyed("FT.D20UI.knockedOutFor", { rounds: String(rounds) });
  const sign = bonus < 0 ? `− ${-bonus}` : `+ ${bonus}`;
  const save = (parts: RuleText[]): RuleCard => ({
    kind: "ft-d20-fortitude",
    ruleId: "SW-10",
    title: [],
    lines: [line([literal(`${name}:`), keyed("FT.D20UI.fortitudeSave"), ...parts, outcome], "")],
  });
  const numbers = [literal(`d20 ${die} ${sign} = ${total}`), keyed("FT.D20UI.vsDc"), literal(`${dc} →`)];
  const speaker = ChatMessage.getSpeaker({ actor });
  if (keepsNumbersSecret(actor)) {
    // An NPC's save bonus and the DC (5 + the wound points it lost this round) are the GM's: they go to the GMs
    // as a whisper without a roll attached (v13 `ChatMessage#visible`, client/documents/chat-message.mjs: a
    // whisper that `isRoll` is visible to everyone, its content hidden; one without rolls only to its author and
    // recipients), and the table reads only the outcome.
    const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
    await postRuleCard(save(numbers), { speaker, whisper: gms });
    await postRuleCard(save([literal("→")]), { speaker });
  } else await postRuleCard(save(numbers), { speaker, rolls: [roll] });
  if (!passed) await turnOnFor(actor, "unconscious", rounds, true);
}
