/**
 * The numbers of the d20 (Star Wars RCR) combat chapter, seed 002, as data (design d20-swn.md §2.2 "tables as
 * data"): sizes (SW-05), cover (SW-30), concealment (SW-32), the favourable and unfavourable conditions (SW-29),
 * range maxima (SW-06), speeds (SW-12) and unarmed damage (SW-20). Rule code reads these tables and nothing else,
 * so a world override can replace a row the way `alphaDawnOverrides` does. Every number here is the seed's; none
 * is invented.
 */
import type { RuleId } from "../core/types.js";

/** The nine size categories, smallest first (the actor schema's `d20.size` choices). */
export const D20_SIZES = [
  "fine",
  "diminutive",
  "tiny",
  "small",
  "medium",
  "large",
  "huge",
  "gargantuan",
  "colossal",
] as const;
export type D20Size = (typeof D20_SIZES)[number];

/**
 * SW-05: the size modifier, the same on attack rolls and on Defense ("two characters of the same size strike each
 * other normally"). Seed: Colossal −8, Gargantuan −4, Huge −2, Large −1, Medium 0, Small +1, Tiny +2,
 * Diminutive +4, Fine +8.
 */
export const SIZE_MODIFIER: Readonly<Record<D20Size, number>> = {
  fine: 8,
  diminutive: 4,
  tiny: 2,
  small: 1,
  medium: 0,
  large: -1,
  huge: -2,
  gargantuan: -4,
  colossal: -8,
};

/** Cover degrees, least first (SW-30). */
export const COVER_DEGREES = ["none", "quarter", "half", "threeQuarters", "nineTenths", "total"] as const;
export type CoverDegree = (typeof COVER_DEGREES)[number];

export interface CoverRow {
  /** Cover bonus to Defense; null = cannot be targeted (total cover). */
  readonly defense: number | null;
  /** Bonus on Reflex saves against area attacks from the far side of the cover; null for total cover. */
  readonly reflex: number | null;
  /** Nine-tenths: half damage on a failed Reflex save, none on a success (seed footnote a). */
  readonly evasion: boolean;
}

/** SW-30: the cover table (¼ +2/+1, ½ +4/+2, ¾ +7/+3, 9/10 +10/+4 with evasion, total: no target). */
export const COVER_TABLE: Readonly<Record<CoverDegree, CoverRow>> = {
  none: { defense: 0, reflex: 0, evasion: false },
  quarter: { defense: 2, reflex: 1, evasion: false },
  half: { defense: 4, reflex: 2, evasion: false },
  threeQuarters: { defense: 7, reflex: 3, evasion: false },
  nineTenths: { defense: 10, reflex: 4, evasion: true },
  total: { defense: null, reflex: null, evasion: false },
};

/**
 * Ruling 3 and design §2.3: the share of a target's 16 lattice points hidden from the attacker's best eye gives
 * the degree. The cuts are the midpoints between the nominal shares 0, ¼, ½, ¾, 9/10 and 1 (0.125, 0.375, 0.625,
 * 0.825); every point hidden is total. On 16 points: 0–1 none (one grazing ray is ignored), 2–5 ¼, 6–9 ½,
 * 10–13 ¾, 14–15 9/10, 16 total. The same cuts grade concealment from soft walls (SW-32).
 */
export const LATTICE_CUTS: readonly { readonly from: number; readonly degree: CoverDegree }[] = [
  { from: 0.125, degree: "quarter" },
  { from: 0.375, degree: "half" },
  { from: 0.625, degree: "threeQuarters" },
  { from: 0.825, degree: "nineTenths" },
];

/** Ruling 3: the d20 lattice is 4 × 4 = 16 points on the target. */
export const LATTICE_SIDE = 4;

/** SW-32: the miss chance (per cent) of each concealment degree; total also means "guess the square". */
export const CONCEALMENT_MISS_CHANCE: Readonly<Record<CoverDegree, number>> = {
  none: 0,
  quarter: 10,
  half: 20,
  threeQuarters: 30,
  nineTenths: 40,
  total: 50,
};

/** SW-29: the conditions of the favourable and unfavourable conditions table (plus SW-33's helpless). */
export const D20_CONDITIONS = [
  "flanking",
  "higherGround",
  "attackerProne",
  "attackerConcealed",
  "defenderKneeling",
  "defenderProne",
  "defenderStunned",
  "defenderClimbing",
  "defenderFlatFooted",
  "defenderRunning",
  "defenderGrappling",
  "defenderPinned",
  "defenderHelpless",
  "defenderAimedAt",
  "defenderAiming",
] as const;
export type D20Condition = (typeof D20_CONDITIONS)[number];

export interface ConditionRow {
  /** Attack modifier in melee. */
  readonly melee: number;
  /** Attack modifier at range; null = "see Cover" (kneeling and prone are cover against ranged attacks). */
  readonly ranged: number | null;
  /** The defender loses any Dexterity bonus to Defense (seed footnote b). */
  readonly losesDex: boolean;
  readonly ruleId: RuleId;
}

