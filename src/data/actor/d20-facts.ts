/**
 * The d20 blocks of an attack's facts about its attacker and its target (issue 14, stream d20ui), read from the
 * sheets: the attacker's BAB, ability modifiers after fatigue, size and feats (SW-04, SW-05, SW-10, SW-15, SW-19);
 * the target's Defense parts (SW-08, SW-05, SW-09) and the SW-29 conditions its status effects name. Every engine
 * gets the same facts and each reads its own block, so these are filled whatever the engine. Pure: what the actor's
 * data says, as `data/item/facts.ts` is for a weapon (issue 29: the scene's reader, `canvas/scene-facts.ts`, took
 * the target's from a workflow). The weapon's block is `d20WeaponFacts` (data/item/facts.ts); what the d20 engine
 * refuses and a target's health for the apply stay with the attack (workflows/attack/d20-facts.ts).
 */

import {
  conditionsFromStatuses,
  type D20AttackerFacts,
  type D20TargetFacts,
  woundState,
} from "../../rules/index.js";
import type { D20Derived } from "./d20-derived.js";

/** What this reads of an actor's `system.d20` (the actor schema, data/actor/specs.ts). */
export interface D20ActorSystem {
  readonly d20: {
    readonly bab: number;
    readonly classDefense: number;
    readonly size: string;
    readonly heroic: boolean;
    readonly vitality: { readonly value: number; readonly max: number };
    readonly wounds: { readonly value: number; readonly max: number };
    readonly feats: {
      readonly pointBlankShot: boolean;
      readonly preciseShot: boolean;
      readonly rapidShot?: boolean;
      readonly multishot?: boolean;
      readonly ambidexterity?: boolean;
      readonly twoWeaponFighting?: boolean;
    };
    readonly woundLog: { readonly combatId: string; readonly round: number; readonly lost: number };
  };
  readonly derived?: { readonly d20?: D20Derived } | undefined;
  /** The SWN block (the d20 engine's `swn` profile, ruling 1). */
  readonly swn?: {
    readonly ac: number;
    readonly ab: number;
    readonly hp: { readonly value: number; readonly max: number };
  };
}

/**
 * The SW-29 conditions an actor's status effects name, on the attacker's side or the defender's (issue 31: every
 * row with a status, `rules/d20/conditions.ts`; higher ground is the scene's, from elevation).
 */
const conditions = (statuses: ReadonlySet<string>, side: "attacker" | "defender"): string[] =>
  conditionsFromStatuses(statuses, side);

/** The attacker's d20 numbers: ability modifiers after fatigue (SW-10), as the sheet shows them. */
export function d20AttackerFacts(
  sys: D20ActorSystem,
  statuses: ReadonlySet<string>,
  /** SWN-13: the attacker's side's Morale band (null: a PC side, an immune side, no combat). */
  band: string | null = null,
): D20AttackerFacts {
  const d = sys.derived?.d20;
  return {
    bab: sys.d20.bab,
    strMod: d?.mods.str ?? 0,
    dexMod: d?.mods.dex ?? 0,
    size: sys.d20.size,
    pointBlankShot: sys.d20.feats.pointBlankShot,
    preciseShot: sys.d20.feats.preciseShot,
    rapidShot: sys.d20.feats.rapidShot ?? false,
    multishot: sys.d20.feats.multishot ?? false,
    ambidexterity: sys.d20.feats.ambidexterity ?? false,
    twoWeaponFighting: sys.d20.feats.twoWeaponFighting ?? false,
    conditions: conditions(statuses, "attacker"),
    // SW-21: its move speed, against which a charge's distance is checked (the scene adds how far it moved).
    speed: d?.speed?.move ?? null,
    // SW-29: "Defender Grappling (Attacker not)" — an attacker in a grapple takes no row for its grappling defender.
    ...(statuses.has("grappling") ? { grappling: true } : {}),
    // SW-10 (issue 31): at 0 wound points its round is one move or attack action (the engine refuses a full-round one).
    ...(woundState(sys.d20.wounds.value) === "disabled" ? { disabled: true } : {}),
    // SW-10: a fatigued attacker cannot charge (rules/d20/declarations.ts).
    ...(d?.fatigued ? { fatigued: true } : {}),
    // Ruling 1: the swn profile's attack bonus (the side's Morale band is the scene's, `side-morale.ts`).
    ...(sys.swn ? { swn: { ab: sys.swn.ab, band: band ?? null } } : {}),
  };
}

/** The target's Defense parts (SW-08): class bonus, Dex (capped by worn armour), size and dodge. */
export function d20TargetFacts(
  sys: D20ActorSystem,
  statuses: ReadonlySet<string>,
  moved = 0,
  /** SW-01: flat-footed in its combat (derived from the combat, `d20-initiative.ts` `flatFootedIn`). */
  flatFooted = false,
  /** SW-24: it ran as its last action (its Combatant's `running` flag): no Dex to Defense until its next turn. */
  running = false,
  /** SWN-13: the target's side's Morale band. */
  band: string | null = null,
  /** SWN-17: the friendly squad shielding it from direct attacks (its name), or null. */
  shieldedBy: string | null = null,
  /** SWN-08: the target in the attacker's overwatch arc, outside it, or no overwatch held. */
  overwatch: "in" | "out" | "none" = "none",
): D20TargetFacts {
  const d = sys.derived?.d20;
  const held = [...conditions(statuses, "defender"), ...(running ? ["defenderRunning"] : [])];
  return {
    classDefense: sys.d20.classDefense,
    dexMod: d?.mods.dex ?? 0,
    size: sys.d20.size,
    maxDex: d?.maxDex ?? null,
    dodge: d?.defenseTerms.find((m) => m.id === "dodge")?.value ?? 0,
    conditions: flatFooted ? [...held, "defenderFlatFooted"] : held,
    // SW-12: how far it moved this round against its move speed (the engine decides whether that was a run).
    moved,
    speed: d?.speed?.move ?? null,
    // Ruling 1: the swn profile's AC and the side's Morale band (SWN-13).
    ...(sys.swn ? { swn: { ac: sys.swn.ac, band, overwatch, ...(shieldedBy ? { shieldedBy } : {}) } } : {}),
  };
}

/**
 * SW-01: the Dexterity score an initiative count by the d20 rules breaks ties with — the actor's d20 block's, 10
 * (the average score) for an actor without one (a squad, a module's actor type). The combat's by-count mode is the
 * d20 engine's (documents/combat/by-count.ts) whatever the world plays now, so this reads the data, not the game.
 */
export function d20DexScore(
  sys: { readonly d20?: { readonly abilities: { readonly dex?: number } } } | undefined,
): number {
  return sys?.d20?.abilities.dex ?? 10;
}
