/**
 * Grenades and explosives: bounces on a miss (SF-B-17, SF-X-39), the doze grenade (SF-B-18, SF-X-42),
 * blasts (SF-X-43) and thrown explosives (SF-X-40).
 */
import { checkDie } from "../core/dice.js";
import { type AlphaDawnVariant, type RangeBand, RulesError } from "../core/types.js";
import type { Point } from "../geometry/range.js";

/**
 * Bounce directions: degrees clockwise from the direction of the throw, for d10 faces 1–10.
 *
 * The printed Grenade Bounce Diagram did not come through in our sources. The default here is our own
 * arrangement, consistent with the Basic Game's worked example (a 5 bounces "directly to the right"): misses
 * mostly carry on past the target. A GM can replace it in the settings.
 */
export const DEFAULT_BOUNCE_DIRECTIONS: readonly number[] = [0, 0, 45, -45, 90, -90, 135, -135, 180, 0];

/**
 * Bounce distance by the band the grenade was thrown at: Basic 1/2/3/4 squares for Short/Medium/Long/Extreme
 * (SF-B-17); Expanded 5/10/15/20 m (SF-X-39, seed 000). Point blank is not in either table: it bounces as Short.
 */
export function bounceDistance(band: RangeBand, variant: AlphaDawnVariant): number {
  const squares: Record<RangeBand, number> = { pb: 1, s: 1, m: 2, l: 3, e: 4 };
  return variant === "basic" ? squares[band] : squares[band] * 5;
}

/** Returns the point where a segment first meets an obstacle, or null when it is clear. */
export type ObstacleTest = (from: Point, to: Point) => Point | null;

export interface BounceResult {
  readonly direction: number;
  readonly intended: Point;
  readonly landing: Point;
  readonly distance: number;
  readonly stopped: boolean;
}

/**
 * The step of one square for a Basic-game bounce (SF-B-17): the bounce angle snapped to the nearest of the 8 grid
 * directions ("use whichever diagram is closest"), one square along it — a diagonal step moves one square across
 * and one down, as squares are counted (Chebyshev, like SF-B-09's range). `size` is a square's side.
 */
export function squareStep(angle: number, size: number): Point {
  const eighth = Math.round(angle / (Math.PI / 4));
  const snapped = (eighth * Math.PI) / 4;
  return { x: Math.round(Math.cos(snapped)) * size, y: Math.round(Math.sin(snapped)) * size };
}

/**
 * Where a missed grenade goes off: from the target point, `distance` along the d10 direction relative to the
 * throw, stopping at the first wall or obstacle (SF-B-17: "a grenade will stop if it hits a wall"). The stop
 * point is pulled back a hair so the blast stays on the thrower's side of the wall.
 *
 * With `squareSize` (the Basic game, SF-B-17/18) `distance` counts squares: the direction is snapped to the 8 grid
 * directions and the grenade lands in the centre of a square, `distance` squares away, or in the last whole square
 * before the wall that stops it.
 *
 * The Star Frontiers bounce: a d10 and a table of exactly 10 directions; {@link deviate} is the same with any die.
 */
export function bounce(
  from: Point,
  target: Point,
  d10: number,
  distance: number,
  obstacle: ObstacleTest,
  directions: readonly number[] = DEFAULT_BOUNCE_DIRECTIONS,
  squareSize: number | null = null,
): BounceResult {
  checkDie(d10, 10);
  if (directions.length !== 10)
    throw new RulesError("FT.Error.bounceTable", "The bounce table needs 10 directions");
  return deviate(from, target, d10, distance, obstacle, directions, squareSize);
}

/**
 * {@link bounce} generalised to N directions (design d20-swn.md §7): the die has as many faces as the table has
 * directions — a d10 for Star Frontiers, a d8 for d20 grenadelike weapons (SW-38), a d6 on a hex map. Face k turns
 * `directions[k − 1]` degrees clockwise from the line of the throw; walls stop the grenade the same way.
 */
