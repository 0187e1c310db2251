/**
 * Overwatch (seed 003, SWN-08): an action that faces a 60° arc; until the start of the overwatcher's next turn it may
 * make one attack at −2, as an instant action, at a target within that arc — an attack that ignores the cover's
 * armour, not its concealment (profile.ts, cover.ts). Pure: points in any one unit, angles in degrees clockwise from
 * north (the canvas's y grows downwards).
 */
import type { Point } from "../geometry/range.js";

/** SWN-08: the arc's width. */
export const OVERWATCH_ARC = 60;

/**
 * The eight facings offered on a square grid (north, north-east …), degrees clockwise from north: a square has no
 * hex side, and its eight neighbours are the directions a player points at there.
 */
export const OVERWATCH_FACINGS = [0, 45, 90, 135, 180, 225, 270, 315] as const;

/**
 * SWN-08 on SWN's hex map (seed 003: a 60 degree arc; the seed advises a single hex direction): the six directions
 * through a hex's sides, from its centre to its neighbours' centres. Column hexes are flat-topped (v13
 * `HexagonalGrid#columns`), so a side faces due north: 0, 60 … 300. Row hexes are pointy-topped, so a side faces due
 * east: 30, 90 … 330. Each 60° arc then spans exactly the hexes seen through that side.
 */
export const HEX_SIDE_FACINGS = {
  columns: [0, 60, 120, 180, 240, 300],
  rows: [30, 90, 150, 210, 270, 330],
} as const;

/** The grid an overwatch is faced on: square (or gridless), hex columns (flat-topped) or hex rows (pointy-topped). */
export type OverwatchGrid = "square" | "hexColumns" | "hexRows";

/**
 * The overwatch grid of a scene's v13 grid type (`CONST.GRID_TYPES`: 0 gridless, 1 square, 2 HEXODDR, 3 HEXEVENR,
 * 4 HEXODDQ, 5 HEXEVENQ). v13 `common/grid/hexagonal.mjs` (umplacable/foundryVTT foundryvtt/common/grid/hexagonal.mjs):
 * HEXODDQ/HEXEVENQ are `columns` — "column-based (flat-topped)" — and HEXODDR/HEXEVENR are row-based (pointy-topped).
 */
export function overwatchGridOf(gridType: number | undefined): OverwatchGrid {
  if (gridType === 4 || gridType === 5) return "hexColumns";
  if (gridType === 2 || gridType === 3) return "hexRows";
  return "square";
}

/** SWN-08: the facings offered on `grid` — the six hex sides on a hex map, the eight compass points otherwise. */
export function overwatchFacings(grid: OverwatchGrid): readonly number[] {
  if (grid === "hexColumns") return HEX_SIDE_FACINGS.columns;
  if (grid === "hexRows") return HEX_SIDE_FACINGS.rows;
  return OVERWATCH_FACINGS;
}

/** The bearing of `to` from `from`, degrees clockwise from north (canvas y downwards), 0 ≤ b < 360. */
export function bearing(from: Point, to: Point): number {
  const deg = (Math.atan2(to.x - from.x, -(to.y - from.y)) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** SWN-08: is `to` within the 60° arc faced from `from` (its edges included)? A target on the overwatcher is not. */
export function inOverwatchArc(from: Point, facing: number, to: Point): boolean {
  if (from.x === to.x && from.y === to.y) return false;
  const diff = Math.abs(((bearing(from, to) - facing + 540) % 360) - 180);
  return diff <= OVERWATCH_ARC / 2 + 1e-9;
}
