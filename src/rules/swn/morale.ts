/**
 * Stars Without Number additions (seed 003): side Morale as a number built from factors (SWN-12), its bands and
 * their attack and AC modifiers (SWN-13), Intimidate (SWN-09) and Read Morale (SWN-10). Pure: checks come in as
 * totals; every factor and modifier is labelled with its rule ID.
 *
 * Rulings (design d20-swn.md, ruling 4e): casualties count the larger of the 20 % steps of forces and of hit points
 * ("loses 20 % (rounded up) of its forces or HP, −1 per instance"); a leader present at the start keeps its +1/+2
 * after it falls, and the fall adds −2/−4 (the design's walk-through); Intimidate succeeds on a total at least the
 * current Morale, as SWN checks do; a side immune to Morale (robots, some creatures) has none.
 */
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";

export type LeaderKind = "ordinary" | "great";
export type MoraleBand = "panicked" | "tacticalRetreat" | "careful" | "bold" | "fearless";

/** SWN-13: the bands, lowest first — the highest Morale of each band, and its attack and AC modifiers. */
export const MORALE_BANDS: readonly {
  readonly band: MoraleBand;
  readonly upTo: number;
  readonly attack: number;
  readonly ac: number;
}[] = [
  { band: "panicked", upTo: 2, attack: -4, ac: 1 },
  { band: "tacticalRetreat", upTo: 5, attack: -2, ac: 0 },
  { band: "careful", upTo: 9, attack: 0, ac: 0 },
  { band: "bold", upTo: 12, attack: 2, ac: 0 },
  { band: "fearless", upTo: Number.POSITIVE_INFINITY, attack: 4, ac: -1 },
];

/** SWN-12: leader present at the start +1 / +2; incapacitated −2 / −4. */
export const LEADER_PRESENT: Readonly<Record<LeaderKind, number>> = { ordinary: 1, great: 2 };
export const LEADER_DOWN: Readonly<Record<LeaderKind, number>> = { ordinary: -2, great: -4 };
export const SURPRISED = -1;
export const LOSS_STEP = -1;
export const HOME_GROUND = 2;
export const INTIMIDATED = -1;
/** SWN-10: Read Morale's difficulty. */
export const READ_MORALE_DIFFICULTY = 6;

/** SWN-13: the band of a Morale value. */
export function moraleBand(value: number): (typeof MORALE_BANDS)[number] {
  if (!Number.isInteger(value))
    throw new RulesError("FT.SWN.badMorale", `Morale is a whole number, not ${value}`);
  return MORALE_BANDS.find((b) => value <= b.upTo)!;
}

/** SWN-13: the band's terms — on the attack rolls of the side's members, and on their AC. */
export function moraleModifiers(value: number): { readonly attack: Modifier[]; readonly ac: Modifier[] } {
  const b = moraleBand(value);
  const term = (v: number): Modifier[] =>
    v ? [{ id: "morale", label: `FT.SWN.Morale.${b.band}`, value: v, ruleId: "SWN-13" }] : [];
  return { attack: term(b.attack), ac: term(b.ac) };
}

/** SWN-12: how many 20 % steps (rounded up) of `start` are lost when `now` are left. */
export function lossSteps(start: number, now: number): number {
  if (!(start >= 0) || !(now >= 0)) throw new RulesError("FT.SWN.badCount", "Forces and HP are 0 or more");
  if (start === 0) return 0;
  const step = Math.ceil(start * 0.2);
  return Math.floor(Math.max(0, start - now) / step);
}

export interface SideMoraleInput {
  /** The side's starting Morale (the ruling's default: its highest member's). */
  readonly base: number;
  readonly leader?: {
    readonly kind: LeaderKind;
    readonly presentAtStart: boolean;
    readonly down: boolean;
  } | null;
  readonly surprised?: boolean;
  readonly members?: { readonly start: number; readonly now: number };
  readonly hp?: { readonly start: number; readonly now: number };
  /** Outgunned: −1 per negative factor, +1 per positive (the GM's count). */
  readonly outgunned?: number;
  readonly homeGround?: boolean;
  /** Successful Intimidate actions against the side (at most one a round, SWN-09). */
  readonly intimidated?: number;
  /** Robots, some creatures: no Morale. */
  readonly immune?: boolean;
}

