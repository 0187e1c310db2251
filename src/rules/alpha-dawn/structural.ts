/**
 * Structural damage (SF-X-41): what weapons do to doors, walls and vehicles, and how much a structure takes
 * before it is breached. Numbers: rules-tables §10 (one source, "with some alterations"); capacity rows follow the
 * order of the seed's table (25+d10, 50+2d10, 100+d100, 200+2d100).
 */
import { checkDie } from "../core/dice.js";
import { RulesError } from "../core/types.js";

export type StructureType =
  | "heavyDoor"
  | "interiorWall"
  | "fortifiedDoor"
  | "exteriorWall"
  | "lightVehicle"
  | "fortifiedWall"
  | "heavyVehicle"
  | "armoredVehicle";

/** Base points and dice (count × faces) of each structure's capacity. */
export const STRUCTURE_CAPACITY: Readonly<
  Record<StructureType, { base: number; count: number; faces: number }>
> = {
  heavyDoor: { base: 25, count: 1, faces: 10 },
  interiorWall: { base: 25, count: 1, faces: 10 },
  fortifiedDoor: { base: 50, count: 2, faces: 10 },
  exteriorWall: { base: 50, count: 2, faces: 10 },
  lightVehicle: { base: 50, count: 2, faces: 10 },
  fortifiedWall: { base: 100, count: 1, faces: 100 },
  heavyVehicle: { base: 100, count: 1, faces: 100 },
  armoredVehicle: { base: 200, count: 2, faces: 100 },
};

export function structuralCapacity(type: StructureType, dice: readonly number[]): number {
  const row = STRUCTURE_CAPACITY[type];
  if (dice.length !== row.count) {
    throw new RulesError("FT.Error.diceCount", `Expected ${row.count} dice, got ${dice.length}`, {
      expected: row.count,
      got: dice.length,
    });
  }
  for (const d of dice) checkDie(d, row.faces);
  return row.base + dice.reduce((a, b) => a + b, 0);
}

/** Structural damage of one attack: per shot, per SEU (lasers) or fixed (grenades, doubled when placed). */
export interface StructuralSpec {
  readonly per: "shot" | "seu" | "none";
  readonly amount: number;
  /** Fragmentation grenade: 30 when placed instead of thrown. */
  readonly placedAmount?: number | undefined;
}

export function structuralDamage(spec: StructuralSpec, shots: number, seu: number, placed = false): number {
  switch (spec.per) {
    case "none":
      return 0;
    case "seu":
      return spec.amount * seu;
    case "shot":
      return (placed && spec.placedAmount !== undefined ? spec.placedAmount : spec.amount) * shots;
  }
}

export function applyStructural(remaining: number, damage: number): { remaining: number; breached: boolean } {
  const left = Math.max(0, remaining - Math.max(0, damage));
  return { remaining: left, breached: left === 0 };
}
