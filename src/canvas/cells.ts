/**
 * A token's grid cells (issue 33: apart from canvas/scene-facts.ts, so the attack card, which loads with the system,
 * reads them without loading the scene's caster).
 */
import type { Point } from "../rules/index.js";

/** The centres of the grid cells a token covers from its top-left corner (`cols` × `rows` cells, at least one). */
export function cellCentres(x: number, y: number, cols: number, rows: number, size: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < Math.max(1, cols); i++)
    for (let j = 0; j < Math.max(1, rows); j++)
      out.push({ x: x + (i + 0.5) * size, y: y + (j + 0.5) * size });
  return out;
}
