/** SW-43: what suppression fire did — the area threatened until the suppressor's next turn, or nothing. */
import { type CardViewPart, registerCardViewPart } from "../../../../workflows/card/card-parts/registry.js";

export const SUPPRESSION_PART: CardViewPart = {
  key: "suppression",
  template: "chat/parts/suppression.hbs",
  context: (card, opts) =>
    card.area === "suppression"
      ? {
          key: card.suppression
            ? card.suppression.kept
              ? "FT.D20.Suppression.kept"
              : "FT.D20.Suppression.notKept"
            : "FT.D20.Suppression.missed",
          data: { name: opts.attackerName },
        }
      : null,
};

registerCardViewPart(SUPPRESSION_PART);
