/** A d20 target's numbers on the card (issue 14, `CardTarget.d20`): bonus, Defense and its terms, threat, miss chance. */
import { array, num, optional, schema, str } from "../../spec.js";
import type { D20CardTarget } from "../attack-card.js";
import { MODIFIER, optNum, optStr } from "../card-fields.js";
import type { CardPart } from "./registry.js";

const D20_TARGET = {
  bonus: optNum(),
  defense: optNum(),
  defenseTerms: optional(array(MODIFIER)),
  threat: optional(num(20)),
  missChance: optional(num(0)),
  struck: optStr(),
  coverSource: optional(str()),
  coverCreature: optStr(),
} as const satisfies Record<keyof D20CardTarget, unknown>;

export const D20_TARGET_PART: CardPart = {
  place: "target",
  key: "d20",
  field: () => optional(schema(D20_TARGET)),
};
