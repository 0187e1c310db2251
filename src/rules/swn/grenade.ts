/**
 * Grenades on SWN's hex map (seed 003, SWN-16): "If the attack misses, the grenade lands 1d3 hexes (1d3x3 meters) away
 * in a random direction … explodes as normal." On a map of 3 m hexes a random direction is one of the six hex sides
 * (1d6, as SWN-04's random direction), not the d20 rules' d8 at 45° (SW-38); and the half-damage save is SWN's own —
 * an Evasion save (d20 meeting the save target), not the d20 Reflex against a DC with cover's bonus (under SWN cover
 * is the armour the blast meets, SWN-15). Pure: the dice come in as numbers, points in scene units.
 */
import { deviate, type ObstacleTest } from "../alpha-dawn/grenades.js";
import { checkDie } from "../core/dice.js";
import { RulesError } from "../core/types.js";
import type { Point } from "../geometry/range.js";
import { grenadeMissMetres } from "./cover.js";
import { HEX_SIDE_FACINGS, type OverwatchGrid } from "./overwatch.js";

/**
 * SWN-16: the six directions a missed grenade may take, degrees clockwise from north, for the d6's faces 1–6: the
 * scene's six hex sides (flat-topped columns 0, 60 … 300; pointy-topped rows 30, 90 … 330). A square or gridless
 * scene has no hex side; it takes the columns' six (north first), so the d6 still picks one of six at 60°.
 */
export function grenadeHexSides(grid: OverwatchGrid): readonly number[] {
  return grid === "hexRows" ? HEX_SIDE_FACINGS.rows : HEX_SIDE_FACINGS.columns;
}

export interface SwnGrenadeThrow {
  readonly target: Point;
  readonly hit: boolean;
  /** 1d3 hexes, and the d6 of the hex side; needed only on a miss. */
  readonly d3: number | null;
  readonly d6: number | null;
  /** Scene units per metre (1 when the points are in metres). */
  readonly unitsPerMetre: number;
  readonly grid: OverwatchGrid;
}

export interface SwnGrenadeLanding {
  readonly landing: Point;
  readonly deviated: boolean;
  /** Metres the miss carried it (before any wall): 3, 6 or 9. */
  readonly metres: number;
  /** The hex side it went through, degrees clockwise from north; null on a hit. */
  readonly direction: number | null;
  readonly stoppedByWall: boolean;
}

/**
 * SWN-16: where the grenade goes off — at the target on a hit; on a miss 1d3 hexes (3 m each) through the hex side
 * the d6 picks (`grenadeHexSides`), a wall that blocks movement stopping it as in SW-38 ({@link deviate}).
 */
export function swnGrenadeLanding(g: SwnGrenadeThrow, obstacle: ObstacleTest): SwnGrenadeLanding {
  if (g.hit) return { landing: g.target, deviated: false, metres: 0, direction: null, stoppedByWall: false };
  if (g.d3 === null || g.d6 === null)
    throw new RulesError("FT.D20.Grenade.diceMissing", "A missed grenade needs its d3 and d6");
  const metres = grenadeMissMetres(g.d3);
  const sides = grenadeHexSides(g.grid);
  // `deviate` turns each direction from the line of a throw: a line heading due north makes them bearings.
  const north = { x: g.target.x, y: g.target.y + 1 };
  const r = deviate(north, g.target, g.d6, metres * g.unitsPerMetre, obstacle, sides);
  return { landing: r.landing, deviated: true, metres, direction: r.direction, stoppedByWall: r.stopped };
}

export interface EvasionResult {
  readonly passed: boolean;
  /** The damage taken after the save. */
  readonly damage: number;
}

/**
 * SWN-16 "explodes as normal": each creature caught may make an Evasion save — the d20 meeting its save target
 * (SWN-02's `evasionSave`) — for half the damage, rounded down.
 */
export function evasionAgainstBurst(d20: number, saveTarget: number, damage: number): EvasionResult {
  checkDie(d20, 20);
  if (!Number.isInteger(saveTarget) || saveTarget < 2 || saveTarget > 20)
    throw new RulesError("FT.SWN.Grenade.badSave", `A save target is 2–20, not ${saveTarget}`);
  const passed = d20 >= saveTarget;
  return { passed, damage: passed ? Math.floor(damage / 2) : damage };
}
