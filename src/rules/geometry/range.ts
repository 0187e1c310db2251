/**
 * Distance maths shared by every engine. Pure: points and numbers in, numbers out.
 */
import { RANGE_BANDS, type RangeBand, type RangeTable, RulesError } from "../core/types.js";

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Elevation (SF-X-15): of the horizontal distance and the height difference, the shorter is halved and
 * added to the longer. The sniper example: 20 m out, 50 m up → 60 m.
 */
export function rangeWithElevation(horizontal: number, heightDifference: number): number {
  const h = Math.abs(horizontal);
  const v = Math.abs(heightDifference);
  if (!Number.isFinite(h) || !Number.isFinite(v)) {
    throw new RulesError("FT.Error.badDistance", "Distance must be a finite number");
  }
  return Math.max(h, v) + Math.min(h, v) / 2;
}

/**
 * Basic game range in squares (SF-B-09): count the squares along the most direct path (diagonals allowed),
 * counting the target's square but not the attacker's — the larger of the column and row differences.
 */
export function basicSquareRange(attacker: Point, target: Point): number {
  for (const p of [attacker, target]) {
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y)) {
      throw new RulesError("FT.Error.badSquare", "Squares are counted between whole grid cells");
    }
  }
  return Math.max(Math.abs(attacker.x - target.x), Math.abs(attacker.y - target.y));
}

/** Checks a weapon's range table: existing bands must rise strictly, at least one band must exist. */
export function validateRangeTable(table: RangeTable): void {
  let last = -1;
  let any = false;
  for (const band of RANGE_BANDS) {
    const max = table[band];
    if (max === null) continue;
    if (!Number.isFinite(max) || max < 0 || max <= last) {
      throw new RulesError(
        "FT.Error.rangeTable",
        `Range band ${band} must be larger than the band before it`,
        {
          band,
        },
      );
    }
    last = max;
    any = true;
  }
  if (!any) throw new RulesError("FT.Error.rangeTableEmpty", "A ranged weapon needs at least one range band");
}

/**
 * The band a distance falls in (SF-B-10, SF-X-14): the first existing band whose upper limit is at least the
 * distance; `null` beyond the last band (cannot hit). A distance short of a weapon's first band (the Basic
 * gyrojet pistol has no point-blank band) falls in that first band.
 */
export function rangeBand(distance: number, table: RangeTable): RangeBand | null {
  if (!Number.isFinite(distance) || distance < 0) {
    throw new RulesError("FT.Error.badDistance", "Distance must be a finite number of at least 0");
  }
  for (const band of RANGE_BANDS) {
    const max = table[band];
    if (max !== null && distance <= max) return band;
  }
  return null;
}

/**
 * Telescopic sight (SF-X-16): the next closer band's modifier, never at point blank or short range.
 * Returns the band whose modifier applies.
 */
export function scopedBand(band: RangeBand): RangeBand {
  switch (band) {
    case "e":
      return "l";
    case "l":
      return "m";
    case "m":
      return "s";
    default:
      return band;
  }
}

/** Euclidean distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
