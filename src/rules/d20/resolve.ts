/**
 * Resolving one d20 attack roll (SW-04, SW-18, SW-31, SW-32), and the chance to hit the dialog shows.
 *
 * d20 + attack bonus against the target number (Defense) hits when it reaches it (SW-04). A natural 1 always
 * misses and a natural 20 always hits (SW-18; `naturals`, on by default). A threat needs a hit *and* a natural in
 * the weapon's threat range ("Any attack roll that doesn't result in a hit can't threaten a critical hit"); it is
 * confirmed by a second roll with the same bonus that hits, naturals applying to it too (ruling 4d). A hit against a
 * concealed target is then turned into a miss by a d% roll at or under the miss chance (SW-32). A miss that only
 * the cover caused strikes the cover, or the character used as cover (SW-31).
 *
 * Dice come in as numbers. {@link nextD20Die} says which die the workflow must roll next (d20, then the
 * confirmation only on a threat, then the d% only after a hit with a miss chance), so only dice that matter are
 * rolled; {@link resolveD20} reads them.
 */
import { checkDie } from "../core/dice.js";
import type { Critical } from "../core/engine.js";
import type { RuleId } from "../core/types.js";
import { RulesError } from "../core/types.js";

/** SW-18: the threat range a weapon may have, from its lowest natural: 2–20 (issue 14's validation). */
export function checkThreat(threat: number): number {
  if (!Number.isInteger(threat) || threat < 2 || threat > 20)
    throw new RulesError("FT.D20.badThreat", `A threat range starts at a natural 2 to 20, not ${threat}`, {
      threat,
    });
  return threat;
}

/** SW-32: a miss chance is a whole percentage from 0 to 100. */
export function checkMissChance(missChance: number): number {
  if (!Number.isFinite(missChance) || missChance < 0 || missChance > 100)
    throw new RulesError("FT.D20.badMissChance", `A miss chance is 0–100 %, not ${missChance}`, {
      missChance,
    });
  return missChance;
}

export interface D20Check {
  /** The attack bonus: the sum of the attack terms. */
  readonly bonus: number;
  /** The target number: Defense (or the grenade square's 5, …). */
  readonly target: number;
  /** Lowest natural that threatens (20 for most weapons, 19 for lightsabers). */
  readonly threat: number;
  /** SW-18: natural 1 misses, natural 20 hits. On unless an optional rule turns it off. */
  readonly naturals: boolean;
  /** SW-32: the concealment miss chance that applies (the highest), per cent. */
  readonly missChance: number;
  /** SW-18: threats and confirmation; false under the `swn` profile (ruling 1). Absent = true. */
  readonly criticals?: boolean;
}

export type D20DieKey = "d20" | "confirm" | "concealment";
export type D20Dice = Readonly<Partial<Record<D20DieKey, number>>>;
export interface D20DieRequest {
  readonly key: D20DieKey;
  readonly formula: "1d20" | "1d100";
  readonly ruleId: RuleId;
}

/** The d20 critical states are the engine interface's (core/engine.ts). */
export type { Critical } from "../core/engine.js";

export interface D20Outcome {
  /** The natural d20. */
  readonly roll: number;
  readonly total: number;
  readonly target: number;
  /** total − target. */
  readonly margin: number;
  /** After concealment. */
  readonly hit: boolean;
  /** The attack roll hit (before the concealment roll). */
  readonly rollHit: boolean;
  /** Why the result did not follow the numbers: a natural 1 or 20 that decided it. */
  readonly auto: "hit" | "miss" | null;
  /** "threat" = threatened but not confirmed. A concealed hit has no critical. */
  readonly critical: Critical;
  readonly confirmRoll: number | null;
  readonly confirmTotal: number | null;
  readonly concealmentRoll: number | null;
  /** The d% turned a hit into a miss (SW-32). */
  readonly concealed: boolean;
}

/** SW-04, SW-18: does this natural d20 hit? The naturals decide when on; otherwise the total must reach the target. */
export function d20Hits(natural: number, bonus: number, target: number, naturals: boolean): boolean {
  if (naturals && natural === 20) return true;
  if (naturals && natural === 1) return false;
  return natural + bonus >= target;
}

function validate(check: D20Check): void {
  checkThreat(check.threat);
  checkMissChance(check.missChance);
  if (!Number.isFinite(check.bonus) || !Number.isFinite(check.target))
    throw new RulesError("FT.D20.badCheck", "Attack bonus and Defense must be numbers");
}

/**
 * SW-18, SW-32: the next die the attack needs, or null when it is decided. d20 first; a confirmation d20 only on a
 * threat (a hit with a natural in the threat range); a d% only after a hit, when a miss chance applies.
 */
export function nextD20Die(check: D20Check, dice: D20Dice): D20DieRequest | null {
  validate(check);
  if (dice.d20 === undefined) return { key: "d20", formula: "1d20", ruleId: "SW-04" };
  checkDie(dice.d20, 20);
  const hit = d20Hits(dice.d20, check.bonus, check.target, check.naturals);
  if (hit && check.criticals !== false && dice.d20 >= check.threat && dice.confirm === undefined)
    return { key: "confirm", formula: "1d20", ruleId: "SW-18" };
  if (hit && check.missChance > 0 && dice.concealment === undefined)
    return { key: "concealment", formula: "1d100", ruleId: "SW-32" };
  return null;
}

