/**
 * Full attacks and fire modes (SW-22, SW-35, SW-36, SW-37) as a plan of attack steps, each with its own labelled
 * terms, and the ammunition they spend (ruling 4h). Pure: no dice here, only the bonus of each step.
 *
 * One formula (design d20-swn.md §2.3) gives every step:
 * - iterative attacks at BAB, BAB − 5, BAB − 10, … while the bonus is at least +1 (the first attack always);
 * - multifire adds one attack at the highest BAB, autofire two (SW-36, SW-35: "the extra attacks are at your highest
 *   base attack bonus"), and every attack, extra or normal, takes −4 (multifire) or −6 (autofire);
 * - Rapid Shot adds one more attack at the highest BAB and −2 to every attack; Multishot lowers the mode penalty by 2.
 * It reproduces all 168 cells of the seed's Multifire and Autofire tables (21 BAB rows × 4 columns × 2 modes); the
 * test reads the seed's tables cell by cell. Recoil: −2 if the weapon is not wielded in two hands (unless it is two
 * sizes smaller than the wielder), and for autofire — and for multifire with a multifire/autofire-only weapon — −2 more
 * if it is not a blaster rifle or mounted on a tripod (SW-35: a one-handed, unbraced pistol on autofire: −10).
 */
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { iterativeBonuses } from "./weapon-checks.js";

export type FireMode = "single" | "multifire" | "autofire";

/** SW-36 multifire −4 on every attack, SW-35 autofire −6. */
export const MODE_PENALTY: Readonly<Record<FireMode, number>> = { single: 0, multifire: -4, autofire: -6 };
/** SW-36 one extra attack, SW-35 two. */
export const MODE_EXTRA_ATTACKS: Readonly<Record<FireMode, number>> = {
  single: 0,
  multifire: 1,
  autofire: 2,
};
/** SW-35, SW-36: each recoil condition adds −2. */
export const RECOIL_PENALTY = -2;
/** SW-37 (seed's tables): Rapid Shot, one more attack at the highest bonus, −2 to all; Multishot, the mode penalty 2 less. */
export const RAPID_SHOT_PENALTY = -2;
export const MULTISHOT_REDUCTION = 2;

export interface FireFeats {
  readonly rapidShot?: boolean;
  readonly multishot?: boolean;
}

export interface FireModeInput {
  readonly bab: number;
  readonly mode: FireMode;
  readonly feats?: FireFeats;
  /** Wielded in two hands (default true). */
  readonly twoHanded?: boolean;
  /** The weapon is at least two size categories smaller than the wielder: no one-hand recoil penalty. */
  readonly twoSizesSmaller?: boolean;
  /** A blaster rifle, or mounted on a tripod or equivalent support (default true). */
  readonly rifleOrTripod?: boolean;
  /** A multifire/autofire-only weapon (repeating blasters): the recoil penalties apply to multifire too. */
  readonly autoOnly?: boolean;
}

export type StepKind = "iterative" | "extra" | "rapidShot" | "primary" | "offHand";

export interface AttackStep {
  /** Stable within one plan: `attack1`, `attack2`, … in the order they are made. */
  readonly id: string;
  readonly kind: StepKind;
  /** The BAB this step starts from (BAB − 5k for the k-th iterative attack). */
  readonly base: number;
  /** The terms added to the base, each labelled with its rule (the iterative −5s are in `base`'s own term). */
  readonly modifiers: readonly Modifier[];
  /** base + the modifiers: the attack bonus before Dex, size, range and the scene's terms. */
  readonly bonus: number;
}

/** The recoil terms of a fire mode (SW-35, SW-36). */
function recoilModifiers(input: FireModeInput): Modifier[] {
  const mods: Modifier[] = [];
  if (input.mode === "single") return mods;
  const ruleId = input.mode === "autofire" ? "SW-35" : "SW-36";
  if (!(input.twoHanded ?? true) && !input.twoSizesSmaller)
    mods.push({ id: "oneHanded", label: "FT.D20.FullAttack.oneHanded", value: RECOIL_PENALTY, ruleId });
  if ((input.mode === "autofire" || input.autoOnly) && !(input.rifleOrTripod ?? true))
    mods.push({
      id: "unbraced",
      label: "FT.D20.FullAttack.unbraced",
      value: RECOIL_PENALTY,
      ruleId: "SW-35",
    });
  return mods;
}

/**
 * SW-22, SW-35, SW-36, SW-37: every attack of a full attack in a fire mode, in the order they are made — the extra
 * attacks (fire mode, then Rapid Shot) at the highest bonus right after the first, then the iterative ones.
 * Rapid Shot and Multishot are the seed's fire-mode tables; a single-fire plan with them is refused.
 */
