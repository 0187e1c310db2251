/**
 * Declarations (SF-X-07): what a character says in the declare phase, before the first move — how many shots, a
 * burst, the power setting, careful aim, melee, area fire — kept on the character's own Combatant
 * (`system.declared`, data/combatant/marks.ts; stamped with the round), so it carries into the attack dialog of the same
 * round and counts the shots fired against it (SF-X-30, SF-X-31).
 *
 * A player may write `system` on a Combatant whose actor they own (v13 common/documents/combatant.mjs `#canUpdate`,
 * search id 8373722737: owners may change `initiative`, `flags`, `defeated` and `system`), so a declaration is
 * the declaring user's own write; no GM request is needed. This file holds the plain checks; the Foundry reads
 * and writes are in `phase-gate.ts`.
 */
import { RulesError } from "../../rules/index.js";

export interface Declared {
  readonly round: number;
  readonly shots: number;
  readonly burst: boolean;
  readonly powerSetting: number | null;
  readonly carefulAim: boolean;
  readonly melee: boolean;
  /** Area fire (SF-X-32): the width of the area covered, in metres; 0 = no area fire. */
  readonly areaWidth: number;
  /** Shots fired this round against the declaration (SF-X-30). */
  readonly fired: number;
  /** Of those, opportunity shots fired during another side's move (SF-X-31). */
  readonly opportunity: number;
}

/** What the user enters in the declaration dialog. */
export type DeclarationInput = Omit<Declared, "round" | "fired" | "opportunity">;

/** The weapon a declaration is checked against: its rate of fire and whether it fires bursts. */
export interface DeclaredWeapon {
  readonly rof: number;
  readonly burst: boolean;
}

const refuse = (key: string, data: Record<string, number | string> = {}) => {
  throw new RulesError(key, key, data);
};

/**
 * Check a declaration before it is stored: a whole number of shots, at most the weapon's rate of fire (a ½-rate
 * weapon fires one, SF-X-30); a burst or careful aim is one shot (SF-X-24, SF-X-20); area fire needs more than one
 * shot over at most 5 m (SF-X-32). Throws a {@link RulesError} naming the rule.
 */
export function checkDeclaration(d: DeclarationInput, weapon: DeclaredWeapon | null): DeclarationInput {
  const max = weapon ? Math.max(1, Math.floor(weapon.rof)) : 1;
  if (!Number.isInteger(d.shots) || d.shots < 1 || d.shots > max)
    refuse("FT.Phases.refuse.declaredShots", { shots: d.shots, max });
  if (d.burst && !weapon?.burst) refuse("FT.Phases.refuse.declaredBurst");
  if ((d.burst || d.carefulAim) && d.shots !== 1) refuse("FT.Phases.refuse.declaredOneShot");
  if (d.areaWidth !== 0) {
    if (d.shots <= 1) refuse("FT.Phases.refuse.areaShots");
    if (!(d.areaWidth > 0 && d.areaWidth <= 5)) refuse("FT.Phases.refuse.areaWidth", { width: d.areaWidth });
  }
  if (d.powerSetting !== null && (!Number.isInteger(d.powerSetting) || d.powerSetting < 1))
    refuse("FT.Phases.refuse.declaredPower", { seu: d.powerSetting });
  return d;
}

/** The declaration of this round on a combatant's flag, or null (none, or last round's). */
export function declaredThisRound(flag: unknown, round: number): Declared | null {
  if (!flag || typeof flag !== "object") return null;
  const d = flag as Partial<Declared>;
  if (d.round !== round || typeof d.shots !== "number") return null;
  return {
    round,
    shots: d.shots,
    burst: !!d.burst,
    powerSetting: typeof d.powerSetting === "number" ? d.powerSetting : null,
    carefulAim: !!d.carefulAim,
    melee: !!d.melee,
    areaWidth: typeof d.areaWidth === "number" ? d.areaWidth : 0,
    fired: typeof d.fired === "number" ? d.fired : 0,
    opportunity: typeof d.opportunity === "number" ? d.opportunity : 0,
  };
}

/** Shots of the declaration still to fire this round (a burst is one shot, SF-X-24). */
export function shotsLeft(d: Declared): number {
  return Math.max(0, (d.burst ? 1 : d.shots) - d.fired);
}

/** A short summary for the tracker row: "3 shots · area 4 m", "melee". Keys and data, localized by the caller. */
export function declaredParts(d: Declared): { key: string; data?: Record<string, number> }[] {
  const parts: { key: string; data?: Record<string, number> }[] = [];
  if (d.melee) parts.push({ key: "FT.Phases.summary.melee" });
  else if (d.burst) parts.push({ key: "FT.Phases.summary.burst" });
  else parts.push({ key: "FT.Phases.summary.shots", data: { fired: d.fired, shots: d.shots } });
  if (d.carefulAim) parts.push({ key: "FT.Phases.summary.carefulAim" });
  if (d.powerSetting !== null) parts.push({ key: "FT.Phases.summary.power", data: { seu: d.powerSetting } });
  if (d.areaWidth > 0) parts.push({ key: "FT.Phases.summary.area", data: { width: d.areaWidth } });
  return parts;
}
