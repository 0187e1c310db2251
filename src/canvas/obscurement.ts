/**
 * SW-32 from the scene's regions: the highest concealment of the active `frontier-tactics.obscurement` behaviours
 * (`data/region/obscurement.ts`) whose region the line of fire passes through, from the attacker's centre at its
 * elevation to the target's. Each point is asked of v13's `RegionDocument#testPoint(point: ElevatedPoint)`
 * (client/documents/region.mjs: inside the elevation band and the polygon tree), so a fog bank with a top of 3 m
 * does not hide a shot between two tokens on a roof. `RegionBehavior#active` (client/documents/region-behavior.mjs)
 * leaves out disabled behaviours; a hidden (GM-only) region still conceals, as its fog is still there.
 */
import { isObscurementDegree, OBSCUREMENT_TYPE } from "../data/region/obscurement-type.js";
import {
  concealmentChance,
  type ElevatedPoint,
  type ObscuringArea,
  obscurementAlong,
} from "../rules/index.js";

/** The obscuring areas of a scene: one per active obscurement behaviour, with its region's point test. */
export function obscuringAreas(scene: Scene.Implementation): ObscuringArea[] {
  const areas: ObscuringArea[] = [];
  for (const region of scene.regions) {
    for (const behavior of region.behaviors) {
      if (behavior.type !== OBSCUREMENT_TYPE || !behavior.active) continue;
      // fvtt-types does not narrow `system` by `type`; the degree is read as unknown and checked.
      const system: unknown = behavior.system;
      const degree = system && typeof system === "object" && "degree" in system ? system.degree : undefined;
      if (!isObscurementDegree(degree)) continue;
      areas.push({ chance: concealmentChance(degree), contains: (p) => region.testPoint(p) });
    }
  }
  return areas;
}

/** The miss chance (0–100) the scene's obscuring regions give a shot from `from` to `to` (SW-32). */
export function regionMissChance(
  scene: Scene.Implementation,
  from: ElevatedPoint,
  to: ElevatedPoint,
  gridSize: number,
): number {
  return obscurementAlong(obscuringAreas(scene), from, to, gridSize / 4);
}
