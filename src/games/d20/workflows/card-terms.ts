/**
 * Issue 31 (trust review 1.1): the to-hit terms of a player's Star Wars d20 card are the engine's, or the player's
 * own entry the GM sees as theirs. The attack dialog lets a player override any term's value ("every modifier
 * overridable": the card stores it with `overridden`, and draws it as entered by the card's author — card-context.ts
 * `entered`), but not invent one: `applyOverrides` (rules/core/modifiers.ts) changes or drops the terms the engine
 * wrote and adds none. So a term on a player's card that claims what the engine did not write is refused by the GM
 * (card-basis.ts `d20Unfounded`, the reason on the card, card-draw.ts `refusalOf`):
 * - an id the engine never writes on a to-hit row (a console's `charge` renamed `misc`);
 * - an id under another rule ID than the engine's (a `bab` that says SW-21), or twice on one row;
 * - a fixed rule's number changed without the `overridden` flag that shows it as the player's (a +2 named Point Blank
 *   Shot, whose number is +1).
 * Which terms a card declares is then the GM's to read by rule, not by name: SW-21's charge is the term `charge` or
 * any term under SW-21, overridden or not (an overridden term still adds to the total: card-basis.ts `charges`).
 * Not bounded here: the values of the attacker's own numbers (BAB, abilities, size: the player's sheet, which the
 * player owns) and of the scene's (range, conditions) — an override of those is drawn as the player's for the GM.
 */
import type { StoredCard } from "../../../data/chat/attack-card.js";
import { CONDITION_TABLE, D20_CONDITIONS, type RuleId } from "../../../rules/index.js";

/** A to-hit term the engine writes: its rule, and its number where the rule fixes one. */
interface TermSpec {
  readonly ruleId: RuleId | readonly RuleId[];
  readonly values?: readonly number[];
}

/**
 * The to-hit terms the d20 engine writes on a Star Wars card's rows and steps (rules/d20/attack.ts `attackModifiers`,
 * engine.ts, actions.ts `aimingModifiers`, full-attack.ts, plan.ts), with the numbers of those a rule fixes (seed
 * 002: point blank +1 SW-15, shooting into melee −4 SW-19, improvised −4 SW-16, charge +2 SW-21, fighting defensively
 * −4 SW-23, aid another +2 SW-39, pulling a blow −4 SW-44).
 */
const TERMS: Readonly<Record<string, TermSpec>> = {
  bab: { ruleId: "SW-04" },
  str: { ruleId: "SW-04" },
  dex: { ruleId: "SW-04" },
  size: { ruleId: "SW-05" },
  range: { ruleId: "SW-06" },
  pointBlank: { ruleId: "SW-15", values: [1] },
  intoMelee: { ruleId: "SW-19", values: [-4] },
  improvised: { ruleId: "SW-16", values: [-4] },
  charge: { ruleId: "SW-21", values: [2] },
  fightingDefensively: { ruleId: "SW-23", values: [-4] },
  "aid.attack": { ruleId: "SW-39", values: [2] },
  pullingBlow: { ruleId: "SW-44", values: [-4] },
  position: { ruleId: "SW-42" },
  support: { ruleId: "SW-42" },
  suppressed: { ruleId: "SW-43" },
  area: { ruleId: "SW-43" },
  square: { ruleId: "SW-38" },
  combinedFire: { ruleId: "SW-27" },
  iterative: { ruleId: "SW-22" },
  twoWeaponPrimary: { ruleId: "SW-22" },
  twoWeaponOffHand: { ruleId: "SW-22" },
  autofire: { ruleId: "SW-35" },
  multifire: { ruleId: "SW-36" },
  oneHanded: { ruleId: ["SW-35", "SW-36"] },
  unbraced: { ruleId: "SW-35" },
  multishot: { ruleId: "SW-37" },
  rapidShot: { ruleId: "SW-37" },
};

/** A term's spec: the table's, or a condition's (`condition.<c>`, CONDITION_TABLE: its melee or ranged number). */
function specOf(id: string): TermSpec | null {
  const known = TERMS[id];
  if (known) return known;
  const c = D20_CONDITIONS.find((k) => id === `condition.${k}`);
  if (!c) return null;
  const row = CONDITION_TABLE[c];
  return { ruleId: row.ruleId, values: [row.melee, row.ranged ?? 0] };
}

type Term = {
  readonly id: string;
  readonly value: number;
  readonly ruleId: string;
  readonly overridden?: boolean;
};

/** Why one list of terms claims what the engine did not write, or null (exported for card-terms.test.ts). */
export function listProblem(terms: readonly Term[]): string | null {
  const seen = new Set<string>();
  for (const m of terms) {
    const spec = specOf(m.id);
    if (!spec) return `term ${m.id}`;
    const rules: readonly string[] = typeof spec.ruleId === "string" ? [spec.ruleId] : spec.ruleId;
    if (!rules.includes(m.ruleId)) return `term ${m.id} under ${m.ruleId}`;
    if (seen.has(m.id)) return `term ${m.id} twice`;
    seen.add(m.id);
    if (spec.values && !m.overridden && !spec.values.includes(m.value)) return `term ${m.id} ${m.value}`;
  }
  return null;
}

/**
 * Trust review 1.1: why a player's Star Wars d20 card carries a to-hit term the engine did not write (a localization
 * key for the card), or null. A target whose numbers the card keeps off (`secret`) shows none to check.
 */
export function termsForged(card: StoredCard): string | null {
  const problem =
    card.targets.map((t) => (t.secret ? null : listProblem(t.modifiers))).find((p) => p) ??
    (card.steps ?? []).map((s) => listProblem(s.extras)).find((p) => p) ??
    null;
  return problem ? "FT.Card.termForged" : null;
}

/** SW-21: does the card declare a charge — a to-hit term `charge` or under SW-21, overridden or not? */
export function declaresCharge(card: StoredCard): boolean {
  const isCharge = (m: { id: string; ruleId: string }) => m.id === "charge" || m.ruleId === "SW-21";
  return (
    card.targets.some((t) => t.modifiers.some(isCharge)) ||
    (card.steps ?? []).some((s) => s.extras.some(isCharge))
  );
}
