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
  /**
   * Issue 32, SW-11: its hits ignore the damage reduction of armour (a lightsaber: "ignores the DR of armour and
   * objects", rules-tables §19.2). Absent = false.
   */
  readonly ignoresDR?: boolean;
  /**
   * Issue 32: a weapon its source gives no damage dice (a stun grenade, a net): it attacks, rolls no damage, and its
   * effect is the GM's — with the stun setting's Fortitude DC when it has one. Absent = an ordinary weapon.
   */
  readonly effectOnly?: { readonly stunDC: number | null };
  /** The weapon's d20 numbers (SW-*), read by the d20 engine; absent where the sheet has none. */
  readonly d20?: D20WeaponFacts;
}

/*
 * The d20 blocks (issue 14). Every engine gets the same facts; each reads its own block. Sizes and conditions are
 * names here (the d20 engine checks them against its tables): core imports no engine.
 */

/** A d20 weapon (SW-04, SW-06, SW-07, SW-18). */
export interface D20WeaponFacts {
  /** The damage formula (`3d6`). */
  readonly damage: string;
  /** The lowest natural that threatens a critical: 20, 19 for a lightsaber … (2–20). */
  readonly threat: number;
  /** Optional rule: a confirmed critical's multiplier (1 = RCR, off). */
  readonly critMultiplier?: number;
  /** Metres per range increment; null for a melee weapon. */
  readonly rangeIncrement: number | null;
  readonly rangedKind?: "projectile" | "thrown" | "dropped";
  /** Melee: how it is held (SW-07). */
  readonly grip?: "primary" | "offHand" | "twoHanded" | "none";
  readonly smallerThanWielder?: boolean;
  /** Melee reach in metres (2 unless longer, SW-14). */
  readonly reach?: number;
  /** A touch attack ignores the class bonus (SW-09). */
  readonly touch?: boolean;
  /** SW-35, SW-36: the fire modes it has (absent = single fire only). */
  readonly fire?: { readonly single: boolean; readonly multi: boolean; readonly auto: boolean };
  /** SW-35: a blaster rifle, or on a tripod — no bracing penalty on autofire. */
  readonly rifle?: boolean;
  /** SW-35, SW-36: wielded in two hands (a ranged weapon's recoil; absent = two hands). */
  readonly twoHanded?: boolean;
  /** SW-22: the weapon's size (light when smaller than its wielder); null = not in the sources. */
  readonly size?: string | null;
  /** SW-22: a double weapon. */
  readonly double?: boolean;
  /**
   * SW-20: an unarmed strike — "You can't score a critical hit with an unarmed strike unless you have the Martial
   * Arts feat" (seed 002; the sheets keep no Martial Arts feat, so it never threatens).
   */
  readonly unarmed?: boolean;
  /** SW-38: grenadelike, with its burst radius (m) and Reflex DC (null = not entered). */
  readonly grenade?: { readonly burstRadius: number | null; readonly reflexDC: number | null };
  /** SWN-15: the weapon's tech level (heavy counts one higher), armour piercing, energy or laser (the `swn` profile). */
  readonly swn?: SwnWeaponFacts;
}

/** SWN-15: what the swn profile reads of a weapon (its cover armour). */
export interface SwnWeaponFacts {
  /** null = not in the sources: the cover's armour cannot be read, and such an attack at hard cover is refused. */
  readonly tl: number | null;
  readonly ap: number;
  readonly heavy: boolean;
  readonly energy: boolean;
  readonly laser: boolean;
}

/** SW-44: a pulled blow deals "only vitality damage" or "half damage". */
export type PulledDamage = "vitality" | "half";

/** The d20 attacker (SW-04, SW-05, SW-15, SW-19, SW-29). */
export interface D20AttackerFacts {
  readonly bab: number;
  /**
   * SW-21: how far its token moved this round (metres, its own walked path) and its move speed (null: unknown), for a
   * charge's "at least 4 meters … up to twice your speed". Absent: not read from a scene (the check is skipped).
   */
  readonly moved?: number;
  readonly speed?: number | null;
  /** SW-29 "Defender Grappling (Attacker not)": the attacker is in a grapple itself (its `grappling` status). */
  readonly grappling?: boolean;
  /** Ability modifiers, after fatigue (SW-10). */
  readonly strMod: number;
  readonly dexMod: number;
  /** One of the nine d20 sizes (`medium` …). */
  readonly size: string;
  readonly pointBlankShot?: boolean;
  readonly preciseShot?: boolean;
  /** SW-37: Rapid Shot (one more attack at the highest bonus, −2 to all) and Multishot (the mode penalty 2 less). */
  readonly rapidShot?: boolean;
  readonly multishot?: boolean;
  /** SW-22: the two-weapon feats. */
  readonly ambidexterity?: boolean;
  readonly twoWeaponFighting?: boolean;
  /** SW-43: standing in an area another side's suppression fire threatens (−1 on attacks). */
  readonly suppressed?: boolean;
  /** SW-27: the characters contributing to this shot as combined fire (+1 each, at most +5). */
  readonly combinedFire?: number;
  /** SW-39: an ally's successful aid another on this attack (+2). */
  readonly aided?: boolean;
  /** SW-42: this shot follows a successful aim — the target is denied its Dex; position and support ease the range. */
  readonly aim?: {
    readonly posture: "standing" | "kneeling" | "prone";
    readonly support: "none" | "improvised" | "fixed";
  } | null;
  /** SW-25: a foe threatens the attacker (within its reach): an action that provokes draws an attack of opportunity. */
  readonly threatened?: boolean;
  /** The attacker's own situation, as the dialog says it: SW-16 improvised, SW-21 charging, SW-23 fighting
   * defensively, SW-44 pulling a blow. */
  readonly improvised?: boolean;
  readonly charging?: boolean;
  readonly fightingDefensively?: boolean;
  readonly pullingBlow?: boolean;
  /** SW-44: what a pulled blow deals — "only vitality damage" or "half damage" (absent: vitality only). */
  readonly pulledDamage?: PulledDamage;
  /** SW-10: wounded, so fatigued — "can't run or charge". */
  readonly fatigued?: boolean;
  /** SW-29 conditions on the attacker's side (`higherGround`, `attackerProne` …). */
  readonly conditions?: readonly string[];
  /**
   * The `swn` profile's attacker (ruling 1): the sheet's attack bonus, its side's Morale band (SWN-13; null for PCs
   * and an immune side) and the SWN action the attack is made as (SWN-11 aimed shot, SWN-08 overwatch).
   */
  readonly swn?: {
    readonly ab: number;
    readonly band?: string | null;
    readonly action?: "aimedShot" | "overwatch" | null;
  };
  /** SW-10 (issue 31): disabled at 0 wound points — a single move or attack action a round, no full-round action. */
  readonly disabled?: boolean;
}