/** SWN-12: the side's Morale and the labelled factors that made it; null for an immune side. */
export function sideMorale(
  input: SideMoraleInput,
): { readonly value: number; readonly factors: Modifier[] } | null {
  if (input.immune) return null;
  const factors: Modifier[] = [
    { id: "base", label: "FT.SWN.Morale.base", value: input.base, ruleId: "SWN-12" },
  ];
  const push = (id: string, value: number) => {
    if (value) factors.push({ id, label: `FT.SWN.Morale.${id}`, value, ruleId: "SWN-12" });
  };
  const l = input.leader;
  if (l?.presentAtStart) push("leaderPresent", LEADER_PRESENT[l.kind]);
  if (l?.down) push("leaderDown", LEADER_DOWN[l.kind]);
  if (input.surprised) push("surprised", SURPRISED);
  const steps = Math.max(
    input.members ? lossSteps(input.members.start, input.members.now) : 0,
    input.hp ? lossSteps(input.hp.start, input.hp.now) : 0,
  );
  push("losses", steps * LOSS_STEP);
  push("outgunned", input.outgunned ?? 0);
  if (input.homeGround) push("homeGround", HOME_GROUND);
  push("intimidated", (input.intimidated ?? 0) * INTIMIDATED);
  return { value: factors.reduce((s, m) => s + m.value, 0), factors };
}

/**
 * SWN-09: Intimidate against a side — a check against its current Morale; a success lowers it by 1, and the side
 * cannot be intimidated again this round (a second attempt is refused before it is rolled).
 */
export function intimidate(
  total: number,
  morale: number,
  alreadyThisRound: boolean,
): { readonly success: boolean } {
  if (alreadyThisRound)
    throw new RulesError("FT.SWN.intimidatedThisRound", "This side was intimidated this round (SWN-09)");
  return { success: total >= morale };
}

/** SWN-10: Read Morale — a check against 6 reveals the Morale of every side the reader can see. */
export function readMorale(total: number): { readonly success: boolean } {
  return { success: total >= READ_MORALE_DIFFICULTY };
}

/**
 * An SWN attribute's modifier (SWN Revised, cited in the design's anchors §4; the seed gives no table): 3 or less
 * −2, 4–7 −1, 8–13 0, 14–17 +1, 18 or more +2. The d20 block's ability scores are the attributes under the `swn`
 * profile (ruling 1).
 */
export function swnAttributeMod(score: number): number {
  if (score <= 3) return -2;
  if (score <= 7) return -1;
  if (score <= 13) return 0;
  if (score <= 17) return 1;
  return 2;
}

/**
 * The bonus of a Morale check, worked out from the sheet (SWN skill checks are 2d6 + skill + attribute modifier):
 * the skill's level plus the best modifier among the attributes the rule allows — SWN-09 Lead/Cha, SWN-10
 * Notice/Wis or Cha.
 */
export function moraleCheckBonus(skill: number, scores: readonly number[]): number {
  return skill + Math.max(...scores.map(swnAttributeMod));
}

/**
 * SWN-10: Read Morale is a Move, so an actor reads once per round; `lastRound` is the round it last read in.
 * Refused before anything is rolled.
 */
export function checkReadThisRound(lastRound: number | undefined, round: number, actor: string): void {
  if (lastRound === round)
    throw new RulesError("FT.SWN.readThisRound", `${actor} has read Morale this round (SWN-10)`, { actor });
}

/**
 * SWN-09: Intimidate is an action, so an actor intimidates once per round, success or not (a failure is no retry);
 * `lastRound` is the round it last tried in. Refused before anything is rolled.
 */
export function checkIntimidateThisRound(lastRound: number | undefined, round: number, actor: string): void {
  if (lastRound === round)
    throw new RulesError(
      "FT.SWN.intimidateThisRound",
      `${actor} has tried to intimidate this round (SWN-09)`,
      {
        actor,
      },
    );
}
