/**
 * What an attack card shows each user beside its data, on this page only (moved out of card-actions.ts): the
 * numbers a hit changed, for users who may see the target's; the Reflex save a d20 burst allows (SW-38) and the
 * Fortitude save a hit calls for (SW-10); and what Apply will do, planned again when a target changes (review 13c
 * M2). The card's content, which every client receives, never carries any of it.
 */
import { SYSTEM_ID } from "../../constants.js";
import type { StoredCard } from "../../data/chat/attack-card.js";
import { gameOf } from "../../helpers/game.js";
import { type AppliedRecord, poolsOf } from "../damage/apply-records.js";
import { planCard } from "./card-apply.js";
import { appliedOf, damageOf } from "./card-data.js";
import {
  cardOf,
  fortitudeRolled,
  itemLevelsOf,
  recordOn,
  setting,
  targetActor,
  targetState,
} from "./card-targets.js";

type Msg = ChatMessage.Implementation;

/**
 * What a hit did, on the rows of users who may see it: the GM, those who can observe the target, everyone when
 * the world shows NPC numbers. Read from the target's record, so the card's stored data never carries it.
 */
export function showAppliedNumbers(message: Msg, card: StoredCard, html: HTMLElement): void {
  const user = game.user;
  if (!user) return;
  const everyone = setting("showNpcNumbers");
  for (const row of html.querySelectorAll<HTMLElement>("li[data-target-id]")) {
    const id = row.dataset.targetId ?? "";
    const mark = card.applied.find((m) => m.targetId === id);
    const line = row.querySelector<HTMLElement>(".ft-applied");
    if (!mark || !line) continue;
    const actor = targetActor(id, mark);
    if (!actor || !(user.isGM || everyone || actor.testUserPermission(user, "OBSERVER"))) continue;
    const rec = recordOn(actor, message.id ?? "", mark.tokenId);
    if (!rec) continue;
    const span = document.createElement("span");
    span.className = "ft-applied-numbers";
    const steps = rec.steps
      // A screen whose pack ran dry says so (SF-X-36: no power, no effect).
      .map(
        (s) =>
          ` · ${s.name} ${s.before}→${s.after}${s.seu ? ` (${s.seu} SEU)` : ""}${s.failed ? ` (${game.i18n?.localize(s.failed) ?? s.failed})` : ""}`,
      )
      .join("");
    // Each pool the hit changed, in the words of the card's game (Stamina; VP and WP, issue 14; HP, ruling 1).
    const seam = gameOf(card).card;
    const localize = (k: string) => game.i18n?.localize(k) ?? k;
    const pools = poolsText(rec, seam.pools.label, localize);
    // SWN-17: a squad's hit says the units the burst caught and the units left standing.
    const squad = rec.squad
      ? ` · ${game.i18n?.format("FT.Squad.appliedUnits", { hit: String(rec.squad.unitsHit), before: String(rec.squad.unitsBefore), after: String(rec.squad.unitsAfter) }) ?? ""}`
      : "";
    const own = seam.pools.text(rec, localize);
    span.textContent = own !== null ? `: ${own}` : `: ${rec.taken} (${pools})${squad}${steps}`;
    line.querySelector(".ft-applied-label")?.after(span);
    // SW-10 (issue 14): what the hit's row offers this user now, in the card's game (the Fortitude save), once.
    const buttons = seam.page.rowButtons(id, rec, actor, user, () =>
      fortitudeRolled(actor, message.id ?? "", mark.tokenId),
    );
    row.querySelector(".ft-buttons")?.prepend(...buttons);
  }
}

/** Each pool a record changed as "<pool> before → after", in the card's game's words. */
function poolsText(
  rec: AppliedRecord,
  label: (pool: ReturnType<typeof poolsOf>[number]["pool"]) => string,
  localize: (key: string) => string,
): string {
  return poolsOf(rec)
    .map((p) => `${localize(label(p.pool))} ${p.before} → ${p.after}`)
    .join(", ");
}

/** What the card's game offers on its rows before anything is applied (SW-38: a d20 burst's Reflex saves). */
export function showReflexSaves(card: StoredCard, html: HTMLElement): void {
  gameOf(card).card.page.decorate(card, html);
}

/**
 * What Apply will do, on the Apply buttons of users who may see the target's numbers (as `showAppliedNumbers`):
 * "Apply 13 → Stamina −6 (Inertia Screen takes 7, 2 SEU)". Planned by the GM's own function (`planCard`, which
 * the apply writes) from the target as this client has it now, each button alone: that button's click applies
 * that target alone, so it never assumes another target of the card was applied first (review 13c L1). Added to
 * this user's page only: the card's content, which every client receives, never carries it.
 */
export function showApplyPreview(message: Msg, card: StoredCard, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>('[data-ft-action="apply"]'))
    previewOn(message, card, button);
}

/**
 * Review 13c M2: when a target's actor, items or token change on this client (another card applied, a GM's edit),
 * the previews on the Apply buttons for it that this page shows are planned again, so a second card on a screened
 * target says what the screen has left. DOM-only, for the buttons in this page's chat log and popouts.
 */
