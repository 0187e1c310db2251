/** The attack card's built-in parts, in the order the card's schema lists them (see `registry.ts`). */
import { D20_GRENADE_PART } from "./d20-grenade.js";
import { D20_TARGET_PART } from "./d20-target.js";
import { GRENADE_PART } from "./grenade.js";
import { type CardPart, partsProblem } from "./registry.js";
import { SQUAD_PART } from "./squad.js";
import { STRAY_PART } from "./stray.js";
import { SUPPRESSION_PART } from "./suppression.js";

export const BUILTIN_CARD_PARTS: readonly CardPart[] = [
  D20_TARGET_PART,
  GRENADE_PART,
  D20_GRENADE_PART,
  STRAY_PART,
  SUPPRESSION_PART,
  SQUAD_PART,
];

/** Why a stored grenade block's parts are not whole (a d20 burst without its saves' list), or null. */
export const grenadePartsProblem = (g: Readonly<Record<string, unknown>>): string | null =>
  partsProblem("grenade", g, BUILTIN_CARD_PARTS);
