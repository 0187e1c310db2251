/**
 * Field specs the attack card and its parts share: a labelled term (`Modifier`) and a target's row, the target built
 * from its own fields and the parts registered on targets (`parts/registry.ts`).
 *
 * Presence (see `spec.ts`): a field a card has always carried since version 1 is plain; a field some cards lack is
 * `optional` and stays absent when absent, so cleaning adds nothing to a stored card — the seal of a card is a digest
 * of its data (`card-seal.ts`), and a key filled in on load would read as a change.
 */
import type { FieldSpec } from "../spec.js";
import { array, bool, nullable, num, optional, record, schema, str } from "../spec.js";
import type { CardTarget } from "./attack-card.js";
import { partFields } from "./parts/registry.js";

/** A labelled term of a check (rules/core/types.ts `Modifier`). */
export const MODIFIER = schema({
  id: str(),
  label: str(),
  value: num(0),
  ruleId: str(),
  overridden: optional(bool()),
});

/** A number that may be null, absent on cards that lack it. */
export const optNum = () => optional(num(null, { nullable: true }));
/** A text that may be null, absent on cards that lack it. */
export const optStr = () => optional(nullable(str()));

/** A target's row without its name and id (a grenade's `aimed` block is one). */
export const TARGET_ROW = {
  distance: optNum(),
  band: optStr(),
  cover: optional(str()),
  coverReason: optional(nullable(schema({ key: str(), data: record(num(0)) }))),
  modifiers: optional(array(MODIFIER)),
  chance: optional(num(0)),
  column: optNum(),
  problem: optStr(),
  secret: optional(bool()),
} as const;

/** A target's fields (its own and its parts'); every key of `CardTarget` (checked at compile time below). */
export function targetFields(): Record<string, FieldSpec> {
  return { id: str(), name: optional(str()), ...TARGET_ROW, ...partFields("target") };
}

/** The keys of a target the parts give (`d20`); the others are {@link TARGET_ROW} and the id and name. */
type TargetPartKeys = "d20";
// Compile-time check: every key `CardTarget` declares is a field here (or a part's), so none is dropped by cleaning.
const _targetKeys: Record<Exclude<keyof CardTarget, TargetPartKeys | "id" | "name">, unknown> = TARGET_ROW;
void _targetKeys;
