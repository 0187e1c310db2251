/** A d20 grenade's block beside the blast (SW-38, SWN-15/16): deviation, Reflex DC, one damage roll, cover, saves. */
import { array, bool, nullable, num, optional, schema, str } from "../../spec.js";
import type { D20GrenadeBlock, D20Save } from "../attack-card.js";
import { optNum } from "../card-fields.js";
import type { CardPart } from "./registry.js";

const SAVE = schema({
  id: str(),
  roll: num(0),
  target: optNum(),
  total: optNum(),
  passed: bool(),
  damage: num(0),
} as const satisfies Record<keyof D20Save, unknown>);

const D20_GRENADE = {
  deviation: optional(
    nullable(
      schema({ d3: num(0), d8: optional(num(0)), d6: optional(num(0)), metres: num(0), direction: num(0) }),
    ),
  ),
  reflexDC: optional(num(0)),
  damage: optional(schema({ formula: str(), dice: array(num(0)), total: num(0) })),
  cover: optional(array(schema({ id: str(), cover: str() }))),
  saves: optional(array(SAVE)),
  armour: optional(array(schema({ id: str(), value: num(0) }))),
} as const satisfies Record<keyof D20GrenadeBlock, unknown>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const listOf = (v: unknown, each: (x: unknown) => boolean): boolean => Array.isArray(v) && v.every(each);

export const D20_GRENADE_PART: CardPart = {
  place: "grenade",
  key: "d20",
  field: () => optional(schema(D20_GRENADE)),
  // The block's readers walk its damage dice, cover and saves (SW-38).
  problem: (g) =>
    !isObj(g) ||
    !isNum(g.reflexDC) ||
    !isObj(g.damage) ||
    !listOf(g.damage.dice, isNum) ||
    !listOf(g.cover, isObj) ||
    !listOf(g.saves, isObj)
      ? "grenade saves"
      : null,
};
