/**
 * The Combat's `system` (issue 29): the state only a GM sets. A player may change only a Combat's `round`, `turn` and
 * `combatants` (v13 common/documents/combat.mjs `#canUpdate`), so what is here is the GM's word and no referee is
 * needed for it: how the combat orders turns, surprise and the unaware (SW-02), the phase (SF-X-01), held damage
 * (SF-B-05), whose turns have started (SW-01, C2-3.1), the group roll (SW-03) and the rounds of Morale reads and
 * intimidations (SWN-10, SWN-09).
 */
import {
  array,
  bool,
  int,
  type ModelData,
  type ModelSpec,
  nullable,
  optional,
  record,
  schema,
  str,
} from "../spec.js";

/** How a combat orders turns (issue 15): by side (Star Frontiers, SF-X-01) or each by its count (d20, SW-03). */
export const INITIATIVE_MODES = ["sides", "individual"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

/** Damage held until the exchange ends (Basic-game tie, SF-B-05; documents/combat/exchange.ts `HeldRequest`). */
export const HELD_SPEC = schema({
  messageId: str(),
  ids: array(str()),
  /** A GM asked (the server vouched for who); absent on entries held before: a player's. */
  byGM: optional(bool()),
});

export const COMBAT_SPEC = {
  fields: {
    /**
     * How this combat orders turns, fixed when it is made (documents/combat.ts `_preCreate`); absent is "sides"
     * (combats made before issue 15).
     */
    initiative: optional(str("sides", { choices: INITIATIVE_MODES, blank: false })),
    /** SW-02: round 1 is a surprise round (some but not all combatants were aware when it began). */
    surprise: bool(false),
    /** SW-02: the combatants the GM marked unaware of their opponents before the start. */
    unaware: array(str()),
    /** The phase of the round the GM has stepped to (SF-X-01). */
    phase: int(0, { min: 0 }),
    /** The turn the phase was written with, so the GM can follow turns players moved without one (review 13c L4). */
    phaseTurn: int(null, { min: 0, nullable: true }),
    heldDamage: array(HELD_SPEC),
    /** SW-01: the combatants whose first turn has started (no longer flat-footed). */
    acted: array(str()),
    /** C2-3.1: the combatants whose turn has started in round `round` (a turn starts once a round). */
    turnStarts: optional(nullable(schema({ round: int(0, { min: 0 }), ids: array(str()) }))),
    /** SW-03: the GM rolls each side's NPCs as one group (one d20, the best member's bonus). */
    groupRoll: bool(false),
    /** SWN-10: the round each actor (by id) last read Morale in (games/swn/workflows/side-morale.ts). */
    moraleReads: record(int(0, { min: 0 })),
    /** SWN-09: the round each actor (by id) last tried to intimidate in (games/swn/workflows/side-morale.ts). */
    intimidations: record(int(0, { min: 0 })),
  },
} as const satisfies ModelSpec;

/** A Combat's `system`. */
export type CombatSystem = ModelData<typeof COMBAT_SPEC>;
export type CombatKey = keyof CombatSystem;
/** The keys, as named in the flags of worlds saved before issue 29 (the same keys). */
export const COMBAT_KEYS = Object.keys(COMBAT_SPEC.fields) as CombatKey[];
