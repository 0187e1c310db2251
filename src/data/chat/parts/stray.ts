/** Misses into a crowd (SF-X-35): the stray d100s, how many hit, their damage, the tokens in the way, the GM's pick. */
import { array, nullable, num, optional, schema, str } from "../../spec.js";
import type { StrayCard } from "../attack-card.js";
import type { CardPart } from "./registry.js";

const STRAY = {
  rolls: array(num(0)),
  hits: num(0),
  damage: num(0),
  candidates: array(schema({ id: str(), name: str() })),
  picked: nullable(str()),
} as const satisfies Record<keyof StrayCard, unknown>;

export const STRAY_PART: CardPart = {
  place: "card",
  key: "stray",
  field: () => optional(nullable(schema(STRAY))),
};
