/**
 * The d20 conditions as status effects (issue 14, SW-10, SW-11): fatigued after wound damage, disabled at 0 wound
 * points, dying below 0, stable once a dying character's save holds. Core v13 already has `prone`, `stun`,
 * `unconscious` and `dead` in `CONFIG.statusEffects` (client/config.mjs); these four are added beside them, with
 * core icons, once at init. Their names are our own lang keys.
 */
export const D20_CONDITIONS = [
  { id: "fatigued", name: "FT.D20Conditions.fatigued", img: "icons/svg/downgrade.svg" },
  { id: "disabled", name: "FT.D20Conditions.disabled", img: "icons/svg/blood.svg" },
  { id: "dying", name: "FT.D20Conditions.dying", img: "icons/svg/degen.svg" },
  { id: "stable", name: "FT.D20Conditions.stable", img: "icons/svg/regen.svg" },
] as const;

export type D20ConditionId = (typeof D20_CONDITIONS)[number]["id"];

/** Adds the d20 conditions to `CONFIG.statusEffects` (never twice, never over a status of the same id). */
export function registerD20Conditions(): void {
  const list = CONFIG.statusEffects as unknown as { id: string; name: string; img: string }[];
  for (const c of D20_CONDITIONS) if (!list.some((s) => s.id === c.id)) list.push({ ...c });
}
