/**
 * d20 cover and concealment from the scene (SW-30, SW-32; ruling 3; design §2.3).
 *
 * The target is sampled on one 4 × 4 lattice (16 points, ruling 3); rays go from each of the attacker's eye points
 * (the same five as Star Frontiers' `samplePoints`: leaning round a corner is the best of them) through the walls,
 * counted by `castRays` of `geometry/cover.ts` — the one ray counter, reused, not copied. Of the eyes, the attacker
 * uses the one that leaves the target the least cover, then the least concealment. Each ray is:
 * - **hard**: crosses a full-height hard-cover wall;
 * - **low**: crosses hard-cover walls, all of them low (wall flag `height: "low"`, SW-30's "1-meter high wall");
 * - **soft**: crosses a soft wall (blocks sight, not fire) and no full hard wall — concealment, not cover;
 * - clear.
 * The share of hard rays gives the degree through {@link LATTICE_CUTS}: 0–1 of 16 none (one grazing ray is
 * ignored), 2–5 ¼, 6–9 ½, 10–13 ¾, 14–15 9/10, all 16 total (no line of sight: cannot be targeted).
 * The other sources of cover, none stacking, the largest applying (SW-30):
 * - a low wall across the line of fire gives ¼ to a standing target and ¾ to a kneeling or prone one (the seed's
 *   "kneeling behind a low wall … from one-quarter (+2) to three-quarters (+7)"). It counts as across the line of
 *   fire when its rays alone reach the ½ cut (6 of 16) — a choice where the seed and the design are silent;
 * - posture against a ranged attack: sitting or kneeling ¼, prone ½ (ruling 4b: +4, not stacking);
 * - a creature in the line of fire: ½ ("behind a character of the same size").
 * Concealment (SW-32): the share of soft rays through the same cuts gives 10/20/30/40/50 %; a region's obscurement
 * and the dialog's free percentage compete with it, and the highest applies — miss chances never add.
 */
import { crossesWall, type RayCaster, type Wall } from "../geometry/caster.js";
import { castRays, type Footprint, type RayReport, samplePoints } from "../geometry/cover.js";
import type { Point } from "../geometry/range.js";
import { type CoverSource, checkMissChance } from "./resolve.js";
import {
  CONCEALMENT_MISS_CHANCE,
  COVER_DEGREES,
  COVER_TABLE,
  type CoverDegree,
  LATTICE_CUTS,
  LATTICE_SIDE,
} from "./tables.js";

/** A wall as the d20 engine reads it (the caster's wall carries SW-30's height). */
export type D20Wall = Wall;

/** True for a low wall (SW-30: a wall that covers a standing Human's lower half). */
export function isLowWall(wall: Wall): boolean {
  return wall.height === "low";
}

/** A full-height hard-cover wall: a ray that crosses one is hard (below). */
function isFullHard(wall: Wall): boolean {
  return wall.cover === "hard" && !isLowWall(wall);
}

/**
 * Ruling 3: the target's 16 sample points, the centres of a 4 × 4 division of its footprint (inset by ⅛, so no
 * point lies on the token's edge, where a wall along it would cut rays at random).
 */
export function latticePoints(f: Footprint, side: number = LATTICE_SIDE): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < side; i++)
    for (let j = 0; j < side; j++)
      out.push({ x: f.x - f.w / 2 + ((i + 0.5) * f.w) / side, y: f.y - f.h / 2 + ((j + 0.5) * f.h) / side });
  return out;
}

/** SW-30, ruling 3: the degree for `blocked` of `total` rays (every ray blocked is total). */
export function degreeFromShare(blocked: number, total: number): CoverDegree {
  if (total <= 0 || blocked <= 0) return "none";
  if (blocked >= total) return "total";
  const f = blocked / total;
  let degree: CoverDegree = "none";
  for (const cut of LATTICE_CUTS) if (f >= cut.from) degree = cut.degree;
  return degree;
}

const rank = (d: CoverDegree): number => COVER_DEGREES.indexOf(d);

/** SW-30: the larger of two degrees. */
export function maxDegree(a: CoverDegree, b: CoverDegree): CoverDegree {
  return rank(a) >= rank(b) ? a : b;
}

