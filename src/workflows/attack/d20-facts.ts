/**
 * The d20 blocks of an attack's facts (issue 14, stream d20ui), read from the sheets: the attacker's BAB, ability
 * modifiers after fatigue, size and feats (SW-04, SW-05, SW-10, SW-15, SW-19); the target's Defense parts (SW-08,
 * SW-05, SW-09) and the SW-29 conditions its status effects name; the weapon's damage dice, threat range,
 * multiplier and range increment (SW-06, SW-07, SW-18); and the target's vitality and wound points for the GM's
 * apply (SW-10, SW-11, SW-18). Every engine gets the same facts and each reads its own block, so these are filled
 * whatever the engine; only the d20 engine refuses an attack without them.
 */

import type { D20Derived } from "../../data/actor/d20-derived.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { currentProfile } from "../../helpers/settings.js";
import type { D20AttackerFacts, D20TargetFacts, D20WeaponFacts, EngineId } from "../../rules/index.js";
import { RulesError } from "../../rules/index.js";
import type { VitalityWoundsTarget } from "../damage/apply-records.js";

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

/** The SW-29 conditions an actor's status effects name, on the attacker's side or the defender's. */
function conditions(statuses: ReadonlySet<string>, side: "attacker" | "defender"): string[] {
  const out: string[] = [];
  if (statuses.has("prone")) out.push(side === "attacker" ? "attackerProne" : "defenderProne");
  if (side === "defender" && statuses.has("stun")) out.push("defenderStunned");
  return out;
}

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

/** The weapon's d20 numbers; a melee weapon has no range increment (SW-14). */
export function d20WeaponFacts(s: WeaponSystem): D20WeaponFacts {
  const d = s.d20;
  const isMelee = d.attack === "melee";
  return {
    damage: d.damage,
    threat: d.threat,
    critMultiplier: d.critMultiplier,
    rangeIncrement: isMelee ? null : d.rangeIncrement,
    rangedKind: d.attack === "thrown" ? "thrown" : "projectile",
    ...(isMelee ? { grip: d.twoHanded ? ("twoHanded" as const) : ("primary" as const) } : {}),
    // SW-35, SW-36: the fire modes and what the recoil reads.
    fire: { single: d.fire.single, multi: d.fire.multi, auto: d.fire.auto },
    rifle: d.rifle,
    twoHanded: d.twoHanded,
    size: d.size || null,
    double: d.double,
    ...(d.grenade && d.attack === "thrown"
      ? { grenade: { burstRadius: d.burstRadius, reflexDC: d.reflexDC } }
      : {}),
    // SWN-15 (the swn profile): TL, AP, heavy, energy, laser.
    swn: { tl: s.swn.tl, ap: s.swn.ap, heavy: s.swn.heavy, energy: s.swn.energy, laser: s.swn.laser },
  };
}

/**
 * What the d20 engine cannot roll without, refused before anything is spent (issue 14's bad input): a ranged
 * weapon with no range increment (SW-06; the engine would take it for a melee weapon) and a weapon without d20
 * damage dice (ruling 2: numbers the sources do not give stay empty until the GM enters them).
 */
export function d20WeaponProblem(engine: EngineId, name: string, s: WeaponSystem): RulesError | null {
  if (engine !== "d20") return null;
  if (s.d20.attack !== "melee" && s.d20.rangeIncrement === null)
    return new RulesError("FT.D20UI.noRangeIncrement", `${name} has no d20 range increment`, {
      weapon: name,
    });
  if (!s.d20.damage)
    return new RulesError("FT.D20UI.noDamage", `${name} has no d20 damage dice`, { weapon: name });
  // SWN-15, SWN-16: under the swn profile a grenade's burst meets the cover's armour by its TL, which the sources
  // do not give for it: refused until entered, as a direct shot at hard cover is (the engine).
  if (s.d20.grenade && s.d20.attack === "thrown" && s.swn.tl === null && currentProfile() === "swn")
    return new RulesError("FT.SWN.noTl", `${name} has no tech level`, { weapon: name });
  // SW-38: a grenade's burst radius and Reflex DC are the grenade's own (ruling 2: never guessed).
  if (s.d20.grenade && s.d20.attack === "thrown")
    for (const field of ["burstRadius", "reflexDC"] as const)
      if (s.d20[field] === null)
        return new RulesError("FT.D20.Grenade.missingField", `${name} has no ${field}`, {
          field: game.i18n?.localize(`FT.D20.Item.${field}`) ?? field,
        });
  return null;
}

/**
 * A d20 target's health for the apply (SW-10, SW-11, SW-18): its vitality and wound points, heroic or ordinary,
 * the damage reduction of what it wears (`derived.d20.dr`, the highest of its own and its armour's), and the wound
 * points it lost this round by its wound log — the log counts only in the combat and round it names.
 */
export function d20Health(
  sys: D20ActorSystem,
  now: { readonly combatId: string; readonly round: number } | null,
): VitalityWoundsTarget {
  const d = sys.d20;
  const log = d.woundLog;
  const thisRound = !!now && log.combatId === now.combatId && log.round === now.round;
  return {
    model: "vitalityWounds",
    vitality: { value: d.vitality.value, max: d.vitality.max },
    wounds: { value: d.wounds.value, max: d.wounds.max },
    heroic: d.heroic,
    dr: sys.derived?.d20?.dr ?? 0,
    lostThisRound: thisRound ? log.lost : 0,
    round: now,
  };
}
