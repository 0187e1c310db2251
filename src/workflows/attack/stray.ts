/**
 * Stray shots into a crowd (SF-X-35, seed 000: "If the shot misses, there is a 25% chance it will hit someone else.
 * The referee decides who the shot hits."). Pure: which shots of an attack roll the stray d100, what the card keeps
 * of it (the rolls, the strayed damage, the tokens in the way the GM picks from), and the card once the GM picked.
 * Single-target shots only: a burst's miss is one roll for several targets, and the rules give it no stray.
 */

import type { AttackCardData, AttackResult, CardTarget, StrayCard } from "../../data/chat/attack-card.js";
import { type DiceResults, RulesError } from "../../rules/index.js";
import type { PreparedAttack } from "./attack-plan.js";

/**
 * Indices of the shots that rolled the stray d100. The engine decides which do (Alpha Dawn: an ordinary miss at a
 * single target in a crowd, Expanded game, in a world that rolls stray shots); the workflow only rolled what it
 * asked for.
 */
export function strayShots(rolls: readonly DiceResults[]): number[] {
  return rolls.flatMap((d, i) => (typeof d.stray === "number" ? [i] : []));
}

/**
 * The card's stray record once the stray dice are in `result`: the strayed shots' damage as if they had hit (the
 * engine's damage for their own damage dice), and the tokens in the way as candidates.
 */
export function strayRecord(
  prep: PreparedAttack,
  result: AttackResult,
  shots: readonly number[],
  rolls: readonly number[],
  damageDice: readonly (readonly number[])[],
  candidates: readonly string[],
): StrayCard {
  const { engine, weapon, declarations } = prep.request;
  let hits = 0;
  let damage = 0;
  for (const i of shots) {
    const outcome = result.shots[i]?.outcome;
    if (!outcome?.strayHit) continue;
    hits++;
    if (!prep.formula[prep.targets[0]!.id]) continue;
    const asHit = { ...outcome, hit: true, damageFraction: 1 };
    damage += engine.damage(asHit, weapon, damageDice[i] ?? [], declarations.powerSetting).rolled;
  }
  return { rolls, hits, damage, candidates: candidates.map((id) => ({ id, name: "" })), picked: null };
}

/**
 * The card after the GM picked who the stray shot hits: the bystander joins the targets with the strayed damage,
 * so the card's own Apply (and Undo) reach it. Refused when nothing strayed, a pick was made, or `pick` was not in
 * the way.
 */
export function withStrayTarget<C extends AttackCardData & { stray?: StrayCard | null }>(
  card: C,
  pick: string,
): C {
  const stray = card.stray;
  const candidate = stray?.candidates.find((c) => c.id === pick);
  if (!stray || stray.hits === 0 || stray.picked || !candidate || card.targets.some((t) => t.id === pick))
    throw new RulesError("FT.Misc.strayNotCandidate", "Not a token the stray shot can hit");
  const base = card.targets[0]!;
  const target: CardTarget = {
    ...base,
    id: candidate.id,
    name: candidate.name,
    cover: "none",
    coverReason: null,
    modifiers: [],
    problem: null,
  };
  return {
    ...card,
    targets: [...card.targets, target],
    result: { ...card.result, damage: [...card.result.damage, { targetId: pick, damage: stray.damage }] },
    stray: { ...stray, picked: pick },
  };
}
