/**
 * Defense, the d20 target number (SW-08, with SW-01 flat-footed, SW-05 size, SW-09 touch, SW-17 total defense,
 * SW-21 charge, SW-23 fighting defensively, SW-29 conditions, SW-30 cover, SW-33 helpless).
 *
 * Defense = 10 + class bonus + Dexterity modifier (capped by worn armour's maximum Dex) + size modifier, plus
 * dodge bonuses (which stack, and go wherever the Dex bonus goes), plus the cover bonus. Each term is a labelled
 * {@link Modifier} so the dialog can show and override it. Variants:
 * - **flat-footed** (SW-01) and every condition whose row in the SW-29 table is marked "loses Dex": the Dex
 *   *bonus* and all dodge bonuses go; a Dex *penalty* stays ("doesn't add a Dexterity bonus");
 * - **helpless** (SW-33): Dexterity is treated as 0, so the Dex term is −5 and dodge goes;
 * - **touch** (SW-09): the class bonus goes; size and Dex apply normally.
 * Example (issue 14): class +3, Dex +2 → 15; 13 flat-footed; 12 against a touch attack.
 */
import { total } from "../core/modifiers.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { CONDITION_TABLE, type D20Condition, type D20Size, SIZE_MODIFIER } from "./tables.js";

/** SW-08: the Defense base every character starts from. */
export const DEFENSE_BASE = 10;

/** SW-33: a helpless defender's Dexterity counts as 0, a −5 modifier. */
export const HELPLESS_DEX_MODIFIER = -5;

/** SW-17 total defense +4 dodge; SW-23 fighting defensively +2 dodge; SW-21 charging −2 Defense. */
export const TOTAL_DEFENSE_DODGE = 4;
export const FIGHTING_DEFENSIVELY_DODGE = 2;
export const CHARGE_DEFENSE = -2;

/** d20 ability modifier: ⌊(score − 10) ÷ 2⌋ (10–11 → 0, 14 → +2, 7 → −2). */
export function abilityModifier(score: number): number {
  if (!Number.isInteger(score) || score < 0)
    throw new RulesError("FT.D20.badAbility", `An ability score must be a whole number ≥ 0, not ${score}`, {
      score,
    });
  return Math.floor((score - 10) / 2);
}

export interface DefenseInput {
  readonly classBonus: number;
  /** The Dexterity modifier before the armour cap. */
  readonly dex: number;
  readonly size: D20Size;
  /** Worn armour's maximum Dex bonus (SW-08 "wearing armor limits your Dexterity bonus"); null = no cap. */
  readonly maxDex?: number | null;
  /** Dodge bonuses from the sheet (the Dodge feat's +1 against the designated foe, …); they stack. */
  readonly dodge?: number;
  /** Declared this round (SW-17 total defense, SW-23 fighting defensively, SW-21 charged). */
  readonly totalDefense?: boolean;
  readonly fightingDefensively?: boolean;
  readonly charging?: boolean;
  /** SW-39: an ally's aid another gave "+2 … to his Defense when next attacked by that opponent" (a circumstance bonus). */
  readonly aidedDefense?: boolean;
  /** Conditions of the defender and the attacker that matter to Defense (SW-29 "loses Dex", SW-33 helpless). */
  readonly conditions?: ReadonlySet<D20Condition>;
  /** Cover bonus to Defense (`coverDefense` in cover.ts, SW-30); 0 when none. */
  readonly cover?: number;
}

export interface DefenseOptions {
  /** SW-09: a touch attack ignores the class bonus. */
  readonly touch?: boolean;
}

/** SW-39: "a +2 circumstance bonus … to his Defense when next attacked by that opponent". */
export const AID_BONUS_DEFENSE = 2;

/** True when the defender loses the Dex bonus and dodge: any condition marked so in the SW-29 table (SW-01, SW-29, SW-33). */
export function losesDexBonus(conditions: ReadonlySet<D20Condition>): boolean {
  for (const c of conditions) if (CONDITION_TABLE[c].losesDex) return true;
  return false;
}

/**
 * Every term of Defense (SW-08, SW-01, SW-05, SW-09, SW-17, SW-21, SW-23, SW-29, SW-30, SW-33), each a labelled
 * modifier; zero terms other than the base are left out. The class bonus applies even flat-footed (SW-08) and is
 * dropped only for a touch attack (SW-09).
 */
export function defenseModifiers(input: DefenseInput, options: DefenseOptions = {}): Modifier[] {
  const conditions = input.conditions ?? new Set<D20Condition>();
  const mods: Modifier[] = [
    { id: "base", label: "FT.D20.Defense.base", value: DEFENSE_BASE, ruleId: "SW-08" },
  ];
  if (!options.touch && input.classBonus !== 0)
    mods.push({ id: "class", label: "FT.D20.Defense.class", value: input.classBonus, ruleId: "SW-08" });

  const helpless = conditions.has("defenderHelpless");
  const noDex = helpless || losesDexBonus(conditions);
  const cap = input.maxDex ?? null;
  let dex = cap === null ? input.dex : Math.min(input.dex, cap);
  if (helpless) dex = HELPLESS_DEX_MODIFIER;
  else if (noDex) dex = Math.min(dex, 0);
  if (dex !== 0)
    mods.push({
      id: "dex",
      label: helpless ? "FT.D20.Defense.dexHelpless" : "FT.D20.Defense.dex",
      value: dex,
      ruleId: helpless ? "SW-33" : "SW-08",
    });

  const size = SIZE_MODIFIER[input.size];
  if (size !== 0) mods.push({ id: "size", label: "FT.D20.size", value: size, ruleId: "SW-05" });

  if (!noDex) {
    if ((input.dodge ?? 0) !== 0)
      mods.push({ id: "dodge", label: "FT.D20.Defense.dodge", value: input.dodge ?? 0, ruleId: "SW-08" });
    if (input.totalDefense)
      mods.push({
        id: "totalDefense",
        label: "FT.D20.Defense.totalDefense",
        value: TOTAL_DEFENSE_DODGE,
        ruleId: "SW-17",
      });
    if (input.fightingDefensively)
      mods.push({
        id: "fightingDefensively",
        label: "FT.D20.Defense.fightingDefensively",
        value: FIGHTING_DEFENSIVELY_DODGE,
        ruleId: "SW-23",
      });
  }
  if (input.charging)
    mods.push({ id: "charging", label: "FT.D20.Defense.charging", value: CHARGE_DEFENSE, ruleId: "SW-21" });
  if ((input.cover ?? 0) !== 0)
    mods.push({ id: "cover", label: "FT.D20.Defense.cover", value: input.cover ?? 0, ruleId: "SW-30" });
  // SW-39: a circumstance bonus, not a dodge: it stays when the defender loses its Dex.
  if (input.aidedDefense)
    mods.push({
      id: "aid.defense",
      label: "FT.D20.Aid.defenseTerm",
      value: AID_BONUS_DEFENSE,
      ruleId: "SW-39",
    });
  return mods;
}

/** The Defense total (SW-08). */
export function defense(input: DefenseInput, options: DefenseOptions = {}): number {
  return total(defenseModifiers(input, options));
}

/** The three numbers a sheet shows (SW-08, SW-01, SW-09): normal, flat-footed, touch. */
export function defenseSummary(input: DefenseInput): {
  total: number;
  flatFooted: number;
  touch: number;
} {
  const ff = new Set(input.conditions ?? []);
  ff.add("defenderFlatFooted");
  return {
    total: defense(input),
    flatFooted: defense({ ...input, conditions: ff }),
    touch: defense(input, { touch: true }),
  };
}