export function deviate(
  from: Point,
  target: Point,
  face: number,
  distance: number,
  obstacle: ObstacleTest,
  directions: readonly number[],
  squareSize: number | null = null,
): BounceResult {
  if (directions.length < 1)
    throw new RulesError("FT.Error.bounceTable", "The deviation table needs at least one direction");
  checkDie(face, directions.length);
  const direction = directions[face - 1] ?? 0;
  const throwAngle = Math.atan2(target.y - from.y, target.x - from.x);
  const a = throwAngle + (direction * Math.PI) / 180;
  if (squareSize !== null && squareSize > 0) {
    const step = squareStep(a, squareSize);
    const at = (k: number) => ({ x: target.x + step.x * k, y: target.y + step.y * k });
    const end = at(distance);
    const hit = obstacle(target, end);
    if (!hit) return { direction, intended: target, landing: end, distance, stopped: false };
    // The last square whose centre the grenade reached before the wall.
    const travelled = Math.hypot(hit.x - target.x, hit.y - target.y);
    const k = Math.max(0, Math.floor(travelled / Math.hypot(step.x, step.y) - 1e-9));
    return { direction, intended: target, landing: at(k), distance: k, stopped: true };
  }
  const end = { x: target.x + Math.cos(a) * distance, y: target.y + Math.sin(a) * distance };
  const hit = obstacle(target, end);
  if (!hit) return { direction, intended: target, landing: end, distance, stopped: false };
  const travelled = Math.max(0, Math.hypot(hit.x - target.x, hit.y - target.y) - 0.01);
  const landing = { x: target.x + Math.cos(a) * travelled, y: target.y + Math.sin(a) * travelled };
  return { direction, intended: target, landing, distance: travelled, stopped: true };
}

/** Grenades affect a 6 m diameter (SF-X-43). */
export const GRENADE_BLAST_RADIUS = 3;

/** Doze grenades needed against a big creature: current Stamina ÷ 50, rounded down, at least 1 (SF-X-42). */
export function dozeGrenadesNeeded(currentStamina: number): number {
  return Math.max(1, Math.floor(Math.max(0, currentStamina) / 50));
}

export interface DozeResult {
  readonly needed: number;
  readonly knockedOut: boolean;
  /** Basic: unconscious for one hour (SF-B-18); Expanded sources conflict (rules-tables §15.7): the GM's setting. */
  readonly reason: "asleep" | "tooBig" | "gasMask";
}

/** A creature caught by `grenades` doze grenades at once (SF-B-18, SF-X-42). */
export function resolveDoze(currentStamina: number, grenades: number, gasMask: boolean): DozeResult {
  const needed = dozeGrenadesNeeded(currentStamina);
  if (gasMask) return { needed, knockedOut: false, reason: "gasMask" };
  if (grenades < needed) return { needed, knockedOut: false, reason: "tooBig" };
  return { needed, knockedOut: true, reason: "asleep" };
}

/** A combat turn lasts 6 seconds; 10 turns are a minute (rules-tables §1). */
export const SECONDS_PER_TURN = 6;

/** A stun from a thrown explosive lasts one turn (SF-X-40). */
export const STUN_TURNS = 1;

/**
 * How many turns a doze grenade's sleep lasts: one hour in the Basic game, 600 turns of 6 seconds (SF-B-18, seed
 * 001); d100 turns in the Expanded game (rules-tables §18, FAN-DZ and TM — the edition difference of §15.7).
 */
export function dozeTurns(variant: AlphaDawnVariant, d100: number | null): number {
  if (variant === "basic") return 3600 / SECONDS_PER_TURN;
  if (d100 === null) throw new RulesError("FT.Error.dozeDuration", "An Expanded doze needs its d100 turns");
  checkDie(d100 === 0 ? 100 : d100, 100);
  return d100 === 0 ? 100 : d100;
}

export type ExplosiveZone = "blast" | "stun" | "outside";

/**
 * Thrown explosives (SF-X-40): inside the blast radius full damage; within twice the radius a Reaction Speed
 * check (d100 ≤ RS) or stunned for one turn.
 */
export function explosiveZone(distance: number, radius: number): ExplosiveZone {
  if (distance <= radius) return "blast";
  if (distance <= radius * 2) return "stun";
  return "outside";
}

export function explosiveStun(
  distance: number,
  radius: number,
  rs: number,
  d100: number,
): { zone: ExplosiveZone; stunned: boolean } {
  const zone = explosiveZone(distance, radius);
  if (zone !== "stun") return { zone, stunned: false };
  checkDie(d100 === 0 ? 100 : d100, 100);
  return { zone, stunned: (d100 === 0 ? 100 : d100) > rs };
}

/** Damage rolled separately for every creature in the blast (SF-X-43). */
export function blastDamage(
  perCreature: Readonly<Record<string, readonly number[]>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, dice] of Object.entries(perCreature)) out[id] = dice.reduce((a, b) => a + b, 0);
  return out;
}

/** Mass of explosives that may be thrown as a grenade (SF-X-40). */
export const MAX_THROWN_EXPLOSIVE_GRAMS = 500;
