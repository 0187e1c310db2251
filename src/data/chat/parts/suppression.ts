/** SW-43: the area suppression fire threatens (pixels of the card's scene) and whether it is kept; null on a miss. */
import { bool, nullable, num, optional, schema } from "../../spec.js";
import type { AttackCardData } from "../attack-card.js";
import type { CardPart } from "./registry.js";

const SUPPRESSION = {
  x: num(0),
  y: num(0),
  size: num(0),
  kept: bool(),
} as const satisfies Record<keyof NonNullable<AttackCardData["suppression"]>, unknown>;

export const SUPPRESSION_PART: CardPart = {
  place: "card",
  key: "suppression",
  field: () => optional(nullable(schema(SUPPRESSION))),
};
