/**
 * Protect (Mech) (seed 003, SWN-06): "Spend your Move and Action protecting those around and behind you. Until the start
 * of your next turn you provide minor concealment of +2 AC and your Armor rating to allies adjacent to you. Like most
 * cover, this is directional." Pure: points in scene units.
 *
 * Read as: an ally adjacent to the protecting mech (its centre within one cell and a half, so the six hex neighbours
 * or the eight square ones) gets the +2 against an attacker on the mech's side of it — the mech between them as cover
 * is, the attacker within 90° of the line from the ally through the mech. The +2 is minor concealment, so, as SWN-14's
 * concealment (ruling 5: the highest applies), it does not add to concealment the ally already has.
 */
import type { Point } from "../geometry/range.js";
import { PROTECT_MECH_AC } from "./actions.js";

/** SWN-06: is the ally at `ally` covered by the protecting mech at `mech` against an attack from `attacker`? */
export function protectsAgainst(ally: Point, mech: Point, attacker: Point, cell: number): boolean {
  const mx = mech.x - ally.x;
  const my = mech.y - ally.y;
  const d = Math.hypot(mx, my);
  if (d === 0 || d > 1.5 * cell) return false;
  return mx * (attacker.x - ally.x) + my * (attacker.y - ally.y) > 0;
}

/** SWN-06: the AC term a protecting mech gives (minor concealment, +2). */
export const PROTECT_TERM = {
  id: "protect",
  label: "FT.SWN.Protect.ac",
  value: PROTECT_MECH_AC,
  ruleId: "SWN-06",
} as const;

/**
 * SWN-06's "and your Armor rating": the mech's armour against the damage, which the sheets do not hold (no SWN armour
 * field; ruling 2) — a +0 line on the card that tells the GM to apply it, beside the +2 or the target's own higher
 * concealment (review swnplay 5).
 */
export const PROTECT_ARMOUR_TERM = {
  id: "protectArmour",
  label: "FT.SWN.Protect.armour",
  value: 0,
  ruleId: "SWN-06",
} as const;