export type Posture = "standing" | "kneeling" | "prone";

export interface LatticeCount {
  readonly eye: Point;
  readonly hard: number;
  readonly low: number;
  readonly soft: number;
  readonly total: number;
  /** For each hard or low ray, the first wall id that blocked it (the card lists what gave cover). */
  readonly walls: readonly string[];
  /** SWN-15: the materials of the hard walls those rays cross (the cover's armour is the best of them). */
  readonly materials: readonly string[];
}

/**
 * SW-30 from the walls only: the degree a low wall gives (¼ standing, ¾ kneeling or prone), when its rays reach
 * the ½ cut.
 */
export function lowWallDegree(count: Pick<LatticeCount, "low" | "total">, posture: Posture): CoverDegree {
  if (count.total <= 0 || count.low / count.total < (LATTICE_CUTS[1]?.from ?? 0.375)) return "none";
  return posture === "standing" ? "quarter" : "threeQuarters";
}

/** SW-30, ruling 4b: a ranged attack against a kneeling (or sitting) target faces ¼ cover, against a prone one ½. */
export function postureDegree(posture: Posture, ranged: boolean): CoverDegree {
  if (!ranged) return "none";
  return posture === "prone" ? "half" : posture === "kneeling" ? "quarter" : "none";
}

export interface CoverInput {
  readonly count: Pick<LatticeCount, "hard" | "low" | "total">;
  readonly posture: Posture;
  readonly ranged: boolean;
  /** Ids of creatures in the line of fire (`tokensInTheWay`): ½ cover (SW-30). */
  readonly inTheWay?: readonly string[];
}

export interface D20CoverResult {
  readonly degree: CoverDegree;
  readonly source: CoverSource;
  /** Cover bonus to Defense; 0 for none; null for total (cannot be targeted). */
  readonly defense: number | null;
  /** Cover bonus on Reflex saves against area attacks from beyond the cover. */
  readonly reflex: number | null;
  /** The covering creature, when a creature gives the largest cover (SW-31). */
  readonly creatureId: string | null;
}

/**
 * SW-30 (ruling 3, ruling 4b): the cover a target has, the largest of walls, a low wall, posture and a creature in
 * the way; on a tie the wall is named first, then the low wall, the creature, the posture (only walls and creatures
 * can be struck, SW-31).
 */
export function d20Cover(input: CoverInput): D20CoverResult {
  const candidates: [CoverDegree, CoverSource][] = [
    [degreeFromShare(input.count.hard, input.count.total), "wall"],
    [lowWallDegree(input.count, input.posture), "lowWall"],
    [(input.inTheWay?.length ?? 0) > 0 ? "half" : "none", "creature"],
    [postureDegree(input.posture, input.ranged), "posture"],
  ];
  let best: [CoverDegree, CoverSource] = ["none", "none"];
  for (const c of candidates) if (c[0] !== "none" && rank(c[0]) > rank(best[0])) best = c;
  const row = COVER_TABLE[best[0]];
  return {
    degree: best[0],
    source: best[1],
    defense: row.defense,
    reflex: row.reflex,
    creatureId: best[1] === "creature" ? (input.inTheWay?.[0] ?? null) : null,
  };
}

/** SW-30: the cover bonus to Defense for a degree (0 for none; null for total, which cannot be targeted). */
export function coverDefense(degree: CoverDegree): number | null {
  return COVER_TABLE[degree].defense;
}

/** SW-32: the miss chance of a concealment degree (¼ 10 %, ½ 20 %, ¾ 30 %, 9/10 40 %, total 50 %). */
export function concealmentChance(degree: CoverDegree): number {
  return CONCEALMENT_MISS_CHANCE[degree];
}

/**
 * SW-32: "use the one that would produce the highest miss chance. Do not add miss chances together." Each source
 * (soft walls, a region's obscurement, the dialog's free percentage) is a percentage 0–100; `guess` says the total
 * concealment's "must guess target's location" applies.
 */
