/**
 * The d20 blocks of an attack's facts as the attack workflow reshapes them (issue 30: generic workflow code asks
 * these instead of reading a game's block itself). Pure: facts in, facts out.
 */
import type { AttackerFacts, TargetFacts } from "../core/facts.js";

/**
 * SW-32: "use the one that would produce the highest miss chance" — a percentage the user enters in the dialog
 * competes with the scene's; the higher applies, never the sum. A target without a d20 block is left as it is.
 */
export function withMissChance(facts: TargetFacts, free: number): TargetFacts {
  const d = facts.d20;
  return d ? { ...facts, d20: { ...d, missChance: Math.max(d.missChance ?? 0, free) } } : facts;
}

/** SWN-08: the attack is made as the overwatch shot (its −2, its arc); false for an attacker without an SWN block. */
export function isOverwatchShot(a: AttackerFacts): boolean {
  return a.d20?.swn?.action === "overwatch";
}

/** SWN-08: the overwatch shot is made as one (the dialog shows it chosen; the engine checks the arc). */
export function asOverwatchShot(a: AttackerFacts): AttackerFacts {
  const d = a.d20;
  return d?.swn ? { ...a, d20: { ...d, swn: { ...d.swn, action: "overwatch" } } } : a;
}

/** The dialog's free concealment percentage (SW-32), a target override beside its Defense terms. */
export const CONCEALMENT_OVERRIDE = "concealment";
