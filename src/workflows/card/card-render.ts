/**
 * What every attack card's reader needs, apart from the attack itself (so the attack workflow loads when first used):
 * whose numbers a card keeps from players (R1-5), the card without them, Foundry's dice for a formula, and the card's
 * HTML. Moved out of `attack.ts` unchanged.
 */

import { SYSTEM_ID, templatePath } from "../../constants.js";
import type { AttackCardData, GrenadeCard } from "../../data/chat/attack-card.js";
import { tokenByUuid } from "../../documents/subtypes.js";
import { gameOf } from "../../helpers/game.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";
import type { RolledDice } from "../attack/attack-flow.js";
import { type CardViewer, cardView, GM_VIEWER } from "./card-context.js";
import { cardViewParts } from "./card-parts/index.js";
import { CARD_TEMPLATE, loadCardTemplate } from "./card-template.js";
import { renderLoaded } from "./message-body.js";

// (Issue 33: in its own small file, so the d20 Fortitude card does not bring the card's drawing.)
export { keepsNumbersSecret } from "./numbers-secret.js";

/** The card without the attacker's chance, column and modifiers (they carry its abilities and skill). */
export function withoutAttackerNumbers<C extends AttackCardData>(card: C): C {
  return {
    ...card,
    targets: card.targets.map((t) => ({ ...t, chance: 0, column: null, modifiers: [], secret: true })),
    // Each shot's outcome carried the chance it was rolled against, too.
    result: {
      ...card.result,
      shots: card.result.shots.map((s) => ({ ...s, outcome: { ...s.outcome, chance: 0 } })),
    },
    burstCheck: card.burstCheck ? { chance: 0, column: null, modifiers: [] } : null,
    // A grenade card keeps the throw's numbers once, for its header (grenade-card.ts): they go too.
    ...(hasAimed(card)
      ? {
          grenade: {
            ...card.grenade,
            aimed: { ...card.grenade.aimed, chance: 0, column: null, modifiers: [], secret: true },
          },
        }
      : {}),
  };
}

const hasAimed = (
  card: object,
): card is { grenade: GrenadeCard & { aimed: NonNullable<GrenadeCard["aimed"]> } } =>
  "grenade" in card && !!(card as { grenade?: GrenadeCard | null }).grenade?.aimed;

export async function rollFormula(formula: string): Promise<RolledDice<Roll>> {
  const roll = await new Roll(formula).evaluate();
  const dice = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
  return { total: roll.total ?? 0, dice, roll };
}

/**
 * The card's HTML as the GM sees it, every control drawn. Nothing stores it (issue 28: each page draws the card for
 * its own user, `renderCardNow`); the tests use it to forge a card's content.
 */
export async function renderCard(card: AttackCardData & { grenade?: GrenadeCard | null }): Promise<string> {
  // SWN-17: a game may draw a card in its own shape (a squad's attack, games/swn): the attack card's row shape.
  const own = gameOf(card).card.draw(card, GM_VIEWER);
  if (own !== null) return own;
  await loadCardTemplate();
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, cardViewOf(card, GM_VIEWER));
}

/**
 * The user this page draws a message's card for (issue 28): the GM, the attack's author (the message's), whether
 * the world lets players apply to all (`playersApplyToAll`), and which targets this user owns — the target's token
 * as this page has it (a token this user cannot see is not owned).
 */
export function viewerOf(m: ChatMessage.Implementation): CardViewer {
  const user = game.user;
  return {
    isGM: !!user?.isGM,
    isAuthor: !!user && m.author?.id === user.id,
    applyToAll: !!clientSettings().get(SYSTEM_ID, SETTINGS.playersApplyToAll),
    ownsTarget: (id) => !!tokenByUuid(id)?.actor?.isOwner,
    // Trust review 1.1: a player's card draws the terms they overrode as entered by them (card-context.ts).
    author: m.author && !m.author.isGM ? m.author.name : null,
  };
}

/** What the card's template reads, for `viewer`: only the controls that user may use. */
function cardViewOf(card: AttackCardData & { grenade?: GrenadeCard | null }, viewer: CardViewer) {
  // The attacker as this client has it (a world actor, or an unlinked token's): only its name is read.
  const found = isActorUuid(card.actorUuid) ? fromUuidSync(card.actorUuid) : null;
  const actor = found instanceof Actor ? found : null;
  // Distances are in the units of the attack's scene (or squares), whichever scene the renderer is viewing.
  const scene = (card.sceneId ? game.scenes?.get(card.sceneId) : null) ?? canvas?.scene ?? null;
  return cardView(card, {
    viewer,
    attackerName: actor?.name ?? "",
    unit: card.rangeUnit === "squares" ? "□" : scene?.grid.units || "m",
  });
}

/** An actor's UUID as attack cards store it: a world actor's, or an unlinked token's synthetic actor's. */
function isActorUuid(s: string): s is string & Parameters<typeof fromUuidSync>[0] {
  return /^(Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/.test(s);
}

/**
 * The card's HTML now, on this client, from its data (issue 27, T2-1E, UI 3.4): the card's template once this page
 * has loaded it — `getTemplate` keeps each compiled template as a Handlebars partial under its path (v13
 * client/applications/handlebars.mjs) — else null (`loadCardTemplate` loads it). Rendered with this client's
 * language, for `viewer` (this page's user: `viewerOf`).
 */
export function renderCardNow(
  card: AttackCardData & { grenade?: GrenadeCard | null },
  viewer: CardViewer,
): string | null {
  const own = gameOf(card).card.draw(card, viewer);
  if (own !== null) return own;
  // The view parts' partials (card-parts/) are loaded with the card's template (`loadCardTemplate`).
  if (cardViewParts().some((p) => typeof Handlebars.partials[templatePath(p.template)] !== "function"))
    return null;
  return renderLoaded(CARD_TEMPLATE, cardViewOf(card, viewer));
}

/**
 * What an attack card stores as its message's `content` (issue 28): no rendered card — every client draws the card
 * from `system.card` for its own user (card-draw.ts) and the GM's apply, undo, save and pick write data only — but a
 * short line that holds no number: the weapon's name, which `system.card` carries for everyone anyway.
 * Why not "": v13 client/documents/chat-message.mjs `#renderRollContent` draws the message's rolls into its body
 * when `content` has no element (a wasted render the card replaces, and Dice So Nice's dice shown as rolls on a page
 * that cannot draw the card), and `ChatMessage#export` writes `content`'s text into the exported log — an empty
 * content would export only the rolls' formulas. Nothing in v13 refuses an empty content (`_preCreate` only
 * evaluates inline rolls in it; `_onUpdate` redraws the message through `ui.chat.updateMessage` on any change).
 */
export function cardSummary(card: Pick<AttackCardData, "weaponName">): string {
  return `<p class="ft-card-summary">${foundry.utils.escapeHTML(card.weaponName ?? "")}</p>`;
}
