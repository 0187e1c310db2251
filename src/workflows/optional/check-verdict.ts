/**
 * The verdict of a check card (SF-B-24, SF-B-25), drawn by every page that renders the message (trust review H7), apart
 * from the rolling (checks.ts, loaded when a sheet first rolls a check), so every page carries only this.
 */
import { SYSTEM_ID } from "../../constants.js";
import { actorSystem } from "../../data/subtypes.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";
import { abilityCheck, columnLabel, npcReaction } from "../../rules/index.js";

/**
 * What a check message carries (flag `frontier-tactics.check`): which ability, the adjustment and whether it is an NPC
 * reaction roll, never the result.
 */
export interface CheckFlag {
  readonly key: string;
  readonly adjustment: number;
  readonly reaction?: boolean;
}

/**
 * Issue 33 (cards in the reader's language): a Zebulon skill check's reading as keys and numbers (flag
 * `frontier-tactics.skillCheck`); its title line is written on each reader's page, in that reader's language.
 */
export interface SkillCheckFlag {
  readonly skill: string;
  readonly column: number;
  readonly shifts: number;
  readonly resultShift: number;
  readonly read: string;
  readonly colour: string;
  readonly required: string | null;
  readonly success: boolean | null;
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
  const actor = speakerActor(message);
  const score = actor ? actorSystem(actor)?.abilities[flag.key]?.value : undefined;
  const d100 = message.rolls[0]?.total;
  if (score === undefined || typeof d100 !== "number") return null;
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  if (flag.reaction) {
    // SF-B-25: the player rolls the character's Personality or less, the NPC is friendly and cooperative.
    const friendly = npcReaction(score, d100) === "friendly";
    const verdict = t(friendly ? "FT.Check.friendly" : "FT.Check.unfriendly");
    const shown = seesNumbers(actor) ? `${score} ` : "";
    return `<div class="ft-check-verdict">${shown}(SF-B-25): <strong>${esc(verdict)}</strong></div>`;
  }
  const result = abilityCheck(score, d100, Number(flag.adjustment) || 0);
  const verdict = t(result.success ? "FT.Check.success" : "FT.Check.failure");
  // R1-5: an NPC's score stays the GM's unless the world shows NPC numbers (the attack card's rule, card-previews.ts).
  const target = seesNumbers(actor) ? `${result.target} ` : "";
  return `<div class="ft-check-verdict">${target}(SF-B-24): <strong>${esc(verdict)}</strong></div>`;
}

/** The speaking actor: a token's own (synthetic) actor when the check was rolled from a token, else the world actor. */
function speakerActor(message: ChatMessage.Implementation): Actor.Implementation | undefined {
  const { scene, token, actor: actorId } = message.speaker ?? {};
  const fromToken = scene && token ? game.scenes?.get(scene)?.tokens.get(token)?.actor : undefined;
  return fromToken ?? (actorId ? game.actors?.get(actorId) : undefined) ?? undefined;
}

/**
 * R1-5: may this page read the actor's numbers (its score, its skill's column)? The GM, an observer of the actor, anyone
 * for a player character, and everyone when the world shows NPC numbers to players (the attack card's setting).
 */
function seesNumbers(actor: Actor.Implementation | undefined | null): boolean {
  const user = game.user;
  if (!user) return false;
  if (user.isGM || clientSettings().get(SYSTEM_ID, SETTINGS.showNpcNumbers)) return true;
  // A player character's check is the table's (players roll in the open); an NPC's numbers stay the GM's.
  return !!actor && (actor.hasPlayerOwner || actor.testUserPermission(user, "OBSERVER"));
}

const signed = (n: number): string => (n > 0 ? `+${n}` : `−${-n}`);

/**
 * Issue 33: a check's title line (the message's flavor) in this page's language, from the keys and numbers its flags
 * hold: "Strength · hard −10 (SF-B-24)", "NPC reaction: Personality (SF-B-25)", "Beam Weapons · Column 3 (+2 CS,
 * SF-Z-02) (SF-Z-04): Green …" (SF-Z-04, SF-Z-05, SF-Z-07). Null for any other message.
 */
export function checkTitleHTML(message: ChatMessage.Implementation): string | null {
  // A roll this reader may not see keeps core's "rolled privately" flavor (v13 chat-message.mjs `_renderRollContent`).
  if (!message.isContentVisible) return null;
  const flags = message.flags[SYSTEM_ID] as { check?: CheckFlag; skillCheck?: SkillCheckFlag } | undefined;
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const check = flags?.check;
  if (check && typeof check.key === "string") {
    if (check.reaction) return `${esc(t("FT.Check.reaction"))} (SF-B-25)`;
    const adj = Number(check.adjustment) || 0;
    const adjText = adj ? ` · ${t(adj > 0 ? "FT.Check.easy" : "FT.Check.hard")} ${signed(adj)}` : "";
    return `${esc(t(`FT.Ability.${check.key}.label`))}${esc(adjText)} (SF-B-24)`;
  }
  const s = flags?.skillCheck;
  if (!s || typeof s.skill !== "string") return null;
  const chip = (c: string) =>
    `<strong class="ft-colour ft-colour-${esc(c)}">${esc(t(`FT.Colour.${c}`))}</strong>`;
  const shiftText = s.shifts ? ` (${signed(s.shifts)} CS, SF-Z-02)` : "";
  const rsText = s.colour !== s.read ? ` → ${signed(s.resultShift)} RS (SF-Z-07): ${chip(s.colour)}` : "";
  const needText = s.required
    ? ` · ${esc(t("FT.Check.needs"))} ${esc(t(`FT.Colour.${s.required}`))} (SF-Z-05): <strong>${esc(
        t(s.success ? "FT.Check.success" : "FT.Check.failure"),
      )}</strong>`
    : "";
  // R1-5: the column is the NPC's skill level (SF-Z-04): the GM's unless this page may read the actor's numbers.
  const column = seesNumbers(speakerActor(message))
    ? ` · ${esc(t("FT.Card.column"))} ${columnLabel(Number(s.column) || 0)}${shiftText}`
    : "";
  return `${esc(s.skill)}${column} (SF-Z-04): ${chip(s.read)}${rsText}${needText}`;
}

/**
 * `renderChatMessageHTML`: a check's title in this reader's language (v13 templates/sidebar/chat-message.hbs draws
 * `message.flavor` into `.flavor-text`; the stored flavor is only the rule ID, written for a page without the system),
 * and the verdict of an ability check for whoever may read it.
 */
export function renderCheckVerdict(message: ChatMessage.Implementation, html: HTMLElement): void {
  const title = checkTitleHTML(message);
  const flavor = title ? html.querySelector(".flavor-text") : null;
  if (flavor && title) flavor.innerHTML = title;
  const verdict = checkVerdictHTML(message);
  if (!verdict) return;
  const at = html.querySelector(".message-content") ?? html;
  at.insertAdjacentHTML("beforeend", verdict);
}
