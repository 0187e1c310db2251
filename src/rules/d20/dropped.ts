/**
 * SW-16 (issue 31): an object dropped from above. Seed 002: "Dropping an object from a great height is very different
 * from throwing it. A dropped object has a range increment of 20 meters and no upper range limit. … Dropped objects
 * are considered to be improvised weapons, giving a –4 nonproficiency penalty to your attack roll … If the target
 * square is more than altitude/5 meters laterally from your position, instead calculate your range penalty based on
 * the lateral distance as per a normal thrown weapon." So a thrown weapon whose target stands below the thrower by
 * `altitude` metres and at most altitude ÷ 5 metres away across the ground is dropped: its range is the fall, in
 * 20 m increments without a maximum (`MAX_INCREMENTS.dropped`), with the improvised −4. Farther across, it is the
 * ordinary throw it always was. Pure.
 */

/** SW-16: a dropped object's range increment, metres. */
export const DROPPED_INCREMENT_M = 20;
/** SW-16: a drop reaches at most altitude ÷ 5 metres across the ground. */
export const DROPPED_LATERAL_DIVISOR = 5;

/** Where the target stands from the thrower: `altitude` metres below it, `lateral` metres away across the ground. */
export interface DropGeometry {
  readonly altitude: number;
  readonly lateral: number;
}

/** SW-16: the dropped object's range (the fall) and increment, or null when it is no drop (a throw). */
export function droppedObject(
  drop: DropGeometry | null | undefined,
): { readonly distance: number; readonly increment: number } | null {
  if (!drop || !(drop.altitude > 0) || !Number.isFinite(drop.altitude)) return null;
  if (drop.lateral > drop.altitude / DROPPED_LATERAL_DIVISOR + 1e-9) return null;
  return { distance: drop.altitude, increment: DROPPED_INCREMENT_M };
}
