/**
 * The `swn` profile of the d20 engine (ruling 1: "d20 + SWN additions"): the attack is d20 + the sheet's attack bonus
 * (AB) against Armor Class, with the d20 engine's situational terms (range increments, shooting into melee, the
 * conditions) kept and its Star Wars pieces — BAB, ability and size terms, class Defense, dodge, threats and
 * confirmation, vitality and wounds — left to the `sw` profile. What the SWN additions add (seed 003):
 * - SWN-13: the side's Morale band on its members' attacks and AC;
 * - SWN-14: concealment as AC (+2 / +4 / +6), from the walls and regions in the line of fire (ruling 5's mapping) and
 *   the dialog, the highest applying;
 * - SWN-15: hard cover as armour by material against the weapon's TL (cover.ts), taken off the damage;
 * - SWN-11, SWN-08: an aimed shot (−4) and an overwatch shot (−2) ignore the cover's armour, not its concealment.
 * Pure.
 */
import type { D20TargetFacts } from "../core/facts.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { degreeFromShare } from "../d20/cover.js";
import { type CoverDegree, LATTICE_CUTS } from "../d20/tables.js";
import { CONCEALMENT_AC, type Concealment, concealmentTerm } from "./cover.js";
import { MORALE_BANDS, type MoraleBand } from "./morale.js";
import { PROTECT_ARMOUR_TERM, PROTECT_TERM } from "./protect.js";

export type SwnProfileId = "sw" | "swn";

/** SWN-11: an aimed shot. */
export const AIMED_SHOT_PENALTY = -4;
/** SWN-08: the overwatch shot. */
export const OVERWATCH_PENALTY = -2;

/** The SWN actions an attack is made as (SWN-11 aimed shot, SWN-08 overwatch); null for an ordinary attack. */
export type SwnAttackAction = "aimedShot" | "overwatch";

const CONCEALMENTS: readonly Concealment[] = ["none", "partly", "mostly", "totally"];

export function isConcealment(c: unknown): c is Concealment {
  return typeof c === "string" && (CONCEALMENTS as readonly string[]).includes(c);
}

export function isMoraleBand(b: unknown): b is MoraleBand {
  return typeof b === "string" && MORALE_BANDS.some((x) => x.band === b);
}

/** Ruling 5: ¼ and ½ are partly obscured, ¾ mostly, 9/10 and total totally. */
export function concealmentOfDegree(degree: CoverDegree): Concealment {
  switch (degree) {
    case "none":
      return "none";
    case "quarter":
    case "half":
      return "partly";
    case "threeQuarters":
      return "mostly";
    default:
      return "totally";
  }
}

/**
 * Ruling 5 on the lattice: `obscured` of `total` rays pass something that hides the target (a wall, hard or soft;
 * SWN-14's "hiding behind cover smaller / larger than you"), graded through the d20 lattice cuts (ruling 3; one
 * grazing ray is ignored).
 */
export function concealmentFromShare(obscured: number, total: number): Concealment {
  if (total <= 0 || obscured <= 0) return "none";
  if (obscured >= total) return "totally";
  const f = obscured / total;
  let degree: CoverDegree = "none";
  for (const cut of LATTICE_CUTS) if (f >= cut.from) degree = cut.degree;
  return concealmentOfDegree(degree);
}

/** Ruling 5 on a region's SW-32 miss chance (10/20 % partly, 30 % mostly, 40/50 % totally). */
export function concealmentFromMissChance(percent: number): Concealment {
  if (!(percent > 0)) return "none";
  if (percent <= 20) return "partly";
  if (percent <= 30) return "mostly";
  return "totally";
}

/** SWN-14: the highest of several concealments (they never add). */
export function highestConcealment(list: readonly Concealment[]): Concealment {
  let best: Concealment = "none";
  for (const c of list) if (CONCEALMENT_AC[c] > CONCEALMENT_AC[best]) best = c;
  return best;
}

/** What the scene's d20 lattice counted for a target (the facts' `lattice`). */
type Lattice = NonNullable<D20TargetFacts["lattice"]>;

/**
 * SWN-14, ruling 5: a target's concealment — the highest of the rays the walls obscure (hard, low or soft: most cover
 * also hides), an obscuring region's SW-32 miss chance mapped, and what the user says.
 */
export function sceneConcealment(
  lattice: Lattice | undefined,
  missChance: number,
  given: Concealment = "none",
): Concealment {
  return highestConcealment([
    lattice ? concealmentFromShare(lattice.hard + lattice.low + lattice.soft, lattice.total) : "none",
    concealmentFromMissChance(missChance),
    given,
  ]);
}

