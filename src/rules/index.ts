/**
 * # Frontier Tactics rules — the public API
 *
 * Pure, deterministic game rules: no Foundry globals, no DOM, no randomness. Dice come in as numbers
 * (`d100: 37`, `[4, 9]`), so every function is unit-testable. Every modifier carries the ID of the rule it
 * implements (see `rules-catalog.md`).
 *
 * - **core** — {@link Modifier}, {@link RuleId}, the attack facts, the {@link ResolutionEngine} interface, dice parsing.
 * - **alpha-dawn** — Star Frontiers percentile rules, Basic and Expanded (SF-B-*, SF-X-*): abilities and derived
 *   values, chance to hit, d100 resolution, rate of fire, bursts, grenades, damage through defenses,
 *   ammunition, structural damage, ability checks.
 * - **zebulon** — the Zebulon's Guide column-shift engine (SF-Z-*), its table as validated data.
 * - **d20** — the Star Wars d20 Revised combat chapter (SW-*): attack bonus and Defense, the d20 resolution with
 *   threats and confirmations, damage to vitality and wounds, full attacks and autofire, grenades, cover, speed,
 *   initiative counts, actions and attacks of opportunity, the plan of a turn.
 * - **swn** — the Stars Without Number additions on the d20 engine (SWN-*, ruling 1): the profile (AC, HP), side
 *   Morale, squads and their attacks, cover armour, overwatch, SWN actions.
 * - **initiative** — side initiative: modifiers, totals, ordering, ties, surprise, phases.
 * - **geometry** — range with elevation, range bands, Basic-game square counting; walls and a reference ray
 *   caster, line of sight and cover from sampled rays, crowds, the burst strip and the grenade blast.
 *
 * Choices made where the sources are silent or disagree are documented on the function that makes them and in
 * the rules journal; the numbers live in data tables a GM can replace.
 *
 * @packageDocumentation
 */

export * from "./alpha-dawn/abilities.js";
export * from "./alpha-dawn/ammo.js";
export * from "./alpha-dawn/burst.js";
export * from "./alpha-dawn/checks.js";
export * from "./alpha-dawn/damage.js";
export * from "./alpha-dawn/engine.js";
export * from "./alpha-dawn/grenades.js";
export * from "./alpha-dawn/melee.js";
export * from "./alpha-dawn/rate-of-fire.js";
export * from "./alpha-dawn/resolve.js";
export * from "./alpha-dawn/situation.js";
export * from "./alpha-dawn/skill.js";
export * from "./alpha-dawn/structural.js";
export * from "./alpha-dawn/table-overrides.js";
export * from "./alpha-dawn/tables.js";
export * from "./alpha-dawn/to-hit.js";
export * from "./alpha-dawn/turn.js";
export * from "./alpha-dawn/vision.js";
export * from "./core/dice.js";
export * from "./core/engine.js";
export * from "./core/facts.js";
export * from "./core/modifiers.js";
export * from "./core/types.js";
// The engine a world uses, built by its own module: the page loads it when it first builds the world's engine
// (helpers/settings.ts `currentEngine`, issue 33), so the engines are not in the system's first load.
export { createEngine } from "./create-engine.js";
export * from "./d20/actions.js";
export * from "./d20/aim.js";
export * from "./d20/attack.js";
export * from "./d20/conditions.js";
export * from "./d20/coup-de-grace.js";
export * from "./d20/cover.js";
export * from "./d20/damage.js";
export * from "./d20/declarations.js";
export * from "./d20/defense.js";
export * from "./d20/dropped.js";
export * from "./d20/dying.js";
export * from "./d20/engine.js";
export * from "./d20/full-attack.js";
export * from "./d20/grenade.js";
export * from "./d20/health.js";
export * from "./d20/initiative.js";
export * from "./d20/initiative-rolls.js";
export * from "./d20/plan.js";
export * from "./d20/resolve.js";
export * from "./d20/shot-facts.js";
export * from "./d20/speed.js";
export * from "./d20/suppression-area.js";
export * from "./d20/tables.js";
export * from "./d20/threat.js";
export * from "./d20/touch.js";
export * from "./d20/weapon-checks.js";
export * from "./geometry/areas.js";
export * from "./geometry/caster.js";
export * from "./geometry/cover.js";
export * from "./geometry/fan.js";
export * from "./geometry/range.js";
export * from "./geometry/segment-index.js";
export * from "./health/index.js";
export * from "./initiative/sides.js";
export * from "./swn/actions.js";
export * from "./swn/cover.js";
export * from "./swn/grenade.js";
export * from "./swn/morale.js";
export * from "./swn/overwatch.js";
export * from "./swn/profile.js";
export * from "./swn/protect.js";
export * from "./swn/squad.js";
export * from "./swn/squad-attack.js";
export * from "./zebulon/engine.js";
export * from "./zebulon/shifts.js";
export * from "./zebulon/table.js";