function need(dice: D20Dice, key: D20DieKey, faces: number): number {
  const v = dice[key];
  if (v === undefined)
    throw new RulesError("FT.D20.dieMissing", `The ${key} die was not rolled`, { die: key });
  checkDie(v, faces);
  return v;
}

/** SW-04, SW-18, SW-32: the outcome of one attack from its dice (every die {@link nextD20Die} asked for). */
export function resolveD20(check: D20Check, dice: D20Dice): D20Outcome {
  validate(check);
  const roll = need(dice, "d20", 20);
  const total = roll + check.bonus;
  const rollHit = d20Hits(roll, check.bonus, check.target, check.naturals);
  const numbersHit = total >= check.target;
  const auto = rollHit === numbersHit ? null : rollHit ? "hit" : "miss";

  let critical: Critical = "none";
  let confirmRoll: number | null = null;
  let confirmTotal: number | null = null;
  if (rollHit && check.criticals !== false && roll >= check.threat) {
    confirmRoll = need(dice, "confirm", 20);
    confirmTotal = confirmRoll + check.bonus;
    critical = d20Hits(confirmRoll, check.bonus, check.target, check.naturals) ? "confirmed" : "threat";
  }

  let concealmentRoll: number | null = null;
  let concealed = false;
  if (rollHit && check.missChance > 0) {
    concealmentRoll = need(dice, "concealment", 100);
    concealed = concealmentRoll <= check.missChance;
  }
  const hit = rollHit && !concealed;
  return {
    roll,
    total,
    target: check.target,
    margin: total - check.target,
    hit,
    rollHit,
    auto,
    critical: hit ? critical : "none",
    confirmRoll,
    confirmTotal,
    concealmentRoll,
    concealed,
  };
}

/**
 * SW-04, SW-18, SW-32: the chance to hit in per cent, as the dialog shows it in every engine (design §2.2):
 * the share of the twenty naturals that hit (a 20 always, a 1 never, when `naturals`), times the chance the d%
 * does not conceal. Example: +5 against Defense 16 → 50 %; with 20 % concealment → 40 %.
 */
export function d20ChanceToHit(bonus: number, target: number, naturals = true, missChance = 0): number {
  checkMissChance(missChance);
  let hits = 0;
  for (let n = 1; n <= 20; n++) if (d20Hits(n, bonus, target, naturals)) hits++;
  return Math.round(hits * 5 * (100 - missChance)) / 100;
}

/**
 * SW-18: what a confirmed critical does to the target. A heroic target (levels in a hero class) takes the weapon's
 * damage to wound points; an ordinary one drops to −1 wound points. Anything short of a confirmed critical is an
 * ordinary hit.
 */
export type CriticalEffect = "normal" | "wounds" | "ordinaryToMinusOne";
export function criticalEffect(critical: Critical, heroic: boolean): CriticalEffect {
  if (critical !== "confirmed") return "normal";
  return heroic ? "wounds" : "ordinaryToMinusOne";
}

/** Where the cover came from (the largest applies, SW-30): only walls and creatures can be struck (SW-31). */
export type CoverSource = "none" | "wall" | "lowWall" | "posture" | "creature";

export interface CoveringCreature {
  readonly id: string;
  /** The covering character's Defense against this attack. */
  readonly defense: number;
  /** Its Dex bonus (if positive) plus dodge bonuses: the part of its Defense that is getting out of the way. */
  readonly dexAndDodge: number;
}

export type StruckCover =
  | { readonly kind: "none" }
  | { readonly kind: "wall" }
  /** The creature used as cover was struck; `hurt` when the roll also reached its Defense (it takes the damage). */
  | { readonly kind: "creature"; readonly id: string; readonly hurt: boolean }
  /** The covering creature dodged out of the way: the original target is hit after all. */
  | { readonly kind: "target" };

/**
 * SW-31: "If the attack roll falls within a range low enough to miss the target with cover but high enough to strike
 * the target if there had been no cover, the attack hits the object used for cover" — i.e. a miss with
 * target − cover ≤ total < target. A natural 1 (an automatic miss) and a miss concealment caused are not the cover's
 * doing; posture cover (kneeling, prone) has no object to strike. With a creature as cover: the creature takes the
 * damage when the roll reaches its Defense (design §2.3 reads the seed's "exceeds" as the attack rule's "equal or
 * higher"); when only its Dex or dodge bonus kept it from being hit, it dodged and the original target is hit.
 */
export function struckCover(
  outcome: Pick<D20Outcome, "roll" | "total" | "target" | "rollHit" | "auto">,
  cover: number,
  source: CoverSource,
  creature: CoveringCreature | null = null,
): StruckCover {
  if (outcome.rollHit || outcome.auto === "miss" || cover <= 0) return { kind: "none" };
  if (outcome.total < outcome.target - cover) return { kind: "none" };
  if (source === "wall" || source === "lowWall") return { kind: "wall" };
  if (source !== "creature" || creature === null) return { kind: "none" };
  if (outcome.total >= creature.defense) return { kind: "creature", id: creature.id, hurt: true };
  if (creature.dexAndDodge > 0 && outcome.total >= creature.defense - creature.dexAndDodge)
    return { kind: "target" };
  return { kind: "creature", id: creature.id, hurt: false };
}