/** SWN-15, ruling 4g: the target has hard cover from walls (one grazing ray is not cover, ruling 3). */
export function hasHardCover(lattice: Lattice | undefined): boolean {
  return !!lattice && degreeFromShare(lattice.hard + lattice.low, lattice.total) !== "none";
}

/** SWN-13: a band's terms (attack and AC), labelled; none for Careful or no band (PCs, an immune side). */
export function bandTerms(band: MoraleBand | null | undefined): {
  readonly attack: Modifier[];
  readonly ac: Modifier[];
} {
  const b = band ? MORALE_BANDS.find((x) => x.band === band) : undefined;
  if (!b) return { attack: [], ac: [] };
  const term = (v: number): Modifier[] =>
    v ? [{ id: "morale", label: `FT.SWN.Morale.${b.band}`, value: v, ruleId: "SWN-13" }] : [];
  return { attack: term(b.attack), ac: term(b.ac) };
}

/** The d20 attack terms the `swn` profile replaces by the sheet's attack bonus (it already holds them). */
const SW_ATTACKER_TERMS = new Set(["bab", "str", "dex", "size"]);

export interface SwnAttackInput {
  /** The d20 engine's terms for this attack (range, melee, conditions …). */
  readonly d20Terms: readonly Modifier[];
  /** The attack bonus the sheet gives (an NPC's AB, or a PC's total with skill and attribute). */
  readonly ab: number;
  readonly band?: MoraleBand | null;
  readonly action?: SwnAttackAction | null;
}

/** SWN-04 (AB) with SWN-13, SWN-11 and SWN-08: the attack terms under the `swn` profile. */
export function swnAttackTerms(input: SwnAttackInput): Modifier[] {
  if (!Number.isInteger(input.ab))
    throw new RulesError("FT.SWN.badAb", `An attack bonus is a whole number, not ${input.ab}`);
  const out: Modifier[] = [{ id: "ab", label: "FT.SWN.ab", value: input.ab, ruleId: "SW-04" }];
  out.push(...input.d20Terms.filter((m) => !SW_ATTACKER_TERMS.has(m.id)));
  out.push(...bandTerms(input.band).attack);
  if (input.action === "aimedShot")
    out.push({
      id: "aimedShot",
      label: "FT.SWN.Action.aimedShot",
      value: AIMED_SHOT_PENALTY,
      ruleId: "SWN-11",
    });
  if (input.action === "overwatch")
    out.push({
      id: "overwatch",
      label: "FT.SWN.Action.overwatch",
      value: OVERWATCH_PENALTY,
      ruleId: "SWN-08",
    });
  return out;
}

/** The d20 Defense terms the `swn` profile replaces by the sheet's AC (AC holds armour, Dex and the rest). */
const SW_DEFENSE_TERMS = new Set(["base", "class", "dex", "size", "dodge", "cover"]);

export interface SwnAcInput {
  /** The d20 engine's Defense terms for this attack (total defense, charging …). */
  readonly d20Terms: readonly Modifier[];
  readonly ac: number;
  readonly band?: MoraleBand | null;
  readonly concealment: Concealment;
  /** SWN-06: behind a protecting mech — minor concealment +2, unless the target already has concealment. */
  readonly protectedBy?: boolean;
}

/** SW-08's target number as SWN's AC, with SWN-13's band, SWN-14's concealment and SWN-06's protecting mech. */
export function swnAcTerms(input: SwnAcInput): Modifier[] {
  if (!Number.isInteger(input.ac))
    throw new RulesError("FT.SWN.badAc", `An AC is a whole number, not ${input.ac}`);
  const out: Modifier[] = [{ id: "ac", label: "FT.SWN.ac", value: input.ac, ruleId: "SW-08" }];
  out.push(...input.d20Terms.filter((m) => !SW_DEFENSE_TERMS.has(m.id)));
  const c = concealmentTerm(input.concealment);
  if (c) out.push(c);
  else if (input.protectedBy) out.push({ ...PROTECT_TERM });
  // SWN-06: the mech's Armor rating, the GM's to apply (protect.ts), whether or not its +2 adds.
  if (input.protectedBy) out.push({ ...PROTECT_ARMOUR_TERM });
  out.push(...bandTerms(input.band).ac);
  return out;
}

/** SWN-15 with AP: what cover armour takes off one hit (armour less the weapon's AP, never below 0). */
export function armourAfterAp(armour: number, ap: number): number {
  return Math.max(0, armour - Math.max(0, ap));
}
