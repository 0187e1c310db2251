/**
 * The facts an attack is resolved from: what the scene and the sheets say, before any rule turns them into
 * modifiers. The same facts feed every engine (architecture: one `ResolutionEngine` interface).
 */
import type {
  AnimalSpeed,
  Conveyance,
  CoverClass,
  DamageKind,
  Movement,
  RangeBand,
  RangeTable,
  SizeClass,
  VehicleSpeed,
  VisionAid,
  WeaponSkill,
} from "./types.js";

export interface BurstSpec {
  /** Rounds a burst uses: 10 for automatic pistols and rifles, 20 for machine guns (rules-tables §4). */
  readonly rounds: number;
  /** d10s for one target: 5 (automatic weapons) or 10 (machine gun). One more d10 per extra target. */
  readonly baseDice: number;
  /** Machine gun: the +20 is lost when fired standing, i.e. not mounted or braced. */
  readonly bonusNeedsMount: boolean;
}

export interface WeaponDamageSpec {
  /** A fixed formula such as `2d10`. */
  readonly formula?: string | undefined;
  /** Per-band formulas (sonic disruptor 6d10/4d10/2d10/1d10). */
  readonly perBand?: Partial<Record<RangeBand, string>> | undefined;
  /** Damage 1d10 per SEU with a power setting from min to max (laser pistol 1–10). */
  readonly perSeu?: { readonly faces: number; readonly min: number; readonly max: number } | undefined;
}

export interface WeaponFacts {
  readonly name: string;
  readonly skill: WeaponSkill;
  readonly heavy: boolean;
  readonly ranges: RangeTable;
  /** Shots per turn; 0.5 = every other turn (grenade rifle). */
  readonly rof: number;
  readonly burst: BurstSpec | null;
  readonly damage: WeaponDamageSpec;
  readonly kind: DamageKind;
  /** Grenades: blast radius in metres (3 for a 6 m diameter, SF-X-43); 0 for weapons without a blast. */
  readonly blastRadius: number;
}

export interface AttackerFacts {
  readonly dex: number;
  readonly str: number;
  readonly rs: number;
  readonly stamina: { readonly value: number; readonly max: number };
  /** Level in the weapon's skill (0 = untrained). */
  readonly skillLevel: number;
  readonly ambidextrous: boolean;
  readonly movement: Movement;
  readonly vehicle: VehicleSpeed;
  /** Basic game: riding a skimmer (SF-B-11, SF-B-21). */
  readonly inSkimmer: boolean;
  /** Basic game: on foot, riding or driving a skimmer, on a monorail (SF-B-21); on foot when absent. */
  readonly conveyance?: Conveyance;
  /** An anesthetic cancels the wound penalty for five hours (SF-X-27). */
  readonly anesthetic: boolean;
  /** Infrared or light amplification goggles (SF-X-23); none when absent. */
  readonly visionAid?: VisionAid;
}

export interface TargetFacts {
  readonly id: string;
  readonly name: string;
  /** Distance in the unit of the weapon's range table (metres, or squares for Basic-game weapons). */
  readonly distance: number;
  readonly visible: boolean;
  readonly movement: Movement;
  readonly animal: AnimalSpeed | null;
  readonly vehicleMoving: boolean;
  readonly size: SizeClass;
  readonly prone: boolean;
  readonly cover: CoverClass;
  /** In a crowd, in melee or partly blocked by someone (SF-X-35). */
  readonly crowd: boolean;
  /** Basic game: riding a skimmer (cover) or a monorail (cannot be shot), SF-B-21; on foot when absent. */
  readonly conveyance?: Conveyance;
  /** In darkness (SF-X-23); not when absent. */
  readonly dark?: boolean;
  /** Behind smoke, haze or fog (SF-X-23, soft cover SF-X-22); not when absent. */
  readonly smoke?: boolean;
}

export interface Declarations {
  readonly shots: number;
  readonly burst: boolean;
  readonly carefulAim: boolean;
  readonly scope: boolean;
  readonly wrongHand: boolean;
  readonly twoWeapons: boolean;
  /** The referee rules the shot cannot miss (SF-X-33). */
  readonly cannotMiss: boolean;
  /** Zebulon: a result shift the referee gives the attack (SF-Z-07), −3 … +3; absent is 0. */
  readonly resultShift?: number;
  readonly powerSetting: number | null;
  /** Machine gun on a bipod, tripod or swivel mount. */
  readonly mounted: boolean;
  /** Laser setting changed this turn: one shot (SF-X-30 table). */
  readonly settingChanged: boolean;
}

export interface AttackFacts {
  readonly attacker: AttackerFacts;
  readonly weapon: WeaponFacts;
  readonly target: TargetFacts;
  readonly declarations: Declarations;
}

export const DEFAULT_DECLARATIONS: Declarations = {
  shots: 1,
  burst: false,
  carefulAim: false,
  scope: false,
  wrongHand: false,
  twoWeapons: false,
  cannotMiss: false,
  powerSetting: null,
  mounted: false,
  settingChanged: false,
};