/** The d20 target: its Defense parts and what the scene says about it (SW-08, SW-19, SW-26, SW-30, SW-32). */
export interface D20TargetFacts {
  readonly classDefense: number;
  /** The defender's situation, as the dialog says it: SW-17 total defense, SW-23 fighting defensively, SW-21
   * charging, SW-33 helpless. */
  readonly totalDefense?: boolean;
  readonly fightingDefensively?: boolean;
  readonly charging?: boolean;
  readonly helpless?: boolean;
  /** SW-39: an ally's aid another, rolled and kept by the GM, against this target for this attacker (+2). */
  readonly aided?: boolean;
  /** SW-42: this attacker's aim at this target, rolled and kept by the GM, holds (the target moved ≤ 2 m since). */
  readonly aimed?: boolean;
  /** SW-39: an ally's aid another kept against this attacker gives this target +2 Defense (the aider's other choice). */
  readonly aidedDefense?: boolean;
  readonly dexMod: number;
  readonly size: string;
  /** The worn armour's maximum Dex bonus; null or absent = none. */
  readonly maxDex?: number | null;
  readonly dodge?: number;
  /** SW-29 conditions on the defender's side (`defenderFlatFooted`, `defenderProne` …). */
  readonly conditions?: readonly string[];
  /** Cover bonus to Defense (SW-30); null = total cover (cannot be targeted); absent = none. */
  readonly cover?: number | null;
  /** Concealment miss chance, per cent, the highest source (SW-32). */
  readonly missChance?: number;
  /** Engaged in melee with an ally of the shooter (SW-19). */
  readonly inMelee?: boolean;
  /**
   * SW-16: the target stands `altitude` metres below the attacker, `lateral` metres away across the ground (absent
   * when it is not below): a thrown weapon is then dropped (rules/d20/dropped.ts).
   */
  readonly drop?: { readonly altitude: number; readonly lateral: number };
  /** A flanking ally stands opposite (SW-26). */
  readonly flanked?: boolean;
  /** SW-20: it holds a melee weapon — an unarmed strike at it provokes its attack of opportunity. */
  readonly armed?: boolean;
  /** SW-18: an ordinary character (no vitality) — a pulled blow's "only vitality damage" deals it nothing (SW-44). */
  readonly ordinary?: boolean;
  /** SW-32: its token carries the `concealed` status, which gives no miss chance (concealment is the scene's). */
  readonly concealedStatus?: boolean;
  /**
   * What the scene measured for d20 cover and concealment (SW-30, SW-32, ruling 3): of the 16 lattice rays from the
   * attacker's best eye, those a full hard wall blocks, those only low walls block, those only soft walls obscure;
   * the target's posture; the creatures in the line of fire. The engine grades it (posture counts only against a
   * ranged attack); an explicit `cover` wins over it.
   */
  readonly lattice?: {
    readonly hard: number;
    readonly low: number;
    readonly soft: number;
    readonly total: number;
    readonly posture: "standing" | "kneeling" | "prone";
    readonly inTheWay: readonly string[];
    /** SWN-15: the materials of the hard walls that block rays (the cover's armour is the best of them). */
    readonly materials?: readonly string[];
  };
  /** How far the target moved this round, in metres (SW-12); none when absent. */
  readonly moved?: number;
  /** The target's speed for a move action in metres (SW-12); null or absent = unknown (never running). */
  readonly speed?: number | null;
  /**
   * The `swn` profile's target (ruling 1): its AC, its side's Morale band (SWN-13) and the concealment the dialog
   * gives (SWN-14; the scene's walls and regions add theirs, the highest applying).
   */
  readonly swn?: {
    readonly ac: number;
    readonly band?: string | null;
    readonly concealment?: string;
    /** SWN-17 meat shields: the friendly squad between the attacker and the target; a direct attack is refused. */
    readonly shieldedBy?: string;
    /** SWN-08: the target in the attacker's overwatch arc, outside it, or no overwatch held (absent = none). */
    readonly overwatch?: "in" | "out" | "none";
    /** SWN-06: the protecting mech the target is adjacent to and behind, against this attacker (absent = none). */
    readonly protectedBy?: string;
  };
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
  /** The attacker's d20 numbers (SW-*), read by the d20 engine. */
  readonly d20?: D20AttackerFacts;
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
  /** The target's d20 numbers (SW-*), read by the d20 engine. */
  readonly d20?: D20TargetFacts;
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
