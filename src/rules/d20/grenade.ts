/**
 * Grenadelike weapons (SW-38): a thrown grenade aimed at a 2 m × 2 m square, where it lands on a miss, and the
 * Reflex save for half damage of those in the burst. Pure: the d20, d3 and d8 come in as numbers.
 *
 * - The square "has an effective Defense of 5", and the throw takes the range penalty. Ruling 4c: −2 per full
 *   increment (⌊distance ÷ increment⌋) for every weapon, grenades included, up to 5 increments (thrown), inclusive —
 *   not the grenade paragraph's "beyond the first". Most grenades have a 4 m increment: 10 m → 2 increments → −4.
 * - A miss lands "1d3 meters" from the target "+1 meter for every two range increments of distance you threw",
 *   in a 1d8 direction relative to the throw: 1 long, 2 long and right, 3 right, 4 short and right, 5 short, 6 short
 *   and left, 7 left, 8 long and left — 0°, 45°, 90°, 135°, 180°, −135°, −90°, −45° clockwise from the line of the
 *   throw. The geometry is the Star Frontiers bounce generalised to N directions ({@link deviate}): a wall that blocks
 *   movement stops the grenade.
 * - Everyone within the burst radius may make a Reflex save for half damage (rounded down, the d20 rounding); cover
 *   from the blast point adds its Reflex bonus, and nine-tenths cover turns a failed save into half and a success
 *   into none (SW-30). The burst radius and save DC are weapon fields the seed does not give: never guessed.
 */
import { deviate, type ObstacleTest } from "../alpha-dawn/grenades.js";
import { checkDie } from "../core/dice.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { inBlast, type Occupant } from "../geometry/areas.js";
import type { RayCaster } from "../geometry/caster.js";
import type { Footprint } from "../geometry/cover.js";
import type { Point } from "../geometry/range.js";
import { type AttackInput, type AttackTerms, attackModifiers } from "./attack.js";
import { measureD20Cover, type Posture } from "./cover.js";
import { COVER_TABLE, type CoverDegree } from "./tables.js";

/** SW-38: the target square's effective Defense, its side in metres, and most grenades' range increment. */
export const GRENADE_SQUARE_DEFENSE = 5;
export const GRENADE_SQUARE_M = 2;
export const GRENADE_INCREMENT_M = 4;

/** SW-38: the d8 deviation, degrees clockwise from the line of the throw, for faces 1–8. */
export const D8_DEVIATION_DIRECTIONS: readonly number[] = [0, 45, 90, 135, 180, -135, -90, -45];

/** SW-38: the target number of a throw at a square — the square's Defense 5 as a labelled term. */
export function grenadeSquareDefense(): Modifier[] {
  return [{ id: "square", label: "FT.D20.Grenade.square", value: GRENADE_SQUARE_DEFENSE, ruleId: "SW-38" }];
}

/**
 * SW-38: the attack terms of a throw at a square — a ranged attack (SW-04) with a thrown weapon's range (ruling 4c;
 * the increment defaults to the seed's 4 m) — and the square's Defense.
 */
export function grenadeAttack(
  input: Omit<AttackInput, "melee" | "rangedKind" | "rangeIncrement"> & { readonly rangeIncrement?: number },
): { readonly attack: AttackTerms; readonly target: Modifier[]; readonly targetValue: number } {
  const attack = attackModifiers({
    ...input,
    melee: false,
    rangedKind: "thrown",
    rangeIncrement: input.rangeIncrement ?? GRENADE_INCREMENT_M,
  });
  return { attack, target: grenadeSquareDefense(), targetValue: GRENADE_SQUARE_DEFENSE };
}

/** SW-38: how far a missed grenade lands from the target — 1d3 m + 1 m per two full range increments thrown. */
export function deviationMetres(d3: number, increments: number): number {
  checkDie(d3, 3);
  if (!Number.isInteger(increments) || increments < 0)
    throw new RulesError("FT.Error.badDistance", "Range increments must be a whole number ≥ 0");
  return d3 + Math.floor(increments / 2);
}

export interface GrenadeThrow {
  readonly from: Point;
  readonly target: Point;
  readonly hit: boolean;
  /** Full range increments of the throw (from the attack's range). */
  readonly increments: number;
  /** The deviation dice, needed only on a miss. */
  readonly d3: number | null;
  readonly d8: number | null;
  /** Scene units per metre (1 when the points are in metres). */
  readonly unitsPerMetre: number;
}

