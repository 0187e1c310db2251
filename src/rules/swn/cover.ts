/**
 * Stars Without Number cover and concealment (seed 003): concealment adds to AC (SWN-14); hard cover gives armour by
 * its material against weapons up to a tech level, the highest source only, heavy weapons one TL higher (SWN-15);
 * aimed shots and overwatch ignore cover armour but not concealment (SWN-11, SWN-08); a grenade at a target in cover
 * is thrown at AC 10 + its concealment, a hit ignoring the cover's armour, a miss landing 1d3 hexes (3 m each) away
 * (SWN-16). Pure: weapons are described by their TL and kind.
 */
import { checkDie } from "../core/dice.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";

export type Concealment = "none" | "partly" | "mostly" | "totally";

/** SWN-14: partly +2, mostly +4, totally obscured +6 AC. */
export const CONCEALMENT_AC: Readonly<Record<Concealment, number>> = {
  none: 0,
  partly: 2,
  mostly: 4,
  totally: 6,
};

/** SWN-14: concealment as an AC term. */
export function concealmentTerm(c: Concealment): Modifier | null {
  const v = CONCEALMENT_AC[c];
  return v ? { id: "concealment", label: `FT.SWN.Cover.${c}`, value: v, ruleId: "SWN-14" } : null;
}

export interface CoverMaterial {
  readonly armour: number;
  /** The highest weapon TL it stops; null = whatever the TL (particulates against lasers). */
  readonly tl: number | null;
  /** Against energy weapons instead (significant liquid: 10 vs TL4). */
  readonly energy?: { readonly armour: number; readonly tl: number };
  /** Only against lasers (dust, smoke, particulates). */
  readonly lasersOnly?: boolean;
}

/** SWN-15: the seed's materials table. */
export const COVER_MATERIALS: Readonly<Record<string, CoverMaterial>> = {
  thinWood: { armour: 2, tl: 1 },
  thickWood: { armour: 4, tl: 2 },
  drywall: { armour: 1, tl: 1 },
  thinStone: { armour: 6, tl: 2 },
  thickStone: { armour: 8, tl: 3 },
  ordinaryMetal: { armour: 6, tl: 2 },
  reinforcedPostech: { armour: 8, tl: 4 },
  pretech: { armour: 12, tl: 5 },
  liquid: { armour: 6, tl: 3, energy: { armour: 10, tl: 4 } },
  particulates: { armour: 5, tl: null, lasersOnly: true },
};

export interface SwnWeapon {
  readonly tl: number;
  /** SWN-15: a heavy weapon counts one TL higher. */
  readonly heavy?: boolean;
  readonly energy?: boolean;
  readonly laser?: boolean;
}

/** SWN-15: the armour one material gives against a weapon (0 when the weapon's TL is beyond it). */
export function materialArmour(material: string, w: SwnWeapon): number {
  const m = COVER_MATERIALS[material];
  if (!m) throw new RulesError("FT.SWN.Cover.unknownMaterial", `No cover material ${material}`, { material });
  if (!Number.isInteger(w.tl) || w.tl < 0)
    throw new RulesError("FT.SWN.Cover.badTl", "A tech level is 0 or more");
  const tl = w.tl + (w.heavy ? 1 : 0);
  if (m.lasersOnly) return w.laser ? m.armour : 0;
  const row = w.energy && m.energy ? m.energy : { armour: m.armour, tl: m.tl ?? Number.POSITIVE_INFINITY };
  return tl <= row.tl ? row.armour : 0;
}

/**
 * SWN-15, SWN-11, SWN-08: the cover armour against a weapon — the highest of the materials in the way (never
 * stacking), none for an aimed shot or overwatch — as a labelled term, or null.
 */
export function coverArmour(
  materials: readonly string[],
  w: SwnWeapon,
  ignoresCover = false,
): Modifier | null {
  if (ignoresCover) return null;
  const best = Math.max(0, ...materials.map((m) => materialArmour(m, w)));
  return best ? { id: "coverArmour", label: "FT.SWN.Cover.armour", value: best, ruleId: "SWN-15" } : null;
}

/** SWN-16: a grenade at a target in cover is thrown at AC 10 + its concealment. */
export function grenadeCoverAc(c: Concealment): number {
  return 10 + CONCEALMENT_AC[c];
}

/** SWN-16: a missed grenade lands 1d3 hexes — 3 m each — away. */
export function grenadeMissMetres(d3: number): number {
  checkDie(d3, 3);
  return d3 * 3;
}