export function highestMissChance(chances: readonly number[]): {
  readonly chance: number;
  readonly guess: boolean;
} {
  let chance = 0;
  for (const c of chances) chance = Math.max(chance, checkMissChance(c));
  return { chance, guess: chance >= CONCEALMENT_MISS_CHANCE.total };
}

/** Records the walls the caster reports, so a ray's wall ids can be read back as walls. */
class RecordingCaster implements RayCaster {
  readonly seen = new Map<string, Wall>();
  constructor(private readonly inner: RayCaster) {}
  crossings(from: Point, to: Point) {
    const out = this.inner.crossings(from, to);
    for (const c of out) this.seen.set(c.wall.id, c.wall);
    return out;
  }
  aim(from: Point, to: readonly Point[]): void {
    this.inner.aim?.(from, to);
  }
}

/**
 * Ruling 3: count the target's 16 lattice rays from one eye, through `castRays` (geometry/cover.ts): hard (a full
 * hard wall), low (only low hard walls), soft (a soft wall and no full hard wall).
 */
export function countLattice(eye: Point, lattice: readonly Point[], caster: RayCaster): LatticeCount {
  const count = countLatticeAgainst(eye, lattice, caster, null);
  // With no best eye to lose to, every ray is counted: never null.
  if (!count) throw new Error("countLattice: an eye with no best to beat was cut short");
  return count;
}

/**
 * {@link countLattice}, or null as soon as the eye cannot beat `best` (the best eye so far): its hard rays so far
 * already give more cover than `best`'s (counts only grow, and a low wall only adds: its degree is at least the hard
 * rays'), or as much cover and as much concealment from its soft rays so far (the tie-break wants strictly less).
 * Such an eye could never be chosen by `measureD20Cover`, so its remaining rays need not be cast: the answer is the
 * same, with fewer rays (issue 34). An eye against a total-cover best is never cut short (total needs all 16).
 */
function countLatticeAgainst(
  eye: Point,
  lattice: readonly Point[],
  caster: RayCaster,
  best: LatticeReport | null,
): LatticeCount | null {
  // Against a total-cover best, only an eye with a ray that meets no full hard wall can win (SW-30: all 16 blocked
  // is total, and a total eye has no soft rays, so it ties and the first eye stays): ask each ray just that.
  if (best?.degree === "total") {
    caster.aim?.(eye, lattice);
    let total = true;
    for (const p of lattice)
      if (!crossesWall(caster, eye, p, isFullHard)) {
        total = false;
        break;
      }
    if (total) return null;
  }
  const rec = new RecordingCaster(caster);
  let hard = 0;
  let low = 0;
  let soft = 0;
  // The cut-short test, one new ray at a time: its full hard rays and its soft rays (no full hard wall) so far.
  let beaten = false;
  let fullSoFar = 0;
  let softSoFar = 0;
  const enough = best
    ? (sofar: readonly RayReport[]) => {
        const ray = sofar[sofar.length - 1];
        if (!ray || ray.result === "clear") return false;
        let full = false;
        let obscured = false;
        for (const id of ray.walls) {
          const w = rec.seen.get(id) as Wall;
          if (w.cover === "soft") obscured = true;
          else if (w.cover === "hard" && !isLowWall(w)) full = true;
        }
        if (full) fullSoFar++;
        else if (obscured) softSoFar++;
        const degree = rank(degreeFromShare(fullSoFar, lattice.length));
        const bestDegree = rank(best.degree);
        beaten =
          degree > bestDegree ||
          (degree === bestDegree &&
            rank(degreeFromShare(softSoFar, lattice.length)) >= rank(best.concealment));
        return beaten;
      }
    : undefined;
  const rays = castRays(eye, lattice, rec, enough);
  if (beaten) return null;
  const walls = new Set<string>();
  const materials = new Set<string>();
  for (const ray of rays) {
    if (ray.result === "clear") continue;
    let full: string | null = null;
    let lowWall: string | null = null;
    let obscured = false;
    const made: string[] = [];
    for (const id of ray.walls) {
      const w = rec.seen.get(id) as Wall;
      if (w.cover === "soft") obscured = true;
      else if (w.cover !== "hard") continue;
      else {
        if (w.material) made.push(w.material);
        if (isLowWall(w)) lowWall ??= id;
        else full ??= id;
      }
    }
    if (full !== null || lowWall !== null) for (const m of made) materials.add(m);
    if (full !== null) {
      hard++;
      walls.add(full);
      continue;
    }
    if (lowWall !== null) {
      low++;
      walls.add(lowWall);
    }
    if (obscured) soft++;
  }
  return { eye, hard, low, soft, total: lattice.length, walls: [...walls], materials: [...materials] };
}

