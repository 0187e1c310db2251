/**
 * SW-16 (issue 31): an object dropped from above. Seed 002: "Dropping an object from a great height is very different
 * from throwing it. A dropped object has a range increment of 20 meters and no upper range limit. … Dropped objects
 * are considered to be improvised weapons, giving a –4 nonproficiency penalty to your attack roll … If the target
 * square is more than altitude/5 meters laterally from your position, instead calculate your range penalty based on
 * the lateral distance as per a normal thrown weapon." So a thrown weapon whose target stands below the thrower by
 * `altitude` metres and at most altitude ÷ 5 metres away across the ground is dropped: its range is the fall, in
 * 20 m increments without a maximum (`MAX_INCREMENTS.dropped`), with the improvised −4. Farther across (issue 31
 * review d20rules #10) only the range changes: "instead calculate your range penalty based on the lateral distance as
 * per a normal thrown weapon. The lateral distance cannot exceed 5 x the object's thrown range increment (4 meters for
 * grenades, for a maximum lateral throw of 20 meters)" — the lateral distance in the thrown increments, a thrown
 * weapon's 5-increment maximum refusing it past 5 ×, the −4 kept. A target below that an ordinary throw reaches (its
 * distance within 5 thrown increments) is thrown, not dropped: a thrower on a 3 m ledge throws at a foe 10 m away, as
 * a player would choose, rather than "dropping" it at −4. Pure.
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

/** SW-16: a thrown weapon's lateral reach is at most 5 × its thrown range increment. */
export const DROPPED_LATERAL_INCREMENTS = 5;

/** SW-16: a drop's range for the range penalty — the fall (kind "dropped") or the lateral distance (kind "thrown"). */
export interface DroppedRange {
  readonly distance: number;
  readonly increment: number;
  readonly kind: "dropped" | "thrown";
}

/**
 * SW-16: the dropped object's range and increment, or null when it is no drop (a throw). Within altitude ÷ 5 across:
 * the fall in 20 m increments. Farther across, when the ordinary throw (the weapon's thrown `rangeIncrement`, the
 * target's 3-D `distance`) would be out of its 5 increments: the lateral distance in the thrown increment (kind
 * "thrown", so past 5 × it is out of range); else no drop.
 */
export function droppedObject(
  drop: DropGeometry | null | undefined,
  weapon?: { readonly rangeIncrement?: number | null },
  target?: { readonly distance: number },
): DroppedRange | null {
  if (!drop || !(drop.altitude > 0) || !Number.isFinite(drop.altitude)) return null;
  if (drop.lateral <= drop.altitude / DROPPED_LATERAL_DIVISOR + 1e-9)
    return { distance: drop.altitude, increment: DROPPED_INCREMENT_M, kind: "dropped" };
  const increment = weapon?.rangeIncrement ?? 0;
  if (!target || !(increment > 0)) return null;
  if (target.distance <= DROPPED_LATERAL_INCREMENTS * increment + 1e-9) return null;
  return { distance: drop.lateral, increment, kind: "thrown" };
}
