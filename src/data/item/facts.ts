/**
 * Item data → the facts the rules take. Pure: used by the attack workflow and by the tests, which read the
 * compendium YAML through it (one source of truth for weapon numbers).
 */
import type { BurstSpec, DefenseState, RangeTable, WeaponFacts } from "../../rules/index.js";
import type { ModelData } from "../spec.js";
import type { DEFENSE_SPEC, WEAPON_SPEC } from "./specs.js";

/** A weapon item's `system`, as its schema stores it (derived from the spec, so the two cannot drift apart). */
export type WeaponSystem = ModelData<typeof WEAPON_SPEC>;

export function weaponFacts(name: string, s: WeaponSystem): WeaponFacts {
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
  };
}

/** A defense item's `system` (see {@link WeaponSystem}). */
export type DefenseSystem = ModelData<typeof DEFENSE_SPEC>;

/** A worn defense with the power left on its source (null for an unpowered suit). */
export function defenseState(id: string, name: string, s: DefenseSystem, power: number | null): DefenseState {
  return {
    id,
    name,
    slot: s.slot,
    active: s.active,
    rules: s.rules.map((r) => ({ ...r })),
    power: s.slot === "screen" ? (power ?? 0) : null,
    powerSourceId: s.slot === "screen" ? s.powerSource || null : null,
    capacity: s.capacity.value,
  };
}
