/**
 * The Alpha Dawn numbers as data (rules-tables.md §2–§4, §10, §11). A GM can replace any of them through the
 * world settings; the rules functions take the table as a parameter and default to these values.
 */
import type { AnimalSpeed, CoverClass, Movement, RangeBand, SizeClass, VehicleSpeed } from "../core/types.js";

export interface AlphaDawnTable {
  /** SF-B-10 / SF-X-14: PB 0, S −10, M −20, L −40, E −80. */
  readonly range: Readonly<Record<RangeBand, number>>;
  /** SF-X-17: movement of the target; "stationary" applies to the target only. */
  readonly targetMovement: Readonly<Record<Movement, number>>;
  /** SF-X-17: movement of the attacker (no stationary bonus). */
  readonly attackerMovement: Readonly<Record<Movement, number>>;
  /** SF-X-18: running animal targets replace the target movement modifier. */
  readonly animal: Readonly<Record<AnimalSpeed, number>>;
  /** SF-X-19: moving vehicle target; attacker riding a slow (≤150 m/turn) or fast vehicle. */
  readonly vehicleTarget: number;
  readonly attackerVehicle: Readonly<Record<Exclude<VehicleSpeed, "none">, number>>;
  /** SF-X-20 careful aim, SF-X-21 burst. */
  readonly carefulAim: number;
  readonly burst: number;
  /** SF-X-22 cover (soft −10, hard −20); SF-B-12 any cover −10 in the Basic game. */
  readonly cover: Readonly<Record<CoverClass, number>>;
  readonly basicCover: number;
  /** SF-B-11: running or riding a skimmer in the Basic game. */
  readonly basicMoving: number;
  /** SF-X-25 target size. */
  readonly size: Readonly<Record<SizeClass, number>>;
  /** SF-X-26 prone, SF-X-27 wounded, SF-X-28 wrong hand, SF-X-29 two weapons. */
  readonly prone: number;
  readonly wounded: number;
  readonly wrongHand: number;
  readonly twoWeapons: number;
  /** SF-X-12 per skill level; SF-X-13 heavy weapon untrained. */
  readonly perSkillLevel: number;
  readonly heavyUntrained: number;
  /** SF-B-14 / SF-X-33 and SF-X-34: automatic hit and miss ranges on d100. */
  readonly autoHitMax: number;
  readonly autoMissMin: number;
  /** SF-X-35: chance that a miss into a crowd hits someone else. */
  readonly strayChance: number;
}

export const ALPHA_DAWN_TABLE: AlphaDawnTable = {
  range: { pb: 0, s: -10, m: -20, l: -40, e: -80 },
  targetMovement: { stationary: 10, walked: 0, ran: -10, dodged: -20 },
  attackerMovement: { stationary: 0, walked: 0, ran: -10, dodged: -20 },
  animal: { medium: -10, fast: -20, veryFast: -30 },
  vehicleTarget: -10,
  attackerVehicle: { slow: -10, fast: -20 },
  carefulAim: 15,
  burst: 20,
  cover: { none: 0, soft: -10, hard: -20 },
  basicCover: -10,
  basicMoving: -10,
  size: { tiny: -10, small: -5, medium: 0, large: 5, giant: 10 },
  prone: -5,
  wounded: -10,
  wrongHand: -10,
  twoWeapons: -10,
  perSkillLevel: 10,
  heavyUntrained: -10,
  autoHitMax: 5,
  autoMissMin: 96,
  strayChance: 25,
};