export function fireModeSteps(input: FireModeInput): AttackStep[] {
  const feats = input.feats ?? {};
  if (input.mode === "single" && (feats.rapidShot || feats.multishot))
    throw new RulesError(
      "FT.D20.FullAttack.featNeedsFireMode",
      "Rapid Shot and Multishot apply here to multifire or autofire (the seed's tables)",
    );
  const iterative = iterativeBonuses(input.bab);
  const common: Modifier[] = [];
  if (input.mode !== "single") {
    const ruleId = input.mode === "autofire" ? "SW-35" : "SW-36";
    common.push({
      id: input.mode,
      label: `FT.D20.FullAttack.${input.mode}`,
      value: MODE_PENALTY[input.mode],
      ruleId,
    });
    if (feats.multishot)
      common.push({
        id: "multishot",
        label: "FT.D20.FullAttack.multishot",
        value: MULTISHOT_REDUCTION,
        ruleId: "SW-37",
      });
    common.push(...recoilModifiers(input));
  }
  if (feats.rapidShot)
    common.push({
      id: "rapidShot",
      label: "FT.D20.FullAttack.rapidShot",
      value: RAPID_SHOT_PENALTY,
      ruleId: "SW-37",
    });
  const bases: { base: number; kind: StepKind }[] = [{ base: iterative[0]!, kind: "iterative" }];
  for (let i = 0; i < MODE_EXTRA_ATTACKS[input.mode]; i++) bases.push({ base: input.bab, kind: "extra" });
  if (feats.rapidShot) bases.push({ base: input.bab, kind: "rapidShot" });
  for (const b of iterative.slice(1)) bases.push({ base: b, kind: "iterative" });
  const sum = common.reduce((s, m) => s + m.value, 0);
  return bases.map((b, i) => ({
    id: `attack${i + 1}`,
    kind: b.kind,
    base: b.base,
    modifiers: common,
    bonus: b.base + sum,
  }));
}

/** SW-37: a cell of the seed's Multifire or Autofire table — the bonuses of every attack, as the table prints them. */
export function fireModeTableCell(mode: "multifire" | "autofire", bab: number, feats: FireFeats): number[] {
  return fireModeSteps({ bab, mode, feats }).map((s) => s.bonus);
}

// ---------------------------------------------------------------------------------------------------------------
// SW-22 two-weapon fighting and double weapons

/** SW-22: primary hand −6, off hand −10. */
export const TWO_WEAPON_BASE = { primary: -6, offHand: -10 } as const;
/** SW-22: a light off-hand weapon lessens both by 2; Ambidexterity the off hand by 4; Two-Weapon Fighting both by 2. */
export const LIGHT_OFF_HAND = 2;
export const AMBIDEXTERITY = 4;
export const TWO_WEAPON_FIGHTING = 2;

export interface TwoWeaponInput {
  readonly offHandLight: boolean;
  readonly ambidexterity: boolean;
  readonly twoWeaponFighting: boolean;
  /** A double weapon: "the penalties apply as if the off-hand weapon were light". */
  readonly doubleWeapon?: boolean;
}

/** SW-22: the two-weapon penalties, primary and off hand — the seed's 8-row table from the three reductions. */
export function twoWeaponPenalties(input: TwoWeaponInput): { primary: number; offHand: number } {
  const light = input.offHandLight || input.doubleWeapon ? LIGHT_OFF_HAND : 0;
  const twf = input.twoWeaponFighting ? TWO_WEAPON_FIGHTING : 0;
  return {
    primary: TWO_WEAPON_BASE.primary + light + twf,
    offHand: TWO_WEAPON_BASE.offHand + light + (input.ambidexterity ? AMBIDEXTERITY : 0) + twf,
  };
}

/**
 * SW-22: a full attack with two weapons (or both ends of a double weapon): the primary hand's iterative attacks with
 * the primary penalty, then one off-hand attack at the highest BAB with the off-hand penalty ("one extra attack per
 * round with that weapon"; either weapon may strike first — the dialog may reorder, the bonuses stay).
 */
export function twoWeaponSteps(bab: number, input: TwoWeaponInput): AttackStep[] {
  const p = twoWeaponPenalties(input);
  const primary: Modifier = {
    id: "twoWeaponPrimary",
    label: "FT.D20.FullAttack.twoWeaponPrimary",
    value: p.primary,
    ruleId: "SW-22",
  };
  const off: Modifier = {
    id: "twoWeaponOffHand",
    label: "FT.D20.FullAttack.twoWeaponOffHand",
    value: p.offHand,
    ruleId: "SW-22",
  };
  const steps: AttackStep[] = iterativeBonuses(bab).map((base, i) => ({
    id: `attack${i + 1}`,
    kind: "primary",
    base,
    modifiers: [primary],
    bonus: base + p.primary,
  }));
  steps.push({
    id: `attack${steps.length + 1}`,
    kind: "offHand",
    base: bab,
    modifiers: [off],
    bonus: bab + p.offHand,
  });
  return steps;
}

// ---------------------------------------------------------------------------------------------------------------
// Ruling 4h: ammunition per attack

/** Ruling 4h: one shot of ammunition per multifire or autofire attack (and per single attack), editable per weapon. */
export const DEFAULT_SHOTS_PER_ATTACK = 1;

/** Ruling 4h: the shots a plan spends — every attack step × the weapon's shots per attack. */
export function shotsForSteps(
  steps: readonly AttackStep[],
  shotsPerAttack: number = DEFAULT_SHOTS_PER_ATTACK,
): number {
  if (!Number.isInteger(shotsPerAttack) || shotsPerAttack < 0)
    throw new RulesError("FT.D20.badShotsPerAttack", `Shots per attack must be a whole number ≥ 0`, {
      shots: shotsPerAttack,
    });
  return steps.length * shotsPerAttack;
}

/**
 * Ruling 4h: refuse a plan the magazine cannot feed, before anything is spent. Returns the shots left after it.
 */
export function spendShots(available: number, needed: number): number {
  if (needed > available)
    throw new RulesError("FT.D20.notEnoughShots", `The attack needs ${needed} shots; ${available} left`, {
      needed,
      available,
    });
  return available - needed;
}
