/**
 * Stimdose and Staydose from the first-aid pak (SF-B-22, SF-B-15, SF-B-18), decided without Foundry: which drug a
 * gear item is, whether it may be used on this target (refused with the rule's ID before anything is spent), and
 * what it changes. The Foundry side (`drugs.ts`) reads the target, writes the result and spends one dose.
 */
import { SECONDS_PER_TURN, staydose, stimdose } from "../../rules/index.js";

export type Drug = "stimdose" | "staydose";

/** The gear item's drug: by the rule it carries (`uses`, as the compendium's items do), or by its name. */
export function drugOf(item: { name?: string | null; system: { uses?: string | null } }): Drug | null {
  const uses = item.system.uses ?? "";
  const name = (item.name ?? "").toLowerCase();
  if (uses === "SF-B-22" || name.includes("stimdose")) return "stimdose";
  if (name.includes("staydose") || (uses === "SF-B-15" && name.includes("stay"))) return "staydose";
  return null;
}

export interface DrugTarget {
  readonly stamina: { readonly value: number; readonly max: number };
  readonly unconscious: boolean;
  /** Already kept alive by a Staydose. */
  readonly stabilized: boolean;
  /** A Stimdose is still working in them (its effect is on the actor): SF-B-22 wants 24 hours' rest first. */
  readonly stimmed?: boolean;
}

/** How far a drug reaches: it is given by hand, so the giver stands next to the one who takes it. */
export const DRUG_REACH_METRES = 2;

/** A token on a scene as {@link withinReach} reads it: top-left corner and size in pixels. */
export interface Spot {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Can the giver at `a` hand a drug to `b` (SF-B-22, SF-B-15)? The drug is administered by hand, so the two stand
 * adjacent: their centres at most 2 m apart, or in neighbouring squares of a grid coarser than that (the Basic
 * game's 5 m squares). `size` and `distance` are the scene's grid: pixels and metres per square.
 */
export function withinReach(
  a: Spot,
  b: Spot,
  grid: { readonly size: number; readonly distance: number },
): boolean {
  const size = grid.size > 0 ? grid.size : 100;
  const dx = Math.abs(a.x + a.w / 2 - (b.x + b.w / 2));
  const dy = Math.abs(a.y + a.h / 2 - (b.y + b.h / 2));
  const metres = (Math.hypot(dx, dy) / size) * (grid.distance > 0 ? grid.distance : 1);
  const squares = Math.max(dx, dy) / size;
  return metres <= DRUG_REACH_METRES + 1e-6 || squares <= 1 + 1e-6;
}

/** A Stimdose's boost lasts three hours (SF-B-22): 1800 turns of 6 seconds. */
export const STIMDOSE_TURNS = (3 * 3600) / SECONDS_PER_TURN;

export type DrugPlan =
  | { readonly ok: false; readonly reason: string }
  | {
      readonly ok: true;
      readonly drug: Drug;
      /** New Stamina (unchanged when the drug only wakes or stabilizes). */
      readonly stamina: number;
      readonly gained: number;
      /** Turn the unconscious status off (a dozed character wakes, SF-B-18). */
      readonly wake: boolean;
      /** Mark the character kept alive (SF-B-15). */
      readonly stabilize: boolean;
    };

/**
 * What the drug does to the target, or why it may not be used:
 * - Stimdose on a character asleep from a doze grenade (unconscious with Stamina above 0) wakes them and restores
 *   nothing (SF-B-18); on a wounded character +10 Stamina, never above the original score (SF-B-22); useless
 *   below 0 (refused, SF-B-22) and pointless at full Stamina (refused, nothing spent); refused while an earlier
 *   Stimdose still works in them (SF-B-22: afterwards 24 hours' rest), so one dose per target, however many doses
 *   the giver's gear claims.
 * - Staydose keeps a character at 0 Stamina or below alive (SF-B-15); refused on anyone else or on one it already
 *   keeps alive.
 */
export function planDrug(drug: Drug, t: DrugTarget, quantity: number): DrugPlan {
  if (!(quantity >= 1)) return { ok: false, reason: "FT.Drug.noneLeft" };
  const { value, max } = t.stamina;
  if (drug === "stimdose") {
    const dozed = t.unconscious && value > 0;
    if (t.stimmed) return { ok: false, reason: "FT.Drug.stimdoseActive" };
    if (value < 0) return { ok: false, reason: "FT.Drug.stimdoseBelowZero" };
    const r = stimdose(value, max, dozed);
    if (!dozed && r.gained <= 0) return { ok: false, reason: "FT.Drug.stimdoseNoEffect" };
    return {
      ok: true,
      drug,
      stamina: r.after,
      gained: r.gained,
      wake: t.unconscious && r.wakes && r.after > 0,
      stabilize: false,
    };
  }
  if (!staydose(value).stabilized) return { ok: false, reason: "FT.Drug.staydoseNotDying" };
  if (t.stabilized) return { ok: false, reason: "FT.Drug.staydoseAlready" };
  return { ok: true, drug, stamina: value, gained: 0, wake: false, stabilize: true };
}
