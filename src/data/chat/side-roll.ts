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
