/**
 * Stars Without Number's additional combat actions (seed 003, "Additional Combat Actions"; SWN-01..07) and the
 * Authority focus (SWN-19). Assisted rules: these functions say what the dice mean; moving tokens, laying a target
 * prone and applying damage are the referee's. Attacks are d20 + the attack bonus against an AC, a natural 20 hitting
 * and a natural 1 missing as every `swn` attack does (`d20Hits`); skill checks are 2d6 + the bonus the user gives
 * against a difficulty (ruling 1). Pure: the dice come in as numbers.
 */
import { RulesError } from "../core/types.js";
import { d20Hits } from "../d20/resolve.js";

/** The 3 m hex of the SWN battle map. */
export const SWN_HEX_M = 3;

/** SWN-01: a shove's AC is 9 + the target's HD. */
export const SHOVE_BASE_AC = 9;
/** SWN-01: shoving with something significantly stronger (power armour against a person). */
export const SHOVE_STRONGER_BONUS = 3;
/** SWN-01: a shove that hits pushes the target 3 m back. */
export const SHOVE_PUSH_M = 3;
/** SWN-04: the defender's bonus on the opposed roll. */
export const DISARM_DEFENDER_BONUS = 3;
/** SWN-05 (a person protecting) is a declaration with no number. SWN-06: a protecting mech gives adjacent allies +2 AC (minor concealment) and its Armor. */
export const PROTECT_MECH_AC = 2;
/** SWN-03: the Pilot check's difficulty is 6 + the hexes moved. */
export const VEHICLE_CHARGE_BASE_DIFFICULTY = 6;

/** SWN-03: the chassis classes and their d6 of damage per 3 m hex moved. */
export const CHARGE_CHASSIS = { suit: 1, ordinary: 1, light: 2, gravtank: 2, heavy: 4 } as const;
export type ChargeChassis = keyof typeof CHARGE_CHASSIS;

export function isChargeChassis(s: unknown): s is ChargeChassis {
  return typeof s === "string" && Object.hasOwn(CHARGE_CHASSIS, s);
}

const whole = (n: number, what: string, min = 0): number => {
  if (!Number.isInteger(n) || n < min)
    throw new RulesError("FT.SWN.Act.badNumber", `${what} is a whole number ≥ ${min}`, {
      what,
      min: String(min),
    });
  return n;
};

/** An SWN attack: d20 + bonus against AC; a natural 20 hits, a natural 1 misses. */
export function swnAttackHits(natural: number, bonus: number, ac: number): boolean {
  return d20Hits(natural, bonus, ac, true);
}

/** A skill check (ruling 1): 2d6 + the bonus against the difficulty, meeting it succeeds. */
export function swnCheck(
  total: number,
  difficulty: number,
): { readonly success: boolean; readonly margin: number } {
  return { success: total >= difficulty, margin: total - difficulty };
}

/** SWN-01: a shove — the Punch attack bonus (+3 when much stronger) against AC 9 + HD (HD 2 → AC 11). */
export function shove(
  hd: number,
  ab: number,
  muchStronger: boolean,
): { readonly ac: number; readonly bonus: number } {
  return {
    ac: SHOVE_BASE_AC + whole(hd, "HD"),
    bonus: ab + (muchStronger ? SHOVE_STRONGER_BONUS : 0),
  };
}

/** SWN-02: a person's charge that hits deals the higher of 1d6 and the weapon's damage (the d6 on a tie). */
export function chargeDamage(
  d6: number,
  weapon: number | null,
): { readonly damage: number; readonly from: "d6" | "weapon" } {
  if (weapon !== null && weapon > d6) return { damage: weapon, from: "weapon" };
  return { damage: d6, from: "d6" };
}

/** SWN-02: an unarmed charger's Evasion save — the d20 meeting the save target keeps them standing. */
export function evasionSave(d20: number, saveTarget: number): boolean {
  return d20 >= saveTarget;
}

/** SWN-03: the damage dice of a vehicle's or mech's charge — 1d6, 2d6 or 4d6 per 3 m hex moved. */
export function vehicleChargeDice(chassis: ChargeChassis, hexes: number): number {
  return CHARGE_CHASSIS[chassis] * whole(hexes, "Hexes", 1);
}

/** SWN-03: the Pilot check's difficulty — 6 + the hexes moved. */
export function vehicleChargeDifficulty(hexes: number): number {
  return VEHICLE_CHARGE_BASE_DIFFICULTY + whole(hexes, "Hexes", 1);
}

/**
 * SWN-03: what the charging vehicle takes — half the damage dealt on a Pilot success (rounded down, as SWN rounds;
 * the seed is silent), the same and a fall to prone on a failure.
 */
export function vehicleChargeBackfire(
  pilotTotal: number,
  hexes: number,
  dealt: number,
): { readonly success: boolean; readonly selfDamage: number; readonly selfProne: boolean } {
  const { success } = swnCheck(pilotTotal, vehicleChargeDifficulty(hexes));
  return success
    ? { success, selfDamage: Math.floor(dealt / 2), selfProne: false }
    : { success, selfDamage: dealt, selfProne: true };
}

export type DisarmOutcome = "choose" | "drops" | "bothDrop" | "nothing";

/**
 * SWN-04: the opposed rolls after a disarming hit — the defender's total includes its +3. Winning by 3 or more the
 * attacker decides the weapon's fate; by 1 or 2 it drops 1 hex away in a random direction; a tie drops both weapons;
 * a loss does nothing.
 */
export function disarm(attackerTotal: number, defenderTotal: number): DisarmOutcome {
  const margin = attackerTotal - defenderTotal;
  if (margin >= 3) return "choose";
  if (margin >= 1) return "drops";
  if (margin === 0) return "bothDrop";
  return "nothing";
}

/** SWN-04: a random direction of the six hex sides from 1d6 (1 = the attacker's facing, then clockwise). */
export function hexDirection(d6: number): number {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6)
    throw new RulesError("FT.SWN.Act.badDie", `A d6 is 1–6, not ${d6}`);
  return d6;
}

/** SWN-07: a jump's reach — half the movement, rounded up in 3 m hexes (10 m → 2 hexes, 6 m). */
export function jumpHexes(movementM: number): number {
  if (!Number.isFinite(movementM) || movementM <= 0)
    throw new RulesError("FT.SWN.Act.badMovement", "A movement is a number of metres above 0");
  return Math.ceil(movementM / 2 / SWN_HEX_M - 1e-9);
}

/** A squad as SWN-19 reads it: its id and the uuid of the actor leading it ("" = nobody). */
export interface LedSquad {
  readonly id: string;
  readonly ledBy: string;
}

/**
 * SWN-19: the Authority focus leads one squad at a time — the writes that make `leader` lead `chosen` and none of the
 * leader's other squads (one per squad that changes; none when it already is so). `chosen` null: lead none.
 */
export function leadSquadWrites(
  squads: readonly LedSquad[],
  chosen: string | null,
  leader: string,
): { readonly id: string; readonly ledBy: string }[] {
  if (!leader) throw new RulesError("FT.SWN.Act.noLeader", "A leader is an actor");
  if (chosen !== null && !squads.some((s) => s.id === chosen))
    throw new RulesError("FT.SWN.Act.unknownSquad", "No such squad");
  const out: { id: string; ledBy: string }[] = [];
  for (const s of squads) {
    if (s.id === chosen) {
      if (s.ledBy !== leader) out.push({ id: s.id, ledBy: leader });
    } else if (s.ledBy === leader) out.push({ id: s.id, ledBy: "" });
  }
  return out;
}
