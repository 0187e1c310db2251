/**
 * The actor sheet's work (issue 33: a lazy chunk, loaded with the first actor sheet drawn): its context from the
 * actor's data, and the item rows' controls. actor-sheet.ts keeps the class the sheet registry needs at `init`; it
 * loads this from `_prepareContext` (v13 client/applications/api/application.mjs `#render` awaits it, and
 * `_onFirstRender` after it), so by the time a row's menu or button is used the chunk is here.
 */
import { isFrontierActor, isItemType } from "../../data/subtypes.js";
import { carriedOf } from "../../documents/item/power-links.js";
import { currentGame } from "../../helpers/game.js";
import { currentVariant } from "../../helpers/settings.js";
import { punchHint } from "../../workflows/card/card-bounds.js";
import { actorSheetContext } from "./actor-context.js";
import { feedsOf } from "./power-context.js";
import type { GameSheetSeam } from "./sheet-seam.js";

export { confirmDeleteItem, editItem, itemContextOptions, itemOfRow } from "./item-controls.js";

/** The Punch button's tooltip: the game's unarmed strike's (SW-20), else the Star Frontiers bare hand's (RT-6). */
function punchTooltip(actor: Actor.Implementation): string {
  const unarmed = currentGame().unarmed;
  return unarmed.kind === "strike" ? unarmed.hint(actor) : punchHint(actor);
}

/** What the actor sheet's templates read besides the base sheet's context and the sheet's own state. */
export async function actorSheetData(actor: Actor.Implementation, sheet: GameSheetSeam) {
  // This sheet is registered for characters and creatures only (index.ts).
  if (!isFrontierActor(actor))
    throw new Error(`${actor.name}: no Frontier Tactics sheet for type ${actor.type}`);
  const row = (i: Item.Implementation) => ({
    id: i.id ?? "",
    name: i.name,
    img: i.img ?? "",
    type: i.type,
  });
  const weapons = actor.items.contents.filter((i) => isItemType(i, "weapon"));
  return {
    ...actorSheetContext(
      {
        type: actor.type,
        name: actor.name ?? "",
        system: actor.system,
        source: actor.system._source,
        items: actor.items.contents
          .filter((i) => !isItemType(i, "weapon"))
          .map((i) => ({ ...row(i), system: i.system })),
        weapons: weapons.map((i) => ({ ...row(i), system: i.system })),
        // Which source powers each weapon and screen (SF-X-36): the rows' power selects.
        feeds: feedsOf(carriedOf(actor.items)),
        variant: currentVariant(),
        punchHint: sheet.shows.punch ? punchTooltip(actor) : "",
        format: (key, data) => game.i18n?.format(key, data) ?? key,
      },
      sheet,
    ),
    // Secret blocks are shown to whoever owns the actor (and the GM), as core sheets do.
    notesHTML: await foundry.applications.ux.TextEditor.implementation.enrichHTML(actor.system.notes ?? "", {
      relativeTo: actor,
      secrets: actor.isOwner,
    }),
  };
}
