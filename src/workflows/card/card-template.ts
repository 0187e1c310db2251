/**
 * The attack card's template and the partials of its parts, loaded once at init (card-hooks.ts) and read by
 * card-render.ts. Its own small file (issue 33: the main bundle), so the hooks do not bring the card's drawing.
 */
import { templatePath } from "../../constants.js";
import { cardViewParts } from "./card-parts/index.js";

export const CARD_TEMPLATE = templatePath("chat/attack-card.hbs");

/** Load the card's template on this page (init, and before a first card is drawn). */
export function loadCardTemplate(): Promise<unknown> {
  return Promise.all(
    [CARD_TEMPLATE, ...cardViewParts().map((p) => templatePath(p.template))].map((t) =>
      foundry.applications.handlebars.getTemplate(t),
    ),
  );
}
