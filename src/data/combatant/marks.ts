/**
 * The Combatant's `system` (issue 29): the marks its OWNER may declare. In v13 a Combatant's owner may update its
 * `system` and its flags (common/documents/combatant.mjs `#canUpdate`: an owner may change `initiative`, `flags`,
 * `defeated` and `system`), so this model holds only what the owner sets — each change refereed by the active GM
 * (documents/combatant/mark-referee.ts): holding its turn (SW-34), dodging (SF-X-10), its declaration (SF-X-07),
 * the round's ledger (SF-X-30, SW-13), running (SW-24) and overwatch (SWN-08). What only the GM sets (counts,
 * surprise marks, the record of attacks, Morale) is kept on the Combat, the CombatantGroup or the GM's User.
 *
 * The marks that come and go (declaration, ledger, running, overwatch) are absent until first written and written
 * `null` to clear: `optional(nullable(...))` (see spec.ts `Presence`).
 */
import {
  bool,
  int,
  type ModelData,
  type ModelSpec,
  nullable,
  num,
  optional,
  record,
  schema,
  str,
} from "../spec.js";

/** SW-34: holding its turn — delaying (acts later, at a lower count) or a readied action (acts before another). */
export const HOLD_STATES = ["none", "delaying", "readied"] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/**
 * SW-24, SW-13, SWN-08, SWN-06, SW-17: the round's action other than an attack taken this round — running,
 * disengaging, overwatch and a mech's Protect (full-round actions) and total defense (an attack action in which "you
 * don't actually make an attack").
 */
export const FULL_ROUND_ACTIONS = ["run", "disengage", "overwatch", "protect", "totalDefense"] as const;

/** SF-X-07: this round's declaration and the shots fired against it (workflows/turn/declarations.ts `Declared`). */
export const DECLARED_SPEC = schema({
  round: int(0, { min: 0 }),
  shots: int(0, { min: 0 }),
  burst: bool(),
  powerSetting: num(null, { nullable: true }),
  carefulAim: bool(),
  melee: bool(),
  /** Area fire (SF-X-32): the width of the area covered, in metres; 0 = no area fire. */
  areaWidth: num(0, { min: 0 }),
  /** Shots fired this round against the declaration (SF-X-30). */
  fired: int(0, { min: 0 }),
  /** Of those, opportunity shots fired during another side's move (SF-X-31). */
  opportunity: int(0, { min: 0 }),
});

/** What it did this round (workflows/turn/turn-ledger.ts `TurnLedger`). */
export const LEDGER_SPEC = schema({
  round: int(0, { min: 0 }),
  /** Shots fired this round, every weapon together (a burst is one shot). */
  shots: int(0, { min: 0 }),
  reloaded: bool(),
  /** Item id → the last round that weapon fired. */
  fired: record(int(0, { min: 0 })),
  /** SW-25: its attack of opportunity this round. */
  aoo: optional(bool()),
  action: optional(str("run", { choices: FULL_ROUND_ACTIONS, blank: false })),
});

/** SW-24: running (no Dex to Defense until its next turn) and the rounds run in a row (workflows/turn/d20-move.ts). */
export const RUNNING_SPEC = schema({
  active: bool(),
  round: int(0, { min: 0 }),
  count: int(0, { min: 0 }),
});

/** SWN-08: its overwatch — the round, the facing (degrees clockwise from north), spent or not, the weapon. */
export const OVERWATCH_SPEC = schema({
  round: int(0, { min: 0 }),
  facing: num(0),
  used: bool(),
  weaponId: optional(str()),
});

/** SWN-06: protecting as a mech — the round it was declared (held until the start of its next turn). */
export const PROTECTING_SPEC = schema({
  round: int(0, { min: 0 }),
});

/**
 * What the combatant declared of its own defense, kept "for 1 round (until your next action)": SW-17 total defense
 * (+4 dodge), SW-23 fighting defensively (+2 dodge), SW-21 a charge (−2 Defense). Written by its owner when it
 * declares or attacks (games/d20/workflows/move.ts, the attack's `keeps`), ended by the active GM when its next turn
 * starts (documents/combat/turn-events.ts); every attacker's facts read it (games/d20/canvas/target-facts.ts).
 */
export const DEFENDING_SPEC = schema({
  round: int(0, { min: 0 }),
  totalDefense: bool(),
  fightingDefensively: bool(),
  charging: bool(),
  /**
   * SW-42 (fixaim): it aimed this round — "causes you to lose all Dodge and Dexterity bonuses to Defense for one
   * round"; written by the active GM with the aim (games/d20/workflows/aim.ts), ended with the rest at its next turn.
   */
  aiming: optional(bool()),
});

export const COMBATANT_SPEC = {
  fields: {
    state: str("none", { choices: HOLD_STATES, blank: false }),
    /** The round its owner marked it dodging in (SF-X-10); null: not dodging. */
    dodging: int(null, { min: 0, nullable: true }),
    declared: optional(nullable(DECLARED_SPEC)),
    turn: optional(nullable(LEDGER_SPEC)),
    running: optional(nullable(RUNNING_SPEC)),
    overwatch: optional(nullable(OVERWATCH_SPEC)),
    protecting: optional(nullable(PROTECTING_SPEC)),
    defending: optional(nullable(DEFENDING_SPEC)),
  },
} as const satisfies ModelSpec;

/** A Combatant's `system`. */
export type CombatantSystem = ModelData<typeof COMBATANT_SPEC>;
export type CombatantMark = keyof CombatantSystem;
/** The marks, as named in the flags of worlds saved before issue 29 (the same keys). */
export const COMBATANT_MARKS = Object.keys(COMBATANT_SPEC.fields) as CombatantMark[];
