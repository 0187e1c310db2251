/**
 * The `sideRoll` ChatMessage subtype (issue 28): the card of one side's initiative roll (SF-B-04, SF-X-04..06) — the
 * side's name and colour, its d10, modifier and total, whose modifier it is (its rule id), the holstered penalty
 * (SF-X-06). It stores no HTML: every client draws it in its own language (`workflows/card/side-roll-card.ts`).
 *
 * A sealed side's card (R1-5d, "hide NPC initiative") holds only that the side rolled: no number in its data, since
 * every client receives every message whatever its roll mode (v13 `ChatMessage#visible` hides a whisper or a blind
 * roll only in the chat log). Its numbers are then absent, not zero.
 */
import { bool, int, type ModelData, type ModelSpec, optional, str } from "../spec.js";

/** The version of a side roll card's data: a later migration reads it. */
export const SIDE_ROLL_VERSION = 1;

export const SIDE_ROLL_SPEC = {
  fields: {
    version: int(SIDE_ROLL_VERSION, { min: 1 }),
    /** The side's CombatantGroup id. */
    sideId: str(),
    sideName: str(),
    /** A CSS colour the combat checked (`safeColour`); "" for none. */
    colour: str(),
    sealed: bool(),
    d10: optional(int(0)),
    modifier: optional(int(0)),
    total: optional(int(0)),
    /** Who the modifier is of (the highest Reaction Speed's owner), and its rule id. */
    modifierSource: optional(str()),
    ruleId: optional(str()),
    holsteredPenalty: optional(int(0)),
  },
} as const satisfies ModelSpec;

/** A `sideRoll` message's `system`. */
export type SideRollData = ModelData<typeof SIDE_ROLL_SPEC>;

/** What a side's card is made from (the combat's `SideCard`, documents/combat/side-initiative.ts). */
export interface SideRollCard {
  readonly sideId: string;
  readonly sideName: string;
  readonly d10: number;
  readonly modifier: number;
  readonly total: number;
  readonly modifierSource: string;
  readonly ruleId: string;
  readonly holsteredPenalty: number;
}

/** A side's card data: a sealed side's (R1-5d) holds no number. Here, below the documents, so the combat builds it
 * without importing the card workflow (issue 29). */
export function sideRollData(card: SideRollCard, colour: string, sealed: boolean): SideRollData {
  const base = { version: SIDE_ROLL_VERSION, sideId: card.sideId, sideName: card.sideName, colour, sealed };
  // Absent, not zero: undefined is never stored (Foundry sends the create as JSON).
  if (sealed)
    return {
      ...base,
      d10: undefined,
      modifier: undefined,
      total: undefined,
      modifierSource: undefined,
      ruleId: undefined,
      holsteredPenalty: undefined,
    };
  return {
    ...base,
    d10: card.d10,
    modifier: card.modifier,
    total: card.total,
    modifierSource: card.modifierSource,
    ruleId: card.ruleId,
    holsteredPenalty: card.holsteredPenalty,
  };
}
