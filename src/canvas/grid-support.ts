/**
 * The system's square-only counts (review foundry-v13-ui-canvas-2 §3.3): the Basic game's range in squares
 * (SF-B-09, scene-facts.ts `distanceBetween`) and the squares a squad token's units stand in for a burst (SWN-17,
 * card-targets.ts `areaUnitsOf`) read a square lattice. On a hexagonal or gridless scene (v13 `CONST.GRID_TYPES`:
 * 0 gridless, 1 square, 2–5 hexagonal) those counts would be taken on the wrong cells, so the user is told, once per
 * scene on each page, that these counts assume squares; the Expanded game's ranges in metres use the grid's own
 * `measurePath` and are right on any grid. Not done: counting them on hexes (`getOffsetRange` / `getCenterPoint`
 * over `TokenDocument#getOccupiedGridSpaceOffsets`).
 */
import { perPage } from "../helpers/page-state.js";

/** v13 `CONST.GRID_TYPES.SQUARE`. */
const SQUARE = 1;

/** Scenes (per page) already warned about. */
const WARNED = perPage(() => new Set<string>());

/** Is this scene's grid square? If not, warn once per scene that `what` is counted in squares. */
export function squareGrid(
  scene: { id: string | null; grid: { type: number } } | null | undefined,
  what: "basicRange" | "squadBurst",
): boolean {
  if (!scene || scene.grid.type === SQUARE) return true;
  const key = `${scene.id ?? ""}:${what}`;
  if (!WARNED().has(key)) {
    WARNED().add(key);
    ui.notifications?.warn(game.i18n?.localize(`FT.Grid.squareOnly.${what}`) ?? what);
  }
  return false;
}