export interface GrenadeLanding {
  readonly landing: Point;
  readonly deviated: boolean;
  /** Metres the miss carried it (before any wall). */
  readonly metres: number;
  /** Degrees clockwise from the throw; null on a hit. */
  readonly direction: number | null;
  readonly stoppedByWall: boolean;
}

/** SW-38: where the grenade goes off — at the target's feet on a hit, otherwise deviated (walls stop it). */
export function grenadeLanding(g: GrenadeThrow, obstacle: ObstacleTest): GrenadeLanding {
  if (g.hit) return { landing: g.target, deviated: false, metres: 0, direction: null, stoppedByWall: false };
  if (g.d3 === null || g.d8 === null)
    throw new RulesError("FT.D20.Grenade.diceMissing", "A missed grenade needs its d3 and d8");
  const metres = deviationMetres(g.d3, g.increments);
  const r = deviate(g.from, g.target, g.d8, metres * g.unitsPerMetre, obstacle, D8_DEVIATION_DIRECTIONS);
  return {
    landing: r.landing,
    deviated: true,
    metres,
    direction: r.direction,
    stoppedByWall: r.stopped,
  };
}

/** A weapon's burst radius (metres) or save DC must be entered: the seed gives neither. */
export function checkGrenadeField(value: number | null | undefined, field: "burstRadius" | "saveDC"): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0)
    throw new RulesError("FT.D20.Grenade.missingField", `The grenade has no ${field}`, { field });
  return value;
}

export interface ReflexResult {
  readonly total: number;
  readonly passed: boolean;
  /** The damage taken after the save. */
  readonly damage: number;
}

/**
 * SW-38, SW-30: a Reflex save against a burst — d20 + save bonus + the cover's Reflex bonus (from the blast point)
 * reaching the DC halves the damage (rounded down); with nine-tenths cover a failure halves and a success avoids it.
 * Total cover means the burst never reached the character: no save, no damage.
 */
export function reflexAgainstBurst(
  d20: number,
  saveBonus: number,
  dc: number,
  damage: number,
  cover: CoverDegree = "none",
): ReflexResult {
  checkDie(d20, 20);
  const row = COVER_TABLE[cover];
  if (row.reflex === null) return { total: d20 + saveBonus, passed: true, damage: 0 };
  const total = d20 + saveBonus + row.reflex;
  const passed = total >= dc;
  const half = Math.floor(damage / 2);
  return { total, passed, damage: row.evasion ? (passed ? 0 : half) : passed ? half : damage };
}

export interface BurstOccupant extends Occupant {
  readonly footprint: Footprint;
  readonly posture?: Posture;
}

export interface CaughtInBurst {
  readonly id: string;
  /** Cover from the blast point (SW-30: "attacks that originate or spread out from a point on the other side"). */
  readonly cover: CoverDegree;
  /** Its bonus on the Reflex save; null for total cover (the burst does not reach). */
  readonly reflexBonus: number | null;
  /** SWN-15: the materials of the hard walls between the blast point and it (none without cover). */
  readonly materials: readonly string[];
}

/**
 * SW-38, SW-30: who the burst catches (a cell within the radius and not walled off, as the Star Frontiers blast
 * does, {@link inBlast}) and the cover each has from the blast point — the d20 lattice cast from a point footprint
 * (design §2.3), low walls and posture included — for the Reflex save's bonus.
 */
export function burstCaught(
  centre: Point,
  radius: number,
  occupants: readonly BurstOccupant[],
  caster: RayCaster,
): CaughtInBurst[] {
  const ids = new Set(inBlast(centre, radius, occupants, caster));
  const point: Footprint = { x: centre.x, y: centre.y, w: 0, h: 0 };
  return occupants
    .filter((o) => ids.has(o.id))
    .map((o) => {
      const report = measureD20Cover(point, o.footprint, caster, o.posture ?? "standing");
      const cover = report.degree;
      // SWN-15, SWN-16: the hard walls between the blast point and the creature (their armour under swn).
      const materials = cover === "none" ? [] : report.materials;
      return { id: o.id, cover, reflexBonus: COVER_TABLE[cover].reflex, materials };
    });
}