export function refreshPreviews(touches: (targetId: string) => boolean): void {
  if (typeof document === "undefined") return;
  for (const button of document.querySelectorAll<HTMLButtonElement>(
    '[data-ft-action="apply"][data-target-id]',
  )) {
    const id = button.dataset.targetId ?? "";
    const messageId = button.closest<HTMLElement>("[data-message-id]")?.dataset.messageId;
    const message = messageId ? game.messages?.get(messageId) : null;
    const card = message ? cardOf(message) : null;
    if (!message || !card || !touches(id)) continue;
    previewOn(message, card, button);
  }
}

/**
 * SW-10 (issue 14): once a hit's Fortitude save is rolled (kept on the hit's record on the target, which every
 * client receives), the cards this page already shows stop offering it. DOM-only, like the previews.
 */
export function dropRolledFortitude(): void {
  if (typeof document === "undefined") return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-ft-action="fortitude"]')) {
    const id = button.dataset.targetId ?? "";
    const messageId = button.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? "";
    const message = game.messages?.get(messageId);
    const mark = message ? cardOf(message)?.applied.find((m) => m.targetId === id && !m.undone) : null;
    const actor = mark ? targetActor(id, mark) : null;
    if (!mark || !actor || fortitudeRolled(actor, messageId, mark.tokenId)) button.remove();
  }
}

/**
 * Put (or put back) the preview on one Apply button, from the target as this client has it now: "Apply 13 → Stamina
 * 40 → 27", "→ VP 12 → 3", "→ WP 14 → 1 (DR 2)", "→ HP 9 → 2" — the pools in the words of the card's game (its card
 * section, issue 30). A user who may not see the target's numbers (an NPC, `showNpcNumbers` off) reads only where
 * the hit goes: "Apply 13 → Stamina". Nothing of it is in the card's data: each page writes its own.
 */
export function previewOn(message: Msg, card: StoredCard, button: HTMLButtonElement): void {
  const user = game.user;
  if (!user) return;
  for (const old of button.querySelectorAll(".ft-apply-preview")) old.remove();
  const id = button.dataset.targetId ?? "";
  if (appliedOf(card, id)) return;
  const seam = gameOf(card).card;
  const i18n = game.i18n;
  const localize = (key: string) => i18n?.localize(key) ?? key;
  const format = (key: string, data: Record<string, string>) => i18n?.format(key, data) ?? key;
  const damaging = damageOf(card, id) > 0;
  const span = document.createElement("span");
  span.className = "ft-apply-preview";
  const messageId = message.id ?? "";
  const mark = card.applied.find((m) => m.targetId === id);
  const actor = targetActor(id, mark);
  if (!actor || !(user.isGM || setting("showNpcNumbers") || actor.testUserPermission(user, "OBSERVER"))) {
    // R1-5: where the hit goes, never the target's numbers (this page plans nothing for it).
    if (!damaging) return;
    span.textContent = ` → ${localize(seam.pools.hidden)}`;
    button.append(span);
    return;
  }
  let rec: AppliedRecord | undefined;
  try {
    const states = [targetState(messageId, id, mark)];
    rec = planCard(messageId, card, [id], states, itemLevelsOf(states)).applied.find(
      (r) => r.targetId === id,
    );
  } catch (e) {
    // A preview that cannot be planned is left out; the GM's apply reports the problem when clicked.
    console.warn(`${SYSTEM_ID} | apply preview`, e);
    return;
  }
  if (!rec) return;
  const steps = rec.steps
    .filter((s) => s.failed || s.before !== s.after)
    .map((s) =>
      s.failed
        ? `${s.name}: ${localize(s.failed)}`
        : `${format("FT.Card.previewStep", { name: s.name, amount: String(s.before - s.after) })}${s.seu ? `, ${s.seu} SEU` : ""}`,
    );
  // What the click turns on (review 13c L2): a doze grenade's sleep, a stun (SF-X-40), unconscious from the hit;
  // a doze that is not enough says how many grenades it takes (SF-X-42).
  const on = rec.statuses ?? [];
  const effects: string[] = [];
  if (rec.doze)
    effects.push(
      rec.doze.knockedOut
        ? localize("FT.Card.previewAsleep")
        : format("FT.Card.previewAwake", { needed: String(rec.doze.needed) }),
    );
  else if (on.includes("unconscious")) effects.push(localize("FT.Card.previewUnconscious"));
  if (on.includes("stun")) effects.push(localize("FT.Card.previewStunned"));
  if (!damaging && !effects.length) return;
  // Issue 14: a vitality/wound target's preview reads as its applied line ("→ VP 3 → 0, WP 14 → 11 (DR 2)").
  const own = damaging ? seam.pools.text(rec, localize) : null;
  span.textContent = ` → ${
    own ?? (damaging ? poolsText(rec, seam.pools.label, localize) : effects.join(", "))
  }`;
  if (damaging && own === null && steps.length) {
    const why = document.createElement("span");
    why.className = "ft-apply-steps";
    why.textContent = ` (${steps.join("; ")})`;
    span.append(why);
  }
  if (damaging && effects.length) span.append(`, ${effects.join(", ")}`);
  button.append(span);
}