export interface LatticeReport extends LatticeCount {
  /** At least one ray gets past the full hard walls. */
  readonly visible: boolean;
  /** Cover from walls and low walls alone, for the attacker's best eye (posture and creatures are added by {@link d20Cover}). */
  readonly degree: CoverDegree;
  /** SW-32: the concealment degree from soft walls. */
  readonly concealment: CoverDegree;
}

/**
 * Ruling 3, SW-30, SW-32: the best eye's lattice count for a d20 attack. Eyes are tried in `samplePoints` order;
 * the one giving the least cover (then the least concealment) wins; an eye giving neither stops the search, and an
 * eye that can no longer win is not cast further (`countLatticeAgainst`: the same answer, fewer rays). At most
 * 5 × 16 = 80 rays per pair; the budgets are `cover.foundry.replay.bench.500.d20` ≤ 0.1 ms (ruling 3) and a d20 target
 * read (`readTarget` itself, SF-X-22's rays and all) on a fixed 200 m map of 5,000 walls,
 * `cover.foundry.replay.fixed.5000.target` ≤ 1 ms (scripts/bench.ts).
 */
export function measureD20Cover(
  attacker: Footprint,
  target: Footprint,
  caster: RayCaster,
  posture: Posture = "standing",
): LatticeReport {
  const lattice = latticePoints(target);
  let best: LatticeReport | null = null;
  for (const eye of samplePoints(attacker)) {
    const count = countLatticeAgainst(eye, lattice, caster, best);
    // This eye cannot give less cover (or as much and less concealment) than the best so far: not chosen.
    if (!count) continue;
    const degree = maxDegree(degreeFromShare(count.hard, count.total), lowWallDegree(count, posture));
    const concealment = degreeFromShare(count.soft, count.total);
    const report: LatticeReport = { ...count, visible: count.hard < count.total, degree, concealment };
    if (
      !best ||
      rank(degree) < rank(best.degree) ||
      (degree === best.degree && rank(concealment) < rank(best.concealment))
    )
      best = report;
    // Nothing beats no cover and no concealment: stop at the first eye that gives neither.
    if (degree === "none" && concealment === "none") break;
  }
  return best as LatticeReport;
}

/** A point with an elevation (in the scene's distance units, as token and region elevations are). */
export interface ElevatedPoint extends Point {
  readonly elevation: number;
}

/** One obscuring area: its miss chance and whether a point lies in it (the caller's geometry). */
export interface ObscuringArea {
  readonly chance: number;
  readonly contains: (p: ElevatedPoint) => boolean;
}

/**
 * SW-32 from a region behaviour (design §5 "Concealment"): the highest miss chance of the areas the line of fire
 * passes through, sampled from the attacker's centre to the target's every `step` canvas units (both ends included,
 * the elevation interpolated), so fog around the shooter, between the two or around the target all conceal. An area
 * narrower than `step` can be stepped over; the caller's step is a quarter grid square.
 */
export function obscurementAlong(
  areas: readonly ObscuringArea[],
  from: ElevatedPoint,
  to: ElevatedPoint,
  step: number,
): number {
  if (!areas.length) return 0;
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const n = Math.max(1, Math.ceil(length / Math.max(step, 1e-9)));
  let chance = 0;
  for (const area of areas) {
    if (area.chance <= chance) continue;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const p = {
        x: from.x + (to.x - from.x) * t,
        y: from.y + (to.y - from.y) * t,
        elevation: from.elevation + (to.elevation - from.elevation) * t,
      };
      if (area.contains(p)) {
        chance = area.chance;
        break;
      }
    }
  }
  return checkMissChance(chance);
}