/**
 * SW-29, the seed's table row by row (melee / ranged):
 * flanking +2 / — (SW-26); higher ground +1 / 0; attacker prone −4 / 0; attacker concealed +2 / +2 (b);
 * defender sitting or kneeling +2 / see cover; prone +4 / see cover; stunned, cowering or off balance +2 / +2 (b);
 * climbing +2 / +2 (b); surprised or flat-footed 0 / 0 (b); running 0 / −2 (b); grappling (attacker not)
 * 0 / 0 (c: random grappler, loses Dex); pinned +4 / −4 (b). Helpless (SW-33, "Helpless Defenders"): +4 in melee,
 * nothing special at range, and Dex is treated as 0 (modifier −5, see `defense.ts`).
 * Flanking gives nothing at range ("You don't gain a flanking bonus when making a ranged attack"): 0 here.
 */
export const CONDITION_TABLE: Readonly<Record<D20Condition, ConditionRow>> = {
  flanking: { melee: 2, ranged: 0, losesDex: false, ruleId: "SW-26" },
  higherGround: { melee: 1, ranged: 0, losesDex: false, ruleId: "SW-29" },
  attackerProne: { melee: -4, ranged: 0, losesDex: false, ruleId: "SW-29" },
  attackerConcealed: { melee: 2, ranged: 2, losesDex: true, ruleId: "SW-29" },
  defenderKneeling: { melee: 2, ranged: null, losesDex: false, ruleId: "SW-29" },
  defenderProne: { melee: 4, ranged: null, losesDex: false, ruleId: "SW-29" },
  defenderStunned: { melee: 2, ranged: 2, losesDex: true, ruleId: "SW-29" },
  defenderClimbing: { melee: 2, ranged: 2, losesDex: true, ruleId: "SW-29" },
  defenderFlatFooted: { melee: 0, ranged: 0, losesDex: true, ruleId: "SW-01" },
  defenderRunning: { melee: 0, ranged: -2, losesDex: true, ruleId: "SW-29" },
  defenderGrappling: { melee: 0, ranged: 0, losesDex: true, ruleId: "SW-29" },
  defenderPinned: { melee: 4, ranged: -4, losesDex: true, ruleId: "SW-29" },
  defenderHelpless: { melee: 4, ranged: 0, losesDex: true, ruleId: "SW-33" },
  // SW-42: "the target loses its Dexterity bonus to Defense against the character's next attack" after an aim.
  defenderAimedAt: { melee: 0, ranged: 0, losesDex: true, ruleId: "SW-42" },
  // SW-42 (fixaim): "Aiming … causes you to lose all Dodge and Dexterity bonuses to Defense for one round" — the aimer.
  defenderAiming: { melee: 0, ranged: 0, losesDex: true, ruleId: "SW-42" },
};

/**
 * SW-06 and ruling 4c: the maximum range in increments, inclusive — thrown weapons (grenades included) 5,
 * projectile and energy weapons 10; a dropped object (SW-16) has no upper limit.
 */
export const MAX_INCREMENTS = { thrown: 5, projectile: 10, dropped: null } as const;
export type RangedKind = keyof typeof MAX_INCREMENTS;

/** SW-06: −2 per full range increment. */
export const RANGE_PENALTY_PER_INCREMENT = -2;

/** SW-14: melee reach, metres. */
export const D20_REACH_M = 2;

/** SW-15: point-blank range in metres, and with the Point Blank Shot feat. */
export const POINT_BLANK_M = 2;
export const POINT_BLANK_SHOT_M = 10;

/**
 * SW-12: speed in metres by size and armour. The seed gives Medium-size 10 / 8 / 6 and Small 6 / 4 / 2 (no or
 * light / medium / heavy armour); other sizes are not in the seed (null: entered on the sheet, never guessed).
 */
export const ARMOR_CATEGORIES = ["none", "light", "medium", "heavy"] as const;
export type ArmorCategory = (typeof ARMOR_CATEGORIES)[number];
export const SPEED_TABLE: Readonly<Partial<Record<D20Size, Readonly<Record<ArmorCategory, number>>>>> = {
  medium: { none: 10, light: 10, medium: 8, heavy: 6 },
  small: { none: 6, light: 6, medium: 4, heavy: 2 },
};

/** SW-20: an unarmed strike deals 1d3 (Medium-size), 1d2 (Small), 1d4 (Large); the seed gives no other size. */
export const UNARMED_DAMAGE: Readonly<Partial<Record<D20Size, string>>> = {
  small: "1d2",
  medium: "1d3",
  large: "1d4",
};

/** SW-25: the 2 m step and the 2 m of free movement within a threatened area (read by actions.ts, threat.ts, aim.ts). */
export const FREE_STEP_M = 2;
