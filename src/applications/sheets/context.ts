/**
 * What the actor and item sheets show, computed from plain data. No Foundry globals: the sheets call these
 * with their document's data, and the template check renders the templates with the same output.
 */

import type { ActorDerived } from "../../data/actor/derived.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { ABILITY_PAIRS, damageFormula, formatDice, rangeBand, skillModifier } from "../../rules/index.js";

/** A weapon item as its row needs it. */
export interface WeaponItemLike {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: WeaponSystem;
}

export interface WeaponRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly skill: string;
  readonly skillLevel: number;
  /** ½ DEX + skill (SF-X-11..13), before range and situation; Basic game: DEX. */
  readonly baseChance: number;
  readonly damage: string;
  readonly rof: string;
  readonly ammo: {
    readonly left: number | null;
    readonly capacity: number | null;
    readonly unit: string;
    readonly empty: boolean;
    readonly low: boolean;
  };
  readonly ranges: string;
  readonly missing: boolean;
  /** A ranged weapon whose range bands are not in the sources: it cannot be fired until they are entered. */
  readonly noRange: boolean;
  /** Melee weapons: Attack is a melee attack (rules-tables §6), within 2 m. */
  readonly melee: boolean;
  /** A knife or spear that can also be thrown (SF-X-38). */
  readonly throwable: boolean;
}

export function weaponDamageText(system: Pick<WeaponSystem, "damage">): string {
  const dmg = system.damage;
  try {
    if (dmg.perSeu.enabled) return `1d${dmg.perSeu.faces}/SEU (${dmg.perSeu.min}–${dmg.perSeu.max})`;
    const bands = Object.entries(dmg.perBand).filter(([, v]) => v);
    if (bands.length) return bands.map(([, v]) => v).join("/");
    if (dmg.formula) return formatDice(damageFormula({ formula: dmg.formula }, null, null));
  } catch {
    return "?";
  }
  return dmg.special || "—";
}

export function weaponRow(
  item: WeaponItemLike,
  derived: ActorDerived,
  dex: number,
  variant: "basic" | "expanded",
): WeaponRow {
  const s = item.system;
  const skill = s.skill;
  const level = derived.skills[skill] ?? 0;
  const heavy = s.heavy;
  const base =
    variant === "basic"
      ? dex
      : (skill === "melee" ? derived.meleeBase : derived.rangedBase) +
        skillModifier(level, heavy && skill !== "thrown");
  const ammo = s.ammo;
  const ranges = s.ranges;
  const unit = s.rangeUnit === "squares" ? "□" : "m";
  const last = ["e", "l", "m", "s", "pb"].map((b) => ranges[b]).find((v) => v !== null && v !== undefined);
  const left = ammo.unit === "none" ? null : ammo.remaining;
  const missing = s.missing ?? [];
  const noRange = skill !== "melee" && last === undefined;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    skill,
    skillLevel: level,
    baseChance: base,
    damage: weaponDamageText(s),
    rof: s.rof === null ? "—" : s.rof === 0.5 ? "½" : String(s.rof),
    ammo: {
      left,
      capacity: ammo.capacity,
      unit: ammo.unit,
      empty: left !== null && left < Math.max(1, ammo.perShot),
      low: left !== null && ammo.capacity !== null && left <= ammo.capacity / 4,
    },
    ranges: last === undefined ? (missing.includes("ranges") ? "n/s" : "—") : `≤${last} ${unit}`,
    missing: missing.length > 0,
    noRange,
    melee: skill === "melee",
    throwable: skill === "melee" && !!s.throwable,
  };
}

export interface AbilityCell {
  readonly key: string;
  readonly value: number;
}

export function abilityPairs(abilities: Record<string, { value: number }>): AbilityCell[][] {
  return ABILITY_PAIRS.map((pair) => pair.map((k) => ({ key: k, value: abilities[k]?.value ?? 0 })));
}

export function staminaBar(
  value: number,
  max: number,
): { value: number; max: number; pct: number; wounded: boolean; down: boolean } {
  const pct = max > 0 ? Math.max(0, Math.min(100, Math.round((value / max) * 100))) : 0;
  return { value, max, pct, wounded: value * 2 <= max, down: value <= 0 };
}

/** Which band a distance falls in, for the weapon tooltip. */
export function bandAt(distance: number, ranges: Record<string, number | null>): string | null {
  return rangeBand(distance, {
    pb: ranges.pb ?? null,
    s: ranges.s ?? null,
    m: ranges.m ?? null,
    l: ranges.l ?? null,
    e: ranges.e ?? null,
  });
}
