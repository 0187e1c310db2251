/** A squad's attack (SWN-17): the numbers its card shows, null where the viewer may not see them (R1-5). */
import { array, bool, num, optional, schema, str } from "../../spec.js";
import type { AttackCardData, SquadCard } from "../attack-card.js";
import { optNum } from "../card-fields.js";
import type { CardPart } from "./registry.js";

const SQUAD = {
  name: str(),
  targetName: str(),
  weapon: str(),
  natural: num(0),
  bonus: optNum(),
  total: optNum(),
  ac: optNum(),
  hit: str(),
  natural20: bool(),
  formula: str(),
  average: num(0),
  units: num(0),
  full: num(0),
  flat: num(0),
  cover: num(0),
  damage: num(0),
  terms: array(schema({ label: str(), value: num(0), ruleId: str() })),
} as const satisfies Record<keyof SquadCard, unknown>;

export const SQUAD_PART: CardPart = {
  place: "card",
  key: "squad",
  field: () => optional(schema(SQUAD)),
};

/** A card that is a squad's attack (SWN-17): the shape of its block, whichever game reads it. */
export function isSquadCard(card: object): card is AttackCardData & { squad: SquadCard } {
  const q: unknown = "squad" in card ? card.squad : null;
  return !!q && typeof q === "object";
}
