/**
 * Item data → the facts the rules take. Pure: used by the attack workflow and by the tests, which read the
 * compendium YAML through it (one source of truth for weapon numbers).
 */
import type { BurstSpec, D20WeaponFacts, DefenseState, RangeTable, WeaponFacts } from "../../rules/index.js";
import { countBuild } from "../counters.js";
import type { ModelData } from "../spec.js";
import type { DEFENSE_SPEC, WEAPON_SPEC } from "./specs.js";

/** A weapon item's `system`, as its schema stores it (derived from the spec, so the two cannot drift apart). */
export type WeaponSystem = ModelData<typeof WEAPON_SPEC>;

/** Work out a weapon's facts; an item's are kept on its model (`data/models.ts` `WeaponModel#facts`, `factsOf`). */
export function weaponFacts(name: string, s: WeaponSystem): WeaponFacts {
  countBuild(`weaponFacts:${name}`);
  const ranges: RangeTable = {
    pb: s.ranges.pb ?? null,
    s: s.ranges.s ?? null,
    m: s.ranges.m ?? null,
    l: s.ranges.l ?? null,
    e: s.ranges.e ?? null,
  };
  const burst: BurstSpec | null = s.burst.capable
    ? { rounds: s.burst.rounds, baseDice: s.burst.baseDice, bonusNeedsMount: s.burst.bonusNeedsMount }
    : null;
  const perBand = Object.fromEntries(Object.entries(s.damage.perBand).filter(([, v]) => v));
  return {
    name,
    skill: s.skill,
    heavy: s.heavy,
    ranges,
    rof: s.rof ?? 1,
    burst,
    damage: {
      formula: s.damage.formula || undefined,
      perBand: Object.keys(perBand).length ? perBand : undefined,
      perSeu: s.damage.perSeu.enabled
        ? { faces: s.damage.perSeu.faces, min: s.damage.perSeu.min, max: s.damage.perSeu.max }
        : undefined,
    },
    kind: s.kind,
    blastRadius: s.blastRadius,
    // SW-11 (issue 32): a lightsaber's hits are applied with no DR taken off.
    ...(s.d20.ignoresDR ? { ignoresDR: true } : {}),
    // Issue 32: no damage dice in its source (RCR Table 7-2 "— (stun only)", "special"): its effect is the GM's.
    ...(s.d20.noDamageDice && !s.d20.damage ? { effectOnly: { stunDC: s.d20.stunDC } } : {}),
    // The d20 engine's block (issue 14); the other engines ignore it.
    d20: d20WeaponFacts(s),
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

/** A defense item's `system` (see {@link WeaponSystem}). */
export type DefenseSystem = ModelData<typeof DEFENSE_SPEC>;

/** A power source the way the screen rules see it: its item id and kind. */
export interface PackRef {
  readonly id: string;
  readonly kind: string;
}

/**
 * The pack that feeds a screen (SF-X-36: screens share the SEU of a beltpack or backpack). The one chosen on the
 * screen's sheet when it still exists; otherwise, when the wearer carries exactly one beltpack or backpack, that
 * one — the only pack a screen can be plugged into — so switching a screen on is enough. Null when there is no
 * pack or the choice is ambiguous (the screen then absorbs nothing until one is chosen).
 */
export function screenPack(
  s: Pick<DefenseSystem, "slot" | "powerSource">,
  packs: readonly PackRef[],
): string | null {
  if (s.slot !== "screen") return null;
  if (s.powerSource && packs.some((p) => p.id === s.powerSource)) return s.powerSource;
  const worn = packs.filter((p) => p.kind === "beltpack" || p.kind === "backpack");
  return worn.length === 1 ? worn[0]!.id : null;
}

/** A worn defense with the power left on its source (null for an unpowered suit). */
export function defenseState(
  id: string,
  name: string,
  s: DefenseSystem,
  power: number | null,
  packId: string | null = s.powerSource || null,
): DefenseState {
  return {
    id,
    name,
    slot: s.slot,
    active: s.active,
    rules: s.rules.map((r) => ({ ...r })),
    power: s.slot === "screen" ? (power ?? 0) : null,
    powerSourceId: s.slot === "screen" ? packId : null,
    capacity: s.capacity.value,
  };
}

/** A weapon's system that keeps its facts: the item's data model (`data/models.ts` `WeaponModel#facts`). */
interface KeepsFacts {
  readonly facts: WeaponFacts;
  readonly parent?: { readonly name?: string | null } | null;
}
function keepsFacts(sys: WeaponSystem): sys is WeaponSystem & KeepsFacts {
  return "facts" in sys;
}

/**
 * A weapon's facts: its item's own (`WeaponModel#facts`) when `sys` is the item's system and `name` its name;
 * worked out from `sys` otherwise (an attack that reads a weapon another way, such as a thrown melee weapon). Read
 * through the model's shape, not its class, so a screen can import this without loading Foundry's data classes.
 */
export function factsOf(name: string, sys: WeaponSystem): WeaponFacts {
  return keepsFacts(sys) && (sys.parent?.name ?? "") === name ? sys.facts : weaponFacts(name, sys);
}
