/**
 * The verdict of a check card (SF-B-24, SF-B-25), drawn by every page that renders the message (trust review H7), apart
 * from the rolling (checks.ts, loaded when a sheet first rolls a check), so every page carries only this.
 */
import { SYSTEM_ID } from "../../constants.js";
import { actorSystem } from "../../data/subtypes.js";
import { abilityCheck, npcReaction } from "../../rules/index.js";

/**
 * What a check message carries (flag `frontier-tactics.check`): which ability, the adjustment and whether it is an NPC
 * reaction roll, never the result.
 */
export interface CheckFlag {
  readonly key: string;
  readonly adjustment: number;
  readonly reaction?: boolean;
}

const esc = (s: string): string => foundry.utils.escapeHTML(s);

/**
 * The verdict of an ability check, worked out from the message's own Roll on the client that renders it (H7):
 * the message data holds the d100 and which ability, never "Success" or the score, so a blind roll's verdict
 * reaches only those core lets read the roll (`isContentVisible`: the GM for a blind roll).
 */
export function checkVerdictHTML(message: ChatMessage.Implementation): string | null {
  const flag = message.flags[SYSTEM_ID]?.check as CheckFlag | undefined;
  if (!flag || typeof flag.key !== "string" || !message.isContentVisible) return null;
  // The speaking actor: a token's own (synthetic) actor when the check was rolled from a token, else the world actor.
  const { scene, token, actor: actorId } = message.speaker ?? {};
  const fromToken = scene && token ? game.scenes?.get(scene)?.tokens.get(token)?.actor : undefined;
  const actor = fromToken ?? (actorId ? game.actors?.get(actorId) : undefined);
  const score = actor ? actorSystem(actor)?.abilities[flag.key]?.value : undefined;
  const d100 = message.rolls[0]?.total;
  if (score === undefined || typeof d100 !== "number") return null;
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  if (flag.reaction) {
    // SF-B-25: the player rolls the character's Personality or less, the NPC is friendly and cooperative.
    const friendly = npcReaction(score, d100) === "friendly";
    const verdict = t(friendly ? "FT.Check.friendly" : "FT.Check.unfriendly");
    return `<div class="ft-check-verdict">${score} (SF-B-25): <strong>${esc(verdict)}</strong></div>`;
  }
  const result = abilityCheck(score, d100, Number(flag.adjustment) || 0);
  const verdict = t(result.success ? "FT.Check.success" : "FT.Check.failure");
  return `<div class="ft-check-verdict">${result.target} (SF-B-24): <strong>${esc(verdict)}</strong></div>`;
}

/** `renderChatMessageHTML`: add the verdict of an ability check for whoever may read it. */
export function renderCheckVerdict(message: ChatMessage.Implementation, html: HTMLElement): void {
  const verdict = checkVerdictHTML(message);
  if (!verdict) return;
  const at = html.querySelector(".message-content") ?? html;
  at.insertAdjacentHTML("beforeend", verdict);
}
