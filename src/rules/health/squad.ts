/**
 * The `squad` health model (Stars Without Number squads, seed 003, SWN-17): one pool of hit points for the whole
 * squad, 4.5 per HD for every unit, summed and rounded up (`squadHp`); the units still standing follow from the hit
 * points left (ruling 4f: ⌈HP ÷ (4.5 × HD)⌉, `unitsLeft`). A hit lowers the pool (never below 0); psychic healing
 * restores one unit at a time. The rules themselves live in `rules/swn/squad.ts`; this only applies them. Pure.
 */
import { RulesError } from "../core/types.js";
import { SQUAD_HP_PER_HD, squadHp, tifHealing, unitsLeft } from "../swn/squad.js";
import type { HealthHit, PoolChange, SquadPoolKey } from "./model.js";

/** The state of a `squad` target a hit meets. */
export interface SquadHealth {
  readonly model: "squad";
  /** The squad's hit points left (SWN-17). */
  readonly hp: number;
  /** Hit dice of each unit (every unit is the same kind of NPC, SWN-17). */
  readonly hd: number;
  /** Units standing (`value`) and the squad's size (`max`). */
  readonly units: { readonly value: number; readonly max: number };
  /** SWN-17: the armour of one unit; the squad's is this × units (`timesUnits`), taken by the caller. */
  readonly armor: number;
}

/** One pool's change on a squad: its hit points (`system.hp.value`). */
export interface SquadPoolChange extends Omit<PoolChange, "pool"> {
  readonly pool: SquadPoolKey;
}

export interface SquadHitResult {
  readonly hp: { readonly before: number; readonly after: number; readonly max: number };
  readonly units: { readonly before: number; readonly after: number; readonly max: number };
  /** Units that fell to this hit (0 when the hit only wounded the unit already hurt). */
  readonly unitsLost: number;
  /** Every unit down: the squad is out of the fight. */
  readonly wiped: boolean;
  readonly pools: readonly SquadPoolChange[];
}

const whole = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RulesError("FT.SWN.badCount", `${what} is a whole number ≥ 0`);
  return n;
};

/**
 * SWN-17: the hit points of `units` whole units — the largest whole number of hit points at which exactly that many
 * units stand (⌊4.5 × HD × units⌋), and the squad's full pool (`squadHp`, rounded up) for the whole squad. 3 units
 * of HD 1 hold 13 (13.5 would round up to 14, and 14 hit points are 4 units by ruling 4f).
 */
export function squadHpForUnits(units: number, hd: number, maxUnits: number): number {
  const max = whole(maxUnits, "Units");
  const n = Math.min(whole(units, "Units"), max);
  if (n === max) return squadHp(max, hd);
  return Math.floor(SQUAD_HP_PER_HD * whole(hd, "HD") * n);
}

function resultOf(state: SquadHealth, before: number, after: number): SquadHitResult {
  const max = squadHp(state.units.max, state.hd);
  const unitsBefore = unitsLeft(before, state.hd, state.units.max);
  const unitsAfter = unitsLeft(after, state.hd, state.units.max);
  return {
    hp: { before, after, max },
    units: { before: unitsBefore, after: unitsAfter, max: state.units.max },
    unitsLost: Math.max(0, unitsBefore - unitsAfter),
    wiped: unitsAfter === 0,
    pools: after === before ? [] : [{ pool: "hp", before, after }],
  };
}

/**
 * SWN-17: one hit on a squad. The amount is the damage after the attack's band (none/half/full, `squadHit`) and
 * after the squad's armour (× units) — what the caller has already taken off; the damage kind and critical do not
 * matter to a squad (SWN has no screens and no critical table). Hit points never fall below 0; the units left
 * follow from them (ruling 4f), so 13 hit points of an HD 1 squad are 3 units and 0 are none.
 */
export function applySquadHit(state: SquadHealth, hit: HealthHit): SquadHitResult {
  if (!Number.isFinite(hit.amount) || hit.amount < 0)
    throw new RulesError("FT.SWN.badCount", `Damage is a number ≥ 0, not ${hit.amount}`);
  const before = whole(state.hp, "HP");
  const after = Math.max(0, before - Math.floor(hit.amount));
  return resultOf(state, before, after);
}

/**
 * SWN-17 "When psychically healing a squad you can only restore 1 Unit at a time". Read as: one healing raises the
 * squad's living units by at most one, and that unit comes back whole. The hit points go up by `amount` but never
 * above those of (units standing now + 1) whole units (`squadHpForUnits`), nor above the squad's maximum. So a squad
 * of HD 1 at 13 hit points (3 units) healed by 10 is at 18 (4 units), not 23; one at 0 healed by 10 is at 4
 * (1 unit). A unit only hurt is filled on the way (13 → 18 is more than 4.5).
 *
 * SWN-17 "When using Tissue Integrity Field, you can multiply the healing by max units" (`tif`): the healing is
 * `amount × units.max` (`tifHealing`, rules/swn/squad.ts) and the one-unit limit is not applied — a multiplier that
 * is still capped at one unit would be moot — so it is capped only at the squad's maximum. HD 1 × 5 at 5 HP, a TIF
 * heal of 3: 3 × 5 = 15 → 20 HP, 5 units.
 */
export function healSquad(
  state: SquadHealth,
  amount: number,
  options: { readonly tif?: boolean } = {},
): SquadHitResult {
  if (!Number.isFinite(amount) || amount < 0)
    throw new RulesError("FT.SWN.badCount", `Healing is a number ≥ 0, not ${amount}`);
  const before = whole(state.hp, "HP");
  if (options.tif) {
    const max = squadHp(state.units.max, state.hd);
    const after = Math.max(before, Math.min(max, before + tifHealing(Math.floor(amount), state.units.max)));
    return resultOf(state, before, after);
  }
  const standing = unitsLeft(before, state.hd, state.units.max);
  const cap = squadHpForUnits(Math.min(standing + 1, state.units.max), state.hd, state.units.max);
  const after = Math.max(before, Math.min(cap, before + Math.floor(amount)));
  return resultOf(state, before, after);
}
