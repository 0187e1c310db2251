/**
 * The scene's d20 cover and concealment for one attacker–target pair (SW-30, SW-32, ruling 3, ruling 4b): the
 * 16-point lattice through the Foundry ray caster (walls with their cover class and SW-30's low-wall flag, door
 * states and one-way walls as v13's collision backends decide them — `foundry-caster.ts`), the target's posture
 * from its status effects (core `prone`, the system's `kneeling`) and the creatures in the line of fire. The scene
 * only measures; the d20 engine grades it (`rules/d20/engine.ts`), because posture counts only against a ranged
 * attack. Creatures count as cover here whatever Star Frontiers' optional crowd rule says (SW-30's own rule).
 */
import {
  type Bystander,
  type D20TargetFacts,
  engagedWithAlly,
  type Footprint,
  flanks,
  measureD20Cover,
  type Point,
  type Posture,
  type RayCaster,
  tokensInTheWay,
} from "../../../rules/index.js";

/** SW-30, ruling 4b: prone beats kneeling, which beats standing. */
export function postureOf(statuses: ReadonlySet<string>): Posture {
  return statuses.has("prone") ? "prone" : statuses.has("kneeling") ? "kneeling" : "standing";
}

export function d20Lattice(
  attacker: { readonly footprint: Footprint; readonly centre: Point },
  target: { readonly footprint: Footprint; readonly centre: Point; readonly statuses: ReadonlySet<string> },
  others: readonly Bystander[],
  caster: RayCaster,
): NonNullable<D20TargetFacts["lattice"]> {
  const posture = postureOf(target.statuses);
  const count = measureD20Cover(attacker.footprint, target.footprint, caster, posture);
  return {
    hard: count.hard,
    low: count.low,
    soft: count.soft,
    total: count.total,
    posture,
    inTheWay: tokensInTheWay(attacker.centre, target.centre, others),
    materials: count.materials,
  };
}

/** A footprint in canvas pixels as metres (the scene's units per pixel), for the d20 reach geometry. */
export function inMetres(f: Footprint, metresPerPixel: number): Footprint {
  return {
    x: f.x * metresPerPixel,
    y: f.y * metresPerPixel,
    w: f.w * metresPerPixel,
    h: f.h * metresPerPixel,
  };
}

/**
 * SW-19, SW-26 from the token positions (footprints in metres): the target is engaged in melee with one of the
 * shooter's allies (a conscious token of the attacker's disposition, other than the attacker, within reach of the
 * target — shooting into melee −4 unless Precise Shot); and one of those allies stands directly opposite the
 * attacker within reach (flanking +2, which the engine applies to melee attacks only).
 */
export function d20Melee(
  attacker: Footprint,
  target: Footprint,
  allies: readonly Footprint[],
): { readonly inMelee: boolean; readonly flanked: boolean } {
  return {
    inMelee: engagedWithAlly(target, allies),
    flanked: allies.some((a) => flanks(attacker, target, a)),
  };
}
