/**
 * Stimdose and Staydose from the first-aid pak (SF-B-22, SF-B-15, SF-B-18), decided without Foundry: which drug a
 * gear item is, whether it may be used on this target (refused with the rule's ID before anything is spent), and
 * what it changes. The Foundry side (`drugs.ts`) reads the target, writes the result and spends one dose.
 */
import { SECONDS_PER_TURN, staydose, stimdose } from "../rules/index.js";

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
 *   below 0 (refused, SF-B-22) and pointless at full Stamina (refused, nothing spent).
 * - Staydose keeps a character at 0 Stamina or below alive (SF-B-15); refused on anyone else or on one it already
 *   keeps alive.
 */
export function planDrug(drug: Drug, t: DrugTarget, quantity: number): DrugPlan {
  if (!(quantity >= 1)) return { ok: false, reason: "FT.Drug.noneLeft" };
  const { value, max } = t.stamina;
  if (drug === "stimdose") {
    const dozed = t.unconscious && value > 0;
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
