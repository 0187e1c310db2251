/**
 * Core vocabulary of the rules: every number a user sees is a {@link Modifier} carrying the ID of the
 * rule it comes from (see `rules-catalog.md`). Nothing here knows about Foundry.
 */

/** A rule ID from the catalog, e.g. `SF-X-24`, `SF-Z-03`, `SWN-12`, `SW-30`. */
export type RuleId =
  | `SF-B-${string}`
  | `SF-X-${string}`
  | `SF-Z-${string}`
  | `SWN-${string}`
  | `SW-${string}`
  /** A rules-tables section where the catalog has no ID (melee, rules-tables §6: `RT-6`). */
  | `RT-${string}`;

/** One labelled term of a chance to hit or a check. `label` is an i18n key under `FT.Modifier.*`. */
export interface Modifier {
  /** Stable id, unique within one list; overrides address modifiers by it. */
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly ruleId: RuleId;
  /** True when the user (or GM) changed the value the rules proposed. */
  readonly overridden?: boolean;
}

/** Which Alpha Dawn rules apply. */
export type AlphaDawnVariant = "basic" | "expanded";

/** The five range bands of every Star Frontiers weapon (SF-B-10, SF-X-14). */
export type RangeBand = "pb" | "s" | "m" | "l" | "e";
export const RANGE_BANDS: readonly RangeBand[] = ["pb", "s", "m", "l", "e"] as const;

/** Upper limit of each band (metres in the Expanded game, squares in the Basic game); null = no such band. */
export type RangeTable = Readonly<Record<RangeBand, number | null>>;

export const WEAPON_SKILLS = ["beam", "gyrojet", "projectile", "thrown", "melee"] as const;
export type WeaponSkill = (typeof WEAPON_SKILLS)[number];

/** What a defense reacts to. */
export const DAMAGE_KINDS = [
  "laser",
  "sonic",
  "electric",
  "projectile",
  "gyrojet",
  "needle",
  "explosive",
  "melee",
  "gas",
  "other",
] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

/** How the attacker or target moved this turn (SF-B-11, SF-X-10, SF-X-17). */
export type Movement = "stationary" | "walked" | "ran" | "dodged";
export type CoverClass = "none" | "soft" | "hard";
export type SizeClass = "tiny" | "small" | "medium" | "large" | "giant";
export type AnimalSpeed = "medium" | "fast" | "veryFast";
export type VehicleSpeed = "none" | "slow" | "fast";

/** Raised for input the rules cannot work with; `key` is an i18n key, `data` fills its placeholders. */
export class RulesError extends Error {
  constructor(
    readonly key: string,
    message: string,
    readonly data: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = "RulesError";
  }
}

/** How an attacker travels (SF-B-21): on foot, riding or driving a skimmer, riding a monorail. */
export type Conveyance = "onFoot" | "skimmerRider" | "skimmerDriver" | "monorail";

/** The attacker's vision aid (SF-X-23): none, infrared (goggles) or light amplification (goggles). */
export type VisionAid = "none" | "infrared" | "lightAmp";
