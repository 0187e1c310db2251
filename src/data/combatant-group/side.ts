/**
 * The `side` CombatantGroup subtype (SF-X-04, SF-X-05): the side's d10, its modifier and whose it is, surprise,
 * the round it last rolled, its colour, and for a sealed side (a roll kept from players) only its rank and seal id. The total is also written to the group's own `initiative` field.
 */
import {
  array,
  bool,
  initialData,
  int,
  type ModelData,
  type ModelSpec,
  nullable,
  optional,
  schema,
  str,
} from "../spec.js";

/** SWN-13: the bands a side's Morale may be in; "" = none (a side of player characters, an immune side, no swn). */
export const MORALE_BAND_KEYS = ["", "panicked", "tacticalRetreat", "careful", "bold", "fearless"] as const;

export const SIDE_SPEC = {
  fields: {
    roll: int(null, { min: 1, max: 10, nullable: true }),
    modifier: int(0, { min: -20, max: 20 }),
    modifierSource: str(""),
    holsteredPenalty: int(0, { min: -3, max: 0 }),
    /** Highest single Reaction Speed on the side (Basic-game tie-break, SF-B-05). */
    highestRs: int(0, { min: 0, max: 100 }),
    surprised: bool(false),
    rolledRound: int(0, { min: 0 }),
    /**
     * The roll is kept from players ("hide NPC initiative", R1-5d): roll, modifier, whose it is and highest RS stay
     * blank here; only the GM's browser keeps them (the client setting `sideSecrets`). The side is ordered by its
     * rank.
     */
    sealed: bool(false),
    /**
     * A random id of the sealed roll (new with every roll or edit): the GM's browser keeps the numbers under it, so a
     * roll another GM made, or one written after the numbers were kept, is never read with stale numbers.
     */
    sealId: str(""),
    /** The GM's rank of the side's total among the rolled sides (0: none); orders like the totals (`rankSides`). */
    rank: int(0, { min: 0 }),
    /** The GM's rank of the side's tie-break among sides of the same `rank` (0: none). */
    rankTie: int(0, { min: 0 }),
    colour: str("#1f7a8c"),
    /** Disposition key the side was created for (friendly, hostile, neutral, secret) or "custom". */
    key: str("custom"),
    /**
     * SWN-12, SWN-13, SWN-09 (issue 16): what of the side's Morale every client may know — its band (its members'
     * attack and AC terms, on every card anyway), the rounds it was intimidated (each announced by a card), and its
     * forces and hit points when the fight started (the 20 % steps count from them). The GM's factors (a base the GM
     * entered, leader, home ground, outgunned, surprised) are kept in one GM's browser, where the number is worked
     * out (`games/swn/workflows/side-morale.ts`); the default base (the highest member's `swn.morale`) and the losses are in
     * the members' documents, which every client holds (review trust-and-faults-2 §3-B).
     */
    morale: schema({
      band: str("", { choices: MORALE_BAND_KEYS }),
      intimidated: array(int(0, { min: 0 })),
      start: schema({ members: int(0, { min: 0 }), hp: int(0, { min: 0 }) }),
    }),
    /**
     * SWN-12: which GM browser holds the side's Morale factors — a user id and a random key, no factor (issue 29: a
     * flag before, `flags.frontier-tactics.moraleFactors`, moved by FrontierCombatantGroup's `migrateData`). Written by a
     * GM; a side's owners (its ownership field) could write it too, and it names a browser, holding no number.
     */
    moraleFactors: optional(nullable(schema({ user: str(), key: str() }))),
  },
} satisfies ModelSpec;

/** A side's `system` (derived from its spec). */
export type SideSystem = ModelData<typeof SIDE_SPEC>;

/** A side as the schema creates it (no roll yet). */
export function defaultSide(): SideSystem {
  return initialData(SIDE_SPEC.fields);
}
