/**
 * Derived actor values, computed by pure functions from the rules (issue: documents stay thin).
 */
import {
  initiativeModifier,
  isUnconscious,
  isWounded,
  meleeBase,
  RACE_MOVEMENT,
  rangedBase,
  type WeaponSkill,
} from "../../rules/index.js";

export interface SkillLike {
  readonly weaponSkill: string;
  readonly level: number;
}

export interface ActorSourceLike {
  readonly abilities: Readonly<Record<string, { value: number }>>;
  readonly stamina: { value: number; max: number };
  readonly race?: string;
  readonly handedness?: string;
  readonly movement: { walk: number | null; run: number | null };
}

export interface ActorDerived {
  /** SF-B-04 / SF-X-04: RS ÷ 10 rounded up. */
  readonly initiativeModifier: number;
  /** SF-X-11: ½ DEX rounded up. */
  readonly rangedBase: number;
  /** Higher of ½ STR and ½ DEX, rounded up (rules-tables §6). */
  readonly meleeBase: number;
  /** SF-X-27: Stamina at half or less. */
  readonly wounded: boolean;
  /** SF-B-15. */
  readonly unconscious: boolean;
  readonly walk: number;
  readonly run: number;
  /** SF-X-28: Vrusk are ambidextrous. */
  readonly ambidextrous: boolean;
  /** SF-X-12: weapon skill levels from the actor's skill items (highest of each). */
  readonly skills: Readonly<Record<WeaponSkill, number>>;
}

export function deriveActor(src: ActorSourceLike, skills: readonly SkillLike[]): ActorDerived {
  const a = (k: string) => src.abilities[k]?.value ?? 0;
  const race = (src.race ?? "other") as keyof typeof RACE_MOVEMENT;
  const raceMove = RACE_MOVEMENT[race] ?? RACE_MOVEMENT.human;
  const levels: Record<WeaponSkill, number> = { beam: 0, gyrojet: 0, projectile: 0, thrown: 0, melee: 0 };
  for (const s of skills) {
    const key = s.weaponSkill as WeaponSkill;
    if (key in levels) levels[key] = Math.max(levels[key], s.level);
  }
  return {
    initiativeModifier: initiativeModifier(a("rs")),
    rangedBase: rangedBase(a("dex")),
    meleeBase: meleeBase(a("str"), a("dex")),
    wounded: isWounded(src.stamina.value, src.stamina.max),
    unconscious: isUnconscious(src.stamina.value),
    walk: src.movement.walk ?? raceMove.walk,
    run: src.movement.run ?? raceMove.run,
    ambidextrous: src.handedness === "ambidextrous" || src.race === "vrusk",
    skills: levels,
  };
}
