/**
 * The numbers a squad's sheet shows and its attack reads (SWN-17), derived by the pure SWN rules from its `system`:
 * the hit-point maximum (4.5 × HD per unit, rounded up), the units standing (ruling 4f), the flat damage (average ×
 * units, and half of it) and the footprint (1 hex per 3 units). Never throws: a blank or bad formula gives no damage
 * and says why. Nothing here touches Foundry.
 */
import {
  averageDamage,
  squadDamage,
  squadHexes,
  squadHp,
  squadHpForUnits,
  timesUnits,
  unitsLeft,
} from "../../rules/index.js";

/** What this reads of a squad's `system` (the squad schema, data/actor/specs.ts). */
export interface SquadLike {
  readonly swn: { readonly hd: number };
  readonly units: { readonly max: number };
  readonly hp: { readonly value: number };
  readonly weapon: { readonly formula: string; readonly ap: number };
}

/** SWN-17: the squad's flat damage, or null with the reason (`reason`) when the weapon has no usable formula. */
export interface SquadDamage {
  /** The weapon's average damage (1d8 → 4.5). */
  readonly average: number;
  /** Average × units standing, rounded up (ruling 4f: `squadDamage`). */
  readonly full: number;
  readonly half: number;
}

export interface SquadDerived {
  /** SWN-17: ⌈4.5 × HD × units⌉ for the whole squad. */
  readonly hpMax: number;
  /** Ruling 4f: ⌈HP ÷ (4.5 × HD)⌉, at most the squad's size. */
  readonly living: number;
  readonly damage: SquadDamage | null;
  /** Why there is no damage: "blank" (no formula yet) or the rules' message for a bad one. */
  readonly damageReason: string | null;
  /** SWN-17: the weapon's AP × units standing. */
  readonly ap: number;
  /** SWN-17: 1 hex per 3 units standing (at least 1). */
  readonly hexes: number;
}

const wholeOr = (n: number, fallback: number) => (Number.isInteger(n) && n >= 0 ? n : fallback);

/**
 * SWN-17: a squad's hit dice per unit, as everything that counts its units reads it (the derived numbers, a hit's
 * units left): a stray stored value (a bad import) is read as 1.
 */
export function squadHitDice(s: Pick<SquadLike, "swn">): number {
  return wholeOr(s.swn.hd, 1);
}

/** The derived numbers of a squad (SWN-17). */
export function deriveSquad(s: SquadLike): SquadDerived {
  // Cleaned data holds whole numbers ≥ 0; a stray value (a bad import) is read as the nearest safe one, so that
  // preparing a document never throws.
  const hd = squadHitDice(s);
  const max = wholeOr(s.units.max, 0);
  const hp = Math.max(0, Number.isFinite(s.hp.value) ? Math.floor(s.hp.value) : 0);
  const living = unitsLeft(hp, hd, max);
  let damage: SquadDamage | null = null;
  let damageReason: string | null = null;
  const formula = s.weapon.formula.trim();
  if (formula === "") damageReason = "blank";
  else {
    try {
      damage = {
        average: averageDamage(formula),
        full: squadDamage(formula, living, "full"),
        half: squadDamage(formula, living, "half"),
      };
    } catch (e) {
      damageReason = e instanceof Error ? e.message : String(e);
    }
  }
  return {
    hpMax: squadHp(max, hd),
    living,
    damage,
    damageReason,
    ap: timesUnits(wholeOr(s.weapon.ap, 0), living),
    hexes: squadHexes(living),
  };
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const rec = (v: unknown): Record<string, unknown> | undefined =>
  // An object that is not an array is a record of its keys; TypeScript's `object` has no index signature.
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * SWN-17: keep a squad's hit points and its units standing in step in an (expanded) update, before its dry run, so the
 * joint check never refuses an edit and a stored `units.value` always says what the hit points say (ruling 4f):
 * - units edited (and not HP): the HP become those of that many whole units (3 of HD 1 → 13; all 5 → 23);
 * - HP edited (a hit, a heal, the sheet): held to 0..maximum, and the units follow them (13 → 3);
 * - the squad's size or HD edited: HP above the new maximum come down to it, and the units follow.
 * A field counts as edited when it differs from the stored value (a sheet's form sends every field).
 */
export function syncSquadChange(current: unknown, changes: unknown): void {
  const system = rec(rec(changes)?.system);
  if (!system) return;
  const now = rec(current);
  const nowUnits = rec(now?.units);
  const nowHp = num(rec(now?.hp)?.value);
  const units = rec(system.units);
  const hp = rec(system.hp);
  const hd = wholeOr(num(rec(system.swn)?.hd) ?? num(rec(now?.swn)?.hd) ?? 1, 1);
  const max = wholeOr(num(units?.max) ?? num(nowUnits?.max) ?? 0, 0);
  const pool = squadHp(max, hd);
  const newUnits = num(units?.value);
  const newHp = num(hp?.value);
  const unitsEdited = newUnits !== undefined && newUnits !== num(nowUnits?.value);
  const hpEdited = newHp !== undefined && newHp !== nowHp;
  let value: number | undefined;
  if (unitsEdited && !hpEdited) value = squadHpForUnits(Math.max(0, Math.floor(newUnits)), hd, max);
  else value = newHp ?? nowHp;
  if (value === undefined) return;
  value = Math.min(pool, Math.max(0, Math.floor(value)));
  if (value !== nowHp || hp) system.hp = { ...hp, value };
  system.units = { ...units, value: unitsLeft(value, hd, max) };
}

/**
 * SWN-17: a new squad's HP and units standing, from what its creator gave: the HP given (held to the pool), else
 * those of the units given (`squadHpForUnits`), else the full pool of its size and HD — so a squad made as "3 units
 * of HD 2" starts at 27 HP, not at the 5 × HD 1 default's 23. The units standing always follow the HP (ruling 4f).
 * Returns the values to write, or null when the cleaned source already holds them.
 */
export function completeSquadSource(
  given: unknown,
  cleaned: unknown,
): { hp: { value: number }; units: { value: number } } | null {
  // The cleaned source (the schema's defaults filled in), read field by field: the document holds every subtype's.
  const now = rec(cleaned);
  const hd = wholeOr(num(rec(now?.swn)?.hd) ?? 1, 1);
  const max = wholeOr(num(rec(now?.units)?.max) ?? 0, 0);
  const pool = squadHp(max, hd);
  const system = rec(given);
  const hpGiven = num(rec(system?.hp)?.value);
  const unitsGiven = num(rec(system?.units)?.value);
  const raw =
    hpGiven ??
    (unitsGiven !== undefined
      ? squadHpForUnits(Math.min(max, Math.max(0, Math.floor(unitsGiven))), hd, max)
      : pool);
  const hp = Math.min(pool, Math.max(0, Math.floor(raw)));
  const units = unitsLeft(hp, hd, max);
  if (hp === num(rec(now?.hp)?.value) && units === num(rec(now?.units)?.value)) return null;
  return { hp: { value: hp }, units: { value: units } };
}
