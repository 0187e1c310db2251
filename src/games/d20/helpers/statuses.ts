/**
 * The status effects the d20 rules add to Foundry's core list (issue 14; design §2.3 "Conditions"). Core v13 already
 * has prone, stun, unconscious and dead (`CONFIG.statusEffects`, client/config.mjs); the d20 engine reads
 * `kneeling` as cover against ranged attacks (SW-30, ruling 4b) and the vitality-and-wounds model's states are
 * `fatigued` (SW-10: after any wound damage), `disabled` (wound points 0), `dying` (below 0) and `stable`.
 * Each is `{ id, name, img }` as v13's `Actor#toggleStatusEffect` reads it; the icons are core SVGs.
 */
export const D20_STATUS_EFFECTS = [
  { id: "kneeling", name: "FT.Status.kneeling", img: "icons/svg/down.svg" },
  { id: "fatigued", name: "FT.Status.fatigued", img: "icons/svg/degen.svg" },
  { id: "disabled", name: "FT.Status.disabled", img: "icons/svg/downgrade.svg" },
  { id: "dying", name: "FT.Status.dying", img: "icons/svg/blood.svg" },
  { id: "stable", name: "FT.Status.stable", img: "icons/svg/regen.svg" },
  // SW-29 (issue 31): the conditions table's rows a token carries (rules/d20/conditions.ts says which side reads
  // each); higher ground is the tokens' elevation, not a status.
  { id: "climbing", name: "FT.Status.climbing", img: "icons/svg/upgrade.svg" },
  { id: "grappling", name: "FT.Status.grappling", img: "icons/svg/net.svg" },
  { id: "pinned", name: "FT.Status.pinned", img: "icons/svg/paralysis.svg" },
  { id: "concealed", name: "FT.Status.concealed", img: "icons/svg/invisible.svg" },
] as const;

export type D20StatusId = (typeof D20_STATUS_EFFECTS)[number]["id"];
