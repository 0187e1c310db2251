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

/**
 * The most any weapon may do to a structure by the rules, whatever a weapon item says (the GM bounds a player's
 * request by these; a player owns their items and could write any number on them). rules-tables §10.1: the largest
 * per-shot value is the fragmentation grenade's 15 (30 placed, which the Structure action never is), the largest
 * per-SEU value the laser's 5. §5.1: the largest SEU dial is 20 (laser rifle, heavy laser). §5: the largest rate of
 * fire is 3 (automatic pistol and rifle). §5.1: the longest Extreme range is 2 000 m (heavy laser).
 */
export const STRUCTURAL_BOUNDS = {
  perShot: 15,
  perSeu: 5,
  seuPerShot: 20,
  rof: 3,
  extremeMetres: 2000,
} as const;

/** Why a structural attack goes beyond what the rules allow any weapon, or null. */
export function structuralBoundsProblem(
  spec: StructuralSpec,
  shots: number,
  seuPerShot: number,
): "amount" | "shots" | "seu" | null {
  const b = STRUCTURAL_BOUNDS;
  if (spec.per === "shot" && spec.amount > b.perShot) return "amount";
  if (spec.per === "seu" && spec.amount > b.perSeu) return "amount";
  if (shots > b.rof) return "shots";
  if (spec.per === "seu" && seuPerShot > b.seuPerShot) return "seu";
  return null;
}
