/**
 * The actor sheet's d20 block (issue 14), pure: what `templates/actor/d20.hbs` shows in play mode — the six
 * abilities with their modifiers, Defense with its flat-footed and touch variants (SW-08, SW-01, SW-09), vitality
 * and wound points with their state (SW-10), damage reduction (SW-11), saves and speed (SW-12) — and the choices
 * its edit mode offers. The numbers come from {@link deriveD20}; nothing here touches Foundry.
 */
import { D20_ABILITIES, type D20ActorLike, type D20Derived } from "../../../data/actor/d20-derived.js";
import {
  D20_ARMOR_CATEGORIES,
  D20_ATTACK_KINDS,
  D20_DAMAGE_TYPES,
  D20_WEAPON_GROUPS,
} from "../../../data/item/specs.js";
import { D20_SIZES, type D20Size, SIZE_MODIFIER } from "../../../rules/index.js";

export const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

export interface D20SheetSource extends D20ActorLike {
  readonly saves: { readonly fort: number; readonly ref: number; readonly will: number };
  readonly feats: {
    readonly pointBlankShot: boolean;
    readonly preciseShot: boolean;
    readonly rapidShot?: boolean;
    readonly multishot?: boolean;
    readonly ambidexterity?: boolean;
    readonly twoWeaponFighting?: boolean;
  };
}

export function d20SheetContext(d20: D20SheetSource, derived: D20Derived) {
  const bar = (value: number, max: number) => ({
    value,
    max,
    pct: max > 0 ? Math.max(0, Math.min(100, Math.round((value / max) * 100))) : 0,
  });
  const speed = derived.speed;
  return {
    abilities: D20_ABILITIES.map((key) => ({
      key,
      score: d20.abilities[key] ?? 10,
      mod: signed(derived.mods[key]),
      label: `FT.D20.Ability.${key}`,
    })),
    bab: signed(d20.bab),
    defense: derived.defense,
    /** The SW-08 sum term by term ("Base 10", "Class bonus +3", "Dexterity +2"), for the sheet's breakdown. */
    defenseTerms: derived.defenseTerms.map((m) => ({
      label: m.label,
      value: m.id === "base" ? String(m.value) : signed(m.value),
    })),
    vitality: bar(d20.vitality.value, d20.vitality.max),
    wounds: bar(d20.wounds.value, d20.wounds.max),
    state: derived.state,
    stateLabel: `FT.D20.State.${derived.state}`,
    fatigued: derived.fatigued,
    heroicLabel: d20.heroic ? "FT.D20.heroic" : "FT.D20.ordinary",
    dr: derived.dr,
    maxDex: derived.maxDex,
    // The save a roll makes: the base save + its ability (Con, Dex, Wis after fatigue), as the Fortitude and Reflex
    // rolls add them (d20-fortitude.ts, d20-grenade.ts); the base is the edit mode's field and the tooltip's.
    saves: (
      [
        ["fort", "con"],
        ["ref", "dex"],
        ["will", "wis"],
      ] as const
    ).map(([key, ability]) => ({
      key,
      label: `FT.D20.Save.${key}`,
      value: signed(d20.saves[key] + (derived.mods[ability] ?? 0)),
      base: signed(d20.saves[key]),
      mod: signed(derived.mods[ability] ?? 0),
      ability: `FT.D20.Ability.${ability}`,
    })),
    speed: speed ? { move: speed.move, double: speed.double, run: speed.run } : null,
    speedProblem: derived.speedProblem,
    sizeLabel: `FT.D20.Size.${d20.size}`,
    /** SW-41: the special attacks the sheet offers (d20-special.ts). */
    specials: ["banthaRush", "trip", "overrun", "grapple", "disarm", "object"],
    feats: [
      { key: "pointBlankShot", label: "FT.D20.Feat.pointBlankShot", on: d20.feats.pointBlankShot },
      { key: "preciseShot", label: "FT.D20.Feat.preciseShot", on: d20.feats.preciseShot },
      // SW-37: the fire-mode feats.
      { key: "rapidShot", label: "FT.D20.Feat.rapidShot", on: d20.feats.rapidShot ?? false },
      { key: "multishot", label: "FT.D20.Feat.multishot", on: d20.feats.multishot ?? false },
      // SW-22: the two-weapon feats.
      { key: "ambidexterity", label: "FT.D20.Feat.ambidexterity", on: d20.feats.ambidexterity ?? false },
      {
        key: "twoWeaponFighting",
        label: "FT.D20.Feat.twoWeaponFighting",
        on: d20.feats.twoWeaponFighting ?? false,
      },
    ],
    sizeChoices: Object.fromEntries(D20_SIZES.map((s) => [s, `FT.D20.Size.${s}`])),
  };
}
export type D20SheetContext = ReturnType<typeof d20SheetContext>;

/**
 * A weapon row's d20 columns in a d20 world (SW-04, SW-06): the attack bonus before range and situation (BAB +
 * Str in melee or Dex at range, after fatigue, + size), the d20 damage dice and the range increment — "—" where
 * the GM has not entered a number the sources do not give.
 */
export function d20WeaponColumns(
  weapon: { readonly attack: string; readonly damage: string; readonly rangeIncrement: number | null },
  actor: { readonly bab: number; readonly size: string },
  derived: D20Derived,
): { bonus: string; damage: string; range: string } {
  const melee = weapon.attack === "melee";
  const size = SIZE_MODIFIER[actor.size as D20Size] ?? 0;
  const bonus = actor.bab + (melee ? derived.mods.str : derived.mods.dex) + size;
  return {
    bonus: signed(bonus),
    damage: weapon.damage || "—",
    range: melee ? "2 m" : weapon.rangeIncrement !== null ? `${weapon.rangeIncrement} m` : "—",
  };
}

/** The item sheet's d20 bodies' choices (weapon and armour); `showSwn`: the weapon's SWN numbers (SWN-15). */
export function d20ItemContext(showSwn: boolean) {
  const choices = (list: readonly string[], prefix: string) =>
    Object.fromEntries(list.map((k) => [k, `${prefix}.${k}`]));
  return {
    showSwn,
    d20Choices: {
      attack: choices(D20_ATTACK_KINDS, "FT.D20.Item.attackKind"),
      size: choices(D20_SIZES, "FT.D20.Size"),
      category: choices(D20_ARMOR_CATEGORIES, "FT.D20.Item.categoryChoice"),
      damageType: choices(D20_DAMAGE_TYPES, "FT.D20.Item.damageTypeChoice"),
      group: choices(D20_WEAPON_GROUPS, "FT.D20.Item.groupChoice"),
    },
  };
}
