/**
 * A grenade's blast (SF-X-40..43, SW-38): where it landed, who it caught, the Reaction Speed ring, the throw as its
 * aimed target saw it, the damage dice, the doze grenade's sleep; and the parts registered in the grenade block (the
 * d20 grenade's saves).
 */
import { array, bool, nullable, num, optional, schema, str } from "../../spec.js";
import type { GrenadeCard } from "../attack-card.js";
import { optNum, TARGET_ROW } from "../card-fields.js";
import { type CardPart, partFields } from "./registry.js";

/** Built when the schema is (the target parts are registered by then). */
const grenadeFields = () =>
  ({
    landing: optional(schema({ x: num(0), y: num(0) })),
    bounced: optional(bool()),
    stoppedByWall: optional(bool()),
    direction: optNum(),
    d10: optNum(),
    caught: optional(array(schema({ id: str(), name: optional(str()), distance: optNum() }))),
    ring: optional(
      array(
        schema({
          id: str(),
          name: optional(str()),
          roll: num(0),
          rs: optNum(),
          stunned: bool(),
          distance: optNum(),
        }),
      ),
    ),
    // `Omit<CardTarget, "id" | "name">`: the row and the target parts (a d20 throw's numbers).
    aimed: optional(nullable(schema({ ...TARGET_ROW, ...partFields("target") }))),
    formula: optional(str()),
    dice: optional(array(schema({ id: str(), dice: array(num(0)) }))),
    radius: optional(num(0)),
    sleep: optional(array(schema({ id: str(), turns: num(0) }))),
  }) as const satisfies Record<Exclude<keyof GrenadeCard, "d20">, unknown>;

export const GRENADE_PART: CardPart = {
  place: "card",
  key: "grenade",
  field: () => optional(nullable(schema({ ...grenadeFields(), ...partFields("grenade") }))),
};
