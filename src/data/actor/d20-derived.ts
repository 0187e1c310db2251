/**
 * The d20 numbers an actor's sheet shows and the d20 workflow reads, derived by the pure d20 rules from the actor's
 * `system.d20` block and the armour it wears (issue 14): ability modifiers after fatigue (SW-10), Defense with its
 * flat-footed and touch variants (SW-08, SW-01, SW-09, SW-05), damage reduction (SW-11), speed (SW-12) and the
 * wound state (SW-10). Nothing here touches Foundry.
 */

import {
  ARMOR_CATEGORIES,
  type ArmorCategory,
  abilityModifier,
  type D20Size,
  type DefenseInput,
  d20Speed,
  defenseModifiers,
  defenseSummary,
  FATIGUE_PENALTY,
  type Modifier,
  RulesError,
  type Speed,
  type WoundState,
  woundState,
} from "../../rules/index.js";

export const D20_ABILITIES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type D20Ability = (typeof D20_ABILITIES)[number];

/** What this reads of an actor's `system.d20` (the actor schema, data/actor/specs.ts). */
export interface D20ActorLike {
  readonly abilities: Readonly<Record<string, number>>;
  readonly bab: number;
  readonly classDefense: number;
  readonly dodge: number;
  readonly size: string;
  readonly heroic: boolean;
  readonly dr: number;
  readonly speedBase: number | null;
  readonly vitality: { readonly value: number; readonly max: number };
  readonly wounds: { readonly value: number; readonly max: number };
}

/** What this reads of a defense item's `system` (the item schema, data/item/specs.ts). */
export interface D20ArmorLike {
  readonly active: boolean;
  readonly d20: { readonly category: string; readonly dr: number | null; readonly maxDex: number | null };
}

export interface D20Derived {
  /** Ability modifiers (⌊(score − 10) ÷ 2⌋), Str and Dex after fatigue's −2 (SW-10). */
  readonly mods: Readonly<Record<D20Ability, number>>;
  /** SW-10: wound damage taken and not yet healed. */
  readonly fatigued: boolean;
  readonly state: WoundState;
  /** SW-08, SW-01, SW-09. */
  readonly defense: { readonly total: number; readonly flatFooted: number; readonly touch: number };
  /** The terms of the normal Defense, each labelled (base 10, class, Dex, size, dodge). */
  readonly defenseTerms: readonly Modifier[];
  /** The worn armour's maximum Dex bonus (the lowest of the armour worn); null = not capped. */
  readonly maxDex: number | null;
  /** SW-11: the highest of the character's own DR and the worn armour's (DR does not stack). */
  readonly dr: number;
  /** The heaviest armour worn (SW-12), "none" without armour. */
  readonly armor: ArmorCategory;
  /** SW-12; null when the seed has no speed for the size and the sheet gives none (`speedProblem` says so). */
  readonly speed: Speed | null;
  readonly speedProblem: string | null;
}

/** Worn d20 armour: a defense item that is on and has a d20 category. */
export function wornArmor(items: readonly D20ArmorLike[]): D20ArmorLike[] {
  return items.filter((i) => i.active && i.d20.category !== "");
}

export function deriveD20(d20: D20ActorLike, armor: readonly D20ArmorLike[] = []): D20Derived {
  const fatigued = d20.wounds.value < d20.wounds.max;
  const score = (k: D20Ability) => {
    const s = d20.abilities[k] ?? 10;
    return fatigued && (k === "str" || k === "dex") ? Math.max(0, s + FATIGUE_PENALTY) : s;
  };
  const mods = Object.fromEntries(D20_ABILITIES.map((k) => [k, abilityModifier(score(k))])) as Record<
    D20Ability,
    number
  >;
  const worn = wornArmor(armor);
  const caps = worn.map((a) => a.d20.maxDex).filter((m): m is number => m !== null);
  const maxDex = caps.length ? Math.min(...caps) : null;
  const dr = Math.max(d20.dr, ...worn.map((a) => a.d20.dr ?? 0));
  const rank = (c: string) => ARMOR_CATEGORIES.indexOf(c as ArmorCategory);
  const armorCategory = worn.reduce<ArmorCategory>(
    (heaviest, a) => (rank(a.d20.category) > rank(heaviest) ? (a.d20.category as ArmorCategory) : heaviest),
    "none",
  );
  const size = d20.size as D20Size;
  let speed: Speed | null = null;
  let speedProblem: string | null = null;
  try {
    speed = d20Speed({ size, armor: armorCategory, speedBase: d20.speedBase, fatigued });
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    speedProblem = e.key;
  }
  const defenseInput: DefenseInput = {
    classBonus: d20.classDefense,
    dex: mods.dex,
    size,
    maxDex,
    dodge: d20.dodge,
  };
  return {
    mods,
    fatigued,
    state: woundState(d20.wounds.value),
    defense: defenseSummary(defenseInput),
    defenseTerms: defenseModifiers(defenseInput),
    maxDex,
    dr,
    armor: armorCategory,
    speed,
    speedProblem,
  };
}
