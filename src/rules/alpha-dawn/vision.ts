/**
 * Vision aids at the attack (SF-X-23, seed 000 "Cover"): darkness and smoke, haze or fog hide a target — the rules
 * give darkness no number, so a target in darkness cannot be seen at all; smoke or fog is on the seed's list of soft
 * cover (−10, SF-X-22). "Darkness does not affect an attack if the attacker is using an infrared or light
 * amplification device. Infrared devices allow the user to see through smoke, haze and fog as well."
 */
import type { AttackerFacts, TargetFacts } from "../core/facts.js";
import type { VisionAid } from "../core/types.js";
import { visionAids } from "./turn.js";

/** The attacker's vision aid: none, infrared (goggles) or light amplification (goggles). */
export type { VisionAid } from "../core/types.js";

export const VISION_AIDS: readonly VisionAid[] = ["none", "infrared", "lightAmp"];

/** What darkness and smoke do to this attacker's view of this target (SF-X-23). */
export function visionOf(
  attacker: Pick<AttackerFacts, "visionAid">,
  target: Pick<TargetFacts, "dark" | "smoke">,
): { darknessMatters: boolean; smokeIsCover: boolean } {
  const aid = attacker.visionAid ?? "none";
  return visionAids({
    dark: !!target.dark,
    smoke: !!target.smoke,
    infrared: aid === "infrared",
    lightAmp: aid === "lightAmp",
  });
}

/** Why the attacker cannot see this target (in darkness, no infrared or light amplification): an i18n key, or null. */
export function darknessRefusal(
  attacker: Pick<AttackerFacts, "visionAid">,
  target: Pick<TargetFacts, "dark" | "smoke">,
): string | null {
  return visionOf(attacker, target).darknessMatters ? "FT.Error.darkness" : null;
}

/** Smoke, haze or fog hides the target as soft cover (SF-X-22) unless the attacker sees through it with infrared. */
export function smokeHides(
  attacker: Pick<AttackerFacts, "visionAid">,
  target: Pick<TargetFacts, "dark" | "smoke">,
): boolean {
  return visionOf(attacker, target).smokeIsCover;
}

/** The attacker with the vision aid the user picked; anything else keeps the one they have. */
export function withVisionAid(a: AttackerFacts, raw: unknown): AttackerFacts {
  return VISION_AIDS.includes(raw as VisionAid) ? { ...a, visionAid: raw as VisionAid } : a;
}

/**
 * The vision aid a character carries, by the names of their gear: infrared goggles ("Infrared Goggles", "IR
 * goggles") or light amplification goggles; infrared wins when they have both, as it also sees through smoke.
 * Magnigoggles magnify (spotting, SF-X-03): they are no vision aid here.
 */
export function visionAidFromGear(names: readonly string[]): VisionAid {
  if (names.some((n) => /infra-?red|\bir\b/i.test(n))) return "infrared";
  if (names.some((n) => /light[\s-]*amp/i.test(n))) return "lightAmp";
  return "none";
}
